"""Working beside the GNS3 GUI: sign in to the controller it uses, and follow the project
it opened last.

Only the GUI's own openings count: its settings file (this user's, on this computer)
lists them newest first in `recent_projects`. A `project.opened` notification of the
controller may come from anyone (a colleague's GUI, a script, the web UI): it only makes
the app read the file again, as the file changing does. And the user is never pulled
away from what they are doing: while an answer streams or a message is being typed, the
new project is offered (`gui_project_offered`), not switched to."""

from __future__ import annotations

import logging
from collections.abc import Callable

from PySide6.QtCore import QFileSystemWatcher, Signal

from ..protocol.translation import translate
from ..protocol.untrusted_text import in_sentence
from ..store.gns3_gui import GuiController, GuiSettings

log = logging.getLogger(__name__)


class GuiHandOffMixin:
    following_gui_changed = Signal(bool)
    gui_project_offered = Signal(str, str)  # project id, name: the GUI opened it, the user is busy

    following_gui = False
    _gui_watcher: QFileSystemWatcher | None = None
    _gui_newest: str | None = None  # the GUI's newest project when last looked at
    # Set by the window: is a message being typed (switching would take it away)?
    draft_being_typed: Callable[[], bool] = staticmethod(lambda: False)

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
        self._gui_newest = None
        if on:
            await self.follow_gui_now(asked=True)

    async def follow_gui_now(self, asked: bool = False) -> None:
        """Go to the project the GUI opened last, when this controller has it and the
        GUI opened it since the last look (else the user chose where they are: they
        stay). `asked`: the user just turned following on, so say why nothing happens."""
        if not self.following_gui:
            return
        settings = self.gns3_gui_settings()
        if settings.path is None:
            if asked:
                self.status.emit(translate("GuiHandOff", "Following the GNS3 GUI: its settings were not found (looked in {places}).").format(
                    places=", ".join(str(place) for place in settings.looked_in)))
            return

        def newest_here():
            known = {p.project_id for p in self.projects}
            return next((r for r in settings.recent if r.project_id in known), None)

        last = newest_here()
        if last is None and settings.recent:
            await self.refresh_projects()  # one the GUI just made, perhaps
            last = newest_here()
        if last is None:
            if asked:
                self.status.emit(translate("GuiHandOff", "Following the GNS3 GUI: none of its recent projects is on this controller."))
            return
        if last.project_id == self._gui_newest and not asked:
            return  # nothing new from the GUI
        self._gui_newest = last.project_id
        if self.project is not None and self.project.project_id == last.project_id:
            return
        if self.is_running or self.draft_being_typed():
            name = next((p.name for p in self.projects if p.project_id == last.project_id), last.name)
            self.gui_project_offered.emit(last.project_id, name)
            return
        await self._follow_to(last.project_id)

    async def open_offered_project(self, project_id: str) -> None:
        """The user took the offer: go there (the turn, if any, streams on into its chat)."""
        if project_id not in {p.project_id for p in self.projects}:
            await self.refresh_projects()
        if project_id in {p.project_id for p in self.projects}:
            await self.choose_project(project_id)

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
        """A project opened on the controller, by anyone: did the GUI open it? Its file
        says (if it was written first; else its change brings us back here)."""
        if self.following_gui and note.action == "project.opened":
            self.spawn(self.follow_gui_now())

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
