"""Projects: the list, the chosen one, opening it, and following the controller's
notifications."""

from __future__ import annotations

import asyncio
import contextlib
import logging

from ..client.errors import ControllerError, Unauthorized
from ..protocol.transcript import Transcript
from ..protocol.translation import translate
from ..protocol.untrusted_text import in_sentence
from ..store import Limits

log = logging.getLogger(__name__)

RECONNECT_S = 3.0


class ProjectsMixin:
    wanted_project: str | None = None  # an id or a name, from the command line
    async def refresh_projects(self) -> None:
        client = await self._fresh_client()
        self.projects = await client.projects()
        self.projects_changed.emit(self.projects)
        if self.project is not None:
            current = next((p for p in self.projects if p.project_id == self.project.project_id), None)
            if current is None or current.status != self.project.status:
                await self.choose_project(current.project_id if current else None)

    async def choose_project(self, project_id: str | None) -> None:
        if self._project_listener is not None:
            self._project_listener.cancel()
            self._project_listener = None
        previous = self.project
        self.project = next((p for p in self.projects if p.project_id == project_id), None)
        self.forget_histories()  # searches are within one project
        self.project_chosen.emit(self.project)
        same = previous is not None and self.project is not None and previous.project_id == project_id
        if same and previous.is_opened and not self.project.is_opened and (self.session_id or self.transcript.items):
            # Closed elsewhere (the GNS3 GUI, another client) while the user reads one of
            # its chats: the chat stays on screen to read; the controller lists no chats
            # of a closed project, so the list is emptied.
            self.sessions_changed.emit([])
            self.closed_under_chat.emit(self.project)
            return
        if same and self.project.is_opened:
            # The same project again (it was opened, here or elsewhere): the conversation
            # on screen, and a turn streaming into it, stay.
            self._project_listener = self.spawn(self._follow_project(project_id))
            await self.refresh_sessions()
            await self._back_to_last_chat()  # opened again with no chat on screen
            return
        self.sessions, self.session_id = [], None
        self.forget_older()
        self.transcript = Transcript()
        self.transcript_reset.emit(self.transcript)
        self.session_chosen.emit(None)
        if self.project is None:
            self.sessions_changed.emit([])
            return
        self.limits = self.presets.last_used(self.store_key, self.project.project_id) or Limits()
        self.limits_restored.emit(self.limits)
        if not self.project.is_opened:
            self.sessions_changed.emit([])
            self.project_closed_note.emit(
                translate("PresenterProjects", "“{project}” is closed: open it to chat with its Copilot.").format(project=in_sentence(self.project.name))
            )
            return
        self._project_listener = self.spawn(self._follow_project(self.project.project_id))
        if self.capabilities and self.capabilities.copilot in ("absent", "unavailable"):
            self.sessions_changed.emit([])
            self.status.emit(self.capabilities.describe())
            return
        await self.refresh_sessions()
        await self._back_to_last_chat()

    async def _back_to_last_chat(self) -> None:
        """Coming back to a project: the chat the user was in, if it is still there."""
        if self.project is None or self.session_id is not None or self.transcript.items or self.client is None:
            return
        session_id = self.settings.last_chat(self.store_key, self.project.project_id)
        if session_id and any(s.thread_id == session_id for s in self.sessions) and not self.solution_hidden(session_id):
            await self.open_session(session_id)

    async def pick_project(self) -> None:
        """After signing in: the project asked for on the command line, else where the
        user was last time on this controller, else the first opened (then its last chat)."""
        if not self.projects:
            return
        wanted, self.wanted_project = self.wanted_project, None
        place = self.settings.last_place.get(self.store_key, {})
        match = next((p for p in self.projects if wanted in (p.project_id, p.name)), None) if wanted else None
        if wanted and match is None:
            self.error.emit(translate("PresenterProjects", "No project “{project}” on this controller.").format(project=in_sentence(wanted)))
        if match is None:
            match = next((p for p in self.projects if p.project_id == place.get("project_id")), None)
        if match is None:
            match = next((p for p in self.projects if p.is_opened), self.projects[0])
        await self.choose_project(match.project_id)  # and the project's last chat

    def _remember_place(self, session_id: str | None) -> None:
        if self.client is not None and self.project is not None:
            self.settings.remember_place(self.store_key, self.project.project_id, session_id)

    async def open_project(self) -> None:
        if self.project is None:
            return
        client = await self._fresh_client()
        opened = await client.open_project(self.project.project_id)
        if self.project is not None and self.project.project_id == opened.project_id and self.project.is_opened:
            # The controller's project.opened notification got here first and the project
            # is chosen again already: choosing it twice would wipe a chat just begun.
            return
        self.projects = [opened if p.project_id == opened.project_id else p for p in self.projects]
        self.projects_changed.emit(self.projects)
        await self.choose_project(opened.project_id)

    async def _listen(self, open_stream, on_note, still_wanted) -> None:
        """Keep a notification stream open, reconnecting after a drop and waiting for the
        next sign-in after a 401. `on_note` must not await: a listener that only ever
        waits for the next line closes cleanly when it is cancelled."""
        while self.client is not None and still_wanted():
            try:
                async with contextlib.aclosing(open_stream(self.client)) as notes:
                    async for note in notes:
                        on_note(note)
            except Unauthorized as exc:
                self._report(exc)
                await self._authorized.wait()
                continue
            except ControllerError as exc:
                log.info("notifications dropped: %s", exc)
            await asyncio.sleep(RECONNECT_S)

    def _follow_controller(self):
        """Projects opened or closed elsewhere (the GNS3 GUI) show at once."""

        def on_note(note) -> None:
            if note.action.startswith("project."):
                self.spawn(self.refresh_projects())
                self._follow_gui_note(note)

        return self._listen(lambda client: client.controller_notifications(), on_note, lambda: True)

    def _follow_project(self, project_id: str):
        """Keeps the project's notification stream open: an `auto_close` project stays open
        while someone listens."""
        return self._listen(
            lambda client: client.project_notifications(project_id),
            lambda note: None,
            lambda: self.project is not None and self.project.project_id == project_id,
        )
