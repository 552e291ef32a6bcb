"""The chat in the real window against the reference controller: streamed turns with
tool cards, the limits panel, limit-reached flags live and from history, continue with
higher limits, stop, a dropped stream, projects that must be opened."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from gns3_copilot_desktop.controller_sim.faults import Faults
from gns3_copilot_desktop.protocol.transcript import ToolStatus, TurnState
from gns3_copilot_desktop.ui.chat_parts import AssistantMessage, NoticeLine, UserBubble

INTERFACES = "Check the interface status of all devices"


def ready(app, project: str = "OSPF Lab") -> str:
    app.sign_in_demo()
    return app.choose(project)


def tool_call_limit(app, calls: int):
    """Set the limits panel's tool calls to `calls`, as a person does; the panel."""
    panel = app.window.limits
    panel.unlimited.setChecked(False)
    panel.tool_calls.setValue(calls)
    return panel


def test_a_streamed_turn_shows_text_and_tool_cards(app):
    ready(app)
    assert app.window.composer.send_button.isEnabled()
    banners = []
    app.presenter.transcript_changed.connect(
        lambda _: banners.append(app.window.banner.text() if app.window.banner.isVisible() else "")
    )
    app.send(INTERFACES)
    assert app.window.composer.edit.toPlainText() == ""  # sent: the box is cleared
    app.finish_turn()
    assert "Copilot is working · iteration 8/20 · tool calls 7" in banners
    cards = app.cards()
    assert len(cards) == 7 and all(c.kind == "tool" and c.status.text() == "done" for c in cards)
    assert cards[1].name.text() == "show_interface_status" and '"R1"' in cards[1].arguments.text()
    assert cards[0].show_all.isVisible() and cards[0].show_all.text().startswith("Show all (")
    widgets = app.window.chat.widgets()
    assert isinstance(widgets[0], UserBubble) and widgets[0].label.text() == INTERFACES
    answer = [w for w in widgets if isinstance(w, AssistantMessage)][-1]
    assert "Interface status" in answer.view.text()
    assert not app.window.banner.isVisible()
    # The chat appears in the list with the question as its title.
    app.wait(lambda: app.window.sessions.list.count() == 1, what="the new chat in the list")
    assert app.window.sessions.list.item(0).text() == f"{INTERFACES}\nLab automation · 16 messages · just now"


def test_a_turn_moves_nothing_on_screen(app):
    """The turn's status comes and goes in a place kept for it, beside Stop: shown at
    the top, it pushed the header, the conversation and its text down at each question
    and back up at its end, under the pointer of someone about to click in them."""
    ready(app)
    window = app.window

    def places() -> dict[str, tuple[int, int, int, int]]:
        app.lay_out()
        found = {}
        for name, widget in (("header", window.chat_header), ("conversation", window.chat), ("message box", window.composer)):
            at = widget.mapTo(window, QPoint(0, 0))
            found[name] = (at.x(), at.y(), widget.width(), widget.height())
        return found

    window.resize(1024, 700)
    app.settle()
    before = places()
    app.demo.state.settings.faults = Faults(slow_tools_s=0.5)  # a turn that lasts
    app.send(INTERFACES)
    app.wait(lambda: bool(app.cards()), what="a first card")
    assert window.banner.isVisible() and window.banner.text().startswith("Copilot is working")
    # Beside the message box, where the eyes are while an answer streams in.
    assert window.banner.geometry().bottom() < window.composer.geometry().top()
    assert window.banner.geometry().top() > window.chat.geometry().bottom()
    assert places() == before
    window.composer.stop_button.click()
    app.finish_turn()
    # The chat's figures come with the chat list, after the turn: on one line at 1024
    # px (with the date and time in it, they took two, and the header grew).
    app.wait(lambda: "last message" in window.chat_header.stats.text(), what="the chat's figures")
    app.settle()
    assert "tokens in" in window.chat_header.stats.text()
    assert not window.banner.isVisible() and places() == before


def test_the_status_wrapped_in_a_narrow_window_leaves_one_line_kept(app):
    """In a narrow window the turn's status wraps (it must not widen the window); once
    the turn is over, the place kept for it is one line again, not the two it said last."""
    ready(app)
    window = app.window
    window.resize(600, 700)  # (as narrow as the window goes)
    app.settle()
    width = window.width()
    app.demo.state.settings.faults = Faults(slow_tools_s=0.3)
    app.send(INTERFACES)
    line = window.banner.fontMetrics().lineSpacing()

    def laid_out() -> int:
        app.lay_out()
        return window.banner.height()

    app.wait(lambda: window.banner.isVisible() and laid_out() > line * 2, what="the status on two lines")
    assert window.width() == width
    app.finish_turn()
    app.settle()
    assert not window.banner.isVisible() and 0 < laid_out() < line * 2


def test_a_batch_refused_in_the_same_words_says_them_once(app):
    """Four calls asked at once past the limit: each card says it was refused, and the
    controller's sentence (the same for all four) is shown on the first card only."""
    ready(app)
    tool_call_limit(app, 3)
    app.send("Configure OSPF on all routers")
    app.finish_turn()
    refused = [c for c in app.cards() if c.kind == "limit"]
    assert len(refused) >= 2 and all(c.status.text() == "refused: tool-call limit" for c in refused)
    sentence = refused[0].limit_line.text()
    assert sentence.startswith("Tool call limit reached (3 calls).") and refused[0].limit_line.isVisible()
    assert all(c.limit_line.text() == sentence and not c.limit_line.isVisible() for c in refused[1:])
    # The same from the controller's history.
    session_id = app.presenter.session_id
    app.presenter.new_chat()
    app.open_chat(session_id)
    shown = [c.limit_line.isVisible() for c in app.cards() if c.kind == "limit"]
    assert shown == [True] + [False] * (len(refused) - 1)

    # Find finds the sentence where it shows, once (it found none: a refused card's words
    # were not among what Find looks in).
    from test_ui_find import open_find, selections

    first = [c for c in app.cards() if c.kind == "limit"][0]
    find = open_find(app)
    find.box.setText("simplify your request")
    app.wait(lambda: bool(selections(app.window.chat)), what="the sentence selected")
    assert find.count.text() == "1 of 1"
    assert selections(app.window.chat) == [(first.limit_line, "simplify your request", sentence.index("simplify"))]


def test_show_all_expands_a_long_result(app):
    ready(app)
    app.send("Show me the topology")
    app.finish_turn()
    card = app.cards()[0]
    collapsed = card.shown_output().count("\n")
    assert collapsed == 11  # twelve lines
    card.show_all.click()
    assert card.shown_output().count("\n") > collapsed and card.show_all.text() == "Show less"
    card.show_all.click()
    assert card.shown_output().count("\n") == collapsed


def test_a_result_can_be_selected_with_the_mouse(app):
    ready(app)
    app.send("Show me the topology")
    app.finish_turn()
    preview = app.cards()[0].preview
    app.window.chat.ensureWidgetVisible(preview)
    app.settle()
    QTest.mouseMove(app.window, QPoint(1, 1))  # the pointer comes from elsewhere...
    QTest.mouseMove(preview, preview.rect().center())  # ...over the result
    app.wait(lambda: bool(preview.textInteractionFlags() & Qt.TextInteractionFlag.TextSelectableByMouse), 2, "a selectable result")
    start, end = preview.rect().topLeft() + QPoint(8, 8), preview.rect().center()
    QTest.mousePress(preview, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    QTest.mouseMove(preview, end)
    QTest.mouseRelease(preview, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)
    selected = preview.selectedText().replace("\u2029", "\n")  # Qt's paragraph separator
    assert preview.hasSelectedText() and '"project_id"' in selected and selected in preview.text()


def test_limits_are_sent_as_set_in_the_panel(app):
    ready(app)
    panel = app.window.limits
    panel.iterations.setValue(7)
    panel.unlimited.setChecked(False)
    panel.tool_calls.setValue(12)
    app.send("hello")
    app.finish_turn()
    panel.unlimited.setChecked(True)
    app.send("hello again")
    app.finish_turn()
    first, second = app.demo.state.chat_requests[-2:]
    assert (first["max_iterations"], first["max_tool_calls"]) == (7, 12)
    assert second["max_iterations"] == 7 and "max_tool_calls" not in second  # unlimited: not sent
    assert second["session_id"] == first.get("session_id") or second["session_id"]
    assert panel.enforcement.text() == "Limits enforced by the controller."


def test_limit_reached_is_flagged_live_and_from_history_and_continue_raises_it(app):
    ready(app)
    panel = tool_call_limit(app, 3)
    app.send(INTERFACES)
    app.finish_turn()
    cards = app.cards()
    assert [c.kind for c in cards] == ["tool"] * 3 + ["limit"]
    # The refused card says the controller's own words; the turn has one flag, under it.
    assert cards[3].limit_line.isVisible() and cards[3].limit_line.text().startswith("Tool call limit reached (3 calls).")
    assert cards[3].status.text() == "refused: tool-call limit"
    assert app.limit_flags() == ["Tool call limit reached: 3 of 3 tool calls used."]
    bar = app.window.chat.limit_bar
    assert bar.isVisible() and "up to 20 iterations and 6 tool calls" in bar.label.text()
    assert not [w for w in app.window.chat.widgets() if isinstance(w, NoticeLine) and w.kind == "error"]
    session_id = app.presenter.session_id

    # Loaded again from the controller's history: still flagged.
    app.presenter.new_chat()
    assert app.window.chat.widgets() == []
    app.open_chat(session_id)
    assert [c.kind for c in app.cards()] == ["tool"] * 3 + ["limit"]
    assert app.limit_flags() == ["Tool call limit reached: 3 of 3 tool calls used."]

    # Continue with higher limits: the panel shows them, the follow-up goes to the same chat.
    app.window.chat.limit_bar.button.click()
    assert panel.tool_calls.value() == 6 and not panel.unlimited.isChecked()
    app.finish_turn()
    last = app.demo.state.chat_requests[-1]
    assert last["session_id"] == session_id and last["max_tool_calls"] == 6


def test_a_limit_stop_is_one_box_with_the_way_on(app):
    """The stop's flag and "Continue with higher limits" were two amber boxes, one above
    the other, the first saying the stop and the second that it was a stop: one box now,
    the flag's words first. Once the chat goes on, the flag is back in its place, above
    the next question. Find finds the words where they show."""
    from PySide6.QtWidgets import QLabel, QWidget
    from test_ui_find import open_find, selections

    ready(app)
    tool_call_limit(app, 3)
    app.send(INTERFACES)
    app.finish_turn()
    chat = app.window.chat
    flag = "Tool call limit reached: 3 of 3 tool calls used."
    bar = chat.limit_bar
    boxes = [w for w in chat.widget().findChildren(QWidget) if w.isVisible() and getattr(w, "kind", "") == "limit"
             and not hasattr(w, "limit_line")]  # (the refused card is a box of its own)
    assert boxes == [bar]
    assert bar.heading.isVisible() and bar.heading.text() == flag
    assert [w.text() for w in chat.widget().findChildren(QLabel) if w.isVisible() and w.text() == flag] == [flag]
    assert bar.heading.geometry().bottom() < bar.label.geometry().top() < bar.button.geometry().top()

    find = open_find(app)
    find.box.setText("3 of 3 tool calls")
    app.wait(lambda: bool(selections(chat)), what="the flag's words selected")
    assert selections(chat) == [(bar.heading, "3 of 3 tool calls", flag.index("3 of 3"))]
    find.hide_bar()

    def one_box() -> bool:
        flags = [w for w in chat.widgets() if isinstance(w, NoticeLine) and w.kind == "limit" and w.isVisible()]
        return not flags and bar.isVisible() and bar.heading.isVisible() and bar.heading.text() == flag

    # Reopened from the controller's history, and come back to from another chat: the same.
    session_id = app.presenter.session_id
    app.presenter.new_chat()
    app.open_chat(session_id)
    assert one_box()

    app.window.chat.limit_bar.button.click()  # Continue: the chat goes on
    app.finish_turn()
    flags = [w for w in chat.widgets() if isinstance(w, NoticeLine) and w.kind == "limit"]
    assert flags and flags[0].isVisible() and flags[0].label.text() == flag
    assert not bar.isVisible() or bar.heading.text() != flag


def test_iteration_limit_says_so(app):
    ready(app)
    app.window.limits.iterations.setValue(1)
    app.send("Show me the topology")
    app.finish_turn()
    t = app.presenter.transcript
    assert t.limit_stop.kind == "iterations"
    assert app.limit_flags() == ["Iteration limit reached: 1 of 1 iterations used."]
    assert app.window.chat.limit_bar.isVisible()
    assert app.cards()[0].status.text() == "did not run"


def test_stop_aborts_the_running_turn(app):
    ready(app)
    app.demo.state.settings.faults = Faults(slow_tools_s=0.5)
    app.send("Configure OSPF on all routers")
    app.wait(
        lambda: any(c.name.text() == "configure_ospf" and c.status.text().endswith("running") for c in app.cards()),
        what="a configure_ospf call running",
    )
    assert app.window.composer.stop_button.isVisible() and not app.window.composer.send_button.isVisible()
    app.press(app.window.composer.edit, Qt.Key.Key_Escape)
    app.finish_turn()
    t = app.presenter.transcript
    assert t.state == TurnState.ABORTED
    assert ToolStatus.ABORTED in [c.status for c in t.tool_calls()]
    assert any(isinstance(w, NoticeLine) and "you aborted" in w.label.text() for w in app.window.chat.widgets())
    assert app.window.composer.send_button.isVisible()


def test_a_dropped_stream_keeps_the_partial_answer(app):
    ready(app)
    app.demo.state.settings.faults = Faults(drop_after=3)
    app.send("Show me the topology")
    app.finish_turn()
    t = app.presenter.transcript
    assert t.state == TurnState.INTERRUPTED and t.assistant_text() == "Let me read the project's topology."
    notice = [w for w in app.window.chat.widgets() if isinstance(w, NoticeLine)][-1]
    assert "connection" in notice.label.text() and "kept" in notice.label.text()


def test_a_failed_send_gives_the_text_back(app):
    ready(app)
    app.demo.state.settings.faults = Faults(http_500=True)
    app.send("Show me the topology")
    app.finish_turn()
    assert app.window.composer.edit.toPlainText() == "Show me the topology"
    errors = [w for w in app.window.chat.widgets() if isinstance(w, NoticeLine) and w.kind == "error"]
    assert errors and "HTTP 500" in errors[0].label.text()
    # Said once, in the chat: not again in the alert or the status bar.
    assert len(errors) == 1
    assert not (app.window.alert.isVisible() and "HTTP 500" in app.window.alert.text())
    assert "HTTP 500" not in app.window.statusBar().currentMessage()


def test_shift_enter_is_a_new_line_and_blank_text_is_not_sent(app):
    ready(app)
    edit = app.window.composer.edit
    QTest.keyClicks(edit, "line one")
    app.press(edit, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    edit.insertPlainText("第二行")  # typed through an input method
    assert edit.toPlainText() == "line one\n第二行" and not app.presenter.is_running
    edit.setPlainText("   ")
    app.press(edit, Qt.Key.Key_Return)
    assert not app.presenter.is_running and app.demo.state.chat_requests == []


def test_a_closed_project_must_be_opened_first(app):
    app.sign_in_demo()
    app.choose("校园网 Campus Network")
    picker = app.window.projects
    assert picker.open_button.isVisible() and not app.window.composer.send_button.isEnabled()
    picker.open_button.click()
    app.wait(lambda: app.presenter.project is not None and app.presenter.project.is_opened, what="the project to open")
    assert not picker.open_button.isVisible() and app.window.composer.send_button.isEnabled()
    app.send("显示拓扑")
    app.finish_turn()
    assert "## 拓扑" in app.presenter.transcript.assistant_text()


def test_the_picker_follows_projects_opened_elsewhere(app):
    app.sign_in_demo()
    app.choose("Sandbox")
    state = app.demo.state
    sandbox = next(p for p in state.projects.values() if p.name == "Sandbox")
    # Opened in the GNS3 GUI, i.e. by another client of the controller.
    import httpx

    token = app.presenter.client.token
    httpx.post(f"{app.demo.url}/v3/projects/{sandbox.project_id}/open", headers={"Authorization": f"Bearer {token}"})
    app.wait(lambda: app.presenter.project.is_opened, timeout=8, what="the notification")
    assert not app.window.projects.open_button.isVisible()


def test_sessions_rename_pin_delete_from_the_list(app):
    ready(app)
    app.send("hello")
    app.finish_turn()
    app.presenter.new_chat()
    app.send("Show me the topology")
    app.finish_turn()
    sessions = app.window.sessions
    app.wait(lambda: sessions.list.count() == 2, what="both chats in the list")  # refreshed after the turn
    older = app.presenter.sessions[1].thread_id
    sessions.pin_requested.emit(older, True)
    app.wait(lambda: app.presenter.sessions[0].thread_id == older, what="the pinned chat first")
    pinned = sessions.list.item(0)
    # The app's own pin icon (no emoji font needed), and a screen reader hears "pinned".
    assert not pinned.icon().isNull() and "📌" not in pinned.text()
    assert pinned.data(Qt.ItemDataRole.AccessibleTextRole).endswith("(pinned)")
    dialog = sessions.ask_rename(older)
    dialog.setTextValue("OSPF 实验")
    dialog.accept()
    app.wait(lambda: "OSPF 实验" in sessions.list.item(0).text(), what="the new title")
    box = sessions.ask_delete(older)
    box.delete_button.click()
    app.wait(lambda: sessions.list.count() == 1, what="the chat to go")
    assert app.presenter.sessions[0].title == "Show me the topology"


def test_a_batch_that_does_not_fit_is_said_and_continue_makes_room_for_it(app):
    """The model asks for the routers' configuration all at once, with one call left: the
    stop says none of them ran and why. Continue raises the limit at least to that batch
    (the continued turn counts afresh: doubling 1 to 2 would stop it again at once), and
    the continued turn, which has the topology already, runs the batch."""
    ready(app)
    panel = tool_call_limit(app, 2)
    app.send("Configure OSPF on all routers")
    app.finish_turn()
    refused = app.presenter.transcript.refused_by_limit
    assert refused >= 4, "the batch of the routers' configuration"
    bar = app.window.chat.limit_bar
    assert bar.isVisible() and app.limit_flags() == [
        f"Tool call limit: 1 of 2 tool calls ran; the next {refused}, asked for at once, would have gone past it, "
        "so none of them ran."]
    bar.button.click()
    assert panel.tool_calls.value() == refused
    app.finish_turn()
    assert app.demo.state.chat_requests[-1]["max_tool_calls"] == refused
    configured = [c for c in app.presenter.transcript.tool_calls() if c.name == "configure_ospf" and c.status.value == "done"]
    assert len(configured) == refused
