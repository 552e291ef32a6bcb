"""The warm-up after start-up draws beforehand what a first answer draws for the first
time in the process (Qt finds and loads a font, rasterises glyphs, paints a kind of
widget once): left to the answer, each was part of its first frames' longest stall."""

from __future__ import annotations

import re

_CHINESE = re.compile("[\u4e00-\u9fff]")


def test_the_warm_up_draws_chinese_text_and_a_code_panel(qapp, monkeypatch):
    from gns3_copilot_desktop.ui import chat_warm_up, code_blocks, markdown_block

    laid_out, painted_panels = [], []
    set_markdown, paint = markdown_block.MarkdownBlock.set_markdown, code_blocks.CodePanel.paintEvent

    def recording_set(self, text, *args, **kwargs):
        laid_out.append(text)
        return set_markdown(self, text, *args, **kwargs)

    def recording_paint(self, event):
        painted_panels.append(self)
        return paint(self, event)

    monkeypatch.setattr(markdown_block.MarkdownBlock, "set_markdown", recording_set)
    monkeypatch.setattr(code_blocks.CodePanel, "paintEvent", recording_paint)
    for step in chat_warm_up.warm_up_steps():
        step()
    # Chinese, plain and bold (the answers of the app's Chinese users are written in it:
    # its first character has Qt look for a font that has it and load it).
    assert any(_CHINESE.search(text) and re.search(r"\*\*[^*]*" + _CHINESE.pattern, text) for text in laid_out), laid_out
    assert painted_panels  # a code block's panel: its frame, its Copy button, the code


def test_the_warm_up_draws_a_tool_card_off_screen(qapp, monkeypatch):
    """The process's first tool card took longer to make and draw than the next: the
    warm-up draws one, never shown (nothing of it reaches the window)."""
    from gns3_copilot_desktop.ui import chat_warm_up, theme, tool_card

    drawn = []
    paint = theme.Card.paintEvent

    def recording_paint(self, event):
        if isinstance(self, tool_card.ToolCallCard):
            drawn.append((self, self.isVisible()))
        return paint(self, event)

    monkeypatch.setattr(theme.Card, "paintEvent", recording_paint)
    for step in chat_warm_up.warm_up_steps():
        step()
    assert drawn and not any(shown for _card, shown in drawn)
