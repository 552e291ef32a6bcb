"""The presenter's core: its signals, its state, and the tasks it runs on the loop.
The concerns (sign-in, projects, chats, turns) are mixins beside this file; the
`Presenter` in `__init__` puts them together."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QTimer, Signal

from ..client.errors import ControllerError, Unauthorized
from ..protocol.transcript import Transcript
from ..protocol.translation import translate
from ..store import AppSettings, CredentialStore, Limits, PresetStore, TurnRecordStore

if TYPE_CHECKING:
    # The presenter loads without httpx and the wire models (pydantic): the sign-in
    # dialog is up before them (app.py loads them in the background meanwhile).
    from ..client import Capabilities, ControllerClient
    from ..protocol import ChatSession, Project

log = logging.getLogger(__name__)

FRAME_MS = 16  # re-render at most once per frame (see turns.py for the pacing)


class PresenterBase(QObject):
    # Sign-in
    sign_in_needed = Signal(str, str, str)  # url, username, why
    sign_in_failed = Signal(str, bool)  # why, and whether the controller's address is what to mend
    remember_possible = Signal(bool)  # is there a keyring to remember a sign-in in?
    signed_in = Signal(str, str)  # url, username
    signed_out = Signal()
    certificate_untrusted = Signal(str, object)  # url, client.tls.Certificate
    # Controller and projects
    capabilities_changed = Signal(object)  # Capabilities
    projects_changed = Signal(list)  # list[Project]
    project_chosen = Signal(object)  # Project | None
    # The chosen project was closed elsewhere while one of its chats was on screen: the
    # chat stays, to read (Project).
    closed_under_chat = Signal(object)
    project_closed_note = Signal(str)  # "… is closed": only while that project is chosen
    # Sessions and the conversation
    sessions_changed = Signal(list)  # list[ChatSession]
    session_chosen = Signal(object)  # str | None
    transcript_reset = Signal(object)  # Transcript
    transcript_extended = Signal(object)  # the same chat's Transcript, its older messages added
    transcript_changed = Signal(list)  # indexes of changed items
    turn_running = Signal(bool)
    # Limits and messages
    limits_restored = Signal(object)  # Limits
    tool_names_changed = Signal(list)  # the tools this controller's Copilot has used
    draft_returned = Signal(str)
    error = Signal(str)
    notice = Signal(str)
    status = Signal(str)

    def __init__(
        self, credentials: CredentialStore, presets: PresetStore, settings: AppSettings, records: TurnRecordStore,
    ):
        super().__init__()
        self.credentials = credentials
        self.presets = presets
        self.settings = settings
        self.records = records
        self.client: ControllerClient | None = None
        self.url = settings.controller_url
        # What the limits and the last place are kept under: the URL, or a stable name
        # for a controller whose URL changes every run (the demo's random port).
        self.store_key = self.url
        self.username = settings.username
        self.capabilities: Capabilities | None = None
        self.projects: list[Project] = []
        self.project: Project | None = None
        self.sessions: list[ChatSession] = []
        self.session_id: str | None = None
        self.transcript = Transcript()
        # The chat shows its newest page; older messages are fetched when needed.
        self.older_pending = False
        self._older_task: asyncio.Task[Any] | None = None
        self.limits = Limits()
        self._tasks: set[asyncio.Task[Any]] = set()
        self._turn: asyncio.Task[Any] | None = None
        self._controller_listener: asyncio.Task[Any] | None = None
        self._project_listener: asyncio.Task[Any] | None = None
        self._frame = QTimer(self)
        self._frame.setSingleShot(True)
        self._frame_ms = FRAME_MS  # how long after the last frame the next may come
        self._frame.timeout.connect(self._flush_changes)
        self._told: set[str] = set()
        self._first_questions: dict[tuple[str, str, str], str] = {}  # (url, project, chat)
        self._tool_names: dict[str, set[str]] = {}  # by controller URL
        # Cleared by a 401: the listeners wait for the next sign-in instead of dying,
        # and the window asks for the password once, not once per failed request.
        self._authorized = asyncio.Event()
        self.session_chosen.connect(self._remember_place)

    def note_tools_used(self, transcript: Transcript) -> None:
        """Remember the tools a conversation shows: per-tool limits offer their names."""
        seen = self._tool_names.setdefault(self.url, set())
        before = len(seen)
        seen.update(c.name for c in transcript.tool_calls() if c.name)
        if len(seen) != before:
            self.tool_names_changed.emit(sorted(seen))

    # -- tasks ----------------------------------------------------------------------

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        """Run a coroutine on the loop; its failure reaches the window, never silence."""
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._task_done)
        return task

    def _task_done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if task.cancelled():
            return
        exc = task.exception()
        if exc is not None:
            self._report(exc)

    def _report(self, exc: BaseException) -> None:
        if isinstance(exc, Unauthorized):
            if self._authorized.is_set() or self.client is None:
                self._authorized.clear()
                self.sign_in_needed.emit(self.url, self.username, exc.message)
        elif isinstance(exc, ControllerError):
            self.error.emit(exc.message)
        else:
            log.exception("unexpected failure", exc_info=exc)
            self.error.emit(
                translate("PresenterBase", "Something went wrong: {error}").format(error=f"{type(exc).__name__}: {exc}")
            )

    def tell_once(self, text: str | None) -> None:
        if text and text not in self._told:
            self._told.add(text)
            self.notice.emit(text)

    async def shutdown(self) -> None:
        """Quit: cancel what runs, close the HTTP client."""
        for task in list(self._tasks):
            task.cancel()
        if self._tasks:
            await asyncio.wait(list(self._tasks), timeout=3)
        if self.client is not None:
            await self.client.aclose()
            self.client = None

