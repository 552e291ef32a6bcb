"""The paragraph being written grows by a few words a frame: when they are only words,
they are added to the document without parsing it again (ui/without_a_parse). The block
must then be exactly what parsing the whole text gives, on any input: the document
(text, character and block formats), its height and every pixel."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtGui import QTextCursor

from gns3_copilot_desktop.controller_sim.engine import text_pieces
from gns3_copilot_desktop.controller_sim.workloads import _REALISTIC_ANSWER
from gns3_copilot_desktop.ui import untrusted
from gns3_copilot_desktop.ui.markdown_block import MarkdownBlock, readable_text

# Mostly words, spaces and line ends (what the short cut takes), and every mark that
# may change what words around it mean.
WORDS = ["word", "R1", "up", "路由器", "é", "x", "10", " ", " ", " ", "  ", "\n", "\n  ", "\n ", ".", ",", ":", ";", "!",
         "?", "(", ")", "'", '"', "-", "/", "%"]
MARKS = ["**", "*", "_", "`", "``", "[", "]", "](", "<", ">", "&", "&amp;", "\\", "#", "## ", "- ", "1. ", "> ",
         "~~", "www.", "http://", "@", "|", "---", "===", "   ", "    ", "]: ", "!", "\u200b", "\t", "```", "\n\n",
         "![a](b)", "[a](http://x)", "`code`", "**bold**", "&lt;", "2. ", "+ ", "    - "]
TOKENS = st.one_of(st.sampled_from(WORDS), st.sampled_from(WORDS), st.sampled_from(WORDS), st.sampled_from(MARKS))
# What may be before the paragraph, or start it.
STARTS = st.sampled_from(["", "## ", "- ", "1. ", "> ", "> - ", "   ", "**a** ", "Text\n\n", "```\nx\n```\n\n",
                          "| a | b |\n|---|---|\n| c | d |\n\n"])
PARAGRAPHS = st.tuples(STARTS, st.lists(TOKENS, min_size=1, max_size=40).map("".join)).map("".join)


def _blocks(count: int, width: int = 600) -> list[MarkdownBlock]:
    """The first keeps its glyphs from layout to paint, as the paragraph being written
    does (MarkdownBlock.keep_glyphs); the others are as Qt makes them."""
    blocks = []
    for _ in range(count):
        block = MarkdownBlock()
        block.resize(width, 10)
        blocks.append(block)
    blocks[0].keep_glyphs(True)
    return blocks


def _assert_same(grown: MarkdownBlock, whole: MarkdownBlock) -> None:
    assert grown.document().toHtml() == whole.document().toHtml()
    assert readable_text(grown.document()) == readable_text(whole.document())  # (what a screen reader reads)
    assert grown.height() == whole.height()
    assert grown.grab().toImage() == whole.grab().toImage()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=PARAGRAPHS, data=st.data())
def test_words_added_to_a_paragraph_show_as_the_whole_text_parsed(qapp, text, data):
    """The text grows in a few steps, each added at the end or parsed again as the
    short cut decides: after each, the block is what parsing that text gives."""
    cuts = sorted(set(data.draw(st.lists(st.integers(1, len(text)), min_size=1, max_size=4)))) + [len(text)]
    grown, whole = _blocks(2, data.draw(st.sampled_from([120, 600])))  # (narrow: lines wrap)
    for cut in cuts:
        grown.set_markdown(text[:cut])
    whole.set_markdown(text)
    _assert_same(grown, whole)


# Words added where each rule of added_words matters (a short cut that broke the rule
# would show them differently from a whole parse).
TRAPS = [
    ("2", "2. item"), ("- -", "- - -"), ("Line", "Line  \nbroken hard"), ("Line  ", "Line  \nbroken"),
    ("mail me@example.com", "mail me@example.com today"), ("see www.example.com", "see www.example.com now"),
    ("at http://x.y", "at http://x.y z"), ("at http:", "at http://x.y"), ("**bold**", "**bold** then"),
    ("x &amp", "x &amp;"), ("[a](b", "[a](b) c"), ('[a](b "t', '[a](b "t")'), ("## Title", "## Title\nnext"), ("Foo", "Foo\n---"),
    ("Foo", "Foo\n- item"), ("Foo", "Foo\n\nbar"), ("Foo", "Foo\n    code"), ("a `b", "a `b c"), ("Word", "Word 路由器 – ok"),
    ("- **bold**", "- **bold** then"), ("> `code`", "> `code`\nlazy"), ("a \\", "a \\\nb"), ("## *T*", "## *T* more"), ("## x[", "## x[ R1"),
    ("[a](b)", "[a](b) c"), ("(a)", "(a)b"), ("a | b", "a | b\nc"), ("a | b\n", "a | b\n--- | ---"),
    ("a | b\n--- | ---\nc", "a | b\n--- | ---\nc\nf"),
    ("x **b**", "x **b**c"), ("a ![i](b)", "a ![i](b) c"), ("1. x *y*", "1. x *y*\n   z"),
]


@pytest.mark.parametrize(("shown", "text"), TRAPS)
def test_words_added_where_a_rule_matters_show_as_the_whole_text_parsed(qapp, shown, text):
    grown, whole = _blocks(2)
    grown.set_markdown(shown)
    grown.set_markdown(text)
    whole.set_markdown(text)
    _assert_same(grown, whole)


def _frames(paragraph: str) -> list[str]:
    """The paragraph as a model streams it, two pieces a frame (the realistic pace)."""
    pieces = text_pieces(paragraph)
    return ["".join(pieces[: end + 2]) for end in range(0, len(pieces), 2)]


def test_the_realistic_answer_streamed_shows_as_parsed_whole_at_every_frame(qapp):
    for paragraph in _REALISTIC_ANSWER.split("\n\n"):
        grown, whole = _blocks(2)
        for text in _frames(paragraph):
            grown.set_markdown(text)
            whole.set_markdown(text)
            _assert_same(grown, whole)


def test_most_frames_of_the_realistic_answer_are_not_parsed_again(qapp, monkeypatch):
    """What the short cut is for: at a model's pace, words are added without a parse."""
    parsed = []
    render = untrusted.render_markdown
    monkeypatch.setattr(untrusted, "render_markdown", lambda document, text, *rest: (parsed.append(text), render(document, text, *rest)))
    frames = 0
    for paragraph in _REALISTIC_ANSWER.split("\n\n"):
        (block,) = _blocks(1)
        for text in _frames(paragraph):
            block.set_markdown(text)
            frames += 1
    assert len(parsed) < frames * 0.6, (len(parsed), frames)
    block.set_markdown("All four routers run")
    parsed.clear()
    block.set_markdown("All four routers run OSPF in area 0\nand see each other")
    assert parsed == []
    assert block.document().toPlainText() == "All four routers run OSPF in area 0 and see each other"
    block.set_markdown("All four routers run **OSPF area 0**")
    parsed.clear()
    block.set_markdown("All four routers run **OSPF area 0** and see each other")  # (after a mark)
    assert parsed == []


def test_a_selection_stays_what_was_selected_when_words_are_added(qtbot):
    (block,) = _blocks(1)
    qtbot.addWidget(block)
    block.set_markdown("First words of it")
    cursor = block.textCursor()
    cursor.setPosition(len("First "))
    cursor.movePosition(QTextCursor.MoveOperation.End, QTextCursor.MoveMode.KeepAnchor)
    block.setTextCursor(cursor)
    block.set_markdown("First words of it, and more")
    assert block.document().toPlainText() == "First words of it, and more"
    assert block.textCursor().selectedText() == "words of it"
