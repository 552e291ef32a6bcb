"""Runtime limits enforced by this app, for controllers that do not enforce them (the
real GNS3 Copilot today ignores `max_iterations` and `max_tool_calls`).

The design's rules: one iteration is one LLM call plus the tools it asked for; a batch
of tool calls that would pass `max_tool_calls` must not run at all.

Why the guard acts on the first sign, not on `complete`: the real server marks only the
last call of a batch `complete`, when the LLM has finished writing, then runs the whole
batch at once and looks at the abort flag only between its steps. An abort sent at
`complete` arrives while the batch runs: too late. So the guard watches the calls as the
LLM writes them:

- tool calls: the moment a call id appears that makes the batch pass the limit (the
  tools that already ran plus this batch's calls so far), abort: the batch has not
  started, so none of it runs;
- iterations: the N-th LLM call may answer, but the tools it asks for do not run: the
  moment its first call id appears, abort. That is what the design does (no LLM call
  would be left to read those tools' results: `max_iterations=1` is one answer and no
  tool), and it is the only sign in the stream that is always in time. Letting the
  N-th call's tools run and aborting before the next call was measured against the
  real server (docs/real-copilot-timing.md): aborted as the last tool started, the
  model was called an (N+1)-th time in 7 of 32 runs; as it ended, in 20 of 20.

- configuration changes and per-tool limits (the design's phase 2): counted like the
  tool calls, per call as its id and name appear; a call that would pass one is refused
  the same way. Which tools change the lab is said in `protocol.change_tools`.

The time limit is not an event's: the client's stream aborts when the time is up.

Tool-call ids are scoped to their batch: controllers that number calls per response
repeat them, and the real server sends the first `tool_call` event of a batch twice.
"""

from __future__ import annotations

from typing import Any

from ..protocol.change_tools import is_change
from ..protocol.events import (
    ContentEvent,
    LimitReachedEvent,
    ToolCallEvent,
    ToolEndEvent,
    ToolStartEvent,
)


class LimitGuard:
    def __init__(
        self,
        max_iterations: int | None,
        max_tool_calls: int | None,
        *,
        max_changes: int | None = None,
        tool_limits: dict[str, int] | None = None,
    ):
        self.max_iterations = max_iterations
        self.max_tool_calls = max_tool_calls
        self.max_changes = max_changes
        self.tool_limits = dict(tool_limits or {})
        # Calls per tool name, and changes, counted as each call's id first appears
        # (a refused batch ends the turn, so what is counted is what was asked for).
        self._per_tool: dict[str, int] = {}
        self._changes = 0
        self.llm_turns = 0
        self.tools_started = 0  # of earlier batches and of this one
        self._writing = False  # the LLM is writing the current reply
        self._batch: list[str] = []  # ids of the current reply's calls, in order
        self._batch_complete = False  # the reply's last call is written
        self._started_in_batch = 0

    @classmethod
    def for_request(cls, request: Any, caps: Any, max_changes: int | None = None) -> "LimitGuard | None":
        """A guard for the limits of `request` that the controller does not enforce
        itself (`caps.enforces(field)`) and for `max_changes`, which no controller
        knows; None when there is none to hold."""
        guard = cls(
            None if caps.enforces("max_iterations") else request.max_iterations,
            None if caps.enforces("max_tool_calls") else request.max_tool_calls,
            max_changes=max_changes,
            tool_limits=None if caps.enforces("tool_limits") else request.tool_limits,
        )
        held = (guard.max_iterations, guard.max_tool_calls, guard.max_changes)
        return guard if any(v is not None for v in held) or guard.tool_limits else None

    def check(self, event: object) -> LimitReachedEvent | None:
        """The limit this event passes, or None. Call once per event, in order, as soon
        as it arrives: the caller aborts the turn when it gets a limit."""
        if type(event) is ContentEvent and self._writing and not self._batch_complete:
            return None  # more of the reply being written: nothing to count (the hot path)
        session_id = getattr(event, "session_id", None)
        if isinstance(event, (ContentEvent, ToolCallEvent)):
            if isinstance(event, ContentEvent) and not event.content:
                return None
            if not self._writing or (self._batch_complete and self._is_new(event)):
                # The real server sends no tool_start/tool_end for some tools: a new
                # answer after a complete batch is then the sign that it ran.
                self._new_reply()
                if self.max_iterations is not None and self.llm_turns > self.max_iterations:
                    # Too late to keep the model from being called (the abort raced
                    # the controller): stop it writing, at least.
                    return self._iteration_limit(session_id)
            if isinstance(event, ToolCallEvent) and event.tool_call.function.complete:
                self._batch_complete = True
            if isinstance(event, ToolCallEvent) and event.tool_call.id not in self._batch:
                self._batch.append(event.tool_call.id)
                if self._last_iteration():
                    return self._iteration_limit(session_id)
                if self._over_tools(self.tools_started + len(self._batch)):
                    return self._tool_limit(session_id)
                name = event.tool_call.function.name
                if name:
                    stop = self._count_named(name, session_id)
                    if stop is not None:
                        return stop
        elif isinstance(event, ToolStartEvent):
            self._writing = False
            self.tools_started += 1
            self._started_in_batch += 1
            if not self._batch:
                # A controller that never announced its calls: the start is all we see.
                if self._over_tools(self.tools_started):
                    return self._tool_limit(session_id)
                stop = self._count_named(event.tool_name, session_id)
                if stop is not None:
                    return stop
        elif isinstance(event, ToolEndEvent):
            self._writing = False
        return None

    def _last_iteration(self) -> bool:
        return self.max_iterations is not None and self.llm_turns >= self.max_iterations

    def _count_named(self, name: str, session_id: str | None) -> LimitReachedEvent | None:
        """Count one more call of `name`; the limit it passes, if any."""
        self._per_tool[name] = self._per_tool.get(name, 0) + 1
        limit = self.tool_limits.get(name)
        if limit is not None and self._per_tool[name] > limit:
            return LimitReachedEvent(
                kind="tool", tool=name, limit=limit, count=self._per_tool[name] - 1, session_id=session_id,
            )
        if is_change(name):
            self._changes += 1
            if self.max_changes is not None and self._changes > self.max_changes:
                return LimitReachedEvent(
                    kind="changes", limit=self.max_changes, count=self._changes - 1, session_id=session_id,
                )
        return None

    def _is_new(self, event: object) -> bool:
        return isinstance(event, ContentEvent) or event.tool_call.id not in self._batch  # type: ignore[attr-defined]

    def _new_reply(self) -> None:
        # Calls of the last batch that ran without a tool_start to say so.
        self.tools_started += max(0, len(self._batch) - self._started_in_batch)
        self.llm_turns += 1
        self._writing = True
        self._batch_complete = False
        self._started_in_batch = 0
        self._batch = []

    def _over_tools(self, count: int) -> bool:
        return self.max_tool_calls is not None and count > self.max_tool_calls

    def _tool_limit(self, session_id: str | None) -> LimitReachedEvent:
        assert self.max_tool_calls is not None
        # The count is what ran before the refused batch; the transcript corrects it
        # to what really ran once the controller has answered every call.
        ran = self.tools_started - (0 if self._batch else 1)
        return LimitReachedEvent(
            kind="tool_calls", limit=self.max_tool_calls, count=max(0, ran), session_id=session_id,
        )

    def _iteration_limit(self, session_id: str | None) -> LimitReachedEvent:
        assert self.max_iterations is not None
        return LimitReachedEvent(
            kind="iterations", limit=self.max_iterations, count=min(self.llm_turns, self.max_iterations),
            session_id=session_id,
        )
