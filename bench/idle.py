"""Idle benchmark: the real window (offscreen), signed in to the reference controller,
a project chosen and its two notification streams open, a chat of 1,000 messages open,
nothing happening — the CPU
this process uses over 30 s, from /proc, as a share of one core. The controller pings
each stream every 5 s, as it does by default.

    bash packaging/dev run python bench/idle.py [--seconds 30]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Measure, close_window, controller, qt_loop, report, signed_in_window  # noqa: E402

GOAL_PERCENT = 0.2


async def idle(app, ctl, seconds: float):
    presenter, window = await signed_in_window(app, ctl)
    await presenter.open_session("bench-history-1000")
    await asyncio.sleep(2)  # start-up's idle steps and the first list refreshes are over
    before = _context_switches()
    measure = Measure(ctl.process.pid).start()
    await asyncio.sleep(seconds)
    half = measure.stop()
    after = _context_switches()
    wakeups = sum(count - before.get(thread, 0) for thread, count in after.items())
    await close_window(presenter, window)
    return half, wakeups


def _context_switches() -> dict[str, int]:
    """Voluntary context switches of each thread of this process: how often it woke."""
    counts = {}
    for task in os.listdir("/proc/self/task"):
        try:
            with open(f"/proc/self/task/{task}/status") as handle:
                counts[task] = next(int(line.split()[1]) for line in handle if line.startswith("voluntary_ctxt_switches"))
        except (OSError, StopIteration):
            pass  # the thread ended meanwhile
    return counts


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=30.0)
    args = parser.parse_args()
    app, loop = qt_loop()
    with controller("--pace", "0.05", "--bench-history=1000") as ctl:
        half, wakeups = loop.run_until_complete(idle(app, ctl, args.seconds))
    percent = half.own_cpu_s / half.wall_s * 100
    figures = {
        "seconds": round(half.wall_s, 1), "cpu_s": half.own_cpu_s, "cpu_percent_of_a_core": round(percent, 3),
        "wakeups_per_s": round(wakeups / half.wall_s, 1), "controller_cpu_s": half.controller_cpu_s,
        "other_load_cores": round(half.other_load_cores, 2), "loadavg_at_end": open("/proc/loadavg").read().split()[:3],
    }
    return report("idle", figures, [("CPU while idle, % of one core", percent, GOAL_PERCENT)])


if __name__ == "__main__":
    code = main()
    sys.stdout.flush()
    sys.exit(code)
