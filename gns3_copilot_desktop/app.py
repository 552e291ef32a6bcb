"""`gns3-copilot-desktop`: command line, QApplication + qasync loop, and the wiring."""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys
from pathlib import Path

from PySide6.QtCore import QStandardPaths, QTimer
from PySide6.QtWidgets import QApplication

from . import __version__

log = logging.getLogger("gns3_copilot_desktop")


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="gns3-copilot-desktop", description="Chat with the AI Copilot of a GNS3 controller.")
    parser.add_argument("--demo", action="store_true", help="start the embedded reference controller and sign in to it")
    parser.add_argument("--controller", metavar="URL", help="controller URL (default: the last one, or http://127.0.0.1:3080)")
    parser.add_argument("--user", metavar="NAME", help="user name on the controller")
    parser.add_argument("--project", metavar="ID", help="choose this project once signed in (an id or a name)")
    parser.add_argument("--quit-after", metavar="SECONDS", type=float, help="close cleanly this long after the window is shown")
    parser.add_argument("--theme", choices=("system", "light", "dark"), default="system")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    args = parser.parse_args(argv)
    if args.quit_after is not None and args.quit_after < 0:
        parser.error("--quit-after must be 0 or more")
    return args


def config_dir() -> Path:
    """Where presets and settings live; $GNS3_COPILOT_CONFIG_DIR overrides (tests)."""
    override = os.environ.get("GNS3_COPILOT_CONFIG_DIR")
    if override:
        return Path(override)
    location = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppConfigLocation)
    return Path(location or Path.home() / ".config" / "gns3-copilot-desktop")


def build(args: argparse.Namespace, app: QApplication):
    """The presenter and the window, wired, with the stores in the config directory."""
    from .presenter import Presenter
    from .store import AppSettings, CredentialStore, PresetStore
    from .ui.main_window import MainWindow

    directory = config_dir()
    presenter = Presenter(CredentialStore(), PresetStore(directory / "presets.json"), AppSettings(directory / "settings.json"))
    window = MainWindow(presenter)
    return presenter, window


async def _choose_project(presenter, wanted: str | None) -> None:
    if not presenter.projects:
        return
    match = next((p for p in presenter.projects if wanted in (p.project_id, p.name)), None) if wanted else None
    if match is None:
        match = next((p for p in presenter.projects if p.is_opened), presenter.projects[0])
        if wanted:
            presenter.error.emit(f"No project “{wanted}” on this controller.")
    await presenter.choose_project(match.project_id)


async def run(args: argparse.Namespace, app: QApplication) -> int:
    import qasync  # noqa: F401 - the loop is qasync's

    presenter, window = build(args, app)
    demo = None
    # The Qt loop must keep running while tasks are cancelled and the HTTP client is
    # closed, so closing the window ends `run`, not the Qt loop.
    quitting = asyncio.Event()
    app.setQuitOnLastWindowClosed(False)
    window.closed.connect(quitting.set)
    app.aboutToQuit.connect(quitting.set)
    window.show()
    if args.quit_after is not None:
        QTimer.singleShot(int(args.quit_after * 1000), window.close)
    try:
        if args.demo:
            from .controller_sim import DemoController

            demo = DemoController(pace_s=0.02).start()
            creds = demo.credentials
            window.statusBar().showMessage(f"Demo controller at {creds.url} (a simulated lab; nothing leaves this machine)", 15000)
            if await presenter.sign_in(creds.url, creds.username, creds.password, remember=False, keep=False):
                await _choose_project(presenter, args.project)
        else:
            await presenter.start(args.controller, args.user)
            if presenter.client is not None:
                await _choose_project(presenter, args.project)
        await quitting.wait()
    finally:
        await presenter.shutdown()
        if demo is not None:
            demo.stop()
    return 0


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    import qasync

    from .ui.theme import apply_theme

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("gns3-copilot-desktop")
    app.setApplicationDisplayName("GNS3 Copilot Desktop")
    app.setOrganizationName("gns3-copilot-desktop")
    apply_theme(app, args.theme)
    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)
    with loop:
        code = loop.run_until_complete(run(args, app))
    return code


if __name__ == "__main__":
    sys.exit(main())
