"""The controller client against recorded Copilot answers, replayed over real sockets."""

from __future__ import annotations

import asyncio
import time

import pytest
from conftest import run
from fixtures import error_fixtures, load_json, sse_bytes, sse_meta
from replay_server import Route

from gns3_copilot_desktop.client import (
    ControllerClient,
    CopilotMissing,
    LLMNotConfigured,
    NotFound,
    ProjectNotOpened,
    ProtocolError,
    Unauthorized,
    Unreachable,
    ValidationFailed,
)
from gns3_copilot_desktop.protocol import (
    ChatRequest,
    DoneEvent,
    LimitReachedEvent,
    StreamInterrupted,
    Transcript,
)
from gns3_copilot_desktop.protocol.transcript import ToolStatus, TurnState

PROJECT = "327ca147-dba8-4e1c-b08e-34f8768b0d1f"
CHAT = f"/v3/copilot/projects/{PROJECT}/chat"


async def turn(client: ControllerClient, request: ChatRequest) -> tuple[list, Transcript]:
    transcript = Transcript()
    transcript.begin_turn(request.message, max_iterations=request.max_iterations, max_tool_calls=request.max_tool_calls)
    events = []
    async for event in client.stream_chat(PROJECT, request):
        events.append(event)
        transcript.apply(event)
    transcript.end_of_stream()  # as the window does
    return events, transcript


def test_capabilities_of_todays_copilot(replay):
    async def go():
        async with ControllerClient(replay.url) as client:
            return await client.capabilities()

    caps = run(go())
    assert caps.chat_prefix == "/v3/copilot/projects/{project_id}/chat"
    assert caps.copilot == "present" and caps.has_abort and not caps.limits_in_schema
    assert caps.limits_enforced_by == "app"
    assert "limits enforced by this app" in caps.describe()


def test_streamed_tool_turn_is_replayed_byte_for_byte(replay):
    replay.sse_route(f"{CHAT}/stream", sse_bytes("upstream-chat-tool-call.sse"))

    async def go():
        async with ControllerClient(replay.url, token="tkn") as client:
            return await turn(client, ChatRequest(message="List templates", max_iterations=7))

    events, t = run(go())
    assert isinstance(events[-1], DoneEvent)
    assert t.state == TurnState.DONE and t.assistant_text().endswith("Done.")
    [request] = replay.requests_to("POST", "/chat/stream$")
    assert request.headers["Authorization"] == "Bearer tkn"
    assert request.body == {"message": "List templates", "stream": True, "mode": "text", "max_iterations": 7}


@pytest.mark.parametrize("name", error_fixtures())
def test_recorded_error_answers_become_typed_errors(replay, name):
    meta = sse_meta(name)
    replay.routes[("POST", "/v3/copilot/projects/[^/]+/chat/stream")] = Route(status=meta["status"], body=sse_bytes(name))
    expected = {400: LLMNotConfigured, 401: Unauthorized, 403: ProjectNotOpened, 404: NotFound, 422: ValidationFailed}[meta["status"]]

    async def go():
        async with ControllerClient(replay.url) as client:
            async for _ in client.stream_chat(PROJECT, ChatRequest(message="x")):
                pass

    with pytest.raises(expected) as info:
        run(go())
    message = info.value.message
    assert "Traceback" not in message and 'File "' not in message
    if meta["status"] == 422:
        assert info.value.fields in (["mode"], ["message"])
    if meta["status"] == 403:
        assert "Project must be opened" in message


def test_dropped_connection_keeps_what_arrived(replay):
    replay.sse_route(f"{CHAT}/stream", sse_bytes("upstream-chat-text.sse"), drop_after=3)

    async def go():
        async with ControllerClient(replay.url) as client:
            return await turn(client, ChatRequest(message="hi"))

    events, t = run(go())
    assert isinstance(events[-1], StreamInterrupted)
    assert t.assistant_text() == "Hello! I am the scripted fixture"
    assert t.state == TurnState.INTERRUPTED


def test_stream_that_is_not_sse_is_a_protocol_error(replay):
    replay.json_route("POST", f"{CHAT}/stream", {"answer": "plain json"})

    async def go():
        async with ControllerClient(replay.url) as client:
            async for _ in client.stream_chat(PROJECT, ChatRequest(message="x")):
                pass

    with pytest.raises(ProtocolError, match="instead of an event stream"):
        run(go())


def test_app_enforces_max_tool_calls_when_the_controller_does_not(replay):
    # Paced so that the abort reaches the replay before the refused batch would start.
    replay.sse_route(f"{CHAT}/stream", sse_bytes("upstream-chat-multi-tool.sse"), pace_s=0.05)
    replay.json_route("POST", f"{CHAT}/sessions/[^/]+/abort", {"status": "ok"})

    async def go():
        async with ControllerClient(replay.url) as client:
            return await turn(client, ChatRequest(message="multi", max_tool_calls=2))

    events, t = run(go())
    [limit] = [e for e in events if isinstance(e, LimitReachedEvent)]
    assert (limit.kind, limit.limit, limit.count, limit.enforced_by) == ("tool_calls", 2, 2, "app")
    assert len(replay.requests_to("POST", "/abort$")) == 1
    # The abort goes out when the third call's id first shows, before the LLM has
    # written the fourth: the replay, like the controller, stops there.
    statuses = [c.status for c in t.tool_calls()]
    assert statuses == [ToolStatus.DONE, ToolStatus.DONE, ToolStatus.LIMIT]
    assert t.tool_calls()[2].limit.refusal() == "refused: tool-call limit (this app)"
    assert t.tool_calls_executed == 2 and t.limit_stop.summary() == "Tool call limit reached: 2 of 2 tool calls used"
    assert t.limit_enforced_by == "app" and t.state == TurnState.DONE


def test_app_enforces_max_iterations(replay):
    replay.sse_route(f"{CHAT}/stream", sse_bytes("upstream-chat-multi-tool.sse"), pace_s=0.05)
    replay.json_route("POST", f"{CHAT}/sessions/[^/]+/abort", {"status": "ok"})

    async def go():
        async with ControllerClient(replay.url) as client:
            return await turn(client, ChatRequest(message="multi", max_iterations=2))

    events, t = run(go())
    [limit] = [e for e in events if isinstance(e, LimitReachedEvent)]
    assert (limit.kind, limit.limit, limit.count) == ("iterations", 2, 2)
    # Aborted as the second reply's call showed: its tool does not run, as designed.
    assert t.llm_turns == 2 and t.tool_calls_executed == 1
    assert t.limit_stop.kind == "iterations"


def test_limits_sent_not_enforced_when_the_controller_knows_them(replay):
    openapi = replay.match("GET", "/openapi.json").body
    import json

    doc = json.loads(openapi)
    doc["components"]["schemas"]["ChatRequest"]["properties"].update(
        {"max_iterations": {"type": "integer"}, "max_tool_calls": {"type": "integer"}}
    )
    replay.json_route("GET", "/openapi.json", doc)
    replay.sse_route(f"{CHAT}/stream", sse_bytes("upstream-chat-multi-tool.sse"))

    async def go():
        async with ControllerClient(replay.url) as client:
            caps = await client.capabilities()
            return caps, await turn(client, ChatRequest(message="multi", max_tool_calls=2))

    caps, (events, t) = run(go())
    assert caps.limits_enforced_by == "controller"
    assert not [e for e in events if isinstance(e, LimitReachedEvent)]
    assert replay.requests_to("POST", "/chat/stream$")[0].body["max_tool_calls"] == 2
    assert t.tool_calls_executed == 4


def test_cancelling_the_consumer_hangs_up_promptly(replay):
    replay.sse_route(f"{CHAT}/stream", sse_bytes("upstream-chat-abort-during-text.sse"), pace_s=1.0)

    async def go():
        async with ControllerClient(replay.url) as client:
            received = []

            async def consume():
                async for event in client.stream_chat(PROJECT, ChatRequest(message="slow")):
                    received.append(event)

            task = asyncio.create_task(consume())
            while not received:
                await asyncio.sleep(0.01)
            started = time.monotonic()
            task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await task
            return received, time.monotonic() - started

    received, took = run(go())
    assert len(received) == 1
    assert took < 1.0  # well before the next event would have come


def test_sessions_history_rename_pin_delete_abort(replay):
    replay.json_route("GET", f"{CHAT}/sessions", load_json("upstream-copilot-sessions-after-pin.json")["body"])
    replay.json_route("GET", f"{CHAT}/sessions/[^/]+/history", load_json("upstream-copilot-history-multi.json")["body"])
    replay.json_route("PATCH", f"{CHAT}/sessions/[^/]+", load_json("upstream-copilot-rename.json")["body"])
    replay.json_route("PUT", f"{CHAT}/sessions/[^/]+/pin", load_json("upstream-copilot-pin.json")["body"])
    replay.json_route("DELETE", f"{CHAT}/sessions/[^/]+/pin", load_json("upstream-copilot-unpin.json")["body"])
    replay.json_route("DELETE", f"{CHAT}/sessions/gone", load_json("upstream-copilot-delete-again.json")["body"], status=404)
    replay.json_route("DELETE", f"{CHAT}/sessions/[^/]+", "", status=204)
    replay.json_route("POST", f"{CHAT}/sessions/[^/]+/abort", load_json("upstream-abort-idle-unknown-session.json")["body"])

    async def go():
        async with ControllerClient(replay.url) as client:
            sessions = await client.sessions(PROJECT)
            history = await client.history(PROJECT, "11fce7ae", limit=50)
            renamed = await client.rename_session(PROJECT, "s1", "OSPF lab")
            pinned = await client.pin_session(PROJECT, "s1")
            unpinned = await client.pin_session(PROJECT, "s1", pinned=False)
            await client.delete_session(PROJECT, "s1")
            aborted = await client.abort(PROJECT, "s1")
            with pytest.raises(NotFound, match="not found"):
                await client.delete_session(PROJECT, "gone")
            with pytest.raises(ValueError):
                await client.rename_session(PROJECT, "s1", "")
            return sessions, history, renamed, pinned, unpinned, aborted

    sessions, history, renamed, pinned, unpinned, aborted = run(go())
    assert sessions[0].pinned and len(history.messages) == 9
    assert pinned.pinned and not unpinned.pinned and aborted
    assert replay.requests_to("GET", r"/history\?limit=50$")
    assert replay.requests_to("PATCH", "/sessions/s1$")[0].body == {"title": "OSPF lab"}


def test_controller_without_copilot_says_so(replay):
    pypi = load_json("pypi-openapi.json")
    replay.json_route("GET", "/openapi.json", pypi)

    async def go():
        async with ControllerClient(replay.url) as client:
            caps = await client.capabilities()
            with pytest.raises(CopilotMissing):
                await client.sessions(PROJECT)
            return caps

    caps = run(go())
    assert caps.copilot == "absent" and "no AI Copilot" in caps.describe()


def test_copilot_404_on_an_unknown_layout_is_copilot_missing(replay):
    replay.json_route("GET", "/openapi.json", "", status=404)

    async def go():
        async with ControllerClient(replay.url) as client:
            async for _ in client.stream_chat(PROJECT, ChatRequest(message="x")):
                pass

    with pytest.raises(CopilotMissing):
        run(go())


def test_501_means_installed_but_unavailable(replay):
    replay.json_route("GET", f"{CHAT}/sessions", {"detail": "AI Copilot dependencies are not installed"}, status=501)
    from gns3_copilot_desktop.client import CopilotUnavailable

    async def go():
        async with ControllerClient(replay.url) as client:
            with pytest.raises(CopilotUnavailable, match="not installed"):
                await client.sessions(PROJECT)
            return await client.capabilities()

    assert run(go()).copilot == "unavailable"


def test_unreachable_controller_is_told_fast():
    async def go():
        async with ControllerClient("http://127.0.0.1:9", connect_timeout=2) as client:
            await client.version()

    started = time.monotonic()
    with pytest.raises(Unreachable, match="Cannot reach the controller at http://127.0.0.1:9"):
        run(go())
    assert time.monotonic() - started < 5


def test_a_refused_call_the_controller_started_anyway_is_shown_as_run(replay):
    # No pacing: the replay sends the whole batch before the abort can arrive, as a
    # busy controller might. The window must tell the truth, and nothing may spin.
    replay.sse_route(f"{CHAT}/stream", sse_bytes("upstream-chat-multi-tool.sse"))
    replay.json_route("POST", f"{CHAT}/sessions/[^/]+/abort", {"status": "ok"})

    async def go():
        async with ControllerClient(replay.url) as client:
            return await turn(client, ChatRequest(message="multi", max_tool_calls=2))

    _, t = run(go())
    calls = t.tool_calls()
    assert [c.name for c in calls] == ["get_gns3_templates", "device_skills", "packet_analysis_skills", "get_gns3_templates"]
    assert all(c.finished for c in calls)
    assert t.limit_stop.kind == "tool_calls" and t.limit_enforced_by == "app"
    for call in calls[2:]:
        assert call.status in (ToolStatus.LIMIT, ToolStatus.DONE, ToolStatus.ABORTED)
        if call.status == ToolStatus.DONE:
            assert call.started  # it really ran
        if call.status == ToolStatus.LIMIT:
            assert not call.started  # it never ran
