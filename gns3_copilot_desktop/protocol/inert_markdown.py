"""Untrusted Markdown made inert for the exported Markdown file, which people open in
Markdown viewers (an editor's preview, a Git host, a notes app) that load images, show
raw HTML and follow links. The file must read as the window showed the chat, by its
policy: an image becomes a link to its address ("[image: alt]"), raw HTML is text
(`<img src=…>` shows as written), a link goes only to a web or mail address (one to
`file:`, `javascript:` or a path is text), and characters that hide or reorder text are
visible marks. Pure: text in, text out.

Code (fenced blocks, code spans) is left as written but for those marks: a viewer shows
code as text. Where this reading of the text could differ from a viewer's, it errs on
the side of text: a fence is one only as CommonMark has it at the top level (indented up
to 3 spaces; one indented under a list item ends with a line indented less), so that
nothing a viewer reads as text is taken for code and left live. The price is an "&lt;"
seen in rarer code (an indented code block, code in a quote)."""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable

from .translation import translate
from .untrusted_text import visible

# A fence's line: up to 3 spaces, then ``` or ~~~ (a backtick fence's words hold no backtick).
_FENCE = re.compile(r"^( {0,3})(`{3,}(?=[^`]*$)|~{3,})")
# An image, inline or by reference, whose words hold no bracket: "![alt](" or "![alt][".
_IMAGE = re.compile(r"!\[(?P<alt>[^\]\[\n]*)\](?=[(\[])")
# What is left of an image's opening ("![a [b] c](…)", "![a\]b](…)", "![logo]" defined
# elsewhere): its "!" escaped, the rest a link.
_BANG = re.compile(r"!\[")
# Raw HTML opens with "<" and a letter, "/", "!" or "?". Autolinks are kept (a viewer
# shows them as the links they are) to web and mail addresses only.
_TAG = re.compile(r"<(?=[A-Za-z/!?])(?!(?:https?|mailto):[^\s<>]*>|[^\s<>@]+@[^\s<>@]+>)", re.I)
# A link to anything but a web or mail address (javascript:, file:, smb:, a path on
# this computer, a page beside the file) is made text, as the window only copies such an
# address, never follows it: inline, its "]" is escaped ("[a\](file:x)"); defined at a
# line's start, also in a quote or a list item ("> [a]: file:x"), its "[" is.
_WEB = ("http://", "https://", "mailto:")
_INLINE_LINK = re.compile(r"\]\(\s*<?(?P<to>[^\s<>)]*)")
_DEFINITION = re.compile(r"^(?P<indent>(?:[ \t>]|[-+*][ \t]|\d{1,9}[.)][ \t])*)\[(?=[^\]\n]+\]:[ \t]*<?(?P<to>[^\s<>]*))", re.M)


def inert(text: str) -> str:
    """`text` with its images as links, its raw HTML and its links to anything but web
    and mail addresses as text, outside code; every hiding character shown as a mark."""
    text = visible(text)
    if not _may_load(text):
        return text
    out: list[str] = []
    prose: list[str] = []  # lines outside fenced code, since the last fence
    lines, _ = _read_fences(text)
    for line, code in lines:
        if not code:
            prose.append(line)
            continue
        out += _prose(prose)
        prose = []
        out.append(line)
    out += _prose(prose)
    return "\n".join(out)


def fence_left_open(text: str) -> str | None:
    """The fence `text` leaves open at its end, as inert reads fences; None if none. The
    export closes it, so that the next answer is not read as its code."""
    return _read_fences(text)[1]


def _read_fences(text: str) -> tuple[list[tuple[str, bool]], str | None]:
    """Each line, and whether it is fenced code (its fences included); the fence left
    open at the end."""
    lines: list[tuple[str, bool]] = []
    fence: tuple[str, int] | None = None  # the open fence's marks and indentation
    for line in text.split("\n"):
        if fence is None:
            opened = _FENCE.match(line)
            if opened is not None:
                fence = (opened.group(2), len(opened.group(1)))
            lines.append((line, opened is not None))
            continue
        marks, indent = fence
        stripped = line.lstrip(" ")
        indented = len(line) - len(stripped)
        if stripped and indented < indent:
            fence = None  # a line indented less than a list item's fence: the item ended
            lines.append((line, False))
            continue
        closing = stripped.rstrip()
        if indented <= 3 and len(closing) >= len(marks) and closing == marks[0] * len(closing):
            fence = None
        lines.append((line, True))
    return lines, None if fence is None else fence[0]


def _prose(lines: list[str]) -> list[str]:
    """Lines outside fenced code, made inert a paragraph at a time (a code span can go
    on over the lines of its paragraph, never past a blank line)."""
    if not lines:
        return []
    out, paragraph = [], []
    for line in lines + [""]:
        if line.strip():
            paragraph.append(line)
            continue
        if paragraph:
            out.append(_paragraph("\n".join(paragraph)))
            paragraph = []
        out.append(line)
    return "\n".join(out[:-1]).split("\n")


def _escaped(text: str, at: int) -> bool:
    """Whether the character at `at` is escaped by a backslash (an odd run before it)."""
    run = 0
    while at - run - 1 >= 0 and text[at - run - 1] == "\\":
        run += 1
    return run % 2 == 1


def _paragraph(text: str) -> str:
    """One paragraph: images as links, what is left of an image's opening escaped, links
    to anything but web and mail addresses and raw HTML as text; each pass reads what
    the one before made (an "<img>" in an image's alt text is made text too, and so is
    the link an image to a path became)."""
    if not _may_load(text):
        return text
    text = _sub_outside(_IMAGE, text, _image_words)
    text = _sub_outside(_BANG, text, lambda match: "\\![")
    text = _sub_outside(_INLINE_LINK, text, lambda match: match.group() if _web(match) else "\\" + match.group())
    text = _sub_outside(_DEFINITION, text, lambda match: match.group() if _web(match) else match.group("indent") + "\\[")
    return _sub_outside(_TAG, text, lambda match: "&lt;")


def _may_load(text: str) -> bool:
    """Whether `text` may hold an image, raw HTML or a link (the common answer does not)."""
    return "<" in text or "![" in text or "](" in text or "]:" in text


def _web(link: re.Match[str]) -> bool:
    return link.group("to").lower().startswith(_WEB)


def _image_words(match: re.Match[str]) -> str:
    alt = match.group("alt")
    return translate("Untrusted", "[image: {text}]").format(text=alt) if alt else translate("Untrusted", "[image]")


def _sub_outside(pattern: re.Pattern[str], text: str, made: Callable[[re.Match[str]], str]) -> str:
    """`pattern` replaced by `made(match)` outside the text's code spans, where its
    first character is not escaped by a backslash."""
    starts, ends = _code_spans(text)

    def one(match: re.Match[str]) -> str:
        at = match.start()
        index = bisect.bisect_right(starts, at) - 1
        if (index >= 0 and at < ends[index]) or _escaped(text, at):
            return match.group()
        return made(match)

    return pattern.sub(one, text)


def _code_spans(text: str) -> tuple[list[int], list[int]]:
    """Where the paragraph's code spans are: a run of backticks (not escaped) to the
    next run as long, found through an index by length (thousands of runs must not take
    their square). Their starts and ends, in order."""
    runs = [(match.start(), match.end()) for match in re.finditer(r"`+", text) if not _escaped(text, match.start())]
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
