"""A long chat history parsed a piece at a time, for a worker thread.

pydantic's one-pass `model_validate_json` holds the GIL for the whole document, and a
50,000-message chat is 60 MB: the window's loop stalled although the parsing ran in
another thread. Here the body, in the pieces it arrived in, is made text a megabyte at
a time (never one 60 MB string: making one held the GIL for up to 300 ms), the standard library's JSON scanner
reads one message at a time, and pydantic validates a few hundred at a time, so no
single call holds the GIL for more than a few milliseconds and the loop gets its turns.
The result is the same `ConversationHistory`; anything that does not read as one
raises ValueError, as `model_validate_json` does.
"""

from __future__ import annotations

import codecs
import json
import re
from collections.abc import Iterator
from typing import Any

from pydantic import TypeAdapter

from .models import ConversationHistory, OpenAIMessage

MESSAGES_PER_PIECE = 250
DECODE_BYTES = 1 << 20  # bytes made text at a time (about 1 ms each)
_SPACE = re.compile(r"[ \t\n\r]*")
_DECODER = json.JSONDecoder()
_MESSAGES = TypeAdapter(list[OpenAIMessage])


def _texts(pieces: list[bytes]) -> Iterator[str]:
    decoder = codecs.getincrementaldecoder("utf-8")()
    for piece in pieces:
        for at in range(0, len(piece), DECODE_BYTES):
            yield decoder.decode(piece[at : at + DECODE_BYTES])
    yield decoder.decode(b"", final=True)


class _Reader:
    """JSON text that arrives in pieces: what is read is dropped, the next piece is
    added when a value runs past the end of what is there."""

    def __init__(self, pieces: Iterator[str]) -> None:
        self._pieces = pieces
        self._text = ""
        self._at = 0
        self._more = True

    def _add(self, at_least: int) -> bool:
        """Add pieces until `at_least` more characters are there; False at the end."""
        if not self._more:
            return False
        added, rest = [], len(self._text) - self._at
        while sum(map(len, added)) < at_least:
            piece = next(self._pieces, None)
            if piece is None:
                self._more = False
                break
            added.append(piece)
        self._text, self._at = self._text[self._at :] + "".join(added), 0
        return len(self._text) > rest or self._more

    def peek(self) -> str:
        """The next character after any white space; '' at the end."""
        while True:
            self._at = _SPACE.match(self._text, self._at).end()  # type: ignore[union-attr] - always matches
            if self._at < len(self._text) or not self._add(1):
                return self._text[self._at : self._at + 1]

    def take(self, char: str) -> None:
        if self.peek() != char:
            raise ValueError(f"history: {char!r} expected")
        self._at += 1

    def value(self) -> Any:
        """The next JSON value. One that reaches the end of the text read so far may go
        on in the next piece (a number may be longer, a string not closed yet): more is
        added, at least as much again each time, until it is whole."""
        self.peek()
        while True:
            try:
                value, end = _DECODER.raw_decode(self._text, self._at)
            except ValueError:
                if self._add(max(1, len(self._text) - self._at)):
                    continue
                raise
            if end < len(self._text) or not self._add(max(1, len(self._text) - self._at)):
                self._at = end
                return value


def _messages(reader: _Reader, per_piece: int) -> list[OpenAIMessage]:
    """The array of messages the reader is at, validated a piece at a time."""
    reader.take("[")
    messages: list[OpenAIMessage] = []
    piece: list[Any] = []
    if reader.peek() == "]":
        reader.take("]")
        return messages
    while True:
        piece.append(reader.value())
        if len(piece) >= per_piece:
            messages += _MESSAGES.validate_python(piece)
            piece = []
        if reader.peek() == "]":
            reader.take("]")
            messages += _MESSAGES.validate_python(piece)
            return messages
        reader.take(",")


def history_in_pieces(raw: bytes | list[bytes] | str, per_piece: int = MESSAGES_PER_PIECE) -> ConversationHistory:
    """Parse a history body (whole, or as the pieces it arrived in); the same result as
    `ConversationHistory.model_validate_json`."""
    if isinstance(raw, str):
        reader = _Reader(iter([raw]))
    else:
        reader = _Reader(_texts([raw] if isinstance(raw, bytes) else raw))
    fields: dict[str, Any] = {}
    reader.take("{")
    if reader.peek() == "}":
        reader.take("}")
    else:
        while True:
            key = reader.value()
            if not isinstance(key, str):
                raise ValueError("history: a name expected")
            reader.take(":")
            if key == "messages" and reader.peek() == "[":
                fields[key] = _messages(reader, per_piece)
            else:
                fields[key] = reader.value()
            if reader.peek() == "}":
                reader.take("}")
                break
            reader.take(",")
    if reader.peek() != "":
        raise ValueError("history: text after the end")
    # The messages are models already: pydantic takes them as they are.
    return ConversationHistory.model_validate(fields)
