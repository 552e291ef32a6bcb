"""What a conversation is made of, as the chat view shows it: user messages, assistant
text, tool calls, errors and notices, and the states of a turn and of a tool call.

Pure dataclasses and enums: the window imports these before anything else is loaded.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from .limits import NOTICE_MAX_CHARS, LimitNotice


class TurnState(str, Enum):
    IDLE = "idle"
    STREAMING = "streaming"
    DONE = "done"
    ABORTED = "aborted"
    INTERRUPTED = "interrupted"
    FAILED = "failed"


class ToolStatus(str, Enum):
    WRITING = "writing"  # the LLM is still writing the arguments
    READY = "ready"  # arguments complete, not started yet
    RUNNING = "running"
    DONE = "done"
    ABORTED = "aborted"
    LIMIT = "limit"  # refused by a runtime limit


@dataclass(eq=False)
class Item:
    revision: int = field(default=0, init=False)
    index: int = field(default=-1, init=False)  # position in Transcript.items


@dataclass(eq=False)
class UserMessage(Item):
    text: str = ""
    # The app's note under it: what "Continue with higher limits" raised for this turn.
    note: str = ""


@dataclass(eq=False)
class AssistantText(Item):
    # Append-only, so a view can render just the pieces it has not seen yet.
    pieces: list[str] = field(default_factory=list)
    iteration_notice: LimitNotice | None = None
    length: int = 0
    _joined: str = field(default="", repr=False)
    _joined_pieces: int = field(default=0, repr=False)

    def append(self, piece: str) -> None:
        self.pieces.append(piece)
        self.length += len(piece)

    @property
    def text(self) -> str:
        if self._joined_pieces < len(self.pieces):
            self._joined += "".join(self.pieces[self._joined_pieces :])
            self._joined_pieces = len(self.pieces)
        return self._joined


@dataclass(eq=False)
class ToolCall(Item):
    id: str = ""
    name: str = ""
    arguments: str = ""
    complete: bool = False
    parsed_arguments: Any = None
    status: ToolStatus = ToolStatus.WRITING
    output: str | None = None
    limit: LimitNotice | None = None
    started: bool = False
    # The model answered again after this call's batch, though no result came for it.
    superseded: bool = False

    @property
    def finished(self) -> bool:
        return self.status in (ToolStatus.DONE, ToolStatus.ABORTED, ToolStatus.LIMIT)

    def set_arguments(self, text: str, complete: bool) -> None:
        self.arguments = text
        self.complete = self.complete or complete
        if self.complete:
            self.parsed_arguments = _parse_json(text)
            if self.status == ToolStatus.WRITING:
                self.status = ToolStatus.READY


@dataclass(eq=False)
class ErrorNotice(Item):
    text: str = ""


@dataclass(eq=False)
class InfoNotice(Item):
    """Something the user should know that is not the assistant's text nor an error."""

    text: str = ""
    kind: str = "info"  # "info", "interrupted", "aborted", "limit", "malformed"


def _parse_json(text: str) -> Any:
    if not text:
        return {}
    try:
        return json.loads(text)
    except (ValueError, RecursionError):  # RecursionError: nested deeper than Python goes
        return None


def _aborted_output(output: str) -> dict[str, Any] | None:
    """The controller's answer for a tool that an abort kept from running."""
    if len(output) > NOTICE_MAX_CHARS or '"aborted"' not in output:
        return None
    parsed = _parse_json(output)
    if isinstance(parsed, dict) and parsed.get("status") == "aborted":
        return parsed
    return None


