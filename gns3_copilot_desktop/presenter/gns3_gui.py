"""Working beside the GNS3 GUI: sign in to the controller it uses, and follow the project
it opened last (its settings file's `recent_projects`, and the controller's
`project.opened` notifications)."""

from __future__ import annotations

import logging

from PySide6.QtCore import QFileSystemWatcher, Signal

from ..protocol.translation import translate
from ..protocol.untrusted_text import in_sentence
from ..store.gns3_gui import GuiController, GuiSettings

log = logging.getLogger(__name__)


class GuiHandOffMixin:
    following_gui_changed = Signal(bool)

    following_gui = False
    _gui_watcher: QFileSystemWatcher | None = None

    def gns3_gui_settings(self) -> GuiSettings:
        return GuiSettings.load()

    def gui_controller_offer(self) -> GuiController | None:
        """The GUI's controller, to offer in the sign-in dialog; None: no offer."""
        return self.gns3_gui_settings().controller

    async def sign_in_with_gui(self, remember: bool) -> bool:
        """Sign in with the GUI's user and password. The password is used for this and,
        only with Remember me, kept in the keyring; it is written nowhere else."""
        gui = self.gui_controller_offer()
        if gui is None:
            self.sign_in_failed.emit(translate("GuiHandOff", "The GNS3 GUI's settings no longer name a controller."), True)
            return False
        return await self.sign_in(gui.url, gui.username, gui.password, remember)

    async def follow_gui(self, on: bool) -> None:
        self.following_gui = on
        self.following_gui_changed.emit(on)
        self._watch_gui_settings(on)
        if on:
            await self.follow_gui_now()

    async def follow_gui_now(self) -> None:
        """Choose the project the GUI opened last, when this controller has it."""
        if not self.following_gui or self.is_running:
            return
        known = {p.project_id for p in self.projects}
        last = next((r for r in self.gns3_gui_settings().recent if r.project_id in known), None)
        if last is None:
            self.status.emit(translate("GuiHandOff", "Following the GNS3 GUI: none of its recent projects is on this controller."))
            return
        await self._follow_to(last.project_id)

    async def _follow_to(self, project_id: str) -> None:
        if self.project is not None and self.project.project_id == project_id:
            return
        if project_id not in {p.project_id for p in self.projects}:
            await self.refresh_projects()
        if self.is_running or project_id not in {p.project_id for p in self.projects}:
            return
        await self.choose_project(project_id)
        if self.project is not None:
            self.status.emit(translate("GuiHandOff", "Following the GNS3 GUI: “{project}”.").format(project=in_sentence(self.project.name)))

    def _follow_gui_note(self, note) -> None:
        """A project opened on the controller (by the GUI, most likely): go there."""
        if self.following_gui and note.action == "project.opened" and note.project is not None:
            self.spawn(self._follow_to(note.project.project_id))

    def _watch_gui_settings(self, on: bool) -> None:
        if self._gui_watcher is None:
            self._gui_watcher = QFileSystemWatcher(self)
            self._gui_watcher.fileChanged.connect(self._gui_settings_changed)
        paths = self._gui_watcher.files()
        if paths:
            self._gui_watcher.removePaths(paths)
        path = self.gns3_gui_settings().path if on else None
        if path is not None:
            self._gui_watcher.addPath(str(path))

    def _gui_settings_changed(self, path: str) -> None:
        # The GUI may replace the file rather than rewrite it: watch the new one.
        if self.following_gui and path not in self._gui_watcher.files():
            self._gui_watcher.addPath(path)
        self.spawn(self.follow_gui_now())
