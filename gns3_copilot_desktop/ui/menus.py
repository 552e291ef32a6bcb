"""The menu bar: File (sign in and out, another controller, quit), View (theme, language,
text size, side panels), Help (keyboard shortcuts, About). What the user picks here
persists in the settings file."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QApplication, QMessageBox

from ..protocol.translation import QT_TRANSLATE_NOOP, translate
from ..store.view_settings import TEXT_SIZE_RANGE
from . import theme
from .theme import apply_text_size
from .language import LANGUAGES, SYSTEM, current, menu_label, system_language

if TYPE_CHECKING:
    from .main_window import MainWindow

SHORTCUTS = [  # key names as printed on keyboards; what they do, translated when shown
    ("Enter", QT_TRANSLATE_NOOP("Menus", "send the message")),
    ("Shift+Enter", QT_TRANSLATE_NOOP("Menus", "new line in the message")),
    ("Esc", QT_TRANSLATE_NOOP("Menus", "stop the Copilot (anywhere in the window); else close Find")),
    ("Tab / Shift+Tab", QT_TRANSLATE_NOOP("Menus", "move between controls")),
    ("Alt", QT_TRANSLATE_NOOP("Menus", "with a menu's underlined letter: open that menu; then an item's underlined letter picks it")),
    ("PgUp / PgDn / Home / End",
     QT_TRANSLATE_NOOP("Menus", "move through the conversation (also after a click in an answer)")),
    ("Enter / Space", QT_TRANSLATE_NOOP("Menus", "open the chat chosen in the list; press a focused button")),
    ("Shift+F10 / Menu", QT_TRANSLATE_NOOP("Menus", "the menu of the chat chosen in the list (rename, pin, delete)")),
    ("F2", QT_TRANSLATE_NOOP("Menus", "rename the chat chosen in the list")),
    ("Delete", QT_TRANSLATE_NOOP("Menus", "delete the chat chosen in the list (asks first)")),
    ("Ctrl+N", QT_TRANSLATE_NOOP("Menus", "new chat")),
    ("Ctrl+F", QT_TRANSLATE_NOOP("Menus", "find in the open chat (Enter or F3 / Shift+Enter or Shift+F3: next / previous, Esc: close)")),
    ("Ctrl++ / Ctrl+- / Ctrl+0", QT_TRANSLATE_NOOP("Menus", "larger / smaller / normal text")),
    ("Ctrl+Shift+B", QT_TRANSLATE_NOOP("Menus", "show or hide the side panels")),
    ("Ctrl+Q", QT_TRANSLATE_NOOP("Menus", "quit")),
]
class Menus:
    def __init__(self, window: MainWindow):
        self.window = window
        self.settings = window.presenter.settings
        titles = window.menu_titles  # on the bar since the first frame

        self.file = titles.file
        self.sign_in = self.file.addAction(translate("Menus", "&Sign in…"), window.ask_sign_in)
        self.connect_other = self.file.addAction(translate("Menus", "&Connect to another controller…"), window.connect_to_another)
        self.sign_out = self.file.addAction(translate("Menus", "Sign &out"), window.sign_out)
        self.file.addSeparator()
        # Export chat (issue 14) goes here: insert its actions before this separator with
        # `self.file.insertAction(menus.export_place, action)`.
        self.export_place = self.file.addSeparator()
        self.quit = self.file.addAction(translate("Menus", "&Quit"), window.close)
        self.quit.setShortcut(QKeySequence(QKeySequence.StandardKey.Quit))

        self.view = titles.view
        themes = self.view.addMenu(translate("Menus", "&Theme"))
        group = QActionGroup(themes)
        self.themes: dict[str, QAction] = {}
        for name, label in (
            ("system", translate("Menus", "&System")), ("light", translate("Menus", "&Light")), ("dark", translate("Menus", "&Dark")),
        ):
            action = themes.addAction(label, lambda _checked=False, name=name: self.set_theme(name))
            action.setCheckable(True)
            group.addAction(action)
            self.themes[name] = action
        self._add_languages()
        self.view.addSeparator()
        self.larger = self.view.addAction(translate("Menus", "&Larger text"), lambda: self.set_text_size(self.settings.text_size + 1))
        self.larger.setShortcuts([QKeySequence("Ctrl++"), QKeySequence("Ctrl+=")])
        self.smaller = self.view.addAction(translate("Menus", "S&maller text"), lambda: self.set_text_size(self.settings.text_size - 1))
        self.smaller.setShortcut(QKeySequence("Ctrl+-"))
        self.normal = self.view.addAction(translate("Menus", "&Normal text size"), lambda: self.set_text_size(0))
        self.normal.setShortcut(QKeySequence("Ctrl+0"))
        self.view.addSeparator()
        self.panels = self.view.addAction(translate("Menus", "Side &panels"), self.set_side_panels)
        self.panels.setCheckable(True)
        self.panels.setShortcut(QKeySequence("Ctrl+Shift+B"))

        self.help = titles.help
        self.help.addAction(translate("Menus", "&Keyboard shortcuts"), self.show_shortcuts)
        self.help.addAction(translate("Menus", "&About GNS3 Copilot Desktop"), self.show_about)

        self.file.aboutToShow.connect(self._update_file)
        self._update_file()
        # What was chosen last time (a --theme on the command line wins for this run).
        chosen = window.theme_from_command_line or self.settings.theme
        self.themes[chosen].setChecked(True)
        self._apply_theme(chosen)
        self._apply_text_size(self.settings.text_size)
        self.panels.setChecked(self.settings.side_panels)
        window.show_side_panels(self.settings.side_panels)
        self.dialog: QMessageBox | None = None  # the Help box showing, for tests
        if current.problem:  # the chosen language's catalogue is missing: say so, not only on stderr
            window.statusBar().showMessage(current.problem, 30000)

    def _update_file(self) -> None:
        signed_in = self.window.presenter.client is not None
        self.sign_out.setEnabled(signed_in)
        # "Sign in…" while the header offers it (signed out, or the controller wants the
        # password again); signed in, another account or controller is "Connect to
        # another controller…": the same dialog, prefilled, was two names for one thing.
        self.sign_in.setEnabled(not self.window.sign_in_button.isHidden())

    # -- View ------------------------------------------------------------------------

    def set_theme(self, name: str) -> None:
        self.settings.theme = name
        self.settings.save()
        self.themes[name].setChecked(True)
        self._apply_theme(name)

    def _apply_theme(self, name: str) -> None:
        theme.apply_theme(QApplication.instance(), name, style=False)
        self.window.theme_changed()

    def _add_languages(self) -> None:
        """View → Language: the system's, then each language named in itself."""
        menu = self.view.addMenu(translate("Menus", "Lan&guage"))
        group = QActionGroup(menu)
        self.languages: dict[str, QAction] = {}
        system = translate("Menus", "&System ({language})").format(language=LANGUAGES[system_language()])
        for code, label in ((SYSTEM, system), *((code, menu_label(code)) for code in LANGUAGES)):
            action = menu.addAction(label, lambda _checked=False, code=code: self.set_language(code))
            action.setCheckable(True)
            group.addAction(action)
            self.languages[code] = action
        saved = self.settings.language if self.settings.language in self.languages else SYSTEM
        self.languages[self.window.language_from_command_line or saved].setChecked(True)

    def set_language(self, code: str) -> QMessageBox | None:
        """Save the choice; the window's words are made once, so a new language needs a
        restart: offer one, saying what it would stop. None when nothing changes."""
        self.settings.language = code
        problem = self.settings.save()
        self.languages[code].setChecked(True)
        wanted = system_language() if code == SYSTEM else code
        if wanted == current.requested:
            return None
        lines = [translate("Menus", "The app will speak {language} when it starts again.").format(language=LANGUAGES[wanted])]
        if problem:  # the restart is told the language itself (--lang), this once
            lines.append(translate("Menus", "The choice could not be saved, so it holds for the next start only: {problem}").format(problem=problem))
        if self.window.busy_with_unsaved():
            lines.append(translate("Menus", "Restarting now stops the Copilot's answer in progress and loses the message you are typing."))
        presenter = self.window.presenter
        if presenter is not None and presenter.sign_in_lasts_one_run():
            lines.append(translate("Menus", "You signed in without “remember me”: you will be asked for your password again."))
        box = QMessageBox(QMessageBox.Icon.Question, translate("Menus", "Language"), "\n\n".join(lines), QMessageBox.StandardButton.NoButton, self.window)
        now = box.addButton(translate("Menus", "Restart now"), QMessageBox.ButtonRole.AcceptRole)
        box.addButton(translate("Menus", "Later"), QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(now)

        def chosen(button) -> None:
            if button is now:
                self.window.restart_wanted = True
                self.window.restart_language = wanted if problem else None
                self.window.close()

        box.buttonClicked.connect(chosen)
        box.open()
        self.dialog = box
        return box

    def set_text_size(self, size: int) -> None:
        size = max(TEXT_SIZE_RANGE[0], min(TEXT_SIZE_RANGE[1], size))
        self.settings.text_size = size
        self.settings.save()
        self._apply_text_size(size)

    def _apply_text_size(self, size: int) -> None:
        apply_text_size(size)
        self.larger.setEnabled(size < TEXT_SIZE_RANGE[1])
        self.smaller.setEnabled(size > TEXT_SIZE_RANGE[0])

    def set_side_panels(self, shown: bool | None = None) -> None:
        shown = self.panels.isChecked() if shown is None else shown
        self.panels.setChecked(shown)
        self.settings.side_panels = shown
        self.settings.save()
        self.window.show_side_panels(shown)

    # -- Help ------------------------------------------------------------------------

    def show_shortcuts(self) -> QMessageBox:
        # The gap between the columns is the cell's padding, not spaces before the words:
        # a description that wraps went on under the keys' column, not under itself.
        rows = "".join(
            f"<tr><td style='padding-right: 12px'><b>{keys}</b></td><td>{translate('Menus', what)}</td></tr>"
            for keys, what in SHORTCUTS
        )
        return self._box(translate("Menus", "Keyboard shortcuts"), f"<table cellspacing='2'>{rows}</table>")

    def show_about(self) -> QMessageBox:
        from PySide6 import __version__ as pyside_version
        from PySide6.QtCore import qVersion

        from .. import __version__

        from html import escape

        from .untrusted import escaped

        caps = self.window.presenter.capabilities
        controller = (  # the controller's words: text, never markup
            escape(translate("Menus", "GNS3 {version} at {url}")).format(
                version=escaped(caps.version), url=escaped(self.window.presenter.url))
            if caps is not None else escape(translate("Menus", "not connected"))
        )
        text = (
            f"<b>GNS3 Copilot Desktop {__version__}</b><br><br>"
            f"Qt {qVersion()} · PySide6 {pyside_version}<br>"
            + escape(translate("Menus", "Controller: {controller}")).format(controller=controller)
        )
        return self._box(translate("Menus", "About GNS3 Copilot Desktop"), text)

    def _box(self, title: str, text: str) -> QMessageBox:
        from PySide6.QtCore import Qt

        box = QMessageBox(QMessageBox.Icon.NoIcon, title, text, QMessageBox.StandardButton.Close, self.window)
        box.setTextFormat(Qt.TextFormat.RichText)
        box.open()
        self.dialog = box
        return box
