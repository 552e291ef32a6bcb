"""Every recorded chat stream, parsed and folded into what a user would see."""

from __future__ import annotations

import json

import pytest
from fixtures import sse_bytes, sse_data_lines, stream_fixtures

from gns3_copilot_desktop.protocol import (
    ChatRequest,
    ContentEvent,
    DoneEvent,
    MalformedEvent,
    ToolCallEvent,
    ToolEndEvent,
    Transcript,
    UnknownEvent,
    parse_event,
)
from gns3_copilot_desktop.protocol.transcript import ErrorNotice, InfoNotice, ToolStatus, TurnState


def replay(name: str, *, abort: bool = False) -> Transcript:
    transcript = Transcript()
    transcript.begin_turn("question")
    if abort:
        transcript.request_abort()
    for data in sse_data_lines(sse_bytes(name)):
        transcript.apply(parse_event(data))
    return transcript


def test_every_recorded_stream_parses_into_known_events():
    names = stream_fixtures()
    assert len(names) >= 12
    for name in names:
        events = [parse_event(d) for d in sse_data_lines(sse_bytes(name))]
        assert events, name
        assert not [e for e in events if isinstance(e, (UnknownEvent, MalformedEvent))], name


def test_plain_text_answer():
    t = replay("upstream-chat-text.sse")
    assert t.assistant_text() == "Hello! I am the scripted fixture assistant. Nothing was changed."
    assert t.state == TurnState.DONE
    assert t.session_id == "0bc98cad-fc85-448f-9204-fb4ee41557e8"
    assert (t.llm_turns, t.tool_calls_executed) == (1, 0)


def test_one_tool_call_then_answer():
    t = replay("upstream-chat-tool-call.sse")
    [call] = t.tool_calls()
    assert call.name == "get_gns3_templates"
    assert call.complete and call.parsed_arguments == {"tool_input": ""}
    assert call.status == ToolStatus.DONE
    assert json.loads(call.output)["templates"][0]["name"] == "VPCS"
    assert t.assistant_text() == "I read the templates list from the controller. Done."
    assert (t.llm_turns, t.tool_calls_executed) == (2, 1)
    # The text comes after the card, as it did on the wire.
    assert t.items.index(call) < len(t.items) - 1


def test_parallel_calls_matched_by_order_and_name():
    t = replay("upstream-chat-multi-tool.sse")
    calls = t.tool_calls()
    assert [c.name for c in calls] == ["get_gns3_templates", "device_skills", "packet_analysis_skills", "get_gns3_templates"]
    assert all(c.status == ToolStatus.DONE for c in calls)
    # Only the last call of the parallel batch was marked complete on the wire.
    assert calls[2].complete and calls[2].parsed_arguments == {"tool_input": '{"action": "list"}'}
    assert '"protocols"' in calls[2].output and '"templates"' in calls[3].output
    assert '"templates"' in calls[0].output and '"skills"' in calls[1].output
    assert (t.llm_turns, t.tool_calls_executed) == (4, 4)


def test_arguments_are_replaced_not_appended():
    t = Transcript()
    t.begin_turn("q")
    for args in ["", "", '{"a"', '{"a": 1}']:
        t.apply(ToolCallEvent.model_validate({"tool_call": {"id": "c1", "function": {"name": "f", "arguments": args}}}))
    [call] = t.tool_calls()
    assert call.arguments == '{"a": 1}' and not call.complete and call.status == ToolStatus.WRITING


def test_abort_during_tool_call_shows_the_tool_as_aborted():
    t = replay("upstream-chat-abort-during-tool-call.sse", abort=True)
    [call] = t.tool_calls()
    assert call.status == ToolStatus.ABORTED
    assert t.state == TurnState.ABORTED
    assert t.tool_calls_executed == 0
    assert any(isinstance(i, InfoNotice) and i.kind == "aborted" for i in t.items)


def test_abort_during_text_keeps_all_text():
    t = replay("upstream-chat-abort-during-text.sse", abort=True)
    assert t.assistant_text() == "".join(f"part{i} " for i in range(10))
    assert t.state == TurnState.ABORTED


@pytest.mark.parametrize(
    "name, message",
    [
        ("upstream-chat-llm-down.sse", "Connection error."),
        ("upstream-chat-llm-http-500.sse", "Error code: 500 - scripted upstream failure"),
        ("upstream-chat-unknown-tool.sse", "'no_such_tool'"),
    ],
)
def test_agent_errors_fail_the_turn_in_words(name, message):
    t = replay(name)
    assert t.state == TurnState.FAILED
    assert [i.text for i in t.items if isinstance(i, ErrorNotice)] == [message]


def test_unknown_tool_card_does_not_spin_forever():
    t = replay("upstream-chat-unknown-tool.sse")
    [call] = t.tool_calls()
    assert call.name == "no_such_tool" and call.status == ToolStatus.ABORTED


def test_error_outside_the_agent_without_done():
    t = replay("upstream-chat-error-copilot-mode-null.sse")
    assert t.state == TurnState.STREAMING  # no done yet: the stream's end decides
    from gns3_copilot_desktop.protocol import StreamInterrupted

    t.apply(StreamInterrupted())
    assert t.state == TurnState.FAILED
    assert [i.text for i in t.items if isinstance(i, ErrorNotice)] == ["'NoneType' object has no attribute 'lower'"]
    assert not [i for i in t.items if isinstance(i, InfoNotice)]


def test_interrupted_turn_keeps_what_arrived():
    t = Transcript()
    t.begin_turn("q")
    t.apply(ContentEvent(content="half an ans"))
    from gns3_copilot_desktop.protocol import StreamInterrupted

    t.apply(StreamInterrupted())
    assert t.assistant_text() == "half an ans"
    assert t.state == TurnState.INTERRUPTED
    assert isinstance(t.items[-1], InfoNotice) and "kept" in t.items[-1].text


def test_unknown_and_malformed_events_never_raise():
    assert isinstance(parse_event('{"type": "thinking", "text": "hm"}'), UnknownEvent)
    bad = parse_event("{not json")
    assert isinstance(bad, MalformedEvent) and "not JSON" in bad.reason
    assert isinstance(parse_event("[1, 2]"), MalformedEvent)
    odd = parse_event('{"type": "tool_call", "tool_call": "nope"}')
    assert isinstance(odd, MalformedEvent) and "tool_call" in odd.reason
    t = Transcript()
    t.begin_turn("q")
    for e in (parse_event('{"type": "thinking"}'), bad, odd, ContentEvent(content="ok"), DoneEvent()):
        t.apply(e)
    assert t.assistant_text() == "ok" and t.state == TurnState.DONE
    assert sum(isinstance(i, InfoNotice) and i.kind == "malformed" for i in t.items) == 2


def test_tool_output_that_is_not_a_string_is_shown_as_json():
    event = parse_event({"type": "tool_end", "tool_name": "t", "tool_output": {"a": [1]}})
    assert isinstance(event, ToolEndEvent) and json.loads(event.tool_output) == {"a": [1]}


def test_changes_name_only_the_items_that_changed():
    t = Transcript()
    t.begin_turn("q")
    t.apply(ContentEvent(content="a"))
    assert t.take_changes() == [0, 1]
    t.apply(ContentEvent(content="b"))
    assert t.take_changes() == [1]
    assert t.take_changes() == []


@pytest.mark.parametrize("field, value", [("max_iterations", 0), ("max_iterations", 101), ("max_tool_calls", 0), ("max_tool_calls", 51)])
def test_chat_request_refuses_out_of_range_limits(field, value):
    with pytest.raises(ValueError):
        ChatRequest(message="hi", **{field: value})


def test_chat_request_body_leaves_unlimited_out():
    body = ChatRequest(message="检查所有设备的接口状态", max_iterations=20).to_body()
    assert body == {"message": "检查所有设备的接口状态", "stream": True, "mode": "text", "max_iterations": 20}
    with pytest.raises(ValueError):
        ChatRequest(message="   ")
