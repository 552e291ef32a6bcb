"""The app's client against the REAL GNS3 Copilot server, with a scripted model.

Each test pins one habit of the real server that the app must live with (listed in
../shared/peers/README.md, re-measured here: docs/real-copilot-timing.md). The tools
used need no device (`get_gns3_templates`), so they really run; whether they ran is
checked on the server's side: the model's request log (tool results sent back to it)
and the session's history.
"""

from __future__ import annotations

import asyncio
import json
import time
import uuid

import httpx
import pytest
from conftest import run

from gns3_copilot_desktop.client import ControllerClient
from gns3_copilot_desktop.protocol import ChatRequest
from gns3_copilot_desktop.protocol.events import (
    ContentEvent,
    DoneEvent,
    ToolCallEvent,
    ToolEndEvent,
    ToolStartEvent,
)
from copilot_fixtures import lookups
from scripted_llm import TITLE, Call, Text, Tools

# The first test also waits for the install (once, ~1-2 min) and the start (~25 s).
pytestmark = [pytest.mark.copilot_server, pytest.mark.timeout(600)]

ANSWER = "Two PCs are **connected** through one switch; the ping goes through."


def templates(n: int) -> Tools:
    """One model answer asking for `n` calls of a tool that needs no device."""
    return Tools(*[Call("get_gns3_templates", {}) for _ in range(n)])


def chat_turn(chat, message: str, *, abort_when=None) -> tuple[list, dict]:
    """One turn through the app's client: its events, and what the test did.

    `abort_when(event, seen)` is asked after each event; when it says yes, the client
    POSTs the abort route at once (in its own task: the stream keeps being read)."""

    async def go():
        seen: dict = {"ids": [], "events": [], "aborted_after": None}
        async with ControllerClient(chat.url) as client:
            await client.authenticate(chat.username, chat.password)
            aborting = None
            async for event in client.stream_chat(chat.project_id, ChatRequest(message=message)):
                seen["events"].append(event)
                if isinstance(event, ToolCallEvent) and event.tool_call.id not in seen["ids"]:
                    seen["ids"].append(event.tool_call.id)
                if aborting is None and abort_when is not None and abort_when(event, seen):
                    seen["aborted_after"] = len(seen["events"])
                    aborting = asyncio.create_task(client.abort(chat.project_id, event.session_id))
            if aborting is not None:
                assert await aborting is True
        return seen["events"], seen

    return run(go(), 60)


def session_of(events) -> str:
    return next(e.session_id for e in events if getattr(e, "session_id", None))


def aborted_output(event: ToolEndEvent) -> bool:
    try:
        return json.loads(event.tool_output).get("status") == "aborted"
    except (ValueError, AttributeError):
        return False


@pytest.mark.parametrize("pace_s", [0.03, 0.0])
def test_text_answer_streams_in_pieces_and_is_kept_in_history(copilot_chat, pace_s):
    copilot_chat.llm.pace_s = pace_s
    copilot_chat.llm.script = [Text(ANSWER)]
    events, _ = chat_turn(copilot_chat, "Are my PCs connected?")

    pieces = [e.content for e in events if isinstance(e, ContentEvent)]
    assert len(pieces) > 3 and "".join(pieces) == ANSWER
    assert isinstance(events[-1], DoneEvent)
    history = copilot_chat.history(session_of(events))
    assert [(m["role"], m["content"]) for m in history["messages"]] == [
        ("user", "Are my PCs connected?"), ("assistant", ANSWER)]
    # A normal turn gets the model's title, asked for in a request of its own.
    assert history["title"] == TITLE
    assert [r.is_title for r in copilot_chat.llm.requests] == [False, True]
    # The model got the system prompt of the skills repository the harness wrote.
    system = copilot_chat.llm.agent_requests[0].messages[0]
    assert system["role"] == "system" and "GNS3 Copilot, a teaching assistant" in system["content"]
    assert "get_gns3_templates" in copilot_chat.llm.agent_requests[0].tools


def test_the_first_tool_call_event_of_each_call_is_sent_twice(copilot_chat):
    copilot_chat.llm.script = [templates(3), Text("Three lookups done.")]
    events, seen = chat_turn(copilot_chat, "Which templates are there?")

    calls = [e for e in events if isinstance(e, ToolCallEvent)]
    assert len(seen["ids"]) == 3
    for call_id in seen["ids"]:
        mine = [e for e in calls if e.tool_call.id == call_id]
        # README says "the first tool_call event"; measured: the first of EVERY call.
        assert mine[0] == mine[1] and mine[0].tool_call.function.arguments == ""
        assert mine[-1].tool_call.function.arguments == "{}"


def test_complete_comes_once_on_the_last_call_of_a_batch_after_every_id(copilot_chat):
    copilot_chat.llm.script = [templates(4), Text("Done.")]
    events, seen = chat_turn(copilot_chat, "Look four times")

    complete = [i for i, e in enumerate(events) if isinstance(e, ToolCallEvent) and e.tool_call.function.complete]
    assert len(complete) == 1
    assert events[complete[0]].tool_call.id == seen["ids"][-1]
    first_seen = [next(i for i, e in enumerate(events) if isinstance(e, ToolCallEvent) and e.tool_call.id == c)
                  for c in seen["ids"]]
    first_start = next(i for i, e in enumerate(events) if isinstance(e, ToolStartEvent))
    assert max(first_seen) < complete[0] < first_start


def test_tool_start_and_tool_end_carry_no_tool_call_id_and_the_tools_really_run(copilot_chat):
    copilot_chat.llm.script = [templates(2), Text("Both ran.")]
    events, seen = chat_turn(copilot_chat, "Look twice")

    starts = [e for e in events if isinstance(e, ToolStartEvent)]
    ends = [e for e in events if isinstance(e, ToolEndEvent)]
    assert len(starts) == len(ends) == 2
    assert all(e.tool_call_id is None for e in [*starts, *ends])
    assert all("VPCS" in e.tool_output for e in ends)
    # The results went back to the model, under the ids of the calls.
    second = copilot_chat.llm.agent_requests[1]
    assert [m["tool_call_id"] for m in second.tool_results] == seen["ids"]


def test_history_keeps_tool_call_arguments_as_objects(copilot_chat):
    copilot_chat.llm.script = [templates(1), Text("One lookup.")]
    events, seen = chat_turn(copilot_chat, "Look once")

    history = copilot_chat.history(session_of(events))
    calls = [c for m in history["messages"] for c in m.get("tool_calls") or []]
    assert [c["id"] for c in calls] == seen["ids"]
    # The stream sends arguments as a JSON string; history as an object.
    assert calls[0]["function"]["arguments"] == {}


def test_abort_as_ids_appear_runs_none_of_the_batch_and_ends_it_as_aborted(copilot_chat):
    copilot_chat.llm.script = [lookups(4), Text("never sent")]
    events, seen = chat_turn(copilot_chat, "Look four times", abort_when=lambda e, s: len(s["ids"]) == 3)

    assert len(seen["ids"]) == 4  # the model's answer still streams to its end
    assert not [e for e in events if isinstance(e, ToolStartEvent)]
    ends = [e for e in events if isinstance(e, ToolEndEvent)]
    assert len(ends) == 4 and all(aborted_output(e) for e in ends)
    assert [json.loads(e.tool_output)["tool_call_id"] for e in ends] == seen["ids"]
    assert isinstance(events[-1], DoneEvent)
    assert len(copilot_chat.llm.agent_requests) == 1
    history = copilot_chat.history(session_of(events))
    tools = [m for m in history["messages"] if m["role"] == "tool"]
    assert [m["tool_call_id"] for m in tools] == seen["ids"]
    assert all(m["metadata"].get("aborted") is True and json.loads(m["content"])["status"] == "aborted"
               for m in tools)


def test_a_new_chat_can_be_given_its_session_id_by_the_client(copilot_chat):
    """So the id to abort is known before the first event (every event carries it too)."""
    chosen = str(uuid.uuid4())
    copilot_chat.llm.script = [Text("Hello.")]

    async def go():
        async with ControllerClient(copilot_chat.url) as client:
            await client.authenticate(copilot_chat.username, copilot_chat.password)
            request = ChatRequest(message="Hi", session_id=chosen)
            return [e async for e in client.stream_chat(copilot_chat.project_id, request)]

    events = run(go())
    assert {e.session_id for e in events} == {chosen}
    assert chosen in [s["thread_id"] for s in copilot_chat.sessions()]


def test_there_is_no_abort_event(copilot_chat):
    copilot_chat.llm.script = [lookups(2), Text("never sent")]
    events, seen = chat_turn(copilot_chat, "Look twice", abort_when=lambda e, s: len(s["ids"]) == 1)

    assert seen["aborted_after"] is not None
    kinds = [getattr(e, "type", None) for e in events[seen["aborted_after"]:]]
    assert "abort" not in kinds and "heartbeat" not in kinds and "error" not in kinds
    assert kinds[-1] == "done"


def test_a_turn_that_did_not_end_normally_keeps_the_title_new_conversation(copilot_chat):
    copilot_chat.llm.script = [lookups(1), Text("never sent")]
    events, _ = chat_turn(copilot_chat, "Look once", abort_when=lambda e, s: len(s["ids"]) == 1)

    assert copilot_chat.history(session_of(events))["title"] == "New Conversation"
    assert not [r for r in copilot_chat.llm.requests if r.is_title]


def test_abort_at_a_tool_end_is_too_late_to_spare_the_next_model_call(copilot_chat):
    """One tool per model call: an abort sent when the 2nd tool ends still lets the
    3rd model call happen (its tool is then aborted). Measured 10 of 10 times."""
    copilot_chat.llm.script = [templates(1) for _ in range(4)] + [Text("never sent")]

    def second_end(event, seen):
        return isinstance(event, ToolEndEvent) and sum(isinstance(e, ToolEndEvent) for e in seen["events"]) == 2

    events, seen = chat_turn(copilot_chat, "One at a time", abort_when=second_end)
    ends = [e for e in events if isinstance(e, ToolEndEvent)]
    assert [aborted_output(e) for e in ends] == [False, False, True]
    assert len(copilot_chat.llm.agent_requests) == 3
    assert isinstance(events[-1], DoneEvent)


def test_abort_mid_answer_lets_the_answer_finish_and_keeps_it(copilot_chat):
    """The abort flag is read only between the agent's steps: a text answer being
    streamed is not cut, it streams to its end and is kept (without a title)."""
    # ~100 pieces (~3 s): the abort lands long before the end even on a busy machine.
    answer = "OSPF floods link states; every router computes its own tree. " * 12
    copilot_chat.llm.script = [Text(answer)]

    def third_piece(event, seen):
        return sum(isinstance(e, ContentEvent) for e in seen["events"]) == 3

    events, seen = chat_turn(copilot_chat, "Explain OSPF", abort_when=third_piece)
    assert "".join(e.content for e in events if isinstance(e, ContentEvent)) == answer
    assert len(events) - seen["aborted_after"] > 10 and isinstance(events[-1], DoneEvent)
    history = copilot_chat.history(session_of(events))
    assert [(m["role"], m["content"]) for m in history["messages"]] == [("user", "Explain OSPF"), ("assistant", answer)]
    assert history["title"] == "New Conversation"


def test_hanging_up_keeps_only_the_user_message(copilot_chat):
    # 30 pieces at the fixture's pace: the whole answer would be written within ~1 s.
    answer = "A long answer that streams for a while. " * 30
    copilot_chat.llm.script = [Text(answer, piece=len(answer) // 30)]

    async def go():
        async with ControllerClient(copilot_chat.url) as client:
            await client.authenticate(copilot_chat.username, copilot_chat.password)
            pieces = 0
            async for event in client.stream_chat(copilot_chat.project_id, ChatRequest(message="Explain OSPF")):
                pieces += isinstance(event, ContentEvent)
                if pieces == 3:
                    return event.session_id  # leaving the loop hangs up

    session_id = run(go(), 30)
    # Watched for 3 s, three times as long as the rest of the answer would take to
    # arrive: the session never gets more than the question.
    deadline = time.monotonic() + 3
    while time.monotonic() < deadline:
        history = copilot_chat.history(session_id)
        assert [(m["role"], m["content"]) for m in history["messages"]] == [("user", "Explain OSPF")]
        assert history["title"] == "New Conversation"
        time.sleep(0.25)


def test_capabilities_say_limits_are_enforced_by_the_app_and_the_server_ignores_them(copilot_chat):
    async def caps():
        async with ControllerClient(copilot_chat.url) as client:
            return await client.capabilities()

    found = run(caps())
    assert (found.version, found.copilot, found.has_abort) == ("3.1.0a2", "present", True)
    assert found.limits_enforced_by == "app"
    assert "limits enforced by this app" in found.describe()

    # Sent anyway (bypassing the app's own guard), the limit fields change nothing.
    copilot_chat.llm.script = [templates(3), Text("All three ran.")]
    response = httpx.post(
        f"{copilot_chat.url}{copilot_chat.chat_path}/stream", headers=copilot_chat.headers, timeout=60,
        json={"message": "Look three times", "stream": True, "mode": "text", "max_iterations": 1, "max_tool_calls": 1},
    )
    assert response.status_code == 200
    ends = [json.loads(line[6:]) for line in response.text.splitlines()
            if line.startswith("data: ") and '"tool_end"' in line]
    assert len(ends) == 3 and not any('"aborted"' in e["tool_output"] for e in ends)
    assert len(copilot_chat.llm.agent_requests) == 2
