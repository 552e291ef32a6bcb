"""The window's secondary lines (the Copilot mode's hint, the chat's figures, who holds
the limits, the chat search's note, the empty chat's invitation, the LLM dialog's mode
hint) are quieter than the text beside them, yet readable: at least 4.5:1 against the
window in the light and the dark theme (WCAG AA for normal text), and never disabled (a
screen reader calls a disabled label unavailable). The mode's hint and the chat's figures
were disabled labels, drawn at 2.4:1."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor, QPalette


def luminance(color: QColor) -> float:
    def channel(value: float) -> float:
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(color.redF()) + 0.7152 * channel(color.greenF()) + 0.0722 * channel(color.blueF())


def contrast(a: QColor, b: QColor) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def drawn_contrast(label) -> float:
    """The strongest contrast between the label's drawn text and the window behind it: the
    glyphs' cores are drawn in the text's full colour (their edges are blended)."""
    image = label.grab().toImage()
    window = label.palette().color(QPalette.ColorRole.Window)
    best = 1.0
    for y in range(0, image.height()):
        for x in range(0, image.width()):
            best = max(best, contrast(image.pixelColor(x, y), window))
    return best


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
        assert drawn >= 4.5, f"{what} ({label.text()[:40]!r}) is drawn at {drawn:.1f}:1 against the window ({theme})"
        # Quieter than the text beside it, still.
        assert contrast(label.palette().color(label.foregroundRole()), window) < contrast(text, window), what

    app.sign_in_demo()
    app.choose("OSPF Lab")
    header, limits, chat = app.window.companion.header, app.window.limits, app.window.chat
    app.wait(lambda: header.mode_help.isVisible() and bool(limits.enforcement.text()) and chat._placeholder.isVisible(),
             what="the mode's hint, the limits' holder, the empty chat's invitation")
    check("the empty chat's invitation", chat._placeholder)
    check("the mode's hint", header.mode_help)
    check("who holds the limits", limits.enforcement)
    app.send("Show me the topology")
    app.finish_turn()
    app.wait(lambda: header.stats.isVisible() and bool(header.stats.text()), what="the chat's figures")
    check("the chat's figures", header.stats)
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
