"""The companion's entry points: a "Copilot" menu (LLM settings, the Copilot mode) and
File-menu items, added to whatever menu bar the window has, and the screens they open.
The window calls `install` once its presenter is attached."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QMenuBar, QMessageBox

from ..protocol.translation import QT_TRANSLATE_NOOP, translate
from . import untrusted

if TYPE_CHECKING:
    from ..presenter import Presenter
    from .main_window import MainWindow

log = logging.getLogger(__name__)


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
        menus = getattr(window, "menus", None)  # the window's File/View/Help, when it has them
        self.copilot_menu = menu_named(bar, translate("CompanionMenu", "&Copilot"), before=getattr(menus, "help", None))
        self.llm_action = self.copilot_menu.addAction(translate("CompanionMenu", "&LLM settings…"), self.open_llm_settings)
        presenter.llm_setup_needed.connect(self.offer_llm_settings)
        presenter.signed_out.connect(self._close_dialogs)
        self._add_chat_header()
        self._add_session_filter()
        self._add_search()
        # The window's own File menu when it has one (its title is in the user's language).
        self.file_menu = getattr(menus, "file", None)
        if self.file_menu is None:
            self.file_menu = menu_named(bar, translate("CompanionMenu", "&File"), before=self.copilot_menu)
        self.export_action = QAction(translate("CompanionMenu", "&Export chat…"), self.file_menu)
        self.export_action.triggered.connect(lambda: self.ask_export())
        self.open_export_action = QAction(translate("CompanionMenu", "Open e&xported chat…"), self.file_menu)
        self.open_export_action.triggered.connect(lambda: self.ask_open_exported())
        place = getattr(menus, "export_place", None)  # where the window's File menu wants them
        for action in (self.export_action, self.open_export_action):
            if place is not None:
                self.file_menu.insertAction(place, action)
            else:
                self.file_menu.addAction(action)
        self.exported_windows: list = []
        self.practice_action = self.copilot_menu.addAction(translate("CompanionMenu", "Troubleshooting &practice…"), self.open_practice)
        self._practice_dialog = None
        self.reveal_box = None
        presenter.practice_reveal_asked.connect(self.ask_reveal)
        self.copilot_menu.addSeparator()
        self.follow_action = self.copilot_menu.addAction(translate("CompanionMenu", "&Follow the GNS3 GUI's project"))
        self.follow_action.setCheckable(True)
        self.follow_action.setToolTip(translate("CompanionMenu", "Switch to the project the GNS3 GUI opened last"))
        self.follow_action.toggled.connect(self._toggle_follow)
        presenter.following_gui_changed.connect(self._show_following)
        presenter.sign_in_needed.connect(lambda *_: self.offer_gui_controller())
        presenter.signed_in.connect(lambda *_: setattr(self, "_follow_after_sign_in", True))
        presenter.projects_changed.connect(lambda _projects: self._follow_once_signed_in())
        self._follow_after_sign_in = False
        self.gui_button = None
        self._add_gui_offer()

    # -- the chat header and the chat list's filter ---------------------------------

    def _add_chat_header(self) -> None:
        p = self.presenter
        self.header = self.window.chat_header  # in the window since its first frame
        self.header.mode_chosen.connect(lambda mode: p.spawn(p.set_copilot_mode(mode)))
        p.llm_configs_changed.connect(self.header.set_configs)
        p.capabilities_changed.connect(self._load_mode)
        p.signed_out.connect(lambda: self.header.set_configs(None))
        p.signed_out.connect(self._show_statistics)  # no chat left: its figures go too
        p.session_chosen.connect(lambda _id: self._show_statistics())
        p.sessions_changed.connect(lambda _sessions: self._show_statistics())
        p.llm_configs_changed.connect(lambda _configs: self._show_statistics())
        p.prices_changed.connect(self._show_statistics)

    def _add_search(self) -> None:
        from PySide6.QtGui import QKeySequence, QShortcut

        from .find_bar import FindBar

        p = self.presenter
        self.chat_search = self.window.sessions.search
        self.chat_search.search_requested.connect(lambda query: p.spawn(p.search_chats(query)))
        p.chat_search_results.connect(self.chat_search.show_results)
        self.chat_search.hit_chosen.connect(lambda session_id, query: p.spawn(self._open_hit(session_id, query)))
        p.project_chosen.connect(lambda _project: self.chat_search.clear())
        self.find_bar = FindBar(self.window.chat)
        layout = self.window.chat.parentWidget().layout()
        layout.insertWidget(layout.indexOf(self.window.chat), self.find_bar)
        self.find_shortcut = QShortcut(QKeySequence(QKeySequence.StandardKey.Find), self.window,
                                       activated=lambda: self.find_bar.open(p.transcript))
        p.transcript_reset.connect(lambda transcript: self.find_bar.isVisible() and self.find_bar.open(transcript))

    async def _open_hit(self, session_id: str, query: str) -> None:
        await self.presenter.open_session(session_id)
        if self.presenter.session_id == session_id:
            self.find_bar.open(self.presenter.transcript, query)

    def _load_mode(self, caps) -> None:
        if caps.copilot in ("absent", "unavailable"):
            self.header.set_configs(None)
            return
        self.presenter.spawn(self._quietly_load_configs())

    async def _quietly_load_configs(self) -> None:
        """At sign-in: the mode for the header. A controller without LLM settings just
        shows no mode (one log line), it is no error to the user."""
        from ..client import ControllerError, Unauthorized

        try:
            await self.presenter.refresh_llm_configs()
        except Unauthorized:
            raise
        except ControllerError as exc:
            log.info("no LLM settings to show the Copilot mode: %s", exc)

    def _show_statistics(self) -> None:
        p = self.presenter
        session = next((s for s in p.sessions if s.thread_id == p.session_id), None)
        self.header.set_session(session)
        self.window.limits.set_cost(p.cost_line(session))

    def _add_session_filter(self) -> None:
        p = self.presenter
        self.session_filter = self.window.sessions.filter
        self.session_filter.activated.connect(
            lambda index: p.spawn(p.filter_sessions(self.session_filter.itemData(index)))
        )

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
            dialog.price_entered.connect(p.set_price)
            dialog.set_prices(p.settings.prices)
            p.llm_configs_changed.connect(dialog.set_configs)
            p.llm_configs_failed.connect(lambda text: dialog.show_message(text, error=True))
            p.llm_config_conflict.connect(lambda text: dialog.show_message(text, error=True))
            p.llm_config_saved.connect(lambda config_id, text: self._saved(config_id, text))
            self._llm_dialog = dialog
        return self._llm_dialog

    def open_llm_settings(self) -> None:
        if self.presenter.client is None:
            self.window.show_alert(translate("CompanionMenu", "Sign in first: the LLM settings are kept on the controller."))
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
        box = untrusted.plain_message_box(  # the controller's words
            QMessageBox.Icon.Information, translate("CompanionMenu", "No LLM set up"),
            why + "\n\n" + translate("CompanionMenu", "The Copilot needs a language model before it can answer. Set one up now?"),
            QMessageBox.StandardButton.NoButton, self.window)
        box.open_button = box.addButton(translate("CompanionMenu", "Open LLM settings"), QMessageBox.ButtonRole.AcceptRole)
        box.addButton(translate("CompanionMenu", "Not now"), QMessageBox.ButtonRole.RejectRole)
        box.finished.connect(lambda _r: self.open_llm_settings() if box.clickedButton() is box.open_button else None)
        box.open()
        self.offer_box = box
        return box

    # -- troubleshooting practice ----------------------------------------------------

    @property
    def practice_dialog(self):
        if self._practice_dialog is None:
            from .practice_dialog import PracticeDialog

            p = self.presenter
            dialog = PracticeDialog(self.window)
            dialog.start_requested.connect(p.start_practice)
            dialog.stop_requested.connect(lambda: p.spawn(p.stop_practice()))
            dialog.troubleshoot_requested.connect(self._troubleshoot)
            dialog.solution_revealed.connect(p.reveal_solution)
            p.practice_changed.connect(dialog.show_progress)
            p.practice_running.connect(dialog.set_running)
            self.window.limits.limits_changed.connect(dialog.show_limits)
            p.limits_restored.connect(dialog.show_limits)
            self._practice_dialog = dialog
        return self._practice_dialog

    def open_practice(self):
        dialog = self.practice_dialog
        dialog.show_limits(self.presenter.limits)
        dialog.open()
        dialog.raise_()
        return dialog

    def ask_reveal(self, session_id: str):
        """An exercise's chat was chosen: it tells what was broken, so only on request."""
        from PySide6.QtWidgets import QMessageBox

        box = QMessageBox(
            QMessageBox.Icon.Question, translate("CompanionMenu", "Reveal the solution?"),
            translate(
                "CompanionMenu",
                "This chat is a troubleshooting exercise: it shows what the Copilot broke in the lab and how to fix it. "
                "Open it only once you have found the fault, or want the answer.",
            ),
            QMessageBox.StandardButton.Cancel, self.window,
        )
        reveal = box.addButton(translate("CompanionMenu", "Reveal solution"), QMessageBox.ButtonRole.AcceptRole)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        p = self.presenter

        def chosen(button) -> None:
            if button is reveal:
                p.reveal_solution(session_id)
                p.spawn(p.open_session(session_id))
            else:  # the list goes back to the chat on screen
                self.window.sessions.select(p.session_id)

        box.buttonClicked.connect(chosen)
        box.reveal_button = reveal
        box.open()
        self.reveal_box = box
        return box

    def _troubleshoot(self, question: str) -> None:
        """A normal chat, the question ready in the box (not sent: the user may change it)."""
        self.presenter.new_chat()
        self.window.composer.give_back(question)
        self.window.activateWindow()

    # -- the GNS3 GUI -----------------------------------------------------------------

    def offer_gui_controller(self):
        """In the sign-in dialog: "Use the GNS3 GUI's controller (user@host:port)" when
        its settings file names one; nothing when it does not."""
        dialog = self.window.sign_in_dialog
        gui = self.presenter.gui_controller_offer()
        if self.gui_button is None:
            from PySide6.QtWidgets import QPushButton

            self.gui_button = QPushButton()
            self.gui_button.clicked.connect(lambda: self.presenter.spawn(self._sign_in_with_gui()))
            dialog.layout().insertWidget(0, self.gui_button)
        if gui is not None:
            # A button's text is plain: the file's host and user cannot format anything.
            self.gui_button.setText(translate("CompanionMenu", "Use the GNS3 GUI's controller ({controller})").format(controller=untrusted.in_sentence(gui.label)))
            # A tooltip is rich text if it looks like it: the version comes from a folder's name.
            self.gui_button.setToolTip(untrusted.tooltip(translate("CompanionMenu", "Read from the settings of the GNS3 GUI {version}").format(
                version=gui.gui_version)))
        self.gui_button.setVisible(gui is not None)
        return self.gui_button

    async def _sign_in_with_gui(self) -> None:
        dialog = self.window.sign_in_dialog
        dialog.set_busy(True)
        if await self.presenter.sign_in_with_gui(dialog.remember.isChecked()):
            dialog.accept()

    def _add_gui_offer(self) -> None:
        """Following the GUI never takes the user away while they type or an answer
        streams: the project it opened is offered above the conversation instead."""
        from .gui_offer import GuiProjectOffer

        p = self.presenter
        composer = self.window.composer
        p.draft_being_typed = lambda: bool(composer.edit.toPlainText().strip())
        self.gui_offer = GuiProjectOffer()
        layout = self.window.chat.parentWidget().layout()
        layout.insertWidget(layout.indexOf(self.window.chat), self.gui_offer)
        p.gui_project_offered.connect(self.gui_offer.offer)
        self.gui_offer.open_requested.connect(lambda project_id: p.spawn(p.open_offered_project(project_id)))
        p.project_chosen.connect(lambda project: self.gui_offer.hide() if project is not None and project.project_id == self.gui_offer.project_id else None)
        p.following_gui_changed.connect(lambda on: None if on else self.gui_offer.hide())
        p.signed_out.connect(self.gui_offer.hide)

    def _toggle_follow(self, on: bool) -> None:
        if on != self.presenter.following_gui:
            self.presenter.spawn(self.presenter.follow_gui(on))

    def _show_following(self, on: bool) -> None:
        self.follow_action.blockSignals(True)
        self.follow_action.setChecked(on)
        self.follow_action.blockSignals(False)

    def _follow_once_signed_in(self) -> None:
        if self._follow_after_sign_in:
            self._follow_after_sign_in = False
            if self.presenter.following_gui:
                self.presenter.spawn(self.presenter.follow_gui_now(asked=True))

    # -- export and open again -----------------------------------------------------

    def ask_export(self, chat=None):
        """A save dialog; the format follows the file type chosen (Markdown, HTML, JSON)."""
        from PySide6.QtWidgets import QFileDialog

        title = chat.title if chat is not None else self._open_chat_title()
        name = str(self._export_folder() / (_safe_file_name(title) + ".md"))
        dialog = QFileDialog(self.window, translate("CompanionMenu", "Export chat"), name)
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        filters = export_filters()
        dialog.setNameFilters(list(filters))
        dialog.filterSelected.connect(lambda name: dialog.setDefaultSuffix(filters.get(name, "md")))
        dialog.setDefaultSuffix("md")
        _name_file_dialog_labels(dialog)
        dialog.fileSelected.connect(lambda path: self.export_to(Path(path), chat))
        dialog.fileSelected.connect(lambda path: setattr(self, "export_folder", Path(path).parent))
        dialog.open()
        self.file_dialog = dialog
        return dialog

    export_folder: Path | None = None  # where the last export went, in this run

    def _export_folder(self) -> Path:
        """Where an export goes first: the last one's folder, else the user's documents
        (never the folder the app happened to be started from)."""
        from PySide6.QtCore import QStandardPaths

        if self.export_folder is not None and self.export_folder.is_dir():
            return self.export_folder
        documents = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
        return Path(documents) if documents and Path(documents).is_dir() else Path.home()

    def export_to(self, path: Path, chat=None):
        from .answer_html import answer_html  # a web page shows the answers as the window does

        return self.presenter.spawn(self.presenter.export_chat(path, chat, answer_html))

    def ask_open_exported(self):
        from PySide6.QtWidgets import QFileDialog

        dialog = QFileDialog(self.window, translate("CompanionMenu", "Open exported chat"))
        dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
        dialog.setNameFilters([translate("CompanionMenu", "Exported chats") + " (*.json)",
                               translate("CompanionMenu", "All files") + " (*)"])
        _name_file_dialog_labels(dialog)
        dialog.fileSelected.connect(lambda path: self.open_exported(Path(path)))
        dialog.open()
        self.file_dialog = dialog
        return dialog

    def open_exported(self, path: Path):
        from .exported_chat_window import ExportedChatWindow

        chat = self.presenter.open_exported_chat(path)
        if chat is None:
            return None
        window = ExportedChatWindow(chat)
        window.export_requested.connect(self.ask_export)
        window.destroyed.connect(lambda: self.exported_windows.remove(window) if window in self.exported_windows else None)
        self.exported_windows.append(window)
        window.show()
        return window

    def _open_chat_title(self) -> str:
        p = self.presenter
        session = next((s for s in p.sessions if s.thread_id == p.session_id), None)
        return session.display_title if session else translate("CompanionMenu", "chat")

    def _close_dialogs(self) -> None:
        if self._llm_dialog is not None:
            self._llm_dialog.close()


EXPORT_FORMATS = (  # (what it is for, translated when shown; its files; the suffix it writes)
    (QT_TRANSLATE_NOOP("CompanionMenu", "Markdown, for lab reports"), "*.md", "md"),
    (QT_TRANSLATE_NOOP("CompanionMenu", "Web page, self-contained"), "*.html", "html"),
    (QT_TRANSLATE_NOOP("CompanionMenu", "JSON, opens again in this app"), "*.json", "json"),
)


def export_filters() -> dict[str, str]:
    """The save dialog's file types ("Markdown, for lab reports (*.md)") → their suffix."""
    return {f"{translate('CompanionMenu', what)} ({pattern})": suffix for what, pattern, suffix in EXPORT_FORMATS}


def _name_file_dialog_labels(dialog) -> None:
    """Qt's own Chinese leaves two of its file dialog's labels in English: say them here."""
    from PySide6.QtWidgets import QFileDialog

    dialog.setLabelText(QFileDialog.DialogLabel.LookIn, translate("CompanionMenu", "&Look in:"))
    dialog.setLabelText(QFileDialog.DialogLabel.FileType, translate("CompanionMenu", "Files of &type:"))


def _safe_file_name(title: str) -> str:
    """A title as a file name: no path separators or control characters, not too long."""
    name = "".join(c if c.isalnum() or c in " -_." else "_" for c in title).strip(" ._")
    return name[:60] or "chat"


def install(window: MainWindow, presenter: Presenter) -> Companion:
    return Companion(window, presenter)
