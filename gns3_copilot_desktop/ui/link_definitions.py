"""An answer's reference-style link definitions ("[1]: https://…"), for the parts of it
that are parsed on their own.

A long answer is cut into blocks, each parsed apart (see markdown_view). A link written
"[OSPF][1]" in one block, defined by "[1]: https://…" at the answer's end (as models
write their sources), stayed "[OSPF][1]" as text in that block for good: its parse
never saw the definition. A block is parsed with the definitions of the labels it
uses, found anywhere in the answer so far, written after its own text, where they
show nothing.
"""

from __future__ import annotations

import re

# A definition, as CommonMark writes it: up to three spaces, the label, a colon, then
# the destination on the same line (a destination on the next line is not looked for).
_DEFINITION = re.compile(r"^ {0,3}\[([^\]\n]{1,999})\]:[ \t]*\S[^\n]*", re.MULTILINE)
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})", re.MULTILINE)
# The most definitions an answer's blocks are given: an answer of thousands (hostile,
# or a dump) would make each block's parse look for all of them.
MOST_KEPT = 200
# A longer one is not given to other blocks: a block is shown as plain text when a line
# of it is too long (untrusted.too_hard), and a definition of a megabyte would have made
# every block that uses its label so.
LONGEST_CHARS = 2048


def label_key(label: str) -> str:
    """A label as CommonMark matches it: case and runs of spaces do not count."""
    return " ".join(label.split()).casefold()


def definitions_in(text: str) -> dict[str, str]:
    """The link definitions written in `text` outside its code blocks, by label key
    (the first of a label wins, as in CommonMark), MOST_KEPT at most."""
    if "]:" not in text:
        return {}  # (looked for in C: most text has none)
    found: dict[str, str] = {}
    code = _code_ranges(text)
    for match in _DEFINITION.finditer(text):
        while code and code[0][1] <= match.start():
            code.pop(0)
        if (code and code[0][0] <= match.start()) or match.end() - match.start() > LONGEST_CHARS:
            continue  # (code that looks like one; one too long to give)
        found.setdefault(label_key(match.group(1)), match.group(0).strip())
        if len(found) >= MOST_KEPT:
            break
    return found


def used_in(text: str, definitions: dict[str, str]) -> list[str]:
    """The definitions among `definitions` whose label `text` may use: "[label]" in it."""
    if "[" not in text or not definitions:
        return []
    folded = text.casefold()
    return [line for key, line in definitions.items() if f"[{key}]" in folded]


def with_definitions(text: str, definitions: dict[str, str]) -> str:
    """`text` with the definitions it may use after it, on paragraphs of their own,
    where they show nothing; `text` as it is when it uses none or ends in an open code
    block (they would be code there)."""
    lines = used_in(text, definitions)
    if not lines or any(end > len(text) for _, end in _code_ranges(text)):
        return text
    return text + ("" if text.endswith("\n\n") else "\n\n") + "\n".join(lines) + "\n"


def _code_ranges(text: str) -> list[tuple[int, int]]:
    """Where `text`'s fenced code blocks are (start, end), in one pass: a fence opens
    one, and one of its kind at least as long, with nothing after it, closes it; the
    last may run to the end."""
    ranges: list[tuple[int, int]] = []
    opener, opened = "", 0
    for fence in _FENCE.finditer(text):
        mark = fence.group(1)
        if not opener:
            opener, opened = mark, fence.start()
        elif mark[0] == opener[0] and len(mark) >= len(opener):
            end = text.find("\n", fence.end())
            end = len(text) if end < 0 else end
            if not text[fence.end():end].strip():
                ranges.append((opened, end))
                opener = ""
    if opener:
        ranges.append((opened, len(text) + 1))
    return ranges
