"""The window does not assemble on screen: its first painted frame already has its final
layout (the menu bar with its titles, the chat list's filter and search, the chat
header's place, the chat, the message box, the limits), and nothing of it moves until
start-up is over (the sign-in dialog up, or the demo signed in). The real app, in its
own process, as a person starts it (tests/first_frame.py watches it from inside)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


def start(tmp_path: Path, size: tuple[int, int], *args: str, settings: dict | None = None) -> dict:
    config = tmp_path / "config"
    config.mkdir()
    if settings is not None:
        (config / "settings.json").write_text(json.dumps(settings))
    screen = tmp_path / "screen.json"
    screen.write_text(json.dumps({"screens": [{"name": "test", "x": 0, "y": 0, "width": size[0], "height": size[1]}]}))
    env = {**os.environ, "GNS3_COPILOT_CONFIG_DIR": str(config), "QT_QPA_PLATFORM": f"offscreen:configfile={screen}",
           "GNS3_COPILOT_DEMO_PACE": "0.05"}
    out = tmp_path / "frames.json"
    done = subprocess.run([sys.executable, str(HERE / "first_frame.py"), str(out), "--", *args],
                          env=env, capture_output=True, text=True, timeout=90)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(out.read_text())


def moved(record: dict) -> list[str]:
    """Each part whose place differs between a painted frame and the settled window."""
    final = record["final"]
    return [
        f"frame {i}: {name}: {frame.get(name)} -> {final.get(name)}"
        for i, frame in enumerate(record["frames"]) for name in sorted(set(frame) | set(final))
        if frame.get(name) != final.get(name)
    ]


@pytest.mark.parametrize(("size", "args", "signed_in"), [
    ((1280, 800), ("--demo",), True),
    ((1024, 700), (), False),  # nothing remembered: the sign-in dialog
], ids=["demo-1280x800", "sign-in-1024x700"])
def test_the_first_frame_has_the_final_layout(tmp_path, size, args, signed_in):
    record = start(tmp_path, size, *args)
    final = record["final"]
    assert record["frames"], "the window was painted"
    # The settled window has every part this is about (else nothing could move).
    for part in ("menu bar", "menu File", "menu View", "menu Copilot", "menu Help", "chats: Show the chats of",
                 "chats: ChatSearch", "chats: Chats", "centre: ChatHeader", "centre: chat area", "centre: Composer",
                 "limits column: LimitsPanel"):
        assert part in final, f"{part} is not in the settled window: {sorted(final)}"
    assert moved(record) == []


def test_side_panels_hidden_last_time_are_not_in_the_first_frame(tmp_path):
    record = start(tmp_path, (1280, 800), settings={"side_panels": False})
    assert not any(name.startswith(("sidebar", "limits column")) for name in record["final"])
    assert moved(record) == []


def test_the_window_is_painted_before_the_controller_side_loads(tmp_path):
    """The first frame is on screen before asyncio, qasync and the presenter load: a
    window system's expose comes after the calls posted at show(), so a start-up that
    went on "when the loop is next idle" painted the window only after them."""
    record = start(tmp_path, (1280, 800))
    assert record["loaded_at_first_paint"] == []
