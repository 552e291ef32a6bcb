"""The limit-reached detector, live and in history."""

from __future__ import annotations

import json

import pytest

from gns3_copilot_desktop.protocol import (
    ConversationHistory,
    ToolCallEvent,
    ToolEndEvent,
    Transcript,
    detect_limit_notice,
)
from gns3_copilot_desktop.protocol.limits import detect_iteration_notice, tool_limit_message
from gns3_copilot_desktop.protocol.transcript import ToolStatus

# The design's message is sent for a batch that did not fit: calls were left.
BATCH_14 = ("Tool call limit: 14 of 15 tool calls ran; the next calls, asked for at once, would have gone past it, "
            "so none of them ran")
DESIGN_TEXT = (
    "Tool call limit reached (15 calls). Please simplify your request or break it into "
    "smaller steps. Current tool call count: 14/15."
)


@pytest.mark.parametrize(
    "text",
    [
        DESIGN_TEXT,
        "  \n" + DESIGN_TEXT.replace(" (", "  (") + "\n",
        json.dumps(DESIGN_TEXT),
        json.dumps({"error": DESIGN_TEXT}),
        "tool call limit reached (15 call). current tool call count: 14 / 15",
    ],
)
def test_detects_the_design_message_in_any_wrapping(text):
    notice = detect_limit_notice(text)
    assert notice is not None
    assert (notice.kind, notice.limit, notice.count) == ("tool_calls", 15, 14)
    assert notice.summary() == BATCH_14


def test_without_count_says_the_whole_budget_is_used():
    notice = detect_limit_notice("Tool call limit reached (3 calls).")
    assert notice.count is None and notice.summary() == "Tool call limit reached: 3 of 3 tool calls used"


@pytest.mark.parametrize(
    "text",
    ["", None, "The tool call limit reached its end", '{"templates": []}', "Error: limit reached"],
)
def test_ordinary_outputs_are_not_flagged(text):
    assert detect_limit_notice(text) is None


def test_message_builder_and_detector_agree():
    notice = detect_limit_notice(tool_limit_message(5, 4))
    assert (notice.limit, notice.count) == (5, 4)


def test_iteration_notice():
    notice = detect_iteration_notice("Iteration limit reached (5 iterations). The agent stopped.")
    assert notice is not None and notice.limit == 5
    assert detect_iteration_notice("We reached the iteration limit") is None


def test_flagged_live():
    t = Transcript()
    t.begin_turn("q", max_tool_calls=1)
    for cid in ("a", "b"):
        t.apply(ToolCallEvent.model_validate({"tool_call": {"id": cid, "function": {"name": "ping", "arguments": "{}", "complete": cid == "b"}}}))
    for cid in ("a", "b"):
        t.apply(ToolEndEvent(tool_name="ping", tool_output=tool_limit_message(1, 0)))
    calls = t.tool_calls()
    assert [c.status for c in calls] == [ToolStatus.LIMIT, ToolStatus.LIMIT]
    assert t.limit_stop.limit == 1 and t.limit_enforced_by == "controller"
    assert t.tool_calls_executed == 0


def test_flagged_in_history():
    history = ConversationHistory.model_validate({
        "thread_id": "s",
        "messages": [
            {"role": "user", "content": "ping all"},
            {"role": "assistant", "content": "", "tool_calls": [
                {"id": "c1", "type": "function", "function": {"name": "ping", "arguments": {"host": "PC1"}}},
                {"id": "c2", "type": "function", "function": {"name": "ping", "arguments": {"host": "PC2"}}},
            ]},
            {"role": "tool", "name": "ping", "tool_call_id": "c1", "content": tool_limit_message(1, 0)},
            {"role": "tool", "name": "ping", "tool_call_id": "c2", "content": tool_limit_message(1, 0)},
            {"role": "assistant", "content": "I could not run the pings."},
        ],
    })
    t = Transcript.from_history(history)
    calls = t.tool_calls()
    assert [c.status for c in calls] == [ToolStatus.LIMIT] * 2
    assert calls[0].parsed_arguments == {"host": "PC1"}
    assert [n.limit for n in t.limit_notices()] == [1, 1]


def test_a_huge_tool_output_is_the_tools_result_not_a_notice():
    """The controller's notices are short: a tool that prints megabytes which happen to
    start like one (a log of earlier runs) shows as its result, and the turn goes on."""
    t = Transcript()
    t.begin_turn("q", max_tool_calls=5)
    t.apply(ToolCallEvent.model_validate({"tool_call": {"id": "a", "function": {"name": "log", "arguments": "{}", "complete": True}}}))
    huge = tool_limit_message(1, 0) + "\n" + "x" * (2 * 1024 * 1024)
    t.apply(ToolEndEvent(tool_name="log", tool_call_id="a", tool_output=huge))
    t.apply(ToolCallEvent.model_validate({"tool_call": {"id": "b", "function": {"name": "dump", "arguments": "{}", "complete": True}}}))
    t.apply(ToolEndEvent(tool_name="dump", tool_call_id="b",
                         tool_output=json.dumps({"status": "aborted", "data": "y" * (2 * 1024 * 1024)})))
    calls = t.tool_calls()
    assert [c.status for c in calls] == [ToolStatus.DONE, ToolStatus.DONE]
    assert calls[0].output == huge and t.limit_stop is None
    # The same notice on its own is still the controller's.
    t.apply(ToolCallEvent.model_validate({"tool_call": {"id": "c", "function": {"name": "ping", "arguments": "{}", "complete": True}}}))
    t.apply(ToolEndEvent(tool_name="ping", tool_call_id="c", tool_output=tool_limit_message(1, 0)))
    assert t.tool_calls()[-1].status == ToolStatus.LIMIT


def test_a_first_batch_bigger_than_the_limit_says_none_ran_not_0_of_2_used():
    t = Transcript()
    t.begin_turn("q", max_tool_calls=2)
    for cid in ("a", "b", "c"):
        t.apply(ToolCallEvent.model_validate({"tool_call": {"id": cid, "function": {"name": "ping", "arguments": "{}", "complete": cid == "c"}}}))
    for _ in range(3):
        t.apply(ToolEndEvent(tool_name="ping", tool_output=tool_limit_message(2, 0)))
    from gns3_copilot_desktop.protocol import DoneEvent

    t.apply(DoneEvent())
    flags = [i.text for i in t.items if getattr(i, "kind", None) == "limit"]
    assert flags == ["Tool call limit: 3 tool calls asked for at once, more than the 2 allowed, so none of them ran."]
