"""Shared test set-up. Qt runs offscreen: CI machines have no display."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402

sys.path.insert(0, str(Path(__file__).parent))

from fixtures import upstream_openapi  # noqa: E402
from replay_server import ReplayServer  # noqa: E402


def run(coro, timeout: float = 30.0):
    """Run a coroutine to its end, bounded: no test waits forever."""
    return asyncio.run(asyncio.wait_for(coro, timeout))


@pytest.fixture
def replay():
    """A replay server that looks like the upstream Copilot controller."""
    server = ReplayServer()
    server.json_route("GET", "/v3/version", {"controller_host": "127.0.0.1", "version": "3.1.0a2", "local": False})
    server.json_route("GET", "/openapi.json", upstream_openapi())
    server.start()
    yield server
    server.stop()


@pytest.fixture
def demo():
    """A fresh reference controller on 127.0.0.1 (streams at full speed)."""
    from gns3_copilot_desktop.controller_sim import DemoController

    controller = DemoController(heartbeat_s=0.2, ping_s=0.5).start()
    yield controller
    controller.stop()
