"""History benchmark: open a session of 2,000 messages (500 of them tool calls with
results) in the real window (offscreen), until the newest messages are painted and the
window answers input — against fetching and parsing the same JSON with httpx + pydantic
alone, measured in the same run. Also the process's memory growth against the JSON size.

    bash packaging/dev run python bench/history.py
"""

from __future__ import annotations

import asyncio
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import close_window, controller, painted_in_full, qt_loop, report, rss_bytes, signed_in_window  # noqa: E402

SESSION = "bench-history"
ROUNDS = 5


async def bare_fetch(ctl) -> tuple[float, int]:
    import httpx

    from gns3_copilot_desktop.protocol import ConversationHistory

    async with httpx.AsyncClient(base_url=ctl.url, timeout=60) as http:
        token = (await http.post("/v3/access/users/authenticate", json={"username": ctl.username, "password": ctl.password})).json()["access_token"]
        headers = {"Authorization": f"Bearer {token}"}
        project = (await http.get("/v3/projects", headers=headers)).json()[0]["project_id"]
        started = time.perf_counter()
        response = await http.get(f"/v3/copilot/projects/{project}/chat/sessions/{SESSION}/history", headers=headers)
        history = ConversationHistory.model_validate(response.json())
        elapsed = time.perf_counter() - started
        assert len(history.messages) == 2000
        return elapsed, len(response.content)


async def window_open(app, ctl) -> tuple[float, int, int]:
    from PySide6.QtCore import QTimer

    presenter, window = await signed_in_window(app, ctl)
    before = rss_bytes()
    started = time.perf_counter()
    await presenter.open_session(SESSION)
    while window.chat.pending():
        await asyncio.sleep(0)
    await painted_in_full(window)  # the newest messages are painted
    answered = asyncio.Event()
    QTimer.singleShot(0, answered.set)  # ...and the window answers input
    await answered.wait()
    elapsed = time.perf_counter() - started
    growth = rss_bytes() - before
    items = len(presenter.transcript.items)
    await close_window(presenter, window)
    return elapsed, growth, items


def main() -> int:
    app, loop = qt_loop()
    with controller("--bench-history") as ctl:
        bares, windows, growths = [], [], []
        for _ in range(ROUNDS):
            bare, size = loop.run_until_complete(bare_fetch(ctl))
            bares.append(bare)
            elapsed, growth, items = loop.run_until_complete(window_open(app, ctl))
            windows.append(elapsed)
            growths.append(growth)
    bare, window = statistics.median(bares), statistics.median(windows)
    growth = growths[0]  # the first open: later ones reuse freed memory
    figures = {
        "messages": 2000, "items_in_transcript": items, "history_json_bytes": size,
        "bare_fetch_parse_s": round(bare, 3), "window_open_s": round(window, 3),
        "open_ratio": round(window / bare, 3),
        "rounds": [[round(b, 3), round(w, 3)] for b, w in zip(bares, windows)],
        "memory_growth_bytes": growth, "memory_growth_per_json_byte": round(growth / size, 2),
    }
    return report("history", figures, [("time to newest messages painted / fetch+parse", window / bare, 3.0)])


if __name__ == "__main__":
    code = main()
    sys.stdout.flush()
    # Skip the interpreter's finalisation: PySide6 and qasync objects torn down in
    # arbitrary order can crash it, which would hide the figures' exit code.
    os._exit(code)
