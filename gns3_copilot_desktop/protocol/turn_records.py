"""What this app knows of a turn that the controller's history does not keep.

The controller's history has no trace of a limit this app enforced (its refused calls
read "Tool execution was aborted by user"), and of a turn whose client hung up it keeps
only the user's message. So the app keeps a small record of such a turn, and applies it
when the history is loaded, so a reopened chat looks as it did live.

A record names its turn by position (the n-th user message of the session) and checks
the message's text: a record that no longer matches the history (the chat was changed
elsewhere) is dropped, never misapplied.

Pure data and functions: the store keeps records as JSON, the transcript applies them.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

# Bounds, so that a record stays small whatever the turn held.
PARTIAL_TEXT_CHARS = 64_000
CALLS_KEPT = 50
ARGUMENTS_CHARS = 4_000
OUTPUT_CHARS = 4_000

STOP_LIMIT = "limit"  # a limit this app enforced
STOP_USER = "user"  # the user pressed Stop
STOP_LOST = "interrupted"  # the connection dropped


@dataclass
class KeptCall:
    """A tool call of a stopped turn, as the user saw it."""

    id: str
    name: str
    arguments: str = ""
    status: str = "aborted"
    output: str | None = None


@dataclass
class TurnRecord:
    ordinal: int  # which user message of the session starts the turn, from 0
    user_text: str
    stop: str  # STOP_LIMIT, STOP_USER or STOP_LOST
    limit_kind: str | None = None  # "tool_calls" or "iterations"
    limit: int | None = None
    limit_count: int | None = None
    refused_ids: list[str] = field(default_factory=list)
    partial_text: str = ""
    calls: list[KeptCall] = field(default_factory=list)
    limit_tool: str | None = None  # the tool, for a per-tool limit

    def as_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Any) -> "TurnRecord | None":
        """A record from stored JSON; None when it cannot be one (a damaged file)."""
        if not isinstance(data, dict):
            return None
        try:
            calls = [KeptCall(**c) for c in data.get("calls") or [] if isinstance(c, dict)]
            record = cls(**{**data, "calls": calls})
        except TypeError:
            return None
        if not isinstance(record.ordinal, int) or not isinstance(record.user_text, str):
            return None
        if record.stop not in (STOP_LIMIT, STOP_USER, STOP_LOST):
            return None
        if not isinstance(record.refused_ids, list) or not all(isinstance(i, str) for i in record.refused_ids):
            return None
        if not isinstance(record.partial_text, str):
            return None
        return record


def capped(text: str | None, limit: int) -> str:
    text = text or ""
    return text if len(text) <= limit else text[: limit - 1] + "…"
