"""The transcript: what a user sees of a conversation, folded from events.

`Transcript.apply(event)` folds one event of the running turn into the items the chat
view shows (text, tool calls with their arguments and results, errors, notices), the
turn's state and its counters. `Transcript.from_history(history)` builds the same
items from a session's stored history, so live and loaded conversations look alike.

Every item carries a revision number and the transcript remembers which items changed
since the view last asked (`take_changes`), so the view re-renders only those.
Appending text is amortised O(len(chunk)): text is kept as a list of pieces.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from functools import cache
from typing import TYPE_CHECKING, Any

from .change_tools import is_change
from .items import (  # noqa: F401 - the items are part of the transcript's API
    AssistantText,
    ErrorNotice,
    InfoNotice,
    Item,
    ToolCall,
    ToolStatus,
    TurnState,
    UserMessage,
    _aborted_output,
)
from .limits import (
    LimitNotice,
    app_limit_message,
    continuing_words,
    detect_iteration_notice,
    detect_limit_notice,
)
from .translation import QT_TRANSLATE_NOOP, sentence, translate
from .turn_records import (
    CALLS_KEPT,
    ERROR_CHARS,
    PARTIAL_TEXT_CHARS,
    STOP_FAILED,
    STOP_LIMIT,
    STOP_NONE,
    STOP_LOST,
    STOP_USER,
    TurnRecord,
    capped,
    kept_call,
    shown_output,
)

if TYPE_CHECKING:
    from .events import (
        AbortEvent,
        ContentEvent,
        DoneEvent,
        ErrorEvent,
        LimitReachedEvent,
        MalformedEvent,
        StreamInterrupted,
        ToolCallEvent,
        ToolEndEvent,
        ToolStartEvent,
    )
    from .models import ConversationHistory


LIMIT_KINDS = ("tool_calls", "iterations", "time", "changes", "tool")
_KEPT_STATUSES = {s.value for s in ToolStatus}
# Notices in the app's words, translated when a notice is made (the transcript lives as
# long as the window, and a new language needs a restart). Turn records keep the kind of
# stop, never these words, so a chat reopened after a switch speaks the new language.
STOPPED_BY_USER = QT_TRANSLATE_NOOP("Transcript", "Stopped: you aborted this turn.")
CONNECTION_LOST = QT_TRANSLATE_NOOP("Transcript", "The connection to the controller was lost.")


def _kept(reason: str) -> str:
    """An interrupted turn's notice: why, and that nothing that arrived is lost."""
    return translate("Transcript", "{reason} What arrived is kept.").format(reason=reason)


@dataclass(eq=False)
class Transcript:
    items: list[Item] = field(default_factory=list)
    session_id: str | None = None
    title: str | None = None
    state: TurnState = TurnState.IDLE
    # Counters of the current turn.
    llm_turns: int = 0
    tool_calls_executed: int = 0
    max_iterations: int | None = None
    max_tool_calls: int | None = None
    limit_stop: LimitNotice | None = None
    limit_enforced_by: str | None = None  # "controller" or "app"
    abort_requested: bool = False

    def __post_init__(self) -> None:
        self._changed: set[int] = set()
        self._calls_by_id: dict[str, ToolCall] = {}
        self._turn_calls: list[ToolCall] = []
        self._awaiting_llm = True
        self._batch_complete = False
        self._reply_block: AssistantText | None = None  # the text that began the last reply
        self._error_seen = False
        self._aborted_seen = False
        self._limit_info: InfoNotice | None = None
        self._continued_with: dict[str, int | None] | None = None
        # The current turn: its user message, and which one of the session it is.
        self._user_count = 0
        self._turn_user: UserMessage | None = None
        self._turn_ordinal = -1
        # Records of turns that no longer match the history they were made for.
        self.dropped_records: list[TurnRecord] = []

    # -- the view's side ------------------------------------------------------------

    def take_changes(self) -> list[int]:
        """Indexes of items added or changed since the last call, in order."""
        changed = sorted(self._changed)
        self._changed.clear()
        return changed

    def assistant_text(self) -> str:
        return "".join(i.text for i in self.items if isinstance(i, AssistantText))

    def tool_calls(self) -> list[ToolCall]:
        return [i for i in self.items if isinstance(i, ToolCall)]

    def limit_notices(self) -> list[LimitNotice]:
        notices = [c.limit for c in self.tool_calls() if c.limit is not None]
        notices += [
            i.iteration_notice
            for i in self.items
            if isinstance(i, AssistantText) and i.iteration_notice is not None
        ]
        return notices

    @property
    def is_streaming(self) -> bool:
        return self.state == TurnState.STREAMING

    @property
    def refused_by_limit(self) -> int:
        """How many tool calls of the last turn a limit refused (a batch that did not fit)."""
        return sum(1 for call in self._turn_calls if call.status == ToolStatus.LIMIT)

    # -- building -------------------------------------------------------------------

    def _add(self, item: Item) -> Item:
        item.index = len(self.items)
        self.items.append(item)
        self._changed.add(item.index)
        return item

    def _touch(self, item: Item) -> None:
        item.revision += 1
        self._changed.add(item.index)

    def begin_turn(
        self,
        user_text: str,
        *,
        max_iterations: int | None = None,
        max_tool_calls: int | None = None,
        enforced_by: str | None = None,
        continued_with: dict[str, int | None] | None = None,
    ) -> None:
        """A new turn: the user's message, fresh counters and the limits it runs under.
        `continued_with`: the limits "Continue" raised, said under the message."""
        self._start_turn(user_text)
        self._continued_with = continued_with
        if continued_with:
            self._turn_user.note = continuing_words(continued_with)  # type: ignore[union-attr]
        self.state = TurnState.STREAMING
        self.llm_turns = 0
        self.tool_calls_executed = 0
        self.max_iterations = max_iterations
        self.max_tool_calls = max_tool_calls
        self.limit_stop = None
        self.limit_enforced_by = enforced_by
        self.abort_requested = False
        self._turn_calls = []
        self._calls_by_id = {}
        self._limit_info = None
        self._batch_complete = False
        self._awaiting_llm = True
        self._error_seen = False
        self._aborted_seen = False

    def _start_turn(self, user_text: str) -> None:
        self._turn_user = self._add(UserMessage(text=user_text))  # type: ignore[assignment]
        self._turn_ordinal = self._user_count
        self._user_count += 1

    def request_abort(self) -> None:
        self.abort_requested = True

    def fail(self, message: str, *, stored: bool = True) -> None:
        """The turn could not run: say why, in words. `stored=False`: the controller
        refused the request, so its history will not have this question either, and
        the next question is the one that takes its place (records count questions)."""
        self._settle_calls_without_result()
        self._add(ErrorNotice(text=message))
        self.state = TurnState.FAILED
        if not stored and self._turn_user is not None and self._turn_ordinal == self._user_count - 1:
            self._user_count -= 1
            self._turn_user = None

    def mark_stopped(self) -> None:
        """The user stopped the turn and the app hung up before `done` came."""
        if self.state != TurnState.STREAMING:
            return
        for call in self._turn_calls:
            if not call.finished:
                call.status = ToolStatus.ABORTED
                self._touch(call)
        self.state = TurnState.ABORTED
        self._add(InfoNotice(text=translate("Transcript", STOPPED_BY_USER), kind="aborted"))

    def _last_text(self) -> AssistantText:
        last = self.items[-1] if self.items else None
        if isinstance(last, AssistantText):
            return last
        return self._add(AssistantText())  # type: ignore[return-value]

    def _llm_activity(self, new: bool = True) -> None:
        """The LLM writes; `new`: this is not more of a call already shown."""
        if self._awaiting_llm or (self._batch_complete and new):
            # The real server does not always send tool_start/tool_end (seen: neither, or
            # a start and no end, for a tool that failed): a new answer after a batch
            # means the batch was run (or refused with a notice, which `_on_done` tells
            # apart).
            for call in self._turn_calls:
                if call.status in (ToolStatus.READY, ToolStatus.RUNNING):
                    call.superseded = True
            self.llm_turns += 1
            self._awaiting_llm = False
            self._batch_complete = False
            # Tool-call ids are scoped to one reply of the LLM: controllers that number
            # calls per response repeat them, and a repeat is a new call.
            self._calls_by_id = {}

    def apply(self, event: Any) -> None:
        """Fold one event of the running turn in. Never raises on odd input."""
        if self.state == TurnState.IDLE:
            self.state = TurnState.STREAMING
        session_id = getattr(event, "session_id", None)
        if session_id and not self.session_id:
            self.session_id = session_id
        handler = _handlers().get(type(event))
        if handler is not None:
            handler(self, event)
        # Heartbeats and unknown types change nothing a user sees.

    def _on_content(self, event: ContentEvent) -> None:
        # The hot path of a long answer (thousands of events a second): the checks of
        # `_llm_activity`, `_last_text` and `_touch` are written out here.
        content = event.content
        if not content:
            return
        turns = self.llm_turns
        if self._awaiting_llm or self._batch_complete:
            self._llm_activity()
        items = self.items
        block = items[-1] if items else None
        if not isinstance(block, AssistantText):
            block = self._add(AssistantText())
        if self.llm_turns != turns:
            self._reply_block = block
        block.append(content)
        if block.iteration_notice is None and block.length < 400:
            block.iteration_notice = detect_iteration_notice(block.text)
            if block.iteration_notice is not None:
                self._stop_on_limit(block.iteration_notice, "controller")
                if block is self._reply_block:
                    self.llm_turns -= 1  # the controller's notice, not the model's answer
        block.revision += 1
        self._changed.add(block.index)

    def _on_tool_call(self, event: ToolCallEvent) -> None:
        delta = event.tool_call
        self._llm_activity(new=delta.id not in self._calls_by_id)
        if delta.function.complete:
            self._batch_complete = True
        call = self._calls_by_id.get(delta.id)
        if call is None:
            call = ToolCall(id=delta.id, name=delta.function.name)
            self._calls_by_id[delta.id] = call
            self._turn_calls.append(call)
            self._add(call)
        if delta.function.name:
            call.name = delta.function.name
        call.set_arguments(delta.function.arguments, delta.function.complete)
        if delta.function.complete:
            # Only the last call of a parallel batch gets `complete`: the others of
            # the same LLM turn are complete as well by then.
            for other in self._turn_calls:
                if other.status == ToolStatus.WRITING:
                    other.set_arguments(other.arguments, True)
                    self._touch(other)
        self._touch(call)

    def _find_call(self, name: str, call_id: str | None, *, started: bool | None) -> ToolCall | None:
        if call_id and call_id in self._calls_by_id:
            return self._calls_by_id[call_id]
        for call in self._turn_calls:
            if call.finished or (name and call.name != name):
                continue
            if started is None or call.started == started:
                return call
        return None

    def _on_tool_start(self, event: ToolStartEvent) -> None:
        self._awaiting_llm = True
        call = self._find_call(event.tool_name, event.tool_call_id, started=False)
        if call is None:
            call = self._refused_but_started(event.tool_name)
        if call is None:
            call = self._orphan_call(event.tool_name, event.tool_call_id)
        call.started = True
        call.status = ToolStatus.RUNNING
        call.limit = None
        if not call.complete:
            call.set_arguments(call.arguments, True)
        self.tool_calls_executed += 1
        self._touch(call)

    @property
    def stopped_by_app_limit(self) -> bool:
        """A limit this app holds stopped this turn (not the user, not the controller)."""
        return self.limit_stop is not None and self.limit_stop.enforced_by == "app"

    def _refused_but_started(self, name: str) -> ToolCall | None:
        """A call this app refused for a limit, which the controller started before the
        abort reached it: it did run, so it is shown running, not refused."""
        if not self.stopped_by_app_limit:
            return None
        return next(
            (c for c in self._turn_calls if c.status == ToolStatus.LIMIT and not c.started and c.name == name),
            None,
        )

    def end_of_stream(self) -> None:
        """The stream is over, however it ended: no card may keep spinning."""
        self._resolve_unannounced()
        self._end_unfinished_calls()
        if self.state == TurnState.STREAMING:
            from .events import StreamInterrupted

            self.apply(StreamInterrupted())
        self._settle_limit_count()
        self._place_limit_notice()

    def _settle_limit_count(self) -> None:
        """A limit this app enforced says how many tools really ran: known only once the
        controller has answered every call (an abort can land after a tool started)."""
        stop = self.limit_stop
        if stop is None:
            return
        ran = [c for c in self._turn_calls if c.status == ToolStatus.DONE]
        if stop.kind == "changes":
            self._settle_limit_count_to(sum(1 for c in ran if is_change(c.name)))
        elif stop.kind == "tool":
            self._settle_limit_count_to(sum(1 for c in ran if c.name == stop.tool))
        elif stop.kind == "tool_calls":
            self._settle_limit_count_to(self.tool_calls_executed)

    def _settle_limit_count_to(self, count: int | None) -> None:
        stop = self.limit_stop
        if stop is None or stop.enforced_by != "app" or stop.kind in ("iterations", "time") or count is None:
            return
        if stop.count == count:
            return
        settled = replace(stop, count=count, text=app_limit_message(stop.kind, stop.limit, count, stop.tool))
        self.limit_stop = settled
        for call in self._turn_calls:
            if call.limit is stop:
                call.limit = settled
                self._touch(call)
        if self._limit_info is not None:
            self._limit_info.text = self._flag_words()
            self._touch(self._limit_info)

    def _orphan_call(self, name: str, call_id: str | None) -> ToolCall:
        """A result for a call the stream never announced: show it all the same."""
        call = ToolCall(id=call_id or f"unannounced-{len(self.items)}", name=name, complete=True)
        call.parsed_arguments = {}
        self._calls_by_id[call.id] = call
        self._turn_calls.append(call)
        self._add(call)
        return call

    def _on_tool_end(self, event: ToolEndEvent) -> None:
        self._awaiting_llm = True
        output = event.tool_output
        aborted = _aborted_output(output)
        call_id = event.tool_call_id or (aborted or {}).get("tool_call_id")
        call = self._find_call(event.tool_name, call_id, started=True)
        if call is None:
            call = self._find_call(event.tool_name, call_id, started=None)
        if call is None:
            call = self._orphan_call(event.tool_name, call_id)
        self._finish_call(call, output, counted=call.started, aborted=aborted)
        self._touch(call)

    def _finish_call(self, call: ToolCall, output: str, *, counted: bool, aborted: dict | None = None) -> None:
        call.output = output
        if not call.complete:
            call.set_arguments(call.arguments, True)
        notice = detect_limit_notice(output)
        if notice is not None:
            call.status = ToolStatus.LIMIT
            call.limit = notice
            self._stop_on_limit(notice, "controller")
        elif (aborted if aborted is not None else _aborted_output(output)) is not None:
            if call.started and counted:
                self.tool_calls_executed -= 1  # it was counted at its start, but did not run
            # An abort that this app sent to enforce a limit is a limit stop, not
            # the user's abort.
            if self.stopped_by_app_limit:
                call.status = ToolStatus.LIMIT
                call.limit = self.limit_stop
            else:
                call.status = ToolStatus.ABORTED
                self._aborted_seen = True
        else:
            call.status = ToolStatus.DONE
            if not counted:
                # Controllers that send no tool_start still ran the tool.
                self.tool_calls_executed += 1

    def _stop_on_limit(self, notice: LimitNotice, enforced_by: str) -> None:
        if self.limit_stop is None:
            self.limit_stop = notice
            self.limit_enforced_by = enforced_by

    def _on_error(self, event: ErrorEvent) -> None:
        self._error_seen = True
        self._add(ErrorNotice(text=event.error))

    def _on_done(self, event: DoneEvent) -> None:
        self._resolve_unannounced()
        self._infer_iteration_stop()
        self._settle_limit_count()
        self._place_limit_notice()
        self._end_unfinished_calls()
        if self._error_seen:
            self.state = TurnState.FAILED
        elif (self.abort_requested or self._aborted_seen) and not self.stopped_by_app_limit:
            self.state = TurnState.ABORTED
        else:
            self.state = TurnState.DONE
        if self.state == TurnState.ABORTED:
            self._add(InfoNotice(text=translate("Transcript", STOPPED_BY_USER), kind="aborted"))

    def _on_abort(self, event: AbortEvent) -> None:
        self._aborted_seen = True

    def _on_limit_reached(self, event: LimitReachedEvent) -> None:
        notice = LimitNotice(
            event.kind, event.limit, event.count,
            app_limit_message(event.kind, event.limit, event.count, event.tool), event.enforced_by, event.tool,
        )
        self.limit_stop = notice
        self.limit_enforced_by = event.enforced_by
        for call in self._turn_calls:
            if not call.finished and not call.started:
                call.status = ToolStatus.LIMIT
                call.limit = notice
                self._touch(call)
        # The notice goes under the turn once it is over (`_place_limit_notice`): the
        # model may still be writing calls, which are refused too.
        self.state = TurnState.DONE

    def _end_unfinished_calls(self) -> None:
        """The turn is over: a call that never ran was refused by this app's limit (the
        model went on writing after the abort), or aborted (an error, a Stop)."""
        for call in self._turn_calls:
            if not call.finished:
                if self.stopped_by_app_limit:
                    call.status, call.limit = ToolStatus.LIMIT, self.limit_stop
                else:
                    call.status = ToolStatus.ABORTED
                self._touch(call)

    def _resolve_unannounced(self) -> None:
        """Calls the controller never said it ran, though the model answered after them:
        they ran, unless the controller stopped the turn for a limit with a notice."""
        stop = self.limit_stop
        refused = stop is not None and stop.enforced_by == "controller" and stop.kind in ("iterations", "time")
        for call in self._turn_calls:
            if call.superseded and not call.finished and not refused:
                if not call.started:
                    self.tool_calls_executed += 1
                call.status, call.started = ToolStatus.DONE, True
                self._touch(call)

    def _place_limit_notice(self) -> None:
        """The turn's one limit flag, under it: whoever enforced the limit, live and in
        a reopened chat alike. The refused cards and the controller's own message say
        the detail; they carry no flag of their own (one stop showed five)."""
        if self.limit_stop is not None and self._limit_info is None:
            self._limit_info = self._add(  # type: ignore[assignment]
                InfoNotice(text=self._flag_words(), kind="limit")
            )

    def _flag_words(self) -> str:
        return self._told_stop().flag()

    def stop_flag(self) -> str:
        """The stopped turn's one flag, as its notice line says it (and a screen reader
        is told when the stop happens)."""
        if self._limit_info is not None:
            return self._limit_info.text  # the words placed, word for word
        return self._flag_words()

    def stop_summary(self) -> str:
        """Which limit stopped the turn and what happened, as its flag says it."""
        return self._told_stop().summary()

    def _told_stop(self) -> LimitNotice:
        """The stop, with how many calls the refused batch asked for (known once the turn
        is over): "0 of 2 used" next to a stop read as a contradiction."""
        stop = self.limit_stop
        assert stop is not None
        refused = self.refused_by_limit
        return replace(stop, asked=refused) if refused and stop.asked is None else stop

    def note_unshown(self, what: str, reason: str, raw: str) -> None:
        """An event that could not be folded in: say so where it was, keep its raw text,
        and let the turn go on."""
        text = translate("Transcript", "Could not show this part ({what}): {reason}. Raw text: {raw}")
        self._add(InfoNotice(text=sentence(text, what=what, reason=reason, raw=raw[:2000]), kind="malformed"))

    def _on_malformed(self, event: MalformedEvent) -> None:
        text = translate("Transcript", "The controller sent something this app could not read ({reason}); it was skipped.")
        self._add(InfoNotice(text=sentence(text, reason=event.reason), kind="malformed"))

    def _on_interrupted(self, event: StreamInterrupted) -> None:
        if self.state != TurnState.STREAMING:
            return
        self._settle_calls_without_result()  # the turn is over: none of them is still to run
        if self._error_seen:
            # An error outside the agent ends the stream without `done`: the error
            # already says what happened.
            self.state = TurnState.FAILED
            return
        self.state = TurnState.INTERRUPTED
        self._add(InfoNotice(text=_kept(event.reason), kind="interrupted"))

    def _infer_iteration_stop(self) -> None:
        """A turn that used all its iterations and ended on tool results, not an answer."""
        if self.limit_stop is not None or not self.max_iterations:
            return
        last = self.items[-1] if self.items else None
        if self.llm_turns >= self.max_iterations and isinstance(last, ToolCall):
            notice = LimitNotice(
                "iterations",
                self.max_iterations,
                self.llm_turns,
                app_limit_message("iterations", self.max_iterations, self.llm_turns),
            )
            self._stop_on_limit(notice, self.limit_enforced_by or "controller")

    # -- history ----------------------------------------------------------------------

    @classmethod
    def from_history(
        cls, history: ConversationHistory, records: dict[int, TurnRecord] | None = None
    ) -> Transcript:
        """The conversation as stored by the controller, with what this app recorded of
        its turns (`records`, by ordinal) put back where the history lacks it."""
        transcript = cls(session_id=history.thread_id, title=history.title)
        records = records or {}
        for message in history.messages:
            if message.role in ("user", "human"):
                transcript._close_history_turn(records)
            transcript._add_history_message(message)
        transcript._close_history_turn(records)
        transcript.dropped_records += [r for o, r in records.items() if o >= transcript._user_count]
        transcript.state = TurnState.DONE if history.messages else TurnState.IDLE
        transcript._changed = set(range(len(transcript.items)))
        return transcript

    def _close_history_turn(self, records: dict[int, TurnRecord]) -> None:
        record = records.get(self._turn_ordinal)
        if record is not None and self._turn_user is not None:
            if record.user_text != self._turn_user.text or not self._apply_record(record):
                self.dropped_records.append(record)
        if self._turn_user is not None:
            self._place_limit_notice()  # a stop the controller's own messages tell
        self._settle_calls_without_result()

    def _settle_calls_without_result(self) -> None:
        """The turn is over (stored, cut off, failed): a call with no result never ran,
        or not to its end. Shown as not run, never as still to come."""
        for call in self._turn_calls:
            if not call.finished:
                call.status = ToolStatus.ABORTED
                self._touch(call)

    def _apply_record(self, record: TurnRecord) -> bool:
        """Put back what the history lacks of this turn; False when the record does not
        fit it (then nothing was changed)."""
        if record.stop == STOP_LIMIT and (record.limit_kind not in LIMIT_KINDS or record.limit is None):
            return False
        if record.continued_with and self._turn_user is not None:
            self._turn_user.note = continuing_words(record.continued_with)
            self._touch(self._turn_user)
        if record.stop == STOP_NONE:
            return True
        # The controller kept only the question when the app hung up (a Stop, a lost
        # connection, a drain that timed out after a limit): what the user saw comes back.
        turn_items = self.items[self._turn_user.index + 1 :] if self._turn_user else []
        restored = not turn_items and (record.partial_text or record.calls)
        if record.stop == STOP_LIMIT:
            known = {c.id for c in self._turn_calls} | ({c.id for c in record.calls} if restored else set())
            done = {c.id for c in self._turn_calls if c.status == ToolStatus.DONE}
            if any(i not in known or i in done for i in record.refused_ids):
                return False
        if restored:
            self._restore(record)
        if record.stop == STOP_LIMIT:
            from .events import LimitReachedEvent

            self.apply(LimitReachedEvent(
                kind=record.limit_kind, limit=record.limit, count=record.limit_count or 0,  # type: ignore[arg-type]
                tool=record.limit_tool,
            ))
            by_id = {c.id: c for c in self._turn_calls}
            for call_id in record.refused_ids:
                by_id[call_id].status, by_id[call_id].limit = ToolStatus.LIMIT, self.limit_stop
            self._settle_limit_count_to(record.limit_count)
            self._place_limit_notice()
        elif record.stop == STOP_USER:
            self._add(InfoNotice(text=translate("Transcript", STOPPED_BY_USER), kind="aborted"))
        elif record.stop == STOP_FAILED:
            self._add(ErrorNotice(text=record.error or ""))
        else:
            self._add(InfoNotice(text=_kept(translate("Transcript", CONNECTION_LOST)), kind="interrupted"))
        return True

    def _restore(self, record: TurnRecord) -> None:
        if record.partial_text:
            block = AssistantText()
            block.append(record.partial_text)
            self._add(block)
        for kept in record.calls:
            call = ToolCall(id=kept.id, name=kept.name)
            call.set_arguments(kept.arguments, True)
            call.status = ToolStatus(kept.status) if kept.status in _KEPT_STATUSES else ToolStatus.ABORTED
            call.output, call.started = shown_output(kept), call.status == ToolStatus.DONE
            self._turn_calls.append(call)
            self._add(call)

    def record_of_turn(self) -> TurnRecord | None:
        """What the controller's history will lack of the turn that just ended, or None.
        Besides the stop, it keeps the answer as the user saw it, for when the
        controller kept only the question (the app hung up)."""
        if self._turn_user is None:
            return None
        stop = self.limit_stop
        limit = stop is not None and stop.enforced_by == "app"
        if not limit and self.state not in (TurnState.ABORTED, TurnState.INTERRUPTED, TurnState.FAILED):
            if not self._continued_with:
                return None
            return TurnRecord(self._turn_ordinal, self._turn_user.text, STOP_NONE, continued_with=self._continued_with)
        text = "".join(
            i.text for i in self.items[self._turn_user.index + 1 :] if isinstance(i, AssistantText)
        )
        calls = [kept_call(c) for c in self._turn_calls[:CALLS_KEPT]]
        record = TurnRecord(self._turn_ordinal, self._turn_user.text, STOP_LIMIT, partial_text=capped(text, PARTIAL_TEXT_CHARS), calls=calls)
        if limit:
            assert stop is not None
            record.limit_kind, record.limit, record.limit_count, record.limit_tool = stop.kind, stop.limit, stop.count, stop.tool
            record.refused_ids = [c.id for c in self._turn_calls if c.status == ToolStatus.LIMIT][:CALLS_KEPT]
        elif self.state == TurnState.FAILED:
            record.stop = STOP_FAILED
            errors = [i.text for i in self.items[self._turn_user.index + 1 :] if isinstance(i, ErrorNotice)]
            record.error = capped(errors[-1] if errors else "", ERROR_CHARS)
        else:
            record.stop = STOP_USER if self.state == TurnState.ABORTED else STOP_LOST
        record.continued_with = self._continued_with
        return record

    def _add_history_message(self, message: Any) -> None:
        role = message.role
        if role in ("user", "human"):
            self._start_turn(message.content or "")
            self._turn_calls = []
            self._calls_by_id = {}
            self.limit_stop, self._limit_info = None, None
        elif role in ("assistant", "ai"):
            if message.content:
                block = AssistantText()
                block.append(message.content)
                block.iteration_notice = detect_iteration_notice(message.content)
                if block.iteration_notice is not None:
                    self._stop_on_limit(block.iteration_notice, "controller")
                self._add(block)
            if message.tool_calls:
                self._calls_by_id = {}  # ids are scoped to one reply, as live
            for tool_call in message.tool_calls or []:
                arguments = tool_call.function.arguments
                text = arguments if isinstance(arguments, str) else json.dumps(
                    arguments if arguments is not None else {}, ensure_ascii=False
                )
                call = ToolCall(id=tool_call.id, name=tool_call.function.name)
                if isinstance(arguments, (dict, list)):
                    # Already an object: no need to print it and parse it back.
                    call.arguments, call.complete, call.parsed_arguments = text, True, arguments
                    call.status = ToolStatus.READY
                else:
                    call.set_arguments(text, True)
                self._calls_by_id[call.id] = call
                self._turn_calls.append(call)
                self._add(call)
        elif role == "tool":
            call = self._find_call(message.name or "", message.tool_call_id, started=None)
            if call is None:
                call = self._orphan_call(message.name or "tool", message.tool_call_id)
            call.started = True
            self._finish_call(call, message.content or "", counted=False)
        # System prompts and other roles are not part of what the user sees.


@cache
def _handlers() -> dict[type, Any]:
    """Each event class's handler. Made at the first event: the event classes are
    pydantic models, loaded after the window and the sign-in dialog are up, and an
    empty transcript (the presenter's first) needs none of them."""
    from . import events as e

    return {
        e.ContentEvent: Transcript._on_content,
        e.ToolCallEvent: Transcript._on_tool_call,
        e.ToolStartEvent: Transcript._on_tool_start,
        e.ToolEndEvent: Transcript._on_tool_end,
        e.ErrorEvent: Transcript._on_error,
        e.DoneEvent: Transcript._on_done,
        e.AbortEvent: Transcript._on_abort,
        e.LimitReachedEvent: Transcript._on_limit_reached,
        e.MalformedEvent: Transcript._on_malformed,
        e.StreamInterrupted: Transcript._on_interrupted,
    }
