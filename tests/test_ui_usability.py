"""What a new user meets in the first minutes (issue 12), in the real window against
the reference controller streaming at a realistic pace (pace 0.05 s between pieces):
the stop bar after a live limit stop, the keyboard, Stopping…, reading another chat while
the agent works, one draft per chat, the window title."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from gns3_copilot_desktop.controller_sim.faults import Faults

PACE_S = 0.05
INTERFACES = "Check the interface status of all devices"


@pytest.fixture
def paced(app):
    app.demo.state.settings.pace_s = PACE_S
    app.sign_in_demo()
    app.choose("OSPF Lab")
    return app


def finished_chat(app, text: str) -> str:
    """A chat with one quick turn (no pacing): its id."""
    pace, app.demo.state.settings.pace_s = app.demo.state.settings.pace_s, 0
    app.send(text)
    app.finish_turn()
    app.demo.state.settings.pace_s = pace
    return app.presenter.session_id


def tab_until(app, start, wanted, limit: int = 80) -> list:
    """Press Tab from `start` until `wanted(widget)`; the widgets focus went through."""
    start.setFocus(Qt.FocusReason.TabFocusReason)
    seen = []
    for _ in range(limit):
        QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        app.settle(0.01)
        widget = QApplication.focusWidget()
        seen.append(widget)
        if wanted(widget):
            return seen
    raise AssertionError(f"Tab never reached it; went through {[type(w).__name__ for w in seen]}")


def test_continue_with_higher_limits_shows_after_a_live_stop_at_a_real_pace(paced):
    app = paced
    panel = app.window.limits
    panel.unlimited.setChecked(False)
    panel.tool_calls.setValue(3)
    app.send(INTERFACES)
    app.finish_turn(timeout=30)
    bar = app.window.chat.limit_bar
    assert bar.isVisible() and app.limit_flags() == ["Tool call limit reached: 3 of 3 tool calls used."]
    assert bar.button.isVisible()
    # Continue is reachable by Tab from the message box.
    seen = tab_until(app, app.window.composer.edit, lambda w: w is bar.button)
    # (Tab enters the conversation at the part in view: the cards there come first.)
    assert any(w is card.copy for card in app.cards() for w in seen), "a card's Copy comes before Continue"
    # Continue (Space on the focused button) goes on with the task, not the demo's help.
    QTest.keyClick(bar.button, Qt.Key.Key_Space)
    app.wait(lambda: app.presenter.is_running, what="the follow-up to start")
    app.finish_turn(timeout=30)
    answer = app.presenter.transcript.assistant_text()
    assert "I'm the GNS3 demo Copilot" not in answer
    done = [c.name for c in app.presenter.transcript.tool_calls() if c.status.value == "done"]
    # 2 devices before; the other 4 with the limit doubled to 6, going on from where it
    # stopped (it began again from the topology, and stopped again, before).
    assert done.count("show_interface_status") == 2 + 4
    assert "Interface status" in answer
    assert not bar.isVisible() and app.limit_flags() == ["Tool call limit reached: 3 of 3 tool calls used."]


def test_tab_leaves_the_message_box_and_esc_stops_from_anywhere(paced):
    app = paced
    edit = app.window.composer.edit
    edit.setFocus()
    QTest.keyClick(edit, Qt.Key.Key_Tab)
    assert "\t" not in edit.toPlainText() and QApplication.focusWidget() is not edit
    app.demo.state.settings.faults = Faults(slow_tools_s=0.5)
    app.send("Configure OSPF on all routers")
    app.wait(lambda: bool(app.cards()), what="a first card")
    # Esc from the chat list, not the message box.
    app.window.sessions.list.setFocus()
    QTest.keyClick(app.window.sessions.list, Qt.Key.Key_Escape)
    assert app.window.banner.text().startswith("Stopping…")
    app.finish_turn(timeout=20)
    assert app.presenter.transcript.state.value == "aborted"


def test_after_stop_focus_is_back_in_the_message_box(paced):
    app = paced
    app.demo.state.settings.faults = Faults(slow_tools_s=0.5)
    app.send("Configure OSPF on all routers")
    app.wait(lambda: bool(app.cards()), what="a first card")
    stop = app.window.composer.stop_button
    stop.setFocus()
    QTest.keyClick(stop, Qt.Key.Key_Space)
    assert app.window.banner.text().startswith("Stopping…")
    app.finish_turn(timeout=20)
    assert QApplication.focusWidget() is app.window.composer.edit
    before = app.window.limits.iterations.value()
    QTest.keyClicks(QApplication.focusWidget(), "7")
    assert app.window.limits.iterations.value() == before and app.window.composer.edit.toPlainText() == "7"


def test_a_new_chat_puts_the_caret_in_the_message_box(paced):
    """Ctrl+N or New chat, then type: the question goes into the message box, never to
    a focused button (a space would press Sign out)."""
    app = paced
    for start_new in (lambda: QTest.keyClick(app.window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier),
                      app.window.sessions.new_button.click):
        app.window.sign_out_button.setFocus()
        start_new()
        app.settle(0.05)
        assert QApplication.focusWidget() is app.window.composer.edit
        QTest.keyClicks(QApplication.focusWidget(), "show ip ospf")
        assert app.window.composer.edit.toPlainText() == "show ip ospf" and app.presenter.client is not None
        app.window.composer.edit.clear()


def test_enter_and_space_open_a_chat_in_the_list(paced):
    app = paced
    first = finished_chat(app, "hello")
    app.presenter.new_chat()
    finished_chat(app, "Show me the topology")
    chats = app.window.sessions.list
    chats.setFocus()
    row = next(i for i in range(chats.count()) if chats.item(i).data(Qt.ItemDataRole.UserRole) == first)
    chats.setCurrentRow(row)
    QTest.keyClick(chats, Qt.Key.Key_Return)
    app.wait(lambda: app.presenter.session_id == first, what="Enter to open the chat")
    other = chats.item(1 - row).data(Qt.ItemDataRole.UserRole)
    chats.setCurrentRow(1 - row)
    QTest.keyClick(chats, Qt.Key.Key_Space)
    app.wait(lambda: app.presenter.session_id == other, what="Space to open the chat")
    assert app.window.windowTitle() == "Show me the topology — OSPF Lab — GNS3 Copilot Desktop"


def test_the_window_title_names_a_new_chat_once_it_has_its_first_question(app):
    app.sign_in_demo()
    app.choose("OSPF Lab")
    app.presenter.new_chat()
    assert app.window.windowTitle() == "New chat — OSPF Lab — GNS3 Copilot Desktop"
    finished_chat(app, "Check OSPF on all routers")
    app.wait(lambda: app.window.windowTitle().startswith("Check OSPF"), what="the title to name the chat")
    assert app.window.windowTitle() == "Check OSPF on all routers — OSPF Lab — GNS3 Copilot Desktop"


def test_another_chat_can_be_read_while_the_agent_works(paced):
    app = paced
    older = finished_chat(app, "hello")
    app.presenter.new_chat()
    app.send(INTERFACES)
    app.wait(lambda: app.presenter.session_id is not None and app.window.sessions.list.count() == 2, what="the new chat listed")
    running = app.presenter.session_id
    assert app.window.sessions.isEnabled() and app.window.projects.isEnabled()
    app.open_chat(older)
    assert app.presenter.is_running and "in another chat" in app.window.banner.text()
    assert not app.cards()  # the old chat ("hello") has no tool cards
    app.open_chat(running)
    app.wait(lambda: bool(app.cards()), what="the running chat, live again")
    app.finish_turn(timeout=30)
    assert "## Interface status" in app.presenter.transcript.assistant_text() or app.presenter.transcript.assistant_text()
    assert len(app.presenter.transcript.tool_calls()) >= 3


def test_each_chat_keeps_its_own_draft(paced):
    app = paced
    first = finished_chat(app, "hello")
    edit = app.window.composer.edit
    QTest.keyClicks(edit, "for the first chat")
    app.presenter.new_chat()
    assert edit.toPlainText() == ""
    QTest.keyClicks(edit, "for a new one")
    app.open_chat(first)
    assert edit.toPlainText() == "for the first chat"
    app.presenter.new_chat()
    assert edit.toPlainText() == "for a new one"
    app.choose("Sandbox")
    assert edit.toPlainText() == ""


def test_jump_to_latest_while_reading_further_up_during_a_stream(paced):
    app = paced
    app.send("Configure OSPF on all routers")
    chat = app.window.chat
    bar = chat.verticalScrollBar()
    app.wait(lambda: bar.maximum() > 200, timeout=20, what="a conversation longer than the view")
    bar.setValue(0)  # the user scrolls up to read
    app.wait(chat.jump.isVisible, timeout=20, what="Jump to latest")
    assert chat.viewport().geometry().contains(chat.jump.geometry())
    chat.jump.click()
    assert bar.value() == bar.maximum() and not chat.jump.isVisible()
    app.finish_turn(timeout=30)
    assert bar.value() == bar.maximum()  # it stayed with the newest text


def test_copy_an_answer_a_code_block_and_a_card_with_visible_feedback(paced):
    from PySide6.QtGui import QGuiApplication

    from gns3_copilot_desktop.ui.chat_parts import AssistantMessage

    app = paced
    app.demo.state.settings.pace_s = 0
    app.send("Configure OSPF on all routers")
    app.finish_turn()
    answer = [w for w in app.window.chat.widgets() if isinstance(w, AssistantMessage)][-1]
    answer.copy.click()
    assert QGuiApplication.clipboard().text().startswith("## OSPF configured") and answer.copy.text() == "Copied"
    app.wait(lambda: answer.copy.text() == "Copy answer", timeout=5, what="the button's own words back")
    app.window.chat.ensureWidgetVisible(answer)
    app.settle(0.2)
    from gns3_copilot_desktop.ui.markdown_block import MarkdownBlock

    coded = [b for b in answer.view.findChildren(MarkdownBlock) if b._code is not None and b._code.buttons]
    assert coded, "the answer's code block has a Copy button"
    button = coded[-1]._code.buttons[0]
    assert button.isVisible() and button.geometry().right() <= coded[-1].viewport().width()
    button.click()
    assert QGuiApplication.clipboard().text().startswith("router ospf 1") and button.text() == "Copied"
    card = app.cards()[0]
    card.copy.click()
    assert card.copy.text() == "Copied" and QGuiApplication.clipboard().text().startswith("get_project_topology")
