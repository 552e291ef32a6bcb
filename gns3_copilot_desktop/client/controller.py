"""The async HTTP client of a GNS3 controller (httpx + httpx-sse). No Qt here.

One `ControllerClient` per controller: it holds the token, learns the controller's
capabilities once, and turns every answer into models or typed errors.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import ssl
from collections.abc import AsyncIterator
from typing import Any

import httpx
from httpx_sse import aconnect_sse

from ..protocol.events import ChatEvent, DoneEvent, LimitReachedEvent, StreamInterrupted, parse_event
from ..protocol.history_pieces import history_in_pieces
from ..protocol.models import (
    ChatRequest,
    ChatSession,
    ConversationHistory,
    Node,
    Notification,
    Project,
    RenameSession,
    Token,
    Version,
)
from ..protocol.translation import sentence, translate
from .capabilities import Capabilities, capabilities_from
from .errors import (
    ControllerError,
    CopilotMissing,
    CopilotUnavailable,
    NotFound,
    ProtocolError,
    Unreachable,
    UntrustedCertificate,
    error_for_status,
)
from .limit_guard import LimitGuard
from .llm_configs import LLMConfigsMixin
from .practice import PracticeMixin
from .off_loop import off_loop
from .token import token_expiry, token_needs_renewal

log = logging.getLogger(__name__)

# Agents go quiet for minutes while the LLM thinks or a tool runs: the stream's read
# timeout is long, the connect timeout short so an unreachable controller is told fast.
CONNECT_TIMEOUT_S = 5.0
REQUEST_TIMEOUT_S = 30.0
STREAM_READ_TIMEOUT_S = 600.0
NOTIFICATION_READ_TIMEOUT_S = 90.0
# After an app-side limit stop, how long to keep reading so the controller can wrap
# up the turn (and store it) before the connection is closed.
LIMIT_DRAIN_S = 10.0
BIG_EVENT_CHARS = 256 * 1024  # an event this long is parsed in a turn of the loop of its own

_STREAM_BROKEN = (httpx.RemoteProtocolError, httpx.ReadError, httpx.ReadTimeout, httpx.WriteError)


class ControllerClient(LLMConfigsMixin, PracticeMixin):
    def __init__(
        self,
        base_url: str,
        token: str | None = None,
        *,
        connect_timeout: float = CONNECT_TIMEOUT_S,
        request_timeout: float = REQUEST_TIMEOUT_S,
        stream_read_timeout: float = STREAM_READ_TIMEOUT_S,
        verify: bool | ssl.SSLContext = True,
        headers: dict[str, str] | None = None,
    ):
        self.base_url = base_url.rstrip("/")
        self.token = token
        self._stream_timeout = httpx.Timeout(request_timeout, connect=connect_timeout, read=stream_read_timeout)
        self._notification_timeout = httpx.Timeout(
            request_timeout, connect=connect_timeout, read=NOTIFICATION_READ_TIMEOUT_S
        )
        self._http = httpx.AsyncClient(
            base_url=self.base_url,
            timeout=httpx.Timeout(request_timeout, connect=connect_timeout),
            verify=verify,
            follow_redirects=True,
            headers=headers,
        )
        self._capabilities: Capabilities | None = None

    async def aclose(self) -> None:
        await self._http.aclose()

    async def __aenter__(self) -> "ControllerClient":
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    # -- token ----------------------------------------------------------------------

    @property
    def token_expires_at(self) -> float | None:
        return token_expiry(self.token)

    def token_needs_renewal(self, margin_s: float = 300.0) -> bool:
        return token_needs_renewal(self.token, margin_s=margin_s)

    def _headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"} if self.token else {}

    # -- plumbing -------------------------------------------------------------------

    def _unreachable(self, exc: Exception) -> Unreachable:
        if isinstance(exc, httpx.TimeoutException) and not isinstance(exc, httpx.ConnectTimeout):
            text = translate("ControllerClient", "The controller at {url} stopped answering ({reason}).")
            return Unreachable(text.format(url=self.base_url, reason=type(exc).__name__))
        # The reason is the TLS library's or the OS's own text: kept as it says it.
        reason = str(exc) or type(exc).__name__
        upper = reason.upper()
        if self.base_url.startswith("https://") and ("WRONG_VERSION_NUMBER" in upper or "RECORD LAYER FAILURE" in upper or "PACKET_LENGTH_TOO_LONG" in upper):
            plain = "http://" + self.base_url.removeprefix("https://")
            text = translate("ControllerClient", "The server at {url} does not speak https on this port. Try {plain}.")
            return Unreachable(text.format(url=self.base_url, plain=plain))
        untrusted = translate("ControllerClient", "The controller at {url} has a certificate this app does not trust: {reason}")
        if "CERTIFICATE_VERIFY_FAILED" in upper:
            return UntrustedCertificate(untrusted.format(url=self.base_url, reason=reason))
        if "CERTIFICATE" in upper or "SSL" in upper:
            return Unreachable(untrusted.format(url=self.base_url, reason=reason))
        text = translate("ControllerClient", "Cannot reach the controller at {url}: {reason}")
        return Unreachable(text.format(url=self.base_url, reason=reason))

    async def _request(
        self, method: str, path: str, *, chat_route: bool = False, **kwargs: Any
    ) -> httpx.Response:
        headers = {**self._headers(), **kwargs.pop("headers", {})}
        try:
            response = await self._http.request(method, path, headers=headers, **kwargs)
        except httpx.TransportError as exc:
            raise self._unreachable(exc) from exc
        if response.status_code >= 400:
            raise self._error(response, chat_route=chat_route)
        return response

    async def _request_in_pieces(
        self, method: str, path: str, *, chat_route: bool = False, **kwargs: Any
    ) -> tuple[httpx.Response, list[bytes]]:
        """As `_request`, with the body kept in the pieces it arrived in: joined, a long
        history's 60 MB held the loop for about 40 ms; the worker that parses it reads
        the pieces instead. The response is closed; its headers are there."""
        headers = {**self._headers(), **kwargs.pop("headers", {})}
        request = self._http.build_request(method, path, headers=headers, **kwargs)
        try:
            response = await self._http.send(request, stream=True)
            try:
                if response.status_code >= 400:
                    await response.aread()
                    raise self._error(response, chat_route=chat_route)
                return response, [piece async for piece in response.aiter_bytes()]
            finally:
                await response.aclose()
        except httpx.TransportError as exc:
            raise self._unreachable(exc) from exc

    def _error(self, response: httpx.Response, *, chat_route: bool) -> ControllerError:
        try:
            body: Any = response.json()
        except ValueError:
            body = response.text
        error = error_for_status(response.status_code, body, chat_route=chat_route)
        if isinstance(error, (CopilotMissing, CopilotUnavailable)) and self._capabilities:
            # Remember it: the window then stops offering the chat.
            status = "absent" if isinstance(error, CopilotMissing) else "unavailable"
            self._capabilities = Capabilities(
                self._capabilities.version, self._capabilities.chat_prefix, status,
                self._capabilities.limits_in_schema, self._capabilities.has_abort,
            )
        return error

    @staticmethod
    def _json(response: httpx.Response, content: bytes | None = None) -> Any:
        """The response's JSON; `content`: its body, read by `_request_in_pieces`."""
        try:
            return response.json() if content is None else json.loads(content)
        except ValueError as exc:
            what = response.headers.get("content-type") or translate("ControllerClient", "no content type")
            text = translate("ControllerClient", "The controller sent something that is not JSON ({content_type}).")
            raise ProtocolError(text.format(content_type=what)) from exc

    # -- controller -----------------------------------------------------------------

    def _not_gns3(self, exc: ControllerError) -> ControllerError:
        """A web server without GNS3's routes, or answering them with something else."""
        if isinstance(exc, (NotFound, ProtocolError)) or (isinstance(exc, ControllerError) and exc.status == 405):
            text = translate("ControllerClient", "The server at {url} is not a GNS3 controller ({reason})")
            return ProtocolError(text.format(url=self.base_url, reason=exc.message))
        return exc

    def _not_a_controller(self) -> str:
        return translate("ControllerClient", "The server at {url} is not a GNS3 controller.").format(url=self.base_url)

    async def version(self) -> Version:
        try:
            return Version.model_validate(self._json(await self._request("GET", "/v3/version")))
        except ControllerError as exc:
            raise self._not_gns3(exc) from exc
        except ValueError as exc:  # JSON, but not GNS3's
            raise ProtocolError(self._not_a_controller()) from exc

    async def authenticate(self, username: str, password: str) -> Token:
        """Sign in; the token is kept for the next calls."""
        try:
            response = await self._request(
                "POST", "/v3/access/users/authenticate", json={"username": username, "password": password}
            )
            token = Token.model_validate(self._json(response))
        except ControllerError as exc:
            raise self._not_gns3(exc) from exc
        except ValueError as exc:
            raise ProtocolError(self._not_a_controller()) from exc
        self.token = token.access_token
        return token

    async def capabilities(self, *, refresh: bool = False) -> Capabilities:
        if self._capabilities is not None and not refresh:
            return self._capabilities
        version = await self.version()
        try:
            openapi = self._json(await self._request("GET", "/openapi.json"))
        except ControllerError as exc:
            if isinstance(exc, Unreachable):
                raise
            log.info("no OpenAPI document (%s): assuming today's Copilot layout", exc)
            openapi = None
        self._capabilities = capabilities_from(version.version, openapi)
        return self._capabilities

    async def projects(self) -> list[Project]:
        body = self._json(await self._request("GET", "/v3/projects"))
        return [Project.model_validate(p) for p in body]

    async def project(self, project_id: str) -> Project:
        return Project.model_validate(self._json(await self._request("GET", f"/v3/projects/{project_id}")))

    async def open_project(self, project_id: str) -> Project:
        response = await self._request("POST", f"/v3/projects/{project_id}/open")
        return Project.model_validate(self._json(response))

    async def close_project(self, project_id: str) -> None:
        await self._request("POST", f"/v3/projects/{project_id}/close")

    async def nodes(self, project_id: str) -> list[Node]:
        body = self._json(await self._request("GET", f"/v3/projects/{project_id}/nodes"))
        return [Node.model_validate(n) for n in body]

    # -- Copilot sessions -----------------------------------------------------------

    async def _chat(self, project_id: str) -> str:
        caps = await self.capabilities()
        if caps.copilot == "absent":
            raise CopilotMissing()
        return caps.chat_path(project_id)

    async def sessions(self, project_id: str, *, copilot_mode: str | None = None) -> list[ChatSession]:
        """The project's chats; only those of one Copilot mode when `copilot_mode` is given."""
        path = f"{await self._chat(project_id)}/sessions"
        params = {"copilot_mode": copilot_mode} if copilot_mode else None
        body = self._json(await self._request("GET", path, chat_route=True, params=params))
        return [ChatSession.model_validate(s) for s in body]

    async def history(
        self, project_id: str, session_id: str, *, limit: int | None = None, in_thread: bool = False,
    ) -> ConversationHistory:
        """A chat's messages, the last `limit` of them when given. `in_thread` parses
        them in a worker thread, for a history the user is not waiting on."""
        path = f"{await self._chat(project_id)}/sessions/{session_id}/history"
        params = {"limit": limit} if limit is not None else None
        if in_thread:
            # A piece at a time: one pass would hold the GIL, which the loop needs,
            # throughout.
            response, pieces = await self._request_in_pieces("GET", path, chat_route=True, params=params)
            try:
                return await off_loop(history_in_pieces, pieces)
            except ValueError:
                return ConversationHistory.model_validate(self._json(response, b"".join(pieces)))
        response = await self._request("GET", path, chat_route=True, params=params)
        try:
            # One pass in pydantic's own JSON parser: a long history is megabytes.
            return ConversationHistory.model_validate_json(response.content)
        except ValueError:
            return ConversationHistory.model_validate(self._json(response))

    async def rename_session(self, project_id: str, session_id: str, title: str) -> ChatSession:
        body = RenameSession(title=title).model_dump()  # 1-255 characters, checked here first
        path = f"{await self._chat(project_id)}/sessions/{session_id}"
        response = await self._request("PATCH", path, chat_route=True, json=body)
        return ChatSession.model_validate(self._json(response))

    async def pin_session(self, project_id: str, session_id: str, pinned: bool = True) -> ChatSession:
        path = f"{await self._chat(project_id)}/sessions/{session_id}/pin"
        response = await self._request("PUT" if pinned else "DELETE", path, chat_route=True)
        return ChatSession.model_validate(self._json(response))

    async def delete_session(self, project_id: str, session_id: str) -> None:
        await self._request("DELETE", f"{await self._chat(project_id)}/sessions/{session_id}", chat_route=True)

    async def abort(self, project_id: str, session_id: str) -> bool:
        """Ask the controller to stop the running turn. False when it cannot."""
        caps = await self.capabilities()
        if not caps.has_abort:
            return False
        path = f"{await self._chat(project_id)}/sessions/{session_id}/abort"
        await self._request("POST", path, chat_route=True)
        return True

    # -- the chat stream ------------------------------------------------------------

    async def stream_chat(
        self, project_id: str, request: ChatRequest, *, max_changes: int | None = None, route: str = "stream"
    ) -> AsyncIterator[ChatEvent]:
        """One turn's events, as they arrive.

        Ends after `done`. A connection that drops first ends with `StreamInterrupted`
        (what arrived has been yielded). Where the controller does not enforce the
        runtime limits, this does: see `LimitGuard`; `max_changes` (configuration
        changes) no controller knows, so this always holds it. Cancel the consuming task (or
        `aclose()` the iterator) to hang up at once.
        """
        caps = await self.capabilities()
        path = f"{await self._chat(project_id)}/{route}"  # "inject": the practice route, same stream
        guard = LimitGuard.for_request(request, caps, max_changes)
        session_id = request.session_id
        closing = False
        # The time limit, where the controller does not hold it: a watchdog aborts the
        # turn when the time is up, and the flag goes out with the next event.
        timer = None if caps.enforces("max_execution_time_seconds") else request.max_execution_time_seconds
        timed_out = asyncio.Event()
        watchdog_aborted = [False]

        async def watchdog(seconds: float, response: httpx.Response) -> None:
            await asyncio.sleep(seconds)
            timed_out.set()
            watchdog_aborted[0] = await self._abort_for_limit(project_id, session_id, caps)
            # A controller that sends nothing more (a long tool, a stalled model; the
            # real one sends no heartbeats) must not hold the turn: hang up, bounded.
            await asyncio.sleep(LIMIT_DRAIN_S if watchdog_aborted[0] else 0)
            await response.aclose()

        known = frozenset(("max_iterations", "max_tool_calls")) | caps.limit_fields
        try:
            async with contextlib.AsyncExitStack() as stack, aconnect_sse(
                self._http, "POST", path, json=request.to_body(known=known), headers=self._headers(),
                timeout=self._stream_timeout,
            ) as source:
                response = source.response
                if response.status_code >= 400:
                    await response.aread()
                    raise self._error(response, chat_route=True)
                content_type = response.headers.get("content-type", "")
                if "text/event-stream" not in content_type:
                    await response.aread()
                    what = content_type or translate("ControllerClient", "no content type")
                    text = translate(
                        "ControllerClient", "The controller answered the chat with '{content_type}' instead of an event stream."
                    )
                    raise ProtocolError(text.format(content_type=what))
                events = source.aiter_sse()
                # Closed here, in this task, however the consumer leaves.
                stack.push_async_callback(events.aclose)
                if timer:
                    task = asyncio.ensure_future(watchdog(timer, response))
                    stack.callback(task.cancel)
                async for sse in events:
                    if not sse.data:
                        continue
                    if len(sse.data) > BIG_EVENT_CHARS:
                        # httpx-sse joined and split this event in the turn of the loop
                        # that read its end (a 5 MB tool output: three copies, ~15 ms
                        # here): parsed in the next turn, so the window paints between.
                        await asyncio.sleep(0)
                    event = parse_event(sse.data)
                    session_id = session_id or getattr(event, "session_id", None)
                    # Checked before the event is handed on: every millisecond counts
                    # for an abort that must reach the controller before it acts.
                    stop = guard.check(event) if guard else None
                    if stop is None and timer and timed_out.is_set():
                        stop = LimitReachedEvent(kind="time", limit=int(timer or 0), count=0, session_id=session_id)
                        aborted = watchdog_aborted[0]
                    else:
                        aborted = stop is not None and await self._abort_for_limit(project_id, session_id, caps)
                    if stop is not None and isinstance(event, DoneEvent):
                        yield stop  # the time ran out as the turn ended: still say so
                    try:
                        yield event
                    except GeneratorExit:
                        closing = True
                        raise
                    if isinstance(event, DoneEvent):
                        return
                    if stop is not None:
                        yield stop
                        if aborted:
                            async for late in self._drain_after_abort(events):
                                yield late
                        return
        except (*_STREAM_BROKEN, httpx.StreamClosed) as exc:
            if closing:
                return  # the consumer hung up: nothing more may be yielded
            if timed_out.is_set():
                # The watchdog hung up: the turn ended on its time limit.
                yield LimitReachedEvent(kind="time", limit=int(timer or 0), count=0, session_id=session_id)
                return
            yield StreamInterrupted(
                reason=sentence(translate("ControllerClient", "The connection to the controller was lost ({reason})."),
                                reason=type(exc).__name__),
                session_id=session_id,
            )
            return
        except httpx.TransportError as exc:
            raise self._unreachable(exc) from exc
        yield StreamInterrupted(
            reason=translate("ControllerClient", "The controller closed the stream before the turn was over."),
            session_id=session_id,
        )

    async def _abort_for_limit(self, project_id: str, session_id: str | None, caps: Capabilities) -> bool:
        if not (session_id and caps.has_abort):
            return False
        try:
            return await self.abort(project_id, session_id)
        except ControllerError as exc:
            log.warning("abort for an app-side limit failed: %s", exc)
            return False

    async def _drain_after_abort(self, events: AsyncIterator[Any]) -> AsyncIterator[ChatEvent]:
        """What the controller still sends while it wraps up after an abort: it stores
        nothing of a turn whose client hung up, so the app reads on, bounded."""
        try:
            async with asyncio.timeout(LIMIT_DRAIN_S):
                async for sse in events:
                    if sse.data:
                        event = parse_event(sse.data)
                        yield event
                        if isinstance(event, DoneEvent):
                            return
        except (TimeoutError, *_STREAM_BROKEN):
            return

    # -- notifications --------------------------------------------------------------

    def controller_notifications(self) -> AsyncIterator[Notification]:
        """Project opened/closed/created/deleted, pings: one JSON object per line."""
        return self._notifications("/v3/notifications")

    def project_notifications(self, project_id: str) -> AsyncIterator[Notification]:
        """Node, link and drawing changes of one project. Keeping this stream open also
        keeps an `auto_close` project from closing."""
        return self._notifications(f"/v3/projects/{project_id}/notifications")

    async def _notifications(self, path: str) -> AsyncIterator[Notification]:
        try:
            async with self._http.stream(
                "GET", path, headers=self._headers(), timeout=self._notification_timeout
            ) as response:
                if response.status_code >= 400:
                    await response.aread()
                    raise self._error(response, chat_route=False)
                async with contextlib.aclosing(response.aiter_lines()) as lines:
                    async for line in lines:
                        line = line.strip()
                        if not line:
                            continue
                        try:
                            note = Notification.model_validate(json.loads(line))
                        except ValueError:
                            log.warning("skipped an unreadable notification: %.200s", line)
                            continue
                        yield note
        except httpx.TransportError as exc:
            raise self._unreachable(exc) from exc
