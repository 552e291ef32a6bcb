"""Finding text in a project's chats (titles and histories; Ctrl+F within the open chat
is ui/find_occurrences.py). Pure: case-insensitive substring search, with a one-line
snippet."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .plain_text import plain_text

if TYPE_CHECKING:
    from .models import ConversationHistory

SNIPPET_SIDE = 40  # characters shown either side of a match


@dataclass(frozen=True)
class ChatHit:
    session_id: str
    title: str
    snippet: str  # "" when only the title matched


def snippet(text: str, query: str) -> str | None:
    """The match with some text around it, on one line; None when there is none."""
    at = text.casefold().find(query.casefold())
    if at < 0:
        return None
    start, end = max(0, at - SNIPPET_SIDE), min(len(text), at + len(query) + SNIPPET_SIDE)
    shown = " ".join(text[start:end].split())
    return ("…" if start else "") + shown + ("…" if end < len(text) else "")


def history_texts(history: ConversationHistory):
    """What a person reads in a history: messages (as read, without Markdown's marks),
    tool arguments and results."""
    for message in history.messages:
        if message.role == "system":
            continue
        if message.content:
            yield message.content if message.role == "tool" else plain_text(message.content)
        for call in message.tool_calls or []:
            yield call.function.name
            if call.function.arguments:
                yield str(call.function.arguments)


def haystack(history: ConversationHistory) -> str:
    """All of a history's text, folded once: a search of it is one `in`, however long
    the chat (the snippet is then looked for only in the chats that match)."""
    return "\n".join(history_texts(history)).casefold()


def search_history(history: ConversationHistory, query: str) -> str | None:
    for text in history_texts(history):
        found = snippet(text, query)
        if found is not None:
            return found
    return None
