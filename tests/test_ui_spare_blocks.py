"""A block of an answer that comes into view is parsed into a Markdown block made ahead
while the loop was idle (making one was 1.3-2 ms of the piece of work that parses a
block here), which looks the same as one made for it."""

from __future__ import annotations

from benign_block import kept, lazy_in_window

from gns3_copilot_desktop.ui import code_blocks, markdown_block
from gns3_copilot_desktop.ui.made_ahead import MadeAhead
from gns3_copilot_desktop.ui.markdown_block import MarkdownBlock


def test_markdown_blocks_made_ahead_are_taken_and_look_the_same(qtbot, monkeypatch):
    monkeypatch.setattr(markdown_block, "spare_blocks", MadeAhead(MarkdownBlock, 2))
    # Both with code panels made ahead (those look the same once the loop has run, see
    # test_ui_spare_code_panels; grabbed at once, a panel's scroll bar is not placed yet).
    code_blocks.spare_panels.fill()
    qtbot.waitUntil(lambda: len(code_blocks.spare_panels.spare) == code_blocks.SPARE_PANELS, timeout=5000)
    fresh = lazy_in_window(qtbot)
    fresh.realize(force=True)  # (none made ahead yet: made for it)
    qtbot.waitUntil(lambda: len(markdown_block.spare_blocks.spare) == 2, timeout=5000)
    spare = list(markdown_block.spare_blocks.spare)
    taken = lazy_in_window(qtbot)
    taken.realize(force=True)
    assert taken.block in spare
    qtbot.wait(1)  # (as in the window: painted once the loop has run)
    assert taken.grab().toImage() == fresh.grab().toImage()
    markdown_block.spare_blocks.count = 0  # (its refill makes no more spares during the tests after this one)


def test_a_block_taken_from_a_full_pool_is_made_again(qtbot):
    pool = MadeAhead(MarkdownBlock, 2)
    pool.fill()
    qtbot.waitUntil(lambda: len(pool.spare) == 2, timeout=5000)
    taken = pool.take()
    kept.append(taken)
    assert taken is not None and len(pool.spare) == 1
    # The next block that comes into view finds one made ahead again, not only the one after.
    qtbot.waitUntil(lambda: len(pool.spare) == 2, timeout=5000)


def test_the_open_tails_labels_are_made_ahead_and_look_the_same(qtbot, monkeypatch):
    """The first words of an answer show its open tail: a label for its finished
    paragraphs and one for the paragraph being written, made in that piece of work
    (0.4-1.5 ms each here), the cold first answer's longest. They are taken made ahead."""
    from gns3_copilot_desktop.ui.markdown_view import MarkdownView

    text = "The router **R1** has three routes.\n\n- one\n- two\n\nThe next paragraph is being writ"

    def shown(pool: MadeAhead) -> MarkdownView:
        monkeypatch.setattr(markdown_block, "spare_blocks", pool)
        view = MarkdownView()
        qtbot.addWidget(view)
        view.resize(500, 300)
        view.show()
        qtbot.waitExposed(view)
        view.append(text)
        qtbot.waitUntil(lambda: not view.pending(), timeout=5000)
        qtbot.wait(1)  # (painted once the loop has run)
        return view

    made_now = shown(MadeAhead(MarkdownBlock, 0))  # none made ahead: made at once
    pool = MadeAhead(MarkdownBlock, 2)
    pool.fill()
    qtbot.waitUntil(lambda: len(pool.spare) == 2, timeout=5000)
    spare = list(pool.spare)
    taken = shown(pool)
    assert taken._settled_label in spare and taken._tail_label in spare
    assert taken.text() == made_now.text() == text
    assert taken.grab().toImage() == made_now.grab().toImage()
    pool.count = 0  # (its refill makes no more spares during the tests after this one)
