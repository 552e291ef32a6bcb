"""A block of an answer that comes into view is parsed into a Markdown block made ahead
while the loop was idle (making one was 1.3-2 ms of the piece of work that parses a
block here), which looks the same as one made for it."""

from __future__ import annotations

from benign_block import kept, lazy_in_window

from gns3_copilot_desktop.ui import code_blocks, markdown_view
from gns3_copilot_desktop.ui.made_ahead import MadeAhead
from gns3_copilot_desktop.ui.markdown_view import MarkdownBlock


def test_markdown_blocks_made_ahead_are_taken_and_look_the_same(qtbot, monkeypatch):
    monkeypatch.setattr(markdown_view, "spare_blocks", MadeAhead(MarkdownBlock, 2))
    # Both with code panels made ahead (those look the same once the loop has run, see
    # test_ui_spare_code_panels; grabbed at once, a panel's scroll bar is not placed yet).
    code_blocks.spare_panels.fill()
    qtbot.waitUntil(lambda: len(code_blocks.spare_panels.spare) == code_blocks.SPARE_PANELS, timeout=5000)
    fresh = lazy_in_window(qtbot)
    fresh.realize(force=True)  # (none made ahead yet: made for it)
    qtbot.waitUntil(lambda: len(markdown_view.spare_blocks.spare) == 2, timeout=5000)
    spare = list(markdown_view.spare_blocks.spare)
    taken = lazy_in_window(qtbot)
    taken.realize(force=True)
    assert taken.block in spare
    qtbot.wait(1)  # (as in the window: painted once the loop has run)
    assert taken.grab().toImage() == fresh.grab().toImage()


def test_a_block_taken_from_a_full_pool_is_made_again(qtbot):
    pool = MadeAhead(MarkdownBlock, 2)
    pool.fill()
    qtbot.waitUntil(lambda: len(pool.spare) == 2, timeout=5000)
    taken = pool.take()
    kept.append(taken)
    assert taken is not None and len(pool.spare) == 1
    # The next block that comes into view finds one made ahead again, not only the one after.
    qtbot.waitUntil(lambda: len(pool.spare) == 2, timeout=5000)
