"""The words the lower layers make for people, in Chinese: the limit flags and refused
calls, the transcript's notices, the client's error texts, the exported documents, the
Copilot modes, the cost line. What a controller says (its limit messages, its errors)
stays as it wrote it, and so do the words the app sends; what is stored keeps no words,
so a chat reopened after a language switch speaks the new language.

Real servers on 127.0.0.1 where a server is involved: the reference controller (also
behaving like today's real Copilot, so that this app holds the limits), a plain web
server, a port nobody listens on, a server that never answers, a self-signed https
controller."""

from __future__ import annotations

import json
import re
import socket
import threading

import pytest
from conftest import run
from demo_helpers import chat, project_id, signed_in
from i18n_check import english_words
from i18n_fixtures import chinese  # noqa: F401 - fixture
from test_client_error_words import web_server  # noqa: F401 - fixture
from test_ui_app_side_limits import upstream_app  # noqa: F401 - fixture

from gns3_copilot_desktop.client import ControllerClient, ControllerError
from gns3_copilot_desktop.client import errors
from gns3_copilot_desktop.protocol.events import (
    ContentEvent,
    DoneEvent,
    LimitReachedEvent,
    StreamInterrupted,
    ToolCallEvent,
    ToolEndEvent,
    ToolStartEvent,
    parse_event,
)
from gns3_copilot_desktop.protocol.limits import (
    LimitNotice,
    app_limit_message,
    detect_iteration_notice,
    detect_limit_notice,
    iteration_limit_message,
    per_tool_limit_message,
    time_limit_notice,
    tool_limit_message,
)
from gns3_copilot_desktop.protocol.transcript import Transcript
from gns3_copilot_desktop.protocol.turn_records import TurnRecord

_CJK = re.compile(r"[\u4e00-\u9fff]")
INTERFACES = "Check the interface status of all devices"
LIMIT_KINDS = ("tool_calls", "iterations", "time", "changes", "tool")


def assert_chinese(text: str, controller_words=()) -> None:
    """Chinese, with no English word left but proper names and the controller's words."""
    assert _CJK.search(text), f"not Chinese: {text!r}"
    assert english_words(text, controller_words) == [], f"English left in {text!r}"


# -- the limit flags ---------------------------------------------------------------------


@pytest.mark.parametrize("kind", LIMIT_KINDS)
@pytest.mark.parametrize("enforced_by", ["controller", "app"])
def test_every_limit_flag_reads_chinese(chinese, kind, enforced_by):
    notice = LimitNotice(kind, 3, 2, "text", enforced_by, "show_interface_status" if kind == "tool" else None)
    assert_chinese(notice.summary())
    assert_chinese(notice.refusal())
    assert ("本应用" in notice.refusal()) == (enforced_by == "app")  # who refused it is said
    assert_chinese(app_limit_message(kind, 3, 2, notice.tool))
    if kind == "tool":
        assert "show_interface_status" in notice.summary() and "show_interface_status" in notice.refusal()


def test_the_numbers_of_a_flag_are_in_it_in_chinese(chinese):
    assert LimitNotice("tool_calls", 15, 14, "x").summary() == "工具调用次数上限：已运行 14/15 次工具调用；接下来一次请求的调用会超出上限，因此一次都没有运行"
    assert LimitNotice("iterations", 2, 2, "x").summary() == "已达到迭代次数上限：已用 2/2 次迭代"
    assert LimitNotice("time", 120, None, "x").summary() == "已达到时间上限：2 分钟"
    assert LimitNotice("time", 7, None, "x").summary() == "已达到时间上限：7 秒"
    assert LimitNotice("changes", 1, 0, "x", "app").refusal() == "已拒绝：配置变更上限（本应用）"


def test_a_limit_this_app_held_too_late_says_what_really_ran_in_chinese(chinese):
    over = LimitNotice("tool_calls", 2, 3, "x", "app").summary()
    assert_chinese(over)
    assert "3/2" in over and "控制器已运行" in over


def test_the_servers_english_limit_message_is_recognised_and_kept_while_the_flag_is_chinese(chinese):
    """The real server's words (the design's wording) still parse under zh_CN; the card
    keeps them as the server wrote them; the app's own flag around them is Chinese."""
    server = tool_limit_message(15, 14)
    assert server.startswith("Tool call limit reached (15 calls). Please simplify")  # the wire stays English
    t = Transcript()
    t.begin_turn(INTERFACES, max_tool_calls=15, enforced_by="controller")
    t.apply(ToolCallEvent.model_validate(
        {"tool_call": {"id": "c1", "function": {"name": "ping", "arguments": "{}", "complete": True}}}
    ))
    t.apply(ToolEndEvent(tool_name="ping", tool_call_id="c1", tool_output=json.dumps({"message": server})))
    t.apply(DoneEvent())
    call = t.tool_calls()[0]
    assert call.limit is not None and (call.limit.kind, call.limit.limit, call.limit.count) == ("tool_calls", 15, 14)
    assert call.limit.text == server  # as the server wrote it
    assert call.limit.refusal() == "已拒绝：工具调用次数上限"
    assert call.limit.summary() == "工具调用次数上限：已运行 14/15 次工具调用；接下来一次请求的调用会超出上限，因此一次都没有运行"

    per_tool = detect_limit_notice(per_tool_limit_message("ping", 2, 2))
    assert per_tool is not None and per_tool.tool == "ping" and per_tool.text.startswith("Tool limit reached for ping")
    assert_chinese(per_tool.summary(), {"ping"})
    iterations = detect_iteration_notice(iteration_limit_message(3))
    assert iterations is not None and iterations.text.startswith("Iteration limit reached (3 iterations).")
    assert_chinese(iterations.summary())
    timed = detect_iteration_notice(time_limit_notice(60))
    assert timed is not None and timed.kind == "time" and timed.text.startswith("Execution time limit reached")
    assert timed.summary() == "已达到时间上限：1 分钟"


# -- the transcript's notices ------------------------------------------------------------


def _notices(t: Transcript) -> list[str]:
    from gns3_copilot_desktop.protocol.items import InfoNotice

    return [i.text for i in t.items if isinstance(i, InfoNotice)]


def test_the_transcripts_notices_read_chinese(chinese):
    stopped = Transcript()
    stopped.begin_turn(INTERFACES)
    stopped.mark_stopped()
    assert _notices(stopped) == ["已停止：你中止了本轮对话。"]

    lost = Transcript()
    lost.begin_turn(INTERFACES)
    lost.apply(ContentEvent(content="Checking"))
    lost.apply(StreamInterrupted())
    assert _notices(lost) == ["与控制器的连接已断开。已收到的内容均已保留。"]

    odd = Transcript()
    odd.begin_turn(INTERFACES)
    odd.apply(parse_event("not json at all"))
    odd.apply(parse_event('{"no": "type"}'))
    odd.apply(parse_event('{"type": "tool_end", "tool_output": {"a": 1}, "tool_name": 5}'))
    odd.note_unshown("ToolStartEvent", "ZeroDivisionError: division by zero", '{"type": "tool_start"}')
    shown = _notices(odd)
    assert len(shown) == 4
    # Python's and pydantic's own details and the raw text stay as they came.
    for text in shown:
        assert _CJK.search(text)
    assert shown[1] == "控制器发送了本应用无法读取的内容（缺少事件类型），已跳过。"
    assert shown[3].startswith("无法显示这一部分（ToolStartEvent）：ZeroDivisionError: division by zero。原始文本：")

    held = Transcript()
    held.begin_turn(INTERFACES, max_tool_calls=1, enforced_by="app")
    held.apply(LimitReachedEvent(kind="tool_calls", limit=1, count=1))
    held.end_of_stream()
    assert _notices(held) == ["工具调用次数上限：一次请求的工具调用超过允许的 1 次，因此一次都没有运行（由本应用执行）。"]


def test_an_error_event_without_words_gets_the_apps_in_chinese_and_the_servers_stay(chinese):
    assert parse_event('{"type": "error"}').error == "Copilot 报告了一个错误。"
    assert parse_event('{"type": "error", "error": "Rate limit exceeded"}').error == "Rate limit exceeded"


def test_stored_turn_records_keep_no_words_so_a_language_switch_leaves_none_behind(chinese):
    """A turn stopped by this app's limit under zh_CN is recorded as kinds and numbers;
    reopened in English, it speaks English (and the other way round)."""
    from gns3_copilot_desktop.protocol.models import ConversationHistory
    from gns3_copilot_desktop.ui.language import current

    t = Transcript(session_id="s1")
    t.begin_turn(INTERFACES, max_tool_calls=1, enforced_by="app")
    t.apply(ToolCallEvent.model_validate(
        {"tool_call": {"id": "c1", "function": {"name": "ping", "arguments": "{}", "complete": True}}}
    ))
    t.apply(ToolStartEvent(tool_name="ping", tool_call_id="c1"))
    t.apply(ToolEndEvent(tool_name="ping", tool_call_id="c1", tool_output="ok"))
    t.apply(ToolCallEvent.model_validate(
        {"tool_call": {"id": "c2", "function": {"name": "ping", "arguments": "{}", "complete": True}}}
    ))
    t.apply(LimitReachedEvent(kind="tool_calls", limit=1, count=1))
    t.end_of_stream()
    assert any(_CJK.search(n) for n in _notices(t))
    stored = json.dumps(t.record_of_turn().as_json(), ensure_ascii=False)
    assert not _CJK.search(stored), stored
    assert "reached" not in stored and "enforced" not in stored  # no sentence, English or Chinese

    history = ConversationHistory.model_validate({"thread_id": "s1", "messages": [
        {"role": "user", "content": INTERFACES},
        {"role": "assistant", "content": "", "tool_calls": [
            {"id": "c1", "type": "function", "function": {"name": "ping", "arguments": "{}"}},
            {"id": "c2", "type": "function", "function": {"name": "ping", "arguments": "{}"}},
        ]},
        {"role": "tool", "tool_call_id": "c1", "name": "ping", "content": "ok"},
        {"role": "tool", "tool_call_id": "c2", "name": "ping",
         "content": json.dumps({"status": "aborted", "tool_call_id": "c2"})},
    ]})
    record = TurnRecord.from_json(json.loads(stored))
    current.install("en")
    english = Transcript.from_history(history, {0: record})
    assert _notices(english) == ["Tool call limit reached: 1 of 1 tool calls used (enforced by this app)."]
    assert english.tool_calls()[1].limit.refusal() == "refused: tool-call limit (this app)"
    current.install("zh_CN")
    again = Transcript.from_history(history, {0: record})
    assert _notices(again) == ["已达到工具调用次数上限：已用 1/1 次工具调用（由本应用执行）。"]


def test_a_change_tools_output_that_a_record_does_not_keep_is_worded_when_shown(chinese):
    """The record stores a marker, not words: the card says it in the language of the day."""
    from gns3_copilot_desktop.protocol.models import ConversationHistory
    from gns3_copilot_desktop.ui.language import current

    t = Transcript(session_id="s1")
    t.begin_turn("Configure OSPF on R1")
    t.apply(ToolCallEvent.model_validate(
        {"tool_call": {"id": "c1", "function": {"name": "configure_ospf", "arguments": '{"device": "R1"}', "complete": True}}}
    ))
    t.apply(ToolStartEvent(tool_name="configure_ospf", tool_call_id="c1"))
    t.apply(ToolEndEvent(tool_name="configure_ospf", tool_call_id="c1", tool_output="enable secret s3cr3t"))
    t.mark_stopped()
    stored = json.dumps(t.record_of_turn().as_json(), ensure_ascii=False)
    assert "s3cr3t" not in stored and not _CJK.search(stored)
    record = TurnRecord.from_json(json.loads(stored))
    history = ConversationHistory.model_validate(
        {"thread_id": "s1", "messages": [{"role": "user", "content": "Configure OSPF on R1"}]}
    )
    assert Transcript.from_history(history, {0: record}).tool_calls()[0].output == "（未保留：可能包含机密信息）"
    current.install("en")
    assert Transcript.from_history(history, {0: record}).tool_calls()[0].output == "(not kept: it may hold secrets)"


# -- the client's error words --------------------------------------------------------------


@pytest.mark.parametrize("kind", [
    errors.ControllerError, errors.Unreachable, errors.UntrustedCertificate, errors.Unauthorized,
    errors.ProjectNotOpened, errors.LLMNotConfigured, errors.CopilotMissing, errors.CopilotUnavailable,
    errors.NotFound, errors.ValidationFailed, errors.Conflict, errors.ProtocolError, errors.ServerError,
])
def test_each_client_error_has_chinese_words(chinese, kind):
    assert_chinese(kind().message)


@pytest.mark.parametrize("status", [400, 401, 403, 404, 409, 418, 422, 500, 501, 503])
def test_an_error_answer_without_words_is_said_in_chinese_and_the_servers_words_stay(chinese, status):
    assert_chinese(errors.error_for_status(status, {}, chat_route=status == 404).message)
    server = {"message": "Project 'OSPF Lab' is closed"} if status == 403 else {"detail": "Boom happened"}
    said = errors.error_for_status(status, server).message
    assert ("Project 'OSPF Lab' is closed" if status == 403 else "Boom happened") in said


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def _failure(url: str, call, **options) -> ControllerError:
    async with ControllerClient(url, **options) as client:
        with pytest.raises(ControllerError) as caught:
            await call(client)
    return caught.value


def test_connection_refused_is_said_in_chinese(chinese):
    url = f"http://127.0.0.1:{_free_port()}"
    error = run(_failure(url, lambda c: c.version()))
    assert isinstance(error, errors.Unreachable)
    assert error.message.startswith(f"无法连接 {url} 上的控制器：")  # then the OS's own words


def test_a_server_that_stops_answering_is_said_in_chinese(chinese):
    quiet = socket.socket()
    quiet.bind(("127.0.0.1", 0))
    quiet.listen(1)
    accepted: list[socket.socket] = []
    threading.Thread(target=lambda: accepted.append(quiet.accept()[0]), daemon=True).start()
    url = f"http://127.0.0.1:{quiet.getsockname()[1]}"
    try:
        error = run(_failure(url, lambda c: c.version(), request_timeout=0.5))
    finally:
        for s in [*accepted, quiet]:
            s.close()
    assert error.message == f"{url} 上的控制器已停止响应（ReadTimeout）。"


def test_a_web_server_that_is_not_gns3_and_https_on_an_http_port_are_said_in_chinese(chinese, web_server):
    url = f"http://{web_server}"
    assert run(_failure(url, lambda c: c.version())).message.startswith(f"{url} 上的服务器不是 GNS3 控制器")
    https = run(_failure(f"https://{web_server}", lambda c: c.version())).message
    assert https == f"https://{web_server} 上的服务器在此端口不使用 https。请尝试 http://{web_server}。"


def test_an_untrusted_certificate_is_said_in_chinese(chinese, tmp_path):
    pytest.importorskip("cryptography.x509")
    from test_ui_certificates import self_signed

    from gns3_copilot_desktop.controller_sim import DemoController

    certfile, keyfile, _ = self_signed(tmp_path, "gns3-lab")
    controller = DemoController(ssl_certfile=certfile, ssl_keyfile=keyfile).start()
    url = controller.credentials.url
    try:
        error = run(_failure(url, lambda c: c.version()))
    finally:
        controller.stop()
    assert isinstance(error, errors.UntrustedCertificate)
    # The TLS library's reason follows in its own words.
    assert error.message.startswith(f"{url} 上的控制器使用了本应用不信任的证书：")
    assert "CERTIFICATE_VERIFY_FAILED" in error.message


def test_a_wrong_password_is_the_controllers_words(chinese, demo):
    """A 401 with the controller's text keeps it: the app's own sentence is only for a
    401 that came without words."""
    creds = demo.credentials
    error = run(_failure(creds.url, lambda c: c.authenticate(creds.username, "wrong")))
    assert isinstance(error, errors.Unauthorized)
    assert error.message == errors.error_text(error.body) and not _CJK.search(error.message)


def test_what_the_window_says_about_a_controller_is_chinese(chinese, demo):
    async def go():
        async with await signed_in(demo) as client:
            return await client.capabilities()

    assert run(go()).describe() == f"GNS3 {run(go()).version}：运行限制由控制器执行"


def test_address_problems_are_chinese(chinese):
    from gns3_copilot_desktop.protocol.addresses import controller_url_problem

    for url in ("127.0.0.1:3080", "http://127.0.0.1 :3080", "http://127.0.0.1:99999", "http://:3080", "http://127.0.0.1:0"):
        assert_chinese(controller_url_problem(url))


# -- the exported documents ------------------------------------------------------------------


def test_an_export_is_written_in_the_apps_language_and_its_json_does_not_change(chinese, demo):
    from gns3_copilot_desktop.protocol.export import ExportedChat, NotAnExport, from_json, to_html, to_json, to_markdown
    from gns3_copilot_desktop.ui.language import current

    async def go():
        async with await signed_in(demo) as client:
            project = await project_id(client)
            _, transcript = await chat(client, project, INTERFACES, max_tool_calls=3)
            session = next(s for s in await client.sessions(project) if s.thread_id == transcript.session_id)
            return ExportedChat(await client.history(project, transcript.session_id), session, "OSPF Lab", demo.url)

    exported = run(go())
    markdown = to_markdown(exported)
    assert "## 问题 1" in markdown
    assert "- **项目：** OSPF Lab" in markdown and "- **Copilot 模式：** 实验自动化" in markdown
    assert "### 工具调用 `show_interface_status`（已完成）" in markdown
    assert "（⚠ 已拒绝：工具调用次数上限）" in markdown  # the card's status; the one flag under the turn:
    assert "> ⚠ 已达到工具调用次数上限：已用 3/3 次工具调用。" in markdown
    assert "参数：" in markdown and "结果：" in markdown
    # The controller's words in it stay as they were written: the question, its limit message.
    assert "> " + INTERFACES in markdown and "Tool call limit reached (3 calls)." in markdown
    page = to_html(exported)
    assert "<li><b>项目：</b> OSPF Lab</li>" in page and "<p>参数</p>" in page and "<p>结果</p>" in page

    in_chinese = to_json(exported)
    current.install("en")
    assert to_json(exported) == in_chinese  # the app's file: no words of any language
    current.install("zh_CN")
    assert from_json(in_chinese).history == exported.history
    for bad in ("not json", json.dumps({"format": "other"}), json.dumps({"format": "gns3-copilot-chat", "version": 99})):
        with pytest.raises(NotAnExport) as caught:
            from_json(bad)
        assert _CJK.search(str(caught.value))


# -- modes, cost, tooltip, what is sent ------------------------------------------------------------


def test_mode_names_and_explanations_are_chinese_and_their_keys_the_controllers(chinese):
    from gns3_copilot_desktop.protocol.llm_configs import INJECTION, LAB_AUTOMATION, MODE_NAMES, MODES, TEACHING, mode_name

    assert list(MODES) == [TEACHING, LAB_AUTOMATION] and list(MODE_NAMES) == [TEACHING, LAB_AUTOMATION, INJECTION]
    assert MODES[TEACHING][0] == "教学助手" and MODES[LAB_AUTOMATION][0] == "实验自动化"
    assert all(_CJK.search(explanation) for _, explanation in MODES.values())
    assert mode_name(INJECTION) == "故障排查练习" and mode_name(None) == "教学助手"
    assert mode_name("a_future_mode") == "a_future_mode"  # unknown modes as they came


def test_the_cost_line_and_the_change_limits_tooltip_are_chinese(chinese):
    from gns3_copilot_desktop.protocol import change_tools
    from gns3_copilot_desktop.protocol.cost import Price, cost_line

    assert cost_line(1234567, 200, None, None) == "本会话：输入 1,234,567 个 Token · 输出 200 个"
    assert cost_line(1_000_000, 100_000, "gpt-4o", Price(2.5, 10)).endswith("按 gpt-4o 设置的价格约为 $3.5000")
    assert_chinese(cost_line(1000, 200, "gpt-4o", None), {"gpt-4o"})
    tooltip = change_tools.explanation()
    assert_chinese(tooltip, change_tools.CHANGE_TOOLS | change_tools.READ_ONLY_TOOLS)
    assert "\n  configure_ospf\n" in tooltip and "\n  ping" in tooltip  # the tools as the Copilot names them


def test_what_the_app_sends_to_the_controller_stays_english(chinese):
    from gns3_copilot_desktop.protocol.practice import practice_message

    assert practice_message(3) == "Inject 3 network faults for troubleshooting practice."
    assert practice_message(0).startswith("Inject a random number of network faults")


# -- the window, on the reference controller ---------------------------------------------------


def _stopped_on_two_tool_calls(app):
    """Send a question with a tool-call limit of 2; what the cards and notices say."""
    from gns3_copilot_desktop.ui.chat_parts import NoticeLine

    app.window.limits.unlimited.setChecked(False)
    app.window.limits.tool_calls.setValue(2)
    app.send(INTERFACES)
    app.finish_turn(30)
    refused = [c for c in app.cards() if c.kind == "limit"]
    assert refused, "the limit stopped the turn"
    notices = [w.label.text() for w in app.window.chat.widgets() if isinstance(w, NoticeLine)]
    return app.cards()[-1].status.text(), refused[0].limit_line.text(), notices


def test_a_limit_the_controller_held_shows_chinese_flags_around_its_english_message(chinese, app):
    app.sign_in_demo()
    app.choose("OSPF Lab")
    status, line, notices = _stopped_on_two_tool_calls(app)
    assert status == "已拒绝：工具调用次数上限"
    assert line.startswith("Tool call limit reached (2 calls). Please simplify")  # the controller's words
    assert notices == ["已达到工具调用次数上限：已用 2/2 次工具调用。"]  # the one flag


def test_a_limit_this_app_held_shows_chinese_flags_and_explanation(chinese, upstream_app):
    """The reference controller behaving like today's real Copilot (no limits): this
    app holds the limit, and every word of the stop is its own, in Chinese."""
    status, line, notices = _stopped_on_two_tool_calls(upstream_app)
    assert status == "已拒绝：工具调用次数上限（本应用）"
    assert line.startswith("已达到工具调用次数上限（2 次）。") and "请简化请求" in line
    assert "Tool call limit reached" not in line
    assert notices == ["已达到工具调用次数上限：已用 2/2 次工具调用（由本应用执行）。"]


def test_a_sentence_around_a_quoted_text_has_one_period_not_two():
    from gns3_copilot_desktop.protocol.translation import sentence

    assert sentence("Next time ({reason}).", reason="Prompt dismissed.") == "Next time (Prompt dismissed)."
    assert sentence("Could not save {path}: {reason}.", path="a.json", reason="Disk full.") == "Could not save a.json: Disk full."
    assert sentence("下次（{reason}）。", reason="提示已关闭。") == "下次（提示已关闭）。"
    # Where nothing follows, and an ellipsis or a question, the quoted text stays as it came.
    assert sentence("Cannot reach it: {reason}", reason="Refused.") == "Cannot reach it: Refused."
    assert sentence("It said ({reason}).", reason="Wait...") == "It said (Wait...)."
