"""The runtime-limits design, served by the reference controller over real sockets:
every case of the seed's "Edge Cases" and "Testing Strategy"."""

from __future__ import annotations

import httpx
import pytest
from conftest import run
from demo_helpers import chat, project_id, signed_in

from gns3_copilot_desktop.controller_sim.engine import UNLIMITED_TOOL_CALLS, Turn
from gns3_copilot_desktop.protocol import ChatRequest, LimitReachedEvent, Transcript
from gns3_copilot_desktop.protocol.transcript import ToolStatus, TurnState

INTERFACES = "Check the interface status of all devices"  # topology + 6 devices = 7 calls


def test_the_controller_says_it_enforces_the_limits(demo):
    async def go():
        async with await signed_in(demo) as client:
            return await client.capabilities()

    caps = run(go())
    assert caps.copilot == "present" and caps.has_abort and caps.limits_enforced_by == "controller"
    schema = httpx.get(f"{demo.url}/openapi.json").json()["components"]["schemas"]["ChatRequest"]["properties"]
    assert (schema["max_iterations"]["anyOf"][0]["minimum"], schema["max_iterations"]["anyOf"][0]["maximum"]) == (1, 100)
    assert (schema["max_tool_calls"]["anyOf"][0]["minimum"], schema["max_tool_calls"]["anyOf"][0]["maximum"]) == (1, 50)


def test_defaults_unchanged_when_no_limit_is_sent(demo):
    async def go():
        async with await signed_in(demo) as client:
            return await chat(client, await project_id(client), INTERFACES)

    events, t = run(go())
    assert t.state == TurnState.DONE and t.limit_stop is None
    assert t.tool_calls_executed == 7 and t.llm_turns == 8
    assert "Interface status" in t.assistant_text()
    # Unset limits mean the design's defaults.
    turn = Turn(lab=None, session=None, message="", max_iterations=None, max_tool_calls=None, settings=None, abort=None)
    assert (turn.max_iterations, turn.max_tool_calls) == (20, UNLIMITED_TOOL_CALLS)


def test_max_iterations_1_is_one_llm_call_and_no_tool(demo):
    async def go():
        async with await signed_in(demo) as client:
            pid = await project_id(client)
            events, t = await chat(client, pid, "Show me the topology", max_iterations=1)
            history = await client.history(pid, t.session_id)
            return events, t, history

    events, t, history = run(go())
    assert t.llm_turns == 1 and t.tool_calls_executed == 0
    assert not [e for e in events if e.type == "tool_start"]
    [call] = t.tool_calls()
    assert call.status == ToolStatus.ABORTED  # asked for, never run
    assert t.limit_stop.kind == "iterations" and t.limit_stop.limit == 1
    # The history says why the turn ended.
    loaded = Transcript.from_history(history)
    assert [n.kind for n in loaded.limit_notices()] == ["iterations"]
    assert "Iteration limit reached (1 iterations)" in history.messages[-1].content


def test_iterations_run_out_mid_task(demo):
    async def go():
        async with await signed_in(demo) as client:
            return await chat(client, await project_id(client), INTERFACES, max_iterations=4)

    _, t = run(go())
    assert t.llm_turns == 4 and t.tool_calls_executed == 3
    assert t.limit_stop.kind == "iterations"


def test_max_tool_calls_1(demo):
    async def go():
        async with await signed_in(demo) as client:
            return await chat(client, await project_id(client), INTERFACES, max_tool_calls=1)

    _, t = run(go())
    statuses = [c.status for c in t.tool_calls()]
    assert statuses == [ToolStatus.DONE, ToolStatus.LIMIT]
    assert t.tool_calls_executed == 1
    notice = t.tool_calls()[1].limit
    assert (notice.limit, notice.count) == (1, 1)
    assert "tool call limit of 1" in t.assistant_text()  # the agent answers with what it managed


def test_exactly_the_allowed_number_runs_and_the_rest_is_flagged(demo):
    async def go():
        async with await signed_in(demo) as client:
            pid = await project_id(client)
            one_by_one = await chat(client, pid, INTERFACES, max_tool_calls=3)
            batch = await chat(client, pid, "Configure OSPF on all routers", max_tool_calls=3)
            history = await client.history(pid, batch[1].session_id)
            return one_by_one, batch, history

    (_, one), (_, batch), history = run(go())
    assert one.tool_calls_executed == 3
    assert [c.status for c in one.tool_calls()] == [ToolStatus.DONE] * 3 + [ToolStatus.LIMIT]
    # A batch that would pass the limit does not run at all: 1 + 4 > 3.
    assert batch.tool_calls_executed == 1
    assert [c.status for c in batch.tool_calls()] == [ToolStatus.DONE] + [ToolStatus.LIMIT] * 4
    assert all(c.limit.text.startswith("Tool call limit reached (3 calls).") for c in batch.tool_calls()[1:])
    assert "Current tool call count: 1/3." in batch.tool_calls()[1].output
    # The limit messages stay in the history as tool messages, flagged there too.
    limited = [m for m in history.messages if m.role == "tool" and m.content.startswith("Tool call limit reached")]
    assert len(limited) == 4
    assert len(Transcript.from_history(history).limit_notices()) == 4


def test_seed_example_fifteen_tool_calls_is_enough_for_the_interface_check(demo):
    async def go():
        async with await signed_in(demo) as client:
            return await chat(client, await project_id(client), "检查所有设备的接口状态", max_tool_calls=15)

    _, t = run(go())
    assert t.limit_stop is None and t.tool_calls_executed == 7
    assert "接口状态" in t.assistant_text()


def test_complex_task_with_raised_limits_completes(demo):
    async def go():
        async with await signed_in(demo) as client:
            return await chat(client, await project_id(client), "配置整个实验室的网络 OSPF 并测试连通性", max_iterations=40, max_tool_calls=30)

    _, t = run(go())
    assert t.state == TurnState.DONE and t.limit_stop is None
    assert "OSPF" in t.assistant_text()


@pytest.mark.parametrize("field, value", [("max_iterations", 0), ("max_iterations", 101), ("max_tool_calls", 0), ("max_tool_calls", 51)])
def test_out_of_range_limits_get_422(demo, field, value):
    async def go():
        async with await signed_in(demo) as client:
            pid = await project_id(client)
            response = await client._http.post(
                f"/v3/copilot/projects/{pid}/chat/stream",
                json={"message": "hi", field: value},
                headers={"Authorization": f"Bearer {client.token}"},
            )
            return response

    response = run(go())
    assert response.status_code == 422
    assert f"'loc': ('body', '{field}')" in response.json()["message"]
    from gns3_copilot_desktop.protocol.models import error_text

    assert error_text(response.json()).startswith(f"{field}: Input should be")


def test_our_side_refuses_out_of_range_before_any_request(demo):
    with pytest.raises(ValueError):
        ChatRequest(message="hi", max_tool_calls=51)


def test_app_side_enforcement_is_not_used_when_the_controller_enforces(demo):
    async def go():
        async with await signed_in(demo) as client:
            return await chat(client, await project_id(client), INTERFACES, max_tool_calls=2)

    events, t = run(go())
    assert not [e for e in events if isinstance(e, LimitReachedEvent)]
    assert t.limit_enforced_by == "controller" and t.tool_calls_executed == 2


def test_the_demo_configures_the_routers_named_in_a_range():
    from gns3_copilot_desktop.controller_sim.agent import _named_routers, task_of

    routers = ["R1", "R2", "R3", "R4"]
    assert _named_routers("在R1-R4上配置OSPF", routers) == routers
    assert _named_routers("Configure OSPF on R2 to R3", routers) == ["R2", "R3"]
    assert _named_routers("Configure OSPF on R1 and R3", routers) == ["R1", "R3"]
    assert _named_routers("Configure OSPF on 3 routers", routers) == []
    # What Continue sends goes on with the chat's last real request.
    assert task_of("Please continue where you stopped.", ["Check the interface status", "Please continue where you stopped."]) == "Check the interface status"
    assert task_of("Show me the topology", ["hello"]) == "Show me the topology"


def test_continue_goes_on_from_where_the_limit_stopped(demo):
    """Continue ran the task again from its start (topology, R1, R2 again) and met the
    higher limit at the same place; as a model reading the chat would, the reference
    controller uses the results it already has and makes only the calls still to do."""
    async def go():
        async with await signed_in(demo) as client:
            pid = await project_id(client)
            _, first = await chat(client, pid, INTERFACES, max_tool_calls=3)
            _, going_on = await chat(client, pid, "Please continue where you stopped.", max_tool_calls=6,
                                     session_id=first.session_id)
            return first, going_on

    first, going_on = run(go())
    assert first.limit_stop is not None and first.tool_calls_executed == 3
    done_before = [(c.name, c.arguments) for c in first.tool_calls() if c.status == ToolStatus.DONE]
    again = [(c.name, c.arguments) for c in going_on.tool_calls()]
    assert len(done_before) == 3 and not set(done_before) & set(again), again
    assert going_on.state == TurnState.DONE and going_on.limit_stop is None
    assert going_on.tool_calls_executed == 4  # the 7 of the task, less the 3 done
    text = going_on.assistant_text()
    assert text.startswith("Going on from where I stopped (I have the results of the 3 tool calls before).")
    assert "Interface status" in text


def test_continue_uses_only_what_the_task_being_continued_saw(demo):
    """From a review: results of an earlier asking of the same task were reused after the
    lab changed (R2 stopped in between: the continued answer said it was up); a hostile
    tool output nested past Python's limit cut the continued turn's stream."""
    async def go():
        async with await signed_in(demo) as client:
            pid = await project_id(client)
            _, first = await chat(client, pid, INTERFACES)
            session = first.session_id
            await chat(client, pid, "Stop R2", session_id=session)
            await chat(client, pid, INTERFACES, max_tool_calls=1, session_id=session)
            _, going_on = await chat(client, pid, "Please continue where you stopped.", session_id=session)
            _, played = await chat(client, pid, "/hostile nested-json")
            _, after_hostile = await chat(client, pid, "Please continue where you stopped.", session_id=played.session_id)
            return going_on, after_hostile

    going_on, after_hostile = run(go())
    ran = [c.arguments for c in going_on.tool_calls() if c.name == "show_interface_status"]
    assert '{"device": "R2"}' in ran, "R2 looked at again, not taken from before it was stopped"
    assert going_on.state == TurnState.DONE and "R2" in going_on.assistant_text()
    assert after_hostile.state == TurnState.DONE
