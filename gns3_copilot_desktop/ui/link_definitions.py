"""An answer's reference-style link definitions ("[1]: https://…"), for the parts of it
that are parsed on their own.

A long answer is cut into blocks, each parsed apart (see markdown_view). A link written
"[OSPF][1]" in one block, defined by "[1]: https://…" at the answer's end (as models
write their sources), stayed "[OSPF][1]" as text in that block for good: its parse
never saw the definition. A block is parsed with the definitions of the labels it
uses, found in the answer's finished paragraphs so far, written after its own text,
where they show nothing.

Only what Qt's importer (md4c) takes for a definition is kept: a line that starts a
paragraph, outside code, that shows nothing when parsed alone. "[^1]: a footnote",
"[1]: RFC 2328 - OSPF" (words after the address) and a line under a paragraph's text
are text, and written after another block they would have shown there as text too.
"""

from __future__ import annotations

import functools
import re

from ..protocol.fences import code_ranges

# A definition's first line: up to three spaces, the label, a colon, the destination.
_DEFINITION = re.compile(r"^ {0,3}\[([^\]\n]{1,999})\]:[ \t]*\S[^\n]*", re.MULTILINE)
# A line after which a definition starts a block of its own, as after a blank line: a
# heading (a setext one's underline too), a code fence (not "```code``` in a line"), a rule.
_ENDS_A_BLOCK = re.compile(r"#{1,6}(?:\s|$)|`{3,}[^`]*$|~{3,}|=+$|(?:-[ \t]*){3,}$|(?:\*[ \t]*){3,}$|(?:_[ \t]*){3,}$")
# A label written in the text: "[OSPF][1]", "[1]", "[Two\nWords][]".
_LABEL = re.compile(r"\[([^\[\]]{1,999})\]")
# The most definitions an answer's blocks are given: an answer of thousands (hostile,
# or a dump) would make each block's parse look for all of them.
MOST_KEPT = 200
# A longer one is not given to other blocks: a block is shown as plain text when a line
# of it is too long (untrusted.too_hard), and a definition of a megabyte would have made
# every block that uses its label so.
LONGEST_CHARS = 2048
# The most lines of a piece of text parsed one by one to tell which are definitions,
# when not all are (each a parse of its own, 0.2 ms: thousands of lines that look
# like one are hostile).
MOST_TRIED = 16
# The most text written after a block: a block using 200 labels of 2 KB each was parsed
# as 400 KB, in one piece of work.
MOST_ADDED_CHARS = 4096


def label_key(label: str) -> str:
    """A label as md4c matches it: case and runs of white space do not count."""
    return " ".join(label.split()).casefold()


def definitions_in(text: str) -> dict[str, str]:
    """The link definitions in `text` (whole lines), by label key: the first of a label
    wins, as in CommonMark; MOST_KEPT at most."""
    if "]:" not in text:
        return {}  # (looked for in C: most text has none)
    from .untrusted import too_hard

    candidates: list[tuple[str, str, int]] = []  # (key, line, the candidate it follows or -1)
    code = code_ranges(text)
    previous_end = -1  # where the last candidate's line ended: one may follow another
    for match in _DEFINITION.finditer(text):
        start = match.start()
        while code and code[0][1] <= start:
            code.pop(0)
        line = match.group(0).strip()
        key = label_key(match.group(1))
        if ((code and code[0][0] <= start) or not key or key.startswith("^") or len(line) > LONGEST_CHARS
                or too_hard(line) is not None):
            continue  # (code that looks like one, a footnote, one too long or too deep to give)
        follows = -1
        if start and start != previous_end + 1:
            above = text[text.rfind("\n", 0, start - 1) + 1:start - 1].strip()
            if above and not _ENDS_A_BLOCK.match(above):
                continue  # under a paragraph's text: text
        elif start:
            follows = len(candidates) - 1  # a definition only if the one above is
        previous_end = match.end()
        candidates.append((key, line, follows))
        if len(candidates) >= MOST_KEPT:
            break
    if not candidates:
        return {}
    if _shows_nothing("\n\n".join(line for _, line, _ in candidates)):
        valid = [True] * len(candidates)  # (all of them, told in one parse: the usual case)
    else:
        # ("[1]: RFC 2328 - OSPF": words after the address make it text. Each told by a
        # parse of its own, a few: thousands of lines that look like one are hostile.)
        valid = []
        for index, (_, line, follows) in enumerate(candidates):
            valid.append(index < MOST_TRIED and (follows < 0 or valid[follows]) and _shows_nothing(line))
    found: dict[str, str] = {}
    for (key, line, _), ok in zip(candidates, valid):
        if ok:
            found.setdefault(key, line)
    return found


def links_for(text: str, definitions: dict[str, str]) -> str:
    """What to write after `text` for it to be parsed with the definitions it uses and
    does not have ("" if none): each on a paragraph of its own, MOST_ADDED_CHARS at
    most; "" too when `text` ends in an open code block: they would be code there."""
    if "[" not in text or not definitions:
        return ""
    wanted = labels_in(text).intersection(definitions)
    if not wanted:
        return ""
    wanted.difference_update(definitions_in(text))  # (its own come first in its parse)
    lines, size = [], 0
    for key in sorted(wanted):
        size += len(definitions[key]) + 2
        if size > MOST_ADDED_CHARS:
            break
        lines.append(definitions[key])
    if not lines or any(end > len(text) for _, end in code_ranges(text)):
        return ""
    return "\n\n" + "\n\n".join(lines) + "\n"


def labels_in(text: str) -> set[str]:
    """The keys of the labels `text` may use: each "[…]" in it."""
    return {label_key(label) for label in _LABEL.findall(text)} if "[" in text else set()


@functools.lru_cache(maxsize=1024)
def _shows_nothing(line: str) -> bool:
    """Whether Qt's importer takes `line`, alone, for a definition: it shows nothing."""
    from PySide6.QtGui import QTextDocument

    from .untrusted import markdown_features

    document = QTextDocument()
    document.setMarkdown(line, markdown_features())
    return not document.toPlainText().strip()
