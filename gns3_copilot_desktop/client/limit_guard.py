"""Runtime limits enforced by this app, for controllers that do not enforce them.

It follows the design's rules: one iteration is one LLM call plus the tools it asked
for; a batch of tool calls that would pass `max_tool_calls` must not run at all. The
guard watches the events of one turn and says when the next step would pass a limit:
when the LLM starts a call past `max_iterations`, or when the last call of a batch is
complete and the batch would pass `max_tool_calls` (so the abort reaches the controller
before the batch runs).
"""

from __future__ import annotations

from ..protocol.events import (
    ContentEvent,
    LimitReachedEvent,
    ToolCallEvent,
    ToolEndEvent,
    ToolStartEvent,
)


class LimitGuard:
    def __init__(self, max_iterations: int | None, max_tool_calls: int | None):
        self.max_iterations = max_iterations
        self.max_tool_calls = max_tool_calls
        self.llm_turns = 0
        self.tool_calls = 0
        self._awaiting_llm = True
        self._batch: set[str] = set()

    def check(self, event: object) -> LimitReachedEvent | None:
        """The limit this event passes, or None. Call once per event, in order."""
        session_id = getattr(event, "session_id", None)
        if isinstance(event, (ContentEvent, ToolCallEvent)):
            if isinstance(event, ContentEvent) and not event.content:
                return None
            if self._awaiting_llm:
                if self.max_iterations is not None and self.llm_turns + 1 > self.max_iterations:
                    return LimitReachedEvent(
                        kind="iterations", limit=self.max_iterations, count=self.llm_turns,
                        session_id=session_id,
                    )
                self.llm_turns += 1
                self._awaiting_llm = False
                self._batch = set()
            if isinstance(event, ToolCallEvent):
                self._batch.add(event.tool_call.id)
                if event.tool_call.function.complete and self._over_tools(len(self._batch)):
                    return self._tool_limit(session_id)
        elif isinstance(event, ToolStartEvent):
            self._awaiting_llm = True
            # A controller that never marks calls complete is caught here instead.
            if self._over_tools(1):
                return self._tool_limit(session_id)
            self.tool_calls += 1
        elif isinstance(event, ToolEndEvent):
            self._awaiting_llm = True
        return None

    def _over_tools(self, more: int) -> bool:
        return self.max_tool_calls is not None and self.tool_calls + more > self.max_tool_calls

    def _tool_limit(self, session_id: str | None) -> LimitReachedEvent:
        assert self.max_tool_calls is not None
        return LimitReachedEvent(
            kind="tool_calls", limit=self.max_tool_calls, count=self.tool_calls,
            session_id=session_id,
        )
