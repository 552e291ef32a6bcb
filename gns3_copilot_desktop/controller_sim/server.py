"""Running the reference controller: in a background thread (the app's `--demo`, tests)
or in the foreground (the command line)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import threading
import time
from dataclasses import dataclass

import uvicorn

from .app import create_app
from .auth import Auth
from .guards import redact_logs


@dataclass
class Credentials:
    url: str
    username: str
    password: str


class DemoController:
    """The reference controller on 127.0.0.1, served by uvicorn in its own thread."""

    def __init__(
        self,
        *,
        port: int = 0,
        password: str | None = None,
        pace_s: float = 0.0,
        heartbeat_s: float = 3.0,
        ping_s: float = 5.0,
        token_ttl_s: float | None = None,
        log_level: str = "warning",
        behave: str = "design",
        ssl_certfile: str | None = None,
        ssl_keyfile: str | None = None,
    ):
        """With `ssl_certfile` and `ssl_keyfile` it serves https (tests of certificates)."""
        self.scheme = "https" if ssl_certfile else "http"
        self.auth = Auth(password=password) if token_ttl_s is None else Auth(password=password, token_ttl_s=token_ttl_s)
        self.app = create_app(auth=self.auth, pace_s=pace_s, heartbeat_s=heartbeat_s, ping_s=ping_s, behave=behave)
        # Bound here, so the port is known before the server runs (port 0: any free one).
        self._socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._socket.bind(("127.0.0.1", port))
        config = uvicorn.Config(
            self.app, log_level=log_level, lifespan="off", timeout_graceful_shutdown=2,
            ssl_certfile=ssl_certfile, ssl_keyfile=ssl_keyfile,
        )
        redact_logs()  # after uvicorn set up its loggers: no `?token=` in them
        self.server = uvicorn.Server(config)
        # Signals belong to the program that embeds this server: it decides when to stop.
        self.server.capture_signals = contextlib.nullcontext  # type: ignore[method-assign]
        self._thread: threading.Thread | None = None

    @property
    def port(self) -> int:
        return self._socket.getsockname()[1]

    @property
    def credentials(self) -> Credentials:
        return Credentials(f"{self.scheme}://127.0.0.1:{self.port}", self.auth.username, self.auth.password)

    @property
    def url(self) -> str:
        return self.credentials.url

    @property
    def state(self):
        return self.app.state.controller

    async def serve(self) -> None:
        await self.server.serve(sockets=[self._socket])

    def start(self, timeout_s: float = 10.0) -> "DemoController":
        self._thread = threading.Thread(target=lambda: asyncio.run(self.serve()), name="demo-controller", daemon=True)
        self._thread.start()
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if self.server.started:
                return self
            time.sleep(0.02)
        raise RuntimeError("the demo controller did not start")

    def stop_soon(self) -> None:
        """Ask the server to finish its requests and stop (from its own loop)."""
        self.server.should_exit = True

    def stop(self, timeout_s: float = 5.0) -> None:
        self.server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout_s)
            if self._thread.is_alive():
                self.server.force_exit = True
                self._thread.join(timeout_s)
        self._socket.close()

    def __enter__(self) -> "DemoController":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


# A test that cuts a stream on purpose (the drop-after fault) makes uvicorn log an error;
# it belongs to the server's own log, not to the embedding program's.
logging.getLogger("uvicorn.error").propagate = False
