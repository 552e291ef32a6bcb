"""The chat stream's events, as a discriminated union on `type`.

`parse_event` never raises: an event of a type this app does not know becomes an
`UnknownEvent` (kept, skipped by the transcript), and data that is not an event at all
becomes a `MalformedEvent` (kept, shown to the user as a notice). The stream goes on.

Three events never come from the wire; the client makes them:
`LimitReachedEvent` (a runtime limit enforced by this app), and `StreamInterrupted`
(the connection dropped before `done`).
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, field_validator

from .translation import translate


class _Event(BaseModel):
    model_config = ConfigDict(extra="allow", frozen=True)

    session_id: str | None = None


class ContentEvent(_Event):
    type: Literal["content"] = "content"
    content: str = ""
    message_id: str | None = None


class ToolCallFunction(BaseModel):
    model_config = ConfigDict(extra="allow", frozen=True)

    name: str = ""
    # The whole argument string so far: replace, never append.
    arguments: str = ""
    complete: bool = False

    @field_validator("arguments", mode="before")
    @classmethod
    def _as_string(cls, value: Any) -> Any:
        if value is None:
            return ""
        if isinstance(value, (dict, list)):
            return json.dumps(value, ensure_ascii=False)
        return value


class ToolCallDelta(BaseModel):
    model_config = ConfigDict(extra="allow", frozen=True)

    id: str
    type: str = "function"
    function: ToolCallFunction = Field(default_factory=ToolCallFunction)


class ToolCallEvent(_Event):
    type: Literal["tool_call"] = "tool_call"
    tool_call: ToolCallDelta


def _output_as_text(value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, (dict, list)):
        return json.dumps(value, ensure_ascii=False, indent=2)
    return value


def _output_as_text_validator(cls: type, value: Any) -> Any:
    return _output_as_text(value)


class ToolStartEvent(_Event):
    type: Literal["tool_start"] = "tool_start"
    tool_name: str = ""
    tool_call_id: str | None = None


class ToolEndEvent(_Event):
    type: Literal["tool_end"] = "tool_end"
    tool_name: str = ""
    tool_output: str = ""
    tool_call_id: str | None = None

    _output_text = field_validator("tool_output", mode="before")(_output_as_text_validator)


class ErrorEvent(_Event):
    type: Literal["error"] = "error"
    # The app's words, for an error event that came without any: made when the event is
    # (not at import), so they are in the user's language. The controller's own stay as sent.
    error: str = Field(default_factory=lambda: translate("EventWords", "The Copilot reported an error."))

    _error_text = field_validator("error", mode="before")(_output_as_text_validator)


class DoneEvent(_Event):
    type: Literal["done"] = "done"


class HeartbeatEvent(_Event):
    type: Literal["heartbeat"] = "heartbeat"


class AbortEvent(_Event):
    type: Literal["abort"] = "abort"


class UnknownEvent(BaseModel):
    """An event of a type this app does not know: kept, never fatal."""

    model_config = ConfigDict(frozen=True)

    type: str
    raw: dict[str, Any]

    @property
    def session_id(self) -> str | None:
        value = self.raw.get("session_id")
        return value if isinstance(value, str) else None


class MalformedEvent(BaseModel):
    """Data on the stream that is not a readable event."""

    model_config = ConfigDict(frozen=True)

    type: Literal["malformed"] = "malformed"
    raw: str
    reason: str
    session_id: str | None = None


class LimitReachedEvent(BaseModel):
    """A runtime limit stopped the turn, enforced by this app (the controller does not)."""

    model_config = ConfigDict(frozen=True)

    type: Literal["limit_reached"] = "limit_reached"
    kind: Literal["tool_calls", "iterations", "time", "changes", "tool"]
    limit: int  # calls, iterations, changes; minutes for "time"
    count: int
    tool: str | None = None  # the tool, for a per-tool limit
    enforced_by: Literal["app", "controller"] = "app"
    session_id: str | None = None


class StreamInterrupted(BaseModel):
    """The connection ended before the turn's `done`."""

    model_config = ConfigDict(frozen=True)

    type: Literal["interrupted"] = "interrupted"
    reason: str = Field(default_factory=lambda: translate("EventWords", "The connection to the controller was lost."))
    session_id: str | None = None


WireEvent = Annotated[
    Union[
        ContentEvent,
        ToolCallEvent,
        ToolStartEvent,
        ToolEndEvent,
        ErrorEvent,
        DoneEvent,
        HeartbeatEvent,
        AbortEvent,
    ],
    Field(discriminator="type"),
]

ChatEvent = Union[
    ContentEvent,
    ToolCallEvent,
    ToolStartEvent,
    ToolEndEvent,
    ErrorEvent,
    DoneEvent,
    HeartbeatEvent,
    AbortEvent,
    UnknownEvent,
    MalformedEvent,
    LimitReachedEvent,
    StreamInterrupted,
]

_WIRE = TypeAdapter(WireEvent)
_KNOWN_TYPES = {"content", "tool_call", "tool_start", "tool_end", "error", "done", "heartbeat", "abort"}


def parse_event(data: str | bytes | dict[str, Any]) -> ChatEvent:
    """One SSE `data:` payload (or its decoded JSON object) as a typed event."""
    if isinstance(data, dict):
        obj: Any = data
        text = None
    else:
        try:
            # The fast path, for the thousands of well-formed events of a long answer:
            # pydantic parses and validates the JSON in one go.
            return _WIRE.validate_json(data)
        except ValidationError:
            pass  # find out below what is wrong with it
        text = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
        try:
            obj = json.loads(text)
        except ValueError as exc:
            # Python's and pydantic's own details stay as they wrote them (technical).
            reason = translate("EventWords", "not JSON ({detail})").format(detail=exc.msg)
            return MalformedEvent(raw=text[:2000], reason=reason)
        except RecursionError:
            return MalformedEvent(raw=text[:2000], reason=translate("EventWords", "JSON nested too deep"))
    if not isinstance(obj, dict):
        return MalformedEvent(raw=_preview(text, obj), reason=translate("EventWords", "not a JSON object"))
    kind = obj.get("type")
    if not isinstance(kind, str):
        return MalformedEvent(raw=_preview(text, obj), reason=translate("EventWords", "no event type"))
    if kind not in _KNOWN_TYPES:
        return UnknownEvent(type=kind, raw=obj)
    try:
        return _WIRE.validate_python(obj)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"][1:]) or kind
        session = obj.get("session_id") if isinstance(obj.get("session_id"), str) else None
        return MalformedEvent(
            raw=_preview(text, obj),
            reason=translate("EventWords", "bad '{kind}' event ({field}: {detail})").format(
                kind=kind, field=where, detail=first["msg"]
            ),
            session_id=session,
        )


def _preview(text: str | None, obj: Any) -> str:
    if text is None:
        text = json.dumps(obj, ensure_ascii=False, default=str)
    return text[:2000]
