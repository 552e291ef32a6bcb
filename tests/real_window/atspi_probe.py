"""What a screen reader sees of the app, through the accessibility bus (AT-SPI).

Run by the system Python (pyatspi is a Debian package, not on PyPI) from the real-window
tests: `python3 atspi_probe.py tree APP` prints the app's showing accessibles as JSON,
`python3 atspi_probe.py tab APP N` presses Tab N times (xdotool) and prints what had the
focus after each press, `python3 atspi_probe.py listen APP SECONDS` prints, one JSON line
each, the events a screen reader is told of meanwhile (what Orca speaks from). No test
logic here: the tests judge what it prints."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time

import pyatspi


def find_app(name: str, timeout_s: float = 20.0):
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        desktop = pyatspi.Registry.getDesktop(0)
        for app in desktop:
            if app is not None and app.name == name:
                return app
        time.sleep(0.2)
    raise SystemExit(f"no application {name!r} on the accessibility bus")


def describe(node) -> dict:
    states = node.getState()
    try:
        extents = node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        box = [extents.x, extents.y, extents.width, extents.height]
    except NotImplementedError:
        box = None
    return {
        "role": node.getRoleName(),
        "name": node.name or "",
        "description": node.description or "",
        "showing": states.contains(pyatspi.STATE_SHOWING),
        "visible": states.contains(pyatspi.STATE_VISIBLE),
        "focusable": states.contains(pyatspi.STATE_FOCUSABLE),
        "focused": states.contains(pyatspi.STATE_FOCUSED),
        "enabled": states.contains(pyatspi.STATE_ENABLED),
        "box": box,
        "text": text_of(node),
    }


def text_of(node, limit: int = 4000) -> str | None:
    """What the reader reads as the node's text (its Text interface), None without one."""
    try:
        text = node.queryText()
    except NotImplementedError:
        return None
    return text.getText(0, min(text.characterCount, limit))


def walk(node, out: list, depth: int = 0, limit: int = 4000, within: tuple = ()) -> None:
    if node is None or len(out) >= limit:
        return
    info = describe(node)
    if not info["visible"] and depth > 0:
        return
    info["depth"] = depth
    info["within"] = list(within)  # the names of its ancestors
    out.append(info)
    inner = (*within, info["name"]) if info["name"] else within
    for index in range(node.childCount):
        try:
            walk(node.getChildAtIndex(index), out, depth + 1, limit, inner)
        except Exception:  # a child that went away while walking
            continue


def focused(app):
    nodes: list = []
    walk(app, nodes)
    return next((n for n in nodes if n["focused"]), None)


def main() -> None:
    command, name = sys.argv[1], sys.argv[2]
    app = find_app(name)
    if command == "tree":
        nodes: list = []
        walk(app, nodes)
        print(json.dumps(nodes))
    elif command == "tab":  # tab N [KEY]: press Tab (or KEY, e.g. shift+Tab) N times
        presses = int(sys.argv[3])
        key = sys.argv[4] if len(sys.argv) > 4 else "Tab"
        seen = []
        for _ in range(presses):
            subprocess.run(["xdotool", "key", "--clearmodifiers", key], check=True)
            time.sleep(0.25)
            seen.append(focused(app))
        print(json.dumps(seen))
    elif command == "listen":
        listen(float(sys.argv[3]))
    else:
        raise SystemExit(f"unknown command {command}")


# What Orca acts on: announcements, objects shown (an alert or a notification shown is
# spoken), names and descriptions changed, text changed.
EVENTS = (
    "object:announcement",
    "object:state-changed:showing",
    "object:property-change:accessible-name",
    "object:property-change:accessible-description",
    "object:text-changed",
)


def listen(seconds: float) -> None:
    def heard(event) -> None:
        try:
            source = event.source
            role, name = source.getRoleName(), source.name or ""
        except Exception:  # gone meanwhile
            role, name = "", ""
        data = event.any_data
        print(json.dumps({
            "type": event.type, "role": role, "name": name, "detail1": event.detail1,
            "data": data if isinstance(data, str) else None,
        }), flush=True)

    for kind in EVENTS:
        pyatspi.Registry.registerEventListener(heard, kind)
    print(json.dumps({"type": "listening"}), flush=True)
    from gi.repository import GLib

    GLib.timeout_add(int(seconds * 1000), lambda: pyatspi.Registry.stop() or False)
    signal.signal(signal.SIGTERM, lambda *_: pyatspi.Registry.stop())
    pyatspi.Registry.start()


if __name__ == "__main__":
    main()
