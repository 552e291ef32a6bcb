"""Every frame the window paints shows an answer's blocks one under the other, also
while blocks are parsed as they come into view and grow from their estimated height:
never a block's last lines drawn over the next block's first, nor a gap between them.
The layout after a block grew took several turns of the loop (its group's, then its
answer's), and the window was painted in between."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPoint
from PySide6.QtWidgets import QApplication

from gns3_copilot_desktop.protocol import ContentEvent, Transcript
from gns3_copilot_desktop.ui.chat_view import ChatView
from gns3_copilot_desktop.ui.lazy_markdown_block import LazyMarkdownBlock
from gns3_copilot_desktop.ui.markdown_view import MarkdownView

from test_ui_rendering import render_changes, shown_view


def misplaced_in_view(view: ChatView, message: MarkdownView) -> list[tuple[int, int, int]]:
    """Neighbouring blocks that both show their text and overlap or leave a gap within
    the chat's viewport: (index, the first's bottom, the second's top)."""
    blocks = message.frozen_blocks()
    view_top = message.mapFrom(view.viewport(), QPoint(0, 0)).y()
    view_bottom = view_top + view.viewport().height()
    found = []
    for n, (upper, lower) in enumerate(zip(blocks, blocks[1:])):
        if upper.block is None or lower.block is None or not upper.block.isVisible() or not lower.block.isVisible():
            continue  # (a block not parsed yet is blank: nothing is drawn over it)
        bottom = upper.mapTo(message, QPoint(0, upper.height())).y()
        top = lower.mapTo(message, QPoint(0, 0)).y()
        if bottom != top and max(bottom, top) > view_top and min(bottom, top) < view_bottom:
            found.append((n, bottom, top))
    return found


class Frames(QObject):
    """What each paint of a parsed block of `message` showed misplaced (see above)."""

    def __init__(self, view: ChatView, message: MarkdownView) -> None:
        super().__init__()
        self.view, self.message = view, message
        self.paints = 0
        self.misplaced: list[list[tuple[int, int, int]]] = []

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.Paint and isinstance(watched, LazyMarkdownBlock) and watched.block is not None:
            self.paints += 1
            found = misplaced_in_view(self.view, self.message)
            if found:
                self.misplaced.append(found)
        return False

    def __enter__(self) -> Frames:
        QApplication.instance().installEventFilter(self)
        return self

    def __exit__(self, *_exc) -> None:
        QApplication.instance().removeEventFilter(self)


def test_scrolling_up_through_a_long_table_every_frame_shows_its_blocks_one_under_the_other(qtbot):
    from gns3_copilot_desktop.controller_sim.hostile import _table

    transcript = Transcript()
    transcript.begin_turn("the interfaces")
    view = shown_view(qtbot, transcript)
    transcript.apply(ContentEvent(content=_table(60_000)))
    render_changes(qtbot, view, transcript)
    message = view.widgets()[-1].view
    bar = view.verticalScrollBar()
    # At the end, the open tail (a table's last rows, up to MAX_TAIL_TABLE_ROWS) can fill
    # the whole view, and then no frozen block is painted, so none is parsed (the test
    # waited 5 s for one, in most runs on its own): a step up brings one into view.
    bar.setValue(bar.value() - 250)
    qtbot.waitUntil(lambda: any(block.block is not None for block in message.frozen_blocks()), timeout=5000)
    with Frames(view, message) as frames:
        for _ in range(30):  # the reader scrolls up: each block comes into view above parsed ones
            bar.setValue(bar.value() - 250)
            qtbot.wait(30)
    parsed = [block for block in message.frozen_blocks() if block.block is not None]
    assert len(parsed) > 8 and frames.paints > 20  # (what it watched)
    assert frames.misplaced == [], "a frame showed blocks overlapping or apart"
