"""The layers of docs/architecture.md: protocol is pure, client knows no Qt."""

from __future__ import annotations

import ast
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
    code = (
        "import sys, gns3_copilot_desktop.protocol, gns3_copilot_desktop.client;"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'qasync', 'shiboken6')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
