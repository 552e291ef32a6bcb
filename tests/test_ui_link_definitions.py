"""Reference-style links ("[OSPF][1]", defined by "[1]: https://…" at the answer's end,
as models write their sources) in an answer cut into blocks parsed apart: each block
shows the link, to its whole address, not the brackets, however the answer came (a
model's pace, a burst); what only looks like a definition stays text."""

from __future__ import annotations

from PySide6.QtGui import QTextOption

from gns3_copilot_desktop.controller_sim.workloads import split_pieces
from gns3_copilot_desktop.ui import link_definitions
from gns3_copilot_desktop.ui.markdown_view import MarkdownView

ADDRESS = "https://example.com/ospf"
PARAGRAPHS = "".join(f"Paragraph {n}: see [OSPF][1] for the area and the timers of the routers. " * 2 + "\n\n"
                     for n in range(12))
ANSWER = PARAGRAPHS + f"[1]: {ADDRESS}\n\nThe end."
# As models end an answer: its sources, and nothing after them.
SOURCES_LAST = PARAGRAPHS + f"Sources:\n\n[1]: {ADDRESS}\n[2]: https://example.com/rfc2328"


def shown_answer(qtbot) -> MarkdownView:
    view = MarkdownView()
    qtbot.addWidget(view)
    view.resize(700, 600)
    view.show()
    qtbot.waitExposed(view)
    return view


def stream(qtbot, view: MarkdownView, answer: str, pieces: int = 60, complete: bool = True) -> None:
    """A few words at a time, each shown, the last one with the stream's end."""
    parts = split_pieces(answer, pieces)
    for index, piece in enumerate(parts):
        view.append(piece, complete=complete and index == len(parts) - 1)
        qtbot.waitUntil(lambda: not view.pending(), timeout=2000)
        qtbot.wait(1)


def documents(view: MarkdownView) -> list:
    parts = [b.block for b in view.frozen_blocks() if b.block is not None]
    parts += [label for label in (view._settled_label, view._tail_label) if label is not None and label.isVisible()]
    return [part.document() for part in parts]


def shown_text(qtbot, view: MarkdownView, raw: str = "[1]") -> str:
    """What the answer's blocks and labels show, every block parsed (scrolled to), and
    parsed again where a definition came after it (slices of the loop: waited for)."""
    for block in view.frozen_blocks():
        block.realize(force=True)

    def text() -> str:
        return " ".join(document.toPlainText() for document in documents(view))

    try:
        qtbot.waitUntil(lambda: raw not in text(), timeout=3000)
    except qtbot.TimeoutError:
        pass  # (said by the test's own assertion)
    return text()


def link_targets(view: MarkdownView) -> list[str]:
    targets = []
    for document in documents(view):
        block = document.begin()
        while block.isValid():
            it = block.begin()
            while not it.atEnd():
                fragment = it.fragment()
                if fragment.isValid() and fragment.charFormat().isAnchor():
                    targets.append(fragment.charFormat().anchorHref())
                it += 1
            block = block.next()
    return targets


def test_a_link_defined_at_the_end_of_an_answer_streamed_at_a_models_pace_is_a_link_everywhere(qtbot):
    view = shown_answer(qtbot)
    stream(qtbot, view, SOURCES_LAST)  # (the definition comes in two pieces: "[1]: https", then the rest)
    assert view.frozen_blocks(), "the answer was cut into blocks (what this is about)"
    text = shown_text(qtbot, view)
    assert "[OSPF]" not in text and "[1]" not in text and text.rstrip().endswith("Sources:")
    assert text.count("see OSPF for") == 24
    targets = link_targets(view)
    assert len(targets) == 24 and set(targets) == {ADDRESS}


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
    assert set(link_targets(view)) == {ADDRESS}
    assert view.text() == ANSWER * 3  # (copied and searched as written)


def test_a_definition_that_comes_while_a_block_is_being_parsed_is_in_it_at_the_end(qtbot):
    view = shown_answer(qtbot)
    view.append(PARAGRAPHS * 2, complete=False)
    qtbot.waitUntil(lambda: not view.pending(), timeout=5000)
    # A block not parsed yet: one in view may be parsed by a paint meanwhile (a CI run
    # found the first one so, its parsing already over).
    first = next(block for block in view.frozen_blocks() if block.block is None)
    steps = first.realizing(force=True)
    # Parsed, not shown yet (its last step is a piece of work of its own). On a slow
    # machine the view may have taken those steps already (StopIteration in CI runs):
    # the definition must then reach the parsed block (the last assertion) all the same.
    next(steps, None)
    view.append(f"[1]: {ADDRESS}\n\nThe end.", complete=True)
    qtbot.waitUntil(lambda: not view.pending(), timeout=5000)
    for _ in steps:
        pass
    qtbot.waitUntil(lambda: "[1]" not in first.block.toPlainText(), timeout=3000)


def test_the_last_paragraphs_use_a_definition_written_early_in_the_answer(qtbot):
    view = shown_answer(qtbot)
    answer = f"Intro: see [OSPF][1].\n\n[1]: {ADDRESS}\n\n" + PARAGRAPHS.replace("[OSPF][1]", "OSPF") + "Last: see [OSPF][1] here."
    stream(qtbot, view, answer, pieces=80)
    assert view.frozen_blocks()
    assert view._tail_label is not None and view._tail_label.isVisible()
    assert "Last: see OSPF here." in shown_text(qtbot, view)
    assert set(link_targets(view)) == {ADDRESS}


def test_the_readers_selection_stays_on_its_words_when_a_definition_comes(qtbot):
    """Parsed again, the brackets would go and the selection would cover other words:
    the block waits until the reader is done selecting."""
    view = shown_answer(qtbot)
    stream(qtbot, view, PARAGRAPHS, complete=False)
    from PySide6.QtWidgets import QLineEdit

    elsewhere = QLineEdit()
    qtbot.addWidget(elsewhere)
    elsewhere.show()
    block = next(b.block for b in view.frozen_blocks() if b.block is not None)
    block.activateWindow()
    block.setFocus()
    qtbot.waitUntil(block.hasFocus, timeout=2000)
    cursor = block.textCursor()
    cursor.setPosition(10)
    cursor.setPosition(40, cursor.MoveMode.KeepAnchor)
    block.setTextCursor(cursor)
    selected = block.textCursor().selectedText()
    view.append(f"[1]: {ADDRESS}\n\nThe end.", complete=True)
    qtbot.waitUntil(lambda: not view.pending(), timeout=2000)
    qtbot.wait(100)
    block.update()  # (painted meanwhile: still waits)
    qtbot.wait(100)
    assert block.textCursor().selectedText() == selected
    elsewhere.activateWindow()
    elsewhere.setFocus()  # the reader goes on elsewhere (Qt keeps the selection)
    qtbot.waitUntil(lambda: "[1]" not in block.toPlainText(), timeout=3000)


def test_a_long_address_does_not_make_the_other_blocks_wrap_in_the_middle_of_words(qtbot):
    view = shown_answer(qtbot)
    long_address = "https://example.com/" + "a" * 300
    view.append(PARAGRAPHS * 2 + f"[1]: {long_address}\n\nThe end.", complete=True)
    qtbot.waitUntil(lambda: not view.pending(), timeout=5000)
    shown_text(qtbot, view)
    first = view.frozen_blocks()[0].block
    assert long_address in link_targets(view)
    assert first.document().defaultTextOption().wrapMode() != QTextOption.WrapMode.WrapAnywhere


def test_what_only_looks_like_a_definition_is_not_taken_for_one(qtbot):
    definitions_in = link_definitions.definitions_in
    assert definitions_in("```\n[1]: https://code.example\n```\n\n") == {}
    # ("```a`b" opens no code block: a backtick fence's info string has no backtick.)
    assert definitions_in("```a`b\n\n[1]: https://e.example\n") == {"1": "[1]: https://e.example"}
    assert definitions_in("[^1]: RFC 2328, OSPF Version 2.\n") == {}  # a footnote
    assert definitions_in("[1]: RFC 2328 - OSPF\n") == {}  # words after the address: text
    assert definitions_in("Sources:\n[1]: https://a.example\n") == {}  # under a paragraph's text
    assert definitions_in("[ ]: https://a.example\n") == {}
    # Under a heading, a rule, a code block, a line of spaces; with CRLF line ends: definitions.
    for above in ("## Sources\n", "---\n", "```\ncode\n```\n", "text\n   \n", "text\r\n\r\n"):
        assert definitions_in(above + "[1]: https://a.example\n") == {"1": "[1]: https://a.example"}, above
    assert definitions_in("Sources\n=======\n[1]: https://a.example\n") == {"1": "[1]: https://a.example"}
    # Under a line of inline code, or a line of marks that is no rule: text.
    assert definitions_in("```show ip ospf```\n[1]: https://a.example\n") == {}
    assert definitions_in("text\n-*-\n[1]: https://a.example\n") == {}
    # A line under one that is text is text too.
    assert definitions_in("[1]: RFC 2328 - OSPF\n[2]: https://b.example\n") == {}
    # A definition whose address nests brackets too deep for other blocks' parse.
    assert definitions_in("[1]: <https://e.example/" + "(" * 70 + ">\n") == {}
    assert definitions_in("  [Two  Words]: https://x.example\n[2]: https://y.example\n") == {
        "two words": "[Two  Words]: https://x.example", "2": "[2]: https://y.example"}
    defined = {"1": "[1]: https://example.com"}
    links_for = link_definitions.links_for
    assert links_for("see [a][1]\n\n```\ncode", defined) == ""  # would be code in the open block
    assert links_for("see [a][1]", defined) == "\n\n[1]: https://example.com\n"
    assert links_for("see [a][ 1 ]", defined) == "\n\n[1]: https://example.com\n"
    assert links_for("no links here", defined) == ""
    assert links_for("see [a][1]\n\n[1]: https://own.example\n", defined) == ""  # its own comes first


def test_an_answer_of_thousands_of_definitions_gives_its_blocks_a_bounded_number(qtbot):
    many = "".join(f"[{n}]: https://example.com/{n}\n" for n in range(5000))
    assert len(link_definitions.definitions_in(many)) == link_definitions.MOST_KEPT
    # Thousands of lines that look like one and are not: a few are tried one by one.
    parses = link_definitions._shows_nothing.cache_info().misses
    assert link_definitions.definitions_in("\n\n".join(f"[{n}]: not an address" for n in range(5000)) + "\n") == {}
    assert link_definitions._shows_nothing.cache_info().misses - parses <= link_definitions.MOST_TRIED + 1
    # One of a megabyte is not written after other blocks (it would make them plain text).
    assert link_definitions.definitions_in("[1]: https://example.com/" + "a" * 1_000_000 + "\n") == {}
    # A block that uses 200 labels gets a few KB of them, not 200 of 2 KB.
    long_ones = {str(n): f"[{n}]: https://example.com/" + "a" * 2000 for n in range(200)}
    uses = " ".join(f"[x][{n}]" for n in range(200))
    assert len(link_definitions.links_for(uses, long_ones)) <= link_definitions.MOST_ADDED_CHARS


def test_a_block_off_screen_when_its_definition_comes_shows_the_link_when_scrolled_back_to(qtbot):
    """Blocks out of view are parsed again when they are next painted, not all at once
    (a chat read to its end is hundreds of parsed blocks)."""
    from PySide6.QtWidgets import QScrollArea

    area = QScrollArea()
    qtbot.addWidget(area)
    area.setWidgetResizable(True)
    area.resize(700, 200)
    view = MarkdownView()
    area.setWidget(view)
    area.show()
    qtbot.waitExposed(area)
    for piece in split_pieces(PARAGRAPHS * 3, 90):  # followed to its end, as a chat does
        view.append(piece)
        qtbot.waitUntil(lambda: not view.pending(), timeout=2000)
        area.verticalScrollBar().setValue(area.verticalScrollBar().maximum())
        qtbot.wait(1)
    first = view.frozen_blocks()[0]
    assert first.block is not None and first.block.visibleRegion().isEmpty(), "parsed, then scrolled out of view"
    view.append(f"[1]: {ADDRESS}\n\nThe end.", complete=True)
    qtbot.waitUntil(lambda: not view.pending(), timeout=2000)
    qtbot.wait(100)
    assert "[1]" in first.block.toPlainText(), "not parsed again while out of view"
    area.verticalScrollBar().setValue(0)  # the reader scrolls back up
    qtbot.waitUntil(lambda: "[1]" not in first.block.toPlainText(), timeout=3000)
    assert "see OSPF for" in first.block.toPlainText()


def test_words_streamed_into_a_paragraph_that_uses_a_definition_are_added_without_a_parse(qtbot, monkeypatch):
    """Definitions at the top of an answer, links below: the paragraph being written
    grows a few words a frame, added to its document as when it has no links (parsed
    whole on every frame, it cost a parse a frame for the rest of the answer)."""
    from gns3_copilot_desktop.ui import untrusted

    parses = []
    render = untrusted.render_markdown
    monkeypatch.setattr(untrusted, "render_markdown", lambda document, text, *rest: (parses.append(text), render(document, text, *rest)))
    view = shown_answer(qtbot)
    answer = f"[1]: {ADDRESS}\n\n" + "".join(
        f"Paragraph {n}: see [OSPF][1] for the area " + "and the timers of the routers " * 3 + "\n\n" for n in range(4))
    stream(qtbot, view, answer, pieces=100)
    assert "[1]" not in shown_text(qtbot, view)
    assert len(parses) < 40, f"{len(parses)} parses for 100 pieces"
    # ...and shown as the whole parsed at once shows it.
    from gns3_copilot_desktop.ui.markdown_block import MarkdownBlock

    for label in (view._settled_label, view._tail_label):
        fresh = MarkdownBlock()
        qtbot.addWidget(fresh)
        fresh.resize(label.width(), 0)
        fresh.set_markdown(label._markdown, links=label._links)
        assert label.toHtml() == fresh.toHtml()
