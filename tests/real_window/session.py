"""A display and a desktop session for driving the real app as a person does: Xvfb, a
D-Bus session bus (with the accessibility bus it starts on demand), the app as its own
process, xdotool for the keyboard and mouse, the AT-SPI probe for what a screen reader
sees. Everything on this machine, everything stopped at the end."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

HERE = Path(__file__).resolve().parent
SYSTEM_PYTHON = "/usr/bin/python3"
APP_NAME = "gns3-copilot-desktop"


def missing_tools() -> list[str]:
    missing = [tool for tool in ("Xvfb", "xdotool", "dbus-daemon") if shutil.which(tool) is None]
    probe = subprocess.run([SYSTEM_PYTHON, "-c", "import pyatspi"], capture_output=True) if Path(SYSTEM_PYTHON).exists() else None
    if probe is None or probe.returncode != 0:
        missing.append("python3-pyatspi")
    if not Path("/usr/libexec/at-spi-bus-launcher").exists():
        missing.append("at-spi2-core")
    return missing


class Desktop:
    def __init__(self, tmp: Path, width: int = 1280, height: int = 800):
        self.tmp = tmp
        self.processes: list[subprocess.Popen] = []
        read, write = os.pipe()
        self.xvfb_log = tmp / "xvfb.log"
        with open(self.xvfb_log, "w") as log:  # (Xvfb has its own copy of the file)
            self.xvfb = xvfb = subprocess.Popen(
                ["Xvfb", "-displayfd", str(write), "-screen", "0", f"{width}x{height}x24", "-nolisten", "tcp"],
                pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=log,
            )
        os.close(write)
        self.processes.append(xvfb)
        with os.fdopen(read) as pipe:
            display = pipe.readline().strip()
        self.display = f":{display}"
        try:
            if not display:
                raise RuntimeError(f"Xvfb did not start: {self.xvfb_log.read_text()[-2000:]}")
            self._wait_for_display()
        except BaseException:
            self.close()  # (the fixture never gets this desktop to close)
            raise
        # A runtime folder of this desktop's own: the accessibility bus keeps its socket
        # there (else in the shared ~/.cache/at-spi, where two test runs at once collide).
        # The bus daemon starts the accessibility bus, which inherits this environment.
        runtime = tmp / "runtime"
        runtime.mkdir(mode=0o700, exist_ok=True)
        isolated = {**os.environ, "XDG_RUNTIME_DIR": str(runtime), "XDG_CACHE_HOME": str(tmp / "cache"), "DISPLAY": self.display}
        bus = subprocess.Popen(
            ["dbus-daemon", "--session", "--nofork", "--print-address=1"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=isolated,
        )
        self.processes.append(bus)
        self.bus = bus.stdout.readline().strip()
        self.env = {
            **isolated,
            "DBUS_SESSION_BUS_ADDRESS": self.bus,
            "QT_QPA_PLATFORM": "xcb",
            "QT_LINUX_ACCESSIBILITY_ALWAYS_ON": "1",
            "NO_AT_BRIDGE": "0",
        }
        self.app: subprocess.Popen | None = None

    def _wait_for_display(self, timeout: float = 10) -> None:
        """Until the display takes a client: a CI run's app once found no display at the
        number Xvfb had told ("could not connect to display :0"), and nothing said why."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                probe = subprocess.run(["xdotool", "getdisplaygeometry"], env={**os.environ, "DISPLAY": self.display},
                                       capture_output=True, text=True, timeout=2)
            except subprocess.TimeoutExpired:
                probe = subprocess.CompletedProcess([], 1, "", "no answer within 2 s")
            if probe.returncode == 0:
                return
            if self.xvfb.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"display {self.display} takes no client ({self._xvfb_state()}): {probe.stderr.strip()}")
            time.sleep(0.1)

    def _xvfb_state(self) -> str:
        alive = "running" if self.xvfb.poll() is None else f"exited ({self.xvfb.returncode})"
        return f"Xvfb {alive}; its log: {self.xvfb_log.read_text()[-1500:]!r}"

    def start_app(self, *args: str, config_dir: Path, pace_s: float = 0.05) -> None:
        env = {**self.env, "GNS3_COPILOT_CONFIG_DIR": str(config_dir), "GNS3_COPILOT_DEMO_PACE": str(pace_s)}
        env.pop("GNS3_COPILOT_EXIT_WHEN_READY", None)
        self.app_log = self.tmp / "app.log"
        self.app = subprocess.Popen(
            [sys.executable, "-m", "gns3_copilot_desktop", *args], env=env,
            stdout=open(self.app_log, "w"), stderr=subprocess.STDOUT,
        )
        self.processes.append(self.app)

    def xdotool(self, *args: str, timeout: float = 20) -> str:
        done = subprocess.run(["xdotool", *args], env=self.env, capture_output=True, text=True, timeout=timeout)
        if done.returncode != 0:
            raise RuntimeError(f"xdotool {' '.join(args)}: {done.stderr.strip()}")
        return done.stdout.strip()

    def window(self, title_part: str, timeout: float = 30) -> str:
        """The id of the app's window once its title holds `title_part`."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = subprocess.run(["xdotool", "search", "--name", title_part], env=self.env, capture_output=True, text=True)
            if found.returncode == 0 and found.stdout.strip():
                return found.stdout.split()[0]
            self.check_app()
            time.sleep(0.2)
        raise AssertionError(f"no window titled …{title_part}… within {timeout} s")

    def check_app(self) -> None:
        if self.app is not None and self.app.poll() is not None:
            raise AssertionError(f"the app exited ({self.app.returncode}): {self.app_log.read_text()[-2000:]}\n"
                                 f"({self.display}: {self._xvfb_state()})")

    def probe(self, *args: str, timeout: float = 60):
        done = subprocess.run(
            [SYSTEM_PYTHON, str(HERE / "atspi_probe.py"), args[0], APP_NAME, *args[1:]],
            env=self.env, capture_output=True, text=True, timeout=timeout,
        )
        if done.returncode != 0:
            # The app gone is the finding, not the probe's failure to read it: say how it
            # ended and what it wrote ("The application no longer exists" told neither).
            time.sleep(0.5)
            self.check_app()
            raise AssertionError(f"AT-SPI probe failed, the app still running: {done.stderr.strip()[-2000:]}")
        return json.loads(done.stdout)

    def listen(self, seconds: float = 120) -> "Listener":
        """Start recording what a screen reader is told (announcements, objects shown,
        names and texts changed), for at most `seconds`."""
        out = self.tmp / f"heard-{len(self.processes)}.jsonl"
        process = subprocess.Popen(
            [SYSTEM_PYTHON, str(HERE / "atspi_probe.py"), "listen", APP_NAME, str(seconds)],
            env=self.env, stdout=open(out, "w"), stderr=subprocess.STDOUT,
        )
        self.processes.append(process)
        listener = Listener(process, out)
        deadline = time.monotonic() + 30
        while not listener.events(with_marker=True) and time.monotonic() < deadline:
            if process.poll() is not None:
                raise AssertionError(f"AT-SPI listener failed: {out.read_text()[-2000:]}")
            time.sleep(0.1)
        return listener

    def wait_tree(self, predicate, timeout: float = 40, what: str = "it"):
        deadline = time.monotonic() + timeout
        tree = []
        while time.monotonic() < deadline:
            self.check_app()
            tree = self.probe("tree")
            if predicate(tree):
                return tree
            time.sleep(0.5)
        raise AssertionError(f"timed out waiting for {what}; showing: {[(n['role'], n['name']) for n in tree if n['showing']][:80]}")

    def screenshot(self, path: Path) -> None:
        if shutil.which("import"):
            subprocess.run(["import", "-window", "root", str(path)], env=self.env, timeout=30, check=False)

    def close(self) -> None:
        for process in reversed(self.processes):
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait(timeout=5)


class Listener:
    """The AT-SPI events a listening probe has printed so far."""

    def __init__(self, process: subprocess.Popen, out: Path):
        self.process, self.out = process, out

    def events(self, with_marker: bool = False) -> list[dict]:
        lines = self.out.read_text().splitlines() if self.out.exists() else []
        events = []
        for line in lines:
            try:
                event = json.loads(line)
            except ValueError:  # a warning of the probe's, or a line being written
                continue
            if with_marker or event.get("type") != "listening":
                events.append(event)
        return events

    def stop(self) -> list[dict]:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)
        return self.events()


def demo_project_id(name: str) -> str:
    """The demo's project ids are stable (uuid5 of the name)."""
    return str(uuid.uuid5(uuid.NAMESPACE_URL, f"gns3-demo/{name}"))


def config_with_tool_limit(tmp: Path, tool_calls: int = 3) -> Path:
    """A fresh config folder whose limits last used in the demo's "OSPF Lab" allow at most
    `tool_calls` tool calls: the interface check (one call per device) is stopped by it."""
    config = tmp / "config"
    config.mkdir()
    (config / "presets.json").write_text(json.dumps({
        "presets": {}, "last_used": {"demo": {demo_project_id("OSPF Lab"): {"max_iterations": 20, "max_tool_calls": tool_calls}}},
    }))
    return config
