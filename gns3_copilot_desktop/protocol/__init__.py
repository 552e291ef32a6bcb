"""The wire format of the controller's Copilot API and what a user sees of it.

Pure: no IO, no Qt. Everything here can be tested with plain data.

Names are loaded on first use (PEP 562): the window's widgets import the pure
`items` and `ranges` modules at start-up without paying for pydantic's models.
"""

from __future__ import annotations

from .._lazy import lazy_attributes

_WHERE = {
    "error_bodies": ["error_text"],
    "events": [
        "AbortEvent", "ChatEvent", "ContentEvent", "DoneEvent", "ErrorEvent", "HeartbeatEvent",
        "LimitReachedEvent", "MalformedEvent", "StreamInterrupted", "ToolCallEvent", "ToolEndEvent",
        "ToolStartEvent", "UnknownEvent", "parse_event",
    ],
    "llm_configs": ["LLMConfigDraft", "LLMConfigList", "LLMModelConfig", "LLMSettings"],
    "limits": ["LimitNotice", "detect_limit_notice", "detect_iteration_notice"],
    "models": [
        "ChatRequest", "ChatSession", "ConversationHistory", "Node", "Notification", "OpenAIMessage",
        "OpenAIToolCall", "Project", "Token", "Version",
    ],
    "transcript": ["Transcript"],
    "items": ["ToolCall", "TurnState"],
}
_MODULE_OF = {name: module for module, names in _WHERE.items() for name in names}
__all__ = sorted(_MODULE_OF)


__getattr__ = lazy_attributes(__name__, _MODULE_OF, globals())
