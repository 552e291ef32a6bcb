"""A Markdown table's borders are drawn by its block (ui/table_borders), not by Qt: the
table must look exactly as Qt drew it, pixel for pixel, and what is copied from it
must paste with its borders."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QTextCursor, QTextFrameFormat, QTextTable
from ui_helpers import shown_markdown_block

from gns3_copilot_desktop.controller_sim.hostile import _table
from gns3_copilot_desktop.ui.markdown_block import MarkdownBlock

TABLES = {
    "a cut of a big table": "\n".join(_table(20_000).splitlines()[:26]) + "\n",
    "text around": "The interfaces:\n\n| Device | State |\n|---|---|\n| R1 | up |\n| R2 | down |\n\nThat is all.\n",
    "cells of several lines": "| a | b |\n|---|---|\n| " + "long words " * 40 + " | x |\n| y | " + "more " * 30 + " |\n",
    "after a code block": "Run:\n\n```\nshow ip interface brief\n```\n| H1 | H2 |\n|---|---|\n| 1 | `2` |\n",
    "two tables, aligned and empty cells": "| a | b |\n|:-:|--:|\n| | 2 |\n\ntext\n\n| c | | e |\n|---|---|---|\n| 3 | **4** | |\n",
}


def _shown(qtbot, text: str) -> MarkdownBlock:
    return shown_markdown_block(qtbot, text)


def _tables_styled(block: MarkdownBlock, style: QTextFrameFormat.BorderStyle) -> None:
    for frame in block.document().rootFrame().childFrames():
        if isinstance(frame, QTextTable):
            fmt = frame.format()
            fmt.setBorderStyle(style)
            frame.setFormat(fmt)


@pytest.mark.parametrize("selected", [False, True], ids=["unselected", "selected"])
@pytest.mark.parametrize("name", list(TABLES))
def test_a_table_looks_exactly_as_qt_draws_it(qtbot, name, selected):
    block = _shown(qtbot, TABLES[name])
    if selected:  # a selection across the table: its highlight and the borders over it
        cursor = block.textCursor()
        cursor.setPosition(3)
        cursor.movePosition(QTextCursor.MoveOperation.End, QTextCursor.MoveMode.KeepAnchor)
        block.setTextCursor(cursor)
    drawn = block.grab().toImage()
    # The same block without borders: the block's own lines are really there.
    block._tables = False
    bare = block.grab().toImage()
    # Qt's own borders, as the Markdown importer made them.
    _tables_styled(block, QTextFrameFormat.BorderStyle.BorderStyle_Outset)
    qts = block.grab().toImage()
    assert drawn.size() == qts.size()
    assert drawn != bare
    assert drawn == qts


def test_a_table_copied_pastes_with_its_borders(qtbot):
    block = _shown(qtbot, TABLES["text around"])
    block.selectAll()
    html = block.createMimeDataFromSelection().html()
    assert '<table border="1"' in html
    assert "border-style:none" not in html
