"""Scrolling the conversation: a thumb that reads as the thumb in the light theme, and
an expanded result that does not take the mouse wheel from the chat."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication


def test_the_light_theme_thumb_is_darker_than_its_track(app):
    app.window.menus.set_theme("light")
    app.settle(0.05)
    app.sign_in_demo()
    app.choose("OSPF Lab")
    app.send("Check the interface status of all devices")
    app.finish_turn()
    app.window.resize(1024, 500)
    app.settle(0.2)
    bar = app.window.chat.verticalScrollBar()
    bar.setValue(0)
    app.settle(0.05)
    picture = bar.grab().toImage()
    x = picture.width() // 2
    thumb = picture.pixelColor(x, 12).lightness()  # the thumb sits at the top
    track = picture.pixelColor(x, picture.height() - 12).lightness()
    assert thumb < track - 60, (thumb, track)
    app.window.menus.set_theme("system")


def test_an_expanded_result_leaves_the_wheel_to_the_chat(app):
    app.sign_in_demo()
    app.choose("OSPF Lab")
    app.send("Check the interface status of all devices")
    app.finish_turn()
    card = next(c for c in app.cards() if c.show_all.isVisible())
    card.show_all.click()
    app.settle(0.1)
    chat = app.window.chat
    bar = chat.verticalScrollBar()
    chat.ensureWidgetVisible(card.full)
    app.settle(0.1)
    before, inner_before = bar.value(), card.full.verticalScrollBar().value()
    viewport = card.full.viewport()
    where = QPointF(viewport.width() / 2, viewport.height() / 2)
    wheel = QWheelEvent(where, QPointF(viewport.mapToGlobal(where.toPoint())), QPoint(), QPoint(0, 240),
                        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(viewport, wheel)
    app.settle(0.05)
    assert card.full.verticalScrollBar().value() == inner_before
    assert bar.value() != before, "the chat scrolled"


def test_the_limits_note_stays_readable_after_switching_to_the_dark_theme(app):
    """Started in the system theme, then View -> Theme -> Dark: the grey note under the
    limits ("Limits enforced by the controller.") must turn light, not stay dark."""
    app.sign_in_demo()
    app.choose("OSPF Lab")
    note, hint = app.window.limits.enforcement, app.window.chat._placeholder
    assert note.text() and hint.text()  # and the chat's "Ask the Copilot about …"
    app.window.menus.set_theme("dark")
    try:
        app.settle(0.05)
        for label in (note, hint):
            picture = label.grab().toImage()
            background = picture.pixelColor(picture.width() - 1, picture.height() - 1).lightness()
            text = max(picture.pixelColor(x, y).lightness() for x in range(0, picture.width(), 2) for y in range(picture.height()))
            assert background < 80 and text > background + 70, (label.text(), background, text)
    finally:
        app.window.menus.set_theme("system")  # the next tests' theme
