"""The design's phase-2 limits against the REAL GNS3 Copilot server, which knows none of
them: this app holds a configuration-change limit and a time limit itself. What ran is
read from the server's history, how often the model was called from its request log."""

from __future__ import annotations

import pytest
from conftest import run
from copilot_fixtures import LOOKUP_ARGS, lookups
from scripted_llm import Call, Text, Tools
from test_copilot_server_limits import tools_that_ran

from gns3_copilot_desktop.client import ControllerClient
from gns3_copilot_desktop.protocol import ChatRequest, Transcript
from gns3_copilot_desktop.protocol.events import LimitReachedEvent
from gns3_copilot_desktop.protocol.transcript import ToolStatus

pytestmark = [pytest.mark.copilot_server, pytest.mark.timeout(600)]


def rename() -> Tools:
    """A change of the lab (a node that does not exist: the tool runs and says so)."""
    return Tools(Call("update_gns3_node_name", {
        "project_id": "00000000-0000-0000-0000-000000000000", "node_id": "00000000-0000-0000-0000-000000000001",
        "new_name": "renamed-by-the-scripted-model-for-this-test",
    }))


def turn(chat, max_changes=None, **limits):
    async def go():
        async with ControllerClient(chat.url) as client:
            await client.authenticate(chat.username, chat.password)
            caps = await client.capabilities()
            request = ChatRequest(message="Check, then change", **limits)
            t = Transcript()
            t.begin_turn(request.message, enforced_by=caps.limits_enforced_by)
            events = []
            async for event in client.stream_chat(chat.project_id, request, max_changes=max_changes):
                events.append(event)
                t.apply(event)
            return events, t

    return run(go(), 90)


def test_a_configuration_limit_of_one(copilot_chat):
    """Three diagnostics, then two changes asked one after the other: the diagnostics
    run, one change runs, the second is refused and flagged, and the model is not
    called again."""
    copilot_chat.llm.script = [lookups(1), lookups(1), lookups(1), rename(), rename(), Text("never")]
    events, t = turn(copilot_chat, max_changes=1)
    ran = tools_that_ran(copilot_chat, events)
    assert len(ran) == 4  # three lookups and one change
    [stop] = [e for e in events if isinstance(e, LimitReachedEvent)]
    assert (stop.kind, stop.limit) == ("changes", 1)
    assert len([r for r in copilot_chat.llm.agent_requests if r.tools]) == 5
    # The server streams no tool_start/tool_end for this tool: the model's next answer
    # is the sign that it ran, and the window says so.
    statuses = [(c.name, c.status) for c in t.tool_calls()]
    assert statuses[-2] == ("update_gns3_node_name", ToolStatus.DONE)
    assert statuses[-1] == ("update_gns3_node_name", ToolStatus.LIMIT)
    assert t.tool_calls()[-1].limit.refusal() == "refused: configuration limit (this app)"
    assert t.limit_stop.summary() == "Configuration limit reached: 1 of 1 changes made"


def test_a_time_limit(copilot_chat):
    """A slow model: each call takes about a second to write; the time runs out on the
    way, the app aborts, and says so."""
    copilot_chat.llm.pace_s = 0.08
    copilot_chat.llm.script = [lookups(1) for _ in range(6)] + [Text("never")]
    events, t = turn(copilot_chat, max_execution_time_seconds=2)
    [stop] = [e for e in events if isinstance(e, LimitReachedEvent)]
    assert stop.kind == "time" and t.limit_stop.summary() == "Time limit reached: 2 s"
    calls = [r for r in copilot_chat.llm.agent_requests if r.tools]
    assert len(calls) < 6
    assert len(tools_that_ran(copilot_chat, events)) < 6
