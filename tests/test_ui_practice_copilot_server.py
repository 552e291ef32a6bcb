"""Troubleshooting practice in the real window against the REAL GNS3 Copilot server
(scripted model): the exercise's chat, which the server lists at once in its
`troubleshooting_injection` mode, keeps its solution hidden until revealed, and the
injection runs under the user's limits (the server ignores them: this app holds them)."""

from __future__ import annotations

import pytest
from copilot_fixtures import lookups
from scripted_llm import Text

pytestmark = [pytest.mark.copilot_server, pytest.mark.timeout(600)]

SOLUTION = "## Troubleshooting exercise ready\n\n### Solution\n\n1. **R2** `Gi0/2` was put in area 1: an OSPF area mismatch."


@pytest.fixture
def practice_on_copilot(app, copilot_chat):
    assert app.run(app.presenter.sign_in(copilot_chat.url, copilot_chat.username, copilot_chat.password, remember=False), 30)
    app.run(app.presenter.choose_project(copilot_chat.project_id), 30)
    app.chat = copilot_chat
    yield app
    app.run(app.presenter.shutdown(), 10)


def listed(app) -> list[str]:
    chats = app.window.sessions.list
    return [chats.item(row).text() + "\n" + chats.item(row).toolTip() for row in range(chats.count())]


def test_the_real_servers_exercise_chat_stays_hidden_until_revealed(practice_on_copilot):
    app = practice_on_copilot
    app.chat.llm.script = [lookups(1), Text(SOLUTION)]
    dialog = app.window.companion.open_practice()
    dialog.start_button.click()
    app.wait(lambda: not app.presenter.is_practising and "Ready" in dialog.status.text(), 60, "the exercise")
    session_id = app.presenter.practice_transcript.session_id
    app.run(app.presenter.refresh_sessions(), 30)
    server_modes = {s["thread_id"]: s["metadata"].get("copilot_mode") for s in app.chat.sessions()}
    assert server_modes[session_id] == "troubleshooting_injection"  # what the list goes by
    [line] = listed(app)
    assert "Exercise (solution hidden)" in line and "mismatch" not in line and "Inject" not in line
    assert app.run(app.presenter.search_chats("mismatch"), 30) == []
    dialog.reveal_button.click()
    hits = app.run(app.presenter.search_chats("mismatch"), 30)
    assert [h.session_id for h in hits] == [session_id]
    assert "**" not in hits[0].snippet and "`" not in hits[0].snippet and "Gi0/2 was put in area 1" in hits[0].snippet


def test_the_real_servers_injection_is_stopped_by_the_users_iteration_limit(practice_on_copilot):
    app = practice_on_copilot
    app.chat.llm.script = [lookups(1), lookups(1), lookups(1), Text(SOLUTION)]
    app.window.limits.iterations.setValue(2)
    dialog = app.window.companion.open_practice()
    assert "(2 iterations and unlimited tool calls, as in the side panel)" in dialog.limits_line.text()
    dialog.start_button.click()
    app.wait(lambda: not app.presenter.is_practising and dialog.reveal_button.isVisible(), 60, "the stop")
    text = dialog.status.text()
    assert text.startswith("Stopped by a runtime limit") and "Iteration limit reached: 2 of 2" in text, text
    assert len([r for r in app.chat.llm.agent_requests if r.tools]) == 2  # no third model call
