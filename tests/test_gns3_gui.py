"""Working beside the GNS3 GUI: its settings file (3.x, 2.2, missing, corrupt, the
newest version folder, Windows), signing in with its controller, and following the
project it opened."""

from __future__ import annotations

import json
import logging

from conftest import run
from demo_helpers import signed_in

from gns3_copilot_desktop.store.gns3_gui import GuiSettings, gui_controller, recent_projects, settings_file

GUI_PASSWORD = "gui-secret-1234"


def write_settings(root, version: str, data, name: str = "gns3_gui.conf"):
    folder = root / "GNS3" / version
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def gui_3x(host="192.0.2.10", port=3080, password=GUI_PASSWORD, recent=()):
    return {
        "Controller": {"host": host, "port": port, "protocol": "http", "username": "alice", "password": password,
                       "accept_insecure_ssl_certificate": False},
        "MainWindow": {"recent_projects": list(recent)},
    }


def test_3x_settings_give_the_controller_and_the_recent_projects(tmp_path):
    write_settings(tmp_path, "3.1", gui_3x(recent=["p-1:Lab one:/home/a/Lab one.gns3", "p-2:Lab: two:/x"]))
    settings = GuiSettings.load(env={"XDG_CONFIG_HOME": str(tmp_path)}, platform="linux")
    gui = settings.controller
    assert (gui.url, gui.username, gui.password, gui.label) == ("http://192.0.2.10:3080", "alice", GUI_PASSWORD, "alice@192.0.2.10:3080")
    assert GUI_PASSWORD not in repr(gui)  # never in a log line
    assert [(r.project_id, r.name) for r in settings.recent] == [("p-1", "Lab one"), ("p-2", "Lab")]


def test_22_settings_use_section_server_with_user(tmp_path):
    write_settings(tmp_path, "2.2", {"Server": {"host": "127.0.0.1", "port": 3080, "protocol": "http", "user": "bob",
                                                "password": "pw", "auth": True}})
    gui = GuiSettings.load(env={"XDG_CONFIG_HOME": str(tmp_path)}, platform="linux").controller
    assert (gui.url, gui.username, gui.password) == ("http://127.0.0.1:3080", "bob", "pw")


def test_the_newest_version_folder_wins_and_home_config_is_the_default(tmp_path):
    home = tmp_path / "home"
    write_settings(home / ".config", "2.2", {"Server": {"user": "old", "password": "x"}})
    write_settings(home / ".config", "3.10", gui_3x(host="new.example"))
    write_settings(home / ".config", "3.9", gui_3x(host="older.example"))
    (home / ".config" / "GNS3" / "notaversion").mkdir()
    assert settings_file(env={}, platform="linux", home=home).parent.name == "3.10"
    assert GuiSettings.load(env={}, platform="darwin", home=home).controller.host == "new.example"


def test_windows_reads_the_ini_under_appdata(tmp_path):
    write_settings(tmp_path, "3.0", gui_3x(host="win.example"), name="gns3_gui.ini")
    gui = GuiSettings.load(env={"APPDATA": str(tmp_path)}, platform="win32").controller
    assert gui.host == "win.example"


def test_missing_or_corrupt_files_give_no_offer_and_one_log_line(tmp_path, caplog, monkeypatch):
    from gns3_copilot_desktop.store import gns3_gui

    env = {"XDG_CONFIG_HOME": str(tmp_path)}
    monkeypatch.setattr(gns3_gui, "SYSTEM_SETTINGS", tmp_path / "etc" / "gns3_gui.conf")
    with caplog.at_level(logging.INFO, logger="gns3_copilot_desktop.store.gns3_gui"):
        assert GuiSettings.load(env=env, platform="linux").controller is None
        assert [r.getMessage() for r in caplog.records] == ["no GNS3 GUI settings file found"]
        (tmp_path / "etc").mkdir()
        gns3_gui.SYSTEM_SETTINGS.write_text(json.dumps(gui_3x(host="system.example")), encoding="utf-8")
        assert GuiSettings.load(env=env, platform="linux").controller.host == "system.example"
        path = write_settings(tmp_path, "3.1", "{not json")
        caplog.clear()
        assert GuiSettings.load(env=env, platform="linux").controller is None
        assert len(caplog.records) == 1 and "unreadable" in caplog.records[0].getMessage()
        for broken in ([1, 2], {"Controller": {"host": "h", "username": "u"}}, {"Controller": {"username": "u", "password": "p", "port": "x"}},
                       {"Controller": {"username": "u", "password": "p", "protocol": "file"}}):
            path.write_text(json.dumps(broken), encoding="utf-8")
            caplog.clear()
            assert GuiSettings.load(env=env, platform="linux").controller is None
            assert len(caplog.records) == 1
    assert gui_controller(None) is None and recent_projects({"MainWindow": {"recent_projects": "x"}}) == []


# -- the window --------------------------------------------------------------------


def gui_for_demo(app, tmp_path, monkeypatch, recent=()):
    creds = app.demo.credentials
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    return write_settings(tmp_path / "xdg", "3.1", gui_3x("127.0.0.1", app.demo.port, creds.password, recent) | {
        "Controller": {"host": "127.0.0.1", "port": app.demo.port, "protocol": "http", "username": "admin",
                       "password": creds.password}})


def test_sign_in_with_the_gui_controller_keeps_its_password_out_of_files_and_keyring(app, tmp_path, monkeypatch):
    gui_for_demo(app, tmp_path, monkeypatch)
    app.run(app.presenter.start("http://127.0.0.1:9", "someone"))
    button = app.window.companion.gui_button
    assert button.isVisible() and button.text() == f"Use the GNS3 GUI's controller (admin@127.0.0.1:{app.demo.port})"
    dialog = app.window.sign_in_dialog
    dialog.remember.setChecked(False)
    button.click()
    app.wait(lambda: not dialog.isVisible(), what="the sign-in")
    assert app.presenter.url == app.demo.url and app.presenter.username == "admin"
    password = app.demo.credentials.password
    assert password not in app.keyring.secrets.values()
    for path in app.config_dir.rglob("*"):
        assert not path.is_file() or password not in path.read_text(errors="replace")


def test_remember_me_puts_the_gui_password_in_the_keyring_only(app, tmp_path, monkeypatch):
    gui_for_demo(app, tmp_path, monkeypatch)
    app.run(app.presenter.start("http://127.0.0.1:9", "someone"))
    app.window.sign_in_dialog.remember.setChecked(True)
    app.window.companion.gui_button.click()
    app.wait(lambda: app.presenter.client is not None, what="the sign-in")
    assert app.keyring.secrets[("gns3-copilot-desktop", f"password:admin@{app.demo.url}")] == app.demo.credentials.password


def test_no_settings_file_no_offer(app, tmp_path, monkeypatch):
    from gns3_copilot_desktop.store import gns3_gui

    monkeypatch.setattr(gns3_gui, "SYSTEM_SETTINGS", tmp_path / "none.conf")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "empty"))
    monkeypatch.setenv("HOME", str(tmp_path / "empty-home"))
    app.run(app.presenter.start("http://127.0.0.1:9", "someone"))
    assert app.window.sign_in_dialog.isVisible()
    assert not app.window.companion.gui_button.isVisible()


def _gui_opens(settings, project) -> None:
    """The GUI opened a project: it puts it first in its settings file's recent projects."""
    data = json.loads(settings.read_text(encoding="utf-8"))
    data["MainWindow"]["recent_projects"].insert(0, f"{project.project_id}:{project.name}:/p/{project.project_id}.gns3")
    settings.write_text(json.dumps(data), encoding="utf-8")


def test_follow_the_gui_to_its_last_project_and_to_projects_it_opens(app, tmp_path, monkeypatch):
    app.sign_in_demo()
    campus = next(p for p in app.presenter.projects if p.name.startswith("校园网"))
    sandbox = next(p for p in app.presenter.projects if p.name == "Sandbox")
    settings = gui_for_demo(app, tmp_path, monkeypatch, recent=[f"{campus.project_id}:{campus.name}:/p/campus.gns3", "other:x:/y"])
    app.choose("OSPF Lab")
    app.window.companion.follow_action.trigger()
    app.wait(lambda: app.presenter.project is not None and app.presenter.project.project_id == campus.project_id,
             what="the GUI's last project")
    assert app.window.projects.combo.currentText().endswith(campus.name)

    # Someone else opens a project on the controller (a colleague, a script): the app
    # shows it opened, and stays where the user is.
    async def someone_opens_sandbox():
        async with await signed_in(app.demo) as client:
            await client.open_project(sandbox.project_id)

    run(someone_opens_sandbox())
    app.wait(lambda: next(p for p in app.presenter.projects if p.project_id == sandbox.project_id).is_opened,
             what="the project list to show it opened")
    app.settle(0.5)
    assert app.presenter.project.project_id == campus.project_id

    # The GUI opens a project (it rewrites its settings file): the app follows.
    ospf = next(p for p in app.presenter.projects if p.name == "OSPF Lab")
    _gui_opens(settings, ospf)
    app.wait(lambda: app.presenter.project.project_id == ospf.project_id, what="the project in the rewritten file")
    app.window.companion.follow_action.trigger()  # off
    app.wait(lambda: not app.presenter.following_gui, what="following to stop")


def test_following_never_pulls_the_user_away_it_offers_the_project(app, tmp_path, monkeypatch):
    """While a message is being typed, or an answer streams, the project the GUI opened
    is offered ("Open it"), not switched to; the draft and the chat stay."""
    from gns3_copilot_desktop.controller_sim.faults import Faults

    app.sign_in_demo()
    ospf = app.choose("OSPF Lab")
    settings = gui_for_demo(app, tmp_path, monkeypatch, recent=[f"{ospf}:OSPF Lab:/p/ospf.gns3"])
    app.window.companion.follow_action.trigger()
    app.settle(0.3)
    offer = app.window.companion.gui_offer
    sandbox = next(p for p in app.presenter.projects if p.name == "Sandbox")
    campus = next(p for p in app.presenter.projects if p.name.startswith("校园网"))

    app.window.composer.edit.setPlainText("Why is OSPF down between R2 and R3?")  # typing
    _gui_opens(settings, sandbox)
    app.wait(offer.isVisible, what="the offer")
    assert offer.label.text() == "The GNS3 GUI opened “Sandbox”."
    app.settle(0.3)
    assert app.presenter.project.project_id == ospf
    assert app.window.composer.edit.toPlainText() == "Why is OSPF down between R2 and R3?"

    # An answer streaming: offered too (a newer opening replaces the offer).
    app.window.composer.edit.clear()
    app.demo.state.settings.faults = Faults(slow_tools_s=0.5)
    app.send("Check the interface status of all devices")
    app.wait(lambda: app.presenter.is_running, what="the turn to start")
    _gui_opens(settings, campus)
    app.wait(lambda: offer.label.text() == f"The GNS3 GUI opened “{campus.name}”.", what="the newer offer")
    assert app.presenter.project.project_id == ospf and app.presenter.is_running

    offer.open_button.click()  # the user takes it
    app.wait(lambda: app.presenter.project.project_id == campus.project_id, what="the offered project")
    assert not offer.isVisible()
    app.finish_turn(30)


def test_following_without_the_gui_settings_says_where_it_looked(app, tmp_path, monkeypatch):
    from gns3_copilot_desktop.store import gns3_gui

    monkeypatch.setattr(gns3_gui, "SYSTEM_SETTINGS", tmp_path / "etc" / "gns3_gui.conf")
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    app.sign_in_demo()
    app.choose("OSPF Lab")
    said = []
    app.presenter.status.connect(said.append)
    app.window.companion.follow_action.trigger()
    app.wait(lambda: bool(said), what="a word on following")
    expected = str(tmp_path / "home" / ".config" / "GNS3")
    assert said[-1] == f"Following the GNS3 GUI: its settings were not found (looked in {expected}, {tmp_path / 'etc'})."
    assert "recent projects" not in said[-1]
    assert app.window.statusBar().currentMessage() == said[-1]
