"""The Copilot mode: the reference controller's agent respects it, the chat header
shows and switches it (by updating the default configuration, as upstream does), the
chat list shows each chat's mode and filters by it; the header's statistics."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from conftest import run
from demo_helpers import chat, project_id, signed_in

from gns3_copilot_desktop.protocol.models import ChatSession
from gns3_copilot_desktop.ui.session_line import (
    last_message_time, local_time, parse_stamp, relative_time, session_line, session_statistics,
)


def set_demo_mode(demo, mode: str) -> None:
    default = next(c for c in demo.state.llm.configs.values() if c.name == "Demo script")
    default.config["copilot_mode"] = mode


def test_teaching_mode_refuses_to_configure_and_lab_automation_does_it(demo):
    async def go(message):
        async with await signed_in(demo) as client:
            return await chat(client, await project_id(client), message)

    set_demo_mode(demo, "teaching_assistant")
    _, refused = run(go("Configure OSPF on 2 routers"))
    assert refused.tool_calls() == [] and "teaching mode" in refused.items[-1].text
    _, looked = run(go("Show me the topology"))  # looking is allowed
    assert [c.name for c in looked.tool_calls()] == ["get_project_topology"]
    set_demo_mode(demo, "lab_automation_assistant")
    _, done = run(go("Configure OSPF on 2 routers"))
    assert "configure_ospf" in [c.name for c in done.tool_calls()]


def test_sessions_carry_their_mode_and_filter_by_it(demo):
    async def go():
        async with await signed_in(demo) as client:
            project = await project_id(client)
            set_demo_mode(demo, "teaching_assistant")
            await chat(client, project, "Show me the topology")
            set_demo_mode(demo, "lab_automation_assistant")
            await chat(client, project, "Stop R2")
            return (await client.sessions(project), await client.sessions(project, copilot_mode="teaching_assistant"))

    every, teaching = run(go())
    assert sorted(s.metadata["copilot_mode"] for s in every) == ["lab_automation_assistant", "teaching_assistant"]
    assert [s.title for s in teaching] == ["Show me the topology"]
    assert all(s.llm_calls_count == 2 and s.input_tokens > 0 and s.output_tokens > 0 for s in every)


def test_a_chat_is_described_in_words():
    now = datetime(2026, 11, 30, 12, 0, tzinfo=timezone.utc)
    stamp = (now - timedelta(minutes=5)).replace(tzinfo=None).isoformat()
    session = ChatSession(thread_id="t", title="OSPF", pinned=True, message_count=1, last_message_at=stamp,
                          metadata={"copilot_mode": "troubleshooting_injection"}, llm_calls_count=3,
                          input_tokens=1200, output_tokens=34, total_tokens=1234)
    assert session_line(session, now) == "OSPF\nFault practice · 1 message · 5 min ago"
    # One line at 1024 px: the date and time are the tooltip's.
    assert session_statistics(session, now) == "1,200 tokens in · 34 out · 1,234 total · 3 LLM calls · last message 5 min ago"
    assert last_message_time(session) == f"Last message: {local_time(parse_stamp(stamp))}"
    assert last_message_time(ChatSession(thread_id="t", last_message_at="not a time")) == ""
    assert relative_time((now - timedelta(days=1, hours=2)).isoformat(), now) == "yesterday"
    assert relative_time("not a time", now) == "" and relative_time(None, now) == ""
    # A controller that counts no tokens shows none.
    assert "tokens" not in session_statistics(ChatSession(thread_id="t", llm_calls_count=1), now)


# -- the window --------------------------------------------------------------------


def test_the_header_shows_the_mode_and_switching_it_updates_the_default_config(app):
    app.sign_in_demo()
    app.choose("OSPF Lab")
    header = app.window.companion.header
    app.wait(lambda: header.mode.isVisible() and header.mode.currentText() == "Lab automation", what="the mode")
    assert header.mode_help.text() == "Acts: may configure devices and start or stop nodes."
    stored = next(c for c in app.demo.state.llm.configs.values() if c.name == "Demo script")
    header.mode.setCurrentIndex(header.mode.findData("teaching_assistant"))
    header.mode.activated.emit(header.mode.currentIndex())
    app.wait(lambda: stored.config["copilot_mode"] == "teaching_assistant", what="the config to change")
    assert stored.version == 1
    app.wait(lambda: header.mode_help.text().startswith("Looks and explains"), what="the explanation")
    app.send("Configure OSPF on 2 routers")
    app.finish_turn()
    assert app.cards() == []  # refused in teaching mode
    app.wait(lambda: app.window.sessions.list.count() == 1, what="the chat in the list")
    assert app.window.sessions.list.item(0).text().splitlines()[1].startswith("Teaching assistant · 2 messages")
    assert "1 LLM call" in header.stats.text() and "tokens in" in header.stats.text()


def test_the_chat_list_filters_by_mode(app):
    app.sign_in_demo()
    app.choose("OSPF Lab")
    app.send("Show me the topology")
    app.finish_turn()
    app.presenter.new_chat()
    set_demo_mode(app.demo, "teaching_assistant")
    app.send("Check the interface status of all devices")
    app.finish_turn()
    sessions = app.window.sessions.list
    app.wait(lambda: sessions.count() == 2, what="both chats")
    box = app.window.companion.session_filter
    box.setCurrentIndex(box.findData("lab_automation_assistant"))
    box.activated.emit(box.currentIndex())
    app.wait(lambda: sessions.count() == 1, what="the filtered list")
    assert sessions.item(0).text().startswith("Show me the topology\nLab automation")
    box.setCurrentIndex(0)
    box.activated.emit(0)
    app.wait(lambda: sessions.count() == 2, what="all chats again")


def test_a_group_default_shows_its_mode_but_cannot_switch_it(app):
    mine = next(c for c in app.demo.state.llm.configs.values() if c.name == "Demo script")
    del app.demo.state.llm.configs[mine.config_id]
    app.sign_in_demo()
    header = app.window.companion.header
    app.wait(lambda: header.mode.isVisible(), what="the mode")
    assert header.mode.currentText() == "Teaching assistant" and not header.mode.isEnabled()
