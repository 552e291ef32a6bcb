"""Which language the app speaks, and teaching it to Qt.

The choice: `--lang` for one run, else View → Language (saved), else the system's
(`LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`, as gettext reads them; then Qt's idea of
the system's languages, for Windows and macOS). The app's words come from
`translations/gns3_copilot_desktop_<lang>.qm`, compiled by `pyside6-lrelease` from
resources/i18n/*.ts (`bash packaging/i18n`); Qt's own (the OK and Cancel of standard
buttons, a text box's Copy and Paste) from Qt's `qtbase_<lang>.qm`. Numbers follow the
language chosen, through QLocale.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

from ..protocol import translation

SYSTEM = "system"
# Each language named in itself, as a person looks for it in a menu.
LANGUAGES = {"en": "English", "zh_CN": "简体中文"}
TRANSLATIONS = Path(__file__).resolve().parent.parent / "translations"
_CHINESE_TRADITIONAL = ("zh_TW", "zh_HK", "zh_MO", "zh_Hant")


def menu_label(code: str) -> str:
    """How View → Language lists a language: named in itself, with a letter to pick it
    by (Alt+V, G, then it): its first letter where it is written in Latin letters, else
    its code's, after it, as Chinese menus write theirs ("简体中文(&Z)")."""
    name = LANGUAGES[code]
    if name[:1].isascii() and name[:1].isalpha():
        return "&" + name
    return f"{name}(&{code[0].upper()})"


def _supported(tag: str) -> str | None:
    """`zh_CN.UTF-8`, `zh-Hans-CN`, `en_GB@euro` … → a language this app has, or None."""
    tag = tag.split(".")[0].split("@")[0].replace("-", "_")
    if tag.startswith("zh"):
        return None if tag.startswith(_CHINESE_TRADITIONAL) else "zh_CN"
    if tag == "en" or tag.startswith("en_"):
        return "en"
    return None


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The system's language among this app's, English when it has none of them."""
    environ = os.environ if environ is None else environ
    locale = next((environ[v] for v in ("LC_ALL", "LC_MESSAGES", "LANG") if environ.get(v)), "")
    if locale in ("C", "POSIX") or locale.startswith("C."):
        return "en"  # gettext ignores LANGUAGE under the C locale, and so do we
    tags = [*filter(None, environ.get("LANGUAGE", "").split(":")), locale] if locale else []
    if not tags:
        tags = list(QLocale.system().uiLanguages())
    for tag in tags:
        found = _supported(tag)
        if found:
            return found
    return "en"


def chosen_language(from_command_line: str | None, saved: str, environ: Mapping[str, str] | None = None) -> str:
    """The language of this run: --lang, else the saved choice, else the system's
    (`--lang system` asks for the system's, whatever was saved)."""
    if from_command_line == SYSTEM:
        return system_language(environ)
    for choice in (from_command_line, saved):
        if choice in LANGUAGES:
            return choice
    return system_language(environ)


def catalogue(lang: str) -> Path:
    return TRANSLATIONS / f"gns3_copilot_desktop_{lang}.qm"


class Language:
    """The translators of one language, installed in the running application."""

    def __init__(self) -> None:
        self.code = "en"  # in effect
        self.requested = "en"  # asked for (differs when its catalogue is missing)
        self._translators: list[QTranslator] = []
        self.problem: str | None = None

    def install(self, lang: str) -> str:
        """Speak `lang` from now on; returns the language in effect (English when the
        translation is missing, with `problem` saying so)."""
        self.requested = lang
        app = QCoreApplication.instance()
        for old in self._translators:
            app.removeTranslator(old)
        self._translators.clear()
        self.problem = None
        if lang != "en":
            ours = QTranslator()
            if not ours.load(str(catalogue(lang))):
                self.problem = (
                    f"The {LANGUAGES.get(lang, lang)} translation is not in this install "
                    f"({catalogue(lang)} is missing): showing English. "
                    "In a source checkout, `bash packaging/i18n release` builds it."
                )
                print(self.problem, file=sys.stderr)
                lang = "en"
            else:
                qt = QTranslator()
                if qt.load(f"qtbase_{lang}", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
                    self._translators.append(qt)
                self._translators.append(ours)
        for translator in self._translators:
            app.installTranslator(translator)
        self.code = lang
        locale = _locale_for(lang)
        QLocale.setDefault(locale)
        if lang == "en":
            translation.install(None, lambda value, decimals: _format(locale, value, decimals))
        else:
            translation.install(QCoreApplication.translate, lambda value, decimals: _format(locale, value, decimals))
        return lang


def _locale_for(lang: str) -> QLocale:
    """Numbers as the language writes them; an English user keeps their own English."""
    if lang == "en":
        system = QLocale.system()
        return system if system.language() == QLocale.Language.English else QLocale("en_US")
    return QLocale(lang)


def _format(locale: QLocale, value: float, decimals: int) -> str:
    if decimals == 0 and float(value).is_integer():
        return locale.toString(int(value))
    return locale.toString(float(value), "f", decimals)


# The application's one language at a time (a QApplication has one set of translators).
current = Language()
