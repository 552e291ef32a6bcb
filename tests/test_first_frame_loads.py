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
import enum, inspect, json, re, sys
built, patterns, read = [], [], []
getsource = inspect.getsource
def reading(obj):
    read.append(getattr(obj, "__name__", ""))
    return getsource(obj)
inspect.getsource = reading
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
    seen.update(enums=list(built), modules=sorted(sys.modules), read=list(read),
                pattern=[p for p in patterns if isinstance(p, str) and wrap_anywhere._UNBROKEN in p],
                hiding=[p for p in patterns if isinstance(p, str) and "\\u202e" in p.lower()])
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
    # Its words are ASCII: nothing to search for characters that hide text.
    assert seen["hiding"] == []
    # Shortcuts are made with the menus, after the first paint.
    assert not [name for name in seen["enums"] if name.split(".")[-1] == "StandardKey"]
    # Nor PySide's Qt namespace (93 enums, 14 ms): ui/qt_namespace.py.
    assert not [name for name in seen["enums"] if name.split(".")[-1] in QT_NAMESPACE_ONLY]
    # PySide does not read the window's modules' source for its options (pyside_features.py).
    assert not [name for name in seen["read"] if name.startswith("gns3_copilot_desktop.ui.")]


# Enums only the Qt namespace has, among those the window's code names.
QT_NAMESPACE_ONLY = ("AlignmentFlag", "TextFormat", "WidgetAttribute", "ItemDataRole", "PenStyle", "ScrollBarPolicy")


def test_the_window_icon_is_the_one_drawn(qapp):
    """The icon is kept as pixels, for the first frame: they must be what is drawn now
    (`python -m gns3_copilot_desktop.ui.app_icon_pixels` writes them again)."""
    from PySide6.QtGui import QImage

    from gns3_copilot_desktop.ui import theme

    icon = theme.app_icon()
    for size in theme.APP_ICON_SIZES:
        drawn = theme.draw_app_icon(size).toImage().convertToFormat(QImage.Format.Format_ARGB32_Premultiplied)
        kept = icon.pixmap(size, size).toImage().convertToFormat(QImage.Format.Format_ARGB32_Premultiplied)
        assert kept == drawn, f"the {size} px icon differs from what draw_app_icon draws"


def test_what_the_first_frame_sets_by_name_takes_effect(qtbot):
    """Set without the Qt namespace: the values Qt's own setters would have set."""
    from PySide6.QtCore import Qt

    from gns3_copilot_desktop.ui.chat_parts import LimitStopBar
    from gns3_copilot_desktop.ui.chat_view import ChatView
    from gns3_copilot_desktop.ui.qt_namespace import USER_ROLE, set_by_name
    from gns3_copilot_desktop.ui.untrusted import plain_label

    assert USER_ROLE == Qt.ItemDataRole.UserRole
    assert plain_label("<b>not bold</b>").textFormat() == Qt.TextFormat.PlainText
    view = ChatView()
    qtbot.addWidget(view)
    assert view.horizontalScrollBarPolicy() == Qt.ScrollBarPolicy.ScrollBarAlwaysOff
    try:
        set_by_name(view, horizontalScrollBarPolicy="ScrollBarSometimes")
    except ValueError:
        pass
    else:
        raise AssertionError("a name Qt does not know was taken")
    # What is set when first shown: the limit bar's icon, the hand over "Show earlier".
    bar = LimitStopBar()
    qtbot.addWidget(bar)
    bar.show()
    assert not bar._icon.pixmap().isNull()
    view.show()
    from gns3_copilot_desktop.protocol import Transcript

    view.reset(Transcript(), more_above=True)
    assert view.earlier.isVisible() and view.earlier.cursor().shape() == Qt.CursorShape.PointingHandCursor


def test_system_after_dark_gives_the_platform_s_palette_back(qapp):
    """What a just-made application skips (it has the platform's palette) is still
    undone after a switch: View → Theme → Dark, then System."""
    from PySide6.QtGui import QPalette

    from gns3_copilot_desktop.ui import theme

    theme.apply_theme(qapp, "system", style=False)  # (whatever an earlier test chose)
    platform = qapp.palette().color(QPalette.ColorRole.Window)
    try:
        theme.apply_theme(qapp, "dark", style=False)
        assert qapp.palette().color(QPalette.ColorRole.Window) != platform
        theme.apply_theme(qapp, "system", style=False)
        assert qapp.palette().color(QPalette.ColorRole.Window) == platform
    finally:
        theme.apply_theme(qapp, "system", style=False)


def test_closing_right_after_start_up_waits_for_the_controller_side(tmp_path):
    """The window closed as soon as the sign-in dialog is up: the thread loading the
    controller side (app.load_controller_side) is done before the interpreter shuts
    down, which a thread still importing crashes."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "GNS3_COPILOT_CONFIG_DIR": str(tmp_path),
           "GNS3_COPILOT_EXIT_WHEN_READY": "1"}
    probe = "from gns3_copilot_desktop import app\ncode = app.main([])\nprint(app._loading is not None and app._loading.is_alive())"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == "False"
