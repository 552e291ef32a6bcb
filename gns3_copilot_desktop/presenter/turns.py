"""A turn of the chat: limits, sending, streaming the answer into the transcript,
stopping, and pacing the window's re-renders."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..client.errors import ControllerError, LLMNotConfigured, Unauthorized
from ..protocol.translation import translate
from ..store import Limits, SaveFailed
from .base import FRAME_MS

if TYPE_CHECKING:
    from ..protocol.models import ChatRequest

log = logging.getLogger(__name__)

# A frame comes at least this long after the one before. This paces an answer streaming
# in a few words at a time: a model's pace is 15-50 pieces a second, and re-rendering
# for each piece cost most of the window's CPU for no difference anyone reads. A change
# after a pause (the first words, a click on Stop) is shown within FRAME_MS.
STREAM_FRAME_MS = 100
# ...and, while a stream pours in faster than the window can paint, spend at most about
# this share of the time rendering (all of it: the window's render clock), so that
# reading the stream never falls behind...
RENDER_SHARE = 0.15
# ...though a frame comes at most this long after the one before: a firehose is shown
# a few times a second. Capped at 100 ms, its frames of 40-60 ms (on a slow machine of
# the kind) took half the window's time; a model's pace keeps its 100 ms frames.
MAX_FRAME_MS = 500
YIELD_AFTER_S = 0.001  # the longest stretch of event handling without letting Qt run
ABORT_GRACE_S = 3.0  # after an abort, how long to wait for the controller's `done`
CONTINUE_MESSAGE = "Please continue where you stopped."
# Seconds in a minute of the time limit: tests shorten it (GNS3_COPILOT_MINUTE_S).
MINUTE_S = float(os.environ.get("GNS3_COPILOT_MINUTE_S", "60"))
SILENCE_S = 30.0  # after this long with nothing from the controller, the window says so


def _silence_s() -> float:
    try:
        return float(os.environ.get("GNS3_COPILOT_SILENCE_S", SILENCE_S))
    except ValueError:
        return SILENCE_S


class TurnsMixin:
    def set_limits(self, limits: Limits) -> None:
        self.limits = limits
        if self.project is not None:
            try:
                self.presets.remember(self.store_key, self.project.project_id, limits)
            except SaveFailed as exc:
                self.tell_once(str(exc))

    def raised_limits(self) -> Limits:
        """Higher limits for "Continue" (see `continuing`)."""
        from .continuing import raised_limits

        return raised_limits(self.limits, self.transcript)

    def continue_preview(self) -> str:
        """What "Continue with higher limits" would run the next turn under, in words:
        `10 iterations and 6 tool calls`."""
        from ..protocol.limits import limits_in_words
        from .continuing import continued_with

        return limits_in_words(continued_with(self.limits, self.raised_limits()))

    # -- the chat -------------------------------------------------------------------

    turn_transcript = None  # the running (or last) turn's conversation
    turn_project_id: str | None = None

    def showing_turn(self) -> bool:
        """Whether the chat on screen is the one the running turn streams into."""
        return self.is_running and self.transcript is self.turn_transcript

    def silent_for(self) -> float | None:
        """Seconds since the running turn last heard from the controller, once that is
        longer than the silence threshold (GNS3_COPILOT_SILENCE_S, default 30 s)."""
        heard = getattr(self, "_last_heard", None)
        if not self.is_running or heard is None:
            return None
        silent = time.monotonic() - heard
        return silent if silent >= _silence_s() else None

    @property
    def is_running(self) -> bool:
        return self._turn is not None and not self._turn.done()

    def send(self, text: str, continued_with: dict[str, int | None] | None = None) -> bool:
        """Start a turn. False (and the text is given back) when it cannot start.
        `continued_with`: the limits "Continue" raised for it, said under the message."""
        if self.is_running:
            self.status.emit(translate("PresenterTurns", "The Copilot is still answering: wait for it, or press Stop."))
            return False
        if self.project is None or self.client is None:
            self.error.emit(translate("PresenterTurns", "Choose a project first."))
            return False
        if self.older_pending:  # see ChatsMixin.send_when_whole
            self.spawn(self.send_when_whole(text, continued_with))
            return True
        from ..protocol.models import ChatRequest  # pydantic: loaded after start-up

        limits = self.limits
        request = self.limited_request(ChatRequest, message=text, session_id=self.session_id)
        if request is None:
            return False
        self.begin_limited_turn(self.transcript, request, continued_with=continued_with)
        self._changed()
        # The turn streams into this transcript even while the user reads another chat.
        self.turn_transcript, self.turn_project_id = self.transcript, self.project.project_id
        self._turn = self.spawn(self._run_turn(self.project.project_id, request, limits.max_changes))
        self.turn_running.emit(True)
        return True

    def limited_request(self, kind, **fields):
        """A request of `kind` carrying the user's runtime limits; None (and why) when
        they cannot be sent."""
        limits = self.limits
        try:
            return kind(
                **fields,
                max_iterations=limits.max_iterations, max_tool_calls=limits.max_tool_calls,
                max_execution_time_seconds=None if limits.max_minutes is None else max(1, round(limits.max_minutes * MINUTE_S)),
                tool_limits=dict(limits.tool_limits) or None,
            )
        except ValueError as exc:
            # The app's sentence around the validator's (technical) detail.
            self.error.emit(translate("PresenterTurns", "These limits cannot be sent: {error}").format(error=_first_error(exc)))
            return None

    def begin_limited_turn(self, transcript, request, shown: str | None = None,
                           continued_with: dict[str, int | None] | None = None) -> None:
        """The turn starts (`shown`: its message as the user sees it), knowing its limits
        and who holds them (for the flag when one stops it); `continued_with`: the limits
        "Continue" raised for it, said under its message."""
        enforced_by = self.capabilities.limits_enforced_by if self.capabilities else None
        transcript.begin_turn(
            shown or request.message, max_iterations=request.max_iterations, max_tool_calls=request.max_tool_calls,
            enforced_by=enforced_by, continued_with=continued_with,
        )

    def continue_with_higher_limits(self) -> None:
        from .continuing import continued_with

        before = self.limits
        self.limits = self.raised_limits()
        self.limits_restored.emit(self.limits)
        self.set_limits(self.limits)
        self.send(CONTINUE_MESSAGE, continued_with(before, self.limits))

    async def _run_turn(self, project_id: str, request: ChatRequest, max_changes: int | None = None) -> None:
        transcript = self.transcript
        got_event = named = False
        self._last_heard = time.monotonic()
        try:
            client = await self._fresh_client()
            # aclosing: the stream is closed in this task, also when it is cancelled.
            busy_since = handled = time.monotonic()
            frame_due = self._frame.isActive  # (looked up once: twenty thousand events in a fast turn)
            async with contextlib.aclosing(client.stream_chat(project_id, request, max_changes=max_changes)) as events:
                async for event in events:
                    got_event = True
                    # Clock reads per event: how long the loop has been kept busy, and
                    # when the controller was last heard.
                    heard = time.monotonic()
                    if heard - handled > YIELD_AFTER_S:
                        # The stream waited for this event: Qt has had its turns
                        # meanwhile, and the controller is heard after a silence. At a
                        # model's pace every event comes so, and each was handed back to
                        # Qt below, for nothing: 300 turns of the loop a turn of the
                        # chat. (An event that took that long to read without a wait, a
                        # few hundred KB, is taken for one: anyio yields on each read,
                        # stream_chat before a bigger event.)
                        self._last_heard = heard
                        busy_since = heard
                    try:
                        transcript.apply(event)
                    except Exception as exc:  # one odd event must not end the turn
                        log.warning("could not apply %s", type(event).__name__, exc_info=exc)
                        transcript.note_unshown(type(event).__name__, f"{type(exc).__name__}: {exc}"[:300], _raw(event))
                    if not named and transcript.session_id:
                        named = True
                        if self.session_id is None and transcript is self.transcript:
                            self.session_id = transcript.session_id
                            self.session_chosen.emit(self.session_id)
                        if request.session_id is None:
                            self._first_questions[(self.url, project_id, transcript.session_id)] = request.message
                            # A new chat: list it now, so that a user who reads another
                            # chat meanwhile can come back to this one.
                            self.spawn(self.refresh_sessions())
                    if not frame_due():  # (_changed's own first test, inlined: a call saved per event)
                        self._changed()
                    if heard - busy_since > YIELD_AFTER_S:
                        # Kept here, not per event (setting an attribute of a QObject
                        # costs a third of the loop's own work): a silence is told in
                        # seconds.
                        self._last_heard = heard
                        # A fast stream never makes the loop wait; hand it back to Qt now
                        # and then, so the window paints and answers input meanwhile.
                        await asyncio.sleep(0)
                        busy_since = time.monotonic()
                    handled = time.monotonic()
            transcript.end_of_stream()
        except asyncio.CancelledError:
            transcript.mark_stopped()
            self._changed()
            raise
        except ControllerError as exc:
            if not got_event:
                # Refused before it began: the controller keeps nothing of this question.
                transcript.fail(exc.message, stored=False)
                self.draft_returned.emit(request.message)
            else:
                transcript.fail(exc.message)
            self._changed()
            if isinstance(exc, Unauthorized):
                self._report(exc)
            elif isinstance(exc, LLMNotConfigured):
                self.llm_setup_needed.emit(exc.message)
        finally:
            self._keep_record(project_id, transcript)
            self.note_tools_used(transcript)
            self._flush_changes()
            # The next change (a question sent at once, Continue) is shown within a
            # frame, not paced as this stream's frames were (up to MAX_FRAME_MS).
            self._frame_ms = FRAME_MS
            # The turn is over for the user now: a refresh of the chat list must not
            # keep the next message waiting.
            self._turn = None
            self.turn_running.emit(False)
        self.spawn(self.refresh_sessions())

    def _keep_record(self, project_id: str, transcript) -> None:
        """What the controller's history will not show of this turn (a limit this app
        enforced, an answer cut short), kept so that a reopened chat shows it too."""
        record = transcript.record_of_turn()
        if record is not None and transcript.session_id:
            self.records.add(self.url, project_id, transcript.session_id, record)
            self.tell_once(self.records.problem)

    async def stop(self) -> None:
        """Abort the running turn through the controller, then hang up."""
        turn, transcript = self._turn, self.turn_transcript
        if turn is None or turn.done() or transcript is None:
            return
        transcript.request_abort()
        await self.abort_then_hang_up(turn, self.turn_project_id, transcript.session_id)

    async def abort_then_hang_up(self, task: asyncio.Task, project_id: str | None, session_id: str | None) -> None:
        """Stop a running stream through the controller's abort endpoint, so that it
        wraps up and stores the turn; hang up if it has not within the grace."""
        if project_id and session_id and self.client is not None:
            try:
                await self.client.abort(project_id, session_id)
            except ControllerError as exc:
                log.info("abort failed: %s", exc)
            done, _ = await asyncio.wait([task], timeout=ABORT_GRACE_S)
            if done:
                return
        task.cancel()

    # -- frames ---------------------------------------------------------------------

    _last_frame = 0.0  # time.perf_counter() of the last frame rendered
    # The window's render clock: milliseconds it has spent rendering so far (its
    # updates, slices, layout and paint; see ui/loop_turn). Without a window, what a
    # frame costs is its update.
    render_clock: Callable[[], float] | None = None
    _clock_at_frame = 0.0

    def _changed(self) -> None:
        if not self._frame.isActive():  # (_run_turn tests this before calling, per event)
            since_ms = (time.perf_counter() - self._last_frame) * 1000
            if since_ms >= self._frame_ms and self.render_clock is not None:
                # The first change after a pause: what the window rendered meanwhile
                # (another chat read, the window resized) is no frame of this stream's.
                self._clock_at_frame = self.render_clock()
            self._frame.start(int(max(FRAME_MS, self._frame_ms - since_ms)))

    def _flush_changes(self) -> None:
        self._frame.stop()
        self._last_frame = time.perf_counter()
        changed = self.transcript.take_changes()
        if not changed:
            return
        if self.render_clock is None:
            started = time.perf_counter()
            self.transcript_changed.emit(changed)
            cost_ms = (time.perf_counter() - started) * 1000
        else:
            # What the window rendered since the last frame: that frame's update, its
            # slices, its layout and paint.
            now = self.render_clock()
            cost_ms, self._clock_at_frame = now - self._clock_at_frame, now
            self.transcript_changed.emit(changed)
        # ...sets how soon the next frame may come.
        self._frame_ms = int(min(MAX_FRAME_MS, max(STREAM_FRAME_MS, cost_ms / RENDER_SHARE)))


def _raw(event: object) -> str:
    try:
        return event.model_dump_json()[:2000]  # type: ignore[attr-defined]
    except Exception:  # noqa: BLE001 - only for a notice
        return repr(event)[:2000]


def _first_error(exc: ValueError) -> str:
    errors = getattr(exc, "errors", None)
    if callable(errors):
        first = errors()[0]
        field = ".".join(str(p) for p in first.get("loc", ()))
        return f"{field}: {first.get('msg')}" if field else str(first.get("msg"))
    return str(exc)
