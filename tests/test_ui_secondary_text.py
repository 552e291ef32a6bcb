"""The window's secondary lines (the Copilot mode's hint, the chat's figures, who holds
the limits, the chat search's note, the empty chat's invitation, Continue's note in the
question's card, the LLM dialog's mode hint) are quieter than the text beside them, yet
readable: at least 4.5:1 against what is behind them, in the light and the dark theme
(WCAG AA for normal text), and never disabled (a screen reader calls a disabled label
unavailable). The mode's hint, the chat's figures, the search's note and the LLM
dialog's hint were disabled labels, drawn at 2.4:1 in the light theme; the quiet lines
were 3.4:1 there, and Continue's note 4.1:1 on the dark theme's question card."""

from __future__ import annotations

from collections import Counter

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtGui import QPalette
from test_ui_chat import INTERFACES, ready, tool_call_limit
from ui_helpers import contrast


def drawn_contrast(label) -> float:
    """The strongest contrast between the label's text and what is behind it, as its
    window draws them: the backdrop is the colour most of its pixels have (a card's, a
    group box's, the window's), and the glyphs' cores are the text's full colour (their
    edges are blended)."""
    top = label.window()
    image = top.grab(QRect(label.mapTo(top, QPoint(0, 0)), label.size())).toImage()
    colours = Counter(image.pixel(x, y) for y in range(image.height()) for x in range(image.width()))
    backdrop = image.pixelColor(0, 0).fromRgb(colours.most_common(1)[0][0])
    return max(contrast(backdrop.fromRgb(colour), backdrop) for colour in colours)


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_secondary_lines_are_readable_and_not_disabled(app, theme):
    app.window.menus.themes[theme].trigger()
    app.settle(0.05)
    text = app.window.palette().color(QPalette.ColorRole.WindowText)
    window = app.window.palette().color(QPalette.ColorRole.Window)

    def check(what: str, label) -> None:
        """Looked at while it is on show, as the user sees it."""
        assert label.isVisible(), what
        assert label.isEnabled(), f"{what} is disabled: a screen reader calls it unavailable"
        drawn = drawn_contrast(label)
        assert drawn >= 4.5, f"{what} ({label.text()[:40]!r}) is drawn at {drawn:.1f}:1 ({theme})"
        # Quieter than the text beside it, still.
        assert contrast(label.palette().color(label.foregroundRole()), window) < contrast(text, window), what

    ready(app)
    header, limits, chat = app.window.companion.header, app.window.limits, app.window.chat
    app.wait(lambda: header.mode_help.isVisible() and bool(limits.enforcement.text()) and chat._placeholder.isVisible(),
             what="the mode's hint, the limits' holder, the empty chat's invitation")
    check("the empty chat's invitation", chat._placeholder)
    check("the mode's hint", header.mode_help)
    check("who holds the limits", limits.enforcement)
    tool_call_limit(app, 3)
    app.send(INTERFACES)
    app.finish_turn()
    app.wait(lambda: header.stats.isVisible() and bool(header.stats.text()), what="the chat's figures")
    check("the chat's figures", header.stats)
    chat.limit_bar.button.click()  # Continue with higher limits: said under the question
    app.finish_turn()
    from gns3_copilot_desktop.ui.chat_parts import UserBubble

    notes = [w.note for w in chat.widgets() if isinstance(w, UserBubble) and w.note.isVisible()]
    assert len(notes) == 1
    chat.ensureWidgetVisible(notes[0])
    app.settle(0.05)
    check("Continue's note in the question's card", notes[0])
    search = app.window.sessions.search
    search.box.setText("no chat says this")
    app.wait(lambda: search.note.isVisible() and "found" in search.note.text(), what="the search done")
    check("the chat search's note", search.note)
    app.window.companion.open_llm_settings()
    dialog = app.window.companion.llm_dialog
    app.wait(lambda: dialog.mode_help.isVisible() and bool(dialog.mode_help.text()), what="the LLM dialog's mode hint")
    check("the LLM dialog's mode hint", dialog.mode_help)
    dialog.close()
    app.window.menus.themes["system"].trigger()
