"""The real app on a real X display, started as a Chinese-speaking user starts it: the
system locale says zh_CN (no --lang). Driven with real input (xdotool) at the demo's
realistic pace, read back through the accessibility bus (AT-SPI) as a screen reader
reads it: the window title, every control's name and the limit flag are Chinese; the
only English left is the controller's (the question typed, the lab's names, tool names)
and the proper names of resources/i18n/untranslated-words.txt.

Same tools as tests/test_real_window.py; skips without them, except in CI."""

from __future__ import annotations

import os
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from i18n_check import english_words
from real_window.session import Desktop, config_with_tool_limit, missing_tools

MISSING = missing_tools()
if MISSING and os.environ.get("CI") != "true":
    pytest.skip(f"needs {', '.join(MISSING)} (apt)", allow_module_level=True)

TS = Path(__file__).resolve().parents[1] / "resources" / "i18n" / "gns3_copilot_desktop_zh_CN.ts"
QUESTION = "Check the interface status of all devices"
CHINESE = re.compile(r"[\u4e00-\u9fff]")


def zh(source: str) -> str:
    """The Chinese of an English string of the app, as the catalogue has it."""
    found = {
        m.findtext("translation") for m in ET.parse(TS).getroot().iter("message") if m.findtext("source") == source
    }
    assert len(found) == 1, f"{source!r} is translated {len(found)} ways: {found}"
    return found.pop()


@pytest.fixture
def desktop(tmp_path):
    config = config_with_tool_limit(tmp_path, 3)
    session = Desktop(tmp_path, 1280, 800)
    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        session.env.pop(name, None)
    session.env["LANG"] = "zh_CN.UTF-8"
    session.start_app("--demo", config_dir=config, pace_s=0.05)
    yield session
    session.screenshot(tmp_path / "last.png")
    session.close()


def test_a_chinese_user_hears_chinese(desktop, tmp_path):
    message_box = zh("Message to the Copilot")
    window = desktop.window("OSPF Lab — GNS3 Copilot Desktop")
    desktop.xdotool("windowfocus", "--sync", window)
    tree = desktop.wait_tree(lambda t: [n for n in t if n["showing"] and n["name"] == message_box], what="the message box")
    [box] = [n["box"] for n in tree if n["showing"] and n["name"] == message_box]
    desktop.xdotool("mousemove", "--sync", str(box[0] + box[2] // 2), str(box[1] + box[3] // 2), "click", "1")
    desktop.xdotool("type", "--delay", "20", QUESTION)
    desktop.xdotool("key", "Return")

    go_on = zh("Continue with higher limits")
    tree = desktop.wait_tree(lambda t: [n for n in t if n["showing"] and n["name"] == go_on], timeout=60, what=go_on)
    desktop.screenshot(tmp_path / "stopped-zh.png")
    flags = [n["name"] for n in tree if n["showing"] and "3" in n["name"] and CHINESE.search(n["name"]) and "上限" in n["name"]]
    assert flags, "the limit flag is announced in Chinese"

    # Everything a screen reader reads of the app's own is Chinese. The controller's words
    # stay: the question (also the chat's title), the lab's names, the tools' names, and
    # (labels are read as what they say) the user, the controller's version, the model.
    from gns3_copilot_desktop.controller_sim.app import CONTROLLER_VERSION
    from gns3_copilot_desktop.controller_sim.state import DEMO_PROJECTS

    controller = [QUESTION, *(name for name, _, _ in DEMO_PROJECTS), "admin @", CONTROLLER_VERSION, "scripted-agent"]
    conversation = zh("Conversation")
    english = []
    for node in tree:
        if not node["showing"] or conversation in node.get("within", []) and node["role"] in ("paragraph", "text", "label"):
            continue
        words = english_words(node["name"], controller)
        # The application node is named by the program's name (setApplicationName), an
        # identifier, not a word of the UI.
        if words and node["role"] not in ("document frame", "paragraph", "application"):
            english.append((node["role"], node["name"], words))
    assert english == []
    desktop.xdotool("key", "ctrl+q")
    desktop.app.wait(timeout=20)
    assert desktop.app.returncode == 0
