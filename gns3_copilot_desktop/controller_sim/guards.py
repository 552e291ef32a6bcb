"""What keeps the reference controller itself safe to leave running: a limit on request
bodies (413 beyond it, before the body is kept anywhere), and no token in its logs
(the notification streams take `?token=` in the URL, which uvicorn's access log prints).
"""

from __future__ import annotations

import json
import logging
import re
from typing import Any

MAX_BODY_BYTES = 2 * 1024 * 1024

_TOKEN_IN_URL = re.compile(r"((?:access_)?token=)[^&\s\"']+", re.I)


class BodyLimit:
    """ASGI middleware: a body over `limit` bytes gets 413, whether its length is
    declared or it comes in chunks."""

    def __init__(self, app: Any, limit: int = MAX_BODY_BYTES):
        self.app = app
        self.limit = limit

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.limit:
            await self._refuse(send)
            return
        received = 0
        started = refused = False

        async def limited_receive() -> dict[str, Any]:
            # A chunked body over the limit: answer 413 now, and tell the app the
            # client has gone (whatever it answers then is dropped).
            nonlocal received, refused
            message = await receive()
            received += len(message.get("body", b""))
            if received > self.limit:
                if not started and not refused:
                    refused = True
                    await self._refuse(send)
                return {"type": "http.disconnect"}
            return message

        async def watched_send(message: dict[str, Any]) -> None:
            nonlocal started
            if refused:
                return
            started = started or message["type"] == "http.response.start"
            await send(message)

        await self.app(scope, limited_receive, watched_send)

    async def _refuse(self, send: Any) -> None:
        body = json.dumps({"message": f"Request body too large (the limit is {self.limit:,} bytes)"}).encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})


def redact(text: str) -> str:
    return _TOKEN_IN_URL.sub(r"\1[redacted]", text)


class RedactTokens(logging.Filter):
    """Takes tokens out of a log record's message and arguments."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        return True


def redact_logs() -> None:
    for name in ("uvicorn.access", "uvicorn.error", "uvicorn"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactTokens) for f in logger.filters):
            logger.addFilter(RedactTokens())
