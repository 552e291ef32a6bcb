"""After cutting a burst of an answer into blocks, its open tail (up to two 2 KB
parses) is shown in the next turn of the loop, on its own: for the first burst of an
answer too (it was the cold benign answer's first frame, cut and parsed in one turn).
The tail's first show is two pieces of work: its finished paragraphs, then the one
being written."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from gns3_copilot_desktop.ui import markdown_view


def test_the_first_burst_of_an_answer_shows_its_tail_in_a_turn_of_its_own(qapp, qtbot, monkeypatch):
    monkeypatch.setattr(markdown_view, "CUT_BUDGET_MS", 10_000.0)  # the cutting is not paused
    monkeypatch.setattr(markdown_view, "TAIL_AFTER_MS", -1.0)  # any cutting took long
    view = markdown_view.MarkdownView()
    qtbot.addWidget(view)
    view.resize(600, 400)
    view.show()
    burst = "\n\n".join(f"Paragraph {i}: " + "word " * 60 for i in range(9)) + "\n\nThe end is here"
    view.append(burst)
    assert view.frozen_blocks()  # cut,
    assert view._tail_label is None  # its tail not parsed in the same turn
    monkeypatch.setattr(markdown_view, "TAIL_AFTER_MS", 10_000.0)  # (the next turn has no cutting to do)
    qtbot.waitUntil(lambda: view._tail_label is not None and "The end is here" in view._tail_label.toPlainText(),
                    timeout=5000)


def test_the_tails_first_show_parses_the_paragraph_being_written_in_a_turn_of_its_own(qapp, qtbot, monkeypatch):
    monkeypatch.setattr(markdown_view, "TAIL_AFTER_MS", 10_000.0)  # the tail is shown in this turn
    monkeypatch.setattr(markdown_view, "WRITING_AFTER_MS", -1.0)  # its finished paragraphs took long
    text = "\n\n".join(f"Paragraph {i}: " + "word " * 30 for i in range(3)) + "\n\nThe one being written"

    told: list[int] = []  # what the chat is told the answer grows by, before it grows (to follow it)

    def shown() -> markdown_view.MarkdownView:
        view = markdown_view.MarkdownView()
        view.before_growing = told.append
        qtbot.addWidget(view)
        view.resize(600, 400)
        view.show()
        view.append(text)
        return view

    view = shown()
    assert "Paragraph 2" in view._settled_label.toPlainText()
    assert "being written" not in view._tail_label.toPlainText(), "both parsed in one piece of work"
    assert view.pending()  # the rest in the next turn
    QCoreApplication.sendPostedEvents()
    assert view._tail_label.isHidden()  # (not shown empty meanwhile)
    qtbot.waitUntil(lambda: "being written" in view._tail_label.toPlainText() and not view.pending(), timeout=5000)
    assert view._settled_label.isVisible() and view._tail_label.isVisible()
    assert sum(told) == view._settled_label.height() + view._tail_label.height()  # all of its growth
    told.clear()
    monkeypatch.setattr(markdown_view, "WRITING_AFTER_MS", 10_000.0)
    one_go = shown()
    assert "being written" in one_go._tail_label.toPlainText()
    assert sum(told) == one_go._settled_label.height() + one_go._tail_label.height()
    qtbot.wait(1)  # (as in the window: painted once the loop has run)
    assert view.height() == one_go.height() and view.grab().toImage() == one_go.grab().toImage()
