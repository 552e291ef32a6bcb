"""The paragraph being written is repainted on every frame while an answer streams: it
keeps its shaped glyphs from its layout to its paints (Qt shapes its text again on each
paint otherwise, a third of that paint). The glyphs cost memory, so an answer that is
done keeps none (they go at its next paint), nor do its other blocks ever. The pixels
are the same either way (tests/test_ui_added_words.py compares them at every frame)."""

from __future__ import annotations

from gns3_copilot_desktop.ui.markdown_view import MarkdownBlock, MarkdownView


def _keeping(view: MarkdownView) -> list[str]:
    """The text of the blocks whose glyphs are kept."""
    kept = []
    for block in view.findChildren(MarkdownBlock):
        paragraph = block.document().begin()
        while paragraph.isValid():
            if paragraph.layout().cacheEnabled():
                kept.append(paragraph.text())
            paragraph = paragraph.next()
    return kept


def test_the_paragraph_being_written_keeps_its_glyphs_until_the_answer_is_done(qapp, qtbot):
    view = MarkdownView()
    qtbot.addWidget(view)
    view.resize(600, 400)
    view.show()
    view.append("A finished paragraph about **OSPF**.\n\n| a | b |\n|---|---|\n| c | d |\n\nThe neighbour is")
    qtbot.waitUntil(lambda: "The neighbour is" in view.text() and bool(_keeping(view)), timeout=5000)
    assert _keeping(view) == ["The neighbour is"]
    view.append(" stuck in EXSTART: the MTU differs")
    qtbot.waitUntil(lambda: _keeping(view) == ["The neighbour is stuck in EXSTART: the MTU differs"], timeout=5000)
    view.append(".\n\nSet `ip mtu 1500` on R2", complete=True)
    qtbot.waitUntil(lambda: any("on R2" in block.toPlainText() for block in view.findChildren(MarkdownBlock)), timeout=5000)
    assert _keeping(view) == []
