"""Code blocks in an answer: each shown in a panel of its own over the place the answer's
document keeps for it, with a background that sets it apart in both themes, a Copy
button in the panel's top band (never over the code), and lines that do not wrap: the
panel scrolls sideways (its own scroll bar, the horizontal wheel, or the arrow keys once
Tab reached it). A network engineer reads configurations and CLI output, whose columns
mean something: wrapped, they would no longer line up.

The answer's document still holds the code (for Ctrl+F and for copying the answer); it
is laid out without wrapping too, so it is exactly as many lines tall as the panel, and
the answer itself never scrolls sideways (see MarkdownBlock). Works on the document Qt's
Markdown importer made (code blocks carry a code-fence or code-language property), so
it needs no parsing of its own."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPalette, QPen, QTextCursor, QTextFormat
from PySide6.QtWidgets import QApplication, QFrame, QPlainTextEdit, QTextBrowser, QToolButton, QWidget

from ..protocol.translation import translate
from . import theme
from .copying import copy_with_feedback
from .made_ahead import MadeAhead

_CODE = (QTextFormat.Property.BlockCodeFence, QTextFormat.Property.BlockCodeLanguage)
PAD = 4  # between the panel's edge and its code


def has_code(markdown: str) -> bool:
    return "```" in markdown or "~~~" in markdown


def may_hold_code(markdown: str) -> bool:
    """Whether Markdown can have a code block at all: a fence, or a line indented by four
    columns (four spaces, or a tab among the indent; in a list or a quote, more). Text
    without any of them has none, and its document need not be walked for one."""
    return has_code(markdown) or "    " in markdown or "\t" in markdown


def code_colors(dark: bool) -> tuple[str, str]:
    """(background, border) of a code panel: clearly apart from the answer's background
    (the window's colour in both themes), not only a shade of it."""
    return ("#16181b", "#4a4f57") if dark else ("#dfe3e9", "#aab1bc")


def code_groups(document) -> list[list[int]]:
    """Runs of consecutive code lines (block numbers): one group per code block. Numbers,
    not QTextBlock objects: those dangle once the document is set again."""
    groups: list[list[int]] = []
    previous_was_code = False
    block = document.begin()
    while block.isValid():
        fmt = block.blockFormat()
        is_code = any(fmt.hasProperty(p) for p in _CODE)
        if is_code:
            if not previous_was_code:
                groups.append([])
            groups[-1].append(block.blockNumber())
        previous_was_code = is_code
        block = block.next()
    return groups


def _room_before_tables(document, groups: list[list[int]], below: int) -> None:
    """A table right after a code block starts below the panel's scroll bar. Qt lays a
    table out under the block before it without that block's bottom margin, so the
    panel, which is as tall as that room, covered the table's header row."""
    from .table_borders import tables_in  # (found also within the parse's edit, see there)

    tables = tables_in(document)
    if not tables:
        return
    after_code = {document.findBlockByNumber(group[-1]).next().position() for group in groups}
    for table in tables:
        if table.firstPosition() in after_code:
            fmt = table.format()
            if fmt.topMargin() != below:
                fmt.setTopMargin(below)
                table.setFormat(fmt)


def _code_font(block) -> QFont:
    """The code's family, and no size of its own: it follows View → text size."""
    font = QFont()
    families = block.charFormat().fontFamilies() if block.isValid() else None
    font.setFamilies(families or theme.monospace().families())
    font.setStyleHint(QFont.StyleHint.Monospace)
    font.setFixedPitch(True)
    return font


class CodeText(QPlainTextEdit):
    """The code itself: read-only, unwrapped, as tall as its lines, scrolled sideways
    only. Up and down belong to the conversation around it."""

    def __init__(self, parent: QWidget):
        super().__init__(parent)
        self.setReadOnly(True)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.setFrameShape(QFrame.Shape.NoFrame)
        # Tab moves on (it would type nothing in read-only text anyway); arrow keys
        # and Home/End move the caret, and the view follows it sideways.
        self.setTabChangesFocus(True)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse | Qt.TextInteractionFlag.TextSelectableByKeyboard)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAccessibleName(translate("CodeBlocks", "Code"))
        self.document().setDocumentMargin(0)
        # Read-only, and its text grows by insertions while the answer writes it (see
        # CodePanel.show_code): an undo history would only keep every piece again.
        self.document().setUndoRedoEnabled(False)
        self.viewport().setAutoFillBackground(False)
        palette = self.palette()  # the panel's background shows through
        palette.setColor(QPalette.ColorRole.Base, Qt.GlobalColor.transparent)
        self.setPalette(palette)

    def wheelEvent(self, event) -> None:  # noqa: N802 - Qt's name
        delta = event.angleDelta()
        if abs(delta.x()) > abs(delta.y()) or event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
            super().wheelEvent(event)  # sideways: the code's own
            event.accept()  # at its end too: the answer around it must not move instead
        else:
            event.ignore()  # up and down: the conversation scrolls

    def keyPressEvent(self, event) -> None:  # noqa: N802 - Qt's name
        if event.key() in (Qt.Key.Key_Up, Qt.Key.Key_Down, Qt.Key.Key_PageUp, Qt.Key.Key_PageDown) and not (
            event.modifiers() & Qt.KeyboardModifier.ShiftModifier
        ):
            event.ignore()  # the conversation scrolls
            return
        super().keyPressEvent(event)


def _same_start(a: str, b: str) -> int:
    """How many characters `a` and `b` begin with alike: compared in C, the unknown
    stretch halved each time (a code block of megabytes is compared in a few passes)."""
    if b.startswith(a):
        return len(a)
    low, high = 0, min(len(a), len(b))  # alike up to `low`; not past `high`
    while low < high:
        middle = (low + high + 1) // 2
        if a.startswith(b[low:middle], low):
            low = middle
        else:
            high = middle - 1
    return low


def _utf16_length(text: str) -> int:
    """A position in a Qt text document: Qt counts UTF-16 units (two for an emoji)."""
    return len(text.encode("utf-16-le")) // 2


class CodePanel(QFrame):
    """One code block: a band with its Copy button, and the code under it."""

    def __init__(self, parent: QWidget | None) -> None:
        super().__init__(parent)
        self.setObjectName("codePanel")
        self.copy_button = QToolButton(self)
        self.copy_button.setText(translate("CodeBlocks", "Copy"))
        self.copy_button.setAccessibleName(translate("CodeBlocks", "Copy code"))
        self.copy_button.setToolTip(translate("CodeBlocks", "Copy this code block"))
        self.copy_button.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.copy_button.setCursor(Qt.CursorShape.PointingHandCursor)
        self.copy_button.setAutoRaise(True)
        self.text = CodeText(self)
        self._code: str | None = None  # what `text` shows (see show_code)
        # Placed by hand (see resizeEvent): the document keeps exactly these heights
        # for the band and the scroll bar, so the panel's parts must be exactly them.
        self.recolour()
        self.ensurePolished()

    def recolour(self) -> None:
        """The theme's colours. The panel paints its own background and border, and only
        its scroll bar has a style sheet: a sheet on the panel was parsed for each panel
        and restyled all its parts (button, code, both bars), half the cost of making
        one, and an answer of code makes a few for every screen it scrolls past."""
        self.dark = dark = theme.is_dark()
        self._background, self._border = (QColor(c) for c in code_colors(dark))
        # The scroll bar as the conversation's (theme.scroll_bar_style), lying down, on
        # the panel's own background.
        background = self._background.name()
        thumb, hover, _track = theme.scroll_bar_colors(dark)
        self.text.horizontalScrollBar().setStyleSheet(
            f"QScrollBar:horizontal {{ background: {background}; height: 12px; margin: 0; border: none; }}"
            f"QScrollBar::handle:horizontal {{ background: {thumb}; min-width: 32px; border-radius: 4px; margin: 2px; }}"
            f"QScrollBar::handle:horizontal:hover {{ background: {hover}; }}"
            "QScrollBar::add-line:horizontal, QScrollBar::sub-line:horizontal { width: 0; }"
            "QScrollBar::add-page:horizontal, QScrollBar::sub-page:horizontal { background: none; }"
        )
        self.update()

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt's name
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(self._border, 1))
        painter.setBrush(self._background)
        painter.drawRoundedRect(QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5), 4, 4)

    def show_code(self, code: str, font: QFont) -> None:
        """Show this code in this font. A streamed answer parses its last paragraphs
        again on every frame, and most of its code blocks are the same as before: set
        again, each was laid out anew (the code panels cost more than the Markdown
        parse) and lost its sideways scroll and the user's selection."""
        if code != self._code:
            kept = _same_start(self._code, code) if self._code else 0
            if kept:
                # The block is being written: only what changed at its end is replaced
                # (new lines; a line or a closing fence that came in two pieces had shown
                # its first piece as code), and the reader's sideways scroll and
                # selection stay (set anew, both went back to 0).
                end = QTextCursor(self.text.document())
                end.setPosition(_utf16_length(code[:kept]))
                end.movePosition(QTextCursor.MoveOperation.End, QTextCursor.MoveMode.KeepAnchor)
                end.insertText(code[kept:])
            else:
                self.text.setPlainText(code)
            self._code = code
        if font != self.text.font():
            self.text.setFont(font)

    def shown_code(self) -> str | None:
        return self._code

    def band_height(self) -> int:
        return self.copy_button.sizeHint().height() + 2

    def bar_height(self) -> int:
        return self.text.horizontalScrollBar().sizeHint().height()

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        band, hint = self.band_height(), self.copy_button.sizeHint()
        self.copy_button.setGeometry(self.width() - hint.width() - PAD, 1, hint.width(), hint.height())
        self.text.setGeometry(PAD, band, max(1, self.width() - 2 * PAD), max(1, self.height() - band - 1))


# Code panels made ahead, in slices of their own while the loop is idle (made_ahead):
# an answer's block is parsed when it comes into view, and making its panels was half
# of it (1-2 ms each on a slow machine, four in a block of a code-heavy answer); taking
# one made ahead costs a quarter of that.
SPARE_PANELS = 6
spare_panels = MadeAhead(CodePanel, SPARE_PANELS)


def _new_panel(parent: QWidget, copy) -> CodePanel:
    """A code panel in `parent`, one made ahead if there is one."""
    panel = spare_panels.take(parent)
    if panel.dark != theme.is_dark():
        panel.recolour()  # made ahead, before the theme changed
    panel.copy_button.clicked.connect(copy)
    return panel



class CodeBlocks(QObject):
    """Belongs to one Markdown view: keeps a code panel over each of its code blocks."""

    def __init__(self, view: QTextBrowser):
        super().__init__(view)
        self.view = view
        view.viewport().installEventFilter(self)  # a new width moves the panels
        # Ctrl+F selects in the answer's document, which the panel hides: shown there.
        view.selectionChanged.connect(self._show_selection)
        self.panels: list[CodePanel] = []
        self._groups: list[list[int]] = []
        self._above = 0  # the band above each code block

    @property
    def buttons(self) -> list[QToolButton]:
        return [panel.copy_button for panel in self.panels]

    def forget(self) -> None:
        """The text is about to be replaced: the old blocks mean nothing any more."""
        self._groups = []

    def decorate(self) -> None:
        self.colour()
        self.place()

    def colour(self, markdown: str | None = None, code: bool = True) -> None:
        """Room in the document for each panel's band and scroll bar, and the code's
        lines unwrapped; a panel for each (placed by `place`, once laid out).
        `markdown`: the text the document was just parsed from, if known: the open tail
        of an answer that showed code once is coloured on every frame, and walking its
        blocks for code it cannot have cost a tenth of the frame's parse. `code=False`:
        the panels (but the first, whose band and bar the document makes room for) are
        made, and given their code, at `show_code()` (a block parsed in steps)."""
        document = self.view.document()
        self._groups = code_groups(document) if markdown is None or may_hold_code(markdown) else []
        self._make_panels(len(self._groups) if code else min(1, len(self._groups)))
        focus = QApplication.focusWidget()
        for extra in self.panels[len(self._groups):]:
            if focus is not None and extra.isAncestorOf(focus):
                # Its code moved on (to the answer's finished part, see
                # take_reading_places): the keyboard waits in this answer for the code's
                # new panel. Hidden with it, Qt gives it to the next widget in Tab order,
                # which may be any button of the window (Stop, say).
                self.view.setFocus()
            extra.hide()
        above = self.panels[0].band_height() if self.panels else 0
        opens = bool(self._groups) and self._groups[0][0] == 0
        # Qt leaves out the top margin of a document's first block: code that opens the
        # document gets its band from the document's own margin instead.
        root = document.rootFrame()
        frame = root.frameFormat()
        top = document.documentMargin() + (above if opens else 0)
        if frame.topMargin() != top:
            frame.setTopMargin(top)
            root.setFrameFormat(frame)
        if not self._groups:
            return
        below = self.panels[0].bar_height() + PAD
        self._above = above
        cursor = QTextCursor(document)
        cursor.beginEditBlock()
        for group in self._groups:
            for number in group:
                block = document.findBlockByNumber(number)
                fmt = block.blockFormat()
                fmt.setNonBreakableLines(True)
                fmt.setTopMargin(above if number == group[0] else 0)
                fmt.setBottomMargin(below if number == group[-1] else 0)
                fmt.setLeftMargin(PAD)
                cursor.setPosition(block.position())
                cursor.setBlockFormat(fmt)
        if markdown is None or "|" in markdown:  # (no table in text without a pipe)
            _room_before_tables(document, self._groups, below)
        cursor.endEditBlock()
        if code:
            self.show_code()

    def _make_panels(self, count: int) -> None:
        while len(self.panels) < count:
            index = len(self.panels)
            self.panels.append(_new_panel(self.view.viewport(), lambda _checked=False, i=index: self.copy(i)))

    def show_code(self) -> None:
        """A panel for each code block, showing its code in the code's font."""
        self._make_panels(len(self._groups))
        document = self.view.document()
        for index, (panel, group) in enumerate(zip(self.panels, self._groups)):
            panel.show_code(self.code(index), _code_font(document.findBlockByNumber(group[0])))

    def reading_places(self) -> list[tuple[str, int, int, int, bool]]:
        """Where the reader is in the panels they scrolled or clicked in: (code, sideways
        scroll, selection's anchor and position, whether the keyboard is there)."""
        places = []
        for panel in self.panels[: len(self._groups)]:
            text, cursor = panel.text, panel.text.textCursor()
            scroll = text.horizontalScrollBar().value()
            if scroll or text.hasFocus() or cursor.hasSelection():
                places.append((panel.shown_code(), scroll, cursor.anchor(), cursor.position(), text.hasFocus()))
        return places

    def take_reading_places(self, places: list[tuple[str, int, int, int, bool]], within: QWidget) -> None:
        """The places of `reading_places` (another view's), in the panels that show the
        same code, the last such panel first: the code the answer was writing joins the
        finished paragraphs above it, in another view, as their last code block. It may
        have changed at its end meanwhile (grown, or a line shown in part then whole):
        the panel's code begins with the whole lines of the one read. The
        keyboard comes back only if it is still in `within` (the answer), where Qt put
        it when the panel it was in went: not from where the user has taken it since."""
        shown = self.panels[: len(self._groups)]
        for code, scroll, anchor, position, focused in places:
            whole_lines = code[: code.rfind("\n")] if "\n" in code else code  # (the last may be in part)
            panel = next((p for p in reversed(shown) if (p.shown_code() or "").startswith(whole_lines)), None)
            if panel is None:
                continue
            text = panel.text
            end = text.document().characterCount() - 1
            anchor, position = min(anchor, end), min(position, end)
            # Its lines are laid out when first painted, and until then the scroll bar
            # does not know how wide they are (a scroll set now would stay at 0).
            lines = text.document().documentLayout()
            line = text.document().begin()
            while line.isValid():
                lines.blockBoundingRect(line)
                line = line.next()
            cursor = text.textCursor()
            cursor.setPosition(anchor)
            cursor.setPosition(position, QTextCursor.MoveMode.KeepAnchor)
            text.setTextCursor(cursor)
            text.horizontalScrollBar().setValue(scroll)  # after the cursor: it scrolls to it
            now = QApplication.focusWidget()
            if focused and (now is None or within.isAncestorOf(now)):
                text.setFocus()

    def below_end(self) -> int:
        """What a code block at the very end needs below the document's height (Qt
        leaves the last block's bottom margin out of it): its panel's scroll bar."""
        document = self.view.document()
        if not self._groups or self._groups[-1][-1] != document.blockCount() - 1:
            return 0
        return round(document.lastBlock().blockFormat().bottomMargin())

    def code(self, index: int) -> str:
        document = self.view.document()
        return "\n".join(document.findBlockByNumber(n).text() for n in self._groups[index])

    def copy(self, index: int) -> None:
        if index < len(self._groups):
            # The view may know the code block goes on past its text (see
            # MarkdownBlock.code_to_copy): the whole of it is copied.
            code = self.view.code_to_copy(index, len(self._groups), self.code(index))
            copy_with_feedback(self.panels[index].copy_button, code)

    def _show_selection(self) -> None:
        selected = self.view.textCursor()
        if not selected.hasSelection():
            return
        document = self.view.document()
        start, end = document.findBlock(selected.selectionStart()), document.findBlock(selected.selectionEnd())
        for panel, group in zip(self.panels, self._groups):
            if group[0] <= start.blockNumber() <= group[-1] and end.blockNumber() <= group[-1]:
                code = panel.text.document()

                def inside(block, position: int) -> int:
                    line = code.findBlockByNumber(block.blockNumber() - group[0])
                    return line.position() + min(position - block.position(), line.length() - 1)

                cursor = panel.text.textCursor()
                cursor.setPosition(inside(start, selected.selectionStart()))
                cursor.setPosition(inside(end, selected.selectionEnd()), cursor.MoveMode.KeepAnchor)
                panel.text.setTextCursor(cursor)
                panel.text.ensureCursorVisible()
                return

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.Resize and self._groups:
            self.place()
        elif event.type() == QEvent.Type.FontChange and self._groups:
            self.decorate()  # View → text size: the band and the bar have new heights
        elif event.type() in (QEvent.Type.PaletteChange, QEvent.Type.StyleChange):
            for panel in self.panels:
                panel.recolour()
        return False

    def place(self) -> None:
        """Each panel over its block, the width of the view (after every layout change)."""
        document = self.view.document()
        layout = document.documentLayout()
        width = self.view.viewport().width()
        offset = self.view.verticalScrollBar().value()
        for panel, group in zip(self.panels, self._groups):
            first, last = document.findBlockByNumber(group[0]), document.findBlockByNumber(group[-1])
            if not first.isValid() or not last.isValid():  # the text is being set again: `colour` follows
                continue
            above = self._above if group[0] == 0 else first.blockFormat().topMargin()
            top = layout.blockBoundingRect(first).top() - above
            bottom = layout.blockBoundingRect(last).bottom() + last.blockFormat().bottomMargin()
            panel.setGeometry(0, int(top) - offset, width, max(1, round(bottom - top)))
            panel.show()
