"""What a screen reader sees of the app, through the accessibility bus (AT-SPI).

Run by the system Python (pyatspi is a Debian package, not on PyPI) from the real-window
tests: `python3 atspi_probe.py tree APP` prints the app's showing accessibles as JSON,
`python3 atspi_probe.py tab APP N` presses Tab N times (xdotool) and prints what had the
focus after each press. No test logic here: the tests judge what it prints."""

from __future__ import annotations

import json
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
    }


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
    elif command == "tab":
        presses = int(sys.argv[3])
        seen = []
        for _ in range(presses):
            subprocess.run(["xdotool", "key", "--clearmodifiers", "Tab"], check=True)
            time.sleep(0.25)
            seen.append(focused(app))
        print(json.dumps(seen))
    else:
        raise SystemExit(f"unknown command {command}")


if __name__ == "__main__":
    main()
