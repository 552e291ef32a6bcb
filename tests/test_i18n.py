"""The app in Chinese (zh_CN), the Qt way: which language is chosen, the catalogue is
complete and current, and the real window — main window, menus, a turn stopped by a
limit, each dialog — shows no English but proper names, and nothing cut off at 1024×700."""

from __future__ import annotations

import os
import re
import shutil
import sys
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from geometry import clipped, text_cut
from i18n_check import english_left, english_words
from i18n_fixtures import chinese, controller_text  # noqa: F401 - fixtures

ROOT = Path(__file__).resolve().parents[1]
TS = ROOT / "resources" / "i18n" / "gns3_copilot_desktop_zh_CN.ts"


# -- choosing the language ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"LANG": "zh_CN.UTF-8"}, "zh_CN"),
        ({"LANG": "en_US.UTF-8", "LC_MESSAGES": "zh_CN.UTF-8"}, "zh_CN"),  # messages win over LANG
        ({"LANG": "zh_CN.UTF-8", "LC_ALL": "en_GB.UTF-8"}, "en"),  # LC_ALL wins over both
        ({"LANG": "de_DE.UTF-8", "LANGUAGE": "fr:zh_CN:en"}, "zh_CN"),  # gettext's priority list
        ({"LANG": "C", "LANGUAGE": "zh_CN"}, "en"),  # the C locale ignores LANGUAGE, as gettext does
        ({"LANG": "zh_TW.UTF-8"}, "en"),  # traditional Chinese is not simplified Chinese
        ({"LANG": "zh_SG.UTF-8"}, "zh_CN"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
    ],
)
def test_the_language_follows_the_system_locale(environ, expected):
    from gns3_copilot_desktop.ui.language import system_language

    assert system_language(environ) == expected


def test_the_command_line_wins_then_the_saved_choice_then_the_system():
    from gns3_copilot_desktop.ui.language import chosen_language

    chinese = {"LANG": "zh_CN.UTF-8"}
    assert chosen_language("en", "zh_CN", chinese) == "en"
    assert chosen_language(None, "en", chinese) == "en"
    assert chosen_language(None, "system", chinese) == "zh_CN"
    assert chosen_language(None, "klingon", chinese) == "zh_CN"  # a damaged setting
    assert chosen_language("system", "en", chinese) == "zh_CN"  # --lang system: the system's, not the saved


def test_restarting_for_a_new_language_keeps_the_arguments_but_lang():
    import sys

    from gns3_copilot_desktop.app import restart_command

    command = restart_command(["--demo", "upstream", "--lang", "en", "--theme=dark", "--lang=zh_CN"])
    assert command == [sys.executable, "-m", "gns3_copilot_desktop", "--demo", "upstream", "--theme=dark"]


def test_a_missing_catalogue_falls_back_to_english_and_says_so(qapp, monkeypatch, tmp_path):
    from gns3_copilot_desktop.protocol.translation import translate
    from gns3_copilot_desktop.ui import language

    monkeypatch.setattr(language, "TRANSLATIONS", tmp_path)
    lang = language.Language()
    try:
        assert lang.install("zh_CN") == "en"
        assert "is missing" in lang.problem and "showing English" in lang.problem
        assert translate("Menus", "&File") == "&File"
    finally:
        language.current.install(language.current.code)


# -- the catalogue ----------------------------------------------------------------------


def _messages():
    root = ET.parse(TS).getroot()
    for context in root.iter("context"):
        name = context.findtext("name")
        for message in context.iter("message"):
            yield name, message.findtext("source"), message.find("translation")


_FIELD = re.compile(r"\{[a-z_]*\}")


def test_every_string_has_a_chinese_translation_that_keeps_its_fields():
    problems = []
    count = 0
    for context, source, translation in _messages():
        count += 1
        text = translation.text or ""
        if translation.get("type") in ("unfinished", "vanished", "obsolete") or not text.strip():
            problems.append(f"{context}: {source!r} is not translated")
        elif sorted(_FIELD.findall(source)) != sorted(_FIELD.findall(text)):
            problems.append(f"{context}: {source!r} → {text!r} changes the {{fields}}")
        elif ("&" in source.replace("&&", "")) != ("&" in text.replace("&&", "")):
            problems.append(f"{context}: {source!r} → {text!r}: the keyboard accelerator (&) is lost or added")
        elif re.search(r"[\u4e00-\u9fff]", text) is None and english_words(_FIELD.sub(" ", text)):  # {fields} are no words
            problems.append(f"{context}: {source!r} → {text!r} is still English")
    assert count > 300, "the catalogue holds the whole app"
    assert problems == []


def test_the_catalogue_holds_every_string_of_the_code(tmp_path):
    """`bash packaging/i18n update` was run: no string of the code is missing from the
    .ts file, none of it is left over."""
    copy = tmp_path / TS.name
    shutil.copy(TS, copy)
    # The project's own command, so the test reads the sources exactly as it does, with
    # the PySide6 tools of the virtualenv running the tests.
    env = {**os.environ, "GNS3_COPILOT_VENV": sys.prefix}
    subprocess.run(["bash", str(ROOT / "packaging" / "i18n"), "update", str(copy)], check=True, capture_output=True, env=env)

    def pairs(path):
        root = ET.parse(path).getroot()
        return {(c.findtext("name"), m.findtext("source")) for c in root.iter("context") for m in c.iter("message")}

    assert pairs(copy) - pairs(TS) == set(), "strings in the code but not in the .ts: run bash packaging/i18n update"
    assert pairs(TS) - pairs(copy) == set(), "strings in the .ts the code no longer has: run bash packaging/i18n update"


# -- the window in Chinese --------------------------------------------------------------


@pytest.fixture
def stopped_in_chinese(chinese, controller_text, request):
    app = request.getfixturevalue("app")
    app.stop_by_tool_limit(4)
    return app


def _controller_words(app, seen):
    """The controller's words in this window: what the policy saw, plus the demo lab's
    names and each message as it came (tool names, arguments, outputs, answers), the
    Copilot's tool names (the change limit's tooltip lists them) and the model's name
    (the cost line names it)."""
    from gns3_copilot_desktop.protocol.change_tools import CHANGE_TOOLS, READ_ONLY_TOOLS

    words = {*seen, *CHANGE_TOOLS, *READ_ONLY_TOOLS}
    transcript = getattr(app.window.chat, "_transcript", None)  # None before any chat is shown
    for item in transcript.items if transcript is not None else ():
        words.update(str(v) for v in vars(item).values() if isinstance(v, str))
    configs = getattr(app.presenter, "llm_configs", None)
    if configs is not None and configs.default_config is not None:
        words.add(configs.default_config.config.model)
    return words


def test_the_main_window_speaks_chinese(stopped_in_chinese, controller_text):
    app = stopped_in_chinese
    window = app.window
    window.resize(1024, 700)
    app.settle(0.2)
    assert "文件" in window.menus.file.title()
    assert english_left(window, _controller_words(app, controller_text)) == []


def test_nothing_is_cut_off_in_chinese_at_1024x700(stopped_in_chinese):
    app = stopped_in_chinese
    app.window.resize(1024, 700)
    app.settle(0.2)
    assert clipped(app.window) == []
    assert text_cut(app.window) == []


def test_a_continued_turn_and_its_words_are_chinese_and_whole_at_1024x700(stopped_in_chinese, controller_text):
    from gns3_copilot_desktop.ui.chat_parts import UserBubble

    app = stopped_in_chinese
    app.window.resize(1024, 700)
    bar = app.window.chat.limit_bar
    assert "20 次迭代，8 次工具调用" in bar.label.text()  # what Continue will raise, said before
    bar.button.click()
    app.finish_turn(30)
    notes = [w.note.text() for w in app.window.chat.widgets() if isinstance(w, UserBubble) and w.note.text()]
    assert notes == ["继续，上限为：20 次迭代，8 次工具调用。"]
    app.settle(0.2)
    assert english_left(app.window, _controller_words(app, controller_text)) == []
    assert clipped(app.window) == [] and text_cut(app.window) == []


def test_numbers_follow_the_language(chinese):
    from gns3_copilot_desktop.protocol.translation import number

    assert number(1234567) == "1,234,567"
    assert number(0.125, 2) == "0.13" or number(0.125, 2) == "0.12"


def test_choosing_a_language_in_the_view_menu_is_saved_and_offers_a_restart(app):
    from PySide6.QtWidgets import QMessageBox

    from gns3_copilot_desktop.store import AppSettings

    menus = app.window.menus
    assert [a.text() for a in menus.languages.values()][1:] == ["&English", "简体中文(&Z)"]
    box = menus.set_language("zh_CN")
    assert isinstance(box, QMessageBox) and "简体中文" in box.text()
    assert AppSettings(app.config_dir / "settings.json").language == "zh_CN"
    later = next(b for b in box.buttons() if box.buttonRole(b) == QMessageBox.ButtonRole.RejectRole)
    later.click()
    assert app.window.isVisible() and not app.window.restart_wanted
    assert menus.set_language("en") is None  # the language in effect: nothing to restart
    box = menus.set_language("zh_CN")
    now = next(b for b in box.buttons() if box.buttonRole(b) == QMessageBox.ButtonRole.AcceptRole)
    now.click()
    assert app.window.restart_wanted and not app.window.isVisible()


def test_a_language_that_cannot_be_saved_is_told_to_the_restart(app, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    from gns3_copilot_desktop.app import restart_command

    menus = app.window.menus
    monkeypatch.setattr(menus.settings, "save", lambda: "settings.json could not be written (disk full).")
    box = menus.set_language("zh_CN")
    assert "disk full" in box.text()
    next(b for b in box.buttons() if box.buttonRole(b) == QMessageBox.ButtonRole.AcceptRole).click()
    assert app.window.restart_wanted and app.window.restart_language == "zh_CN"
    assert restart_command(["--demo"], app.window.restart_language)[-3:] == ["--demo", "--lang", "zh_CN"]


def test_lang_cannot_be_abbreviated(capsys):
    from gns3_copilot_desktop.app import parse_args

    with pytest.raises(SystemExit):
        parse_args(["--la", "zh_CN"])  # else a restart could not drop it


def test_the_language_restart_warns_that_a_sign_in_not_remembered_is_asked_again(app):
    creds = app.demo.credentials
    assert app.run(app.presenter.sign_in(creds.url, "admin", creds.password, remember=False))
    box = app.window.menus.set_language("zh_CN")
    assert "asked for your password again" in box.text()
    box.close()
    assert app.run(app.presenter.sign_in(creds.url, "admin", creds.password, remember=True))
    box = app.window.menus.set_language("en")
    box = box or app.window.menus.set_language("zh_CN")
    assert "password" not in box.text()
