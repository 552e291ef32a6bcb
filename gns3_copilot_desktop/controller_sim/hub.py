"""Notification streams: one JSON object per line, `{"action", "event"}`, with a `ping`
every few seconds, like the GNS3 server's `/v3/notifications`."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any


class Hub:
    def __init__(self, ping_s: float = 5.0):
        self.ping_s = ping_s
        self._subscribers: dict[str, set[asyncio.Queue[dict[str, Any]]]] = {}

    def publish(self, channel: str, action: str, event: Any) -> None:
        for queue in self._subscribers.get(channel, set()):
            queue.put_nowait({"action": action, "event": event})

    def listeners(self, channel: str) -> int:
        return len(self._subscribers.get(channel, ()))

    async def stream(self, channel: str) -> AsyncIterator[bytes]:
        queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self._subscribers.setdefault(channel, set()).add(queue)
        try:
            yield self._line({"action": "ping", "event": _load()})
            while True:
                try:
                    note = await asyncio.wait_for(queue.get(), self.ping_s)
                except asyncio.TimeoutError:
                    note = {"action": "ping", "event": _load()}
                yield self._line(note)
        finally:
            self._subscribers[channel].discard(queue)

    @staticmethod
    def _line(note: dict[str, Any]) -> bytes:
        return (json.dumps(note, ensure_ascii=False) + "\n").encode()


def _load() -> dict[str, float]:
    return {"cpu_usage_percent": 3.0, "disk_usage_percent": 20.0, "memory_usage_percent": 4.0}
