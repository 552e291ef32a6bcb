"""The one place that turns user intents into controller calls, and controller events
into state the window shows. Qt-aware (signals, a frame timer) and async (qasync)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Coroutine
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from .client import Capabilities, ControllerClient, ControllerError, Unauthorized
from .protocol import ChatRequest, ChatSession, Project, Transcript
from .protocol.models import MAX_ITERATIONS_RANGE, MAX_TOOL_CALLS_RANGE
from .store import AppSettings, CredentialStore, Limits, PresetStore

log = logging.getLogger(__name__)

FRAME_MS = 16  # re-render at most once per frame...
MAX_FRAME_MS = 100
# ...and, while a stream pours in faster than the window can paint, spend at most about
# this share of the time rendering, so reading the stream never falls behind.
RENDER_SHARE = 0.15
YIELD_AFTER_S = 0.001  # the longest stretch of event handling without letting Qt run
ABORT_GRACE_S = 3.0  # after an abort, how long to wait for the controller's `done`
RECONNECT_S = 3.0
CONTINUE_MESSAGE = "Please continue where you stopped."


class Presenter(QObject):
    # Sign-in
    sign_in_needed = Signal(str, str, str)  # url, username, why
    sign_in_failed = Signal(str)
    signed_in = Signal(str, str)  # url, username
    signed_out = Signal()
    # Controller and projects
    capabilities_changed = Signal(object)  # Capabilities
    projects_changed = Signal(list)  # list[Project]
    project_chosen = Signal(object)  # Project | None
    # Sessions and the conversation
    sessions_changed = Signal(list)  # list[ChatSession]
    session_chosen = Signal(object)  # str | None
    transcript_reset = Signal(object)  # Transcript
    transcript_changed = Signal(list)  # indexes of changed items
    turn_running = Signal(bool)
    # Limits and messages
    limits_restored = Signal(object)  # Limits
    draft_returned = Signal(str)
    error = Signal(str)
    notice = Signal(str)
    status = Signal(str)

    def __init__(self, credentials: CredentialStore, presets: PresetStore, settings: AppSettings):
        super().__init__()
        self.credentials = credentials
        self.presets = presets
        self.settings = settings
        self.client: ControllerClient | None = None
        self.url = settings.controller_url
        self.username = settings.username
        self.capabilities: Capabilities | None = None
        self.projects: list[Project] = []
        self.project: Project | None = None
        self.sessions: list[ChatSession] = []
        self.session_id: str | None = None
        self.transcript = Transcript()
        self.limits = Limits()
        self._tasks: set[asyncio.Task[Any]] = set()
        self._turn: asyncio.Task[Any] | None = None
        self._controller_listener: asyncio.Task[Any] | None = None
        self._project_listener: asyncio.Task[Any] | None = None
        self._frame = QTimer(self)
        self._frame.setSingleShot(True)
        self._frame_ms = FRAME_MS
        self._render_ms = 0.0
        self._frame.timeout.connect(self._flush_changes)
        self._told: set[str] = set()
        # Cleared by a 401: the listeners wait for the next sign-in instead of dying,
        # and the window asks for the password once, not once per failed request.
        self._authorized = asyncio.Event()

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
            self.error.emit(f"Something went wrong: {type(exc).__name__}: {exc}")

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

    # -- sign-in --------------------------------------------------------------------

    async def start(self, url: str | None, username: str | None) -> None:
        """At start-up: sign in with a stored, still-valid token, else ask."""
        self.url = (url or self.settings.controller_url).rstrip("/")
        self.username = username or self.settings.username
        self.tell_once(self.settings.problem)
        self.tell_once(self.presets.problem)
        token = self.credentials.token(self.url, self.username)
        self.tell_once(self.credentials.problem)
        if not token:
            self.sign_in_needed.emit(self.url, self.username, "")
            return
        client = ControllerClient(self.url, token)
        try:
            await self._renew_if_needed(client)
        except ControllerError:
            await client.aclose()
            self.sign_in_needed.emit(self.url, self.username, "Your sign-in has expired.")
            return
        try:
            await client.projects()  # proves the token
        except ControllerError as exc:
            await client.aclose()
            why = "Please sign in again." if isinstance(exc, Unauthorized) else exc.message
            self.sign_in_needed.emit(self.url, self.username, why)
            return
        await self._use(client, self.url, self.username)

    async def sign_in(self, url: str, username: str, password: str, remember: bool, keep: bool = True) -> bool:
        """Sign in; `keep=False` keeps the token in memory only (the demo controller)."""
        url = url.strip().rstrip("/")
        if not url.startswith(("http://", "https://")):
            self.sign_in_failed.emit("The controller URL must start with http:// or https://")
            return False
        client = ControllerClient(url)
        try:
            await client.authenticate(username, password)
        except ControllerError as exc:
            await client.aclose()
            self.sign_in_failed.emit(exc.message)
            return False
        if keep:
            self.credentials.save(url, username, client.token or "", password if remember else None)
            self.tell_once(self.credentials.problem)
            self.settings.controller_url, self.settings.username, self.settings.remember_me = url, username, remember
            self.settings.save()
        same = self.client is not None and (url, username) == (self.url, self.username)
        if same:
            # Signed in again after a 401: keep the project, the draft and the conversation.
            assert self.client is not None
            self.client.token = client.token
            await client.aclose()
            self._authorized.set()
            self.signed_in.emit(url, username)
            await self.refresh_projects()
            return True
        await self._use(client, url, username)
        return True

    async def _use(self, client: ControllerClient, url: str, username: str) -> None:
        await self._drop_client()
        self.client, self.url, self.username = client, url, username
        self._authorized.set()
        self.signed_in.emit(url, username)
        self.capabilities = await client.capabilities()
        self.capabilities_changed.emit(self.capabilities)
        await self.refresh_projects()
        self._controller_listener = self.spawn(self._follow_controller())

    async def _drop_client(self) -> None:
        for listener in (self._controller_listener, self._project_listener, self._turn):
            if listener is not None:
                listener.cancel()
        if self.client is not None:
            await self.client.aclose()
        self.client = None
        self.project = None
        self.projects = []

    async def sign_out(self) -> None:
        self.credentials.forget(self.url, self.username)
        await self._drop_client()
        self.sessions, self.session_id = [], None
        self.transcript = Transcript()
        self.transcript_reset.emit(self.transcript)
        self.signed_out.emit()
        self.sign_in_needed.emit(self.url, self.username, "")

    async def _fresh_client(self) -> ControllerClient:
        """The client, its token renewed first when it is about to expire."""
        if self.client is None:
            raise Unauthorized("You are not signed in.")
        await self._renew_if_needed(self.client)
        return self.client

    async def _renew_if_needed(self, client: ControllerClient) -> None:
        """Today's controllers accept expired tokens, so the app renews its own before
        `exp`, with the password "remember me" kept in the keyring."""
        if not client.token_needs_renewal():
            return
        password = self.credentials.password(self.url, self.username)
        if not password:
            raise Unauthorized("Your sign-in has expired. Please sign in again.")
        await client.authenticate(self.username, password)
        self.credentials.save(self.url, self.username, client.token or "", password)

    # -- projects -------------------------------------------------------------------

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

    # -- sessions -------------------------------------------------------------------

    async def refresh_sessions(self) -> None:
        if self.project is None or not self.project.is_opened:
            return
        client = await self._fresh_client()
        self.sessions = await client.sessions(self.project.project_id)
        self.sessions_changed.emit(self.sessions)

    def new_chat(self) -> None:
        if self.is_running:
            return
        self.session_id = None
        self.transcript = Transcript()
        self.transcript_reset.emit(self.transcript)
        self.session_chosen.emit(None)

    async def open_session(self, session_id: str) -> None:
        if self.project is None or self.is_running:
            return
        client = await self._fresh_client()
        history = await client.history(self.project.project_id, session_id)
        self.session_id = session_id
        self.transcript = Transcript.from_history(history)
        self.transcript_reset.emit(self.transcript)
        self.session_chosen.emit(session_id)

    async def rename_session(self, session_id: str, title: str) -> None:
        if self.project is None:
            return
        title = title.strip()
        if not title:
            self.error.emit("A chat title cannot be empty.")
            return
        client = await self._fresh_client()
        await client.rename_session(self.project.project_id, session_id, title[:255])
        await self.refresh_sessions()

    async def pin_session(self, session_id: str, pinned: bool) -> None:
        if self.project is None:
            return
        client = await self._fresh_client()
        await client.pin_session(self.project.project_id, session_id, pinned)
        await self.refresh_sessions()

    async def delete_session(self, session_id: str) -> None:
        if self.project is None:
            return
        client = await self._fresh_client()
        await client.delete_session(self.project.project_id, session_id)
        if session_id == self.session_id:
            self.new_chat()
        await self.refresh_sessions()

    # -- limits ---------------------------------------------------------------------

    def set_limits(self, limits: Limits) -> None:
        self.limits = limits
        if self.project is not None:
            self.presets.remember(self.url, self.project.project_id, limits)

    def raised_limits(self) -> Limits:
        """Higher limits for "Continue": double the one that stopped the turn."""
        stop = self.transcript.limit_stop
        limits = self.limits
        if stop is None:
            return limits
        if stop.kind == "tool_calls":
            current = limits.max_tool_calls or stop.limit
            if current >= MAX_TOOL_CALLS_RANGE[1]:
                return Limits(limits.max_iterations, None)
            return Limits(limits.max_iterations, min(MAX_TOOL_CALLS_RANGE[1], max(current, stop.limit) * 2))
        current = max(limits.max_iterations, stop.limit)
        return Limits(min(MAX_ITERATIONS_RANGE[1], current * 2), limits.max_tool_calls)

    # -- the chat -------------------------------------------------------------------

    @property
    def is_running(self) -> bool:
        return self._turn is not None and not self._turn.done()

    def send(self, text: str) -> bool:
        """Start a turn. False (and the text is given back) when it cannot start."""
        if self.is_running:
            self.status.emit("The Copilot is still answering: wait for it, or press Stop.")
            return False
        if self.project is None or self.client is None:
            self.error.emit("Choose a project first.")
            return False
        try:
            request = ChatRequest(
                message=text, session_id=self.session_id,
                max_iterations=self.limits.max_iterations, max_tool_calls=self.limits.max_tool_calls,
            )
        except ValueError as exc:
            self.error.emit(_first_error(exc))
            return False
        enforced_by = self.capabilities.limits_enforced_by if self.capabilities else None
        self.transcript.begin_turn(
            text, max_iterations=request.max_iterations, max_tool_calls=request.max_tool_calls,
            enforced_by=enforced_by,
        )
        self._changed()
        self._turn = self.spawn(self._run_turn(self.project.project_id, request))
        self.turn_running.emit(True)
        return True

    def continue_with_higher_limits(self) -> None:
        self.limits = self.raised_limits()
        self.limits_restored.emit(self.limits)
        self.set_limits(self.limits)
        self.send(CONTINUE_MESSAGE)

    async def _run_turn(self, project_id: str, request: ChatRequest) -> None:
        transcript = self.transcript
        got_event = False
        try:
            client = await self._fresh_client()
            # aclosing: the stream is closed in this task, also when it is cancelled.
            busy_since = time.perf_counter()
            async with contextlib.aclosing(client.stream_chat(project_id, request)) as events:
                async for event in events:
                    got_event = True
                    transcript.apply(event)
                    if self.session_id is None and transcript.session_id and transcript is self.transcript:
                        self.session_id = transcript.session_id
                        self.session_chosen.emit(self.session_id)
                    self._changed()
                    if time.perf_counter() - busy_since > YIELD_AFTER_S:
                        # A fast stream never makes the loop wait; hand it back to Qt now
                        # and then, so the window paints and answers input meanwhile.
                        await asyncio.sleep(0)
                        busy_since = time.perf_counter()
            transcript.end_of_stream()
        except asyncio.CancelledError:
            transcript.mark_stopped()
            self._changed()
            raise
        except ControllerError as exc:
            if not got_event:
                transcript.fail(exc.message)
                self.draft_returned.emit(request.message)
            else:
                transcript.fail(exc.message)
            self._changed()
            if isinstance(exc, Unauthorized):
                self._report(exc)
        finally:
            self._flush_changes()
            # The turn is over for the user now: a refresh of the chat list must not
            # keep the next message waiting.
            self._turn = None
            self.turn_running.emit(False)
        self.spawn(self.refresh_sessions())

    async def stop(self) -> None:
        """Abort the running turn through the controller, then hang up."""
        turn = self._turn
        if turn is None or turn.done():
            return
        self.transcript.request_abort()
        if self.project is not None and self.session_id and self.client is not None:
            try:
                await self.client.abort(self.project.project_id, self.session_id)
            except ControllerError as exc:
                log.info("abort failed: %s", exc)
            # The controller wraps up quickly and stores the turn; wait a little for it.
            done, _ = await asyncio.wait([turn], timeout=ABORT_GRACE_S)
            if done:
                return
        turn.cancel()

    # -- frames ---------------------------------------------------------------------

    def _changed(self) -> None:
        if not self._frame.isActive():
            self._frame.start(self._frame_ms)

    def _flush_changes(self) -> None:
        self._frame.stop()
        changed = self.transcript.take_changes()
        if changed:
            started = time.perf_counter()
            self.transcript_changed.emit(changed)
            self._render_ms += (time.perf_counter() - started) * 1000
            # What the last frame cost in all (this update, the slices and the paint
            # that followed it) sets how soon the next one may come.
            self._frame_ms = int(min(MAX_FRAME_MS, max(FRAME_MS, self._render_ms / RENDER_SHARE)))
            self._render_ms = 0.0

    def note_render_time(self, ms: float) -> None:
        """Rendering done outside `transcript_changed` (later slices, painting)."""
        self._render_ms += ms


def _first_error(exc: ValueError) -> str:
    errors = getattr(exc, "errors", None)
    if callable(errors):
        first = errors()[0]
        field = ".".join(str(p) for p in first.get("loc", ()))
        return f"{field}: {first.get('msg')}" if field else str(first.get("msg"))
    return str(exc)

