"""Streaming benchmark: one turn of 20,000 content events (about 1 MB of Markdown with
code blocks, tables and Chinese) and 100 tool calls with 100 KB JSON outputs each, at
full speed, into the real window (offscreen) — against a bare httpx-sse consumer of the
same stream, measured in the same run.

    bash packaging/dev run python bench/streaming.py
"""

from __future__ import annotations

import asyncio
import os
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import LagProbe, close_window, controller, painted_in_full, qt_loop, report, signed_in_window  # noqa: E402

CONTENT_EVENTS, TOOL_CALLS, OUTPUT_KB = 20000, 100, 100
MESSAGE = f"/bench-stream {CONTENT_EVENTS} {TOOL_CALLS} {OUTPUT_KB}"
ROUNDS = 2


async def bare_consumer(ctl) -> tuple[float, int, int]:
    """The baseline: read the stream with httpx + httpx-sse, decode each event, no more."""
    import httpx
    from httpx_sse import aconnect_sse

    async with httpx.AsyncClient(base_url=ctl.url, timeout=httpx.Timeout(60, read=600)) as http:
        token = (await http.post("/v3/access/users/authenticate", json={"username": ctl.username, "password": ctl.password})).json()["access_token"]
        headers = {"Authorization": f"Bearer {token}"}
        project = (await http.get("/v3/projects", headers=headers)).json()[0]["project_id"]
        body = {"message": MESSAGE, "max_iterations": 100}
        started = time.perf_counter()
        events = size = 0
        async with aconnect_sse(http, "POST", f"/v3/copilot/projects/{project}/chat/stream", json=body, headers=headers) as source:
            async for sse in source.aiter_sse():  # the controller ends the stream after `done`
                json.loads(sse.data)
                events += 1
                size += len(sse.data)
        return time.perf_counter() - started, events, size


async def window_turn(app, ctl) -> tuple[float, LagProbe, int]:
    from gns3_copilot_desktop.store import Limits

    presenter, window = await signed_in_window(app, ctl)
    presenter.set_limits(Limits(100, None))
    finished = asyncio.Event()
    presenter.turn_running.connect(lambda running: None if running else finished.set())
    probe = LagProbe()
    probe.start()
    started = time.perf_counter()
    presenter.send(MESSAGE)
    await finished.wait()
    while window.chat.pending():  # rendering goes on in slices after the last event
        await asyncio.sleep(0.001)
    await painted_in_full(window)  # the last event is on screen
    elapsed = time.perf_counter() - started
    probe.stop()
    t = presenter.transcript
    assert t.state.value == "done", t.state
    assert len(t.tool_calls()) == TOOL_CALLS and t.tool_calls_executed == TOOL_CALLS
    text_length = len(t.assistant_text())
    await close_window(presenter, window)
    return elapsed, probe, text_length


def per_event_cost(app) -> tuple[float, float]:
    """Render cost per content event (one frame each) when the message is 1 KB and 1 MB
    long: incremental rendering keeps them alike."""
    from gns3_copilot_desktop.app import build, parse_args
    from gns3_copilot_desktop.controller_sim.workloads import markdown_document, split_pieces
    from gns3_copilot_desktop.protocol import ContentEvent

    pieces = split_pieces(markdown_document(1_100_000), 22000)  # ~50 bytes each
    costs = {}
    for label, prefill in (("1KB", 20), ("1MB", 20000)):
        presenter, window = build(parse_args([]), app)
        window.resize(1280, 800)
        window.show()
        t = presenter.transcript
        t.begin_turn("bench")
        presenter.transcript_reset.emit(t)
        for piece in pieces[:prefill]:
            t.apply(ContentEvent(content=piece))
        presenter._flush_changes()
        app.processEvents()
        measured = pieces[prefill : prefill + 400]
        started = time.perf_counter()
        for piece in measured:
            t.apply(ContentEvent(content=piece))
            presenter._flush_changes()  # a frame per event: the worst case
            app.processEvents()
        costs[label] = (time.perf_counter() - started) / len(measured) * 1000
        window.close()
        window.deleteLater()
        app.processEvents()
    return costs["1KB"], costs["1MB"]


def main() -> int:
    app, loop = qt_loop()
    with controller() as ctl:
        baselines, windows, probes = [], [], []
        for _ in range(ROUNDS):
            baseline, events, size = loop.run_until_complete(bare_consumer(ctl))
            baselines.append(baseline)
            elapsed, probe, text_length = loop.run_until_complete(window_turn(app, ctl))
            windows.append(elapsed)
            probes.append(probe)
    small, large = per_event_cost(app)
    baseline, window = statistics.median(baselines), statistics.median(windows)
    probe = max(probes, key=lambda p: p.p99())
    figures = {
        "events": events, "stream_bytes": size, "assistant_text_chars": text_length,
        "bare_consumer_s": round(baseline, 3), "window_s": round(window, 3),
        "rounds": [[round(b, 3), round(w, 3)] for b, w in zip(baselines, windows)],
        "end_to_end_ratio": round(window / baseline, 3),
        "lag_p99_ms": round(probe.p99(), 2), "lag_max_ms": round(max(p.max() for p in probes), 2),
        "per_event_ms_1KB": round(small, 4), "per_event_ms_1MB": round(large, 4),
        "per_event_ratio": round(large / small, 3),
    }
    return report("streaming", figures, [
        ("end-to-end time / bare httpx-sse consumer", window / baseline, 1.3),
        ("event-loop lag p99 (ms)", probe.p99(), 16.0),
        ("event-loop lag max (ms)", max(p.max() for p in probes), 50.0),
        ("cost per content event, 1 MB / 1 KB message", large / small, 2.0),
    ])


if __name__ == "__main__":
    code = main()
    sys.stdout.flush()
    # Skip the interpreter's finalisation: PySide6 and qasync objects torn down in
    # arbitrary order can crash it, which would hide the figures' exit code.
    os._exit(code)
