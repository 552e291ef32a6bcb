"""Projects: the list, the chosen one, opening it, and following the controller's
notifications."""

from __future__ import annotations

import asyncio
import contextlib
import logging

from ..client import ControllerError, Unauthorized
from ..protocol import Transcript
from ..store import Limits

log = logging.getLogger(__name__)

RECONNECT_S = 3.0


class ProjectsMixin:
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
        self.project = next((p for p in self.projects if p.project_id == project_id), None)
        self.project_chosen.emit(self.project)
        self.sessions, self.session_id = [], None
        self.transcript = Transcript()
        self.transcript_reset.emit(self.transcript)
        self.session_chosen.emit(None)
        if self.project is None:
            self.sessions_changed.emit([])
            return
        self.limits = self.presets.last_used(self.url, self.project.project_id) or Limits()
        self.limits_restored.emit(self.limits)
        if not self.project.is_opened:
            self.sessions_changed.emit([])
            self.status.emit(f"“{self.project.name}” is closed: open it to chat with its Copilot.")
            return
        self._project_listener = self.spawn(self._follow_project(self.project.project_id))
        if self.capabilities and self.capabilities.copilot in ("absent", "unavailable"):
            self.sessions_changed.emit([])
            self.status.emit(self.capabilities.describe())
            return
        await self.refresh_sessions()

    async def open_project(self) -> None:
        if self.project is None:
            return
        client = await self._fresh_client()
        opened = await client.open_project(self.project.project_id)
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

        return self._listen(lambda client: client.controller_notifications(), on_note, lambda: True)

    def _follow_project(self, project_id: str):
        """Keeps the project's notification stream open: an `auto_close` project stays open
        while someone listens."""
        return self._listen(
            lambda client: client.project_notifications(project_id),
            lambda note: None,
            lambda: self.project is not None and self.project.project_id == project_id,
        )
