"""The reference controller over real sockets, driven by the app's own client:
intents, sessions, abort, errors, fault switches, notifications and the command line."""

from __future__ import annotations

import asyncio
import json
import signal
import subprocess
import sys
import time

import httpx
import pytest
from conftest import run
from demo_helpers import chat, project_id, signed_in

from gns3_copilot_desktop.client import (
    ControllerClient,
    NotFound,
    ProjectNotOpened,
    ServerError,
    Unauthorized,
    ValidationFailed,
)
from gns3_copilot_desktop.controller_sim import DemoController
from gns3_copilot_desktop.protocol import (
    ChatRequest,
    HeartbeatEvent,
    MalformedEvent,
    StreamInterrupted,
    ToolCallEvent,
    Transcript,
    UnknownEvent,
)
from gns3_copilot_desktop.protocol.transcript import ToolStatus, TurnState


# -- intents -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "message, tools, words",
    [
        ("Show me the topology", ["get_project_topology"], ["## Topology", "| R1 | dynamips | started |"]),
        ("显示拓扑", ["get_project_topology"], ["## 拓扑", "10 个节点"]),
        ("Check interface status on all devices", ["get_project_topology"] + ["show_interface_status"] * 6, ["| R1 | 2/4 |"]),
        ("Configure OSPF on 2 routers", ["get_project_topology"] + ["configure_ospf"] * 2 + ["show_ospf_neighbors"] * 2, ["router ospf 1", "**2 routers**"]),
        ("在3台路由器上配置OSPF", ["get_project_topology"] + ["configure_ospf"] * 3 + ["show_ospf_neighbors"] * 3, ["OSPF 配置完成"]),
        ("hello there", [], ["configure OSPF", "Max tool calls"]),
        ("你好", [], ["配置 OSPF"]),
    ],
)
def test_intents_stream_tool_calls_and_a_final_answer(demo, message, tools, words):
    async def go():
        async with await signed_in(demo) as client:
            return await chat(client, await project_id(client), message)

    events, t = run(go())
    assert [c.name for c in t.tool_calls()] == tools
    assert all(c.status == ToolStatus.DONE and c.complete for c in t.tool_calls())
    for word in words:
        assert word in t.assistant_text()
    assert t.state == TurnState.DONE
    # Arguments stream as growing strings, two empty ones first, as recorded upstream.
    if tools:
        first = [e.tool_call.function.arguments for e in events if isinstance(e, ToolCallEvent)][:3]
        assert first[:2] == ["", ""] and len(first[2]) > 0


def test_ping_fails_until_ospf_runs_then_succeeds(demo):
    async def go():
        async with await signed_in(demo) as client:
            pid = await project_id(client)
            before = await chat(client, pid, "Ping from PC1 to PC3")
            await chat(client, pid, "Configure OSPF on all routers")
            after = await chat(client, pid, "从PC1 ping PC3")
            return before[1], after[1]

    before, after = run(go())
    assert "failed" in before.assistant_text() and "OSPF is not running" in before.assistant_text()
    assert json.loads(before.tool_calls()[-1].output)["success"] is False
    assert "成功" in after.assistant_text() and "10.0.4.10" in after.assistant_text()


def test_stop_and_start_nodes_change_the_lab_and_notify(demo):
    async def go():
        async with await signed_in(demo) as client:
            pid = await project_id(client)
            updates = []

            async def listen():
                async for note in client.project_notifications(pid):
                    if note.action == "node.updated":
                        updates.append((note.event["name"], note.event["status"]))

            listener = asyncio.create_task(listen())
            await asyncio.sleep(0.2)
            await chat(client, pid, "Stop R2")
            stopped = {n.name: n.status for n in await client.nodes(pid)}
            _, ping = await chat(client, pid, "Configure OSPF on all routers")
            await chat(client, pid, "启动所有节点")
            for _ in range(50):
                if ("R2", "started") in updates:
                    break
                await asyncio.sleep(0.05)
            listener.cancel()
            return stopped, ping, updates

    stopped, ospf, updates = run(go())
    assert stopped["R2"] == "stopped" and stopped["R1"] == "started"
    assert "stopped" in ospf.tool_calls()[2].output  # R2 could not be configured
    assert ("R2", "stopped") in updates and ("R2", "started") in updates


# -- sessions ------------------------------------------------------------------------


def test_sessions_listed_pinned_first_renamed_deleted(demo):
    async def go():
        async with await signed_in(demo) as client:
            pid = await project_id(client)
            _, first = await chat(client, pid, "Show me the topology")
            _, second = await chat(client, pid, "hello")
            _, again = await chat(client, pid, "显示拓扑", session_id=first.session_id)
            listing = await client.sessions(pid)
            await client.pin_session(pid, second.session_id)
            pinned_first = await client.sessions(pid)
            renamed = await client.rename_session(pid, first.session_id, "OSPF 实验")
            history = await client.history(pid, first.session_id)
            last_two = await client.history(pid, first.session_id, limit=2)
            with pytest.raises(ValidationFailed):
                await client._request("PATCH", f"/v3/copilot/projects/{pid}/chat/sessions/{first.session_id}", json={"title": ""})
            await client.delete_session(pid, second.session_id)
            with pytest.raises(NotFound, match="not found"):
                await client.delete_session(pid, second.session_id)
            with pytest.raises(NotFound):
                await client.pin_session(pid, "no-such-session")
            unknown = await client.history(pid, "no-such-session")
            return first, second, again, listing, pinned_first, renamed, history, last_two, await client.sessions(pid), unknown

    first, second, again, listing, pinned, renamed, history, last_two, final, unknown = run(go())
    assert again.session_id == first.session_id
    assert [s.thread_id for s in listing] == [first.session_id, second.session_id]  # most recent first
    assert [s.thread_id for s in pinned] == [second.session_id, first.session_id] and pinned[0].pinned
    assert listing[0].title == "Show me the topology" and listing[0].message_count == 8
    assert renamed.title == "OSPF 实验"
    assert [m.role for m in history.messages][:4] == ["user", "assistant", "tool", "assistant"]
    assert history.messages[1].tool_calls[0].function.arguments == {"tool_input": ""}
    assert len(last_two.messages) == 2 and last_two.messages[-1].role == "assistant"
    assert [s.thread_id for s in final] == [first.session_id]
    assert unknown.messages == []
    # History rebuilds what the user saw live.
    assert Transcript.from_history(history).tool_calls()[0].name == "get_project_topology"


def test_client_hang_up_keeps_only_the_question(demo):
    demo.state.settings.pace_s = 0.05

    async def go():
        async with await signed_in(demo) as client:
            pid = await project_id(client)
            stream = client.stream_chat(pid, ChatRequest(message="Check interface status on all devices", session_id="hang-up"))
            await stream.__anext__()
            await stream.aclose()
            await asyncio.sleep(0.3)
            return await client.history(pid, "hang-up")

    history = run(go())
    assert [(m.role, m.content) for m in history.messages] == [("user", "Check interface status on all devices")]


# -- abort ---------------------------------------------------------------------------


def test_abort_mid_turn_finishes_text_and_skips_pending_tools(demo):
    demo.state.settings.pace_s = 0.01

    async def go():
        async with await signed_in(demo, headers={"X-Demo-Fault": "slow-tools=0.3"}) as client:
            pid = await project_id(client)
            transcript = Transcript()
            transcript.begin_turn("ospf")
            request = ChatRequest(message="Configure OSPF on all routers", session_id="abort-me")
            async for event in client.stream_chat(pid, request):
                transcript.apply(event)
                if event.type == "tool_start" and event.tool_name == "configure_ospf":
                    transcript.request_abort()
                    assert await client.abort(pid, "abort-me")
            history = await client.history(pid, "abort-me")
            return transcript, history

    t, history = run(go())
    statuses = [c.status for c in t.tool_calls()]
    # Topology ran, the first configure_ospf was running and finished, the others never ran.
    assert statuses == [ToolStatus.DONE, ToolStatus.DONE, ToolStatus.ABORTED, ToolStatus.ABORTED, ToolStatus.ABORTED]
    assert t.state == TurnState.ABORTED and t.tool_calls_executed == 2
    aborted = [json.loads(m.content) for m in history.messages if m.role == "tool" and '"aborted"' in m.content]
    assert len(aborted) == 3 and aborted[0]["message"] == "Tool execution was aborted by user"


def test_abort_with_nothing_running_is_ok(demo):
    async def go():
        async with await signed_in(demo) as client:
            return await client.abort(await project_id(client), "idle")

    assert run(go()) is True


# -- errors --------------------------------------------------------------------------


def test_401_without_with_bad_and_with_expired_token(demo):
    async def go(token):
        async with ControllerClient(demo.url, token=token) as client:
            await client.projects()

    with pytest.raises(Unauthorized, match="Not authenticated"):
        run(go(None))
    with pytest.raises(Unauthorized, match="Could not validate credentials"):
        run(go("garbage"))
    expiring = DemoController(token_ttl_s=-1).start()
    try:
        token = expiring.auth.issue()
        with pytest.raises(Unauthorized, match="expired"):
            run(ControllerClient(expiring.url, token=token).projects())
    finally:
        expiring.stop()


def test_wrong_password(demo):
    async def go():
        async with ControllerClient(demo.url) as client:
            await client.authenticate("admin", "admin")

    with pytest.raises(Unauthorized, match="Authentication was unsuccessful"):
        run(go())


def test_every_run_has_its_own_random_password():
    a, b = DemoController(), DemoController()
    try:
        assert a.auth.password != b.auth.password and len(a.auth.password) >= 12
        assert a.auth.password not in ("admin", "password")
    finally:
        a._socket.close()
        b._socket.close()


def test_form_login(demo):
    creds = demo.credentials
    response = httpx.post(f"{creds.url}/v3/access/users/login", data={"username": creds.username, "password": creds.password})
    assert response.status_code == 200 and response.json()["token_type"] == "bearer"


def test_403_on_a_closed_project_and_404_on_an_unknown_one(demo):
    async def go():
        async with await signed_in(demo) as client:
            closed = await project_id(client, "校园网 Campus Network")
            with pytest.raises(ProjectNotOpened, match="Current status: closed"):
                await chat(client, closed, "hello")
            with pytest.raises(ProjectNotOpened):
                await client.sessions(closed)
            with pytest.raises(NotFound, match="doesn't exist"):
                await chat(client, "00000000-0000-0000-0000-000000000abc", "hello")
            opened = await client.open_project(closed)
            _, t = await chat(client, closed, "显示拓扑")
            await client.close_project(closed)
            return opened, t

    opened, t = run(go())
    assert opened.is_opened and "## 拓扑" in t.assistant_text()


# -- fault switches ------------------------------------------------------------------


def fault_turn(demo, fault: str, message: str = "Show me the topology"):
    async def go():
        async with await signed_in(demo, headers={"X-Demo-Fault": fault}) as client:
            started = time.monotonic()
            events, t = await chat(client, await project_id(client), message)
            return events, t, time.monotonic() - started

    return run(go())


def test_fault_drop_after_keeps_the_partial_answer(demo):
    events, t, _ = fault_turn(demo, "drop-after=3")
    assert isinstance(events[-1], StreamInterrupted) and len(events) == 4
    assert t.state == TurnState.INTERRUPTED and t.assistant_text() == "Let me read the project's topology."


def test_fault_malformed_event_is_skipped_with_a_notice(demo):
    events, t, _ = fault_turn(demo, "malformed")
    assert isinstance(events[1], MalformedEvent)
    assert t.state == TurnState.DONE and "## Topology" in t.assistant_text()


def test_fault_unknown_event_is_ignored(demo):
    events, t, _ = fault_turn(demo, "unknown-event")
    assert isinstance(events[1], UnknownEvent) and events[1].type == "thinking"
    assert t.state == TurnState.DONE


def test_fault_http_500(demo):
    with pytest.raises(ServerError, match="HTTP 500"):
        fault_turn(demo, "http-500")


def test_fault_stall_then_answer(demo):
    events, t, took = fault_turn(demo, "stall=1.0", "hello")
    assert took >= 1.0 and t.state == TurnState.DONE


def test_heartbeats_while_a_tool_runs_long(demo):
    events, t, _ = fault_turn(demo, "slow-tools=0.7")
    assert sum(isinstance(e, HeartbeatEvent) for e in events) >= 3
    assert t.state == TurnState.DONE


# -- notifications and the command line ----------------------------------------------


def test_controller_notifications_follow_open_and_close(demo):
    async def go():
        async with await signed_in(demo) as client:
            pid = await project_id(client, "Sandbox")
            seen = []

            async def listen():
                async for note in client.controller_notifications():
                    seen.append(note.action)

            listener = asyncio.create_task(listen())
            await asyncio.sleep(0.2)
            await client.open_project(pid)
            await client.close_project(pid)
            await asyncio.sleep(0.8)
            listener.cancel()
            return seen

    seen = run(go())
    assert "project.opened" in seen and "project.closed" in seen and "ping" in seen


def test_command_line_answers_the_seed_examples_and_stops_on_sigterm():
    process = subprocess.Popen(
        [sys.executable, "-m", "gns3_copilot_desktop.controller_sim.cli", "--port", "0", "--pace", "0"],
        stdout=subprocess.PIPE, text=True,
    )
    try:
        creds = json.loads(process.stdout.readline())
        assert creds["url"].startswith("http://127.0.0.1:") and creds["username"] == "admin"
        token = httpx.post(f"{creds['url']}/v3/access/users/authenticate", json={"username": "admin", "password": creds["password"]}).json()["access_token"]
        headers = {"Authorization": f"Bearer {token}"}
        pid = httpx.get(f"{creds['url']}/v3/projects", headers=headers).json()[0]["project_id"]
        for body in (
            {"message": "配置所有路由器的 OSPF"},
            {"message": "在10台路由器上配置OSPF、BGP和静态路由，然后验证连通性", "max_iterations": 50},
            {"message": "检查所有设备的接口状态", "max_tool_calls": 15},
            {"message": "配置整个实验室的网络并测试连通性", "max_iterations": 40, "max_tool_calls": 30},
        ):
            response = httpx.post(f"{creds['url']}/v3/copilot/projects/{pid}/chat/stream", json=body, headers=headers, timeout=30)
            assert response.status_code == 200 and response.headers["content-type"].startswith("text/event-stream")
            assert response.text.rstrip().endswith('"type": "done", "session_id": "' + response.text.split('"session_id": "')[1].split('"')[0] + '"}')
    finally:
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=10) == 0
