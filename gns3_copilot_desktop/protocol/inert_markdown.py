"""Untrusted Markdown made inert for the exported Markdown file, which people open in
Markdown viewers (an editor's preview, a Git host, a notes app) that load images and
show raw HTML. The file must read as the window showed the chat, by its policy: an image
becomes a link to its address ("[image: alt]"), raw HTML is text (`<img src=…>` shows as
written), and characters that hide or reorder text are visible marks. Code (fenced
blocks and code spans) is left as written but for those marks: a viewer shows code as
text. Pure: text in, text out."""

from __future__ import annotations

import bisect
import re

from .fences import code_ranges
from .translation import translate
from .untrusted_text import visible

# What a viewer would load or show as HTML: an image, inline or by reference ("![alt]("
# or "![alt]["), and raw HTML, which opens with "<" and a letter, "/", "!" or "?" (an
# autolink, <https://…>, is kept: a viewer shows it as the link it is).
_LIVE = re.compile(r"(?P<image>!\[(?P<alt>[^\]\n]*)\](?=[(\[]))|(?P<tag><(?=[A-Za-z/!?])(?!https?://[^\s<>]*>))")


def inert(text: str) -> str:
    """`text` with its images as links and its raw HTML as text, outside code; every
    hiding character shown as a mark."""
    text = visible(text)
    if "<" not in text and "![" not in text:
        return text
    out, at = [], 0
    for start, end in code_ranges(text):
        out.append(_outside_fences(text[at:start]))
        out.append(text[start:end])
        at = end
    out.append(_outside_fences(text[at:]))
    return "".join(out)


def _outside_fences(text: str) -> str:
    return "\n".join(_line(line) if "<" in line or "![" in line else line for line in text.split("\n"))


def _line(line: str) -> str:
    """One line, its code spans kept as written: what starts in one is left."""
    starts, ends = _code_spans(line)

    def made_inert(match: re.Match[str]) -> str:
        at = bisect.bisect_right(starts, match.start()) - 1
        if at >= 0 and match.start() < ends[at]:
            return match.group()  # in a code span
        if match.group("tag"):
            return "&lt;"
        alt = match.group("alt")
        return translate("Untrusted", "[image: {text}]").format(text=alt) if alt else translate("Untrusted", "[image]")

    return _LIVE.sub(made_inert, line)


def _code_spans(line: str) -> tuple[list[int], list[int]]:
    """Where the line's code spans are: a run of backticks to the next run as long
    (found through an index by length: a line of thousands of runs must not take their
    square). Their starts and ends, in order."""
    runs = [(match.start(), match.end()) for match in re.finditer(r"`+", line)]
    by_length: dict[int, list[int]] = {}
    for index, (start, end) in enumerate(runs):
        by_length.setdefault(end - start, []).append(index)
    starts, ends, index = [], [], 0
    while index < len(runs):
        start, end = runs[index]
        same = by_length[end - start]
        after = bisect.bisect_right(same, index)
        if after == len(same):
            index += 1  # never closed: its backticks are text
            continue
        closing = same[after]
        starts.append(start)
        ends.append(runs[closing][1])
        index = closing + 1
    return starts, ends
