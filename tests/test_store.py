"""What the app remembers on disk: atomic JSON, corrupt files set aside, presets."""

from __future__ import annotations

import json

import pytest

from gns3_copilot_desktop.store import BUILT_IN_PRESETS, AppSettings, JsonFile, Limits, PresetStore


def test_json_file_is_written_whole_and_read_back(tmp_path):
    store = JsonFile(tmp_path / "deep" / "x.json")
    store.write({"名字": "值", "n": 1})
    assert store.read({}) == {"名字": "值", "n": 1}
    assert [p.name for p in (tmp_path / "deep").iterdir()] == ["x.json"]  # no temporary left


@pytest.mark.parametrize("content", ["{not json", "[1, 2]", "\x00\x01", '"a string"'])
def test_a_corrupt_file_is_set_aside_with_a_message(tmp_path, content):
    path = tmp_path / "presets.json"
    path.write_text(content)
    store = PresetStore(path)
    assert [p.name for p in store.presets()] == [p.name for p in BUILT_IN_PRESETS]
    assert "presets.json was damaged" in store.problem and "Defaults are used" in store.problem
    aside = [p for p in tmp_path.iterdir() if p.name.startswith("presets.json.corrupt-")]
    assert len(aside) == 1 and aside[0].read_text() == content  # nothing of the user's is lost
    store.save_preset("Mine", Limits(9, 9))
    assert PresetStore(path).problem is None


def test_presets_and_last_used_limits_survive_a_restart(tmp_path):
    path = tmp_path / "presets.json"
    store = PresetStore(path)
    store.save_preset("  OSPF   drills ", Limits(30, 12))
    store.remember("http://127.0.0.1:3080", "p1", Limits(7, None))
    again = PresetStore(path)
    assert [p.name for p in again.presets()][-1] == "OSPF drills"
    assert again.last_used("http://127.0.0.1:3080", "p1") == Limits(7, None)
    assert again.last_used("http://127.0.0.1:3080", "p2") is None
    again.delete_preset("OSPF drills")
    assert "OSPF drills" not in [p.name for p in PresetStore(path).presets()]


def test_preset_names_are_checked(tmp_path):
    store = PresetStore(tmp_path / "p.json")
    with pytest.raises(ValueError, match="needs a name"):
        store.save_preset("   ", Limits())
    with pytest.raises(ValueError, match="built-in"):
        store.save_preset("default", Limits())


def test_out_of_range_and_odd_stored_values_are_clamped_or_dropped(tmp_path):
    path = tmp_path / "presets.json"
    path.write_text(json.dumps({
        "presets": {"big": {"max_iterations": 500, "max_tool_calls": 0}, "odd": {"max_iterations": "x"}, "": {}},
        "last_used": {"u": {"p": {"max_iterations": True}}, "v": "nope"},
    }))
    store = PresetStore(path)
    assert {p.name: p.limits for p in store.presets() if not p.built_in} == {"big": Limits(100, 1)}
    assert store.last_used("u", "p") is None and store.problem is None


def test_settings_never_hold_secrets(tmp_path):
    settings = AppSettings(tmp_path / "settings.json")
    settings.controller_url, settings.username = "http://10.0.0.1:3080", "alice"
    settings.save()
    saved = json.loads((tmp_path / "settings.json").read_text())
    assert set(saved) == {
        "controller_url", "username", "remember_me", "remembered", "last_place", "last_chats", "practice_chats", "theme", "language", "text_size", "side_panels",
        "trusted_certificates", "prices",
    }
    assert AppSettings(tmp_path / "settings.json").username == "alice"


def test_view_settings_and_the_last_place_come_back_and_bad_values_are_ignored(tmp_path):
    settings = AppSettings(tmp_path / "settings.json")
    settings.theme, settings.text_size, settings.side_panels = "dark", 3, False
    settings.remember_place("demo", "p1", "s1")
    again = AppSettings(tmp_path / "settings.json")
    assert (again.theme, again.text_size, again.side_panels) == ("dark", 3, False)
    assert again.last_place == {"demo": {"project_id": "p1", "session_id": "s1"}}
    again.remember_place("demo", "p2", None)  # another project, no chat yet: p1's stays
    assert AppSettings(tmp_path / "settings.json").last_chat("demo", "p1") == "s1"
    (tmp_path / "settings.json").write_text(json.dumps({
        "theme": "neon", "text_size": True, "side_panels": "no", "last_place": {"u": "x", "v": {"project_id": 3}},
        "trusted_certificates": {"https://a": "not a certificate"},
    }))
    damaged = AppSettings(tmp_path / "settings.json")
    assert (damaged.theme, damaged.text_size, damaged.side_panels) == ("system", 0, True)
    assert damaged.last_place == {"v": {}} and damaged.trusted_certificates == {}


def test_the_keyring_is_not_used_before_the_early_search_for_it_is_over(monkeypatch):
    """The app starts looking for the OS keyring in a thread right after the window is
    painted; a sign-in read or written meanwhile waits for it, and uses what it found."""
    import time

    import keyring
    import keyring.core
    from ui_helpers import MemoryKeyring, use_keyring

    from gns3_copilot_desktop.store import CredentialStore, keyring_lookup

    monkeypatch.setattr(keyring.core, "_keyring_backend", keyring.core._keyring_backend)  # restored after
    monkeypatch.setattr(keyring_lookup, "_search", None)
    # A search of its own: an earlier test in this process may have searched already
    # (one search per process), and then this one would look for nothing.
    monkeypatch.setattr(keyring_lookup, "_done", False)
    monkeypatch.setattr(keyring_lookup, "_callbacks", [])
    found = MemoryKeyring()
    order = []

    def slow_search():
        time.sleep(0.3)  # keyring waits on ldconfig and gcc
        use_keyring(found)
        order.append("found")

    monkeypatch.setattr(keyring, "get_keyring", slow_search)
    keyring_lookup.start()
    store = CredentialStore()
    store.save("http://controller", "admin", "the-token", None)
    order.append("saved")
    assert order == ["found", "saved"]
    assert store.available and store.token("http://controller", "admin") == "the-token"
    assert found.secrets == {("gns3-copilot-desktop", "token:admin@http://controller"): "the-token"}


def test_where_the_user_is_is_saved_without_the_window_waiting_for_the_disk(tmp_path, monkeypatch):
    """A new chat remembers where the user is: its save's wait for the disk (fsync,
    6-13 ms) happens in a thread of its own, not on the window's; it is still saved,
    in order with the other saves."""
    import os
    import threading

    waited_on: list[str] = []
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        waited_on.append(threading.current_thread().name)
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    settings = AppSettings(tmp_path / "settings.json")
    settings.remember_place("demo", "p1", "s1")
    settings.remember_place("demo", "p1", "s2")
    # (a settings read waits for the saves handed to the thread)
    assert AppSettings(tmp_path / "settings.json").last_chat("demo", "p1") == "s2"  # the later place, landed
    settings.theme = "dark"
    settings.save()  # a save the app waits for (View's choices) comes after them
    assert waited_on and threading.main_thread().name not in waited_on[:2], waited_on
    again = AppSettings(tmp_path / "settings.json")
    assert again.last_chat("demo", "p1") == "s2" and again.theme == "dark"


def test_a_place_that_could_not_be_saved_is_logged(tmp_path, monkeypatch, caplog):
    """Saved by a thread of its own, a failure is said nowhere else: the log has it."""
    from gns3_copilot_desktop.store import settings as settings_module

    settings = AppSettings(tmp_path / "settings.json")

    def broken(data: dict) -> str | None:
        raise OSError("the disk is gone")

    monkeypatch.setattr(settings, "_write", broken)
    with caplog.at_level("WARNING"):
        settings.remember_place("demo", "p1", "s1")
        settings_module.written()
    assert "the disk is gone" in caplog.text
