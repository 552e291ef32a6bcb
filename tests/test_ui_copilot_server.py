"""The real window against the REAL GNS3 Copilot server (with a scripted model): the
limits held by this app, flagged live and the same when the chat is reopened, and an
answer cut by Stop kept though the server keeps only the question."""

from __future__ import annotations

import pytest
from copilot_fixtures import lookups
from PySide6.QtCore import Qt
from scripted_llm import Text

from gns3_copilot_desktop.protocol.transcript import TurnState
from gns3_copilot_desktop.ui.chat_parts import AssistantMessage, NoticeLine

pytestmark = [pytest.mark.copilot_server, pytest.mark.timeout(600)]


@pytest.fixture
def window_on_copilot(app, copilot_chat):
    assert app.run(app.presenter.sign_in(copilot_chat.url, copilot_chat.username, copilot_chat.password, remember=False), 30)
    app.run(app.presenter.choose_project(copilot_chat.project_id), 30)
    assert app.presenter.capabilities.limits_enforced_by == "app"
    app.chat = copilot_chat
    yield app
    app.run(app.presenter.shutdown(), 10)


def seen(app) -> list[tuple[str, str]]:
    return [(c.kind, c.status.text()) for c in app.cards()]


def notices(app) -> list[str]:
    return [w.label.text() for w in app.window.chat.widgets() if isinstance(w, NoticeLine)]


def test_a_tool_call_limit_on_the_real_copilot_live_and_reopened(window_on_copilot):
    app = window_on_copilot
    app.chat.llm.script = [lookups(1) for _ in range(4)] + [Text("never")]
    app.window.limits.unlimited.setChecked(False)
    app.window.limits.tool_calls.setValue(2)
    app.send("Check the lab")
    app.finish_turn(60)
    live = seen(app)
    assert live == [("tool", "done"), ("tool", "done"), ("limit", "refused: tool-call limit (this app)")]
    assert notices(app) == ["Tool call limit reached: 2 of 2 tool calls used (enforced by this app)."]
    bar = app.window.chat.limit_bar
    assert bar.isVisible()  # the way on; the flag is the one notice above
    assert len([r for r in app.chat.llm.agent_requests if r.tools]) == 3  # no fourth call

    session_id = app.presenter.session_id
    app.presenter.new_chat()
    app.open_chat(session_id, 30)
    assert seen(app) == live
    assert notices(app) == ["Tool call limit reached: 2 of 2 tool calls used (enforced by this app)."]
    assert bar.isVisible()


def test_continue_after_a_tool_call_stop_on_the_real_copilot_goes_on(window_on_copilot):
    """The try-out's defect: Continue raised the tool calls only, and the continued turn
    was stopped by the iteration limit it had used up. At a model's pace."""
    app = window_on_copilot
    panel = app.window.limits
    panel.iterations.setValue(4)
    panel.unlimited.setChecked(False)
    panel.tool_calls.setValue(2)
    app.chat.llm.script = [lookups(1) for _ in range(3)]
    app.send("Check the lab")
    app.finish_turn(60)
    assert notices(app) == ["Tool call limit reached: 2 of 2 tool calls used (enforced by this app)."]
    bar = app.window.chat.limit_bar
    assert "up to 8 iterations and 4 tool calls" in bar.label.text()

    # The continued turn redoes the refused lookup and goes on: five model calls.
    app.chat.llm.script = [lookups(1) for _ in range(4)] + [Text("All four lookups are done.")]
    bar.button.click()
    app.finish_turn(60)
    t = app.presenter.transcript
    assert t.limit_stop is None, notices(app)
    assert [c.status.text() for c in app.cards()][-4:] == ["done"] * 4
    said = "Continuing with up to 8 iterations and 4 tool calls."
    bubbles = [w for w in app.window.chat.widgets() if w.__class__.__name__ == "UserBubble"]
    assert bubbles[-1].note.text() == said

    session_id = app.presenter.session_id
    app.presenter.new_chat()
    app.open_chat(session_id, 30)
    bubbles = [w for w in app.window.chat.widgets() if w.__class__.__name__ == "UserBubble"]
    assert [b.note.text() for b in bubbles] == ["", said]
    assert notices(app) == ["Tool call limit reached: 2 of 2 tool calls used (enforced by this app)."]


def test_an_answer_cut_by_stop_is_there_when_reopened(window_on_copilot):
    """The real server does not cut an answer being written when asked to abort; the
    app hangs up after its grace period, and the server then keeps only the question."""
    app = window_on_copilot
    app.chat.llm.pace_s = 0.05
    app.chat.llm.script = [Text("Let me look at every device of this lab in turn. " * 40)]
    app.send("Describe the lab")
    app.wait(lambda: any(isinstance(w, AssistantMessage) and w.view.text() for w in app.window.chat.widgets()), 30,
             "the answer to start")
    app.settle(0.5)
    app.press(app.window.composer.edit, Qt.Key.Key_Escape)
    app.finish_turn(30)
    assert app.presenter.transcript.state == TurnState.ABORTED
    said = [w.view.text() for w in app.window.chat.widgets() if isinstance(w, AssistantMessage)]
    assert said and said[0].startswith("Let me look at every device")
    session_id = app.presenter.session_id
    roles = [m["role"] for m in app.chat.history(session_id)["messages"]]
    assert "assistant" not in roles  # the server kept only the question

    app.presenter.new_chat()
    app.open_chat(session_id, 30)
    assert [w.view.text() for w in app.window.chat.widgets() if isinstance(w, AssistantMessage)] == said
    assert "Stopped: you aborted this turn." in notices(app)
    # Never titled by the server: the list shows the question instead.
    app.run(app.presenter.refresh_sessions(), 30)
    assert "Describe the lab · " in app.window.sessions.list.item(0).text()
