"""The dialogs and the limits panel in Chinese (issue 16): each window, in each state a
user meets it in (empty, editing, asking, failing, revealed), shows no English but the
controller's words and proper names, and cuts nothing off — at its own size, and with
the main window at 1024×700. Also the stores' problem texts, which the window shows."""

from __future__ import annotations

import json
import re

import pytest
from geometry import clipped, text_cut
from i18n_check import english_left
from i18n_fixtures import chinese, controller_text  # noqa: F401 - fixtures

from gns3_copilot_desktop.protocol.llm_configs import PROVIDERS

# The controller's provider keys, offered as the controller spells them, and the form's
# examples of what goes into its fields (a model's and an address's own spelling).
PROVIDER_KEYS = set(PROVIDERS) | {"gpt-4o-mini", "https://api.openai.com/v1"}


@pytest.fixture
def zh(chinese, controller_text, request):
    """The real window on the reference controller, built after Chinese was installed,
    at 1024×700."""
    app = request.getfixturevalue("app")
    app.window.resize(1024, 700)
    app.settle(0.05)
    return app


def shown(app, widget, seconds: float = 0.15):
    app.wait(widget.isVisible, what=f"{type(widget).__name__} to show")
    app.settle(seconds)
    return widget


def no_english(widget, words=()) -> None:
    left = english_left(widget, words)
    assert left == [], "English left:\n" + "\n".join(left)


def nothing_cut(widget) -> None:
    cut = clipped(widget) + text_cut(widget)
    assert cut == [], "cut off:\n" + "\n".join(cut)


def assert_chinese(widget, words=()):
    """No English left in `widget`, and none of its controls cut off at its size."""
    no_english(widget, words)
    nothing_cut(widget)


# A file dialog's patterns stay as the file system spells them.
FILE_DIALOG_WORDS = {"(*.md)", "(*.html)", "(*.json)", "(*)"}


def transcript_words(transcript) -> set[str]:
    """A conversation's own words (questions, answers, tool names, arguments, outputs)."""
    words: set[str] = set()
    for item in transcript.items if transcript is not None else ():
        words.update(str(v) for v in vars(item).values() if isinstance(v, str))
    return words


def has_chinese(text: str) -> bool:
    return any("\u4e00" <= c <= "\u9fff" for c in text)


# -- the limits panel ----------------------------------------------------------------


def test_the_limits_panel_with_more_limits_open_and_its_cost_line(zh, controller_text):
    app = zh
    panel = app.window.limits
    assert panel.title() == "运行限制"
    # The built-in presets by their Chinese names; the key stays the English name.
    names = [panel.preset.itemText(i) for i in range(panel.preset.count())]
    assert names[:5] == ["默认  (20 次迭代，工具调用不限)", "快速查看  (5 次迭代，3 次工具调用)", "搭建实验  (50 次迭代，30 次工具调用)",
                         "仅诊断  (20 次迭代，工具调用不限，不允许配置变更)", "谨慎变更  (20 次迭代，工具调用不限，10 分钟，3 次配置变更)"]
    assert panel.preset.itemData(3) == "Diagnose only"
    panel.iterations.setValue(7)
    assert panel.preset.currentText() == "自定义  (7 次迭代，工具调用不限)"
    from gns3_copilot_desktop.ui.untrusted import tooltip

    assert panel.preset.itemData(panel.preset.currentIndex(), 3) == tooltip("7 次迭代，工具调用不限")

    app.sign_in_demo()
    app.choose("OSPF Lab")
    app.send("Show me the topology")
    app.finish_turn()
    app.wait(lambda: panel.cost.isVisible(), what="the cost line")
    panel.more.toggle.click()
    panel.more.set_tool_names(["get_project_topology", "execute_commands"])
    panel.more.tool_name.setEditText("execute_commands")
    panel.more.add.click()
    panel.more.changes.setValue(0)
    panel.more.minutes.setValue(5)
    app.settle(0.15)
    assert panel.more.body.isVisible() and panel.more.per_tool.count() == 1
    assert panel.more.minutes.text() == "5 分钟"
    assert "仅诊断" in panel.more.changes.toolTip()
    from gns3_copilot_desktop.protocol.change_tools import CHANGE_TOOLS, READ_ONLY_TOOLS

    model = app.presenter.llm_configs.default_config.config.model
    # The Copilot's tool names (the change limit's tooltip lists them) stay as it has them.
    words = {*controller_text, *transcript_words(app.presenter.transcript), model, *CHANGE_TOOLS, *READ_ONLY_TOOLS}
    no_english(panel, words)
    nothing_cut(app.window)
    # "off" in words while no limit is set.
    panel.more.minutes.setValue(0)
    panel.more.changes.setValue(-1)
    assert (panel.more.minutes.text(), panel.more.changes.text()) == ("关闭", "关闭")


# -- the preset questions -------------------------------------------------------------


def test_the_preset_questions(zh):
    app = zh
    panel = app.window.limits
    panel.iterations.setValue(33)
    panel.save_as.click()
    question = shown(app, panel._preset_question)
    assert question.windowTitle() == "将上限保存为预设"
    assert_chinese(question)
    question.setTextValue("OSPF 排错")
    question.accept()
    assert panel.preset.currentData() == "OSPF 排错"

    # The same name again: "replace?"
    panel.iterations.setValue(34)
    panel.save_as.click()
    shown(app, panel._preset_question).setTextValue("ospf 排错")
    panel._preset_question.accept()
    replace = shown(app, panel._preset_question)
    assert "已存在" in replace.text()
    assert_chinese(replace)
    replace.button(replace.StandardButton.Cancel).click()

    # A built-in's name, in either language, is refused in words and asked again.
    question = shown(app, panel._preset_question)
    question.setTextValue("仅诊断")
    question.accept()
    again = shown(app, panel._preset_question)
    assert "“仅诊断”是内置预设" in again.labelText() and again.textValue() == "仅诊断"
    assert_chinese(again)
    again.reject()

    panel.preset.activated.emit(panel.preset.findData("OSPF 排错"))
    panel.delete.click()
    delete = shown(app, panel._preset_question)
    assert delete.text() == "删除预设“OSPF 排错”吗？"
    assert_chinese(delete)
    delete.button(delete.StandardButton.Cancel).click()


# -- LLM settings ------------------------------------------------------------------------


def _llm_settings(app):
    app.sign_in_demo()
    app.window.companion.llm_action.trigger()
    dialog = app.window.companion.llm_dialog
    app.wait(lambda: dialog.isVisible() and dialog.list.count() == 2, what="the LLM settings to load")
    app.settle(0.15)
    return dialog


def _config_words(app) -> set[str]:
    """The configurations as the controller keeps them: names, models, group names."""
    words = set(PROVIDER_KEYS)
    for config in app.demo.state.llm.configs.values():
        words.update({config.name, str(config.config.get("model", ""))})
    words.update(app.demo.state.llm.groups.values())
    return {w for w in words if w}


def test_llm_settings_list_edit_new_read_only_and_delete(zh, controller_text):
    app = zh
    dialog = _llm_settings(app)
    assert dialog.windowTitle() == "LLM 设置"
    words = {*controller_text, *_config_words(app)}
    assert_chinese(dialog, words)  # the default, being edited
    assert dialog.context_strategy.currentText() == "均衡"

    dialog.list.setCurrentRow(1)  # inherited from a group: read-only
    assert "继承自用户组" in dialog.source.text()
    assert_chinese(dialog, words)

    dialog.new_button.click()
    assert dialog.source.text() == "新配置" and dialog.api_key.placeholderText() == "本地 ollama 无需填写"
    assert_chinese(dialog, words)

    dialog.list.setCurrentRow(0)
    dialog.delete_button.click()
    box = shown(app, dialog.confirm_box)
    assert box.text().startswith("从控制器上删除“")
    assert_chinese(box, words)
    box.button(box.StandardButton.Cancel).click()


def test_llm_settings_say_what_is_wrong_in_chinese(zh, controller_text):
    app = zh
    dialog = _llm_settings(app)
    dialog.new_button.click()
    dialog.model.setText("m")
    dialog.save_button.click()
    assert dialog.message.text() == "名称不能为空。"
    assert_chinese(dialog, {*controller_text, *_config_words(app)})

    # Someone saved meanwhile: reloaded, said, and what was typed kept.
    dialog.list.setCurrentRow(0)
    stored = next(c for c in app.demo.state.llm.configs.values() if c.name == "Demo script")
    stored.version += 1
    dialog.model.setText("my-model")
    dialog.save_button.click()
    app.wait(lambda: "有人修改了此配置" in dialog.message.text(), what="the conflict message")
    assert dialog.model.text() == "my-model"
    assert_chinese(dialog, {*controller_text, *_config_words(app), "my-model"})
    dialog.save_button.click()
    app.wait(lambda: dialog.message.text() == "已保存“Demo script”。", what="the saved message")
    # The strategy goes to the controller as its key, whatever the words shown.
    assert stored.config["context_strategy"] == "balanced" and stored.config["model"] == "my-model"


def test_no_llm_offers_the_settings_in_chinese(zh, controller_text):
    app = zh
    app.sign_in_demo()
    app.choose("OSPF Lab")
    app.demo.state.llm.configs.clear()
    app.send("Show me the topology")
    app.finish_turn()
    offer = shown(app, app.window.companion.offer_box)
    assert offer.windowTitle() == "尚未配置 LLM"
    why = offer.text().split("\n\n")[0]  # the controller's own message, as it wrote it
    assert_chinese(offer, {why})
    offer.open_button.click()
    dialog = app.window.companion.llm_dialog
    app.wait(lambda: dialog.isVisible() and dialog.message.text().startswith("尚未配置 LLM"), what="the empty settings")
    app.settle(0.15)
    assert_chinese(dialog, {*controller_text, *PROVIDER_KEYS})


# -- the Copilot and File menus, and the GNS3 GUI ---------------------------------------


def test_the_copilot_and_file_menus_and_their_messages(zh, controller_text, tmp_path, monkeypatch):
    app = zh
    companion = app.window.companion
    assert companion.file_menu is app.window.menus.file  # one File menu, not a second English one
    assert [a.text() for a in companion.copilot_menu.actions() if a.text()] == [
        "LLM 设置(&L)…", "故障排查练习(&P)…", "跟随 GNS3 GUI 的项目(&F)"]
    no_english(companion.copilot_menu)
    no_english(app.window.menus.file)
    no_english(companion.session_filter)

    companion.open_llm_settings()  # not signed in yet
    assert app.window.alert.text() == "请先登录：LLM 设置保存在控制器上。"

    # The GNS3 GUI's controller, offered in the sign-in dialog.
    from test_gns3_gui import gui_for_demo

    gui_for_demo(app, tmp_path, monkeypatch)
    app.run(app.presenter.start("http://127.0.0.1:9", "someone"))
    dialog = shown(app, app.window.sign_in_dialog)
    button = companion.gui_button
    assert button.text() == f"使用 GNS3 GUI 的控制器（admin@127.0.0.1:{app.demo.port}）"
    gui = app.presenter.gui_controller_offer()
    assert_chinese(dialog, {*controller_text, app.demo.url, gui.label})  # the GUI file's user@host:port
    button.click()
    app.wait(lambda: not dialog.isVisible(), what="the sign-in")

    statuses = []
    app.presenter.status.connect(statuses.append)
    app.run(app.presenter.follow_gui(True))
    assert statuses[-1] == "正在跟随 GNS3 GUI：它最近打开的项目都不在此控制器上。"
    app.run(app.presenter.follow_gui(False))


# -- troubleshooting practice ---------------------------------------------------------


def test_practice_in_each_state(zh, controller_text):
    app = zh
    app.sign_in_demo()
    app.choose("OSPF Lab")
    dialog = shown(app, app.window.companion.open_practice())
    assert dialog.windowTitle() == "故障排查练习"
    assert_chinese(dialog)
    app.demo.state.settings.pace_s = 0.01
    seen = []
    app.presenter.practice_changed.connect(lambda _t: seen.append(dialog.status.text()))
    dialog.start_button.click()
    app.wait(lambda: not app.presenter.is_practising and dialog.troubleshoot_button.isVisible(), 30, "the exercise")
    assert any(t.startswith("Copilot 正在准备练习：第") for t in seen)
    assert dialog.status.text().startswith("已就绪（第 ")
    assert_chinese(dialog)
    dialog.reveal_button.click()
    app.settle(0.3)
    assert dialog.solution_view.isVisible()
    words = {*controller_text, *transcript_words(app.presenter.practice_transcript)}
    no_english(dialog, words)
    nothing_cut(dialog)
    dialog.troubleshoot_button.click()
    assert app.window.composer.edit.toPlainText() == "排查 PC1 为什么无法访问另一个局域网"
    dialog.close()


def test_practice_refused_and_stopped_say_so_in_chinese(zh):
    app = zh
    app.sign_in_demo()
    app.choose("OSPF Lab")
    app.demo.state.settings.pace_s = 0.05  # tools take 0.75 s each: time to stop
    dialog = shown(app, app.window.companion.open_practice())
    dialog.start_button.click()
    app.wait(lambda: app.presenter.practice_transcript.tool_calls_executed >= 1, 20, "the first tool")
    assert not app.presenter.start_practice(1)  # one exercise at a time
    assert app.window.alert.text() == "请等待 Copilot 完成后再开始练习。"
    assert dialog.stop_button.text() == "停止"
    nothing_cut(dialog)
    dialog.stop_button.click()
    app.wait(lambda: not app.presenter.is_practising, 20, "the stop")
    assert dialog.status.text().startswith("已停止（第 ")
    assert_chinese(dialog)
    dialog.close()


# -- certificate, sign-in ------------------------------------------------------------------


def test_the_certificate_dialog(zh):
    from gns3_copilot_desktop.client.tls import Certificate
    from gns3_copilot_desktop.ui.certificate_dialog import CertificateDialog

    app = zh
    url = "https://lab.example.net:3080"
    cert = Certificate("", "AB:" * 31 + "CD", "CN=lab.example.net,O=Lab", "CN=lab.example.net,O=Lab", "2027-01-31")
    dialog = CertificateDialog(url, cert, app.window)
    dialog.open()
    shown(app, dialog)
    assert dialog.windowTitle() == "不受信任的证书" and "自身（自签名）" in dialog.summary.text()
    assert dialog.trust.text() == f"对 {url} 信任此证书"
    assert_chinese(dialog, {cert.subject, cert.sha256})
    dialog.reject()
    unreadable = Certificate("", "AB:CD", "", "", "")
    dialog = CertificateDialog(url, unreadable, app.window)
    dialog.open()
    shown(app, dialog)
    assert dialog.summary.text().count("（无法读取）") == 3
    assert_chinese(dialog, {unreadable.sha256})
    dialog.reject()


def test_the_sign_in_dialog_and_its_own_error(zh):
    app = zh
    app.run(app.presenter.start("http://127.0.0.1:9", ""))
    dialog = shown(app, app.window.sign_in_dialog)
    assert dialog.windowTitle() == "登录 GNS3 控制器" and dialog.sign_in.text() == "登录"
    dialog.username.clear()
    dialog.submit()
    assert dialog.error.text() == "请输入用户名。"
    app.settle(0.1)
    assert_chinese(dialog)
    dialog.set_busy(True)
    assert dialog.sign_in.text() == "正在登录…"
    assert text_cut(dialog) == []
    dialog.set_busy(False)


# -- export ------------------------------------------------------------------------------


def test_export_dialogs_and_the_exported_chat_window(zh, controller_text, tmp_path):
    app = zh
    app.sign_in_demo()
    app.choose("OSPF Lab")
    companion = app.window.companion
    assert not app.run(companion.export_to(tmp_path / "x.md"))
    assert app.window.alert.text() == "请先打开一个会话：目前没有可导出的内容。"
    app.send("Check the interface status of all devices")
    app.finish_turn()
    app.wait(lambda: len(app.presenter.sessions) == 1, what="the chat in the list")

    save = shown(app, companion.ask_export(), 0.3)
    assert save.windowTitle() == "导出会话"
    assert save.nameFilters() == ["Markdown，用于实验报告 (*.md)", "网页，单文件 (*.html)", "JSON，可在本应用中再次打开 (*.json)"]
    # The whole dialog (Qt's widgets, its own words and ours) but file patterns and folders.
    assert_chinese(save, FILE_DIALOG_WORDS | {save.directory().absolutePath(), *save.directory().absolutePath().split("/")})
    save.selectNameFilter(save.nameFilters()[2])
    save.filterSelected.emit(save.nameFilters()[2])
    assert save.defaultSuffix() == "json"
    save.reject()
    statuses = []
    app.presenter.status.connect(statuses.append)
    assert app.run(companion.export_to(tmp_path / "chat.json"))
    assert statuses[-1].startswith("已将“") and statuses[-1].endswith(f"导出到 {tmp_path / 'chat.json'}。")

    opening = shown(app, companion.ask_open_exported(), 0.3)
    assert opening.windowTitle() == "打开导出的会话"
    assert opening.nameFilters() == ["导出的会话 (*.json)", "所有文件 (*)"]
    assert_chinese(opening, FILE_DIALOG_WORDS | {opening.directory().absolutePath(), *opening.directory().absolutePath().split("/")})
    opening.reject()

    window = companion.open_exported(tmp_path / "chat.json")
    try:  # a window of its own: never left open for the next test, whatever happens here
        shown(app, window, 0.3)
        chat = window.chat
        assert window.windowTitle() == f"{chat.title} — 导出的会话"
        assert "只读，离线" in window.facts.text() and f"项目 {chat.project_name}" in window.facts.text()
        # When it was exported, as a Chinese reader writes a date (2026/11/30 14:57), not ISO.
        assert chat.exported_at not in window.facts.text()
        assert re.search(r"导出于 \d{4}/\d{1,2}/\d{1,2} \d{1,2}:\d{2}", window.facts.text()), window.facts.text()
        words = {*controller_text, *transcript_words(chat.transcript()), chat.title, chat.controller, chat.project_name}
        no_english(window, words)
        nothing_cut(window)
    finally:
        window.close()


def test_a_file_that_is_no_export_is_refused_in_chinese(zh, tmp_path):
    app = zh
    big = tmp_path / "big.json"
    with big.open("wb") as file:
        file.truncate(201 * 1024 * 1024)  # sparse: no disk used
    assert app.window.companion.open_exported(big) is None
    assert app.window.alert.text() == "无法打开 big.json：此文件太大，不可能是导出的会话。"


# -- the stores' problem texts, as the window shows them ---------------------------------


def test_the_stores_say_their_problems_in_chinese(chinese, tmp_path):
    from gns3_copilot_desktop.store import AppSettings, Limits, PresetStore, TurnRecordStore

    (tmp_path / "presets.json").write_text("{not json", encoding="utf-8")
    presets = PresetStore(tmp_path / "presets.json")
    assert presets.problem.startswith("presets.json 已损坏（第 1 行第 2 列不是有效的 JSON），已移至 ")
    (tmp_path / "settings.json").write_text(json.dumps([1, 2]), encoding="utf-8")
    assert "是 JSON，但不是此文件应有的内容" in AppSettings(tmp_path / "settings.json").problem
    with pytest.raises(ValueError, match="“默认”是内置预设"):
        presets.save_preset("默认", Limits(3, 3))
    assert Limits(20, None, max_minutes=10, max_changes=3).label() == "20 / 不限 · 3 次变更，10 分钟"
    assert Limits(5, 2, max_changes=0).label() == "5 / 2 · 不允许变更"

    # A folder where the turn records go: said, in words, and the chat goes on.
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where a folder should be", encoding="utf-8")
    records = TurnRecordStore(blocked / "turn-records.json")
    records.forget_chat("u", "p", "s")  # nothing to forget: nothing written
    records._chats["u|p|s"] = {"updated": 0, "turns": []}
    records.forget_chat("u", "p", "s")
    assert records.problem.startswith(f"无法保存 {blocked / 'turn-records.json'}：")
    assert has_chinese(records.problem)
