"""The app started as a person starts it, in a process of its own, watched from inside:
where the window's parts are in its first painted frame, in every frame that moved one
of them, and once start-up is over (the app's own "fully started" point, the one
bench/startup.py times: the sign-in dialog up, or the demo signed in), after the
window has settled. With `--png`, the first and the last frame as images too.

    python tests/first_frame.py OUT.json [--png PREFIX] -- [app arguments]

Nothing in the app is changed: the probe wraps `MainWindow.show` only to watch the
window from before its first paint (an application event filter), and holds the
window's close at the end of start-up for the settling time.
"""

from __future__ import annotations

import json
import os
import sys

SETTLE_MS = 600  # after "fully started": the last layouts and paints of start-up


def parts(window) -> dict[str, list[int]]:
    """The window's top-level parts, each by a name a person would give it, as
    [x, y, width, height] in the window: the menu bar and each of its titles, each
    widget of the sidebar, of the centre column and of the limits column, the splitter
    holding them (it moves when the header above it changes height)."""
    from PySide6.QtCore import QPoint

    def box(widget) -> list[int]:
        at = widget.mapTo(window, QPoint(0, 0))
        return [at.x(), at.y(), widget.width(), widget.height()]

    found: dict[str, list[int]] = {}
    bar = window.menuWidget()  # (menuBar() would make one)
    if bar is not None and bar.isVisible():
        found["menu bar"] = box(bar)
        for action in bar.actions():
            if action.isVisible():
                rect = bar.actionGeometry(action)
                found[f"menu {action.text().replace('&', '')}"] = [rect.x(), rect.y(), rect.width(), rect.height()]
    found["splitter"] = box(window.splitter)
    containers = {
        "sidebar": window.left, "chats": window.sessions, "centre": window.chat.parentWidget(), "limits column": window.right,
    }
    for where, container in containers.items():
        seen: dict[str, int] = {}
        for child in container.children():
            if not (hasattr(child, "isVisible") and child.isWidgetType() and child.isVisible() and not child.isWindow()):
                continue
            name = child.accessibleName() or type(child).__name__
            if child is window.chat:
                name = "chat area"
            seen[name] = seen.get(name, 0) + 1
            found[f"{where}: {name}" + (f" #{seen[name]}" if seen[name] > 1 else "")] = box(child)
    return found


def main(out: str, png: str | None, app_args: list[str]) -> int:
    from PySide6.QtCore import QEvent, QObject, QTimer
    from PySide6.QtWidgets import QApplication, QWidget

    from gns3_copilot_desktop import app
    from gns3_copilot_desktop.ui.main_window import MainWindow

    frames: list[dict] = []  # the first frame, then each frame where a part had moved
    record = {"frames": frames, "final": None, "loaded_at_first_paint": None}

    class Watch(QObject):
        def __init__(self, window: MainWindow):
            super().__init__()
            self.window = window
            self.closing = False
            self.grabbing = False

        def eventFilter(self, watched, event) -> bool:  # noqa: N802 - Qt's name
            kind = event.type()
            if self.grabbing:
                return False
            if png and not frames and self.about_to_paint(watched, kind):
                # Until the first paint: the frame Qt is about to paint, as an image (a
                # grab during the paint itself would be a recursive repaint).
                self.grabbing = True
                self.window.grab().save(f"{png}-first.png")
                self.grabbing = False
            if kind == QEvent.Type.Paint and isinstance(watched, QWidget) and watched.window() is self.window:
                now = parts(self.window)
                if not frames:
                    # What had loaded when the first frame was painted: the controller
                    # side (asyncio's loop, the presenter) is meant to wait for it.
                    record["loaded_at_first_paint"] = sorted({"asyncio", "qasync"} & set(sys.modules))
                if not frames or frames[-1] != now:
                    frames.append(now)
            elif kind == QEvent.Type.Close and watched is self.window and not self.closing:
                self.closing = True  # start-up is over: look once the window has settled
                QTimer.singleShot(SETTLE_MS, self.finish)
                event.ignore()  # (only swallowed, the window would hide unclosed)
                return True
            return False

        def about_to_paint(self, watched, kind) -> bool:
            if kind == QEvent.Type.UpdateRequest:
                return watched is self.window
            return kind == QEvent.Type.Expose and watched is self.window.windowHandle()

        def finish(self) -> None:
            record["final"] = parts(self.window)
            if png:
                self.window.grab().save(f"{png}-final.png")
            QApplication.instance().removeEventFilter(self)
            self.window.close()

    shown = MainWindow.show

    def show(window: MainWindow) -> None:
        window._first_frame_watch = watch = Watch(window)
        QApplication.instance().installEventFilter(watch)
        shown(window)

    MainWindow.show = show
    os.environ["GNS3_COPILOT_EXIT_WHEN_READY"] = "1"
    code = app.main(app_args)
    with open(out, "w") as file:
        json.dump(record, file, indent=1)
    return code


if __name__ == "__main__":
    arguments = sys.argv[1:]
    split = arguments.index("--") if "--" in arguments else len(arguments)
    mine, app_args = arguments[:split], arguments[split + 1:]
    png = mine[mine.index("--png") + 1] if "--png" in mine else None
    sys.exit(main(mine[0], png, app_args))
