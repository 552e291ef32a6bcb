""""Continue with higher limits": which limits to raise, and by how much.

Limits count afresh in each request, and a continued turn does at least the work the
stopped one could not finish (the reference controller starts the task again; a real
model redoes the refused calls and goes on). So raising only the limit that stopped the
turn was not enough: after a tool-call stop with 5 of 5 iterations spent, the continued
turn was stopped by the iteration limit at once. Continue therefore raises the limit
that stopped the turn and every other that the stopped turn used half or more of (it
would run out doing as much again). Configuration changes, the time and the per-tool
limits are safety limits the user set on purpose: raised only when they stopped the turn.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ..protocol.ranges import MAX_CHANGES_RANGE, MAX_ITERATIONS_RANGE, MAX_MINUTES_RANGE, MAX_TOOL_CALLS_RANGE

if TYPE_CHECKING:
    from ..protocol.transcript import Transcript
    from ..store import Limits


def raised_limits(limits: Limits, transcript: Transcript) -> Limits:
    """The limits for continuing the turn `transcript` ended with (`limits` unchanged
    when no limit stopped it)."""
    stop = transcript.limit_stop
    if stop is None:
        return limits
    iterations = max(limits.max_iterations, transcript.max_iterations or 0)
    if stop.kind == "iterations" or 2 * transcript.llm_turns >= iterations:
        limits = replace(limits, max_iterations=min(MAX_ITERATIONS_RANGE[1], max(iterations, stop.limit if stop.kind == "iterations" else 0) * 2))
    tool_calls = limits.max_tool_calls or (stop.limit if stop.kind == "tool_calls" else None)
    if tool_calls is not None and (stop.kind == "tool_calls" or 2 * transcript.tool_calls_executed >= tool_calls):
        current = max(tool_calls, stop.limit if stop.kind == "tool_calls" else 0)
        if current >= MAX_TOOL_CALLS_RANGE[1]:
            limits = replace(limits, max_tool_calls=None)
        else:
            # At least as many as the refused batch asked for: the continued turn asks
            # for it again, and a doubled limit below it would stop it again at once.
            wanted = max(current * 2, transcript.refused_by_limit)
            limits = replace(limits, max_tool_calls=min(MAX_TOOL_CALLS_RANGE[1], wanted))
    if stop.kind == "time":
        minutes = limits.max_minutes or 1
        limits = replace(limits, max_minutes=None if minutes >= MAX_MINUTES_RANGE[1] else min(MAX_MINUTES_RANGE[1], minutes * 2))
    elif stop.kind == "changes":
        changes = max(limits.max_changes or 0, stop.limit)
        limits = replace(limits, max_changes=None if changes >= MAX_CHANGES_RANGE[1] else max(1, changes * 2))
    elif stop.kind == "tool":
        tools = dict(limits.tool_limits)
        tools[stop.tool or ""] = max(1, max(tools.get(stop.tool or "", 0), stop.limit) * 2)
        limits = replace(limits, tool_limits=tuple(sorted(tools.items()))).clamped()
    return limits


def continued_with(before: Limits, after: Limits) -> dict[str, int | None]:
    """What the continued turn runs under, as the note on its message says it: the
    iterations and tool calls always, the other limits when Continue raised them.
    Plain data (a turn record keeps it, and words it in the language of the day)."""
    shown: dict[str, int | None] = {"max_iterations": after.max_iterations, "max_tool_calls": after.max_tool_calls}
    if after.max_minutes != before.max_minutes:
        shown["max_minutes"] = after.max_minutes
    if after.max_changes != before.max_changes:
        shown["max_changes"] = after.max_changes
    old_tools = dict(before.tool_limits)
    shown.update({f"tool:{name}": count for name, count in after.tool_limits if old_tools.get(name) != count})
    return shown
