"""A frozen block of an answer that is parsed only when it first comes into view, in the
loop's slices (a few blocks a turn), and the blocks under it moved to their new places
with it. Until then it holds its text and an estimated height: a long answer streamed
while the view follows its end never lays out what nobody sees."""

from __future__ import annotations

import time
from collections.abc import Iterator

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QSizePolicy, QVBoxLayout, QWidget

from . import loop_turn
from .link_definitions import labels_in, links_for
from .markdown_block import MarkdownBlock, made_block


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

    def realize_soon(self) -> None:
        """Parsed (again) in one of the loop's slices, not now (see _realize_some)."""
        _realize_soon(self)

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
