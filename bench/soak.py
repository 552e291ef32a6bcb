"""Soak: the real window streams turns at a realistic pace for a long time (30 min by
default) while it is resized every 100 ms, as when someone drags its edge. It must not
crash (PySide6 6.12.0 aborted within seconds doing this: issue 9), and its memory must
stay bounded: a new chat is started every few turns, as people do, and what the old one
held must go.

    bash packaging/dev run python bench/soak.py [--minutes 30] [--pace 0.05]

Prints one JSON line and a summary; exits non-zero when a goal is missed (a crash ends
it with the signal's code).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import itertools
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import LagProbe, close_window, controller, qt_loop, report, rss_bytes, signed_in_window  # noqa: E402

PROMPTS = [
    "Check the interface status of all devices",
    "Show me the topology",
    "Ping from PC1 to PC3",
    "Configure OSPF on 4 routers",
    "检查所有设备的接口状态",
]
TURNS_PER_CHAT = 5
SIZES = [(1280, 800), (1024, 700), (1400, 900), (900, 600), (1180, 760)]
# Memory: what is used once the app has warmed up (after the first fifth of the run)
# may grow by at most this much until the end.
RSS_GROWTH_MB = 16.0


async def soak(app, ctl, minutes: float) -> dict:
    from PySide6.QtCore import QTimer

    from gns3_copilot_desktop.store import Limits

    presenter, window = await signed_in_window(app, ctl)
    presenter.set_limits(Limits(50, None))
    sizes = itertools.cycle(SIZES)
    resizer = QTimer()
    resizer.timeout.connect(lambda: window.resize(*next(sizes)))
    resizer.start(100)
    probe = LagProbe(bounded=True)
    probe.start()
    finished = asyncio.Event()
    presenter.turn_running.connect(lambda running: None if running else finished.set())
    started = time.monotonic()
    end = started + minutes * 60
    samples: list[tuple[float, float, int]] = []  # minutes, RSS MB, references to None
    turns = failed = 0
    for prompt in itertools.cycle(PROMPTS):
        if time.monotonic() >= end:
            break
        if turns and turns % TURNS_PER_CHAT == 0:
            presenter.new_chat()
        finished.clear()
        presenter.send(prompt)
        await finished.wait()
        while window.chat.pending():
            await asyncio.sleep(0.01)
        turns += 1
        failed += presenter.transcript.state.value != "done"
        gc.collect()
        samples.append((round((time.monotonic() - started) / 60, 2), round(rss_bytes() / 2**20, 1), sys.getrefcount(None)))
        print(f"  {samples[-1][0]:6.2f} min  turn {turns:4d}  RSS {samples[-1][1]:7.1f} MB  None refs {samples[-1][2]}", flush=True)
    resizer.stop()
    probe.stop()
    await close_window(presenter, window)
    return {"samples": samples, "turns": turns, "failed": failed, "probe": probe}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--minutes", type=float, default=30.0)
    parser.add_argument("--pace", type=float, default=0.05, help="seconds between streamed pieces")
    args = parser.parse_args()
    app, loop = qt_loop()
    with controller("--pace", str(args.pace)) as ctl:
        result = loop.run_until_complete(soak(app, ctl, args.minutes))
    samples = result["samples"]
    warm = samples[len(samples) // 5] if samples else (0, 0.0, 0)
    after_warm = samples[len(samples) // 5:]
    growth = (max(s[1] for s in after_warm) - warm[1]) if samples else 0.0
    # PySide6 keeps a few references to None for every widget it makes, so a healthy
    # run climbs; an affected one (a reference lost per void call) falls.
    none_fall = max(0, warm[2] - min(s[2] for s in after_warm)) if samples else 0
    probe = result["probe"]
    figures = {
        "minutes": args.minutes, "pace_s": args.pace, "turns": result["turns"],
        "turns_not_done": result["failed"],
        "rss_mb_first_warm_last": [samples[0][1], warm[1], samples[-1][1]] if samples else [],
        "rss_mb_max": max((s[1] for s in samples), default=0.0),
        "none_refs_first_last": [samples[0][2], samples[-1][2]] if samples else [],
        "lag_p99_ms": round(probe.p99(), 2), "lag_max_ms": round(probe.max(), 2),
    }
    return report("soak", figures, [
        ("RSS growth after warm-up (MB)", growth, RSS_GROWTH_MB),
        ("references to None lost after warm-up", float(none_fall), 0.0),
        ("turns that did not end normally", float(result["failed"]), 0.0),
        ("turns run (fewer than 1 means nothing ran)", 1.0 - min(1, result["turns"]), 0.0),
    ])


if __name__ == "__main__":
    sys.exit(main())
