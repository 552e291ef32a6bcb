"""What Ctrl+F counts: each occurrence of the query in the text the chat shows for
each item (a question, an answer, a tool's name, arguments and whole result, a
notice), in the order they are read. Worked out from the items, not the widgets: the
widgets of older or paged-out messages do not exist until they are shown.

Bounded: the texts are made once per item (and again only when the item changed), and
the count stops at MAX_OCCURRENCES, so a query of one letter in a chat of megabytes
answers as quickly as any other."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..protocol.items import Item

MAX_OCCURRENCES = 1000

# The parts of an item that Find looks in; a widget shows each of them. LIMIT: the
# controller's words on a refused call's card.
TEXT, NAME, LIMIT, ARGUMENTS, RESULT = "text", "name", "limit", "arguments", "result"


@dataclass(frozen=True)
class Occurrence:
    item: int  # its index in the transcript
    part: str  # TEXT, NAME, LIMIT, ARGUMENTS or RESULT
    start: int  # where it is in the part's text
    length: int
    ordinal: int  # how many occurrences come before it in the same part


def parts(item: Item, said_before: bool = False) -> list[tuple[str, str]]:
    """The texts the chat shows for an item, in the order they are read. An answer is
    its Markdown as written (its rendering drops the marks, rarely the words).
    `said_before`: a refused call whose words the card above says (tool_card.said_above)."""
    from ..protocol.items import AssistantText, ErrorNotice, InfoNotice, ToolCall, UserMessage

    if isinstance(item, UserMessage):
        return [(TEXT, item.text)]
    if isinstance(item, AssistantText):
        return [(TEXT, item.text)]
    if isinstance(item, ToolCall):
        from .tool_card import arguments_text, shown_arguments, shown_limit_line, shown_name, shown_result

        return [(NAME, shown_name(item)), (LIMIT, shown_limit_line(item, said_before)),
                (ARGUMENTS, shown_arguments(arguments_text(item))), (RESULT, shown_result(item))]
    if isinstance(item, (ErrorNotice, InfoNotice)):
        from .chat_parts import notice_text

        return [(TEXT, notice_text(item))]
    return []


def _version(item: Item) -> tuple:
    """What changes when an item's shown text may have changed (cheap to compare)."""
    from ..protocol.items import AssistantText, ToolCall

    if isinstance(item, AssistantText):
        return (len(item.pieces),)
    if isinstance(item, ToolCall):
        return (item.name, item.arguments, id(item.output), item.status, item.complete)
    return (getattr(item, "text", None),)


def _said_before(before: Item | None, item: Item) -> bool:
    from ..protocol.items import ToolCall

    if not isinstance(item, ToolCall):
        return False
    from .tool_card import said_above  # (loaded with the first card)

    return said_above(before, item)


def positions(text: str, query: str, limit: int, folded: str | None = None) -> list[int]:
    """Where `query` starts in `text`, ignoring case, at most `limit` of them.
    `folded`: text.lower(), when the caller keeps it."""
    if not query or limit <= 0:
        return []
    folded = text.lower() if folded is None else folded
    wanted = query.lower()
    if len(folded) == len(text) and len(wanted) == len(query):
        found: list[int] = []  # positions in the lowered text are the text's
        at = folded.find(wanted)
        while at >= 0 and len(found) < limit:
            found.append(at)
            at = folded.find(wanted, at + len(wanted))
        return found
    # Lowering changed a length (a rare letter, "İ"): the slower way, with true positions.
    pattern = re.compile(re.escape(query), re.IGNORECASE)
    found = []
    for match in pattern.finditer(text):
        if len(found) >= limit:
            break
        found.append(match.start())
    return found


class OccurrenceFinder:
    """Finds occurrences in a transcript's items, keeping each item's texts (and their
    lower case) between queries."""

    def __init__(self) -> None:
        self._texts: dict[int, tuple[int, tuple, list[tuple[str, str, str]]]] = {}

    def find(self, items: list[Item], query: str) -> tuple[list[Occurrence], bool]:
        """The occurrences, in reading order; and whether there are more than those."""
        found: list[Occurrence] = []
        if not query:
            return found, False
        for index, item in enumerate(items):
            for part, text, folded in self._parts(index, item, items[index - 1] if index else None):
                room = MAX_OCCURRENCES + 1 - len(found)
                for ordinal, start in enumerate(positions(text, query, room, folded)):
                    found.append(Occurrence(index, part, start, len(query), ordinal))
                if len(found) > MAX_OCCURRENCES:
                    return found[:MAX_OCCURRENCES], True
        return found, False

    def _parts(self, index: int, item: Item, before: Item | None) -> list[tuple[str, str, str]]:
        said_before = _said_before(before, item)
        version = (*_version(item), said_before)
        kept = self._texts.get(index)
        if kept is not None and kept[0] == id(item) and kept[1] == version:
            return kept[2]
        texts = [(part, text, text.lower()) for part, text in parts(item, said_before)]
        self._texts[index] = (id(item), version, texts)
        return texts

    def text_of(self, items: list[Item], occurrence: Occurrence) -> str:
        """The text of the part an occurrence is in."""
        index = occurrence.item
        texts = self._parts(index, items[index], items[index - 1] if index else None)
        return next(text for part, text, _ in texts if part == occurrence.part)

    def forget(self) -> None:
        self._texts.clear()
