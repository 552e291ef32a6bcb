"""What a whole parse of the open tail would show, when that can be known without one.

The open tail of an answer is shown in two blocks (see markdown_view): its finished
paragraphs, which grow when another paragraph ends, and the paragraph being written,
which grows by a few words ten times a second at a model's pace. Each was parsed again,
whole, on each change. When the new text can only look as it would on its own, it is
added to the block's document without parsing what was there:
- appended_paragraphs: paragraphs after a paragraph break, parsed alone and appended
  (MarkdownBlock._append_paragraphs);
- parsed_apart: paragraphs after a paragraph break that show on their own what they
  show after it: the finished paragraphs above them become a block as they are shown,
  and only the new ones are parsed (MarkdownView._settled_kept);
- added_words: plain words added to the paragraph being written, inserted as they are
  (0.45-0.55 ms a parse with its touch-ups and layout on session 12's machine; added,
  the words cost 0.23-0.26 ms).
Both refuse text in which something may take its meaning from far away, or that the
importer is not given as it is (_nothing_from_afar). tests/test_ui_added_words.py and
tests/test_ui_markdown_touch_ups.py check both against a whole parse, pixel for pixel.

Most of the words the paragraph being written gains are plain: added at its end they
show as they are and change nothing of what is before them. Why added_words' rules are
enough (CommonMark as md4c reads it, GitHub's dialect):
- The added text has no character that opens or closes inline markup (`*` `_` `~`
  backticks, brackets, `<`, `&`, `\\`, `|`, `#`, …: only ASCII punctuation means
  anything to Markdown), and none that untrusted.visible shows as a mark: nothing
  earlier can be closed by it, and it opens nothing. Parentheses only when there is no
  `[` before them (a `)` may end a link's address).
- The kind of the paragraph's last line is settled: after the marks of the lists,
  quotes or heading it is in, it has a letter (`2` has not: `2. ` makes it a list).
- What the added text touches is plain: when it goes on in the middle of the last
  word, the whole word is plain (`&amp` + `;`, `**b**` + `c`). Past a space, a mark
  before it (`**bold**` + ` words`) means what it meant at the end of the text (a
  space and the end count alike next to a mark), and the words are out of any span,
  in the importer's plain format (not in a heading, whose words have its own format);
  after a plain character, in that character's format (the text's last character is
  out of any span: a span ends with its mark).
- No word the added text touches may be, or become, a link md4c finds by itself
  (`www.`, `://`, `@`).
- A new line starts with a letter: a letter starts no block (no list, quote, heading,
  code, table, rule, nor the underline that makes the line above a heading), so the
  line goes on the same paragraph, shown as a space (a soft break). Not after a heading
  (a heading is one line), nor after two spaces or a backslash (a hard break).
- Spaces at the end are not shown (the importer drops a paragraph's trailing spaces),
  until words follow them.
- The whole text has no code, no line that may make a table of it, no link definition
  (shown as nothing), nothing that makes render_markdown show it as plain text or
  wrap it anywhere (both only grow with the text).
"""

from __future__ import annotations

import re
import unicodedata

from ..protocol.fences import fence_after
from . import untrusted

# Punctuation that means nothing to Markdown inside a line (a `-` or digit only at a
# line's start, which the rules below never let them be).
_PLAIN_PUNCTUATION = frozenset(" .,;:!?'\"-/%")
_SOFT_BREAK = re.compile(r" *\n *")
# The marks of the lists, quotes and heading a line is in.
_CONTAINERS = re.compile(r" {0,3}(?:(?:[-+*]|\d{1,9}[.)]) +|> ?)*(?:#{1,6} +)?")
# The first character of paragraphs that can be parsed on their own and appended: none
# that may start a list (which would continue the one before), a quote, code or a
# table, or be indented.
_PLAIN_START = re.compile(r"[^\s\-*+>|0-9`~\\]")
# A list item with nothing on its line ("1. ", "> - ", "- - "): after one, Qt's importer
# indents every paragraph that follows (-qt-block-indent:1), which appended ones were not.
_EMPTY_ITEM = re.compile(r"^[ >]*(?:(?:[-+*]|\d{1,9}[.)])[ \t]+)*(?:[-+*]|\d{1,9}[.)])[ \t]*$", re.MULTILINE)


def _plain(char: str, parentheses: bool = False) -> bool:
    """A character that means nothing to Markdown (only ASCII punctuation does), and
    shows as itself (not one of the characters untrusted.visible marks). `parentheses`:
    they count too (with no `[` before them, no link's address can be open)."""
    if char.isascii():
        return char.isalnum() or char in _PLAIN_PUNCTUATION or (parentheses and char in "()")
    return char.isalnum() or unicodedata.category(char)[0] in "PS"  # (not a space, mark nor control)


def _settled(line: str) -> bool:
    """Whether words added to this line leave its kind as it is: after the marks of the
    lists, quotes or heading it is in, it has a letter. Without one it may still become
    a list item ("2" and ". "), a rule or a heading's underline ("- -" and " -")."""
    return any(char.isalpha() for char in line[_CONTAINERS.match(line).end():])  # type: ignore[union-attr]


def _may_be_table(text: str) -> bool:
    """Whether a line may be a table's delimiter row (only pipes, dashes, colons and
    spaces): without one, a `|` is only a character."""
    return "|" in text and any(line.strip() and not line.strip(" |-:") for line in text.split("\n") if "-" in line)


def _grown(shown: str, text: str) -> str | None:
    """What `text` adds at the end of `shown` (None if it does not only add to it)."""
    if len(text) <= len(shown) or not text.startswith(shown):
        return None
    return text[len(shown):]


def _nothing_from_afar(text: str, new: str, code: bool = False) -> bool:
    """Whether the whole `text` has nothing that may change what its `new` part shows
    from far away, and the importer is given it as it is: no reference definition
    (anywhere: a link in one paragraph may be defined in another, and a definition
    shows as nothing), no carriage return (a line end to md4c, not to the checks here),
    nothing that render_markdown shows as plain text (untrusted.too_hard); and `new`
    has no code (a fence, or an indented line; unless `code`: parsed apart, not
    appended) and no long run without spaces, which would wrap the whole document
    anywhere (untrusted.long_run)."""
    from .code_blocks import may_hold_code

    if "]:" in text or "\r" in text or (not code and may_hold_code(new)) or untrusted.long_run(new):
        return False
    return untrusted.too_hard(text) is None


def appended_paragraphs(shown: str, text: str) -> str | None:
    """The paragraphs `text` adds to `shown`, if parsed on their own and appended to the
    document of `shown` they give exactly what parsing `text` gives (else None): they
    follow a paragraph break outside code, and nothing in them may take its meaning from
    what is before them, nor change it: no list, quote, table or code at their start, no
    table or code at all, no reference definitions (anywhere: a link in one paragraph
    may be defined in another), no long run that wraps the whole document anywhere, and
    the whole text within what the importer is given (untrusted.too_hard)."""
    if not shown.endswith("\n\n"):
        return None
    more = _grown(shown, text)
    if more is None or not _PLAIN_START.match(more) or "|" in more or _EMPTY_ITEM.search(shown):
        return None
    if fence_after(shown) is not None or not _nothing_from_afar(text, more):
        return None
    return more


# The start of paragraphs that render the same whatever is above them: not a list's next
# item (a marker, a digit), a quote, nor anything indented (a list item's paragraph, code).
_STARTS_ANEW = re.compile(r"[^\s\-*+>0-9\\]")


def parsed_apart(shown: str, text: str) -> bool:
    """Whether the paragraphs `text` adds to `shown` (which ends with a paragraph break)
    show, parsed in a document of their own, what a parse of the whole `text` shows, and
    leave `shown` as it shows alone (MarkdownView keeps `shown` as a block, then): they
    start anew (not a list's next item, a quote, indented), and nothing in the whole
    text takes its meaning from afar: no reference definition (anywhere: a link in one
    paragraph may be defined in another), no empty list item in `shown` (after one, the
    importer indents every paragraph that follows), and the rest of _nothing_from_afar
    (a long run anywhere: it would wrap `shown` anywhere too). Tables and code may start
    them (unlike appended_paragraphs: parsed apart, not appended)."""
    more = _grown(shown, text)
    if more is None or not shown.endswith("\n\n") or not _STARTS_ANEW.match(more) or _EMPTY_ITEM.search(shown):
        return False
    return _nothing_from_afar(text, text, code=True)


def added_words(shown: str, text: str, after_heading: bool) -> tuple[str, bool] | None:
    """What the document showing the Markdown `shown` gains at its end to show `text`
    exactly as parsing `text` would, if that is only words (None if it may be anything
    else): (the words, whether they follow a span's closing mark). They are in the
    format of the document's last character, or after a mark (`**bold**` + ` words`)
    in a paragraph's plain format. `after_heading`: the document's last block is a
    heading."""
    more = _grown(shown, text)
    if more is None:
        return None
    parentheses = "[" not in shown
    for char in more:
        if not (_plain(char, parentheses) or char == "\n"):
            return None
    head = shown.rstrip(" \n")
    if not head or not _settled(head[head.rfind("\n") + 1:]):
        return None
    rest = text[len(head):]  # the spaces the document does not show yet, and `more`
    after_mark = not _plain(head[-1], parentheses)
    if after_mark and (after_heading or head[-1] == "\\"):
        # A heading's words have its format, but not after a span in it ("## *T* x":
        # Qt's importer), and a mark may be no span's ("## x[ y"): not known here. A
        # backslash before a line end is a hard break.
        return None
    word = head[max(head.rfind(" "), head.rfind("\n")) + 1:]
    if rest[0] not in " \n" and not all(_plain(char, parentheses) for char in word):
        return None  # goes on in the middle of a word that is not plain
    touched = (word + rest).lower()
    if "@" in touched or "://" in touched or "www." in touched:
        return None
    if "\n" in rest:
        if after_heading or "  \n" in rest:
            return None
        lines = rest.split("\n")
        for index, line in enumerate(lines[1:], 1):
            line = line.lstrip(" ")
            if not (line[:1].isalpha() or (not line and index == len(lines) - 1)):
                return None  # a line that may start a block, or a blank line
    if _may_be_table(text) or not _nothing_from_afar(text, text):
        return None  # (code, tables, link definitions (shown as nothing): anywhere)
    return _SOFT_BREAK.sub(" ", rest.rstrip(" \n")), after_mark
