"""The local records of turns the controller's history cannot show as they were: they
survive a damaged file, stay bounded, keep no secrets of the lab, go with their chat,
and are never applied to a turn they do not fit."""

from __future__ import annotations

import json

from gns3_copilot_desktop.protocol import Transcript
from gns3_copilot_desktop.protocol.events import parse_event
from gns3_copilot_desktop.protocol.models import ConversationHistory
from gns3_copilot_desktop.protocol.turn_records import STOP_LIMIT, STOP_USER, KeptCall, TurnRecord
from gns3_copilot_desktop.store import turn_records as store_module
from gns3_copilot_desktop.store.turn_records import TurnRecordStore

URL, PROJECT = "http://127.0.0.1:3080", "p1"


def record(ordinal=0, text="question", **fields) -> TurnRecord:
    return TurnRecord(ordinal, text, fields.pop("stop", STOP_USER), **fields)


def test_records_round_trip_per_chat_and_go_with_their_chat(tmp_path):
    store = TurnRecordStore(tmp_path / "r.json")
    store.add(URL, PROJECT, "s1", record(0, partial_text="half an answer"))
    store.add(URL, PROJECT, "s2", record(1))
    again = TurnRecordStore(tmp_path / "r.json")
    assert again.for_chat(URL, PROJECT, "s1")[0].partial_text == "half an answer"
    again.forget_chat(URL, PROJECT, "s1")
    assert TurnRecordStore(tmp_path / "r.json").for_chat(URL, PROJECT, "s1") == {}
    assert 1 in TurnRecordStore(tmp_path / "r.json").for_chat(URL, PROJECT, "s2")


def test_a_damaged_entry_is_skipped_and_a_damaged_file_set_aside(tmp_path):
    path = tmp_path / "r.json"
    good = record(0).as_json()
    bad = [
        {**good, "limit": "x"}, {**good, "ordinal": True}, {**good, "calls": [{"id": 1, "name": "n"}]},
        {**good, "calls": [{"id": "a", "name": "n", "status": ["x"]}]}, {**good, "stop": "exploded"}, "nonsense",
    ]
    path.write_text(json.dumps({"version": 1, "chats": {
        f"{URL}|{PROJECT}|s1": {"updated": 1, "turns": [good, *bad]},
        f"{URL}|{PROJECT}|s2": {"updated": "yesterday", "turns": [good]},
    }}), encoding="utf-8")
    store = TurnRecordStore(path)
    assert list(store.for_chat(URL, PROJECT, "s1")) == [0]
    assert store.for_chat(URL, PROJECT, "s2") == {}
    store.add(URL, PROJECT, "s3", record(0))  # sorting by age does not trip on anything
    path.write_text("{not json", encoding="utf-8")
    damaged = TurnRecordStore(path)
    assert damaged.problem and "damaged" in damaged.problem and damaged.for_chat(URL, PROJECT, "s1") == {}


def test_the_file_stays_bounded(tmp_path, monkeypatch):
    monkeypatch.setattr(store_module, "MAX_BYTES", 200_000)
    store = TurnRecordStore(tmp_path / "r.json")
    for n in range(60):
        store.add(URL, PROJECT, f"s{n}", record(0, partial_text="x" * 20_000))
    assert (tmp_path / "r.json").stat().st_size < 260_000
    assert store.for_chat(URL, PROJECT, "s59") and not store.for_chat(URL, PROJECT, "s0")


def test_a_record_keeps_no_arguments_or_output_of_a_tool_that_changes_the_lab():
    t = Transcript()
    t.begin_turn("configure it")
    for raw in (
        '{"type": "tool_call", "tool_call": {"id": "c1", "type": "function", "function": {"name": '
        '"execute_multiple_device_config_commands", "arguments": "{\\"commands\\": [\\"username admin secret s3cr3t\\"]}", "complete": true}}}',
        '{"type": "tool_start", "tool_name": "execute_multiple_device_config_commands"}',
    ):
        t.apply(parse_event(raw))
    t.mark_stopped()
    kept = json.dumps(t.record_of_turn().as_json())
    assert "s3cr3t" not in kept and "execute_multiple_device_config_commands" in kept


def history(*messages) -> ConversationHistory:
    return ConversationHistory.model_validate({"thread_id": "s1", "title": "t", "messages": list(messages)})


def test_a_record_that_no_longer_fits_is_dropped_not_misapplied():
    user = {"role": "user", "content": "question"}
    answer = {"role": "assistant", "content": "an answer"}
    # The question at that place is another one now (the chat was changed elsewhere).
    t = Transcript.from_history(history({"role": "user", "content": "another"}, answer), {0: record(0)})
    assert [r.ordinal for r in t.dropped_records] == [0]
    assert not [i for i in t.items if type(i).__name__ == "InfoNotice"]
    # A limit record whose refused call is not in that turn.
    limit = record(0, stop=STOP_LIMIT, limit_kind="tool_calls", limit=2, limit_count=2, refused_ids=["gone"])
    t = Transcript.from_history(history(user, answer), {0: limit})
    assert t.dropped_records == [limit] and t.limit_stop is None
    # A record for a question beyond the history.
    t = Transcript.from_history(history(user, answer), {3: record(3)})
    assert [r.ordinal for r in t.dropped_records] == [3]


def test_a_limit_stop_whose_answer_the_controller_did_not_keep_comes_back_whole():
    """The app hung up after a limit (a drain that timed out): the controller kept only
    the question; the record brings back the answer, the refused call and the flag."""
    limit = record(0, stop=STOP_LIMIT, limit_kind="tool_calls", limit=1, limit_count=1, refused_ids=["c2"],
                   partial_text="Checking R1.", calls=[KeptCall("c1", "ping", "{}", "done", "ok"), KeptCall("c2", "ping", "{}", "limit")])
    t = Transcript.from_history(history({"role": "user", "content": "question"}), {0: limit})
    assert t.dropped_records == []
    assert t.assistant_text() == "Checking R1."
    assert [(c.id, c.status.value) for c in t.tool_calls()] == [("c1", "done"), ("c2", "limit")]
    assert t.limit_stop.summary() == "Tool call limit reached: 1 of 1 tool calls used"


def test_a_question_the_controller_refused_does_not_shift_the_records_of_later_turns():
    t = Transcript()
    t.begin_turn("refused (no LLM configured)")
    t.fail("No LLM config", stored=False)
    t.begin_turn("the real first question")
    t.mark_stopped()
    assert t.record_of_turn().ordinal == 0  # the history's first question


def _failed_turn_with_a_call_that_never_ran() -> Transcript:
    """Live: the model asks for a tool, then the controller reports an error and ends."""
    t = Transcript()
    t.begin_turn("check R1")
    for raw in (
        '{"type": "tool_call", "tool_call": {"id": "c1", "type": "function", "function": {"name": '
        '"get_device_status", "arguments": "{\\"device\\": \\"R1\\"}", "complete": true}}}',
        '{"type": "error", "error": "LLM provider timed out"}',
        '{"type": "done"}',
    ):
        t.apply(parse_event(raw))
    return t


def test_a_reopened_chat_shows_a_call_without_result_as_not_run_with_the_error_seen_live():
    live = _failed_turn_with_a_call_that_never_ran()
    assert [c.status.value for c in live.tool_calls()] == ["aborted"]
    # What the real server keeps of such a turn: the question and the call, no result.
    stored = history(
        {"role": "user", "content": "check R1"},
        {"role": "assistant", "content": "", "tool_calls": [
            {"id": "c1", "type": "function", "function": {"name": "get_device_status", "arguments": '{"device": "R1"}'}}]},
    )
    # Without any record (another machine, a chat stopped elsewhere): not "waiting to run".
    bare = Transcript.from_history(stored)
    assert [c.status.value for c in bare.tool_calls()] == ["aborted"]
    # With this app's record of the turn: the error the user read live comes back too.
    kept = TurnRecord.from_json(json.loads(json.dumps(live.record_of_turn().as_json())))
    again = Transcript.from_history(stored, {0: kept})
    assert again.dropped_records == []
    assert [c.status.value for c in again.tool_calls()] == ["aborted"]
    assert [i.text for i in again.items if type(i).__name__ == "ErrorNotice"] == ["LLM provider timed out"]


def test_a_stopped_turn_reopened_shows_its_unfinished_call_as_not_run():
    stored = history(
        {"role": "user", "content": "question"},
        {"role": "assistant", "content": "", "tool_calls": [
            {"id": "c1", "type": "function", "function": {"name": "ping", "arguments": {}}}]},
        {"role": "user", "content": "next"},
        {"role": "assistant", "content": "an answer"},
    )
    t = Transcript.from_history(stored, {0: record(0)})
    assert [c.status.value for c in t.tool_calls()] == ["aborted"]
    assert [i.kind for i in t.items if type(i).__name__ == "InfoNotice"] == ["aborted"]


def test_a_turn_cut_off_or_failed_live_leaves_no_call_waiting_to_run():
    for end in ("interrupted", "failed"):
        t = Transcript()
        t.begin_turn("check R1")
        t.apply(parse_event('{"type": "tool_call", "tool_call": {"id": "c1", "type": "function", "function": '
                            '{"name": "ping", "arguments": "{}", "complete": true}}}'))
        if end == "interrupted":
            from gns3_copilot_desktop.protocol.events import StreamInterrupted

            t.apply(StreamInterrupted(reason="connection lost"))
        else:
            t.fail("Server error 500")
        assert [c.status.value for c in t.tool_calls()] == ["aborted"], end


def test_a_record_written_while_a_call_still_waited_reopens_it_as_not_run():
    """Records kept by earlier versions hold such calls as "ready"; the real server kept
    only the question of a turn whose client hung up."""
    lost = record(0, stop="interrupted", partial_text="Checking.", calls=[KeptCall("c1", "ping", "{}", "ready")])
    t = Transcript.from_history(history({"role": "user", "content": "question"}), {0: lost})
    assert t.dropped_records == []
    assert [(c.id, c.status.value) for c in t.tool_calls()] == [("c1", "aborted")]
