"""After cutting a burst of an answer into blocks, its open tail (up to two 2 KB
parses) is shown in the next turn of the loop, on its own: for the first burst of an
answer too (it was the cold benign answer's first frame, cut and parsed in one turn)."""

from __future__ import annotations

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
