"""A long chat history parsed a piece at a time, for a worker thread.

pydantic's one-pass `model_validate_json` holds the GIL for the whole document: on a
50,000-message chat (tens of megabytes) that stalled the window's loop for a quarter of
a second although it ran in another thread. Here the standard library's JSON scanner
reads one message at a time and pydantic validates a few hundred at a time, so no
single call holds the GIL for more than a few milliseconds and the loop gets its turn.
The result is the same `ConversationHistory`; anything that does not read as one
raises ValueError, as `model_validate_json` does.
"""

from __future__ import annotations

import codecs
import json
import re
from typing import Any

from pydantic import TypeAdapter

from .models import ConversationHistory, OpenAIMessage

MESSAGES_PER_PIECE = 250
DECODE_BYTES = 1 << 20  # bytes made text at a time (about 1 ms each)
_SPACE = re.compile(r"[ \t\n\r]*")
_DECODER = json.JSONDecoder()
_MESSAGES = TypeAdapter(list[OpenAIMessage])


def _skip(text: str, at: int) -> int:
    return _SPACE.match(text, at).end()  # type: ignore[union-attr] - it always matches


def _expect(text: str, at: int, char: str) -> int:
    if text[at : at + 1] != char:
        raise ValueError(f"history: {char!r} expected at character {at}")
    return at + 1


def _messages(text: str, at: int, per_piece: int) -> tuple[list[OpenAIMessage], int]:
    """The array of messages starting at `at`, validated a piece at a time."""
    at = _skip(text, _expect(text, at, "["))
    messages: list[OpenAIMessage] = []
    piece: list[Any] = []
    if text[at : at + 1] == "]":
        return messages, at + 1
    while True:
        value, at = _DECODER.raw_decode(text, at)
        piece.append(value)
        if len(piece) >= per_piece:
            messages += _MESSAGES.validate_python(piece)
            piece = []
        at = _skip(text, at)
        if text[at : at + 1] == "]":
            messages += _MESSAGES.validate_python(piece)
            return messages, at + 1
        at = _skip(text, _expect(text, at, ","))


def _text(raw: bytes) -> str:
    decoder = codecs.getincrementaldecoder("utf-8")()
    parts = [decoder.decode(raw[at : at + DECODE_BYTES]) for at in range(0, len(raw), DECODE_BYTES)]
    return "".join(parts) + decoder.decode(b"", final=True)


def history_in_pieces(raw: bytes | str, per_piece: int = MESSAGES_PER_PIECE) -> ConversationHistory:
    """Parse a history body; the same result as `ConversationHistory.model_validate_json`."""
    text = _text(raw) if isinstance(raw, bytes) else raw
    fields: dict[str, Any] = {}
    at = _skip(text, _expect(text, _skip(text, 0), "{"))
    if text[at : at + 1] != "}":
        while True:
            key, at = _DECODER.raw_decode(text, at)
            if not isinstance(key, str):
                raise ValueError(f"history: a name expected at character {at}")
            at = _skip(text, _expect(text, _skip(text, at), ":"))
            if key == "messages" and text[at : at + 1] == "[":
                fields[key], at = _messages(text, at, per_piece)
            else:
                fields[key], at = _DECODER.raw_decode(text, at)
            at = _skip(text, at)
            if text[at : at + 1] == "}":
                break
            at = _skip(text, _expect(text, at, ","))
    if _skip(text, at + 1) != len(text):
        raise ValueError("history: text after the end")
    # The messages are models already: pydantic takes them as they are.
    return ConversationHistory.model_validate(fields)
