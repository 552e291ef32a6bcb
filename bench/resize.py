"""Resize benchmark: the window is resized every 100 ms (1280 and 1000 pixels wide in
turn) while the firehose turn of bench/streaming.py streams into it (offscreen). The
turn must finish, and the loop must not stall: only what is in view is laid out again.
Then one resize of the finished chat (about 1 MB of Markdown and 100 cards).

    bash packaging/dev run python bench/resize.py [--rounds 3]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import LagProbe, Measure, close_window, controller, painted_in_full, qt_loop, report, signed_in_window, spread  # noqa: E402

MESSAGE = "/bench-stream 20000 100 100"
RESIZE_MS = 100
TURN_LIMIT_S = 120.0


async def resized_turn(app, ctl):
    from PySide6.QtCore import QTimer

    from gns3_copilot_desktop.store import Limits

    presenter, window = await signed_in_window(app, ctl)
    presenter.set_limits(Limits(100, None))
    finished = asyncio.Event()
    presenter.turn_running.connect(lambda running: None if running else finished.set())
    widths = iter(range(10**6))
    resizer = QTimer()
    resizer.setInterval(RESIZE_MS)
    resizer.timeout.connect(lambda: window.resize(1000 if next(widths) % 2 == 0 else 1280, 800))
    probe = LagProbe()
    probe.start()
    measure = Measure(ctl.process.pid).start()
    resizer.start()
    presenter.send(MESSAGE)
    try:
        await asyncio.wait_for(finished.wait(), TURN_LIMIT_S)
        done = True
    except asyncio.TimeoutError:
        done = False
    resizer.stop()
    while window.chat.pending():
        await asyncio.sleep(0.001)
    half = measure.stop()
    probe.stop()
    resizes = next(widths)
    # One resize of the finished chat, from the loop's point of view.
    await painted_in_full(window)
    after = LagProbe()
    after.start()
    await asyncio.sleep(0.05)
    window.resize(1100, 800)
    await asyncio.sleep(0.3)
    after.stop()
    await close_window(presenter, window)
    return done, half, probe, resizes, after.max()


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    app, loop = qt_loop()
    runs = []
    with controller() as ctl:
        for _ in range(args.rounds):
            runs.append(loop.run_until_complete(resized_turn(app, ctl)))
    finished = all(done for done, *_ in runs)
    lag_max = [p.max() for _, _, p, _, _ in runs]
    figures = {
        "rounds": args.rounds, "cpu_count": os.cpu_count(), "loadavg_at_end": open("/proc/loadavg").read().split()[:3],
        "all_turns_finished": finished,
        "turn_s": spread([h.wall_s for _, h, _, _, _ in runs], 2),
        "resizes": [r for *_, r, _ in runs],
        "lag_p99_ms": spread([p.p99() for _, _, p, _, _ in runs], 1),
        "lag_max_ms": spread(lag_max, 1),
        "lag_max_own_cpu_ms": spread([p.max_cpu() for _, _, p, _, _ in runs], 1),
        "one_resize_after_lag_max_ms": spread([a for *_, a in runs], 1),
        "other_load_cores": spread([h.other_load_cores for _, h, _, _, _ in runs], 2),
    }
    return report("resize", figures, [
        ("turns that did not finish while resized every 100 ms", 0 if finished else 1, 0),
        ("event-loop lag max while resizing (ms, worst round)", max(lag_max), 50.0),
        ("one resize of the finished 1 MB chat, lag max (ms, worst round)", max(a for *_, a in runs), 50.0),
    ])


if __name__ == "__main__":
    code = main()
    sys.stdout.flush()
    sys.exit(code)
