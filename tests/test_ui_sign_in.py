"""Signing in: the dialog, the OS keyring, the no-keyring case, stored tokens, sign out,
and a 401 in the middle of a conversation."""

from __future__ import annotations

from keyring.backends import fail

from ui_helpers import use_keyring

KEY_PREFIX = ("gns3-copilot-desktop", "token:admin@")


def no_plain_secrets(config_dir, *secrets: str) -> None:
    for path in config_dir.rglob("*"):
        if path.is_file():
            text = path.read_text(errors="replace")
            for secret in secrets:
                assert secret not in text, f"{path.name} holds a secret in plain text"


def test_enter_in_the_password_signs_in_and_without_remember_me_nothing_is_kept(app):
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    creds = app.demo.credentials
    app.run(app.presenter.start(creds.url, "admin"))
    dialog = app.window.sign_in_dialog
    assert dialog.isVisible() and dialog.url.text() == creds.url and dialog.username.text() == "admin"
    assert dialog.sign_in.isDefault() and not dialog.buttons.button(dialog.buttons.StandardButton.Cancel).isDefault()
    dialog.remember.setChecked(False)
    QTest.keyClicks(dialog.password, creds.password)
    QTest.keyClick(dialog.password, Qt.Key.Key_Return)  # Enter signs in, never cancels
    app.wait(lambda: not dialog.isVisible(), what="the dialog to close")
    assert app.presenter.client is not None and "admin" in app.window.connection.text()
    # Without "remember me" nothing is kept for the next start: no token, no password.
    assert not [k for k in app.keyring.secrets if k[1].endswith(f"admin@{creds.url}")]
    assert [p.name for p in app.presenter.projects][0] == "OSPF Lab"
    assert app.presenter.project is not None  # signing in through the dialog picks a project
    no_plain_secrets(app.config_dir, app.presenter.client.token, creds.password)


def test_cancel_leaves_a_way_to_sign_in_again(app):
    creds = app.demo.credentials
    app.run(app.presenter.start(creds.url, "admin"))
    dialog = app.window.sign_in_dialog
    dialog.reject()
    assert app.window.sign_in_button.isVisible() and "Not signed in" in app.window.connection.text()
    app.window.sign_in_button.click()
    assert dialog.isVisible() and dialog.username.text() == "admin"


def test_a_rejected_token_shows_signed_out_and_signs_in_again(app):
    creds = app.demo.credentials
    assert app.run(app.presenter.sign_in(creds.url, "admin", creds.password, remember=False))
    app.presenter.client.token = "rejected"
    app.presenter.spawn(app.presenter.refresh_projects())
    dialog = app.window.sign_in_dialog
    app.wait(dialog.isVisible, what="the dialog")
    dialog.reject()
    assert "Not signed in" in app.window.connection.text() and app.window.sign_in_button.isVisible()
    app.window.sign_in_button.click()
    dialog.password.setText(creds.password)
    dialog.sign_in.click()
    app.wait(lambda: not dialog.isVisible(), what="the dialog to close")
    assert not app.window.sign_in_button.isVisible()
    assert "reference controller" in app.window.connection.text().lower() or "·" in app.window.connection.text()


def test_a_remembered_password_signs_in_again_after_a_controller_restart(app):
    creds = app.demo.credentials
    assert app.run(app.presenter.sign_in(creds.url, "admin", creds.password, remember=True))
    # The controller forgot every token it issued (a restart with a new secret).
    app.keyring.secrets[("gns3-copilot-desktop", f"token:admin@{creds.url}")] = "issued-by-the-old-controller"
    app.run(app.presenter.shutdown())
    app.presenter.client = None
    app.run(app.presenter.start(creds.url, "admin"))
    assert app.presenter.client is not None and not app.window.sign_in_dialog.isVisible()
    assert app.keyring.secrets[("gns3-copilot-desktop", f"token:admin@{creds.url}")] == app.presenter.client.token


def test_remember_me_keeps_the_password_in_the_keyring_only(app):
    creds = app.demo.credentials
    assert app.run(app.presenter.sign_in(creds.url, "admin", creds.password, remember=True))
    assert app.keyring.secrets[("gns3-copilot-desktop", f"password:admin@{creds.url}")] == creds.password
    no_plain_secrets(app.config_dir, creds.password, app.presenter.client.token)


def test_wrong_password_keeps_the_dialog_open_with_the_reason(app):
    creds = app.demo.credentials
    app.run(app.presenter.start(creds.url, "admin"))
    dialog = app.window.sign_in_dialog
    dialog.password.setText("wrong")
    dialog.sign_in.click()
    app.wait(lambda: dialog.error.isVisible(), what="the error")
    assert "Authentication was unsuccessful" in dialog.error.text() and dialog.isVisible()
    assert dialog.sign_in.isEnabled() and app.presenter.client is None


def test_unreachable_controller_is_said_in_the_dialog(app):
    app.run(app.presenter.start("http://127.0.0.1:9", "admin"))
    dialog = app.window.sign_in_dialog
    dialog.password.setText("x")
    dialog.sign_in.click()
    app.wait(lambda: dialog.error.isVisible(), what="the error")
    assert "Cannot reach the controller at http://127.0.0.1:9" in dialog.error.text()


def test_a_stored_valid_token_signs_in_without_a_dialog(app):
    creds = app.demo.credentials
    token = app.demo.auth.issue()
    app.keyring.secrets[("gns3-copilot-desktop", f"token:admin@{creds.url}")] = token
    app.run(app.presenter.start(creds.url, "admin"))
    assert not app.window.sign_in_dialog.isVisible()
    assert app.presenter.client is not None and app.presenter.client.token == token


def test_sign_out_deletes_the_token(app):
    creds = app.demo.credentials
    assert app.run(app.presenter.sign_in(creds.url, "admin", creds.password, remember=True))
    app.window.sign_out_button.click()
    app.wait(lambda: app.window.sign_in_dialog.isVisible(), what="the dialog")
    assert not [k for k in app.keyring.secrets if k[1].endswith(f"admin@{creds.url}")]
    assert app.presenter.client is None and app.window.connection.text() == "Not signed in"


def test_without_a_keyring_the_app_says_so_once_and_keeps_the_token_in_memory(app):
    use_keyring(fail.Keyring())
    notices = []
    app.presenter.notice.connect(notices.append)
    creds = app.demo.credentials
    assert app.run(app.presenter.sign_in(creds.url, "admin", creds.password, remember=True))
    assert app.run(app.presenter.sign_in(creds.url, "admin", creds.password, remember=True))
    assert len([n for n in notices if "No system keyring" in n]) == 1
    assert app.presenter.credentials.token(creds.url, "admin") == app.presenter.client.token
    no_plain_secrets(app.config_dir, creds.password, app.presenter.client.token)


def test_401_mid_session_asks_again_and_keeps_draft_and_conversation(app):
    app.sign_in_demo()
    app.choose("OSPF Lab")
    app.send("hello")
    app.finish_turn()
    before = len(app.window.chat.widgets())
    # The controller forgets every token it issued (as after a restart).
    app.demo.auth.forget_tokens()
    app.send("Show me the topology")
    app.wait(lambda: app.window.sign_in_dialog.isVisible(), what="the sign-in dialog")
    dialog = app.window.sign_in_dialog
    assert dialog.username.text() == "admin" and dialog.url.text() == app.demo.url
    assert app.window.composer.edit.toPlainText() == "Show me the topology"  # the draft came back
    assert len(app.window.chat.widgets()) >= before  # nothing received was lost
    dialog.password.setText(app.demo.credentials.password)
    dialog.sign_in.click()
    app.wait(lambda: not dialog.isVisible(), 30, what=f"the dialog to close ({dialog.error.text()!r})")
    assert app.presenter.project.name == "OSPF Lab"
    app.send(app.window.composer.edit.toPlainText())
    app.finish_turn()
    assert "## Topology" in app.presenter.transcript.assistant_text()


def test_a_token_about_to_expire_is_renewed_with_the_remembered_password(app):
    creds = app.demo.credentials
    app.demo.auth.token_ttl_s = 60  # inside the five-minute renewal margin
    old = app.demo.auth.issue()
    app.keyring.secrets[("gns3-copilot-desktop", f"token:admin@{creds.url}")] = old
    app.keyring.secrets[("gns3-copilot-desktop", f"password:admin@{creds.url}")] = creds.password
    app.demo.auth.token_ttl_s = 3600
    app.run(app.presenter.start(creds.url, "admin"))
    assert not app.window.sign_in_dialog.isVisible()
    fresh = app.presenter.client.token
    assert fresh != old and app.keyring.secrets[("gns3-copilot-desktop", f"token:admin@{creds.url}")] == fresh


def test_a_token_about_to_expire_without_a_password_asks_again(app):
    creds = app.demo.credentials
    app.demo.auth.token_ttl_s = 60
    app.keyring.secrets[("gns3-copilot-desktop", f"token:admin@{creds.url}")] = app.demo.auth.issue()
    app.run(app.presenter.start(creds.url, "admin"))
    dialog = app.window.sign_in_dialog
    assert dialog.isVisible() and "expired" in dialog.reason.text()


def test_start_up_reopens_the_last_project_and_chat(app, qapp):
    from gns3_copilot_desktop.app import build, parse_args

    creds = app.demo.credentials
    assert app.run(app.presenter.sign_in(creds.url, "admin", creds.password, remember=True))
    app.choose("Sandbox")  # closed: no chat there
    app.run(app.presenter.open_project())
    app.send("hello")
    app.finish_turn()
    sandbox, chat = app.presenter.project.project_id, app.presenter.session_id
    assert chat is not None
    # The next start, signing in with the stored token.
    presenter, window = build(parse_args([]), qapp)
    window.show()
    app.run(presenter.start(creds.url, "admin"))
    assert presenter.project.project_id == sandbox and presenter.session_id == chat
    assert window.windowTitle() == "hello — Sandbox — GNS3 Copilot Desktop"
    assert window.chat.widgets(), "the chat is shown"
    app.run(presenter.shutdown())
    window.close()
    window.deleteLater()


class CountingKeyring:
    """Counts the reads of the test keyring: at a first start there is nothing to read,
    and a read can mean an unlock prompt or 100-200 ms before the dialog."""

    def __init__(self, backend, monkeypatch):
        self.reads = 0
        read = backend.get_password

        def counted(service, username):
            self.reads += 1
            return read(service, username)

        monkeypatch.setattr(backend, "get_password", counted)


def _next_start(app, qapp):
    """The app started again on the same config directory, as `gns3-copilot-desktop`
    with no arguments: the controller and user come from the settings."""
    from gns3_copilot_desktop.app import build, parse_args

    presenter, window = build(parse_args([]), qapp)
    window.show()
    app.run(presenter.start(None, None))
    return presenter, window


def _close(app, presenter, window):
    app.run(presenter.shutdown())
    window.close()
    window.deleteLater()


def test_a_first_start_asks_at_once_without_reading_the_keyring(app, qapp, monkeypatch):
    keyring = CountingKeyring(app.keyring, monkeypatch)
    presenter, window = _next_start(app, qapp)
    assert window.sign_in_dialog.isVisible() and "Not signed in" in window.connection.text()
    assert keyring.reads == 0
    _close(app, presenter, window)


def test_a_remembered_sign_in_signs_in_at_the_next_start_until_signed_out(app, qapp, monkeypatch):
    creds = app.demo.credentials
    assert app.run(app.presenter.sign_in(creds.url, "admin", creds.password, remember=True))
    presenter, window = _next_start(app, qapp)
    assert presenter.client is not None and "admin" in window.connection.text()
    assert not window.sign_in_dialog.isVisible()
    app.run(presenter.sign_out())
    _close(app, presenter, window)
    # Signed out: the next start asks, and the keyring is not read for it.
    keyring = CountingKeyring(app.keyring, monkeypatch)
    presenter, window = _next_start(app, qapp)
    assert window.sign_in_dialog.isVisible() and presenter.client is None
    assert keyring.reads == 0
    _close(app, presenter, window)


def test_a_sign_in_not_remembered_is_asked_again_at_the_next_start(app, qapp, monkeypatch):
    creds = app.demo.credentials
    assert app.run(app.presenter.sign_in(creds.url, "admin", creds.password, remember=False))
    keyring = CountingKeyring(app.keyring, monkeypatch)
    presenter, window = _next_start(app, qapp)
    dialog = window.sign_in_dialog
    assert dialog.isVisible() and dialog.url.text() == creds.url and not dialog.remember.isChecked()
    assert keyring.reads == 0
    _close(app, presenter, window)


def test_settings_written_before_the_app_kept_whether_a_token_is_stored_still_sign_in(app, qapp):
    """Settings of an older version have no "remembered": a remembered sign-in of
    theirs must not be asked again after the update."""
    import json

    creds = app.demo.credentials
    assert app.run(app.presenter.sign_in(creds.url, "admin", creds.password, remember=True))
    path = app.config_dir / "settings.json"
    saved = json.loads(path.read_text())
    del saved["remembered"]
    path.write_text(json.dumps(saved))
    presenter, window = _next_start(app, qapp)
    assert presenter.client is not None and not window.sign_in_dialog.isVisible()
    _close(app, presenter, window)


def test_an_address_typed_without_http_signs_in(app):
    """"127.0.0.1:3080", as the GNS3 GUI's own field has it, means http."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    creds = app.demo.credentials
    app.run(app.presenter.start("http://127.0.0.1:9", "admin"))
    dialog = app.window.sign_in_dialog
    typed = " " + creds.url.removeprefix("http://") + "/ "
    dialog.url.setText(typed)
    QTest.keyClicks(dialog.password, creds.password)
    QTest.keyClick(dialog.password, Qt.Key.Key_Return)
    app.wait(lambda: not dialog.isVisible(), what="the dialog to close")
    assert app.presenter.url == creds.url and f"@ {creds.url}" in app.window.connection.text()
    assert app.presenter.settings.controller_url == creds.url


def test_without_a_keyring_remember_me_is_not_offered_and_the_reason_is_in_words(app):
    """The keyring is looked for once the dialog is up: where there is none, "remember
    me" is unticked and says why, instead of being ticked for nothing."""
    from gns3_copilot_desktop.store import keyring_lookup

    use_keyring(fail.Keyring())
    notices = []
    app.presenter.notice.connect(notices.append)
    creds = app.demo.credentials
    app.run(app.presenter.start(creds.url, "admin"))
    dialog = app.window.sign_in_dialog
    keyring_lookup.search()  # as the start-up thread does once the dialog is up
    app.wait(lambda: not dialog.remember.isEnabled(), what="remember me to be refused")
    assert not dialog.remember.isChecked() and "no system keyring" in dialog.remember.text()
    assert "GNOME Keyring" in dialog.remember.toolTip()
    dialog.password.setText(creds.password)
    dialog.sign_in.click()
    app.wait(lambda: not dialog.isVisible(), what="the dialog to close")
    said = [n for n in notices if "No system keyring" in n]
    assert len(said) == 1 and "GNOME Keyring" in said[0] and "Error" not in said[0]
    # Signed out: the dialog still says so (the store knows it has no keyring).
    app.window.sign_out_button.click()
    app.wait(dialog.isVisible, what="the dialog")
    assert not dialog.remember.isEnabled() and not dialog.remember.isChecked()


def test_a_wrong_address_puts_the_caret_in_the_address(app):
    """A mistyped or unreachable controller: the error says it, and the address is
    selected to mend (a wrong password selects the password, as before)."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    creds = app.demo.credentials
    app.run(app.presenter.start(creds.url, "admin"))
    dialog = app.window.sign_in_dialog
    dialog.url.setText("http:/127.0.0.1:3080")
    QTest.keyClicks(dialog.password, "secret")
    QTest.keyClick(dialog.password, Qt.Key.Key_Return)
    assert dialog.error.isVisible() and "http://" in dialog.error.text()
    assert dialog.focusWidget() is dialog.url and dialog.url.selectedText() == "http:/127.0.0.1:3080"
    assert dialog.password.text() == "secret" and dialog.sign_in.isEnabled()
    dialog.url.setText("http://127.0.0.1:9")
    dialog.sign_in.click()
    app.wait(lambda: "Cannot reach" in dialog.error.text(), what="the unreachable controller said")
    assert dialog.focusWidget() is dialog.url
    dialog.url.setText(creds.url)
    dialog.password.setText("wrong")
    dialog.sign_in.click()
    app.wait(lambda: "Authentication" in dialog.error.text(), what="the wrong password said")
    assert dialog.focusWidget() is dialog.password


def test_new_chat_waits_for_a_project_with_a_copilot(app):
    """Signed out, or no open project: New chat is off (Ctrl+N too), and says why."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    button = app.window.sessions.new_button
    assert not button.isEnabled() and "Sign in" in button.toolTip()
    app.sign_in_demo()
    app.choose("校园网 Campus Network")  # closed
    assert not button.isEnabled() and "Open the project" in button.toolTip()
    app.choose("OSPF Lab")
    assert button.isEnabled()
    app.window.sign_out_button.click()
    app.wait(lambda: not button.isEnabled(), what="New chat to be off")
    resets = []
    app.presenter.transcript_reset.connect(resets.append)
    app.window.sign_in_dialog.reject()
    QTest.keyClick(app.window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    assert not resets


class DismissingKeyring(fail.Keyring):
    """A keyring whose unlock prompt the user dismissed (secretstorage's words)."""

    priority = 1  # type: ignore[assignment]

    def get_password(self, service, username, *secret):
        from keyring.errors import KeyringError

        raise KeyringError("Prompt dismissed.")

    set_password = delete_password = get_password  # type: ignore[assignment]


def test_a_keyring_error_that_ends_with_a_period_is_not_followed_by_another(app):
    use_keyring(DismissingKeyring())
    creds = app.demo.credentials
    assert app.run(app.presenter.sign_in(creds.url, "admin", creds.password, remember=True))
    shown = app.window.statusBar().currentMessage()
    assert shown.endswith("asked again next time (Prompt dismissed)."), shown
