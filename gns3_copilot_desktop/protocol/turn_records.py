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

from .change_tools import is_change
from .translation import QT_TRANSLATE_NOOP, translate

# Bounds, so that a record stays small whatever the turn held.
PARTIAL_TEXT_CHARS = 32_000
CALLS_KEPT = 30
ARGUMENTS_CHARS = 2_000
OUTPUT_CHARS = 2_000

STOP_LIMIT = "limit"  # a limit this app enforced
STOP_USER = "user"  # the user pressed Stop
STOP_LOST = "interrupted"  # the connection dropped
STOP_FAILED = "failed"  # an error ended it (the controller's history does not keep the error)
ERROR_CHARS = 2_000
STOP_NONE = "none"  # not stopped: the record keeps only what Continue raised

# What a record keeps instead of a change tool's output. Stored as this marker, in
# English whatever the language, and worded when shown (`shown_output`): a record written
# in one language reads right in another.
NOT_KEPT = QT_TRANSLATE_NOOP("TurnRecords", "(not kept: it may hold secrets)")


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
    stop: str  # STOP_LIMIT, STOP_USER, STOP_LOST or STOP_FAILED
    limit_kind: str | None = None  # "tool_calls" or "iterations"
    limit: int | None = None
    limit_count: int | None = None
    refused_ids: list[str] = field(default_factory=list)
    partial_text: str = ""
    calls: list[KeptCall] = field(default_factory=list)
    limit_tool: str | None = None  # the tool, for a per-tool limit
    error: str | None = None  # what the user was told live, for STOP_FAILED
    # The limits "Continue with higher limits" gave this turn (field -> value, None:
    # unlimited; see `protocol.limits.continuing_words`), None for a turn the user asked.
    continued_with: dict[str, int | None] | None = None

    def as_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Any) -> "TurnRecord | None":
        """A record from stored JSON; None when it cannot be one (a damaged or edited
        file): every field's type is checked, so a bad record never reaches the view."""
        if not isinstance(data, dict) or not isinstance(data.get("calls", []), list):
            return None
        try:
            calls = [KeptCall(**c) for c in data.get("calls", [])]
            record = cls(**{**data, "calls": calls})
        except TypeError:
            return None
        fields_ok = (
            _is(record.ordinal, int) and record.ordinal >= 0 and _is(record.user_text, str)
            and record.stop in (STOP_LIMIT, STOP_USER, STOP_LOST, STOP_FAILED, STOP_NONE)
            and (record.continued_with is None or (isinstance(record.continued_with, dict) and all(
                _is(k, str) and _optional(v, int) for k, v in record.continued_with.items())))
            and _optional(record.limit_kind, str) and _optional(record.limit, int) and _optional(record.limit_count, int)
            and _optional(record.limit_tool, str) and _is(record.partial_text, str) and _optional(record.error, str)
            and isinstance(record.refused_ids, list) and all(_is(i, str) for i in record.refused_ids)
            and all(_is(c.id, str) and _is(c.name, str) and _is(c.arguments, str) and _is(c.status, str)
                    and _optional(c.output, str) for c in record.calls)
        )
        return record if fields_ok else None


def _is(value: Any, kind: type) -> bool:
    return isinstance(value, kind) and not (kind is int and isinstance(value, bool))


def _optional(value: Any, kind: type) -> bool:
    return value is None or _is(value, kind)


def kept_call(call: Any) -> KeptCall:
    """A tool call as a record keeps it. The arguments and output of a tool that
    changes the lab are not kept: they may hold passwords and running configurations,
    and the record is a plain file."""
    if is_change(call.name):
        arguments, output = "{}", None if call.output is None else NOT_KEPT
    else:
        arguments = capped(call.arguments, ARGUMENTS_CHARS)
        output = None if call.output is None else capped(call.output, OUTPUT_CHARS)
    return KeptCall(call.id, call.name, arguments, call.status.value, output)


def shown_output(kept: KeptCall) -> str | None:
    """A kept call's output as the card shows it."""
    return translate("TurnRecords", NOT_KEPT) if kept.output == NOT_KEPT else kept.output


def capped(text: str | None, limit: int) -> str:
    text = text or ""
    return text if len(text) <= limit else text[: limit - 1] + "…"
