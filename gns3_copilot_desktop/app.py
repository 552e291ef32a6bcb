"""`gns3-copilot-desktop`: command line, QApplication + qasync loop, and the wiring.

Start-up is progressive: the window is built and shown with Qt alone, and only once its
first frame is painted does the controller side load (asyncio, qasync, httpx, pydantic,
keyring) and sign in. A person sees the window as soon as a bare Qt program would show one.
"""

from __future__ import annotations

import os
import sys
import threading
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QStandardPaths, QTimer
from PySide6.QtWidgets import QApplication

from . import __version__
from .pyside_features import skip_source_scan
from .usual_options import LANGS, THEMES, read_usual

skip_source_scan()  # (before the window's modules are imported: see there)

# How long start-up waits for the window's first frame before going on without it (a
# window shown minimised or on a hidden workspace is not painted until it is looked at).
FIRST_PAINT_WAIT_MS = 500
CONTROLLER_SIDE_EXIT_WAIT_S = 5

if TYPE_CHECKING:
    from argparse import Namespace


def parse_args(argv: list[str] | None) -> Namespace:
    usual = read_usual(sys.argv[1:] if argv is None else argv)
    if usual is not None:
        return usual  # (usual_options: argparse is not needed for it)
    import argparse

    # No abbreviations: a restart for a new language must find every --lang to drop it.
    parser = argparse.ArgumentParser(
        prog="gns3-copilot-desktop", description="Chat with the AI Copilot of a GNS3 controller.", allow_abbrev=False,
    )
    parser.add_argument(
        "--demo", nargs="?", const="design", choices=("design", "upstream"),
        help="start the embedded reference controller and sign in to it; 'upstream' makes it behave "
        "like today's real GNS3 Copilot, which ignores the limits, so this app enforces them",
    )
    parser.add_argument("--controller", metavar="URL", help="controller URL (default: the last one, or http://127.0.0.1:3080)")
    parser.add_argument("--user", metavar="NAME", help="user name on the controller")
    parser.add_argument("--project", metavar="ID", help="choose this project once signed in (an id or a name)")
    parser.add_argument("--follow-gns3-gui", action="store_true", help="switch to the project the GNS3 GUI opened last, and follow it")
    parser.add_argument("--quit-after", metavar="SECONDS", type=float, help="close cleanly this long after the window is first painted")
    parser.add_argument("--theme", choices=THEMES, help="this run's theme (default: View → Theme)")
    parser.add_argument(
        "--lang", choices=LANGS,
        help="this run's language (default: View → Language, else the system's: LANGUAGE, LC_ALL, LC_MESSAGES, LANG)",
    )
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


def make_presenter():
    from .presenter import Presenter
    from .store import AppSettings, CredentialStore, PresetStore, TurnRecordStore

    directory = config_dir()
    return Presenter(
        CredentialStore(), PresetStore(directory / "presets.json"), AppSettings(directory / "settings.json"),
        TurnRecordStore(directory / "turn-records.json"),
    )


def build(args: Namespace, app: QApplication):
    """The presenter and the window, wired, with the stores in the config directory."""
    from .ui.main_window import MainWindow

    presenter = make_presenter()
    window = MainWindow()
    window.theme_from_command_line = args.theme
    window.attach(presenter)
    return presenter, window


_loading: threading.Thread | None = None


def load_controller_side() -> threading.Thread:
    """In a thread of its own, load what talking to the controller needs and the
    sign-in dialog does not: httpx, the wire models (pydantic, 150-200 ms in all) and
    the OS keyring. The presenter is made without them, so the dialog is up first;
    meanwhile the user types, and Sign in finds them loaded (or waits for the rest).
    One thread does it all, the keyring first (a remembered sign-in waits for the whole
    thread: the imports are what it needs next): two threads importing at the same time
    can meet in a module both need (importlib.metadata, email) and one get it half made;
    a helper's test run once failed so, under load. Imported
    bottom-up, so that an import the window makes meanwhile never waits on this thread
    for a module that waits on it. Started once."""
    global _loading
    from .store import keyring_lookup

    if _loading is not None:
        return _loading

    def load() -> None:
        keyring_lookup.search()
        import pydantic  # noqa: F401
        import httpx  # noqa: F401

        from .protocol import events, models  # noqa: F401
        from .client import controller  # noqa: F401

    _loading = threading.Thread(target=load, name="controller-side", daemon=True)
    keyring_lookup.start(_loading)  # the keyring is ready when this thread is done
    _loading.start()
    return _loading


def start_up_done() -> None:
    """Start-up is over. In idle moments, one step at a time, load what the first answer
    needs: its first frames would otherwise stall up to 60 ms on module imports and the
    first Markdown layout. Then set what start-up made (modules, classes, the window:
    about 90,000 objects) aside from the garbage collector, whose full passes otherwise
    walk all of it (45 ms) and stall the window, e.g. while a long history opens. No
    collection first: that would be such a stall too, for a few objects."""
    import gc

    from .ui.chat_warm_up import warm_up_steps

    loading = load_controller_side()
    steps = [*warm_up_steps(), gc.freeze]

    def next_step() -> None:
        if steps[0] is gc.freeze and loading.is_alive():
            QTimer.singleShot(50, next_step)  # what the thread makes is frozen too
            return
        steps.pop(0)()
        if steps:
            QTimer.singleShot(0, next_step)

    QTimer.singleShot(0, next_step)


async def connect(args: Namespace, window, closed) -> None:
    """The controller side, once the window is on screen: sign in, then wait for the
    window to close; then cancel what runs and close the HTTP client."""
    presenter = make_presenter()
    window.attach(presenter)
    presenter.wanted_project = args.project
    demo = None
    try:
        if args.demo:
            from .controller_sim import DemoController

            # Seconds between streamed pieces; the real-window tests ask for a slower pace.
            pace_s = float(os.environ.get("GNS3_COPILOT_DEMO_PACE", "0.02"))
            demo = DemoController(pace_s=pace_s, behave=args.demo).start()
            creds = window.demo_credentials = demo.credentials
            from .protocol.translation import translate

            said = translate("App", "Demo controller at {url} (a simulated lab; nothing leaves this machine)")
            window.statusBar().showMessage(said.format(url=creds.url), 15000)
            # Kept under "demo": its port changes every run, its projects do not.
            key = window.demo_key = "demo" if args.demo == "design" else f"demo-{args.demo}"
            await presenter.sign_in(creds.url, creds.username, creds.password, remember=False, keep=False, store_as=key)
        else:
            if presenter.stored_sign_in_possible(args.controller, args.user):
                # Signing in by itself needs the controller side at once: it loads
                # while the keyring is searched.
                load_controller_side()
            await presenter.start(args.controller, args.user)
        if args.follow_gns3_gui:
            await presenter.follow_gui(True)
        start_up_done()
        if os.environ.get("GNS3_COPILOT_EXIT_WHEN_READY"):
            # The start-up benchmark's "fully started" point. It is told the moment (the
            # system's monotonic clock, which it reads too): the exit comes later, once
            # the controller side loading in the background is done (see main).
            ready_at = os.environ.get("GNS3_COPILOT_READY_AT")
            if ready_at:
                import time

                Path(ready_at).write_text(repr(time.monotonic()))
            window.close()
        await closed.wait()
    finally:
        await presenter.shutdown()
        if demo is not None:
            demo.stop()


def main(argv: list[str] | None = None) -> int:
    # No garbage collection until the window is up: start-up makes tens of thousands of
    # objects that all live on (modules, classes, PySide's enums, the widgets), and the
    # collector's passes over them cost 4-7 ms before the first paint, finding nothing.
    # Afterwards they are set aside (gc.freeze) and collection goes on as usual.
    import gc

    gc.disable()
    args = parse_args(argv)
    from .ui.main_window import MainWindow
    from .ui.theme import STYLE_ARGUMENTS, apply_theme

    made_here = QApplication.instance() is None
    app = QApplication([*sys.argv[:1], *STYLE_ARGUMENTS]) if made_here else QApplication.instance()
    app.setApplicationName("gns3-copilot-desktop")
    app.setApplicationDisplayName("GNS3 Copilot Desktop")
    app.setOrganizationName("gns3-copilot-desktop")
    # What View chose last time, before the first paint: no flash of the wrong theme,
    # size or language, no side panels that show and then go.
    from .store.view_settings import read_view_choices
    from .ui.theme import apply_text_size

    saved = read_view_choices(config_dir() / "settings.json")
    apply_theme(app, args.theme or saved.theme, style=not made_here, fresh=made_here)
    apply_text_size(saved.text_size)
    speak(args, saved.language)
    # Closing the window ends the controller side first, then the Qt loop, so that
    # tasks are cancelled and the HTTP client is closed while the loop still runs.
    app.setQuitOnLastWindowClosed(False)
    window = MainWindow()
    window.theme_from_command_line = args.theme
    window.language_from_command_line = args.lang
    window.show_side_panels(saved.side_panels)
    window.show()
    state: dict[str, object] = {"code": 0}

    def collect_again() -> None:
        gc.freeze()
        gc.enable()

    def boot() -> None:
        collect_again()
        if not window.isVisible():
            app.quit()  # closed before the controller side was needed
            return
        import asyncio
        import logging

        from .event_loop import make_loop

        logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
        make_loop(app, already_running=True)
        closed = asyncio.Event()
        window.closed.connect(closed.set)
        task = asyncio.ensure_future(connect(args, window, closed))
        # asyncio holds tasks weakly, and PySide6 may hold `closed.set` weakly too: without
        # these references a garbage collection can take the running start-up task (seen
        # in the bundled app: "Task was destroyed but it is pending", and it never quit).
        state["task"], state["closed"] = task, closed

        def finished(done: asyncio.Task) -> None:
            if not done.cancelled() and done.exception() is not None:
                logging.getLogger("gns3_copilot_desktop").error("the app failed", exc_info=done.exception())
                state["code"] = 1
            app.quit()

        task.add_done_callback(finished)

    def window_up() -> None:
        if state.get("up"):
            return
        state["up"] = True
        if args.quit_after is not None:
            QTimer.singleShot(int(args.quit_after * 1000), window.close)
        QTimer.singleShot(0, boot)

    # After the first paint: asyncio, the presenter and the rest wait until the window
    # is on screen (under X11 the first expose came 50-150 ms after the calls posted
    # at show(), so booting "when the loop is next idle" held the first frame back).
    # A window the window system never exposes (shown minimised, on a hidden
    # workspace) still starts, a little later.
    window.first_painted.connect(window_up)
    QTimer.singleShot(FIRST_PAINT_WAIT_MS, window_up)
    app.exec()
    collect_again()  # (when the loop ended before boot)
    if _loading is not None:
        # A thread still importing when the interpreter shuts down crashes it (the
        # import lock is gone: SIGSEGV, seen closing the window right after the
        # sign-in dialog came up). Its imports take about 200 ms; a keyring that hangs
        # is not waited for past CONTROLLER_SIDE_EXIT_WAIT_S.
        _loading.join(timeout=CONTROLLER_SIDE_EXIT_WAIT_S)
    if window.restart_wanted and made_here:
        restart(sys.argv[1:] if argv is None else argv, window.restart_language)
    return int(state["code"])  # type: ignore[arg-type]


def speak(args: Namespace, saved: str) -> None:
    """Install the language of this run, before any window says a word."""
    from .ui.language import chosen_language, current

    current.install(chosen_language(args.lang, saved))


def restart_command(argv: list[str], lang: str | None = None) -> list[str]:
    """The command that starts this app again as it was started, but for `--lang` (the
    language just chosen in the menu must win; `lang`: told on the command line, when
    the choice could not be saved)."""
    kept, skip = [], False
    for arg in argv:
        if skip:
            skip = False
        elif arg == "--lang":
            skip = True
        elif not arg.startswith("--lang="):
            kept.append(arg)
    if lang:
        kept += ["--lang", lang]
    if getattr(sys, "frozen", False):  # the PyInstaller bundle
        return [sys.executable, *kept]
    return [sys.executable, "-m", "gns3_copilot_desktop", *kept]


def restart(argv: list[str], lang: str | None = None) -> None:
    """Become the app again (View → Language → Restart now), once this run has closed
    cleanly: the controller side is shut down and the settings are saved by then."""
    command = restart_command(argv, lang)
    from .store.settings import written

    written()  # exec ends this process without waiting for its threads
    env = dict(os.environ)
    if getattr(sys, "frozen", False):
        # PyInstaller's bootloader must set up a fresh environment for the new process
        # (its library path and temporary variables belong to this one).
        env["PYINSTALLER_RESET_ENVIRONMENT"] = "1"
    sys.stdout.flush()
    sys.stderr.flush()
    try:
        os.execve(command[0], command, env)
    except OSError as exc:  # e.g. the interpreter was removed by an upgrade meanwhile
        print(f"Could not start the app again ({exc}): start it yourself.", file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
