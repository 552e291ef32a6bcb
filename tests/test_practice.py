"""Fault-injection practice against the reference controller: the inject route breaks the
simulated lab (an OSPF area mismatch on R2 first), a normal chat finds the fault and, in
lab automation mode, fixes it; the practice screen in the real window keeps the solution
hidden until asked, and Stop calls the abort endpoint."""

from __future__ import annotations

import pytest
from conftest import run
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel
from demo_helpers import chat, project_id, signed_in

from gns3_copilot_desktop.client import LLMNotConfigured
from gns3_copilot_desktop.protocol import Transcript
from gns3_copilot_desktop.protocol.practice import RANDOM, InjectRequest, practice_message


async def inject(client, project, message=""):
    transcript = Transcript()
    transcript.begin_turn(message or "inject")
    async for event in client.stream_inject(project, InjectRequest(message=message)):
        transcript.apply(event)
    return transcript


def injected_calls(transcript):
    return [c.parsed_arguments for c in transcript.tool_calls() if c.name == "configure_interface"]


def test_an_empty_message_injects_the_area_mismatch_that_a_chat_then_finds_and_fixes(demo):
    async def go():
        async with await signed_in(demo) as client:
            project = await project_id(client)
            injected = await inject(client, project)
            _, broken = await chat(client, project, "Ping from PC1 to PC3")
            _, found = await chat(client, project, "Troubleshoot why PC1 cannot reach PC3")
            _, fixed = await chat(client, project, "Ping from PC1 to PC3")
            return injected, broken, found, fixed, await client.sessions(project)

    injected, broken, found, fixed, sessions = run(go())
    assert injected_calls(injected) == [{"device": "R2", "interface": "GigabitEthernet0/2", "area": 1}]
    assert "### Solution" in injected.items[-1].text and "OSPF area mismatch" in injected.items[-1].text
    assert "failed" in broken.items[-1].text  # the symptom
    assert "OSPF area mismatch" in found.items[-1].text and found.tool_calls()[-1].name == "ping"
    assert "Ping PC1 → PC4: success" in found.items[-1].text
    assert str(fixed.tool_calls()[-1].output).count('"success": true') == 1  # the user's own ping works
    modes = {s.title: s.metadata["copilot_mode"] for s in sessions}
    assert modes["Inject a network fault for troubleshooting prac…"] == "troubleshooting_injection"


def test_teaching_mode_explains_the_faults_without_fixing_them(demo):
    async def go():
        async with await signed_in(demo) as client:
            project = await project_id(client)
            await inject(client, project, practice_message(3))
            default = next(c for c in demo.state.llm.configs.values() if c.name == "Demo script")
            default.config["copilot_mode"] = "teaching_assistant"
            _, explained = await chat(client, project, "troubleshoot the lab")
            _, still = await chat(client, project, "Ping from PC1 to PC3")
            return explained, still

    explained, still = run(go())
    text = explained.items[-1].text
    assert "`no shutdown`" in text and "area 0" in text and "10.1.12.1/30" in text  # three faults, three fixes
    assert all(c.name != "configure_interface" for c in explained.tool_calls())
    assert "failed" in still.items[-1].text


def test_random_picks_one_to_three_faults_and_no_llm_means_the_chats_400(demo):
    async def go():
        async with await signed_in(demo) as client:
            project = await project_id(client)
            counted = len(injected_calls(await inject(client, project, practice_message(RANDOM))))
            demo.state.llm.configs.clear()
            with pytest.raises(LLMNotConfigured):
                await inject(client, project)
            return counted

    assert 1 <= run(go()) <= 3


# -- the window --------------------------------------------------------------------


def test_practice_shows_progress_hides_the_solution_and_hands_over_to_a_chat(app):
    app.sign_in_demo()
    app.choose("OSPF Lab")
    app.demo.state.settings.pace_s = 0.01  # a realistic pace: progress is seen as it goes
    dialog = app.window.companion.open_practice()
    dialog.choices.button(2).setChecked(True)
    seen = []
    app.presenter.practice_changed.connect(lambda _t: seen.append(dialog.status.text()))
    dialog.start_button.click()
    app.wait(lambda: not app.presenter.is_practising and "Ready" in dialog.status.text(), 30, "the exercise")
    assert any(text.startswith("The Copilot is preparing the exercise: step") for text in seen)
    assert dialog.solution_view is None and dialog.reveal_button.isVisible()
    assert "R2" not in dialog.status.text()  # nothing given away
    dialog.reveal_button.click()
    answer = dialog.solution_view.widgets()[-1]
    assert "OSPF area mismatch" in answer.view.text() and "R3 GigabitEthernet0/2" in answer.view.text()
    dialog.troubleshoot_button.click()
    assert app.window.composer.edit.toPlainText() == "Troubleshoot why PC1 cannot reach the other LAN"
    assert app.presenter.session_id is None  # a new chat
    dialog.close()
    app.press(app.window.composer.edit, Qt.Key.Key_Return)
    app.finish_turn(30)
    assert "## Fixed" in app.presenter.transcript.items[-1].text
    assert "Ping PC1 → PC4: success" in app.presenter.transcript.items[-1].text


def test_stop_calls_the_abort_endpoint(app):
    app.sign_in_demo()
    app.choose("OSPF Lab")
    app.demo.state.settings.pace_s = 0.05  # tools take 0.75 s each: time to stop
    dialog = app.window.companion.open_practice()
    dialog.start_button.click()
    app.wait(lambda: app.presenter.practice_transcript.session_id is not None
             and app.presenter.practice_transcript.tool_calls_executed >= 1, 20, "the first tool")
    assert dialog.stop_button.isVisible()
    dialog.stop_button.click()
    app.wait(lambda: not app.presenter.is_practising, 20, "the stop")
    assert app.demo.state.abort_requests == [app.presenter.practice_transcript.session_id]
    assert dialog.status.text().startswith("Stopped")
    assert dialog.reveal_button.isVisible()


def list_texts(app) -> list[str]:
    chats = app.window.sessions.list
    return [chats.item(row).text() + "\n" + chats.item(row).toolTip() for row in range(chats.count())]


def exercise_ready(app, faults: int = 1):
    app.sign_in_demo()
    app.choose("OSPF Lab")
    dialog = app.window.companion.open_practice()
    dialog.choices.button(faults).setChecked(True)
    dialog.start_button.click()
    app.wait(lambda: not app.presenter.is_practising and "Ready" in dialog.status.text(), 30, "the exercise")
    session_id = app.presenter.practice_transcript.session_id
    app.wait(lambda: any(s.thread_id == session_id for s in app.presenter.sessions), 10, "the exercise's chat listed")
    return dialog, session_id


def test_the_exercise_chat_gives_nothing_away_until_the_solution_is_revealed(app):
    dialog, session_id = exercise_ready(app)
    dialog.close()
    # The list: the exercise is there, but neither its title nor its first words say what broke.
    texts = list_texts(app)
    assert len(texts) == 1 and "Exercise (solution hidden)" in texts[0]
    assert not any(word in texts[0] for word in ("mismatch", "R2", "Solution", "Inject"))
    # Search: nothing of it, neither by what it broke nor by its title.
    for query in ("mismatch", "GigabitEthernet0/2", "Inject", "exercise"):
        assert app.run(app.presenter.search_chats(query)) == [], query
    # Choosing it asks first; Cancel keeps the chat on screen and shows nothing.
    app.run(app.presenter.open_session(session_id))
    box = app.window.companion.reveal_box
    assert box is not None and box.isVisible() and app.presenter.session_id is None
    assert not app.window.chat.widgets()
    box.button(box.StandardButton.Cancel).click()
    assert app.presenter.session_id is None
    # Export cannot reach it either (the settings file only says "hidden").
    saved = (app.config_dir / "settings.json").read_text(encoding="utf-8")
    assert "mismatch" not in saved and session_id in saved
    # Revealed on request: then it is a chat like any other.
    app.run(app.presenter.open_session(session_id))
    app.window.companion.reveal_box.reveal_button.click()
    app.wait(lambda: app.presenter.session_id == session_id and not app.window.chat.pending(), 10, "the revealed chat")
    assert "OSPF area mismatch" in app.presenter.transcript.items[-1].text
    assert "solution hidden" not in list_texts(app)[0]
    assert [h.session_id for h in app.run(app.presenter.search_chats("mismatch"))] == [session_id]


def test_reveal_in_the_practice_screen_shows_the_chat_in_the_list(app):
    dialog, session_id = exercise_ready(app)
    assert "solution hidden" in list_texts(app)[0]
    dialog.reveal_button.click()
    assert "solution hidden" not in list_texts(app)[0]
    assert app.run(app.presenter.search_chats("mismatch"))[0].session_id == session_id


def test_search_snippets_read_as_plain_text_not_markdown(app):
    _dialog, _session = exercise_ready(app)
    app.window.companion.practice_dialog.close()
    app.send("Troubleshoot why PC1 cannot reach PC3")  # a normal chat: it finds the fault
    app.finish_turn(30)
    found = app.presenter.session_id
    hits = app.run(app.presenter.search_chats("area mismatch"))
    assert [h.session_id for h in hits] == [found]
    assert "OSPF area mismatch" in hits[0].snippet
    assert not any(mark in hits[0].snippet for mark in ("**", "##", "`", "- OSPF"))


def blank_below(view) -> int:
    """Empty height at the bottom of the solution's view (its content is drawn top down)."""
    drawn = view.widgets()
    bottom = max(w.mapTo(view.viewport(), w.rect().bottomLeft()).y() for w in drawn)
    return view.viewport().height() - bottom


def test_the_practice_screen_closes_with_close_or_esc_and_fits_its_solution(app):
    app.sign_in_demo()
    app.choose("OSPF Lab")
    dialog = app.window.companion.open_practice()
    # A short account (the exercise could not be prepared): the screen does not stay tall.
    demo_configs = dict(app.demo.state.llm.configs)
    app.demo.state.llm.configs.clear()
    dialog.start_button.click()
    app.wait(lambda: not app.presenter.is_practising and dialog.reveal_button.isVisible(), 20, "the failure")
    app.demo.state.llm.configs.update(demo_configs)
    dialog.reveal_button.click()
    view = dialog.solution_view
    app.wait(lambda: not view.pending(), 10, "the solution drawn")
    app.settle(0.3)
    assert any("LLM configuration not found" in label.text() for label in view.findChildren(QLabel))
    assert blank_below(view) < 60 and view.verticalScrollBar().maximum() == 0
    # A new exercise hides it again, and the screen is its own size again.
    app.demo.state.settings.pace_s = 0
    dialog.start_button.click()
    app.wait(lambda: not app.presenter.is_practising and "Ready" in dialog.status.text(), 30, "the exercise")
    close = dialog.close_buttons.buttons()[0]
    app.settle(0.1)
    assert not view.isVisible() and dialog.height() < 400
    below_close = dialog.height() - close.mapTo(dialog, close.rect().bottomLeft()).y()
    assert below_close < 30  # no blank space left where the solution was
    # Close, and Esc.
    assert close.text() == "Close" and close.isVisible()
    close.click()
    assert not dialog.isVisible()
    dialog = app.window.companion.open_practice()
    assert dialog.isVisible()
    app.press(dialog, Qt.Key.Key_Escape)
    assert not dialog.isVisible()


def test_the_injection_runs_under_the_users_limits_and_says_when_one_stops_it(app):
    app.sign_in_demo()
    app.choose("OSPF Lab")
    panel = app.window.limits
    panel.unlimited.setChecked(False)
    panel.tool_calls.setValue(3)  # the exercise needs 6: topology, OSPF on 4 routers, the fault
    dialog = app.window.companion.open_practice()
    assert "runtime limits" in dialog.limits_line.text() and "3" in dialog.limits_line.text()
    dialog.start_button.click()
    app.wait(lambda: not app.presenter.is_practising and dialog.reveal_button.isVisible(), 20, "the stop")
    sent = app.demo.state.chat_requests[-1]
    assert sent.get("max_tool_calls") == 3  # the controller is told (the demo enforces it)
    text = dialog.status.text()
    assert text.startswith("Stopped by a runtime limit") and "Tool call limit: 1 of 3 tool calls ran; the next " in text
    assert app.presenter.practice_transcript.tool_calls_executed <= 3
    assert not dialog.troubleshoot_button.isVisible()  # not "Ready": the fault may not be in


def test_the_injection_holds_the_limits_itself_where_the_controller_does_not(app):
    """Like the real Copilot (it ignores the limits in the body): this app stops it."""
    from gns3_copilot_desktop.controller_sim import DemoController

    upstream = DemoController(behave="upstream", pace_s=0.01, heartbeat_s=0.2, ping_s=0.5).start()
    try:
        creds = upstream.credentials
        assert app.run(app.presenter.sign_in(creds.url, creds.username, creds.password, remember=False))
        app.choose("OSPF Lab")
        assert "this app" in app.window.connection.text()
        app.window.limits.iterations.setValue(2)
        dialog = app.window.companion.open_practice()
        dialog.start_button.click()
        app.wait(lambda: not app.presenter.is_practising and dialog.reveal_button.isVisible(), 20, "the stop")
        text = dialog.status.text()
        assert text.startswith("Stopped by a runtime limit") and "Iteration limit reached: 2 of 2" in text, text
        assert upstream.state.abort_requests == [app.presenter.practice_transcript.session_id]
    finally:
        app.run(app.presenter.shutdown(), 10)
        upstream.stop()
