"""The limits held by this app where the controller ignores them, against the reference
controller behaving like today's real Copilot (`--behave upstream`: limit fields
ignored, `complete` only once a batch is written, the whole batch run at once, the abort
looked at only between steps). What ran is checked on the controller's side too.

The same cases run against the real Copilot server in test_copilot_server_limits.py."""

from __future__ import annotations

import json

import httpx
import pytest
from conftest import run
from demo_helpers import chat, project_id, signed_in

from gns3_copilot_desktop.protocol import LimitReachedEvent
from gns3_copilot_desktop.protocol.transcript import ToolStatus, TurnState

INTERFACES = "Check the interface status of all devices"  # 8 replies, one tool each
OSPF = "Configure OSPF on 4 routers"  # topology, then a batch of 4, then a batch of 4


@pytest.fixture
def upstream():
    from gns3_copilot_desktop.controller_sim import DemoController

    # Paced as a real model writes (the race between the abort and the controller is
    # only real when the stream takes time).
    controller = DemoController(behave="upstream", pace_s=0.01, heartbeat_s=0.2, ping_s=0.5).start()
    yield controller
    controller.stop()


def server_side(controller, session_id: str) -> tuple[int, int, list[str]]:
    """From the controller's own history: LLM replies made, tools that ran, and the
    names of the tools that ran."""
    session = next(
        s for per_project in controller.state.sessions._sessions.values() for s in per_project.values()
        if s.thread_id == session_id
    )
    replies = [m for m in session.messages if m["role"] == "assistant"]
    ran = [m["name"] for m in session.messages if m["role"] == "tool" and '"aborted"' not in m["content"]]
    return len(replies), len(ran), ran


def turn(controller, message: str, **limits):
    async def go():
        async with await signed_in(controller) as client:
            return await chat(client, await project_id(client), message, **limits)

    return run(go(), 60)


def test_it_behaves_like_the_real_copilot(upstream):
    async def go():
        async with await signed_in(upstream) as client:
            return await client.capabilities()

    caps = run(go())
    assert caps.limits_enforced_by == "app" and caps.has_abort
    schema = httpx.get(f"{upstream.url}/openapi.json").json()["components"]["schemas"]["ChatRequest"]
    assert "max_tool_calls" not in schema["properties"] and "max_iterations" not in schema["properties"]


def test_no_limits_everything_runs(upstream):
    events, t = turn(upstream, INTERFACES)
    assert t.state == TurnState.DONE and t.limit_stop is None
    assert server_side(upstream, t.session_id)[:2] == (8, 7)
    # The first tool_call event of each batch comes twice: still one card per call.
    assert len(t.tool_calls()) == 7 and t.tool_calls_executed == 7


def test_a_batch_over_the_limit_runs_not_at_all(upstream):
    events, t = turn(upstream, OSPF, max_tool_calls=2)
    replies, ran, names = server_side(upstream, t.session_id)
    assert names == ["get_project_topology"]  # the batch of four configure_ospf never ran
    lab = next(p.lab for p in upstream.state.projects.values() if p.name == "OSPF Lab")
    assert not any(r.ospf_area is not None for r in lab.of_kind("router"))
    [limit] = [e for e in events if isinstance(e, LimitReachedEvent)]
    assert (limit.kind, limit.limit, limit.enforced_by) == ("tool_calls", 2, "app")
    assert t.tool_calls_executed == 1
    refused = [c for c in t.tool_calls() if c.status == ToolStatus.LIMIT]
    flags = [i.text for i in t.items if getattr(i, "kind", None) == "limit"]
    assert flags == [f"Tool call limit: 1 of 2 tool calls ran; the next {len(refused)}, asked for at once, would have gone "
                     "past it, so none of them ran (enforced by this app)."]
    assert refused and all(c.name == "configure_ospf" for c in refused)
    assert all(c.limit.refusal() == "refused: tool-call limit (this app)" for c in refused)
    assert replies == 2  # no LLM call after the stop


def test_one_by_one_exactly_the_limit_runs(upstream):
    events, t = turn(upstream, INTERFACES, max_tool_calls=2)
    replies, ran, names = server_side(upstream, t.session_id)
    assert ran == 2 and t.tool_calls_executed == 2
    assert replies == 3  # the third reply asked for a tool and was refused; no fourth
    assert t.limit_stop.summary() == "Tool call limit reached: 2 of 2 tool calls used"
    assert [c.status for c in t.tool_calls()] == [ToolStatus.DONE, ToolStatus.DONE, ToolStatus.LIMIT]


def test_iterations_the_last_reply_answers_but_its_tools_do_not_run(upstream):
    """As designed: no LLM call would be left to read their results."""
    events, t = turn(upstream, INTERFACES, max_iterations=2)
    replies, ran, names = server_side(upstream, t.session_id)
    assert replies == 2 and ran == 1
    assert t.limit_stop.kind == "iterations" and t.limit_enforced_by == "app"
    assert t.limit_stop.summary() == "Iteration limit reached: 2 of 2 iterations used"
    assert [c.status for c in t.tool_calls()] == [ToolStatus.DONE, ToolStatus.LIMIT]
    assert t.tool_calls()[1].limit.refusal() == "refused: iteration limit (this app)"


def test_a_repeated_tool_call_id_in_a_later_turn_is_a_new_card():
    """Controllers that number calls per response reuse ids across turns (and so does a
    restarted controller): the later turn gets cards of its own."""
    from gns3_copilot_desktop.protocol import Transcript
    from gns3_copilot_desktop.protocol.events import parse_event

    def call(text: str, complete: bool = True) -> str:
        return json.dumps({"type": "tool_call", "tool_call": {"id": "call_0", "type": "function", "function": {
            "name": "ping", "arguments": text, **({"complete": True} if complete else {})}}})

    t = Transcript()
    for question in ("first", "second"):
        t.begin_turn(question)
        for raw in (call("", False), call("", False), call('{"n": 1}'),
                    '{"type": "tool_start", "tool_name": "ping"}',
                    '{"type": "tool_end", "tool_name": "ping", "tool_output": "ok"}',
                    '{"type": "content", "content": "answer"}', '{"type": "done"}'):
            t.apply(parse_event(raw))
    cards = t.tool_calls()
    assert len(cards) == 2 and all(c.status == ToolStatus.DONE for c in cards)
    assert [type(i).__name__ for i in t.items] == [
        "UserMessage", "ToolCall", "AssistantText", "UserMessage", "ToolCall", "AssistantText",
    ]


def test_the_guard_stops_on_the_first_call_past_a_limit_however_much_text_comes_between():
    """Text of the reply being written passes the guard on its short path; a reply that
    starts after a batch is still counted, and the first call id past a limit still
    stops the turn, with or without tool_start/tool_end between the replies."""
    from gns3_copilot_desktop.client.limit_guard import LimitGuard
    from gns3_copilot_desktop.protocol import parse_event

    def text():
        return parse_event({"type": "content", "content": "more words, "})

    def call(call_id, complete=False):
        function = {"name": "show_run", "arguments": "{}", "complete": complete}
        return parse_event({"type": "tool_call", "tool_call": {"id": call_id, "function": function}})

    def ran(call_id):
        return [parse_event({"type": kind, "tool_name": "show_run", "tool_call_id": call_id, "tool_output": "ok"})
                for kind in ("tool_start", "tool_end")]

    def first_stop(guard, events):  # the client aborts there: nothing after it is checked
        return next(((n, stop.kind, stop.count) for n, event in enumerate(events) if (stop := guard.check(event)) is not None), None)

    with_runs = [*[text()] * 300, call("a"), call("b", True), *ran("a"), *ran("b"), *[text()] * 300, call("c"), call("d", True)]
    without = [*[text()] * 300, call("a"), call("b", True), *[text()] * 300, call("c"), call("d", True)]
    for events in (with_runs, without):
        c = next(n for n, e in enumerate(events) if getattr(e, "tool_call", None) and e.tool_call.id == "c")
        assert first_stop(LimitGuard(2, None), events) == (c, "iterations", 2)  # the 2nd reply's first call
        assert first_stop(LimitGuard(None, 3), events) == (c + 1, "tool_calls", 2)  # the 4th call; 2 ran
        assert first_stop(LimitGuard(3, 4), events) is None
