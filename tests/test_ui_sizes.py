"""Nothing cut off at 800×500, 1024×700 and 1920×1080: a conversation stopped by a
limit (tool cards, the stop bar), the side panels, the message box, checked by geometry."""

from __future__ import annotations

import pytest
from geometry import clipped

SIZES = [(800, 500), (1024, 700), (1920, 1080)]


@pytest.fixture
def stopped(app):
    app.sign_in_demo()
    app.choose("OSPF Lab")
    panel = app.window.limits
    panel.unlimited.setChecked(False)
    panel.tool_calls.setValue(4)
    app.send("Check the interface status of all devices")
    app.finish_turn()
    assert app.window.chat.limit_bar.isVisible()
    return app


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_no_control_is_clipped(stopped, size):
    app = stopped
    app.window.resize(*size)
    app.settle(0.2)
    assert app.window.width() == size[0]
    assert clipped(app.window) == []
    bar = app.window.chat.limit_bar.button
    assert bar.visibleRegion().boundingRect().width() == bar.width()  # Continue whole, not cut
    # The side panels yielded to the conversation, not the other way round.
    assert app.window.chat.viewport().width() >= min(420, size[0] // 2) - 40


def test_long_chat_titles_end_in_an_ellipsis(app):
    from PySide6.QtCore import Qt

    sessions = app.window.sessions
    assert sessions.list.textElideMode() == Qt.TextElideMode.ElideRight
    assert sessions.list.horizontalScrollBarPolicy() == Qt.ScrollBarPolicy.ScrollBarAlwaysOff
