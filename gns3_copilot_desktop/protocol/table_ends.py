"""Where a Markdown table ends, as GitHub ends it, for Qt's importer (md4c).

GitHub's dialect ends a table at a blank line or where another block starts. md4c
ends it at a blank line only, except for a few kinds of block: a code fence or a
heading written right under a table's last row became rows of the table, the code's
lines in its first column, and every line after it up to a blank line too. A model
writes a table and then its code with no blank line between often enough. The text
given to the importer gets that blank line; nothing else changes.
"""

from __future__ import annotations

import re

from .fences import fence_closes, fence_opened, indentation

_HEADING = re.compile(r" {0,3}#{1,6}(?:[ \t]|$)")
# A table's delimiter row: |---|:--:|, with or without the outer pipes.
_DELIMITER = re.compile(r" {0,3}\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$")


def end_tables(text: str) -> str:
    """`text` with a blank line between a table and a fence or heading right under it."""
    if "|" not in text or ("```" not in text and "~~~" not in text and "#" not in text):
        return text  # (no table, or nothing that could follow one: the usual case)
    lines = text.split("\n")
    out: list[str] = []
    fence: str | None = None  # the open code block's fence ("```", "~~~~", ...)
    in_table = False
    previous = ""
    for line in lines:
        if fence is not None:
            if fence_closes(line, fence):
                fence = None
            out.append(line)
            previous = line
            continue
        opens = fence_opened(line)
        # (A fence indented four columns is a row of the table, as "    # x" is.)
        if in_table and ((opens and indentation(line) < 4) or _HEADING.match(line)):
            out.append("")
            in_table = False
        if opens:
            fence = opens
        elif not line.strip():
            in_table = False
        elif not in_table and "|" in previous and "-" in line and _DELIMITER.match(line):
            in_table = True
        out.append(line)
        previous = line
    return "\n".join(out)
