"""The window on a controller that ignores the limits (the reference controller behaving
like today's real Copilot): the app holds them, flags them truthfully live, and shows
the same when the chat is reopened; an answer cut by Stop is kept too."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt

from gns3_copilot_desktop.controller_sim.faults import Faults
from gns3_copilot_desktop.protocol.transcript import TurnState
from gns3_copilot_desktop.ui.chat_parts import AssistantMessage, NoticeLine

INTERFACES = "Check the interface status of all devices"


@pytest.fixture
def upstream_app(app):
    from gns3_copilot_desktop.controller_sim import DemoController

    controller = DemoController(behave="upstream", pace_s=0.01, heartbeat_s=0.2, ping_s=0.5).start()
    creds = controller.credentials
    assert app.run(app.presenter.sign_in(creds.url, creds.username, creds.password, remember=False))
    app.choose("OSPF Lab")
    app.upstream = controller
    yield app
    app.run(app.presenter.shutdown(), 10)
    controller.stop()


def seen(app) -> list[tuple[str, str]]:
    """The cards as a user reads them: kind and status line."""
    return [(c.kind, c.status.text()) for c in app.cards()]


def test_a_tool_call_limit_held_by_the_app_is_flagged_live_and_when_reopened(upstream_app):
    app = upstream_app
    panel = app.window.limits
    assert "this app" in app.window.connection.text()
    panel.unlimited.setChecked(False)
    panel.tool_calls.setValue(2)
    app.send(INTERFACES)
    app.finish_turn(30)
    live = seen(app)
    assert live == [("tool", "done"), ("tool", "done"), ("limit", "refused: tool-call limit (this app)")]
    assert app.cards()[2].limit_line.text().startswith("Tool call limit reached (2 calls).")  # the detail
    bar = app.window.chat.limit_bar
    assert bar.isVisible()
    notices = [w.label.text() for w in app.window.chat.widgets() if isinstance(w, NoticeLine)]
    assert notices == ["Tool call limit reached: 2 of 2 tool calls used (enforced by this app)."]
    session_id = app.presenter.session_id

    app.presenter.new_chat()
    app.open_chat(session_id)
    assert seen(app) == live
    assert [w.label.text() for w in app.window.chat.widgets() if isinstance(w, NoticeLine)] == notices
    assert app.window.chat.limit_bar.isVisible()
    # The record is plain data about the turn: no token, no password.
    stored = (app.config_dir / "turn-records.json").read_text(encoding="utf-8")
    creds = app.upstream.credentials
    assert creds.password not in stored and app.presenter.client.token not in stored
    assert json.loads(stored)["chats"]


def test_an_iteration_limit_held_by_the_app_is_flagged_live_and_when_reopened(upstream_app):
    app = upstream_app
    app.window.limits.iterations.setValue(2)
    app.send(INTERFACES)
    app.finish_turn(30)
    assert seen(app) == [("tool", "done"), ("limit", "refused: iteration limit (this app)")]
    bar_text = app.window.chat.limit_bar.label.text()
    assert app.limit_flags() == ["Iteration limit reached: 2 of 2 iterations used (enforced by this app)."]
    session_id = app.presenter.session_id
    app.presenter.new_chat()
    app.open_chat(session_id)
    assert app.window.chat.limit_bar.isVisible() and app.window.chat.limit_bar.label.text() == bar_text
    assert app.limit_flags() == ["Iteration limit reached: 2 of 2 iterations used (enforced by this app)."]


def test_an_answer_cut_by_stop_is_still_there_when_reopened(upstream_app):
    """The controller keeps only the question of a turn whose client hung up."""
    app = upstream_app
    app.upstream.state.settings.faults = Faults(slow_tools_s=8)  # a tool that outlasts the abort's grace
    app.send(INTERFACES)
    app.wait(lambda: any(c.status.text().endswith("running") for c in app.cards()), 20, "a tool running")
    app.press(app.window.composer.edit, Qt.Key.Key_Escape)
    app.finish_turn(20)
    t = app.presenter.transcript
    assert t.state == TurnState.ABORTED
    said = [w.view.text() for w in app.window.chat.widgets() if isinstance(w, AssistantMessage)]
    assert said and "list the devices first" in said[0]
    session_id = app.presenter.session_id
    app.upstream.state.settings.faults = Faults()
    stored = [m["role"] for s in app.upstream.state.sessions._sessions.values() for x in s.values()
              if x.thread_id == session_id for m in x.messages]
    assert stored == ["user"]  # the app hung up: the controller kept only the question

    app.presenter.new_chat()
    app.open_chat(session_id)
    assert [w.view.text() for w in app.window.chat.widgets() if isinstance(w, AssistantMessage)] == said
    assert any(isinstance(w, NoticeLine) and "you aborted" in w.label.text() for w in app.window.chat.widgets())
    assert len(app.cards()) >= 1


def test_a_chat_the_controller_never_titled_shows_its_first_question_and_date(upstream_app):
    """The real controller titles only turns that end normally: "New Conversation"
    tells nothing apart. Hung up on, this chat keeps that title on the controller."""
    app = upstream_app
    app.upstream.state.settings.faults = Faults(slow_tools_s=8)
    app.send(INTERFACES)
    app.wait(lambda: any(c.status.text().endswith("running") for c in app.cards()), 20, "a tool running")
    app.press(app.window.composer.edit, Qt.Key.Key_Escape)
    app.finish_turn(20)
    app.upstream.state.settings.faults = Faults()
    app.run(app.presenter.refresh_sessions())
    [session] = app.presenter.sessions
    assert session.title == "New Conversation"
    day = session.created_at[:10]
    shown = app.window.sessions.list
    assert shown.item(0).text().splitlines()[0].endswith(f"{INTERFACES} · {day}")

    # A window that did not see the turn reads the question from the chat's history.
    app.presenter._first_questions.clear()
    app.run(app.presenter.refresh_sessions())
    app.wait(lambda: shown.item(0).text().splitlines()[0].endswith(f"{INTERFACES} · {day}"), 10, "the first question as the title")


def test_more_limits_a_configuration_limit_is_held_flagged_and_kept_on_reopen(upstream_app):
    app = upstream_app
    more = app.window.limits.more
    assert not more.body.isVisible()  # the simple case stays simple
    more.toggle.click()
    assert more.body.isVisible()
    more.changes.setValue(1)
    assert app.presenter.limits.max_changes == 1  # saved for the project as the panel changes
    app.send("Configure OSPF on 4 routers")
    app.finish_turn(30)
    refused = [c for c in app.cards() if c.kind == "limit"]
    assert refused and all(c.status.text() == "refused: configuration limit (this app)" for c in refused)
    bar = app.window.chat.limit_bar
    assert bar.isVisible() and app.limit_flags() == ["Configuration limit reached: 0 of 1 changes made (enforced by this app)."]
    live = seen(app)
    session_id = app.presenter.session_id
    app.presenter.new_chat()
    app.open_chat(session_id)
    assert seen(app) == live and bar.isVisible()
    # Continue raises the limit that stopped the turn, and the panel shows it.
    bar.button.click()
    assert more.changes.value() == 2
    app.finish_turn(30)


def test_more_limits_are_sent_to_a_controller_that_knows_them(app):
    app.sign_in_demo()
    app.choose("OSPF Lab")
    more = app.window.limits.more
    more.toggle.click()
    more.minutes.setValue(5)
    more.tool_name.setEditText("ping")
    more.tool_max.setValue(2)
    more.add.click()
    assert more.per_tool.item(0).text() == "ping ≤ 2"
    app.send("Show me the topology")
    app.finish_turn()
    sent = app.demo.state.chat_requests[-1]
    assert sent["max_execution_time_seconds"] == 300 and sent["tool_limits"] == {"ping": 2}
    assert "max_config_changes" not in sent and "max_changes" not in sent
    # The tools this Copilot used are offered for a per-tool limit.
    offered = [more.tool_name.itemText(i) for i in range(more.tool_name.count())]
    assert "get_project_topology" in offered


def test_a_stop_the_controller_answers_in_time_is_still_the_users_stop(upstream_app):
    """The app holds the limits on this controller, but no limit was reached: the
    turn is the user's stop, said so live and kept for reopening."""
    app = upstream_app
    app.upstream.state.settings.faults = Faults(slow_tools_s=0.6)  # ends well within the grace
    app.send(INTERFACES)
    app.wait(lambda: any(c.status.text().endswith("running") for c in app.cards()), 20, "a tool running")
    app.press(app.window.composer.edit, Qt.Key.Key_Escape)
    app.finish_turn(20)
    t = app.presenter.transcript
    assert t.state == TurnState.ABORTED and t.limit_stop is None
    assert "Stopped: you aborted this turn." in [w.label.text() for w in app.window.chat.widgets() if isinstance(w, NoticeLine)]
    assert not app.window.chat.limit_bar.isVisible()
    assert not [c for c in app.cards() if c.kind == "limit"]
    session_id = app.presenter.session_id
    app.upstream.state.settings.faults = Faults()
    app.presenter.new_chat()
    app.open_chat(session_id)
    assert "Stopped: you aborted this turn." in [w.label.text() for w in app.window.chat.widgets() if isinstance(w, NoticeLine)]


def test_a_time_limit_held_by_the_app_is_flagged_live_and_when_reopened(upstream_app, monkeypatch):
    from gns3_copilot_desktop.presenter import turns

    monkeypatch.setattr(turns, "MINUTE_S", 1.0)  # a "minute" of one second, for the test
    app = upstream_app
    app.upstream.state.settings.faults = Faults(slow_tools_s=1.5)
    more = app.window.limits.more
    more.toggle.click()
    more.minutes.setValue(2)
    app.send(INTERFACES)
    app.finish_turn(30)
    bar = app.window.chat.limit_bar
    assert bar.isVisible() and app.limit_flags() == ["Time limit reached: 2 s (enforced by this app)."]
    live_bar, live = bar.label.text(), seen(app)
    session_id = app.presenter.session_id
    app.upstream.state.settings.faults = Faults()
    app.presenter.new_chat()
    app.run(app.presenter.open_session(session_id))
    app.wait(lambda: not app.window.chat.pending(), 10, "the reopened chat drawn")  # (in slices)
    assert bar.isVisible() and bar.label.text() == live_bar and seen(app) == live
    assert app.limit_flags() == ["Time limit reached: 2 s (enforced by this app)."]
