"""Find in an answer still being written: its open tail is two blocks, the finished
paragraphs above the paragraph being written, and the n-th occurrence of the answer's
text is the n-th in reading order, not in the order the blocks were made."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from gns3_copilot_desktop.ui.find_highlight import Highlight
from gns3_copilot_desktop.ui.find_occurrences import TEXT, Occurrence
from gns3_copilot_desktop.ui.markdown_block import MarkdownBlock
from gns3_copilot_desktop.ui.markdown_view import MarkdownView


class Chat(QWidget):
    """What Highlight asks of the chat for an answer: to bring a place into view."""

    def pending(self) -> bool:
        return False

    def reveal(self, *args) -> None:
        pass


class Answer(QWidget):
    def __init__(self, view: MarkdownView) -> None:
        super().__init__()
        self.view = view


def test_the_first_occurrence_in_a_streaming_answer_is_the_one_read_first(qtbot):
    view = MarkdownView()
    qtbot.addWidget(view)
    view.resize(600, 400)
    view.show()
    # The tail's first paragraph is made the finished one once the second begins; the
    # paragraph being written was made first.
    view.set_text("Alpha OSPF one.")
    qtbot.waitUntil(lambda: "Alpha" in " ".join(b.toPlainText() for b in view.findChildren(MarkdownBlock)), timeout=2000)
    view.set_text("Alpha OSPF one.\n\nBeta OSPF two")
    shown = lambda: [b for b in view.findChildren(MarkdownBlock) if b.parentWidget() is view and b.isVisible()]  # noqa: E731
    qtbot.waitUntil(lambda: len(shown()) == 2 and any("Beta" in b.toPlainText() for b in shown()), timeout=2000)
    chat = Chat()
    qtbot.addWidget(chat)
    highlight = Highlight(chat)
    highlight._in_answer(Answer(view), Occurrence(item=0, part=TEXT, start=6, length=4, ordinal=0), "OSPF")
    selected = highlight._selected
    assert selected is not None and selected.textCursor().selectedText() == "OSPF"
    assert "Alpha" in selected.toPlainText(), f"selected in {selected.toPlainText()!r}"
