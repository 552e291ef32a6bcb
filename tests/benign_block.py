"""A block of the benign answer in a window of its own, not parsed until it is shown:
what the tests of a block coming into view start from."""

from __future__ import annotations

from PySide6.QtWidgets import QVBoxLayout, QWidget

from gns3_copilot_desktop.controller_sim.workloads import markdown_document
from gns3_copilot_desktop.ui.lazy_markdown_block import LazyMarkdownBlock

# Prose, Chinese, a table and four code blocks: a block of the benign answer.
TEXT = "".join(markdown_document(2500).partition("## Section 5")[:1])

# The holders live to the end of the session: qtbot only closes them, and a holder
# the garbage collector took would delete the block under test with it.
kept: list[QWidget] = []


def lazy_in_window(qtbot) -> LazyMarkdownBlock:
    holder = QWidget()
    lazy = LazyMarkdownBlock(TEXT)
    layout = QVBoxLayout(holder)
    layout.addWidget(lazy)
    layout.addStretch()
    holder.resize(600, 1400)
    kept.append(holder)
    qtbot.addWidget(holder)
    holder.show()
    qtbot.waitExposed(holder)
    return lazy
