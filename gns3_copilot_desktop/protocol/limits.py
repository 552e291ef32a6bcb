"""Recognising the messages that say a runtime limit stopped the agent.

The runtime-limits design has the controller answer every tool call of a batch that
would pass `max_tool_calls` with a tool message like:

    Tool call limit reached (15 calls). Please simplify your request or break it into
    smaller steps. Current tool call count: 14/15.

Those arrive live as `tool_end` events and later as `role: "tool"` history messages.
The text may come pretty-printed, indented, or JSON-encoded (as a JSON string, or as a
field of a JSON object), so the detector is tolerant of all three.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

_TOOL_LIMIT = re.compile(r"^\s*Tool\s+call\s+limit\s+reached\s*\(\s*(\d+)\s*calls?\s*\)\s*\.?", re.I)
_COUNT = re.compile(r"Current\s+tool\s+call\s+count\s*:\s*(\d+)\s*/\s*(\d+)", re.I)
_PER_TOOL_LIMIT = re.compile(
    r"^\s*Tool\s+limit\s+reached\s+for\s+(\S+)\s*\(\s*(\d+)\s*calls?\s*\)\s*\.?", re.I
)
_PER_TOOL_COUNT = re.compile(r"Current\s+count\s+for\s+\S+\s*:\s*(\d+)\s*/\s*(\d+)", re.I)
_TIME_LIMIT = re.compile(r"^\s*Execution\s+time\s+limit\s+reached\s*\(\s*(\d+)\s*seconds?\s*\)", re.I)
_ITERATION_LIMIT = re.compile(
    r"^\s*Iteration\s+limit\s+reached\s*\(\s*(\d+)\s*iterations?\s*\)\s*\.?", re.I
)
_JSON_TEXT_KEYS = ("message", "error", "content", "output", "detail")


@dataclass(frozen=True)
class LimitNotice:
    """What a limit message says: which limit, its value, and how far the count got."""

    kind: str  # "tool_calls" or "iterations"
    limit: int
    count: int | None
    text: str
    enforced_by: str = "controller"  # or "app": this app refused the calls
    tool: str | None = None  # the tool, for a per-tool limit

    def refusal(self) -> str:
        """What a refused tool call's card says."""
        what = {
            "tool_calls": "tool-call limit", "iterations": "iteration limit", "time": "time limit",
            "changes": "configuration limit", "tool": f"limit for {self.tool}",
        }.get(self.kind, "limit")
        return f"refused: {what}" + (" (this app)" if self.enforced_by == "app" else "")

    def summary(self) -> str:
        if self.kind == "time":
            return f"Time limit reached: {_duration(self.limit)}"
        if self.kind == "iterations":
            return f"Iteration limit reached: {self.limit} of {self.limit} iterations used"
        count = self.count
        if self.enforced_by != "app":
            # The design's count is the calls run before the refused batch.
            count = self.limit if count is None else min(count, self.limit)
        count = count or 0
        over = ""
        if count > self.limit:
            # This app's abort came too late for some calls: say what really ran.
            over = " (the controller ran them before this app's abort reached it)"
        if self.kind == "changes":
            return f"Configuration limit reached: {count} of {self.limit} changes made{over}"
        if self.kind == "tool":
            return f"Limit for {self.tool} reached: {count} of {self.limit} calls used{over}"
        return f"Tool call limit reached: {count} of {self.limit} tool calls used{over}"


def _candidate_texts(text: str) -> list[str]:
    """The text itself and, when it is JSON, the strings inside it."""
    candidates = [text]
    stripped = text.strip()
    if stripped[:1] in ('"', "{"):
        try:
            decoded = json.loads(stripped)
        except ValueError:
            return candidates
        if isinstance(decoded, str):
            candidates.append(decoded)
        elif isinstance(decoded, dict):
            candidates.extend(
                decoded[key] for key in _JSON_TEXT_KEYS if isinstance(decoded.get(key), str)
            )
    return candidates


def detect_limit_notice(text: str | None) -> LimitNotice | None:
    """A tool-call limit notice in a tool message's text, or None."""
    # Cheap test first: this runs on every tool result, some of them megabytes long.
    if not text or ("limit" not in text and "Limit" not in text and "LIMIT" not in text):
        return None
    for candidate in _candidate_texts(text):
        match = _TOOL_LIMIT.match(candidate)
        if match:
            limit = int(match.group(1))
            count_match = _COUNT.search(candidate)
            count = int(count_match.group(1)) if count_match else None
            return LimitNotice("tool_calls", limit, count, candidate.strip())
        match = _PER_TOOL_LIMIT.match(candidate)
        if match:
            count_match = _PER_TOOL_COUNT.search(candidate)
            count = int(count_match.group(1)) if count_match else None
            return LimitNotice("tool", int(match.group(2)), count, candidate.strip(), tool=match.group(1))
    return None


def detect_iteration_notice(text: str | None) -> LimitNotice | None:
    """An iteration- or time-limit notice at the start of an assistant message, or None."""
    if not text or "limit" not in text.lower():
        return None
    for candidate in _candidate_texts(text):
        match = _ITERATION_LIMIT.match(candidate)
        if match:
            limit = int(match.group(1))
            return LimitNotice("iterations", limit, limit, candidate.strip())
        match = _TIME_LIMIT.match(candidate)
        if match:
            return LimitNotice("time", int(match.group(1)), None, candidate.strip())
    return None


def tool_limit_message(limit: int, count: int) -> str:
    """The design's exact wording, for the reference controller and app-side enforcement."""
    return (
        f"Tool call limit reached ({limit} calls). "
        "Please simplify your request or break it into smaller steps. "
        f"Current tool call count: {count}/{limit}."
    )


def app_limit_message(kind: str, limit: int, count: int, tool: str | None = None) -> str:
    """What a refused call's card explains, for the limits only this app knows."""
    if kind == "time":
        return f"Time limit reached ({_duration(limit)}). This app stopped the turn."
    if kind == "changes":
        return (
            f"Configuration limit reached ({limit} changes). This call would change the lab "
            f"once more. Changes made: {count}/{limit}."
        )
    if kind == "tool":
        return f"Limit for {tool} reached ({limit} calls). Calls made: {count}/{limit}."
    return tool_limit_message(limit, count) if kind == "tool_calls" else iteration_limit_message(limit)


def per_tool_limit_message(tool: str, limit: int, count: int) -> str:
    """The design's phase-2 wording for a per-tool limit (the reference controller)."""
    return (
        f"Tool limit reached for {tool} ({limit} calls). "
        "Please simplify your request or break it into smaller steps. "
        f"Current count for {tool}: {count}/{limit}."
    )


def time_limit_notice(seconds: int) -> str:
    """The design's phase-2 wording for the time limit (the reference controller)."""
    return (
        f"Execution time limit reached ({seconds} seconds). "
        "The agent stopped before it could finish; raise the time limit to let it go on."
    )


def _duration(seconds: int) -> str:
    return f"{seconds // 60} min" if seconds % 60 == 0 else f"{seconds} s"


def iteration_limit_message(limit: int) -> str:
    return (
        f"Iteration limit reached ({limit} iterations). "
        "The agent stopped before it could finish; raise the iteration limit to let it go on."
    )
