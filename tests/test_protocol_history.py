"""Transcripts rebuilt from recorded session histories look like the live turns."""

from __future__ import annotations

import pytest
from fixtures import load_json, sse_bytes, sse_data_lines

from gns3_copilot_desktop.protocol import ChatSession, ConversationHistory, Transcript, parse_event
from gns3_copilot_desktop.protocol.transcript import AssistantText, ToolCall, ToolStatus, UserMessage


def history(name: str) -> Transcript:
    return Transcript.from_history(ConversationHistory.model_validate(load_json(name)["body"]))


def kinds(t: Transcript) -> list[str]:
    return [type(i).__name__ for i in t.items]


def test_multi_tool_history_matches_the_live_stream():
    loaded = history("upstream-copilot-history-multi.json")
    live = Transcript()
    live.begin_turn("[scenario:multi] Run several tools")
    for data in sse_data_lines(sse_bytes("upstream-chat-multi-tool.sse")):
        live.apply(parse_event(data))
    assert kinds(loaded) == kinds(live)
    assert [(c.name, c.parsed_arguments, c.output, c.status) for c in loaded.tool_calls()] == [
        (c.name, c.parsed_arguments, c.output, c.status) for c in live.tool_calls()
    ]
    assert loaded.assistant_text() == live.assistant_text()


def test_tool_history_arguments_object_becomes_text():
    t = history("upstream-copilot-history-tool.json")
    [call] = t.tool_calls()
    assert call.arguments == '{"tool_input": ""}' and call.status == ToolStatus.DONE


def test_history_after_disconnect_keeps_only_the_question():
    t = history("upstream-copilot-history-after-disconnect.json")
    assert kinds(t) == ["UserMessage"]
    assert t.items[0].text == "[scenario:slowtext] disconnect test"


def test_unknown_session_history_is_empty_not_an_error():
    t = history("upstream-copilot-history-unknown.json")
    assert t.items == [] and t.session_id == "no-such-session"


def test_history_limit_two_keeps_the_last_messages():
    t = history("upstream-copilot-history-text.json")
    assert [type(i) for i in t.items] == [UserMessage, AssistantText]


def test_every_item_of_a_loaded_history_is_marked_for_rendering():
    t = history("upstream-copilot-history-multi.json")
    assert t.take_changes() == list(range(len(t.items)))
    assert all(isinstance(c, ToolCall) for c in t.tool_calls())


def test_sessions_list_parses_with_pinned_and_counts():
    sessions = [ChatSession.model_validate(s) for s in load_json("upstream-copilot-sessions-after-pin.json")["body"]]
    assert sessions[0].pinned and not any(s.pinned for s in sessions[1:])
    assert all(s.metadata.get("copilot_mode") for s in sessions)


@pytest.mark.parametrize("decode_bytes", [1, 3, 7, 1 << 20])
def test_a_history_read_a_piece_at_a_time_is_the_same_history(monkeypatch, decode_bytes):
    """The background parse of a long chat (in pieces, so that it never holds the GIL
    for long) reads every recorded history as pydantic's one-pass parser does, with
    pieces smaller than the chat, and odd spacing, escapes and non-ASCII text, also
    when the text arrives a few bytes at a time (numbers, strings and characters cut)."""
    import json

    from gns3_copilot_desktop.protocol import history_pieces
    from gns3_copilot_desktop.protocol.history_pieces import history_in_pieces

    monkeypatch.setattr(history_pieces, "DECODE_BYTES", decode_bytes)

    names = ["upstream-copilot-history-multi.json", "upstream-copilot-history-tool.json",
             "upstream-copilot-history-after-disconnect.json"]
    for name in names:
        body = load_json(name)["body"]
        for raw in (json.dumps(body), json.dumps(body, indent=3, ensure_ascii=False)):
            expected = ConversationHistory.model_validate_json(raw)
            assert history_in_pieces(raw.encode(), per_piece=2) == expected
            assert history_in_pieces(raw.encode()) == expected
            body_bytes = raw.encode()  # as it arrived: cut anywhere, inside characters too
            assert history_in_pieces([body_bytes[at : at + 5] for at in range(0, len(body_bytes), 5)]) == expected
    odd = '{ "thread_id" : "t\\u00e9", "messages" : [ ] , "title": "Ré \\"q\\" 检查", "llm_calls": 123456789 }'
    assert history_in_pieces(odd.encode()) == ConversationHistory.model_validate_json(odd)
    for broken in ('{"thread_id": "t", "messages": [{"role": "user"} {"role": "user"}]}',
                   '{"thread_id": "t", "messages": [{"content": "no role"}]}', '[]', '{"thread_id": "t"} x', ''):
        with pytest.raises(ValueError):
            history_in_pieces(broken.encode())
        with pytest.raises(ValueError):
            ConversationHistory.model_validate_json(broken)
