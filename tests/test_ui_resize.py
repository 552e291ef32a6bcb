"""Resizing the window lays out again only the Markdown in view; a block out of view is
laid out at the new width when it comes into view, so what the user reads always fits."""

from __future__ import annotations

import math

from gns3_copilot_desktop.ui.markdown_block import MarkdownBlock


def realized_blocks(app) -> list[MarkdownBlock]:
    return [b for b in app.window.chat.widget().findChildren(MarkdownBlock) if b.isVisible()]


def fits(block: MarkdownBlock) -> bool:
    """Laid out at the block's width, and as tall as its text: a block that ends with a
    code block is a little taller (its panel's scroll bar is below the document's end),
    and where the stream was cut into blocks, so whether one ends so, depends on the
    pace (a block starting the answer did once, and a height equal to the document's
    never came)."""
    document = block.document()
    return (abs(document.textWidth() - block.viewport().width()) < 1
            and block.height() >= math.ceil(document.size().height())
            and block.height() == block.fitted_height())


def test_a_block_resized_out_of_view_fits_the_new_width_when_scrolled_back_to(app):
    app.sign_in_demo()
    app.choose("OSPF Lab")
    app.window.resize(1280, 800)
    app.send("/bench-stream 6000 0 1")  # about 300 KB of Markdown in one answer
    app.finish_turn(30)
    chat = app.window.chat
    bar = chat.verticalScrollBar()
    bar.setValue(bar.minimum())  # the answer's start: its blocks are laid out as they are seen

    def in_view() -> list[MarkdownBlock]:
        return [b for b in realized_blocks(app) if not b.visibleRegion().isEmpty()]

    app.wait(lambda: bool(in_view()) and all(fits(b) for b in in_view()), 10, "the start laid out")
    from PySide6.QtCore import QPoint

    first = min(in_view(), key=lambda b: b.mapTo(chat.widget(), QPoint(0, 0)).y())

    def at_the_end() -> bool:
        bar.setValue(bar.maximum())  # blocks laid out near the end move the maximum
        return first.visibleRegion().isEmpty()

    app.wait(at_the_end, 10, "the answer's end in view")
    wide = first.document().textWidth()

    app.window.resize(900, 800)
    app.settle(0.1)
    assert first.document().textWidth() == wide  # out of view: not laid out again yet

    def back_at_the_start() -> bool:
        bar.setValue(bar.minimum())
        return fits(first) and first.document().textWidth() < wide

    app.wait(back_at_the_start, 10, "the block laid out at the new width")
    assert all(fits(b) for b in realized_blocks(app) if not b.visibleRegion().isEmpty())
