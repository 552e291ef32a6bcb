"""The design's phase-2 limits (a time limit, configuration changes, limits per tool):
held by this app where the controller does not know them (the reference controller
behaving like the real Copilot), sent to and held by the controller where it does
(the reference controller as designed); configuration changes always by this app."""

from __future__ import annotations

import pytest
from conftest import run
from demo_helpers import project_id, signed_in

from gns3_copilot_desktop.controller_sim.faults import Faults
from gns3_copilot_desktop.protocol import ChatRequest, LimitReachedEvent, Transcript
from gns3_copilot_desktop.protocol.change_tools import is_change
from gns3_copilot_desktop.protocol.transcript import ToolStatus
from gns3_copilot_desktop.store import Limits, PresetStore

INTERFACES = "Check the interface status of all devices"
OSPF = "Configure OSPF on 4 routers"


@pytest.fixture(params=["design", "upstream"])
def controller(request):
    from gns3_copilot_desktop.controller_sim import DemoController

    c = DemoController(behave=request.param, pace_s=0.01, heartbeat_s=0.2, ping_s=0.5).start()
    c.behave = request.param
    yield c
    c.stop()


def turn(controller, message: str, max_changes: int | None = None, **limits):
    async def go():
        async with await signed_in(controller) as client:
            caps = await client.capabilities()
            pid = await project_id(client)
            request = ChatRequest(message=message, **limits)
            t = Transcript()
            t.begin_turn(message, enforced_by=caps.limits_enforced_by)
            events = []
            async for event in client.stream_chat(pid, request, max_changes=max_changes):
                events.append(event)
                t.apply(event)
            return caps, events, t

    return run(go(), 60)


def routers_configured(controller) -> int:
    lab = next(p.lab for p in controller.state.projects.values() if p.name == "OSPF Lab")
    return sum(r.ospf_area is not None for r in lab.of_kind("router"))


def test_which_tools_change_the_lab():
    assert is_change("execute_multiple_device_config_commands") and is_change("configure_ospf")
    assert not is_change("execute_multiple_device_commands") and not is_change("show_interface_status")
    assert is_change("a_tool_nobody_listed")  # unknown tools count as changes


def test_configuration_changes_are_held_by_this_app_on_every_controller(controller):
    caps, events, t = turn(controller, OSPF, max_changes=1)
    [stop] = [e for e in events if isinstance(e, LimitReachedEvent)]
    assert (stop.kind, stop.limit, stop.enforced_by) == ("changes", 1, "app")
    assert routers_configured(controller) == 0  # the batch of four changes never ran
    refused = [c for c in t.tool_calls() if c.status == ToolStatus.LIMIT]
    assert refused and {c.name for c in refused} == {"configure_ospf"}
    assert refused[0].limit.refusal() == "refused: configuration limit (this app)"
    assert t.limit_stop.summary() == "Configuration limit reached: 0 of 1 changes made"
    assert [c.name for c in t.tool_calls() if c.status == ToolStatus.DONE] == ["get_project_topology"]


def test_diagnose_only_lets_diagnostics_run(controller):
    caps, events, t = turn(controller, INTERFACES, max_changes=0)
    assert t.limit_stop is None and t.tool_calls_executed == 7


def test_a_per_tool_limit(controller):
    caps, events, t = turn(controller, INTERFACES, tool_limits={"show_interface_status": 2})
    ran = [c.name for c in t.tool_calls() if c.status == ToolStatus.DONE]
    assert ran.count("show_interface_status") == 2
    assert t.limit_stop.kind == "tool" and t.limit_stop.tool == "show_interface_status"
    assert t.limit_stop.summary() == "Limit for show_interface_status reached: 2 of 2 calls used"
    who = "controller" if controller.behave == "design" else "app"
    assert caps.enforces("tool_limits") == (who == "controller")
    assert t.limit_stop.enforced_by == who
    refused = [c for c in t.tool_calls() if c.status == ToolStatus.LIMIT]
    assert refused and refused[0].limit.refusal().startswith("refused: limit for show_interface_status")


def test_a_time_limit(controller):
    controller.state.settings.faults = Faults(slow_tools_s=1.5)
    caps, events, t = turn(controller, INTERFACES, max_execution_time_seconds=2)
    assert t.limit_stop is not None and t.limit_stop.kind == "time"
    assert t.limit_stop.summary() == "Time limit reached: 2 s"
    assert t.tool_calls_executed < 7
    who = "controller" if controller.behave == "design" else "app"
    assert t.limit_stop.enforced_by == who


def test_presets_keep_the_new_limits_and_old_files_still_load(tmp_path):
    path = tmp_path / "presets.json"
    path.write_text('{"presets": {"old": {"max_iterations": 7, "max_tool_calls": 4}}, "last_used": {}}', encoding="utf-8")
    store = PresetStore(path)
    assert next(p for p in store.presets() if p.name == "old").limits == Limits(7, 4)
    careful = Limits(30, None, max_minutes=5, max_changes=0, tool_limits=(("ping", 2),))
    store.save_preset("careful", careful)
    again = PresetStore(path)
    assert next(p for p in again.presets() if p.name == "careful").limits == careful
    names = [p.name for p in again.presets() if p.built_in]
    assert "Diagnose only" in names and "Careful change" in names


@pytest.mark.parametrize("fault", [Faults(slow_tools_s=20), Faults(stall_s=20)], ids=["a long tool", "silent from the start"])
def test_a_time_limit_ends_the_turn_though_the_controller_sends_nothing_more(monkeypatch, fault):
    """The real Copilot sends no heartbeats: a long tool or a stalled model must not hold
    the turn past its time limit (the app aborts, waits its drain, then hangs up)."""
    import time

    from gns3_copilot_desktop.client import controller as client_module
    from gns3_copilot_desktop.controller_sim import DemoController

    monkeypatch.setattr(client_module, "LIMIT_DRAIN_S", 1.0)
    upstream = DemoController(behave="upstream", pace_s=0.01, heartbeat_s=60, ping_s=0.5).start()
    try:
        upstream.state.settings.faults = fault
        started = time.monotonic()
        caps, events, t = turn(upstream, INTERFACES, max_execution_time_seconds=1)
        took = time.monotonic() - started
    finally:
        upstream.stop()
    assert isinstance(events[-1], LimitReachedEvent) and events[-1].kind == "time"
    assert t.limit_stop.summary() == "Time limit reached: 1 s"
    assert took < 8
