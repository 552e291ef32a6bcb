"""The companion's entry points: a "Copilot" menu (LLM settings, the Copilot mode) and
File-menu items, added to whatever menu bar the window has, and the screens they open.
The window calls `install` once its presenter is attached."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QMenu, QMenuBar, QMessageBox

if TYPE_CHECKING:
    from ..presenter import Presenter
    from .main_window import MainWindow


def menu_named(bar: QMenuBar, title: str, *, before: QMenu | None = None) -> QMenu:
    """The bar's menu with this title (ignoring the & of its shortcut), made if missing."""
    for action in bar.actions():
        menu = action.menu()
        if menu is not None and action.text().replace("&", "") == title.replace("&", ""):
            return menu
    menu = QMenu(title, bar)
    if before is not None:
        bar.insertMenu(before.menuAction(), menu)
    else:
        bar.addMenu(menu)
    return menu


class Companion(QObject):
    """Owns the companion's dialogs and connects them to the presenter."""

    def __init__(self, window: MainWindow, presenter: Presenter):
        super().__init__(window)
        self.window, self.presenter = window, presenter
        self._llm_dialog = None
        bar = window.menuBar()
        self.copilot_menu = menu_named(bar, "&Copilot")
        self.llm_action = self.copilot_menu.addAction("LLM settings…", self.open_llm_settings)
        presenter.llm_setup_needed.connect(self.offer_llm_settings)
        presenter.signed_out.connect(self._close_dialogs)

    # -- LLM settings ---------------------------------------------------------------

    @property
    def llm_dialog(self):
        if self._llm_dialog is None:
            from .llm_configs_dialog import LLMConfigsDialog

            dialog = LLMConfigsDialog(self.window)
            p, spawn = self.presenter, self.presenter.spawn
            dialog.save_requested.connect(lambda original, draft: spawn(p.save_llm_config(original, draft)))
            dialog.delete_requested.connect(lambda config_id: spawn(p.delete_llm_config(config_id)))
            dialog.default_requested.connect(lambda config_id: spawn(p.set_default_llm_config(config_id)))
            p.llm_configs_changed.connect(dialog.set_configs)
            p.llm_configs_failed.connect(lambda text: dialog.show_message(text, error=True))
            p.llm_config_conflict.connect(lambda text: dialog.show_message(text, error=True))
            p.llm_config_saved.connect(lambda config_id, text: self._saved(config_id, text))
            self._llm_dialog = dialog
        return self._llm_dialog

    def open_llm_settings(self) -> None:
        if self.presenter.client is None:
            self.window.show_alert("Sign in first: the LLM settings are kept on the controller.")
            return
        dialog = self.llm_dialog
        dialog.open()
        dialog.raise_()
        self.presenter.spawn(self.presenter.refresh_llm_configs())

    def _saved(self, config_id: str, text: str) -> None:
        configs = self.presenter.llm_configs
        if configs is not None:
            self.llm_dialog.set_configs(configs, select=config_id)
        self.llm_dialog.show_message(text)

    def offer_llm_settings(self, why: str):
        """A chat failed for lack of an LLM: say so, and offer the screen that fixes it."""
        box = QMessageBox(QMessageBox.Icon.Information, "No LLM set up", "", QMessageBox.StandardButton.NoButton, self.window)
        box.setTextFormat(Qt.TextFormat.PlainText)  # the controller's words
        box.setText(f"{why}\n\nThe Copilot needs a language model before it can answer. Set one up now?")
        box.open_button = box.addButton("Open LLM settings", QMessageBox.ButtonRole.AcceptRole)
        box.addButton("Not now", QMessageBox.ButtonRole.RejectRole)
        box.finished.connect(lambda _r: self.open_llm_settings() if box.clickedButton() is box.open_button else None)
        box.open()
        self.offer_box = box
        return box

    def _close_dialogs(self) -> None:
        if self._llm_dialog is not None:
            self._llm_dialog.close()


def install(window: MainWindow, presenter: Presenter) -> Companion:
    return Companion(window, presenter)
