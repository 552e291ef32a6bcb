"""pydantic models of the JSON bodies the controller sends and accepts.

Models that describe what the controller sends allow extra fields: controllers add
fields between versions, and a new field must never stop the app from working.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from .error_bodies import error_text, validation_errors  # noqa: F401 - re-exported
from .ranges import (  # noqa: F401 - re-exported
    DEFAULT_MAX_ITERATIONS,
    LIMIT_FIELDS,
    MAX_ITERATIONS_RANGE,
    MAX_MINUTES_RANGE,
    MAX_TOOL_CALLS_RANGE,
)


class _Lenient(BaseModel):
    model_config = ConfigDict(extra="allow", populate_by_name=True)


class ChatRequest(BaseModel):
    """The body of `POST {chat}/stream`.

    The limits are validated here too, so that a bad value is reported to the user
    before any request leaves the machine.
    """

    model_config = ConfigDict(extra="forbid")

    message: str = Field(min_length=1)
    session_id: str | None = None
    stream: bool = True
    mode: Literal["text"] = "text"
    max_iterations: int | None = Field(
        default=None, ge=MAX_ITERATIONS_RANGE[0], le=MAX_ITERATIONS_RANGE[1]
    )
    max_tool_calls: int | None = Field(
        default=None, ge=MAX_TOOL_CALLS_RANGE[0], le=MAX_TOOL_CALLS_RANGE[1]
    )
    # The design's phase 2; sent only to a controller whose schema has them.
    max_execution_time_seconds: int | None = Field(default=None, ge=1, le=MAX_MINUTES_RANGE[1] * 60)
    tool_limits: dict[str, int] | None = None

    @field_validator("message")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        if not value.strip():
            # English: the reference controller validates its requests with this model too,
            # and a controller's words are never translated. (The window never sends a
            # blank message: the composer does not let it.)
            raise ValueError("the message is empty")
        return value

    def to_body(self, *, known: frozenset[str] | None = None) -> dict[str, Any]:
        """The JSON body; unset optional fields are left out (unlimited = not sent), and
        so are the limit fields the controller does not know (`known`: those it does)."""
        exclude = set() if known is None else set(LIMIT_FIELDS) - known
        return self.model_dump(exclude_none=True, exclude=exclude)



class Token(_Lenient):
    access_token: str
    token_type: str = "bearer"


class Version(_Lenient):
    controller_host: str | None = None
    version: str
    local: bool = False


class Project(_Lenient):
    project_id: str
    name: str
    status: str = "closed"
    auto_close: bool = False
    filename: str | None = None

    @property
    def is_opened(self) -> bool:
        return self.status == "opened"


class Node(_Lenient):
    node_id: str | None = None
    name: str
    node_type: str | None = None
    status: str | None = None
    console: int | None = None
    console_type: str | None = None


UNTITLED = "New Conversation"  # the controller's title for a chat it has not named


class ChatSession(_Lenient):
    thread_id: str
    title: str = "New Conversation"
    pinned: bool = False
    message_count: int = 0
    llm_calls_count: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    total_tokens: int = 0
    last_message_at: str | None = None
    created_at: str | None = None
    updated_at: str | None = None
    metadata: dict[str, Any] = Field(default_factory=dict)
    # Not on the wire: the chat's first question, which the app finds for chats the
    # controller never titled (it titles only turns that ended normally).
    first_message: str | None = None
    # Not on the wire: a troubleshooting exercise whose solution the user has not asked
    # to see. Its title may name the fault, so it is not shown (`display_title`).
    solution_hidden: bool = False

    @property
    def is_practice(self) -> bool:
        """A troubleshooting exercise's chat: the agent's account of the faults it made."""
        from .copilot_modes import INJECTION

        return (self.metadata or {}).get("copilot_mode") == INJECTION

    @property
    def untitled(self) -> bool:
        return not self.title.strip() or self.title.strip() == UNTITLED

    @property
    def display_title(self) -> str:
        """The title a person can tell chats apart by."""
        if self.solution_hidden:  # short: the list's second line says its mode and when
            from .translation import translate

            return translate("ChatSession", "Exercise (solution hidden)")
        if not self.untitled or not self.first_message:
            return self.title
        question = " ".join(self.first_message.split())
        question = question if len(question) <= 60 else question[:59].rstrip() + "…"
        day = (self.created_at or "")[:10]
        return f"{question} · {day}" if day else question


class FunctionCall(_Lenient):
    name: str = ""
    # An object in history, a string in the stream: keep what came.
    arguments: dict[str, Any] | list[Any] | str | None = None


class OpenAIToolCall(_Lenient):
    id: str
    type: str = "function"
    function: FunctionCall


class OpenAIMessage(_Lenient):
    id: str | None = None
    role: str
    content: str | None = ""
    name: str | None = None
    tool_call_id: str | None = None
    tool_calls: list[OpenAIToolCall] | None = None
    metadata: dict[str, Any] | None = None

    @field_validator("content", mode="before")
    @classmethod
    def _content_as_text(cls, value: Any) -> Any:
        # Some LLM back-ends store content as a list of parts.
        if isinstance(value, list):
            return "".join(
                part.get("text", "") if isinstance(part, dict) else str(part) for part in value
            )
        return value


class ConversationHistory(_Lenient):
    thread_id: str
    title: str | None = None
    messages: list[OpenAIMessage] = Field(default_factory=list)
    created_at: str | None = None
    updated_at: str | None = None
    llm_calls: int = 0


class RenameSession(BaseModel):
    title: str = Field(min_length=1, max_length=255)


class Notification(_Lenient):
    """One line of a notification stream: `{"action", "event"}`."""

    action: str
    event: Any = None

    @property
    def project(self) -> Project | None:
        """The project a `project.*` notification is about."""
        if self.action.startswith("project.") and isinstance(self.event, dict):
            try:
                return Project.model_validate(self.event)
            except ValueError:
                return None
        return None
