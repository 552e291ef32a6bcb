"""The text half of the one rendering policy for untrusted text (ui/untrusted.py is
the rest: labels, tooltips, Markdown, links). It is here, with no Qt, because every
layer words sentences around other people's names: the presenter's status lines, the
limit flags naming a tool, the exported chat's title line.

- `visible`: characters that hide or reorder text are shown as marks like ⟨U+202E⟩.
- `in_sentence`: a name put into one of the app's sentences, made visible and, when it
  holds right-to-left letters, isolated (FSI … PDI), so it cannot reorder the words
  around it: a Hebrew preset name before "(6/5)" would otherwise carry the numbers
  into its own direction.
"""

from __future__ import annotations

import functools
import re
import unicodedata

# Bidi embeddings, overrides and isolates; marks that reorder; zero-width characters
# that hide text; NUL. (ZWJ and ZWNJ stay: emoji and many scripts need them.)
HIDING = {
    **{chr(c): f"U+{c:04X}" for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A))},
    "\u200e": "U+200E", "\u200f": "U+200F", "\u061c": "U+061C",
    "\u200b": "U+200B", "\u2060": "U+2060", "\ufeff": "U+FEFF", "\u00ad": "U+00AD",
    "\x00": "NUL",
}
FIRST_STRONG_ISOLATE, POP_ISOLATE = "\u2068", "\u2069"
_RIGHT_TO_LEFT = {"R", "AL", "AN"}


@functools.cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """(a hiding character, an isolate made by `in_sentence`), compiled when first
    needed: 1 ms that the window's first frame, whose words are ASCII, goes without.
    What `in_sentence` makes is an isolate around text with nothing hiding in it. It is
    kept as it is when a sentence holding it is made visible again (the status bar and
    the alert make whole messages visible), and it can do nothing but keep its inside
    from mixing with its outside, whoever wrote it."""
    hiding_class = "".join(re.escape(c) for c in HIDING)
    return re.compile(f"[{hiding_class}]"), re.compile(f"{FIRST_STRONG_ISOLATE}[^{hiding_class}]*{POP_ISOLATE}")


def visible(text: str) -> str:
    """Text with every hiding character replaced by a visible mark like ⟨U+202E⟩
    (a name isolated by `in_sentence` stays isolated)."""
    if text.isascii() and "\x00" not in text:
        return text  # (all the hiding characters but NUL are beyond ASCII)
    hiding, isolated = _patterns()
    if not hiding.search(text):
        return text
    parts, last = [], 0
    for match in isolated.finditer(text):
        parts.append(_marked(text[last : match.start()]))
        parts.append(match.group())
        last = match.end()
    parts.append(_marked(text[last:]))
    return "".join(parts)


def _marked(text: str) -> str:
    return _patterns()[0].sub(lambda m: f"⟨{HIDING[m.group()]}⟩", text)


def in_sentence(name: str) -> str:
    """A name (project, chat, preset, tool, configuration, group…) to put into one of
    the app's sentences: visible, and isolated when it has right-to-left letters (a
    left-to-right name cannot reorder a left-to-right sentence once nothing in it hides)."""
    shown = visible(name)
    if any(unicodedata.bidirectional(char) in _RIGHT_TO_LEFT for char in shown):
        return f"{FIRST_STRONG_ISOLATE}{shown}{POP_ISOLATE}"
    return shown
