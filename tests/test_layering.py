"""The layers of docs/architecture.md: protocol is pure, client knows no Qt."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "gns3_copilot_desktop"

FORBIDDEN = {
    "protocol": {"httpx", "httpx_sse", "PySide6", "qasync", "keyring", "socket", "asyncio", "fastapi"},
    "client": {"PySide6", "qasync", "keyring", "fastapi"},
}


def imported_modules(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_layers_import_only_what_they_may():
    offences = []
    for layer, forbidden in FORBIDDEN.items():
        for path in (PACKAGE / layer).rglob("*.py"):
            bad = imported_modules(path) & forbidden
            if bad:
                offences.append(f"{path.relative_to(PACKAGE)} imports {sorted(bad)}")
    assert offences == []


def test_protocol_and_client_load_without_qt():
    # Every module: the packages themselves load their names on first use.
    code = (
        "import sys, importlib, pkgutil, gns3_copilot_desktop.protocol as p, gns3_copilot_desktop.client as c\n"
        "for package in (p, c):\n"
        "    for module in pkgutil.iter_modules(package.__path__, package.__name__ + '.'):\n"
        "        importlib.import_module(module.name)\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'qasync', 'shiboken6')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_sign_in_dialog_is_up_before_httpx_pydantic_and_the_keyring_are_loaded(tmp_path):
    """At a first start the dialog is all there is to do: the presenter and the window
    are made, and the dialog shown, without the controller side (httpx, the pydantic
    wire models, the keyring: 250-350 ms of a 500 ms start on this project's machines),
    which app.py then loads in the background while the user types."""
    code = """
import asyncio, sys
from PySide6.QtWidgets import QApplication
app = QApplication([])
from gns3_copilot_desktop.app import build, parse_args
from gns3_copilot_desktop.event_loop import make_loop
presenter, window = build(parse_args([]), app)
window.show()
loop = make_loop(app, already_running=False)
loop.run_until_complete(presenter.start(None, None))
print(window.sign_in_dialog.isVisible())
print(sorted({m.split('.')[0] for m in sys.modules} & {'httpx', 'httpx_sse', 'pydantic', 'keyring'}))
"""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "GNS3_COPILOT_CONFIG_DIR": str(tmp_path)}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env, timeout=60)
    assert out.stdout.split("\n")[:2] == ["True", "[]"], out.stderr


def test_the_controller_side_loads_in_the_background():
    """What the dialog did without, loaded by app.load_controller_side's thread."""
    code = """
import sys
from gns3_copilot_desktop.app import load_controller_side
from gns3_copilot_desktop.store import keyring_lookup
load_controller_side().join(60)
keyring_lookup.wait()
print(sorted(m for m in ('httpx', 'pydantic', 'gns3_copilot_desktop.client.controller',
                         'gns3_copilot_desktop.protocol.events', 'keyring') if m in sys.modules))
"""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env, timeout=90)
    assert "Traceback" not in out.stderr, out.stderr
    assert out.stdout.strip() == str(sorted(
        ["httpx", "pydantic", "gns3_copilot_desktop.client.controller", "gns3_copilot_desktop.protocol.events", "keyring"]
    ))
