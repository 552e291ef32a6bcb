"""Local state that survives anything: damaged files are set aside and the app goes on,
a BOM is read, failed saves are told and the change kept, two instances merge."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from gns3_copilot_desktop.store import BUILT_IN_PRESETS, AppSettings, JsonFile, Limits, PresetStore, SaveFailed

DAMAGE = {
    "bad JSON": b'{"presets": {',
    "invalid UTF-8": b'{"presets": {"\xff\xfe": 1}}',
    "nested deep": b'{"a": ' * 100_000 + b"1" + b"}" * 100_000,
    "not an object": b"[1, 2, 3]",
    "NUL bytes": b"\x00\x00\x00",
}


@pytest.mark.parametrize("what", sorted(DAMAGE))
def test_a_damaged_file_is_set_aside_and_defaults_are_used(tmp_path, what):
    path = tmp_path / "presets.json"
    path.write_bytes(DAMAGE[what])
    store = PresetStore(path)
    assert store.presets() == list(BUILT_IN_PRESETS)
    assert "was damaged" in store.problem and "moved to" in store.problem
    aside = list(tmp_path.glob("presets.json.corrupt-*"))
    assert len(aside) == 1 and aside[0].read_bytes() == DAMAGE[what]  # kept, for the user to look at
    store.save_preset("Mine", Limits(9, 9))  # and the app goes on saving
    assert "Mine" in json.loads(path.read_text())["presets"]


def test_a_folder_in_the_file_s_place_is_set_aside(tmp_path):
    (tmp_path / "settings.json").mkdir()
    (tmp_path / "settings.json" / "inside").write_text("x")
    settings = AppSettings(tmp_path / "settings.json")
    assert "a folder is in its place" in settings.problem
    assert settings.save() is None and json.loads((tmp_path / "settings.json").read_text())["username"] == "admin"


def test_a_byte_order_mark_is_not_damage(tmp_path):
    path = tmp_path / "settings.json"
    path.write_bytes("\ufeff".encode() + json.dumps({"username": "名字", "controller_url": "http://h:3080"}).encode())
    settings = AppSettings(path)
    assert settings.problem is None and settings.username == "名字" and settings.controller_url == "http://h:3080"


def test_an_unreadable_file_is_told_not_fatal(tmp_path, monkeypatch):
    path = tmp_path / "presets.json"
    path.write_text("{}")
    real = Path.read_bytes

    def refuse(self):
        if self == path:
            raise PermissionError(errno.EACCES, "Permission denied")
        return real(self)

    monkeypatch.setattr(Path, "read_bytes", refuse)
    store = PresetStore(path)
    assert "Could not read" in store.problem and store.presets() == list(BUILT_IN_PRESETS)


def test_a_failed_preset_save_is_told_and_the_preset_kept(tmp_path, monkeypatch):
    path = tmp_path / "presets.json"
    store = PresetStore(path)
    real_replace = os.replace

    def disk_full(src, dst):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "replace", disk_full)
    with pytest.raises(SaveFailed, match="No space left on device.*kept"):
        store.save_preset("Drills", Limits(30, 12))
    assert "Drills" in [p.name for p in store.presets()]  # kept in memory
    assert not path.exists() and not list(tmp_path.glob(".presets.json.*"))  # no half file left
    monkeypatch.setattr(os, "replace", real_replace)
    store.save_preset("Second", Limits(5, 5))  # the next save writes both
    saved = json.loads(path.read_text())["presets"]
    assert set(saved) == {"Drills", "Second"}


def test_a_read_only_place_is_told(tmp_path):
    (tmp_path / "blocked").write_text("a file where the config folder should be")
    store = PresetStore(tmp_path / "blocked" / "presets.json")
    with pytest.raises(SaveFailed, match="Could not save"):
        store.save_preset("Mine", Limits(9, 9))
    assert "Mine" in [p.name for p in store.presets()]
    settings = AppSettings(tmp_path / "blocked" / "settings.json")
    assert "kept until the app closes" in settings.save()


def test_a_small_full_disk_is_told(tmp_path):
    """A real full file system where the machine lets us mount one (root, tmpfs)."""
    mount = tmp_path / "full"
    mount.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(mount)], capture_output=True).returncode:
        pytest.skip("cannot mount a small tmpfs here (the simulated OSError test covers it)")
    try:
        (mount / "filler").write_bytes(b"x" * 60_000)
        store = PresetStore(mount / "presets.json")
        with pytest.raises(SaveFailed):
            for n in range(200):
                store.save_preset(f"preset {n} " + "y" * 200, Limits(9, 9))
        assert len(store.presets()) > len(BUILT_IN_PRESETS)
    finally:
        subprocess.run(["umount", str(mount)], capture_output=True)


SAVER = textwrap.dedent("""
    import sys
    from gns3_copilot_desktop.store import Limits, PresetStore
    store = PresetStore(sys.argv[1])
    for n in range(200):
        store.save_preset(f"{sys.argv[2]} {n}", Limits(n % 100 + 1, n % 50 + 1))
""")


def test_two_instances_saving_at_once_keep_every_preset(tmp_path):
    path = tmp_path / "presets.json"
    processes = [
        subprocess.Popen([sys.executable, "-c", SAVER, str(path), who], cwd=Path(__file__).resolve().parents[1])
        for who in ("first", "second")
    ]
    for process in processes:
        assert process.wait(timeout=120) == 0
    saved = json.loads(path.read_text())["presets"]
    assert len(saved) == 400
    assert len(PresetStore(path).presets()) == 400 + len(BUILT_IN_PRESETS)


def test_a_json_write_leaves_no_half_file(tmp_path):
    store = JsonFile(tmp_path / "x.json")
    store.write({"a": 1})
    assert json.loads((tmp_path / "x.json").read_text()) == {"a": 1}
