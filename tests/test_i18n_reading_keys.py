"""In Chinese: a code block's panel, the offer of a project the GNS3 GUI opened, the
word on following without the GUI's settings, and the chat list's keys in Help; no
English left (but the controller's words) and nothing cut off at 1024x700."""

from __future__ import annotations

from geometry import clipped, text_cut
from i18n_check import english_left
from test_i18n import _controller_words, chinese, controller_text  # noqa: F401 - fixtures


def test_code_and_the_gui_offer_in_chinese(chinese, controller_text, app, tmp_path, monkeypatch):  # noqa: F811
    from gns3_copilot_desktop.store import gns3_gui

    app.window.resize(1024, 700)
    app.sign_in_demo()
    app.choose("OSPF Lab")
    app.send("configure OSPF on 2 routers")
    app.finish_turn()
    app.window.companion.gui_offer.offer("x", "Campus")
    app.settle(0.2)
    assert app.window.companion.gui_offer.label.text() == "GNS3 GUI 打开了“Campus”。"
    assert english_left(app.window, _controller_words(app, controller_text) | {"Campus"}) == []
    assert clipped(app.window) == [] and text_cut(app.window) == []

    monkeypatch.setattr(gns3_gui, "SYSTEM_SETTINGS", tmp_path / "etc" / "gns3_gui.conf")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "none"))
    said = []
    app.presenter.status.connect(said.append)
    app.window.companion.follow_action.trigger()
    app.wait(lambda: bool(said), what="a word on following")
    assert said[-1].startswith("正在跟随 GNS3 GUI：未找到它的设置（查找位置：")

    box = app.window.menus.show_shortcuts()
    assert "重命名列表中所选的会话" in box.text() and "Shift+F10" in box.text()
    box.close()
