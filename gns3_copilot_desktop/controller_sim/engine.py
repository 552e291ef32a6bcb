"""One chat turn, played the way the runtime-limits design says the Copilot works.

- One iteration is one LLM call plus the tools it asked for. `max_iterations` (default
  20) caps the LLM calls; the tools of the last allowed call do not run, since no LLM
  call could read their results (so `max_iterations=1` is one answer, no tools).
- `max_tool_calls` (default unlimited, i.e. 999) caps executed tool calls. A batch that
  would pass it does not run at all: each call gets a tool message that starts
  `Tool call limit reached (N calls).`, and the agent then answers with what it managed.
- Phase 2 of the design: `max_execution_time_seconds` stops the turn before the next
  LLM call once the time is up, with an assistant notice that starts `Execution time
  limit reached (N seconds).`; `tool_limits` caps the calls of named tools like
  `max_tool_calls` caps all (the whole batch refused, `Tool limit reached for NAME`).
  Configuration changes are left to the app: no controller knows that limit.
- Abort: text being written finishes; pending tools do not run and each gets a
  `tool_end` with `{"status": "aborted", ...}`; then `done`.
- The turn is stored in the session's history only when it ends: a client that hangs
  up leaves just the user's message, as with the real controller.

`behave="upstream"` plays a turn the way the real GNS3 Copilot does today (measured
against it, see ../shared/peers/README.md), so that the app's own enforcement of the
limits can be tried without it: the limit fields are ignored (20 LLM calls, any number
of tools), the first `tool_call` event of a batch is sent twice, and the abort flag is
looked at only between steps: before a batch runs and before the next LLM call, never
between the tools of a batch.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any

from ..protocol.limits import iteration_limit_message, per_tool_limit_message, time_limit_notice, tool_limit_message
from ..protocol.models import DEFAULT_MAX_ITERATIONS
from .agent import LLMReply, ToolCallSpec, ToolResult, call_key, earlier_results, going_on, plan, run_tool, task_of, wrap_up
from .faults import Faults
from .hostile import Play
from .lab import Lab
from .sessions import Session

UNLIMITED_TOOL_CALLS = 999
UPSTREAM_RECURSION_LIMIT = 20  # the real Copilot's hard-coded `remaining_steps`
BEHAVIOURS = ("design", "upstream")


class RawChunk(bytes):
    """Bytes sent as they are (the `malformed` fault)."""


@dataclass
class TurnSettings:
    pace_s: float = 0.0  # seconds between streamed pieces
    heartbeat_s: float = 3.0
    faults: Faults = field(default_factory=Faults)
    behave: str = "design"  # or "upstream": see the module's docstring

    @property
    def upstream(self) -> bool:
        return self.behave == "upstream"

    @property
    def tool_s(self) -> float:
        return self.faults.slow_tools_s if self.faults.slow_tools_s is not None else self.pace_s * 15


def text_pieces(text: str) -> list[str]:
    """Text as an LLM streams it: a few words, or a few CJK characters, at a time."""
    tokens = re.findall(r"[\u4e00-\u9fff\u3000-\u303f\uff00-\uffef]|\s*[^\s\u4e00-\u9fff]+\s*|\s+", text)
    pieces, current = [], ""
    for token in tokens:
        current += token
        if len(current) >= 8:
            pieces.append(current)
            current = ""
    if current:
        pieces.append(current)
    return pieces


def argument_steps(arguments: dict[str, Any]) -> list[str]:
    """The growing argument strings of a streamed tool call: two empty ones first, as
    the recordings show, then longer prefixes up to the whole JSON."""
    whole = json.dumps(arguments, ensure_ascii=False)
    cuts = sorted({max(1, len(whole) * k // 4) for k in (1, 2, 3)} | {len(whole)})
    return ["", ""] + [whole[:cut] for cut in cuts]


class Turn:
    def __init__(
        self,
        *,
        lab: Lab,
        session: Session,
        message: str,
        max_iterations: int | None,
        max_tool_calls: int | None,
        settings: TurnSettings,
        abort: asyncio.Event,
        on_node_change: Callable[[dict[str, Any]], None] = lambda node: None,
        max_seconds: int | None = None,
        tool_limits: dict[str, int] | None = None,
        mode: str = "lab_automation_assistant",
        planner: Callable[..., Any] = plan,  # the fault-injection route plays its own script
    ):
        self.lab = lab
        self.session = session
        self.message = message
        if settings is not None and settings.upstream:  # the real Copilot ignores them all
            max_iterations, max_tool_calls = UPSTREAM_RECURSION_LIMIT, None
            max_seconds, tool_limits = None, None
        self.max_seconds = max_seconds
        self.tool_limits = dict(tool_limits or {})
        self.per_tool: dict[str, int] = {}
        self.max_iterations = max_iterations or DEFAULT_MAX_ITERATIONS
        self.max_tool_calls = max_tool_calls or UNLIMITED_TOOL_CALLS
        self.settings = settings
        self.abort = abort
        self.on_node_change = on_node_change
        self.mode = mode
        self.planner = planner
        self.iterations = 0
        self.tool_calls_count = 0
        self.messages: list[dict[str, Any]] = []  # stored when the turn ends

    def _event(self, kind: str, **fields: Any) -> dict[str, Any]:
        return {"type": kind, **fields, "session_id": self.session.thread_id}

    async def events(self) -> AsyncIterator[dict[str, Any] | RawChunk]:
        earlier = [m.get("content") or "" for m in self.session.messages if m.get("role") == "user"]
        self.session.add_message(role="user", content=self.message)
        from .hostile import parse

        played = self.settings.faults.play or parse(self.message)
        if played is not None:
            async for event in self._play(played):
                yield event
            return
        task = task_of(self.message, earlier)
        # Continued ("Please continue where you stopped."): what the turns before ran is
        # known, as it is to a model reading the chat; those calls are not made again.
        known = earlier_results(self.session.messages, task) if task != self.message else {}
        reused, said = 0, False
        script = self.planner(task, self.lab, self.mode)
        reply: LLMReply | None = next(script)
        executed: list[ToolResult] = []
        started = time.monotonic()
        while reply is not None:
            if known and reply.tool_calls and all(call_key(call) in known for call in reply.tool_calls):
                results = [ToolResult(call, known[call_key(call)]) for call in reply.tool_calls]
                executed += results
                reused += len(results)
                try:
                    reply = script.send(results)
                except StopIteration:
                    reply = None
                continue
            if reused and not said:
                reply = LLMReply(going_on(self.message, reused) + reply.text, reply.tool_calls)
                said = True
            if self.max_seconds is not None and self.iterations and time.monotonic() - started >= self.max_seconds:
                notice = time_limit_notice(self.max_seconds)
                async for event in self._stream_reply(LLMReply(notice)):
                    yield event
                self.messages.append({"role": "assistant", "content": notice})
                break
            self.iterations += 1
            async for event in self._stream_reply(reply):
                yield event
            calls = reply.tool_calls
            self.messages.append(self._assistant_message(reply))
            if not calls:
                break
            if self.abort.is_set():
                async for event in self._skip_aborted(calls):
                    yield event
                break
            if self.iterations >= self.max_iterations:
                # No LLM call is left to read these tools' results: they do not run.
                notice = iteration_limit_message(self.max_iterations)
                async for event in self._stream_reply(LLMReply(notice)):
                    yield event
                self.messages.append({"role": "assistant", "content": notice})
                break
            if self.tool_calls_count + len(calls) > self.max_tool_calls:
                for call in calls:
                    text = tool_limit_message(self.max_tool_calls, self.tool_calls_count)
                    yield self._event("tool_end", tool_name=call.name, tool_output=text)
                    self.messages.append(self._tool_message(call, text))
                reply = wrap_up(self.message, self.max_tool_calls, executed)
                continue
            over = self._over_tool_limit(calls)
            if over is not None:
                name, limit = over
                for call in calls:
                    text = per_tool_limit_message(name, limit, self.per_tool.get(name, 0))
                    yield self._event("tool_end", tool_name=call.name, tool_output=text)
                    self.messages.append(self._tool_message(call, text))
                reply = wrap_up(self.message, limit, executed, name)
                continue
            for call in calls:
                self.per_tool[call.name] = self.per_tool.get(call.name, 0) + 1
            results = []
            for index, call in enumerate(calls):
                if self.abort.is_set() and not self.settings.upstream:
                    async for event in self._skip_aborted(calls[index:]):
                        yield event
                    break
                async for event in self._run_tool(call, results):
                    yield event
            executed += [r for r in results if r.status == "done"]
            if self.abort.is_set():
                break
            try:
                reply = script.send(results)
            except StopIteration:
                reply = None
        self.session.commit_turn(self.messages, self.iterations, self.message)
        yield self._event("done")

    def _over_tool_limit(self, calls: list[ToolCallSpec]) -> tuple[str, int] | None:
        """The named tool whose limit this batch would pass, with that limit."""
        wanted: dict[str, int] = {}
        for call in calls:
            wanted[call.name] = wanted.get(call.name, 0) + 1
        for name, count in wanted.items():
            limit = self.tool_limits.get(name)
            if limit is not None and self.per_tool.get(name, 0) + count > limit:
                return name, limit
        return None

    async def _play(self, play: Play) -> AsyncIterator[dict[str, Any] | RawChunk]:
        """A hostile case, verbatim: the answer in pieces, raw bytes, one tool call."""
        self.iterations = 1
        step = max(1, play.piece_chars)
        for start in range(0, len(play.answer), step):
            yield self._event("content", content=play.answer[start:start + step])
            if self.settings.pace_s:
                await asyncio.sleep(self.settings.pace_s)
        if play.raw is not None:
            yield RawChunk(b"data: " + play.raw + b"\n\n")
        messages: list[dict[str, Any]] = [{"role": "assistant", "content": play.answer}]
        if play.tool_name is not None:
            call = {"id": "call_hostile_1", "type": "function",
                    "function": {"name": play.tool_name, "arguments": play.tool_arguments, "complete": True}}
            yield self._event("tool_call", tool_call=call)
            yield self._event("tool_start", tool_name=play.tool_name)
            if play.tool_output is not None:
                yield self._event("tool_end", tool_name=play.tool_name, tool_output=play.tool_output)
                messages[0]["tool_calls"] = [call]
                messages.append({"role": "tool", "content": play.tool_output, "name": play.tool_name,
                                 "tool_call_id": "call_hostile_1"})
        self.session.commit_turn(messages, 1, self.message)
        yield self._event("done")

    async def _stream_reply(self, reply: LLMReply) -> AsyncIterator[dict[str, Any]]:
        pace = self.settings.pace_s
        for piece in reply.pieces if reply.pieces is not None else text_pieces(reply.text):
            yield self._event("content", content=piece)
            if pace:
                await asyncio.sleep(pace)
        for index, call in enumerate(reply.tool_calls):
            steps = argument_steps(call.arguments)
            for step_index, arguments in enumerate(steps):
                function: dict[str, Any] = {"name": call.name, "arguments": arguments}
                # Only the last call of a batch is marked complete, as on the wire.
                if step_index == len(steps) - 1 and index == len(reply.tool_calls) - 1:
                    function["complete"] = True
                event = self._event("tool_call", tool_call={"id": call.id, "type": "function", "function": function})
                yield event
                if self.settings.upstream and index == 0 and step_index == 0:
                    yield event  # the real server sends a batch's first event twice
                if pace:
                    await asyncio.sleep(pace)

    async def _run_tool(self, call: ToolCallSpec, results: list[ToolResult]) -> AsyncIterator[dict[str, Any]]:
        yield self._event("tool_start", tool_name=call.name)
        duration = self.settings.tool_s
        waited = 0.0
        while waited < duration:
            step = min(self.settings.heartbeat_s, duration - waited)
            await asyncio.sleep(step)
            waited += step
            if waited < duration:
                yield self._event("heartbeat")
        output = run_tool(self.lab, call)
        self.tool_calls_count += 1
        result = ToolResult(call, output)
        results.append(result)
        if call.name in ("start_node", "stop_node") and isinstance(output, dict) and output.get("changed"):
            device = self.lab.find(output["node"])
            if device is not None:
                self.on_node_change(device.as_node(self.lab.project_id))
        yield self._event("tool_end", tool_name=call.name, tool_output=result.text)
        self.messages.append(self._tool_message(call, result.text))

    async def _skip_aborted(self, calls: list[ToolCallSpec]) -> AsyncIterator[dict[str, Any]]:
        for call in calls:
            text = json.dumps({"status": "aborted", "message": "Tool execution was aborted by user", "tool_call_id": call.id})
            yield self._event("tool_end", tool_name=call.name, tool_output=text)
            self.messages.append(self._tool_message(call, text))

    @staticmethod
    def _assistant_message(reply: LLMReply) -> dict[str, Any]:
        return {
            "role": "assistant",
            "content": reply.text,
            "tool_calls": [
                {"id": c.id, "type": "function", "function": {"name": c.name, "arguments": c.arguments}}
                for c in reply.tool_calls
            ] or None,
        }

    @staticmethod
    def _tool_message(call: ToolCallSpec, text: str) -> dict[str, Any]:
        return {"role": "tool", "content": text, "name": call.name, "tool_call_id": call.id}
