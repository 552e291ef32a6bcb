"""An answer as HTML for the exported web page: read as the window reads it (the one
policy, untrusted.render_markdown: no raw HTML, images as links, hiding characters
shown, Markdown too hard for the importer shown as plain text), then written as plain
semantic HTML from the parsed document. Every piece of text is escaped; a link keeps
its address only when it is a web address (http, https), anything else is text whose
address shows on hover; nothing is loaded from anywhere.

Qt's own `toHtml()` is not used: it writes every code line as a `<pre>` of its own, a
quote as a paragraph with a margin, and the window's fonts into every element."""

from __future__ import annotations

import html

import shiboken6

from PySide6.QtCore import QUrl
from PySide6.QtGui import QTextBlock, QTextBlockFormat, QTextCursor, QTextDocument, QTextFormat, QTextListFormat

from ..protocol.translation import sentence, translate
from . import untrusted

# Longer answers are written as their Markdown text: Qt's importer takes time growing
# with the square of a table's rows (a 200 KB table 1.7 s, 1 MB 47 s, on the UI thread),
# where the window cuts a long answer into blocks. 32 KB is more than a model's answer
# (a few thousand tokens); the slowest 32 KB (a table of 60 columns, a list of 4,000
# items) takes about 0.2-0.4 s here, made and written.
LONGEST_PARSED = 32 * 1024
HEADING_OFFSET = 1  # the page's title is its one <h1>: an answer's "#" is an <h2>
_ORDERED = {QTextListFormat.Style.ListDecimal, QTextListFormat.Style.ListLowerAlpha, QTextListFormat.Style.ListUpperAlpha,
            QTextListFormat.Style.ListLowerRoman, QTextListFormat.Style.ListUpperRoman}
# A task list's items ("- [x] done", "- [ ] to do"): their box, as text.
_TASK_MARKS = {QTextBlockFormat.MarkerType.Checked: "☑ ", QTextBlockFormat.MarkerType.Unchecked: "☐ "}
_LINE_BREAK = "\u2028"  # Qt's line separator inside a block (a Markdown hard break)


def _e(text: str) -> str:
    return html.escape(text, quote=True)


def answer_html(text: str) -> str:
    """The answer's Markdown as an HTML fragment; a very long one as its text (see
    LONGEST_PARSED)."""
    reason = untrusted.too_hard(text) if len(text) <= LONGEST_PARSED else None
    if len(text) > LONGEST_PARSED or reason is not None:
        # As its text, spaces and blank lines kept (what the window shows such an answer as).
        if reason is None:
            note = translate("AnswerHtml", "A long answer: shown as the Markdown it was written in.")
        else:
            note = sentence(translate("Untrusted", "Shown as plain text ({reason})."), reason=reason)
        return f'<p class="notice">{_e(note)}</p>\n<div class="plain">{_e(untrusted.visible(text))}</div>'
    document = QTextDocument()
    untrusted.render_markdown(document, text)
    return _Writer(document).write()


def _is_code(block: QTextBlock) -> bool:
    form = block.blockFormat()
    return form.hasProperty(QTextFormat.Property.BlockCodeFence) or form.hasProperty(QTextFormat.Property.BlockCodeLanguage)


def _code_kind(block: QTextBlock) -> tuple:
    """What tells two code blocks one after the other apart (a fenced one and an
    indented one, or fences of other languages): Qt keeps no mark of where one ends."""
    form = block.blockFormat()
    return (form.property(QTextFormat.Property.BlockCodeFence), form.property(QTextFormat.Property.BlockCodeLanguage),
            form.indent(), _quote_level(block))


def _quote_level(block: QTextBlock) -> int:
    level = block.blockFormat().property(QTextFormat.Property.BlockQuoteLevel)
    return level if isinstance(level, int) else 0


def inline(block: QTextBlock, plain: bool = False) -> str:
    """A block's text with its emphasis, code and links. `plain`: no emphasis (a
    heading's or a table header's text is bold already)."""
    out = []
    it = block.begin()
    while not it.atEnd():
        fragment = it.fragment()
        it += 1
        if not fragment.isValid():
            continue
        form = fragment.charFormat()
        piece = _e(fragment.text().replace("\ufffc", "")).replace(_LINE_BREAK, "<br>")
        if form.fontFixedPitch() or "monospace" in (form.fontFamilies() or []):
            piece = f"<code>{piece}</code>"
        if not plain:
            if form.fontStrikeOut():
                piece = f"<s>{piece}</s>"
            if form.fontItalic():
                piece = f"<em>{piece}</em>"
            if form.fontWeight() >= 600:
                piece = f"<strong>{piece}</strong>"
        if form.isAnchor() and form.anchorHref():
            address = form.anchorHref()
            if untrusted.openable(QUrl(address)):  # (the window's rule for opening one)
                piece = f'<a href="{_e(address)}" rel="noopener noreferrer">{piece}</a>'
            else:
                piece = f'<span class="link" title="{_e(untrusted.visible(address))}">{piece}</span>'
        out.append(piece)
    return "".join(out)


class _Writer:
    def __init__(self, document: QTextDocument) -> None:
        self.document = document
        self.out: list[str] = []
        self.quotes = 0  # <blockquote> levels open
        self.lists: list[tuple[int, str]] = []  # open lists, outermost first: (which QTextList, closing tag)

    def write(self) -> str:
        block = self.document.begin()
        while block.isValid():
            table = QTextCursor(block).currentTable()
            if table is not None:
                self._leave_lists(0)
                self._table(table)
                end = table.lastPosition()
                while block.isValid() and block.position() <= end:
                    block = block.next()
            elif _is_code(block):
                block = self._code(block)
            else:
                self._block(block)
                block = block.next()
        self._leave_lists(0)
        self._quote(0)
        return "\n".join(self.out)

    def _quote(self, level: int) -> None:
        while self.quotes < level:
            self.out.append("<blockquote>")
            self.quotes += 1
        while self.quotes > level:
            self.out.append("</blockquote>")
            self.quotes -= 1

    def _leave_lists(self, keep: int) -> None:
        """Close the lists opened inside the first `keep`; outside any, the block's quote."""
        while len(self.lists) > keep:
            self.out.append("</li>" + self.lists.pop()[1])

    def _enter(self, block: QTextBlock) -> None:
        """Lists and quotes as a block that is not a list item wants them: a paragraph
        or code indented as a list item's stays in it."""
        self._leave_lists(min(block.blockFormat().indent(), len(self.lists)))
        if not self.lists:
            self._quote(_quote_level(block))

    def _block(self, block: QTextBlock) -> None:
        listed = block.textList()
        if listed is not None:
            self._list_item(block, listed)
            return
        self._enter(block)
        form = block.blockFormat()
        if form.hasProperty(QTextFormat.Property.BlockTrailingHorizontalRulerWidth):
            self.out.append("<hr>")
            return
        level = form.headingLevel()
        if level:
            tag = f"h{min(6, level + HEADING_OFFSET)}"
            self.out.append(f"<{tag}>{inline(block, plain=True)}</{tag}>")
        elif block.text():
            self.out.append(f"<p>{inline(block)}</p>")

    def _list_item(self, block: QTextBlock, listed) -> None:
        which = shiboken6.getCppPointer(listed)[0]
        depth = max(1, listed.format().indent())
        self._leave_lists(depth)  # deeper lists end here
        if len(self.lists) == depth and self.lists[-1][0] != which:
            self._leave_lists(depth - 1)  # another list at this depth
        if len(self.lists) == depth:
            self.out.append("</li>")  # the next item of the list open
        else:
            if not self.lists:
                self._quote(_quote_level(block))
            ordered = listed.format().style() in _ORDERED
            # (Steps parted by code blocks are lists of their own, each starting where
            # the answer numbered it: "2." after the first step's code.)
            start = listed.format().start() + listed.itemNumber(block)
            self.out.append(("<ol>" if start == 1 else f'<ol start="{start}">') if ordered else "<ul>")
            self.lists.append((which, "</ol>" if ordered else "</ul>"))
        self.out.append(f"<li>{_TASK_MARKS.get(block.blockFormat().marker(), '')}{inline(block)}")

    def _code(self, block: QTextBlock) -> QTextBlock:
        """One <pre> for a run of code lines; the block after it."""
        self._enter(block)
        language = block.blockFormat().property(QTextFormat.Property.BlockCodeLanguage)
        kind = _code_kind(block)
        lines = []
        while block.isValid() and _is_code(block) and _code_kind(block) == kind and QTextCursor(block).currentTable() is None:
            lines.append(_e(block.text().replace(_LINE_BREAK, "\n")))
            block = block.next()
        named = f' class="language-{_e(language)}"' if isinstance(language, str) and language else ""
        self.out.append(f"<pre><code{named}>" + "\n".join(lines) + "</code></pre>")
        return block

    def _table(self, table) -> None:
        """A Markdown table: its first row is the header."""
        rows = ["<table>"]
        for row in range(table.rows()):
            tag = "th" if row == 0 else "td"
            cells = []
            for column in range(table.columns()):
                cell = table.cellAt(row, column)
                if not cell.isValid() or (cell.row(), cell.column()) != (row, column):
                    continue  # (a spanned cell: written once, where it starts)
                parts, block = [], cell.firstCursorPosition().block()
                while block.isValid() and block.position() <= cell.lastPosition():
                    parts.append(inline(block, plain=row == 0))
                    block = block.next()
                cells.append(f"<{tag}>{'<br>'.join(part for part in parts if part)}</{tag}>")
            rows.append("<tr>" + "".join(cells) + "</tr>")
        rows.append("</table>")
        self.out.append("\n".join(rows))
