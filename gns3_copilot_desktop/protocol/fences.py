"""Where Markdown's fenced code blocks open and close, line by line, as Qt's importer
(md4c, after CommonMark) reads them: the one place that says so for the code that cuts
an answer into blocks, ends tables, finds link definitions, copies a cut code block
whole, demotes an exported answer's headings and strips search snippets.

A fence is three or more backticks or tildes at a line's start. It closes only on a
line of the same mark at least as long, with nothing after it: inside "````" a "```"
line is code, and inside "```" a "~~~" line is too (a model showing how to write a
code block writes both). A backtick fence's info string has no backtick, so
"```show ip route``` lists the routes" is a paragraph with inline code, not a fence.

An opening fence's indentation is not counted: in a list item a fence is indented by
the item's width, and the list is not followed here. A fence is given with its
indentation ("   ```"): a line closes it only if indented less than four columns more,
as md4c reads a README's "    ```bash" inside a "```markdown" block as code. A "```"
indented four columns or more in a top-level indented code block (or by a tab), taken
for a fence, is the case read wrongly (rare in an answer): the blank lines after it are
not taken for places to cut the answer, up to a line that closes it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

# A line that opens a code block, or closes one (a closing fence opens one, read alone).
FENCE_LINE = re.compile(r"^[ \t]*(?:(`{3,})[^`\n]*|(~{3,})[^\n]*)$", re.MULTILINE)
# A line that may open or close one: the only lines the whole-text readers look at.
_FENCE_LIKE = re.compile(r"^[ \t]*(?:```|~~~)[^\n]*", re.MULTILINE)


def fence_opened(line: str) -> str | None:
    """The fence `line` opens a code block with, with its indentation ("```",
    "  ~~~~", ...), or None."""
    if not line.lstrip(" \t").startswith(("```", "~~~")):
        return None  # (the usual line, told without the expression)
    opens = FENCE_LINE.match(line)
    return None if opens is None else line[: (opens.end(1) if opens.group(1) else opens.end(2))]


def fence_closes(line: str, fence: str) -> bool:
    """Whether `line` closes the code block `fence` opened: the same mark, at least as
    many, nothing but spaces after it, and indented less than four columns more."""
    stripped = line.strip()
    mark = fence.lstrip(" \t")
    if len(stripped) < len(mark) or stripped != mark[0] * len(stripped):
        return False
    return indentation(line) < indentation(fence) + 4


def indentation(line: str) -> int:
    """The columns `line` is indented by, a tab to the next multiple of four."""
    columns = 0
    for character in line:
        if character == " ":
            columns += 1
        elif character == "\t":
            columns += 4 - columns % 4
        else:
            break
    return columns


def fence_after_line(line: str, fence: str | None) -> str | None:
    """The fence of the code block open after `line`, `fence` (None: none) open before
    it: one step of reading a text line by line."""
    if fence is None:
        return fence_opened(line)
    return None if fence_closes(line, fence) else fence


def fence_after(text: str, fence: str | None = None) -> str | None:
    """The fence of the code block still open after `text` (its last line too, whole or
    not), read from where `fence` (None: none) was open; None when none is."""
    for line in _fence_like_lines(text):
        fence = fence_after_line(line.group(0), fence)
    return fence


def code_ranges(text: str) -> list[tuple[int, int]]:
    """Where `text`'s fenced code blocks are, as (start, end): from the opening fence's
    line to the end of the closing fence's line; a block left open runs on past the
    text's end (end = len(text) + 1)."""
    ranges: list[tuple[int, int]] = []
    fence: str | None = None
    opened = 0
    for line in _fence_like_lines(text):
        before, fence = fence, fence_after_line(line.group(0), fence)
        if before is None and fence is not None:
            opened = line.start()
        elif before is not None and fence is None:
            ranges.append((opened, line.end()))
    if fence is not None:
        ranges.append((opened, len(text) + 1))
    return ranges


def _fence_like_lines(text: str) -> Iterator[re.Match[str]]:
    if "```" not in text and "~~~" not in text:
        return iter(())  # (told in C: most text has no code)
    return _FENCE_LIKE.finditer(text)


def code_inside(text: str) -> str:
    """The raw code of the fenced code block `text` is (its opening fence's line to its
    closing fence's, or to its end if left open): the lines between the fences, each
    without as much of its indentation as the opening fence had, without carriage
    returns, and without the blank lines at its start (Qt's importer drops them).
    Untrusted: shown or copied, it goes through untrusted_text.visible first, as the
    answer's text does."""
    lines = text.replace("\r\n", "\n").split("\n")
    opener = lines[0]
    fence = fence_opened(opener)
    indent = len(opener) - len(opener.lstrip(" "))
    code = lines[1:]
    if code and not code[-1]:
        code.pop()  # (the line end before the text's end)
    if code and fence is not None and fence_closes(code[-1], fence):
        code.pop()
    while code and not code[0].strip():
        code.pop(0)
    return "\n".join(line[min(indent, len(line) - len(line.lstrip(" "))):] for line in code)
