"""Reference-style links ("[OSPF][1]", defined by "[1]: https://…" at the answer's end,
as models write their sources) in an answer cut into blocks parsed apart: each block
shows the link, not the brackets, however the answer came (a model's pace, a burst)."""

from __future__ import annotations

from gns3_copilot_desktop.controller_sim.workloads import split_pieces
from gns3_copilot_desktop.ui import link_definitions
from gns3_copilot_desktop.ui.markdown_view import MarkdownView

PARAGRAPHS = "".join(f"Paragraph {n}: see [OSPF][1] for the area and the timers of the routers. " * 2 + "\n\n"
                     for n in range(12))
ANSWER = PARAGRAPHS + "[1]: https://example.com/ospf\n\nThe end."


def shown_answer(qtbot) -> MarkdownView:
    view = MarkdownView()
    qtbot.addWidget(view)
    view.resize(700, 600)
    view.show()
    qtbot.waitExposed(view)
    return view


def shown_text(qtbot, view: MarkdownView) -> str:
    """What the answer's blocks and labels show, every block parsed (scrolled to), and
    parsed again where a definition came after it (slices of the loop: waited for)."""
    for block in view.frozen_blocks():
        block.realize(force=True)

    def text() -> str:
        parts = [b.block for b in view.frozen_blocks()]
        parts += [label for label in (view._settled_label, view._tail_label) if label is not None and label.isVisible()]
        return " ".join(part.toPlainText() for part in parts)

    try:
        qtbot.waitUntil(lambda: "[1]" not in text(), timeout=3000)
    except qtbot.TimeoutError:
        pass  # (said by the test's own assertion)
    return text()


def test_a_link_defined_at_the_end_of_an_answer_streamed_at_a_models_pace_is_a_link_everywhere(qtbot):
    view = shown_answer(qtbot)
    for piece in split_pieces(ANSWER, 60):
        view.append(piece)
        qtbot.waitUntil(lambda: not view.pending(), timeout=2000)
        qtbot.wait(1)
    view.append("", complete=True)
    qtbot.waitUntil(lambda: not view.pending(), timeout=2000)
    assert view.frozen_blocks(), "the answer was cut into blocks (what this is about)"
    text = shown_text(qtbot, view)
    assert "[OSPF]" not in text and "[1]" not in text
    assert text.count("see OSPF for") == 24


def test_a_link_defined_at_the_end_of_an_answer_that_came_at_once_is_a_link_everywhere(qtbot):
    """An answer read from the history, or a fast stream: cut in a burst, its blocks
    parsed as they come into view, long after the definition was read."""
    view = shown_answer(qtbot)
    view.append(ANSWER * 3, complete=True)
    qtbot.waitUntil(lambda: not view.pending(), timeout=5000)
    assert len(view.frozen_blocks()) > 2
    text = shown_text(qtbot, view)
    assert "[OSPF]" not in text and "[1]" not in text
    assert text.count("see OSPF for") == 72
    assert view.text() == ANSWER * 3  # (copied and searched as written)


def test_what_only_looks_like_a_definition_is_not_taken_for_one():
    code = "```\n[1]: not a definition, code\n```\n\n"
    assert link_definitions.definitions_in(code) == {}
    assert link_definitions.definitions_in(code + "  [Two  Words]: https://x\n") == {"two words": "[Two  Words]: https://x"}
    defined = {"1": "[1]: https://example.com"}
    # A block that ends in an open code block: a definition after it would be code.
    assert link_definitions.with_definitions("see [a][1]\n\n```\ncode", defined) == "see [a][1]\n\n```\ncode"
    assert link_definitions.with_definitions("see [a][1]", defined) == "see [a][1]\n\n[1]: https://example.com\n"
    assert link_definitions.with_definitions("no links here", defined) == "no links here"


def test_an_answer_of_thousands_of_definitions_gives_its_blocks_a_bounded_number():
    many = "".join(f"[{n}]: https://example.com/{n}\n" for n in range(5000))
    assert len(link_definitions.definitions_in(many)) == link_definitions.MOST_KEPT
    # One of a megabyte is not written after other blocks (it would make them plain text).
    assert link_definitions.definitions_in("[1]: https://example.com/" + "a" * 1_000_000 + "\n") == {}
