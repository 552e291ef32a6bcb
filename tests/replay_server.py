"""A small HTTP server on 127.0.0.1 that answers with recorded controller responses.

Routes are scripted per test: a route answers with a recorded JSON body, or replays a
recorded SSE body byte for byte (event by event, chunked, as the real server sent it).
It records every request, honours the Copilot's abort route by ending a running
replay, and can drop the connection mid-stream. Real sockets; nothing is patched.
"""

from __future__ import annotations

import json
import re
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Route:
    status: int = 200
    body: bytes = b""
    content_type: str = "application/json"
    # For streams: the body is sent as events, `pace_s` apart; `drop_after` events are
    # sent before the socket is cut without finishing the chunked body.
    stream: bool = False
    pace_s: float = 0.0
    drop_after: int | None = None


@dataclass
class Recorded:
    method: str
    path: str
    headers: dict[str, str]
    body: Any


@dataclass
class ReplayServer:
    routes: dict[tuple[str, str], Route] = field(default_factory=dict)
    requests: list[Recorded] = field(default_factory=list)
    aborted: threading.Event = field(default_factory=threading.Event)

    def __post_init__(self) -> None:
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:  # keep test output clean
                pass

            def _handle(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                raw = self.rfile.read(length) if length else b""
                try:
                    body = json.loads(raw) if raw else None
                except ValueError:
                    body = raw.decode("utf-8", "replace")
                path = self.path.split("?", 1)[0]
                server.requests.append(Recorded(self.command, self.path, dict(self.headers), body))
                if re.search(r"/sessions/[^/]+/abort$", path):
                    server.aborted.set()
                route = server.match(self.command, path)
                if route is None:
                    self._send(404, b'{"detail":"Not Found"}', "application/json")
                elif route.stream:
                    self._stream(route)
                else:
                    self._send(route.status, route.body, route.content_type)

            do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = _handle

            def _send(self, status: int, body: bytes, content_type: str) -> None:
                self.send_response(status)
                self.send_header("content-type", content_type)
                self.send_header("content-length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def _stream(self, route: Route) -> None:
                self.send_response(route.status)
                self.send_header("content-type", route.content_type)
                self.send_header("cache-control", "no-cache")
                self.send_header("transfer-encoding", "chunked")
                self.end_headers()
                events = [e + b"\n\n" for e in route.body.split(b"\n\n") if e.strip()]
                for index, event in enumerate(events):
                    if route.drop_after is not None and index >= route.drop_after:
                        self.wfile.flush()
                        self.close_connection = True
                        return  # no final chunk: the client sees a broken body
                    if server.aborted.is_set():
                        break
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(event), event))
                    self.wfile.flush()
                    if route.pace_s:
                        time.sleep(route.pace_s)
                self.wfile.write(b"0\r\n\r\n")
                self.wfile.flush()

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        host, port = self._httpd.server_address[:2]
        return f"http://{host}:{port}"

    def start(self) -> "ReplayServer":
        self._thread.start()
        return self

    def stop(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()

    def match(self, method: str, path: str) -> Route | None:
        for (m, pattern), route in self.routes.items():
            if m == method and re.fullmatch(pattern, path):
                return route
        return None

    def json_route(self, method: str, pattern: str, body: Any, status: int = 200) -> None:
        data = b"" if body == "" else json.dumps(body).encode()
        self.routes[(method, pattern)] = Route(status=status, body=data)

    def sse_route(self, pattern: str, raw: bytes, **options: Any) -> None:
        self.routes[("POST", pattern)] = Route(
            body=raw, stream=True, content_type="text/event-stream; charset=utf-8", **options
        )

    def requests_to(self, method: str, pattern: str) -> list[Recorded]:
        return [r for r in self.requests if r.method == method and re.search(pattern, r.path)]
