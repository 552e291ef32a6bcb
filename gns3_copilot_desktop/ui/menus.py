"""The menu bar: File (sign in and out, another controller, quit), View (theme, text
size, side panels), Help (keyboard shortcuts, About). What the user picks here persists
in the settings file."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QActionGroup, QFont, QKeySequence
from PySide6.QtWidgets import QApplication, QMessageBox

from . import theme

if TYPE_CHECKING:
    from .main_window import MainWindow

SHORTCUTS = [
    ("Enter", "send the message"),
    ("Shift+Enter", "new line in the message"),
    ("Esc", "stop the Copilot (anywhere in the window)"),
    ("Tab / Shift+Tab", "move between controls"),
    ("Enter or Space", "open the chat chosen in the list; press a focused button"),
    ("Ctrl+N", "new chat"),
    ("Ctrl+F", "find in the open chat (Enter / Shift+Enter: next / previous, Esc: close)"),
    ("Ctrl++ / Ctrl+- / Ctrl+0", "larger / smaller / normal text"),
    ("Ctrl+Shift+B", "show or hide the side panels"),
    ("Ctrl+Q", "quit"),
]
TEXT_SIZE_RANGE = (-4, 12)


class Menus:
    def __init__(self, window: MainWindow):
        self.window = window
        self.settings = window.presenter.settings
        self._base_point_size = QApplication.font().pointSizeF()
        bar = window.menuBar()

        self.file = bar.addMenu("&File")
        self.sign_in = self.file.addAction("&Sign in…", window.ask_sign_in)
        self.connect_other = self.file.addAction("&Connect to another controller…", window.connect_to_another)
        self.sign_out = self.file.addAction("Sign &out", window.sign_out)
        self.file.addSeparator()
        # Export chat (issue 14) goes here: insert its actions before this separator with
        # `self.file.insertAction(menus.export_place, action)`.
        self.export_place = self.file.addSeparator()
        self.quit = self.file.addAction("&Quit", window.close)
        self.quit.setShortcut(QKeySequence(QKeySequence.StandardKey.Quit))

        self.view = bar.addMenu("&View")
        themes = self.view.addMenu("&Theme")
        group = QActionGroup(themes)
        self.themes: dict[str, QAction] = {}
        for name, label in (("system", "&System"), ("light", "&Light"), ("dark", "&Dark")):
            action = themes.addAction(label, lambda _checked=False, name=name: self.set_theme(name))
            action.setCheckable(True)
            group.addAction(action)
            self.themes[name] = action
        self.view.addSeparator()
        self.larger = self.view.addAction("&Larger text", lambda: self.set_text_size(self.settings.text_size + 1))
        self.larger.setShortcuts([QKeySequence("Ctrl++"), QKeySequence("Ctrl+=")])
        self.smaller = self.view.addAction("S&maller text", lambda: self.set_text_size(self.settings.text_size - 1))
        self.smaller.setShortcut(QKeySequence("Ctrl+-"))
        self.normal = self.view.addAction("&Normal text size", lambda: self.set_text_size(0))
        self.normal.setShortcut(QKeySequence("Ctrl+0"))
        self.view.addSeparator()
        self.panels = self.view.addAction("Side &panels", self.set_side_panels)
        self.panels.setCheckable(True)
        self.panels.setShortcut(QKeySequence("Ctrl+Shift+B"))

        self.help = bar.addMenu("&Help")
        self.help.addAction("&Keyboard shortcuts", self.show_shortcuts)
        self.help.addAction("&About GNS3 Copilot Desktop", self.show_about)

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

    def _update_file(self) -> None:
        signed_in = self.window.presenter.client is not None
        self.sign_out.setEnabled(signed_in)

    # -- View ------------------------------------------------------------------------

    def set_theme(self, name: str) -> None:
        self.settings.theme = name
        self.settings.save()
        self.themes[name].setChecked(True)
        self._apply_theme(name)

    def _apply_theme(self, name: str) -> None:
        theme.apply_theme(QApplication.instance(), name, style=False)
        self.window.theme_changed()

    def set_text_size(self, size: int) -> None:
        size = max(TEXT_SIZE_RANGE[0], min(TEXT_SIZE_RANGE[1], size))
        self.settings.text_size = size
        self.settings.save()
        self._apply_text_size(size)

    def _apply_text_size(self, size: int) -> None:
        font = QFont(QApplication.font())
        font.setPointSizeF(max(6.0, self._base_point_size + size))
        self.window.setFont(font)
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
        rows = "".join(f"<tr><td><b>{keys}</b></td><td>&nbsp;&nbsp;{what}</td></tr>" for keys, what in SHORTCUTS)
        return self._box("Keyboard shortcuts", f"<table>{rows}</table>")

    def show_about(self) -> QMessageBox:
        from PySide6 import __version__ as pyside_version
        from PySide6.QtCore import qVersion

        from .. import __version__

        from html import escape

        caps = self.window.presenter.capabilities
        controller = (  # the controller's words: text, never markup
            escape(f"GNS3 {caps.version} at {self.window.presenter.url}") if caps is not None else "not connected"
        )
        text = (
            f"<b>GNS3 Copilot Desktop {__version__}</b><br><br>"
            f"Qt {qVersion()} · PySide6 {pyside_version}<br>"
            f"Controller: {controller}"
        )
        return self._box("About GNS3 Copilot Desktop", text)

    def _box(self, title: str, text: str) -> QMessageBox:
        from PySide6.QtCore import Qt

        box = QMessageBox(QMessageBox.Icon.NoIcon, title, text, QMessageBox.StandardButton.Close, self.window)
        box.setTextFormat(Qt.TextFormat.RichText)
        box.open()
        self.dialog = box
        return box
