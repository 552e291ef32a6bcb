"""Memory of a live chat: 200 turns (the reference controller's ordinary diagnosis
answer: tool calls and a Markdown answer) in one chat in the real window (offscreen) —
the process's memory growth and the widgets kept, per turn, after the first 10 turns
(warm-up: fonts, caches, the first answer's modules).

The process's memory grows in steps of 0.3-2.5 MB at random turns (allocator arenas,
Qt's caches): over 40 turns, the difference of the first and the last sample swung
23-111 KB per turn from run to run on the same code (7 runs). So the chat runs 200
turns (about 20 s), memory is sampled after every turn past the warm-up, and the figure
is the median of the slopes between every two samples (Theil-Sen), which a few steps do
not move; the first-to-last difference is reported beside it.

    bash packaging/dev run python bench/turns.py [--turns 200]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import close_window, controller, qt_loop, report, rss_bytes, send_turn, signed_in_window  # noqa: E402

QUESTION = "Check the interface status of all devices"
WARM_UP = 10
GOAL_BYTES_PER_TURN = 100_000


async def turns(app, ctl, count: int):
    from PySide6.QtWidgets import QWidget

    from gns3_copilot_desktop.store import Limits

    presenter, window = await signed_in_window(app, ctl)
    presenter.set_limits(Limits(100, None))
    samples = []
    for turn in range(count):
        await send_turn(presenter, window, QUESTION)
        await asyncio.sleep(0.02)
        if turn + 1 >= WARM_UP:
            gc.collect()
            samples.append((turn + 1, rss_bytes(), len(window.chat.widget().findChildren(QWidget))))
    items = len(presenter.transcript.items)
    await close_window(presenter, window)
    return samples, items


def median_slope(points: list[tuple[int, int]]) -> float:
    """Theil-Sen: the median of the slopes between every two points, which a few steps
    (an arena added) do not move, where a least-squares line or two points would."""
    slopes = [(y2 - y1) / (x2 - x1) for i, (x1, y1) in enumerate(points) for x2, y2 in points[i + 1 :]]
    return statistics.median(slopes)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--turns", type=int, default=200)
    args = parser.parse_args()
    app, loop = qt_loop()
    with controller() as ctl:
        samples, items = loop.run_until_complete(turns(app, ctl, args.turns))
    warm, end = samples[0], samples[-1]
    per_turn = median_slope([(turn, rss) for turn, rss, _ in samples])
    widgets_per_turn = median_slope([(turn, widgets) for turn, _, widgets in samples])
    figures = {"turns": args.turns, "items_in_chat": items, "rss_after_warm_up": warm[1], "rss_at_end": end[1],
               "bytes_per_turn": round(per_turn),
               "bytes_per_turn_first_to_last": round((end[1] - warm[1]) / (end[0] - warm[0])),
               "widgets_at_end": end[2], "widgets_per_turn": round(widgets_per_turn, 1),
               "loadavg_at_end": open("/proc/loadavg").read().split()[:3]}
    return report("turns", figures, [("memory kept per turn by a live chat (bytes)", per_turn, GOAL_BYTES_PER_TURN)])


if __name__ == "__main__":
    code = main()
    sys.stdout.flush()
    sys.exit(code)
