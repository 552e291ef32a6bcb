"""Coming back to a project (issue: returning opened "New chat"): the chat the user was
in comes back, from the app's settings, as long as the controller still has it. In the
real window against the reference controller."""

from __future__ import annotations

import json

from gns3_copilot_desktop.ui.sidebar import ROLE_ID

OSPF, CAMPUS = "OSPF Lab", "校园网 Campus Network"


def two_chats(app) -> tuple[str, str]:
    app.sign_in_demo()
    app.choose(OSPF)
    app.send("Show me the topology")
    app.finish_turn()
    first = app.presenter.session_id
    app.window.new_chat()
    app.send("Check the interface status of all devices")
    app.finish_turn()
    return first, app.presenter.session_id


def test_going_back_to_a_project_reopens_the_chat_the_user_was_in(app):
    first, second = two_chats(app)
    app.open_chat(first)
    app.choose(CAMPUS)
    app.run(app.presenter.open_project())
    assert app.presenter.session_id is None  # a project never chatted in: a new chat
    app.choose(OSPF)
    app.wait(lambda: app.presenter.session_id == first, what="the chat read last in OSPF Lab")
    app.wait(lambda: not app.window.chat.pending(), what="the chat to be drawn")
    assert app.window.windowTitle().startswith("Show me the topology — OSPF Lab")
    current = app.window.sessions.list.currentItem()
    assert current is not None and current.isSelected() and first in json.dumps(current.data(ROLE_ID))
    # Kept in the settings file (chat ids, never secrets), not in the keyring.
    saved = json.loads((app.config_dir / "settings.json").read_text(encoding="utf-8"))
    assert first in json.dumps(saved["last_chats"])
    assert first not in json.dumps(list(app.keyring.secrets.values()))


def test_a_remembered_chat_deleted_meanwhile_gives_a_new_chat(app):
    first, _second = two_chats(app)
    app.open_chat(first)
    app.choose(CAMPUS)
    app.run(app.presenter.open_project())
    ospf = next(p for p in app.presenter.projects if p.name == OSPF).project_id
    app.run(app.presenter.client.delete_session(ospf, first))
    app.choose(OSPF)
    app.settle(0.2)
    assert app.presenter.session_id is None
    assert app.window.windowTitle().startswith("New chat — OSPF Lab")


def close_elsewhere(app, name: str) -> None:
    """The GNS3 GUI (or another client) closes the project: the controller notifies."""
    state = app.demo.state
    state.set_status(next(p for p in state.projects.values() if p.name == name), "closed")


def test_a_project_closed_elsewhere_keeps_the_chat_being_read_with_a_way_back(app):
    first, second = two_chats(app)
    shown = len(app.window.chat.widgets())
    close_elsewhere(app, OSPF)
    notice = app.window.closed_notice
    app.wait(lambda: notice.isVisible(), what="the notice that the project was closed")
    assert "OSPF Lab" in notice.text.text() and "closed" in notice.text.text()
    # The chat stays on screen, to read; nothing can be sent into a closed project.
    assert app.presenter.session_id == second and len(app.window.chat.widgets()) == shown
    assert "Check the interface status" in app.window.windowTitle()
    assert not app.window.composer.send_button.isEnabled()
    # The way back: the notice's button opens the project; the chat is still there.
    notice.open_button.click()
    app.wait(lambda: app.presenter.project.is_opened and not notice.isVisible(), what="the project opened again")
    assert app.presenter.session_id == second and len(app.window.chat.widgets()) == shown
    app.wait(lambda: app.window.composer.send_button.isEnabled(), what="sending again")


def test_the_closed_status_goes_once_the_user_moved_on(app):
    app.sign_in_demo()
    app.choose(CAMPUS)
    status = app.window.statusBar()
    assert "is closed" in status.currentMessage()
    app.choose(OSPF)  # another project, within the message's 8 s
    assert "is closed" not in status.currentMessage()
    app.choose(CAMPUS)
    assert "is closed" in status.currentMessage()
    app.run(app.presenter.open_project())  # opened again
    assert "is closed" not in status.currentMessage()
