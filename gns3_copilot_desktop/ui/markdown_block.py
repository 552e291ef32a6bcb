"""One block of an answer's Markdown: a read-only QTextBrowser whose height is fixed to
its document's. Unlike word-wrapped QLabels, it never makes the layouts ask every block
"how tall at this width?" on each frame, which would cost the whole conversation's
length per frame. Its text is parsed with the policy for untrusted text (untrusted),
its code blocks shown in panels (code_blocks), its tables' borders drawn by itself
(table_borders). The answer (markdown_view) is made of such blocks."""

from __future__ import annotations

import math
from contextlib import contextmanager
from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint, QSize, QSizeF, Qt, QTimer, QUrl
from PySide6.QtGui import QAccessible, QFont, QPainter, QPalette, QResizeEvent, QTextBlockFormat, QTextCharFormat, QTextCursor, QTextDocument, QTextTable
from PySide6.QtWidgets import QFrame, QSizePolicy, QTextBrowser, QWidget

from . import table_borders, untrusted
from .focus_ring import RingedFocus, draw_ring
from .made_ahead import MadeAhead
from .without_a_parse import added_words, appended_paragraphs

if TYPE_CHECKING:
    from .lazy_markdown_block import LazyMarkdownBlock

# Keys an answer's text hands on to the conversation around it (see keyPressEvent).
_CONVERSATION_KEYS = frozenset(
    (Qt.Key.Key_Up, Qt.Key.Key_Down, Qt.Key.Key_PageUp, Qt.Key.Key_PageDown, Qt.Key.Key_Home, Qt.Key.Key_End)
)


class MarkdownBlock(RingedFocus, QTextBrowser):
    """A piece of Markdown, exactly as tall as its text: no scroll bars, no frame."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # Code lines do not wrap, so the document can be wider than the block: only a
        # code block's own panel scrolls sideways (see code_blocks), never the answer.
        self.horizontalScrollBar().valueChanged.connect(lambda value: value and self.horizontalScrollBar().setValue(0))
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        # Untrusted text: no link is followed inside the chat nor handed to the desktop
        # without asking (see untrusted.open_link).
        self.setOpenLinks(False)
        self.setOpenExternalLinks(False)
        self.anchorClicked.connect(lambda url: untrusted.open_link(url, self))
        palette = self.palette()
        palette.setColor(QPalette.ColorRole.Base, Qt.GlobalColor.transparent)
        self.setPalette(palette)
        self.viewport().setAutoFillBackground(False)
        # Grown (a paragraph appended, a line more), it repaints what changed in its
        # document and the strip it grew by, not all of it: its text stays where it was.
        # Every paragraph that ended repainted all the answer's finished ones above it.
        self.setAttribute(Qt.WidgetAttribute.WA_StaticContents)
        self.viewport().setAttribute(Qt.WidgetAttribute.WA_StaticContents)
        self.document().setDocumentMargin(2)
        self.document().documentLayout().documentSizeChanged.connect(self._fit)
        self.setFixedHeight(0)
        self._code = None  # code_blocks.CodeBlocks, made for the first code block
        self._width_pending = False  # resized while out of view: laid out when seen
        self._setting = False  # within set_markdown
        self._tables = False  # whether it draws its tables' borders (see table_borders)
        self._markdown = ""  # the text set_markdown showed last
        self._links = ""  # the link definitions parsed after it (see link_definitions)
        self._relink_when_painted: LazyMarkdownBlock | None = None  # see LazyMarkdownBlock.relink
        self._keeps_glyphs = False  # see keep_glyphs

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        # Laying a document out again at a new width costs its whole length: a window
        # resized during a long chat did that for every block of it, in view or not.
        # Out of view, the block keeps its height (an estimate now) until it is seen.
        # A block never laid out yet (just made, or empty) is laid out now.
        laid_out = event.oldSize().width() > 0 and self.height() > 0
        if laid_out and event.size().width() != event.oldSize().width() and self.visibleRegion().isEmpty():
            self._width_pending = True
            return
        self._width_pending = False
        if event.size().width() != event.oldSize().width() and self.document().textWidth() == self.viewport().width():
            # Laid out at this width already (see set_markdown): Qt would do it again.
            # Told of a resize at the same width instead, it still brings its scroll
            # range up to date: skipped, the range set while the block was hidden (its
            # viewport a few pixels tall) stayed, and a drag-select scrolled the text up
            # inside the block, its first lines hidden.
            event = QResizeEvent(event.size(), QSize(event.size().width(), event.oldSize().height()))
        super().resizeEvent(event)

    def wheelEvent(self, event) -> None:  # noqa: N802 - Qt's name
        event.ignore()  # the conversation scrolls (up and down); sideways, nothing does

    # Links' addresses are watched from the pointer's first visit (see enterEvent).
    _links_watched = False
    _pointing_at_link = False

    def enterEvent(self, event) -> None:  # noqa: N802 - Qt's name
        if not self._links_watched:
            # Connected here, not when the block is made: a fast stream makes thousands
            # of blocks the pointer never visits, and a connection costs 19 us.
            self._links_watched = True
            self.highlighted.connect(self._point_at_link)
        super().enterEvent(event)

    def _point_at_link(self, url) -> None:
        """The address of the link under the pointer, in the window's status bar."""
        self._pointing_at_link = not url.isEmpty()
        status = self.window().statusBar() if hasattr(self.window(), "statusBar") else None
        if hasattr(status, "show_link"):
            status.show_link(url.toString())

    def leaveEvent(self, event) -> None:  # noqa: N802 - Qt's name
        if self._pointing_at_link:  # (Qt says nothing when the pointer leaves the block from a link)
            self._point_at_link(QUrl())
        super().leaveEvent(event)

    def keyPressEvent(self, event) -> None:  # noqa: N802 - Qt's name
        # The block has no caret and never scrolls: after a click in an answer (a table
        # cell, a word), the keys that move through a page move the conversation, as
        # they do after a click in a code block (code_blocks.CodeText).
        if event.key() in _CONVERSATION_KEYS and not (event.modifiers() & Qt.KeyboardModifier.ShiftModifier):
            event.ignore()
            return
        super().keyPressEvent(event)

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt's name
        if self._relink_when_painted is not None:
            owner, self._relink_when_painted = self._relink_when_painted, None
            owner.realize_soon()  # (a timer: not from inside a paint)
        if self._width_pending:
            self._width_pending = False
            QTimer.singleShot(0, self, self._lay_out_at_width)  # not from inside a paint
        super().paintEvent(event)
        if self._tables:
            painter = QPainter(self.viewport())
            offset = QPoint(self.horizontalScrollBar().value(), self.verticalScrollBar().value())
            painter.translate(-offset)
            table_borders.draw(self.document(), painter, event.rect().translated(offset))
            painter.end()
        draw_ring(self, self.viewport())

    def createMimeDataFromSelection(self):  # noqa: N802 - Qt's name
        data = super().createMimeDataFromSelection()
        if self._tables and data.hasHtml():
            data.setHtml(table_borders.as_qt_drew(data.html()))
        return data

    def _lay_out_at_width(self) -> None:
        if self.document().textWidth() != self.viewport().width():  # (each call lays it all out)
            self.document().setTextWidth(self.viewport().width())

    def _fit(self, size: QSizeF) -> None:
        if self._setting:
            return  # fitted once the new text is in (see set_markdown)
        height = math.ceil(size.height()) + (self._code.below_end() if self._code is not None else 0)
        if height != self.height():
            self.setFixedHeight(height)
        if self._code is not None:
            self._code.place()

    def loadResource(self, kind: int, name):  # noqa: N802 - Qt's name
        # Rendering untrusted Markdown never reads a file, a device or the network.
        return untrusted.placeholder_resource()

    def set_markdown(self, text: str, fit: bool = True, code_later: bool = False, links: str = "") -> None:
        """Show `text`. `fit=False`: the block keeps its height until `fit()` (so that
        the growth of several blocks is known before any of them grows). `code_later`:
        its code panels are made and given their code at `show_code()` (a block parsed
        in steps, see LazyMarkdownBlock.realizing). `links`: link definitions from
        elsewhere in the answer, parsed after `text` (see link_definitions): other links
        parse it whole (a definition that came changes what is above it); words and
        paragraphs added to `text` with the same links are added without a parse, as
        without any (a label written on each frame would be parsed whole on each)."""
        document = self.document()
        # Not onto a document that is one empty block (empty headings, "###"): Qt's
        # importer writes the next paragraph into that block, appended it stayed.
        empty = links != self._links or (document.blockCount() == 1 and document.firstBlock().length() == 1)
        more = None if empty else appended_paragraphs(self._markdown, text)
        words = None
        if more is None and not empty:
            heading = document.lastBlock().blockFormat().headingLevel() > 0
            words = added_words(self._markdown, text, heading)
        self._markdown, self._links = text, links
        if more is not None or words is not None:
            if more is not None:
                self._append_paragraphs(text, more)
            else:
                self._add_words(*words)
            if fit:
                self.fit()
            return
        if self._code is not None:
            self._code.forget()
        # Setting the text clears the document first: fitted on every size it passes
        # through, a block streamed into shrank and grew back on each update, and each
        # time the chat's layout moved and repainted everything in view.
        from .code_blocks import CodeBlocks, has_code  # background and Copy button on code

        if not self.isVisible() and document.textWidth() != self.width():
            # Not shown yet (a block just made, resized to its place): Qt sets the
            # document's width when it shows the block, and laid it out then, a
            # second time (the parse had laid it out at width 0): 3 ms of a block of
            # a table's 8 here. Its viewport is as wide as it (no frame, no scroll bars).
            document.setTextWidth(self.width())
        self._setting = True
        try:
            # The parse and its touch-ups in one edit: Qt lays the document out once,
            # at its end. Each edit on its own had Qt lay it out again: the parse
            # after each of the importer's insertions, then the table repair and the
            # code colours after it (a 4 KB tail with code: twice the layout), and a
            # table's borders taken over after its layout laid the table out again.
            # Within the edit, Qt's tree of frames is not built yet: the tables are
            # found among the document's objects (table_borders.tables_in).
            edit = QTextCursor(document)
            edit.beginEditBlock()
            untrusted.render_markdown(document, text + links, text)
            if self._code is None and has_code(text):
                self._code = CodeBlocks(self)
            tables = table_borders.tables_in(document) if "|" in text else []
            _repair_tables(tables)
            self._tables = table_borders.take_over(tables, self.devicePixelRatioF())
            if "`" in text or "~~~" in text or "    " in text:
                _code_follows_text_size(document)
            if self._code is not None:
                self._code.colour(text, code=not code_later)
            if self._keeps_glyphs:
                _keep_glyphs(document.begin())
            edit.endEditBlock()
        finally:
            self._setting = False
        self._name_for_screen_readers()
        if fit:
            self.fit()

    def show_code(self) -> None:
        """Its code panels with their code, after `set_markdown(code_later=True)`."""
        if self._code is not None:
            self._code.show_code()

    def _name_for_screen_readers(self) -> None:
        if QAccessible.isActive():
            # A screen reader reads the block's name: the text as a person reads it. Qt's
            # own accessible text has the table's frame markers (U+FDD0, U+FDD1) between
            # the cells, and PySide cannot replace a text interface.
            self.setAccessibleName(readable_text(self.document()))

    def _append_paragraphs(self, text: str, more: str) -> None:
        """Show `text`, which is what the block shows and `more` paragraphs after it (see
        appended_paragraphs): only they are parsed, and appended to the document, whose
        blocks before them keep their layout. The open tail's finished paragraphs were
        parsed again, all of them, each time one more ended: with a table and code among
        them, 5-28 ms, most of what the window spent on a frame then."""
        document = self.document()
        parsed = QTextDocument()
        parsed.setDefaultFont(document.defaultFont())
        # After a paragraph of its own: parsed alone, the first block of `more` had the
        # formats of a document's first block (a paragraph opening with an entity, such
        # as "&lt;R1&gt;", had no top margin; "___" made an empty paragraph more), and
        # the answer below it sat a few pixels higher than parsed whole.
        # (With the link definitions the rest was parsed with: `more` may use them.)
        untrusted.render_markdown(parsed, "x\n\n" + more + self._links, "x\n\n" + more)
        if "`" in more:
            _code_follows_text_size(parsed)
        first = parsed.begin().next()
        taken = QTextCursor(parsed)
        taken.setPosition(first.position())
        taken.movePosition(QTextCursor.MoveOperation.End, QTextCursor.MoveMode.KeepAnchor)
        with self._adding_at_the_end() as edit:
            edit.beginEditBlock()
            edit.insertBlock(first.blockFormat(), first.charFormat())
            edit.insertFragment(taken.selection())
            if self._code is not None:
                self._code.forget()
                self._code.colour(text)
            if self._keeps_glyphs:
                _keep_glyphs(self.document().begin())
            edit.endEditBlock()

    def _add_words(self, words: str, after_mark: bool) -> None:
        """Show the words the paragraph being written has gained (see added_words), in
        the format of the text before them, or after a span's closing mark in the
        paragraph's plain format: the rest of the document is not parsed again, and
        only its last block is laid out again."""
        if not words:
            return  # (spaces only: not shown until words follow them)
        with self._adding_at_the_end() as edit:
            if after_mark:
                edit.insertText(words, QTextCharFormat())  # (the importer's, out of a span)
            else:
                edit.insertText(words)  # (in the format of the character before it)

    @contextmanager
    def _adding_at_the_end(self):
        """A cursor at the document's end, for text added there without a parse (appended
        paragraphs, added words). A selection that reaches the end would take in what is
        added: the reader copies what they selected, not what came after, so it stays
        as it was. The block is fitted by its caller, once; a screen reader's name
        follows the new text."""
        selected = self.textCursor()
        anchor, position = selected.anchor(), selected.position()
        self._setting = True
        try:
            edit = QTextCursor(self.document())
            edit.movePosition(QTextCursor.MoveOperation.End)
            yield edit
            if selected.hasSelection() and (self.textCursor().anchor(), self.textCursor().position()) != (anchor, position):
                selected = self.textCursor()
                selected.setPosition(anchor)
                selected.setPosition(position, QTextCursor.MoveMode.KeepAnchor)
                self.setTextCursor(selected)
        finally:
            self._setting = False
        self._name_for_screen_readers()

    def keep_glyphs(self, keep: bool) -> None:
        """Whether its text's shaped glyphs are kept from its layout to its paints, for
        a block repainted on every frame (the paragraph being written). Qt shapes a
        paragraph's text as it lays it out, drops the glyphs, and shapes it again on
        each paint: a third of the paint of a paragraph growing at a model's pace.
        Kept, they cost memory (a few dozen bytes a character) for as long as the block
        shows that text: not kept is Qt's default, dropped at the next paint."""
        if keep == self._keeps_glyphs:
            return  # (the blocks a parse adds are told in set_markdown and _append_paragraphs)
        self._keeps_glyphs = keep
        _keep_glyphs(self.document().begin(), keep)

    def drop_glyphs(self) -> None:
        """Drop the glyphs it keeps now: laid out again without them, they go whether it
        is painted again or not (`keep_glyphs(False)` leaves them to its next paint)."""
        if self._keeps_glyphs:
            self.keep_glyphs(False)
            document = self.document()
            document.markContentsDirty(0, document.characterCount())

    def fit(self) -> None:
        self._fit(self.document().size())  # and places the code blocks' Copy buttons

    def code_places(self) -> list:
        """Where the reader is in this block's code panels (see CodeBlocks.reading_places)."""
        return self._code.reading_places() if self._code is not None else []

    def take_code_places(self, places: list, within: QWidget) -> None:
        if self._code is not None and places:
            self._code.take_reading_places(places, within)

    def fitted_height(self) -> int:
        """The height `fit()` gives it."""
        below = self._code.below_end() if self._code is not None else 0
        return math.ceil(self.document().size().height()) + below

    def code_to_copy(self, index: int, count: int, part: str) -> str:
        """What the Copy button of its `index`-th code block (of `count`) copies: the
        whole code block when the answer it is part of was cut inside it (see
        MarkdownView.code_to_copy), else `part`, the code it shows."""
        from .markdown_view import MarkdownView  # (the answer it is part of: that module imports this one)

        view = self.parentWidget()
        while view is not None and not isinstance(view, MarkdownView):
            view = view.parentWidget()
        return part if view is None else view.code_to_copy(self, index, count, part)


def _keep_glyphs(block, keep: bool = True) -> None:
    """Have `block` and every one after it keep (or drop) their shaped glyphs between
    layout and paint (see MarkdownBlock.keep_glyphs)."""
    while block.isValid():
        block.layout().setCacheEnabled(keep)
        block = block.next()


# Markdown blocks made ahead (see made_ahead): an answer's block that comes into view
# made one (1.3-2 ms here), in the piece of work that parses it.
SPARE_BLOCKS = 3
spare_blocks = MadeAhead(MarkdownBlock, SPARE_BLOCKS)


def made_block(parent: QWidget | None = None) -> MarkdownBlock:
    """A new Markdown block in `parent`, one made ahead if there is one."""
    return spare_blocks.take(parent)


def readable_text(document: QTextDocument) -> str:
    """The document's text as it reads: paragraphs on lines, a table's cells separated by
    a tab and its rows by new lines (without Qt's frame markers)."""
    lines: list[str] = []
    row_key = None  # (table, row) of the line being built
    block = document.begin()
    while block.isValid():
        text = block.text()
        table = QTextCursor(block).currentTable()
        if table is None:
            if text or row_key is None:  # (not the empty block that closes a table)
                lines.append(text)
            row_key = None
        else:
            cell = table.cellAt(block.position())
            key, column = (table.firstPosition(), cell.row()), cell.column()
            if key != row_key:
                row_key, cells = key, {}
                lines.append("")
            cells.setdefault(column, []).append(text)
            lines[-1] = "\t".join(" ".join(filter(None, cells.get(c, []))) for c in range(table.columns()))
        block = block.next()
    return "\n".join(lines).strip("\n").replace("\ufdd0", "").replace("\ufdd1", "")


def _code_follows_text_size(document: QTextDocument) -> None:
    """Qt's Markdown importer gives code (blocks and `spans`) the monospace font at the
    size text had when it parsed: after View → Normal text size, code parsed while the
    text was larger stayed large. Without a size of its own, it follows the text.
    A block's runs of one format are read in one call (QTextBlock.textFormats): walked
    fragment by fragment, this ran on every frame of an answer with `code` in its open
    paragraph, a tenth of the frame's parse."""
    from PySide6.QtGui import QTextFormat

    size = QTextFormat.Property.FontPointSize
    cursor = None
    block = document.begin()
    while block.isValid():
        start = block.position()
        for run in block.textFormats():
            fmt = run.format
            if fmt.hasProperty(size):
                fmt.clearProperty(size)
                if cursor is None:
                    cursor = QTextCursor(document)
                cursor.setPosition(start + run.start)
                cursor.setPosition(start + run.start + run.length, QTextCursor.MoveMode.KeepAnchor)
                cursor.setCharFormat(fmt)
        block = block.next()


def _repair_tables(tables: list[QTextTable]) -> None:
    """Qt's Markdown importer starts the first cell of a table that follows a code block
    with an empty line of that code block: the header's first word sits a line lower and
    is not bold. Remove that line and format the word like the rest of the header."""
    for frame in tables:
        cell = frame.cellAt(0, 0)
        first = cell.firstCursorPosition().block()
        if first.text() or first.position() + first.length() > cell.lastPosition():
            continue  # as it should be (an empty header cell has one block)
        cursor = QTextCursor(first)
        cursor.movePosition(QTextCursor.MoveOperation.NextBlock, QTextCursor.MoveMode.KeepAnchor)
        cursor.removeSelectedText()
        cursor.setBlockFormat(QTextBlockFormat())
        cursor.setPosition(cell.firstPosition())
        cursor.setPosition(cell.lastPosition(), QTextCursor.MoveMode.KeepAnchor)
        bold = QTextCharFormat()
        bold.setFontWeight(QFont.Weight.Bold)
        cursor.mergeCharFormat(bold)
