"""Random, truncated and shuffled event sequences: the reducer never raises and never
loses text it has already received."""

from __future__ import annotations

import json

from fixtures import sse_bytes, sse_data_lines, stream_fixtures
from hypothesis import given, settings
from hypothesis import strategies as st

from gns3_copilot_desktop.protocol import ContentEvent, StreamInterrupted, Transcript, parse_event
from gns3_copilot_desktop.protocol.transcript import TurnState

RECORDED = [data for name in stream_fixtures() for data in sse_data_lines(sse_bytes(name))]

names = st.sampled_from(["ping", "get_nodes", "configure", ""])
ids = st.sampled_from(["c1", "c2", "c3"])
text = st.text(max_size=30)

wire_objects = st.one_of(
    st.builds(lambda c, s: {"type": "content", "content": c, "session_id": s}, text, st.sampled_from(["s1", None])),
    st.builds(
        lambda i, n, a, c: {"type": "tool_call", "tool_call": {"id": i, "type": "function", "function": {"name": n, "arguments": a, "complete": c}}},
        ids, names, text, st.booleans(),
    ),
    st.builds(lambda n, i: {"type": "tool_start", "tool_name": n, "tool_call_id": i}, names, st.one_of(st.none(), ids)),
    st.builds(lambda n, o: {"type": "tool_end", "tool_name": n, "tool_output": o}, names, st.one_of(text, st.just('{"status": "aborted", "tool_call_id": "c2"}'), st.just("Tool call limit reached (2 calls). Current tool call count: 1/2."))),
    st.builds(lambda e: {"type": "error", "error": e}, text),
    st.just({"type": "done"}),
    st.just({"type": "heartbeat"}),
    st.just({"type": "abort"}),
    st.dictionaries(st.sampled_from(["type", "content", "tool_call", "tool_output"]), st.one_of(text, st.integers(), st.none(), st.lists(st.integers(), max_size=2))),
)
payloads = st.one_of(wire_objects.map(json.dumps), text, st.sampled_from(RECORDED))


def content_of(payload: str) -> str:
    event = parse_event(payload)
    return event.content if isinstance(event, ContentEvent) else ""


@settings(max_examples=300, deadline=None)
@given(st.lists(payloads, max_size=60), st.booleans())
def test_random_sequences_never_raise_and_keep_all_text(sequence, interrupted):
    t = Transcript()
    t.begin_turn("q", max_iterations=3, max_tool_calls=2)
    for payload in sequence:
        t.apply(parse_event(payload))
    if interrupted:
        t.apply(StreamInterrupted())
    assert t.assistant_text() == "".join(content_of(p) for p in sequence)
    assert t.state in set(TurnState) - {TurnState.IDLE}
    for index in t.take_changes():
        assert 0 <= index < len(t.items)


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(stream_fixtures()), st.data())
def test_truncated_recordings_keep_their_prefix(name, data):
    events = sse_data_lines(sse_bytes(name))
    cut = data.draw(st.integers(min_value=0, max_value=len(events)))
    t = Transcript()
    t.begin_turn("q")
    for payload in events[:cut]:
        t.apply(parse_event(payload))
    t.apply(StreamInterrupted())
    assert t.assistant_text() == "".join(content_of(p) for p in events[:cut])
    if cut < len(events) and t.state != TurnState.FAILED:
        assert t.state == TurnState.INTERRUPTED
