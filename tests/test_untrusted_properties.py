"""Any string renders, as Markdown or as a tool's output, and never raises."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtGui import QTextDocument

from gns3_copilot_desktop.ui import untrusted
from gns3_copilot_desktop.ui.tool_card import COLLAPSED_LINES, PREVIEW_LINE_CHARS, _full_text, _preview, pretty

TOKENS = list("ab <>[]()!|-*`#>\n\t \\/:.\"'&;") + ["\u202e", "\u200b", "\x00", "](", "![", "```", "| --- |", "file:", "http://", "/dev/zero"]
MARKDOWNISH = st.lists(st.sampled_from(TOKENS), max_size=200).map("".join)
ANY = st.one_of(st.text(max_size=400), MARKDOWNISH)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=ANY)
def test_any_markdown_renders_and_loads_nothing(qapp, text):
    document = QTextDocument()
    untrusted.render_markdown(document, text)
    shown = document.toPlainText()
    assert "\u202e" not in shown and "\x00" not in shown
    block = document.begin()
    while block.isValid():  # no image is left for anything to load
        it = block.begin()
        while not it.atEnd():
            assert not it.fragment().charFormat().isImageFormat()
            it += 1
        block = block.next()


@settings(max_examples=80, deadline=None)
@given(text=ANY)
def test_any_tool_output_previews_within_its_caps(text):
    shown, _cut = _preview(pretty(text))
    lines = shown.split("\n")
    assert len(lines) <= COLLAPSED_LINES
    assert all(len(line) <= PREVIEW_LINE_CHARS * 8 for line in lines)  # marks can lengthen a line
    _full_text(pretty(text))


def test_ascii_text_is_shown_as_it_is_without_a_pattern():
    """`visible` lets ASCII text without NUL through untouched and unsearched (the
    window's first frame compiles no pattern): that holds only while every hiding
    character but NUL is beyond ASCII."""
    from gns3_copilot_desktop.protocol.untrusted_text import HIDING, visible

    assert all(char == "\x00" or not char.isascii() for char in HIDING)
    assert visible("plain\ttext\n") == "plain\ttext\n"
    assert visible("a\x00b") == "a⟨NUL⟩b"
