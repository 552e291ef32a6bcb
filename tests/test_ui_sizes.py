"""Nothing cut off at 800×500, 1024×700 and 1920×1080: a conversation stopped by a
limit (tool cards, the stop bar), the side panels, the message box, checked by geometry."""

from __future__ import annotations

import pytest
from geometry import clipped, text_cut

SIZES = [(800, 500), (1024, 700), (1920, 1080)]


@pytest.fixture
def stopped(app):
    app.stop_by_tool_limit(4)
    return app


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_no_control_is_clipped(stopped, size):
    app = stopped
    app.window.resize(*size)
    app.settle(0.2)
    assert app.window.width() == size[0]
    assert clipped(app.window) == []
    assert text_cut(app.window) == []
    bar = app.window.chat.limit_bar.button
    assert bar.visibleRegion().boundingRect().width() == bar.width()  # Continue whole, not cut
    # The side panels yielded to the conversation, not the other way round: at 1024×700
    # (a laptop, a classroom projector) it had 476 of the 1024 pixels, the side panels
    # 270 each; now it has more than half.
    assert app.window.chat.viewport().width() >= min(520, size[0] // 2) - 40
    if size[0] >= 1024:
        assert app.window.centre.width() > size[0] // 2


def test_the_window_starts_inside_a_small_screen(qapp):
    """The offscreen screen is 800x800, smaller than the window's usual 1280x800: the
    window starts inside what the screen leaves free, nothing of it off-screen."""
    from gns3_copilot_desktop.ui.main_window import MainWindow

    window = MainWindow()
    free = window.screen().availableGeometry()
    assert free.width() < 1280, "the test needs a screen narrower than the usual size"
    # Inside, with room for a window manager's frame and title bar.
    assert window.width() <= free.width() - 16 and window.height() <= free.height() - 48
    assert window.width() >= free.width() - 16 - 1, "as wide as the screen allows"
    window.deleteLater()


def test_a_screen_that_says_it_has_no_room_gets_the_usual_size():
    from PySide6.QtCore import QSize

    from gns3_copilot_desktop.ui.main_window import first_size

    assert first_size(QSize(1920, 1080)) == QSize(1280, 800)
    assert first_size(QSize(0, 0)) == first_size(QSize(-1, -1)) == QSize(1280, 800)  # a wrong work area
    assert first_size(QSize(1024, 700)) == QSize(1008, 652)


def test_long_chat_titles_end_in_an_ellipsis(app):
    from PySide6.QtCore import Qt

    sessions = app.window.sessions
    assert sessions.list.textElideMode() == Qt.TextElideMode.ElideRight
    assert sessions.list.horizontalScrollBarPolicy() == Qt.ScrollBarPolicy.ScrollBarAlwaysOff


def test_long_arguments_and_results_wrap_inside_their_card(stopped):
    from PySide6.QtWidgets import QLabel

    app = stopped
    app.window.resize(800, 500)
    app.settle(0.2)
    checked = 0
    for card in app.cards():
        for label in (card.arguments, card.preview):
            if not label.isVisible() or label.width() <= 20:
                continue
            shown = QLabel.text(label)  # what is drawn, breaks included
            widest = max(label.fontMetrics().horizontalAdvance(line) for line in shown.split("\n"))
            assert widest <= label.width(), (label.accessibleName(), widest, label.width())
            assert shown.replace("\n", "").replace(" ", "") == label.text().replace("\n", "").replace(" ", "")
            checked += 1
    assert checked >= 4


def test_a_code_block_set_again_while_streaming_keeps_one_copy_button(qapp, qtbot):
    from gns3_copilot_desktop.ui.markdown_block import MarkdownBlock

    block = MarkdownBlock()
    qtbot.addWidget(block)
    block.resize(400, 100)
    block.show()
    block.set_markdown("Config:\n\n```\nrouter ospf 1\n")
    for more in ("network 10.0.0.0", "```\n\nDone.", "```\n\nDone. And:\n\n```\nend\n```\n"):
        text = "Config:\n\n```\nrouter ospf 1\n" + more
        block.set_markdown(text)  # the document is made again each time (a streaming tail)
        block.resize(300 + len(more), 100)
        qtbot.wait(10)
    shown = [b for b in block._code.buttons if b.isVisible()]
    assert len(shown) == 2 and block._code.code(0).startswith("router ospf 1")


CODE_ANSWER = (
    "Here is R1's running config:\n\n```\nrouter ospf 1\n network 10.0.0.0 0.0.0.255 area 0\ninterface GigabitEthernet0/0\n"
    " description " + "uplink-to-core-switch-" * 8 + "\n ip address 10.0.0.1 255.255.255.0\n```\n\n"
    "Check it with `show running-config | section ospf`.\n"
)


@pytest.mark.parametrize("size,larger", [((780, 480), 0), ((1024, 700), 2)], ids=["780x480", "1024x700-larger-text"])
def test_an_answer_with_code_is_not_cut_off_small_or_with_larger_text(app, size, larger):
    """Copy answer, the code's Copy and the code itself stay whole in a small window and
    with larger text (Ctrl++ twice)."""
    from PySide6.QtCore import Qt

    from gns3_copilot_desktop.controller_sim.faults import Faults
    from gns3_copilot_desktop.controller_sim.hostile import Play

    app.sign_in_demo()
    app.choose("OSPF Lab")
    for _ in range(larger):
        app.press(app.window, Qt.Key.Key_Plus, Qt.KeyboardModifier.ControlModifier)
    app.demo.state.settings.faults = Faults(play=Play(answer=CODE_ANSWER))
    app.send("Show R1's running config")
    app.finish_turn()
    app.window.resize(*size)
    app.settle(0.3)
    assert clipped(app.window) == []
    assert text_cut(app.window) == []
    from PySide6.QtWidgets import QToolButton

    [copy] = [b for b in app.window.findChildren(QToolButton) if b.text() == "Copy answer" and b.isVisible()]
    assert copy.visibleRegion().boundingRect().size() == copy.size(), "Copy answer shown whole, the view at the end"
