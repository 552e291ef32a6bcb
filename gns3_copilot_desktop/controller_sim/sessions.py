"""Chat sessions, kept in memory per project and user, in the contract's shapes."""

from __future__ import annotations

import itertools
import uuid
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

NEW_TITLE = "New Conversation"
SYSTEM_PROMPT_TOKENS = 1200


def now() -> str:
    return datetime.now(timezone.utc).replace(tzinfo=None).isoformat()


@dataclass
class Session:
    id: int
    thread_id: str
    user_id: str
    project_id: str
    title: str = NEW_TITLE
    pinned: bool = False
    copilot_mode: str = "teaching_assistant"  # the mode it was started in, as upstream keeps it
    llm_calls_count: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    created_at: str = field(default_factory=now)
    updated_at: str = field(default_factory=now)
    last_message_at: str | None = None
    messages: list[dict[str, Any]] = field(default_factory=list)

    def add_message(self, **message: Any) -> None:
        stamp = now()
        self.messages.append({
            "id": str(uuid.uuid4()), "name": None, "tool_call_id": None, "tool_calls": None,
            "content": "", **message, "metadata": {"created_at": stamp},
        })
        self.updated_at = self.last_message_at = stamp

    def commit_turn(self, messages: list[dict[str, Any]], llm_calls: int, user_text: str) -> None:
        for message in messages:
            self.add_message(**message)
        self.llm_calls_count += llm_calls
        # A scripted LLM reads no tokens; count what a real one would, roughly (4
        # characters a token): each call reads the system prompt and the conversation.
        read = sum(len(str(m.get("content") or "")) for m in self.messages) // 4
        self.input_tokens += llm_calls * (SYSTEM_PROMPT_TOKENS + read)
        self.output_tokens += sum(len(str(m.get("content") or "")) for m in messages if m.get("role") == "assistant") // 4
        if self.title == NEW_TITLE:
            # The real controller asks the LLM for a title; the demo takes the question.
            title = " ".join(user_text.split())
            self.title = title if len(title) <= 48 else title[:47].rstrip() + "…"

    def as_json(self) -> dict[str, Any]:
        return {
            "id": self.id, "thread_id": self.thread_id, "user_id": self.user_id,
            "project_id": self.project_id, "title": self.title,
            "message_count": len(self.messages), "llm_calls_count": self.llm_calls_count,
            "input_tokens": self.input_tokens, "output_tokens": self.output_tokens,
            "total_tokens": self.input_tokens + self.output_tokens,
            "last_message_at": self.last_message_at, "created_at": self.created_at,
            "updated_at": self.updated_at, "metadata": {"copilot_mode": self.copilot_mode},
            "stats": {}, "pinned": self.pinned,
        }

    def history(self, limit: int | None) -> dict[str, Any]:
        messages = self.messages[-limit:] if limit else self.messages
        return {
            "thread_id": self.thread_id, "title": self.title, "messages": messages,
            "created_at": self.created_at, "updated_at": self.updated_at,
            "llm_calls": self.llm_calls_count,
        }


class SessionStore:
    def __init__(self) -> None:
        self._sessions: dict[tuple[str, str], dict[str, Session]] = {}
        self._ids = itertools.count(1)

    def _of(self, project_id: str, user_id: str) -> dict[str, Session]:
        return self._sessions.setdefault((project_id, user_id), {})

    def get(self, project_id: str, user_id: str, thread_id: str) -> Session | None:
        return self._of(project_id, user_id).get(thread_id)

    def get_or_create(
        self, project_id: str, user_id: str, thread_id: str | None, mode: str = "teaching_assistant"
    ) -> Session:
        sessions = self._of(project_id, user_id)
        thread_id = thread_id or str(uuid.uuid4())
        if thread_id not in sessions:
            sessions[thread_id] = Session(next(self._ids), thread_id, user_id, project_id, copilot_mode=mode)
        return sessions[thread_id]

    def listing(self, project_id: str, user_id: str) -> list[Session]:
        """Pinned first, then the most recently updated."""
        sessions = sorted(self._of(project_id, user_id).values(), key=lambda s: s.updated_at, reverse=True)
        return sorted(sessions, key=lambda s: not s.pinned)

    def delete(self, project_id: str, user_id: str, thread_id: str) -> bool:
        return self._of(project_id, user_id).pop(thread_id, None) is not None
