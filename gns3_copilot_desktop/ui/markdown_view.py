"""Assistant text rendered as Markdown while it streams, without re-parsing it all.

Text that can no longer change (everything before the last paragraph break outside a
code block) is frozen into blocks of a few kilobytes, each parsed once. Only the open
tail is re-rendered on an update, so an update costs the tail's length, not the
message's: long answers stream as smoothly as short ones. The open tail is itself shown
in two blocks: its finished paragraphs, parsed again only when another paragraph ends,
and the paragraph still being written, the only text parsed on every update (at a
model's pace an update brings a few words, and re-parsing two kilobytes for them cost
most of the window's CPU). When an update only adds plain words to that paragraph, they
are added to its document as they are, without a parse (see without_a_parse).

Each block is a read-only QTextBrowser whose height is fixed to its document's: unlike
word-wrapped QLabels, it never makes the layouts ask every block "how tall at this
width?" on each frame, which would cost the whole conversation's length per frame.

Whatever the input, the open tail stays short: text with no paragraph break for a while
(a huge table, a megabyte on one line) is cut anyway, at a line end if there is one,
else at a space, else anywhere. A cut inside a code block closes it and opens it again
in the next block; a cut inside a table repeats the table's header there, so both
still render as what they are.
"""

from __future__ import annotations

import math
import re
import time
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from PySide6.QtCore import QPoint, QSize, QSizeF, Qt, QTimer, QUrl
from PySide6.QtGui import QAccessible, QFont, QPainter, QPalette, QResizeEvent, QTextBlockFormat, QTextCharFormat, QTextCursor, QTextDocument, QTextTable
from PySide6.QtWidgets import QApplication, QFrame, QSizePolicy, QTextBrowser, QVBoxLayout, QWidget

from . import loop_turn, table_borders, untrusted
from ..protocol.fences import code_inside, code_ranges, fence_after_line, fence_closes, fence_opened, indentation
from .focus_ring import RingedFocus, draw_ring
from .link_definitions import MOST_KEPT, definitions_in, labels_in, links_for
from .made_ahead import MadeAhead
from .without_a_parse import added_words, appended_paragraphs, parsed_apart

# A burst of text (a fast stream, a history) becomes blocks of about this size, each
# parsed and laid out as one piece of work when it comes into view: with code and a
# table, 2 KB took 8-10 ms in a process's first answer, its longest piece; 1 KB, half;
# half a KB, 3-4 ms (the cold answer's longest stall, median of 12 runs: 14.3 -> 10.9 ms).
CHUNK_CHARS = 512
# While the tail's finished paragraphs are on show (an answer followed at a model's
# pace), the tail is cut at this size instead: before it, those paragraphs become a
# block as their label shows them (_settled_kept), not parsed again. Cut at the smaller
# size, the cut came first, elsewhere than where the label's paragraphs end.
SHOWN_CHUNK_CHARS = 1024
# The most text re-parsed on one update: a paragraph longer than this is cut (at a line
# end, a space), and the cut shows; kept at 4 KB, which few paragraphs reach.
MAX_TAIL_CHARS = 4096
# Qt lays out a table's cells slowly (about 0.1 ms each): a table is cut every so many
# rows, so a block of it parses within a frame too.
MAX_TAIL_TABLE_ROWS = 24
_LONG_TABLE = None  # a run of more table lines than that (compiled when first needed)
# A burst (a megabyte in one frame) is taken in a little at a time, and cut for at most
# this long before the loop gets the thread back; the rest follows on the next turns.
FEED_CHARS = 2 * MAX_TAIL_CHARS
CUT_BUDGET_MS = 2.0
TAIL_AFTER_MS = 1.0  # cut for longer than this: the tail is shown in the next turn
# The tail's first show parsed its finished paragraphs for longer than this: the
# paragraph being written is shown in the next turn (see _show_tail).
WRITING_AFTER_MS = 1.0
MAX_CARRY_CHARS = 1024  # a table header longer than this is not repeated
# The tail's finished paragraphs this long or longer become a block of their own rather
# than be parsed again with paragraphs that cannot be appended to them (_settled_kept).
SETTLED_KEPT_CHARS = 512


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
            _realize_soon(owner)  # (a timer: not from inside a paint)
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


def _focus_within(widget: QWidget) -> QWidget | None:
    """The widget with the keyboard, if it is this one or inside it."""
    focus = QApplication.focusWidget()
    return focus if focus is not None and widget.isAncestorOf(focus) else None


class LazyMarkdownBlock(QWidget):
    """A frozen block that parses its Markdown only when first painted, i.e. when it
    scrolls into view. Until then it holds the text and an estimated height, so a long
    answer streamed while the view follows its end never lays out what nobody sees."""

    def __init__(self, text: str, parent: QWidget | None = None, parsed: MarkdownBlock | None = None,
                 code_places: tuple[list, QWidget] | None = None, refocus: QWidget | None = None,
                 definitions: dict[str, str] | None = None):
        """`parsed`: a block that already shows `text` (the open tail's finished
        paragraphs, on screen a moment ago): it is kept as it is, not parsed again.
        `code_places`: where the reader was in the open tail's code blocks, and the
        answer's view, taken by this block's code when it is parsed (see
        MarkdownBlock.take_code_places). `refocus`: the widget in `parsed` the reader
        had the keyboard in (to select text, or in a code block to read on with the
        arrow keys), given it back once this block is shown (see MarkdownView._freeze).
        `definitions`: the answer's link definitions, as it learns them (see
        link_definitions): the block is parsed with those it uses."""
        super().__init__(parent)
        self.text = text
        self.block: MarkdownBlock | None = None
        self._definitions = definitions if definitions is not None else {}
        self._relink = False  # parsed before a definition it uses came: parsed again soon
        self._labels: set[str] | None = None  # see labels()
        self._code_places = code_places
        self._refocus = refocus
        self._estimated_for = -1
        self._steps: Iterator[None] | None = None  # a parse in steps under way (see realizing)
        # For the estimate, counted once: a resize re-estimates every block in O(1).
        self._line_count = text.count("\n") + 1
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        if parsed is None:
            self._estimate()
        else:
            # At the block's own size from the start: a layout run at another width
            # would lay the document out again (and back), costing more than a parse.
            self.resize(parsed.width(), parsed.height())
            self.setFixedHeight(parsed.height())
            self._hold(parsed)
            parsed.show()  # (shown with this block)

    def showEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        if self._refocus is not None:
            from shiboken6 import isValid

            focus, self._refocus = self._refocus, None
            if isValid(focus) and focus.isVisible():
                focus.setFocus()

    def _estimate(self) -> None:
        width = self.width() if self.width() > 100 else 700
        if width == self._estimated_for:
            return
        self._estimated_for = width
        metrics = self.fontMetrics()
        per_line = max(20, width // max(1, metrics.averageCharWidth()))
        # Each line takes one line, and its length wraps it about this many more.
        lines = self._line_count + len(self.text) // per_line
        self.setFixedHeight(lines * metrics.lineSpacing())

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        if self.block is None:
            self._estimate()

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt's name
        if self.block is None:
            _realize_soon(self)  # not from inside a paint

    def realize(self, force: bool = False) -> None:
        """Parse the block and show it, now (all the steps of `realizing`), the blocks
        below it moved to their new places with it (see _lay_out_now)."""
        for _ in self.realizing(force):
            pass
        if self.block is not None and self.parentWidget() is not None:
            _lay_out_now([self.parentWidget()])

    def realizing(self, force: bool = False) -> Iterator[None]:
        """Parse the block and show it, in two steps, each a piece of work of its own:
        the parse (at whose end Qt lays the document out), then its code panels with
        their code, and its show. In one go, a block of the benign answer with four code
        blocks and their tables was 10-18 ms here, the longest stall of an answer's
        first turn. Nothing of it is seen before its last step, and then it is as parsed
        in one go (a block with the reader's place in its code is done in one step). A
        paint can come before the layout has placed a new block (they all start at the
        top): it is parsed only if it is really on screen now. Its caller lays out its
        group once it is shown (see _lay_out_now)."""
        if self._steps is None:
            if self._relink and self.block is not None:
                self._steps = self._relink_steps()
            elif self.block is not None or (not force and self.visibleRegion().isEmpty()):
                return iter(())
            else:
                self._steps = self._realize_steps()
        return self._steps

    def labels(self) -> set[str]:
        """The link labels its text may use (see link_definitions), found once: each
        definition learned looks at every parsed block."""
        if self._labels is None:
            self._labels = labels_in(self.text)
        return self._labels

    def realizing_now(self) -> bool:
        """Whether it is being parsed, in steps (see realizing)."""
        return self._steps is not None

    def relink(self) -> None:
        """A link definition it uses has come (see link_definitions): parsed again with
        it, as one of the slices of the loop's (see _realize_some) if it is on screen,
        else when it is next painted (a chat read to its end is hundreds of blocks
        parsed). Not parsed yet, or being parsed: with it, or again at its end."""
        self._relink = True
        if self.block is None or self._steps is not None:
            return
        if self.block.visibleRegion().isEmpty():
            self.block._relink_when_painted = self
        else:
            _realize_soon(self)

    def _relink_steps(self) -> Iterator[None]:
        try:
            self._parse_again()
            yield from ()
        finally:
            self._steps = None

    def _parse_again(self) -> None:
        """Parse the block again with the definitions it uses: its links now links. Not
        while the reader is in it with text selected or a mouse button down (the
        brackets going would move the selection onto other words, or a drag begun
        would select to the block's end): at a paint once the reader has moved on (its
        selection, kept by Qt when the keyboard goes elsewhere, is dropped then)."""
        block = self.block
        if block.hasFocus() and (block.textCursor().hasSelection() or QApplication.mouseButtons() != Qt.MouseButton.NoButton):
            block._relink_when_painted = self
            return
        self._relink = False
        links = links_for(self.text, self._definitions)
        if links != block._links:  # (else it shows them already: the same text, parsed again)
            block.set_markdown(self.text, links=links)

    def _realize_steps(self) -> Iterator[None]:
        try:
            block = made_block(self)
            # At its width before the text is in: a new widget is 100 pixels wide until the
            # layout places it, and the document was laid out at that width, then again.
            block.resize(self.width(), 0)
            self._relink = False
            block.set_markdown(self.text, fit=False, code_later=True, links=links_for(self.text, self._definitions))
            if self._code_places is None:
                # (The code the reader was in, scrolled or clicked in, is not kept off
                # the screen a turn longer: a block that brings it back is shown at once.)
                yield
            if block.width() != self.width():
                block.resize(self.width(), 0)  # (the window was resized meanwhile)
            block.show_code()
            self._hold(block)
            block.fit()
            self.setFixedHeight(block.fitted_height())
            self._show(block)
            if self._relink:
                self._parse_again()  # (a definition it uses came between its steps)
        finally:
            self._steps = None  # done, or dropped (deleted): started again at its next paint

    def _show(self, block: MarkdownBlock) -> None:
        # Showing a widget lays out at once every layout above it that is out of date,
        # and this block's new height has put its group's out of date: its 32 blocks
        # were placed again for each block parsed (1-2 ms each, as much as laying out
        # half a block of a table). With the group's layout off meanwhile, the group is
        # laid out once for all the blocks parsed in a piece of work, at its end.
        group = self.parentWidget().layout() if self.parentWidget() is not None else None
        if group is not None:
            group.setEnabled(False)
        try:
            block.show()
        finally:
            if group is not None:
                group.setEnabled(True)
        if self._code_places is not None:
            block.take_code_places(*self._code_places)
            self._code_places = None

    def _hold(self, block: MarkdownBlock) -> None:
        self.block = block
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(block)  # (taken from the open tail's layout, if it was there)
        # As tall as the block (a code block at the end has its scroll bar below the
        # document's height): a handed-over block and a parsed one are the same height.
        block.document().documentLayout().documentSizeChanged.connect(lambda size: self.setFixedHeight(block.fitted_height()))


# Blocks that came into view, parsed a few at a time: each posted its own call before,
# and Qt ran all of them in one turn of the loop (a screen of a table: 10-25 ms).
# From a timer, not posted calls, so the loop's other timers run between the turns.
REALIZE_BUDGET_MS = 2.0
_waiting: list[LazyMarkdownBlock] = []
_realizer: QTimer | None = None


def _realize_soon(block: LazyMarkdownBlock) -> None:
    global _realizer
    if block not in _waiting:
        _waiting.append(block)
    if _realizer is None:
        _realizer = loop_turn.slice_timer(None, _realize_some)
    if not _realizer.isActive():
        _realizer.start()


def _realize_some() -> None:
    """Parse the waiting blocks, a step at a time (see LazyMarkdownBlock.realizing), the
    lowest first (the end of the chat is what the user reads), until REALIZE_BUDGET_MS
    is spent; the rest in the next turns."""
    from shiboken6 import isValid

    started = time.perf_counter()
    groups: dict[int, QWidget] = {}
    while _waiting:
        block = _waiting[-1]
        try:
            # (deleted while it waited: the chat was closed, paged out)
            done = not isValid(block) or next(block.realizing(), _DONE) is _DONE
        except Exception:
            _waiting.remove(block)  # (not tried again before the blocks waiting above it)
            raise
        if done:
            _waiting.remove(block)
            if isValid(block) and block.block is not None and block.parentWidget() is not None:
                groups.setdefault(id(block.parentWidget()), block.parentWidget())  # (shown now)
        # Looked at after a block's last step too: it is one of the long ones (its code
        # panels and its show). Passed by there, the next block's last step ran in the
        # same piece of work, and the one after it: 15 ms in the cold answer's first turn.
        if (time.perf_counter() - started) * 1000 > REALIZE_BUDGET_MS:
            break
    _lay_out_now(list(groups.values()))
    if _waiting and _realizer is not None:
        _realizer.start()


_DONE = object()


def _lay_out_now(groups: list[QWidget]) -> None:
    """Lay out these groups of blocks, and every layout above them, now: as Qt does
    above a widget it shows, once for all the blocks shown in a piece of work. Left to
    the loop, a block that grew as it was parsed had the blocks under it moved over
    several turns, a layout a turn: its group's, at the group's old height (its blocks
    squeezed over each other), then its answer's, which gave the group its new height,
    then the chat's; and the window was painted in between, a block's last lines drawn
    over the next block's first (seen scrolling up through a long table, and after a
    table burst with blocks parsed in two pieces). (The group itself growing first, as
    the answer does, made its blocks cut in a burst take their places a turn sooner,
    and more of them were parsed as the chat followed the burst's end.)"""
    for group in groups:
        widget: QWidget | None = group
        while widget is not None and widget.isVisible():
            layout = widget.layout()
            if layout is not None:
                layout.activate()  # (nothing to do if it is up to date)
            if widget.isWindow():
                break
            widget = widget.parentWidget()


class _Blocks(QWidget):
    """Up to BLOCKS_PER_GROUP frozen blocks: a megabyte answer is a thousand blocks,
    and adding one lays out its group and the groups, not all of them."""

    def __init__(self) -> None:
        super().__init__()
        self.count = 0
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)

    def add(self, block: QWidget) -> None:
        self.layout().addWidget(block)
        self.count += 1


BLOCKS_PER_GROUP = 32
GLYPHS_IDLE_MS = 1000  # the paragraph being written unchanged this long: its glyphs go


class MarkdownView(QWidget):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._layout = QVBoxLayout(self)
        # It grows to fit its blocks before it lays them out (as the chat and its groups
        # do): laid out first at its old height, a line more in the open tail squeezed
        # the frozen blocks above it by that line, and stretched them back once the
        # answer had grown, and each time Qt repainted them whole, and with them all
        # the chat in view.
        self._layout.setSizeConstraint(QVBoxLayout.SizeConstraint.SetMinimumSize)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.setSpacing(0)
        self._tail_label: MarkdownBlock | None = None  # made for the first open tail
        self._settled_label: MarkdownBlock | None = None  # the tail's finished paragraphs
        self._groups: list[_Blocks] = []
        # A burst is cut over several turns of the loop. Resumed from a timer, not a
        # posted call (QTimer.singleShot(0) posts one): Qt runs its timers only once no
        # posted event is waiting, so a chain of posted calls kept every timer, the
        # network's callbacks among them, waiting until the whole burst was cut.
        # It waits for the next turn when other slices spent this one (see loop_turn).
        self._resume = loop_turn.slice_timer(self, self._work)
        # Told how many pixels the open tail is about to grow, just before it does (see
        # ChatView._make_room).
        self.before_growing: Callable[[int], None] | None = None
        # Asked before the open tail is parsed again: whether the answer is done and the
        # chat, following a stream's end, has moved on past it (ChatView._scrolled_past).
        self.scrolled_past: Callable[[], bool] | None = None
        # Nothing of it is painted anew when it grows but what changed: its old place
        # holds the same (its blocks repaint themselves). Qt repaints the whole of a
        # widget that grows otherwise, and of every widget around it that grows with it.
        self.setAttribute(Qt.WidgetAttribute.WA_StaticContents)
        # The paragraph being written keeps its glyphs while it changes (see
        # MarkdownBlock.keep_glyphs), and drops them once it has not changed for a
        # while: nothing tells an answer it is done when its turn ends, is stopped,
        # fails, or was loaded from the history.
        self._glyphs_idle = QTimer(self)
        self._glyphs_idle.setSingleShot(True)
        self._glyphs_idle.setInterval(GLYPHS_IDLE_MS)
        self._glyphs_idle.timeout.connect(self._drop_glyphs)
        self._reset()

    def _reset(self) -> None:
        self._frozen: list[str] = []  # text already parsed into its own label
        self._definitions: dict[str, str] = {}  # the answer's link definitions so far (see link_definitions)
        self._learned = ""  # the tail's text they were last looked for in
        self._carry = ""  # what the tail needs before it to render as it should (see _forced_cut)
        self._fence_opener: str | None = None  # the open code block's first line at the tail's start, as shown
        self._open_fence: str | None = None  # its fence as the answer's text has it (its indentation)
        self._incoming: deque[str] = deque()  # text not taken into the tail yet
        self._incoming_offset = 0  # how much of the first incoming piece is taken
        self._new_blocks: list[LazyMarkdownBlock] = []  # frozen in this turn of the loop, not shown yet
        self._complete = False
        self._tail = ""  # the text that may still change how it renders
        self._scanned = 0  # characters of the tail already scanned for safe breaks
        self._scan_fence: str | None = None  # the fence of the code block the scan is in
        self._breaks: list[int] = []  # paragraph breaks in the tail, outside code blocks
        self._shown = ""  # what the tail label shows
        self._settled_shown = ""  # what the settled label shows

    def text(self) -> str:
        incoming = "".join(self._incoming)[self._incoming_offset :]
        return "".join(self._frozen) + self._tail + incoming

    def chunk_count(self) -> int:
        return len(self._frozen)

    def pending(self) -> bool:
        """Whether text it was given is not shown yet: a burst is cut into blocks a few
        kilobytes a turn of the loop, after the chat has drawn the answer's item."""
        return bool(self._incoming) or self._resume.isActive()

    def frozen_blocks(self) -> list[LazyMarkdownBlock]:
        """The frozen blocks, in order."""
        return [group.layout().itemAt(i).widget() for group in self._groups for i in range(group.count)]

    def set_text(self, text: str) -> None:
        """Show this text; when it extends what is shown, only the new part is parsed."""
        current = self.text()
        if text.startswith(current):
            self.append(text[len(current) :])
            return
        self._clear()
        self.append(text)

    def append(self, more: str, complete: bool = False) -> None:
        """Add text. `complete`: the message will not grow any more."""
        if not more:
            return
        self._incoming.append(more)
        self._complete = self._complete or complete
        self._work()

    def _work(self) -> None:
        started = time.perf_counter()

        def spent() -> bool:
            return (time.perf_counter() - started) * 1000 > CUT_BUDGET_MS

        while True:
            self._take_incoming()
            self._scan()
            # Cut at the first break past CHUNK_CHARS, again and again: a burst of text
            # (a fast stream, a loaded history) becomes blocks of about that size. The
            # budget is looked at after each block: a table's 8 KB made 6-8 of them,
            # 8-13 ms, before it was looked at once.
            while True:
                size = SHOWN_CHUNK_CHARS if self._settled_split() else CHUNK_CHARS
                cut = next((b for b in self._breaks if b >= size), None)
                if cut is None:
                    break
                if cut > MAX_TAIL_CHARS or self._long_table_before(cut):
                    # The first break is too far, or a table before it is too long to be
                    # laid out and painted in a frame (short rows: 200 fit in 4 KB).
                    self._forced_cut()
                else:
                    kept = self._settled_cut()
                    self._freeze(kept or cut, keep_label=bool(kept))
                if spent():
                    return self._pause()
            while len(self._tail) > MAX_TAIL_CHARS or self._tail_table_rows() > MAX_TAIL_TABLE_ROWS:
                self._forced_cut()
                if spent():
                    return self._pause()
            if not self._incoming:
                break
            if spent():
                return self._pause()
        kept = self._settled_kept()
        if kept:
            self._freeze(kept, keep_label=True)  # (nothing parsed: the label becomes the block)
        if (time.perf_counter() - started) * 1000 > TAIL_AFTER_MS:
            # Showing the tail parses up to two blocks again (7-10 ms for 4 KB): after
            # cutting a burst, that waits for the next turn of the loop, on its own. The
            # first burst of an answer too (before its tail was ever shown): cut and
            # parsed in one turn, it was the cold benign answer's longest stall.
            return self._pause()
        self._show_tail(self._complete)
        self._show_new_blocks()

    def _pause(self) -> None:
        """The rest of the work in the next turn of the loop; what is cut is shown."""
        if not self._resume.isActive():
            self._resume.start()
        self._show_new_blocks()

    def _show_new_blocks(self) -> None:
        """Show the blocks frozen in this turn of the loop, their group laid out once.
        Left to Qt, each new block of a visible group is shown on its own in the next
        turn, and showing a widget lays out every layout above it up to the window: a
        burst of a table, 20-40 blocks a turn, held the loop for 40-90 ms that way.
        With the group's layout off while they are shown, the layouts above have
        nothing to do; the group is laid out once, from the request its new blocks
        left (a layout turned off drops the requests it gets meanwhile, so it is on
        again before the loop runs)."""
        if not self._new_blocks:
            return
        groups: dict[int, QWidget] = {}
        for block in self._new_blocks:
            group = block.parentWidget()
            groups.setdefault(id(group), group)
        for group in groups.values():
            group.layout().setEnabled(False)
        try:
            for block in self._new_blocks:
                block.show()
        finally:
            for group in groups.values():
                group.layout().setEnabled(True)
        self._new_blocks = []

    def _take_incoming(self) -> None:
        """Move up to FEED_CHARS of the incoming text into the tail."""
        room = FEED_CHARS - len(self._tail)
        while self._incoming and room > 0:
            piece = self._incoming[0]
            part = piece[self._incoming_offset : self._incoming_offset + room]
            self._tail += part
            room -= len(part)
            self._incoming_offset += len(part)
            if self._incoming_offset >= len(piece):
                self._incoming.popleft()
                self._incoming_offset = 0

    def _show_tail(self, complete: bool) -> None:
        if complete and self._tail_label is None:
            # Complete before it was ever shown (a fast stream): the end, too, is parsed
            # only when it comes into view.
            if self._tail:
                self._freeze(len(self._tail))
            return
        # A paragraph break outside a code block ends any context (as for frozen
        # blocks): what is before the last one renders the same whatever comes next.
        split = self._breaks[-1] if self._breaks else 0
        settled = self._carry + self._tail[:split] if split else ""
        # The definitions in the tail's whole lines (the last one too once the answer is
        # complete): a definition still being written, "[1]: https", is not taken as it
        # is, to be kept (the first of a label wins), and one ends at its line's end.
        written = self._carry + self._tail
        if not complete:
            written = written[: written.rfind("\n") + 1]
        if written != self._learned and "]:" in written:
            self._learned = written
            self._learn_definitions(written)
        writing = self._tail[split:] if split else self._carry + self._tail
        if (settled != self._settled_shown or writing != self._shown) and self._passed():
            # Done, and a fast stream has moved the chat on past it: its last paragraphs,
            # parsed now, would never be seen (a third of the open tails parsed in the
            # firehose). Frozen, they are parsed if the reader scrolls back to them.
            if self._tail:
                self._freeze(len(self._tail))  # (with the reader's places in their code)
            self._drop_tail_labels()
            return
        if self._tail_label is None:
            if not self._tail:
                return
            self._tail_label = made_block()  # (made here, each label was 0.4-1.5 ms of this piece of work)
            self._tail_label.resize(self.width(), 0)  # laid out at its width, not at 100 pixels first
            self._layout.addWidget(self._tail_label)
        if self._settled_label is None:
            self._new_settled_label()
        changed = []
        places = []
        first_show = not self._shown and not self._settled_shown
        started = time.perf_counter()
        settled_links = links_for(settled, self._definitions)
        if settled != self._settled_shown or settled_links != self._settled_label._links:
            # A code block the tail was showing may be joining the finished paragraphs:
            # the reader's place in it goes with it.
            places = self._code_places()
            self._settled_shown = settled
            self._settled_label.set_markdown(settled, fit=False, links=settled_links)
            changed.append((self._settled_label, bool(settled)))
        # The tail's first show, after a burst: its finished paragraphs (up to a block's
        # worth, 5-10 ms to parse in a process's first answer), then the paragraph being
        # written (2-4 ms with its show), were the cold answer's longest piece of work.
        # The second waits for the next turn of the loop. Nothing of the tail was on
        # screen: a paint in between shows the finished paragraphs, the one being
        # written follows, as text does in a stream. (Later, a paragraph that ends
        # moves from one label to the other: parsed apart, a paint in between would
        # show it in both.)
        later = first_show and bool(settled) and writing != self._shown and (time.perf_counter() - started) * 1000 > WRITING_AFTER_MS
        if complete and not later:
            self._tail_label.keep_glyphs(False)  # (dropped as it is next painted)
        writing_links = links_for(writing, self._definitions)
        if (writing != self._shown or writing_links != self._tail_label._links) and not later:
            self._shown = writing
            if not complete:
                # Repainted on every frame while it is written (again after a pause).
                self._tail_label.keep_glyphs(True)
                self._glyphs_idle.start()
            self._tail_label.set_markdown(writing, fit=False, links=writing_links)
            changed.append((self._tail_label, bool(writing)))
        if self.before_growing is not None:
            # Both parsed, neither resized yet: what the view grows by in all (a paragraph
            # that ends moves from one label to the other, which together grow by a line
            # at most, or by nothing).
            growth = sum(
                (label.fitted_height() if shown else 0) - (0 if label.isHidden() else label.height())
                for label, shown in changed
            )
            if growth > 0:
                self.before_growing(growth)
        for label, shown in changed:
            label.fit()
            if not shown and _focus_within(label) is not None:
                # Hidden with the keyboard in it, Qt would give it to the next widget in
                # Tab order (a button such as Stop): it waits in the answer instead.
                self.setFocus()
            label.setVisible(shown)
        self._settled_label.take_code_places(places, self)
        if later:
            # Hidden till then, not shown empty by Qt meanwhile (added to the layout
            # without a word): it grows from nothing, and the chat is told by how much.
            self._tail_label.setVisible(False)
            self._resume.start()

    def _drop_glyphs(self) -> None:
        if self._tail_label is not None:
            self._tail_label.drop_glyphs()

    def _passed(self) -> bool:
        """Whether the open tail's labels are out of the reader's way for good: the chat
        has moved on past the answer, and the keyboard and no selection are in them."""
        if self.scrolled_past is None or not self.scrolled_past():
            return False
        labels = [label for label in (self._settled_label, self._tail_label) if label is not None]
        return not any(_focus_within(label) is not None or label.textCursor().hasSelection() for label in labels)

    def _drop_tail_labels(self) -> None:
        for label in (self._settled_label, self._tail_label):
            if label is not None:
                self._layout.removeWidget(label)
                label.hide()
                label.deleteLater()
        self._settled_label = self._tail_label = None
        self._shown = self._settled_shown = ""

    def _new_settled_label(self) -> None:
        """An empty label for the tail's finished paragraphs, just above the tail's."""
        self._settled_label = made_block()
        self._settled_label.resize(self.width(), 0)  # laid out at its width, not at 100 pixels first
        self._settled_label.setVisible(False)
        self._layout.insertWidget(self._layout.indexOf(self._tail_label), self._settled_label)
        self._settled_shown = ""

    def _code_places(self) -> list:
        """Where the reader is in the code the open tail's labels show (the settled one's
        too: their code moves on as the answer goes on)."""
        return [place for label in (self._settled_label, self._tail_label) if label is not None
                for place in label.code_places()]

    def _settled_on_screen(self) -> bool:
        label = self._settled_label
        return label is not None and not label.isHidden() and not label.visibleRegion().isEmpty()

    def _settled_cut(self) -> int:
        """Where the tail's finished paragraphs end, if their label shows them and they
        make a block of their own (0 if not). Cut there, they become a frozen block as
        they are: parsing them again as a block the moment they came into view cost 4-11
        ms, the longest stretch of a frame while an answer streams. (Shown, not on screen:
        a label shown a frame ago may not be laid out yet, its visible region empty.)
        A paragraph break ends any context, so they render the same in any block."""
        split = self._settled_split()
        return split if split >= SETTLED_KEPT_CHARS else 0

    def _settled_split(self) -> int:
        """Where the tail's finished paragraphs end, if their label shows exactly them, up
        to a paragraph break (0 if not)."""
        label = self._settled_label
        split = len(self._settled_shown) - len(self._carry)
        if label is None or label.isHidden() or split not in self._breaks:
            return 0
        return split if self._carry + self._tail[:split] == self._settled_shown else 0

    def _settled_kept(self) -> int:
        """Where the tail's finished paragraphs end, if they are to become a block of their
        own as they are shown now, before more paragraphs join them (0 if not): when
        what joins them cannot be appended (see appended_paragraphs: code, a table),
        showing them all again parses them all again, and on a stream's every paragraph
        with code the label of a block's worth of them was parsed again (10-12 ms, the
        cold benign answer's longest piece of work). Kept as a block, only the new
        paragraphs are parsed, in a label of their own. Only when they are at least
        SETTLED_KEPT_CHARS (fewer parse within a few milliseconds, and a block for each
        paragraph would be many widgets), and when both parts show apart what they show
        together (see parsed_apart: no list going on, no link defined in the other)."""
        shown = self._settled_shown
        split = self._settled_split()
        if len(shown) < SETTLED_KEPT_CHARS or not split or self._breaks[-1] <= split:
            return 0
        settled = self._carry + self._tail[: self._breaks[-1]]
        return split if appended_paragraphs(shown, settled) is None and parsed_apart(shown, settled) else 0

    def _scan(self) -> None:
        tail = self._tail
        end = tail.rfind("\n") + 1  # only whole lines
        position = self._scanned
        while position < end:
            newline = tail.find("\n", position, end)
            line = tail[position:newline]
            before, self._scan_fence = self._scan_fence, fence_after_line(line, self._scan_fence)
            if before is None and self._scan_fence is None and not line.strip():
                self._breaks.append(newline + 1)
            position = newline + 1
        self._scanned = max(self._scanned, end)

    def _freeze(self, upto: int, shown: str | None = None, keep_label: bool = False) -> None:
        """Parse the tail's first `upto` characters into a block of their own (shown as
        `shown` when a forced cut adds context); a paragraph break ends any context.
        `keep_label`: the settled label showing them becomes the block even if it is
        not on screen (it is parsed already; see _settled_kept)."""
        text = self._tail[:upto]
        if shown is None:
            shown, self._carry, self._fence_opener = self._carry + text, "", None
        parsed = refocus = None
        if shown == self._settled_shown and (self._settled_on_screen() or (keep_label and self._settled_label is not None)):
            # Exactly what the settled label shows: it becomes the block, and the tail's
            # next finished paragraphs get a label of their own when the tail is shown
            # (made here, it counted as cutting time, and put the tail off a turn).
            parsed, self._settled_label, self._settled_shown = self._settled_label, None, ""
            refocus = _focus_within(parsed)
            if refocus is not None:
                # Taken to another parent, it is hidden, and Qt would give the keyboard
                # to the next widget in Tab order (a button such as Stop): it waits in
                # the answer until the block is shown.
                self.setFocus()
            self._layout.removeWidget(parsed)
        places = self._code_places() if parsed is None else []
        self._learn_definitions(shown)
        chunk = LazyMarkdownBlock(shown, parsed=parsed, code_places=(places, self) if places else None,
                                  refocus=refocus, definitions=self._definitions)
        if parsed is not None and parsed._links != links_for(shown, self._definitions):
            chunk.relink()  # (the label was parsed before a definition it uses came)
        if not self._groups or self._groups[-1].count >= BLOCKS_PER_GROUP:
            self._groups.append(_Blocks())
            self._layout.insertWidget(len(self._groups) - 1, self._groups[-1])  # before the tail
        self._groups[-1].add(chunk)
        self._new_blocks.append(chunk)
        self._frozen.append(text)
        self._tail = self._tail[upto:]
        self._scanned = max(0, self._scanned - upto)
        self._breaks = [b - upto for b in self._breaks if b > upto]

    def _learn_definitions(self, text: str) -> None:
        """Keep the link definitions in `text` (see link_definitions), and have the
        blocks already parsed that use a new one parsed again with it."""
        if len(self._definitions) >= MOST_KEPT:
            return
        new = {key: line for key, line in definitions_in(text).items() if key not in self._definitions}
        if not new:
            return
        new = dict(list(new.items())[: MOST_KEPT - len(self._definitions)])
        self._definitions.update(new)  # (the blocks hold this dict: the ones to come get them too)
        for chunk in self.frozen_blocks():
            if (chunk.block is not None or chunk.realizing_now()) and not chunk.labels().isdisjoint(new):
                chunk.relink()

    def _long_table_before(self, end: int) -> bool:
        """Whether the tail's first `end` characters hold a table of more than
        MAX_TAIL_TABLE_ROWS lines in a row (short tables, one after the other, do not
        count: each is laid out on its own)."""
        if self._tail_table_rows(end) <= MAX_TAIL_TABLE_ROWS:
            return False  # (counted in C: too few table lines in all)
        global _LONG_TABLE
        if _LONG_TABLE is None:
            _LONG_TABLE = re.compile(r"(?:^\|.*\n){%d}" % (MAX_TAIL_TABLE_ROWS + 1), re.MULTILINE)
        return _LONG_TABLE.search(self._tail, 0, end) is not None

    def _tail_table_rows(self, end: int = MAX_TAIL_CHARS) -> int:
        """Table lines in the tail's first `end` characters, one table or several."""
        if "|" not in self._tail:
            return 0
        return self._tail.count("\n|", 0, end) + self._tail.startswith("|")

    def _forced_cut(self) -> None:
        """The tail is too long and has no paragraph break: cut it anyway, keeping what
        the next block needs to render as the same code block or table."""
        window = self._tail[:MAX_TAIL_CHARS]
        cut = 0
        if self._tail_table_rows() > MAX_TAIL_TABLE_ROWS:
            position = -1
            for _ in range(MAX_TAIL_TABLE_ROWS):  # after the MAX_TAIL_TABLE_ROWS-th line
                position = window.find("\n", position + 1)
                if position < 0:
                    break
            cut = position + 1 if position >= 0 else 0
        if cut == 0:
            cut = window.rfind("\n", CHUNK_CHARS // 2) + 1
        if cut == 0:
            cut = max(window.rfind(" ", CHUNK_CHARS // 2), window.rfind("\t", CHUNK_CHARS // 2)) + 1
        if cut == 0:
            cut = MAX_TAIL_CHARS
            if "\ud800" <= window[cut - 1] <= "\udbff":
                cut -= 1  # never between the halves of a surrogate pair
        text = self._tail[:cut]
        # The code block open at the tail's start: its first line as this block shows it,
        # and its fence as the answer's lines are read against (a list item's fence
        # indented four columns is shown unindented in the next block, see below, but
        # the answer's closing line is still indented).
        opener = self._fence_opener
        fence = self._open_fence if opener is not None else None
        table_header: list[str] = self._carry.splitlines(keepends=True) if opener is None else []
        for line in text.split("\n")[:-1]:  # the whole lines
            if fence is not None:
                if fence_closes(line, fence):
                    fence = opener = None
                continue
            fence = fence_opened(line)
            if fence is not None:
                opener, table_header = line, []
            elif line.lstrip().startswith("|"):
                if len(table_header) < 2:
                    table_header.append(line + "\n")
            else:
                table_header = []
        shown = self._carry + text
        if fence is not None:
            # Closed with its own fence as this block shows it opened ("````" is not
            # closed by "```"), and opened again in the next block with its first line,
            # which keeps its language, and its indentation (a list item's "   ```bash":
            # its code keeps its place) unless that would make it indented code there,
            # outside its list.
            shown += ("" if text.endswith("\n") else "\n") + fence_opened(opener) + "\n"
            carried = opener if indentation(opener) < 4 else opener.lstrip()
            self._carry, self._fence_opener, self._open_fence = carried + "\n", carried, fence
        else:
            in_table = len(table_header) == 2 and text.endswith("\n") and self._tail[cut:cut + 1] in ("|", "")
            header = "".join(table_header)
            self._carry = header if in_table and len(header) <= MAX_CARRY_CHARS else ""
            self._fence_opener = None
        self._freeze(cut, shown)
        if self._scanned == 0:  # the scan starts again at the cut: in the code block, if it goes on
            self._scan_fence = fence

    def code_to_copy(self, block: MarkdownBlock, index: int, count: int, part: str) -> str:
        """What the Copy button of `block`'s `index`-th code block (of its `count`)
        copies: the answer's whole code block when the answer was cut inside it, else
        `part`. A block holds at most MAX_TAIL_CHARS, and a configuration or a routing
        table is often longer: shown in two panels or more, each one's Copy gave a part
        of it, with nothing to say so."""
        span = self._span_of(block)
        if span is None or 0 < index < count - 1:
            return part
        start, end = span
        text = self.text()
        for first, last in code_ranges(text):
            if first >= (start if end is None else end):
                break
            if (index == 0 and first < start < last) or (index == count - 1 and end is not None and first < end < last):
                return untrusted.visible(code_inside(text[first:last]))  # (as the answer shows it)
        return part

    def _span_of(self, block: MarkdownBlock) -> tuple[int, int | None] | None:
        """Where the answer's text that `block` shows starts and ends: a frozen block's
        raw text. The open tail's labels are not cut at their end (None); the first of
        them, which shows the tail from its start, starts where the frozen blocks end,
        and goes on from a cut code block if the tail starts inside one (its first line
        written again before it, see _forced_cut); the other starts at a paragraph
        break outside code (None: never part of a cut code block)."""
        start = 0
        for chunk, raw in zip(self.frozen_blocks(), self._frozen):
            if chunk.block is block:
                return start, start + len(raw)
            start += len(raw)
        first = self._settled_label if self._settled_shown else self._tail_label
        return (start, None) if block is first else None

    def _clear(self) -> None:
        for group in self._groups:
            self._layout.removeWidget(group)
            group.deleteLater()
        self._groups = []
        for label in (self._settled_label, self._tail_label):
            if label is not None:
                label.set_markdown("")
                label.setVisible(False)
        self._reset()
