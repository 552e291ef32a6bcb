"""View → text size reaches every word of an answer: Ctrl+0 after Ctrl++ brings back the
normal size everywhere, also for code (blocks and `spans`) parsed while the text was
larger, and for the parts of a long answer parsed only later, as they scroll into view."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QTextFormat
from PySide6.QtWidgets import QApplication

from gns3_copilot_desktop.controller_sim.faults import Faults
from gns3_copilot_desktop.controller_sim.hostile import Play

PART = (
    "## Part {n}\n\nOn R{n} run `show ip ospf neighbor` and compare the areas.\n\n"
    "```\nrouter ospf 1\n network 10.0.{n}.0 0.0.0.255 area 0\n```\n\n" + "Some words about adjacencies. " * 40 + "\n\n"
)
ANSWER = "".join(PART.format(n=n) for n in range(30))


def _sizes(window) -> set[float]:
    """The point size of every piece of text shown in the answers' blocks (headings
    aside: they are sized relative to the text) and of every code panel."""
    from gns3_copilot_desktop.ui.markdown_block import MarkdownBlock

    sizes = set()
    for block in window.findChildren(MarkdownBlock):
        document = block.document()
        default = document.defaultFont()
        text_block = document.begin()
        while text_block.isValid():
            it = text_block.begin()
            while not it.atEnd():
                fmt = it.fragment().charFormat()
                if not fmt.intProperty(QTextFormat.Property.FontSizeAdjustment):
                    sizes.add(fmt.font().resolve(default).pointSizeF())
                it += 1
            text_block = text_block.next()
        if block._code is not None:
            sizes.update(panel.text.font().pointSizeF() for panel in block._code.panels if panel.isVisible())
    return sizes


def test_ctrl_0_brings_every_part_of_an_answer_back_to_the_normal_size(app):
    normal = QApplication.font().pointSizeF()
    app.sign_in_demo()
    app.choose("OSPF Lab")
    app.window.resize(1024, 700)
    window = app.window
    for _ in range(2):
        app.press(window, Qt.Key.Key_Plus, Qt.KeyboardModifier.ControlModifier)
    large = QApplication.font().pointSizeF()
    assert large >= normal + 2
    app.demo.state.settings.faults = Faults(play=Play(answer=ANSWER, piece_chars=400))
    app.send("How do I check OSPF on every router?")
    app.finish_turn()
    bar = window.chat.verticalScrollBar()
    bar.setValue(bar.maximum() // 2)  # some parts parsed now, at the large size
    app.settle(0.3)
    assert large in _sizes(window)
    app.press(window, Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier)
    app.settle(0.2)
    for value in range(0, bar.maximum() + 1, max(1, window.chat.viewport().height() // 2)):  # read it all
        bar.setValue(value)
        app.settle(0.05)
    from gns3_copilot_desktop.ui.lazy_markdown_block import LazyMarkdownBlock

    lazy = window.findChildren(LazyMarkdownBlock)
    assert lazy and all(block.block is not None for block in lazy if block.isVisible())
    assert _sizes(window) == {normal}
    # And the code panels fit their code at the new size: every line shown whole.
    for block in window.findChildren(LazyMarkdownBlock):
        code = block.block._code if block.block is not None else None
        for panel in code.panels if code is not None else []:
            if panel.isVisible():
                text = panel.text
                last = text.document().lastBlock()
                assert text.blockBoundingGeometry(last).bottom() <= text.viewport().height() + 1
