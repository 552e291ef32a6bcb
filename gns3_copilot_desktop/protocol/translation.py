"""The app's own words in the user's language: one way to ask for them, from any layer.

Every user-visible string the app makes is written `translate("Context", "English text")`,
with `{name}` fields filled by `.format()` after translation (never an f-string: the
translator must see the whole sentence, and `pyside6-lupdate` reads only literals). Words
kept in a table are marked `QT_TRANSLATE_NOOP("Context", "text")` where they are defined
and translated where they are shown. `bash packaging/i18n update` collects both kinds
into resources/i18n/*.ts.

Protocol and client know no Qt, so the UI installs Qt's translator and locale here at
start-up (ui/language.py); until it does, or for a language without a translation, the
words stay English. Controller text never passes through here: it stays as the
controller wrote it.
"""

from __future__ import annotations

import re
from collections.abc import Callable

_translate: Callable[[str, str], str] | None = None
_number: Callable[[float, int], str] | None = None


def translate(context: str, text: str) -> str:
    """`text` in the user's language (English when there is no translation)."""
    return text if _translate is None else _translate(context, text)


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # noqa: N802 - the name lupdate looks for
    """Marks `text` for translation where it is defined; `translate()` it where shown."""
    return text


def number(value: float, decimals: int = 0) -> str:
    """A number as the user's locale writes it (1,234.5 / 1 234,5 …)."""
    if _number is not None:
        return _number(value, decimals)
    return f"{value:,.{decimals}f}"


def install(translate_fn: Callable[[str, str], str] | None, number_fn: Callable[[float, int], str] | None) -> None:
    """The UI's translator and number format (None: back to English and Python's format)."""
    global _translate, _number
    _translate, _number = translate_fn, number_fn


# A sentence's own end, at the end of a quoted text (an error's, a library's).
_ENDS = (".", "。", "．")
_AFTER = set(".)。）;；:：,，")
_FIELD = re.compile(r"\{(\w+)\}")


def sentence(template: str, **fields: object) -> str:
    """`template.format(**fields)` for the app's sentences around a quoted text (an
    error's, a library's, the controller's): a text that ends with its own period put
    where the app's sentence has punctuation next ("... ({reason})." around "Prompt
    dismissed.") loses that period, so the sentence does not read "dismissed.)." —
    the one place where the app words a sentence around someone else's text."""
    for match in _FIELD.finditer(template):
        name, next_char = match.group(1), template[match.end():match.end() + 1]
        value = fields.get(name)
        if next_char in _AFTER and next_char and isinstance(value, (str, Exception)):
            text = str(value).rstrip()
            while text.endswith(_ENDS) and not text.endswith("..."):
                text = text[:-1].rstrip()
            fields[name] = text
    return template.format(**fields)
