"""The wire format of the controller's Copilot API and what a user sees of it.

Pure: no IO, no Qt. Everything here can be tested with plain data.
"""

from .events import (
    AbortEvent,
    ChatEvent,
    ContentEvent,
    DoneEvent,
    ErrorEvent,
    HeartbeatEvent,
    LimitReachedEvent,
    MalformedEvent,
    StreamInterrupted,
    ToolCallEvent,
    ToolEndEvent,
    ToolStartEvent,
    UnknownEvent,
    parse_event,
)
from .limits import LimitNotice, detect_limit_notice, detect_iteration_notice
from .models import (
    ChatRequest,
    ChatSession,
    ConversationHistory,
    Node,
    Notification,
    OpenAIMessage,
    OpenAIToolCall,
    Project,
    Token,
    Version,
    error_text,
)
from .transcript import ToolCall, Transcript, TurnState

__all__ = [name for name in dir() if not name.startswith("_")]
