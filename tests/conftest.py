"""Shared test set-up. Qt runs offscreen: CI machines have no display."""

from __future__ import annotations

import asyncio
import os
import sys
import threading
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402

sys.path.insert(0, str(Path(__file__).parent))

from copilot_fixtures import copilot_chat, copilot_server_running, scripted_llm  # noqa: E402,F401
from fixtures import upstream_openapi  # noqa: E402
from replay_server import ReplayServer  # noqa: E402


def run(coro, timeout: float = 30.0):
    """Run a coroutine to its end on a loop of its own, bounded: no test waits forever.

    In a thread, because the window's tests keep a qasync loop marked as running on
    the main thread for the whole session."""
    outcome: dict[str, object] = {}

    def target() -> None:
        try:
            outcome["value"] = asyncio.run(asyncio.wait_for(coro, timeout))
        except BaseException as exc:  # handed to the test's thread
            outcome["error"] = exc

    thread = threading.Thread(target=target, name="test-asyncio")
    thread.start()
    thread.join(timeout + 10)
    if thread.is_alive():
        raise TimeoutError(f"the coroutine did not end within {timeout} s")
    if "error" in outcome:
        raise outcome["error"]  # type: ignore[misc]
    return outcome.get("value")


@pytest.fixture(autouse=True)
def mouse_last():
    """Each test starts as if the user's last move were the mouse's: the keyboard's ring
    (ui/focus_ring) follows the last move, which a test that tabbed left for the next
    (a window shown there drew a ring where a picture compared expected none)."""
    yield
    focus_ring = sys.modules.get("gns3_copilot_desktop.ui.focus_ring")
    if focus_ring is not None:
        focus_ring._keyboard_last = False


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


@pytest.fixture(scope="session")
def qloop(qapp):
    """One qasync loop for the whole session: Qt and asyncio on one thread.

    `already_running`: the loop counts as running whenever Qt processes events, so
    pytest-qt's own event processing (between and inside tests, in qtbot's waits)
    drives the asyncio tasks too, as the app's real Qt loop does."""
    from gns3_copilot_desktop.event_loop import make_loop

    yield make_loop(qapp, already_running=True)


@pytest.fixture
def keyring_backend():
    from ui_helpers import MemoryKeyring, use_keyring

    backend = MemoryKeyring()
    use_keyring(backend)
    yield backend


@pytest.fixture
def app(qloop, qapp, qtbot, tmp_path, monkeypatch, keyring_backend):
    """The real window and presenter, a fresh reference controller, a test keyring and
    an empty config directory."""
    from ui_helpers import App

    from gns3_copilot_desktop.app import build, parse_args
    from gns3_copilot_desktop.controller_sim import DemoController

    monkeypatch.setenv("GNS3_COPILOT_CONFIG_DIR", str(tmp_path / "config"))
    controller = DemoController(heartbeat_s=0.2, ping_s=0.5).start()
    presenter, window = build(parse_args([]), qapp)
    window.resize(1280, 800)  # the tests' size (the offscreen screen, 800x800, would make it smaller)
    window.show()
    running = App(presenter, window, controller, tmp_path / "config", keyring_backend, qloop, qtbot)
    yield running
    running.run(presenter.shutdown(), 10)
    window.close()
    window.deleteLater()
    controller.stop()
    from gns3_copilot_desktop.ui.theme import base_font

    qapp.setFont(base_font())  # View → text size is application-wide: the next test starts at normal
    # Widgets made ahead for the next answer carry this test's language (a language
    # changes with a new process in the app, never within one): the next test makes its own.
    from shiboken6 import isValid

    from gns3_copilot_desktop.ui import code_blocks, markdown_block

    for pool in (code_blocks.spare_panels, markdown_block.spare_blocks):
        while pool.spare:
            spare = pool.spare.pop()
            if isValid(spare):
                spare.deleteLater()
