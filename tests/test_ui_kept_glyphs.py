"""The paragraph being written is repainted on every frame while an answer streams: it
keeps its shaped glyphs from its layout to its paints (Qt shapes its text again on each
paint otherwise, a third of that paint). The glyphs cost memory (about 18 bytes a
character), so a paragraph that has not changed for a while drops them, whatever
ended its answer: nothing tells a shown answer that its turn is over, was stopped or
failed, nor that it came from the history. The other blocks never keep them. The
pixels are the same either way (tests/test_ui_added_words.py compares them at every
frame; here, before and after the drop)."""

from __future__ import annotations

import pytest
from test_ui_rendering import render_changes, shown_view

from gns3_copilot_desktop.protocol import ContentEvent, ConversationHistory, Transcript
from gns3_copilot_desktop.protocol.events import DoneEvent
from gns3_copilot_desktop.ui import markdown_view
from gns3_copilot_desktop.ui.chat_parts import AssistantMessage
from gns3_copilot_desktop.ui.markdown_block import MarkdownBlock

IDLE_MS = 300


@pytest.fixture(autouse=True)
def _short_idle(monkeypatch):
    monkeypatch.setattr(markdown_view, "GLYPHS_IDLE_MS", IDLE_MS)


def _keeping(widget) -> list[str]:
    """The text of the paragraphs whose glyphs are kept, in the blocks within `widget`."""
    kept = []
    for block in widget.findChildren(MarkdownBlock):
        paragraph = block.document().begin()
        while paragraph.isValid():
            if paragraph.layout().cacheEnabled():
                kept.append(paragraph.text())
            paragraph = paragraph.next()
    return kept


def _answer(view) -> AssistantMessage:
    return next(widget for widget in view.widgets() if isinstance(widget, AssistantMessage))


def test_the_paragraph_being_written_keeps_its_glyphs_until_it_rests(qtbot):
    transcript = Transcript()
    transcript.begin_turn("why is OSPF stuck?")
    view = shown_view(qtbot, transcript)
    transcript.apply(ContentEvent(content="A finished paragraph about **OSPF**.\n\n| a | b |\n|---|---|\n| c | d |\n\n"))
    for piece in ["The neighbour ", "is stuck in ", "**EXSTART**: the MTU ", "differs."]:
        transcript.apply(ContentEvent(content=piece))
        render_changes(qtbot, view, transcript)
    answer = _answer(view)
    assert _keeping(answer) == ["The neighbour is stuck in EXSTART: the MTU differs."]  # only it
    before = answer.grab().toImage()
    transcript.apply(DoneEvent())
    render_changes(qtbot, view, transcript)
    qtbot.waitUntil(lambda: _keeping(answer) == [], timeout=5000)  # the turn is over: dropped
    assert answer.grab().toImage() == before  # and nothing the reader sees changed


def test_words_after_a_pause_are_kept_again(qtbot):
    transcript = Transcript()
    transcript.begin_turn("check the links")
    view = shown_view(qtbot, transcript)
    transcript.apply(ContentEvent(content="Checking the links"))
    render_changes(qtbot, view, transcript)
    answer = _answer(view)
    qtbot.waitUntil(lambda: _keeping(answer) == [], timeout=5000)  # (a tool ran a while)
    transcript.apply(ContentEvent(content=" of R1 and R2"))
    render_changes(qtbot, view, transcript)
    assert _keeping(answer) == ["Checking the links of R1 and R2"]


def test_answers_from_the_history_keep_none(qtbot):
    messages = []
    for n in range(6):
        messages += [{"role": "user", "content": f"question {n}"},
                     {"role": "assistant", "content": f"First paragraph.\n\nAnswer **{n}** with its last paragraph"}]
    transcript = Transcript.from_history(ConversationHistory.model_validate({"thread_id": "t", "messages": messages}))
    view = shown_view(qtbot, transcript)
    qtbot.waitUntil(lambda: not view.pending(), timeout=5000)
    qtbot.waitUntil(lambda: _keeping(view.widget()) == [], timeout=5000)
