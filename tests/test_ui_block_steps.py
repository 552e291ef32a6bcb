"""A block of an answer that comes into view is parsed in two pieces of work, the loop
running between them: the parse (Qt lays the document out at its end), then its code
panels with their code and its show. In one go, a block of the benign answer with four
code blocks and their tables was the longest stall of an answer's first turn (10-18 ms
here). It appears whole, exactly as one parsed in one go: nothing of it before."""

from __future__ import annotations

from benign_block import TEXT, lazy_in_window

from gns3_copilot_desktop.ui import lazy_markdown_block
from gns3_copilot_desktop.ui.lazy_markdown_block import LazyMarkdownBlock
from gns3_copilot_desktop.ui.markdown_block import MarkdownBlock


def shown_blocks(lazy: LazyMarkdownBlock) -> list[MarkdownBlock]:
    return [block for block in lazy.findChildren(MarkdownBlock) if block.isVisible()]


def test_a_block_that_comes_into_view_lets_the_loop_run_before_it_appears_whole(qtbot, monkeypatch):
    assert TEXT.count("```") == 8
    one_go = lazy_in_window(qtbot)
    one_go.realize(force=True)
    qtbot.wait(1)  # (as in the window: painted once the loop has run)

    # Come into view, with the turn's budget for slices spent after its first piece.
    monkeypatch.setattr(lazy_markdown_block, "REALIZE_BUDGET_MS", 0.0)
    later = lazy_in_window(qtbot)
    lazy_markdown_block._waiting.append(later)
    lazy_markdown_block._realize_some()
    assert later.block is None and not shown_blocks(later), "parsed and shown in one piece of work"
    assert lazy_markdown_block._waiting == [later]  # the rest in a turn of its own
    qtbot.waitUntil(lambda: later.block is not None and not lazy_markdown_block._waiting, timeout=5000)
    assert shown_blocks(later) == [later.block]
    qtbot.wait(1)
    assert later.height() == one_go.height() > 200
    assert later.grab().toImage() == one_go.grab().toImage()  # code panels, table, all as in one go
    assert len(later.block._code.panels) == 4


def test_blocks_waiting_for_their_last_step_take_one_piece_of_work_each(qtbot, monkeypatch):
    """A block's last step (its code panels and its show) is a long piece of work: once
    the budget is spent, the next block's waits for a turn of its own."""
    lower, upper = lazy_in_window(qtbot), lazy_in_window(qtbot)
    for lazy in (lower, upper):
        next(lazy.realizing(force=True))  # parsed in a turn before, its last step to come
        assert lazy.block is None
    monkeypatch.setattr(lazy_markdown_block, "REALIZE_BUDGET_MS", 0.0)
    monkeypatch.setattr(lazy_markdown_block, "_waiting", [upper, lower])
    lazy_markdown_block._realize_some()
    assert lower.block is not None and shown_blocks(lower) == [lower.block]  # the lowest first
    assert upper.block is None and lazy_markdown_block._waiting == [upper], "two last steps in one piece of work"
    qtbot.waitUntil(lambda: upper.block is not None and not lazy_markdown_block._waiting, timeout=5000)
    assert shown_blocks(upper) == [upper.block]


def test_a_block_whose_parse_fails_does_not_keep_the_others_blank(qtbot, monkeypatch):
    """Each block waits its turn on a list, tried lowest first: one whose parse raises
    must leave it, or it would be tried first again on every turn and the blocks above
    it would stay empty boxes."""
    good = lazy_in_window(qtbot)
    bad = lazy_in_window(qtbot)
    real = MarkdownBlock.set_markdown

    def set_markdown(block, text, *args, **kwargs):
        if block.parentWidget() is bad:
            raise ValueError("the parser choked")
        return real(block, text, *args, **kwargs)

    monkeypatch.setattr(MarkdownBlock, "set_markdown", set_markdown)
    monkeypatch.setattr(lazy_markdown_block, "_waiting", [good, bad])
    for _ in range(3):
        try:
            lazy_markdown_block._realize_some()
        except ValueError:
            pass  # (in the app, the loop's handler logs it)
    assert good.block is not None and good.block.toPlainText().strip()
    bad.window().hide()  # (shown, it would be tried again from the loop after the test)
    lazy_markdown_block._waiting.clear()
