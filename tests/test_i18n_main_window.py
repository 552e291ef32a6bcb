"""The main window in Chinese, state by state, as a user meets it: signed out, a chat
list with chats, the find bar, a tool result shown whole, a turn running and being
stopped, an error, the link confirmation, the status bar. The real window against the
reference controller; each state is walked for English left (the controller's words
excepted) and, where the layout changes, for text cut off at 1024×700."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta, timezone

import pytest
from geometry import clipped, text_cut
from i18n_check import english_left, english_words
from PySide6.QtCore import QDateTime, QLocale, Qt, QUrl
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMessageBox
from test_i18n import _controller_words, chinese, controller_text  # noqa: F401 - fixtures

from gns3_copilot_desktop.controller_sim.faults import Faults

INTERFACES = "Check the interface status of all devices"


@pytest.fixture
def zh_app(chinese, controller_text, app):  # noqa: F811 - `app` comes after `chinese`: built in Chinese
    app.window.resize(1024, 700)
    return app


def english(app, widget, seen) -> list[str]:
    return english_left(widget, _controller_words(app, seen))


def fits(app) -> None:
    app.settle(0.2)
    assert clipped(app.window) == []
    assert text_cut(app.window) == []


def ready(app, project: str = "OSPF Lab") -> None:
    app.sign_in_demo()
    app.choose(project)


async def _transport_reason(url: str) -> str:
    """What the network library says when nothing answers at `url`."""
    import httpx

    try:
        async with httpx.AsyncClient() as client:
            await client.get(url)
    except httpx.TransportError as exc:
        return str(exc) or type(exc).__name__
    raise AssertionError(f"something answers at {url}")


# -- words without a window ---------------------------------------------------------------


def test_ages_counts_and_times_follow_the_language(chinese):  # noqa: F811
    from gns3_copilot_desktop.protocol.models import ChatSession
    from gns3_copilot_desktop.ui.session_line import last_message_time, relative_time, session_line, session_statistics

    now = datetime(2026, 11, 30, 12, 0, tzinfo=timezone.utc)
    ago = lambda **kw: (now - timedelta(**kw)).isoformat()  # noqa: E731
    assert relative_time(ago(seconds=20), now) == "刚刚"
    assert relative_time(ago(minutes=5), now) == "5 分钟前"
    assert relative_time(ago(hours=2), now) == "2 小时前"
    assert relative_time(ago(days=1, hours=2), now) == "昨天"
    assert relative_time(ago(days=3), now) == "3 天前"
    assert relative_time(ago(days=800), now) == "2 年前"
    last = now - timedelta(minutes=5)
    session = ChatSession(thread_id="t", title="OSPF", message_count=1234, last_message_at=last.isoformat(),
                          llm_calls_count=3, input_tokens=12000, output_tokens=34, total_tokens=12034)
    assert session_line(session, now) == "OSPF\n1,234 条消息 · 5 分钟前"
    stats = session_statistics(session, now)
    # The time as the Chinese locale writes it, in the user's time zone.
    shown = QLocale("zh_CN").toString(QDateTime.fromSecsSinceEpoch(int(last.timestamp())), QLocale.FormatType.ShortFormat)
    assert stats == "输入 12,000 个 Token · 输出 34 个 · 共 12,034 个 · 3 次 LLM 调用 · 最后一条消息：5 分钟前"
    assert last_message_time(session) == f"最后一条消息：{shown}"  # the line's tooltip
    assert english_words(stats) == english_words(last_message_time(session)) == []


# -- the window, state by state ----------------------------------------------------------


def test_signed_out_and_not_connected_in_chinese(zh_app, controller_text):  # noqa: F811
    app = zh_app
    window = app.window
    # Not connected: nothing answers at that address. The app says so in Chinese; the
    # reason is the network library's own text (kept as it says it, like the controller's).
    unreachable = "http://127.0.0.1:9"
    app.run(app.presenter.start(unreachable, "admin"))  # no token kept: the sign-in dialog asks
    assert not app.run(app.presenter.sign_in(unreachable, "admin", "secret", remember=False))
    assert window.connection.text() == "未登录" and window.sign_in_button.text() == "登录…"
    assert window.sign_in_dialog.isVisible() and unreachable in window.sign_in_dialog.error.text()
    controller_text.add(app.run(_transport_reason(unreachable)))  # also later: the dialog keeps it
    assert english(app, window, controller_text) == []
    # Signed in, then out: the header says who it was, the chat and the picker say what to do.
    ready(app)
    window.sign_out_button.click()
    app.wait(lambda: app.presenter.client is None and window.sign_in_button.isVisible(), what="signed out")
    assert window.connection.text() == "未登录"
    assert window.chat._placeholder.text() == "请先登录 GNS3 控制器。"
    assert window.projects.state.text() == "登录后可查看项目"
    assert window.composer.send_button.toolTip() == "请先登录"
    assert english(app, window, controller_text) == []
    fits(app)


def test_a_chat_list_with_chats_in_chinese(zh_app, controller_text):  # noqa: F811
    app = zh_app
    ready(app)
    app.send("hello")
    app.finish_turn()
    first = app.presenter.session_id
    app.presenter.new_chat()
    assert app.window.windowTitle() == "新建会话 — OSPF Lab — GNS3 Copilot Desktop"
    app.send("Show me the topology")
    app.finish_turn()
    app.run(app.presenter.pin_session(first, True))
    chats = app.window.sessions.list
    app.wait(lambda: chats.count() == 2 and app.presenter.sessions[0].pinned, what="two chats, one pinned")
    lines = [chats.item(i).text().splitlines()[1] for i in range(chats.count())]
    assert all(" 条消息 · 刚刚" in line for line in lines), lines
    pinned = next(chats.item(i) for i in range(chats.count()) if chats.item(i).data(Qt.ItemDataRole.UserRole) == first)
    assert pinned.data(Qt.ItemDataRole.AccessibleTextRole).endswith("（已置顶）")
    header = app.window.companion.header
    app.wait(lambda: "次 LLM 调用" in header.stats.text(), what="the chat's statistics")
    assert english_words(header.stats.text()) == []
    assert app.window.sessions.new_button.text() == "新建会话"
    assert english(app, app.window, controller_text) == []
    fits(app)
    # Its menu and questions, too.
    rename = app.window.sessions.ask_rename(first)
    assert rename.windowTitle() == "重命名会话" and english(app, rename, controller_text) == []
    rename.reject()
    delete = app.window.sessions.ask_delete(first)
    assert delete.windowTitle() == "删除会话" and delete.delete_button.text() == "删除"
    assert english(app, delete, controller_text) == []
    delete.reject()


def test_the_find_bar_in_chinese(zh_app, controller_text):  # noqa: F811
    app = zh_app
    ready(app)
    app.send(INTERFACES)
    app.finish_turn()
    QTest.keyClick(app.window, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    bar = app.window.companion.find_bar
    assert bar.isVisible() and bar.box.placeholderText() == "在此会话中查找"
    QTest.keyClicks(bar.box, "R1")
    assert bar.count.text().startswith("第 1 个，共 ") and bar.count.text().endswith(" 个")
    assert english(app, app.window, controller_text) == []
    fits(app)
    bar.box.setText("no such words anywhere")
    assert bar.count.text() == "无匹配"


def test_a_tool_result_shown_whole_in_chinese(zh_app, controller_text):  # noqa: F811
    app = zh_app
    ready(app)
    app.send("Show me the topology")
    app.finish_turn()
    card = app.cards()[0]
    assert card.status.text() == "已完成" and card.copy.text() == "复制"
    assert card.show_all.text().startswith("全部显示（") and card.show_all.text().endswith(" 行）")
    card.show_all.click()
    app.wait(lambda: not card.filling(), what="the whole result")
    assert card.show_all.text() == "收起"
    card.copy.click()
    assert card.copy.text() == "已复制" and card.copy.accessibleDescription() == "已复制到剪贴板"
    assert english(app, app.window, controller_text) == []
    fits(app)


def test_a_running_turn_and_stopping_it_in_chinese(zh_app, controller_text):  # noqa: F811
    app = zh_app
    ready(app)
    app.demo.state.settings.pace_s = 0.05  # a realistic stream
    app.demo.state.settings.faults = Faults(slow_tools_s=0.5)
    app.send("Configure OSPF on all routers")
    app.wait(lambda: any(c.status.text().endswith("运行中") for c in app.cards()), what="a tool running")
    window = app.window
    assert window.banner.text().startswith("Copilot 正在工作 · 迭代 ")
    assert window.composer.stop_button.isVisible() and window.composer.stop_button.text() == "停止"
    # Sending again while it runs: said in the status bar.
    assert not app.presenter.send("again")
    assert window.statusBar().currentMessage() == "Copilot 仍在回答：请等待，或按“停止”。"
    assert english(app, window, controller_text) == []
    fits(app)
    QTest.keyClick(window.composer.stop_button, Qt.Key.Key_Space)
    assert window.banner.text().startswith("正在停止… · 迭代 ")
    assert english(app, window, controller_text) == []
    app.finish_turn(timeout=20)
    assert app.presenter.transcript.state.value == "aborted"
    assert english(app, window, controller_text) == []


def test_an_error_in_chinese(zh_app, controller_text):  # noqa: F811
    app = zh_app
    ready(app)
    app.send("hello")
    app.finish_turn()
    # The app's own error, in the alert above the chat.
    app.run(app.presenter.rename_session(app.presenter.session_id, "   "))
    assert app.window.alert.isVisible() and app.window.alert.text() == "会话标题不能为空。"
    assert english(app, app.window, controller_text) == []
    fits(app)
    # A failure nobody foresaw: the app's words around Python's.
    app.presenter._report(RuntimeError("boom"))
    assert app.window.alert.text() == "出错了：RuntimeError: boom"
    # Limits the request refuses (set around the panel): the app's sentence, the
    # validator's detail after it, and the message is kept.
    app.presenter.limits = replace(app.presenter.limits, max_iterations=1000)
    app.send("hello again")
    assert app.window.alert.text().startswith("无法发送这些上限：max_iterations: ")
    assert app.window.composer.edit.toPlainText() == "hello again" and not app.presenter.is_running


def test_the_link_confirmation_in_chinese(zh_app, controller_text):  # noqa: F811
    from gns3_copilot_desktop.ui.untrusted import open_link

    app = zh_app
    address = "https://example.com/topology?id=1"
    box = open_link(QUrl(address), app.window)
    try:
        assert box.windowTitle() == "打开链接？" and box.text().startswith("此链接指向：")
        labels = {b.text() for b in box.buttons()}
        assert {"在浏览器中打开", "复制链接"} <= labels
        assert english_left(box, [address]) == []
    finally:
        box.done(QMessageBox.StandardButton.Cancel)
    other = "file:///etc/passwd"
    box = open_link(QUrl(other), app.window)
    try:
        assert box.text().startswith("此链接不是网页地址，因此本应用不会打开它：")
        assert english_left(box, [other]) == []
    finally:
        box.done(QMessageBox.StandardButton.Cancel)


def test_the_status_bar_in_chinese(zh_app, controller_text):  # noqa: F811
    app = zh_app
    app.sign_in_demo()
    name = "校园网 Campus Network"  # a closed project of the demo controller: its name stays
    app.choose(name)
    message = app.window.statusBar().currentMessage()
    assert message == f"“{name}”已关闭：打开项目后才能与其 Copilot 会话。"
    assert app.window.projects.state.text() == "已关闭" and app.window.projects.open_button.text() == "打开项目"
    assert english(app, app.window, controller_text) == []
    fits(app)


def test_a_silent_controller_is_told_in_chinese(zh_app, controller_text, monkeypatch):  # noqa: F811
    app = zh_app
    monkeypatch.setenv("GNS3_COPILOT_SILENCE_S", "1")
    ready(app)
    app.demo.state.settings.faults = Faults(stall_s=30)
    app.send("Show me the topology")
    banner = app.window.banner
    app.wait(lambda: banner.text().startswith("已有 "), 5, "the silence banner")
    assert "秒未收到控制器的任何数据 · 迭代 " in banner.text() and "<b>停止</b>" in banner.text()
    assert english_words(banner.text()) == []
    banner.linkActivated.emit("stop")
    app.wait(lambda: banner.text().startswith("正在停止…") or not banner.isVisible(), 5, "stopping")
    app.finish_turn(10)
    assert app.presenter.transcript.state.value == "aborted"
