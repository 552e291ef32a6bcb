"""What the window's first frame is painted without (bench/startup.py times it against
a bare PySide6 window): PySide builds the Python enums of a Qt class the first time
the class is touched, all of them at once (QStyle's: 5 ms), and a module or a pattern
loaded before the first paint delays it too. Whatever the first frame shows is painted
without them; they load when first used."""

from __future__ import annotations

import json
import os
import subprocess
import sys

PROBE = """
import enum, json, re, sys
built, patterns = [], []
create = enum.EnumType._create_
def recording(cls, class_name, *args, **kwargs):
    built.append(kwargs.get("qualname") or class_name)
    return create(cls, class_name, *args, **kwargs)
enum.EnumType._create_ = recording
for name in ("compile", "finditer", "search", "match", "fullmatch", "findall", "sub", "split"):
    def patterned(pattern, *args, _use=getattr(re, name), **kwargs):
        patterns.append(getattr(pattern, "pattern", pattern))
        return _use(pattern, *args, **kwargs)
    setattr(re, name, patterned)
from PySide6.QtCore import QTimer
from gns3_copilot_desktop import app
from gns3_copilot_desktop.ui import main_window, wrap_anywhere
paint = main_window.MainWindow.paintEvent
seen = {}
def frame_done():  # (the window paints before its children: the frame is done next turn)
    seen.update(enums=list(built), modules=sorted(sys.modules),
                pattern=[p for p in patterns if isinstance(p, str) and wrap_anywhere._UNBROKEN in p])
def first_paint(self, event):
    if not seen:  # (queued before what the app queues at its first paint, quitting among them)
        seen["asked"] = True
        QTimer.singleShot(0, frame_done)
    paint(self, event)
main_window.MainWindow.paintEvent = first_paint
app.main(["--quit-after", "0"])
print(json.dumps(seen))
"""


def test_the_first_frame_is_painted_without_what_it_does_not_show(tmp_path):
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "GNS3_COPILOT_CONFIG_DIR": str(tmp_path)}
    out = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, env=env, timeout=60)
    assert out.returncode == 0, out.stderr
    seen = json.loads(out.stdout.strip().splitlines()[-1])
    assert seen["enums"], "no enum recorded: the probe no longer sees PySide build them"
    # The project and preset boxes say "No project" and nothing: Qt paints those itself.
    assert not [name for name in seen["enums"] if name.split(".")[-1] in ("ComplexControl", "ControlElement")]
    # No chat is open: no markup to escape, no word long enough to need the pattern.
    assert "html" not in seen["modules"]
    assert seen["pattern"] == []
    # Shortcuts are made with the menus, after the first paint.
    assert not [name for name in seen["enums"] if name.split(".")[-1] == "StandardKey"]
