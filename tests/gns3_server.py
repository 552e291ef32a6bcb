"""The real gns3-server 3.0.6 from PyPI, run on 127.0.0.1 for tests.

It pins its own FastAPI and pydantic, so it lives in a virtualenv of its own, made once
(`.cache/gns3-server-3.0.6` in the repo, or $GNS3_SERVER_VENV) and reused. Its crash
reporter would start even with `report_errors = False`: sentry-sdk is removed from that
virtualenv so it can never send anything anywhere.
"""

from __future__ import annotations

import os
import secrets
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import httpx

VERSION = "3.0.6"
REPO = Path(__file__).resolve().parents[1]
VENV = Path(os.environ.get("GNS3_SERVER_VENV", REPO / ".cache" / f"gns3-server-{VERSION}"))


def ensure_venv() -> Path:
    """The gns3server executable, installing it first if needed."""
    exe = VENV / "bin" / "gns3server"
    marker = VENV / ".ready"
    if marker.exists() and exe.exists():
        return exe
    subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    pip = [str(VENV / "bin" / "python"), "-m", "pip", "install", "-q", "--disable-pip-version-check"]
    subprocess.run([*pip, f"gns3-server=={VERSION}"], check=True)
    subprocess.run(
        [str(VENV / "bin" / "python"), "-m", "pip", "uninstall", "-y", "-q", "sentry-sdk"], check=True
    )
    check = subprocess.run([str(VENV / "bin" / "python"), "-c", "import sentry_sdk"], capture_output=True)
    if check.returncode == 0:
        raise RuntimeError("sentry-sdk is still importable in the gns3-server virtualenv")
    marker.write_text("ok\n")
    return exe


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class RunningGns3Server:
    url: str
    username: str
    password: str
    process: subprocess.Popen
    home: Path

    def stop(self) -> None:
        # By its PID only: never `--pid`, which kills unrelated processes by name.
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=5)

    def log(self) -> str:
        path = self.home / "gns3server.log"
        return path.read_text(errors="replace")[-4000:] if path.exists() else ""


def start(home: Path, *, timeout_s: float = 60.0) -> RunningGns3Server:
    return launch(ensure_venv(), home, timeout_s=timeout_s, what="gns3server")


def launch(exe: Path, home: Path, *, extra_config: str = "", timeout_s: float, what: str) -> RunningGns3Server:
    """Run a gns3server on 127.0.0.1 with HOME, its config folder and its data in `home`,
    and a random admin password; `extra_config` goes into its [Server] section."""
    port = free_port()
    password = secrets.token_urlsafe(12)
    dirs = {name: home / "data" / name for name in ("projects", "images", "appliances", "symbols", "configs")}
    for d in dirs.values():
        d.mkdir(parents=True, exist_ok=True)
    # A folder of its own: the server keeps things beside its config file.
    config = home / "config" / "gns3_server.conf"
    config.parent.mkdir(exist_ok=True)
    config.write_text(
        "[Server]\n"
        f"host = 127.0.0.1\nport = {port}\nreport_errors = False\n"
        + "".join(f"{name}_path = {path}\n" for name, path in dirs.items())
        + extra_config
        + "\n[Controller]\n"
        "default_admin_username = admin\n"
        f"default_admin_password = {password}\n"
    )
    env = {**os.environ, "HOME": str(home)}
    process = subprocess.Popen(
        [str(exe), "--config", str(config), "--host", "127.0.0.1", "--port", str(port),
         "--logfile", str(home / "gns3server.log")],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=home,
    )
    server = RunningGns3Server(f"http://127.0.0.1:{port}", "admin", password, process, home)
    return wait_until_up(server, timeout_s, what)


def wait_until_up(server: RunningGns3Server, timeout_s: float, what: str) -> RunningGns3Server:
    """`server` once it answers /v3/version; stopped, with its log tail, if it does not."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise RuntimeError(f"{what} exited with {server.process.returncode}:\n{server.log()}")
        try:
            if httpx.get(f"{server.url}/v3/version", timeout=1).status_code == 200:
                return server
        except httpx.TransportError:
            pass
        time.sleep(0.2)
    server.stop()
    raise RuntimeError(f"{what} did not answer within {timeout_s} s:\n{server.log()}")
