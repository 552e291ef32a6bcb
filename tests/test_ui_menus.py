"""The menu bar: File, View (theme, text size, side panels: kept for the next start),
Help (shortcuts, About with the versions of the app, Qt and the controller); every item
of every menu picked by a letter of its own."""

from __future__ import annotations

import json

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from i18n_fixtures import chinese, controller_text  # noqa: F401 - fixtures
from test_ui_keyboard import _chats

from gns3_copilot_desktop import __version__
from gns3_copilot_desktop.app import build, parse_args


def menu_titles(window) -> list[str]:
    return [a.text().replace("&", "") for a in window.menuBar().actions()]


def test_file_view_help_and_the_view_settings_persist(app, qapp):
    window, menus = app.window, app.window.menus
    assert menu_titles(window) == ["File", "View", "Copilot", "Help"]  # Copilot: the companion's (issue 14)
    files = [a.text().replace("&", "") for a in menus.file.actions() if a.text()]
    assert files == ["Sign in…", "Connect to another controller…", "Sign out", "Export chat…", "Open exported chat…", "Quit"]
    assert not menus.sign_out.isEnabled() or app.presenter.client is not None

    size = window.font().pointSizeF()
    QTest.keyClick(window, Qt.Key.Key_Plus, Qt.KeyboardModifier.ControlModifier)
    QTest.keyClick(window, Qt.Key.Key_Plus, Qt.KeyboardModifier.ControlModifier)
    app.settle(0.05)  # Qt hands an application font to its widgets in an event
    assert window.font().pointSizeF() == size + 2 and window.composer.edit.font().pointSizeF() == size + 2
    shortcuts = menus.show_shortcuts()  # a dialog is a window of its own: it grows too
    assert shortcuts.font().pointSizeF() == size + 2
    shortcuts.close()
    QTest.keyClick(window, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    menus.themes["dark"].trigger()
    app.settle(0.05)
    assert window.palette().color(window.palette().ColorRole.Window).lightness() < 128
    menus.panels.trigger()
    assert not window.left.isVisible() and not window.right.isVisible()

    saved = json.loads((app.config_dir / "settings.json").read_text())
    assert (saved["theme"], saved["text_size"], saved["side_panels"]) == ("dark", 1, False)
    # The next start reads them.
    presenter, again = build(parse_args([]), qapp)
    again.show()
    app.settle(0.05)
    assert again.font().pointSizeF() == size + 1 and not again.left.isVisible()
    assert again.menus.themes["dark"].isChecked()
    menus.themes["system"].trigger()
    again.close()
    again.deleteLater()


def test_about_names_the_versions_and_shortcuts_list_esc(app):
    app.sign_in_demo()
    box = app.window.menus.show_about()
    from PySide6.QtCore import qVersion

    assert __version__ in box.text() and f"Qt {qVersion()}" in box.text()
    assert f"GNS3 {app.presenter.capabilities.version}" in box.text()
    box.close()
    box = app.window.menus.show_shortcuts()
    assert "Esc" in box.text() and "Ctrl+N" in box.text() and "underlined letter" in box.text()
    box.close()


def test_sign_out_and_connect_to_another_controller_from_the_menu(app):
    app.sign_in_demo()
    menus = app.window.menus
    menus.file.aboutToShow.emit()
    assert menus.sign_out.isEnabled()
    # Signed in, another account is "Connect to another controller…"; "Sign in…" is
    # back once signed out (below).
    assert not menus.sign_in.isEnabled()
    menus.connect_other.trigger()
    dialog = app.window.sign_in_dialog
    assert dialog.isVisible() and dialog.focusWidget() is dialog.url and dialog.url.selectedText() == app.demo.url
    dialog.reject()
    menus.sign_out.trigger()
    app.wait(lambda: app.presenter.client is None, what="signed out")
    assert app.window.projects.state.text() == "Sign in to see the projects"
    assert app.window.sign_in_button.isVisible()
    menus.file.aboutToShow.emit()
    assert menus.sign_in.isEnabled() and not menus.sign_out.isEnabled()


def test_signing_out_of_the_demo_controller_is_not_a_dead_end(app):
    """The demo's password is made at each start and shown nowhere: after Sign out the
    dialog asked for it and every try failed until a restart. The dialog now has it
    filled in and says so; Enter signs in again."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    # As app.connect signs in with --demo: the settings keep the user's own controller.
    app.window.demo_credentials, app.window.demo_key = app.demo.credentials, "demo"
    settings = app.presenter.settings
    settings.controller_url, settings.username = "http://127.0.0.1:3080", "me"
    settings.save()
    creds = app.demo.credentials
    assert app.run(app.presenter.sign_in(creds.url, creds.username, creds.password, remember=False, keep=False, store_as="demo"))
    app.window.sign_out_button.click()
    app.wait(lambda: app.presenter.client is None, what="signed out")
    app.window.sign_in_button.click()
    dialog = app.window.sign_in_dialog
    assert dialog.isVisible() and dialog.password.text() == app.demo.credentials.password
    assert "password is filled in" in dialog.reason.text() and dialog.reason.isVisible()
    app.press(dialog.password, Qt.Key.Key_Return)
    app.wait(lambda: app.presenter.client is not None and not dialog.isVisible(), what="signed in again")
    # Signed in again as the demo is: the user's own controller is still the one kept
    # (it was overwritten by the demo's address of this run, gone at the next start).
    import json

    kept = json.loads((app.config_dir / "settings.json").read_text(encoding="utf-8"))
    assert (kept["controller_url"], kept["username"]) == ("http://127.0.0.1:3080", "me")
    # Another address typed: the demo's password is not sent there.
    app.window.sign_out_button.click()
    app.wait(lambda: app.presenter.client is None, what="signed out")
    app.window.sign_in_button.click()
    assert dialog.password.text() == creds.password
    dialog.url.selectAll()
    QTest.keyClicks(dialog.url, "http://127.0.0.1:3080")
    assert dialog.password.text() == "" and not dialog.reason.isVisible()
    dialog.reject()
    app.run(app.presenter.sign_in(creds.url, creds.username, creds.password, remember=False, keep=False, store_as="demo"))
    # Not the demo: the password is the user's to type.
    app.window.demo_credentials = None
    app.window.sign_out_button.click()
    app.wait(lambda: app.presenter.client is None, what="signed out")
    app.window.sign_in_button.click()
    assert dialog.password.text() == ""
    dialog.reject()


def _mnemonic(text: str) -> str | None:
    """The letter after a single '&' (Alt+letter picks the item), None if there is none."""
    plain = text.replace("&&", "")
    at = plain.find("&")
    return plain[at + 1].lower() if 0 <= at < len(plain) - 1 else None


def letter_problems(menu, path: str) -> list[str]:
    """Items of `menu` (and of its submenus) with no underlined letter, or with one that
    another item of the same menu has."""
    problems: list[str] = []
    letters: dict[str, str] = {}
    for action in menu.actions():
        if action.isSeparator() or not action.text():
            continue
        name = action.text().replace("&&", "&").replace("&", "")
        letter = _mnemonic(action.text())
        if letter is None:
            problems.append(f"{path} → {name}: no underlined letter")
        elif letter in letters:
            problems.append(f"{path} → {name}: its letter '{letter}' is also {letters[letter]}'s")
        else:
            letters[letter] = name
        if action.menu() is not None:
            problems += letter_problems(action.menu(), f"{path} → {name}")
    return problems


def all_letter_problems(app) -> list[str]:
    """The menu bar's menus, and the chats list's own menu."""
    from PySide6.QtWidgets import QApplication, QMenu

    chats = _chats(app)  # signed in, a chat in the list, chosen
    problems = letter_problems(app.window.menuBar(), "the menu bar")
    app.press(chats, Qt.Key.Key_Menu)
    app.wait(lambda: isinstance(QApplication.activePopupWidget(), QMenu), what="the chat's menu")
    menu = QApplication.activePopupWidget()
    problems += letter_problems(menu, "a chat's menu")
    menu.close()
    return problems


def test_every_menu_item_has_a_letter_of_its_own(app):
    """A keyboard user opens a menu with Alt and its letter, then picks an item with its
    underlined letter (Windows and Linux). Every item of every menu has one (a new user
    found the Copilot menu's items had none), and no two items of one menu share it:
    the letter then only moves between them, and picks neither."""
    problems = all_letter_problems(app)
    assert not problems, "\n".join(problems)


def test_every_menu_item_has_a_letter_of_its_own_in_chinese(chinese, controller_text, request):  # noqa: F811 - fixtures
    """The same in Chinese, where the letters come from the translations ("导出会话(&E)…")."""
    problems = all_letter_problems(request.getfixturevalue("app"))
    assert not problems, "\n".join(problems)
