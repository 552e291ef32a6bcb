"""Find (Ctrl+F) benchmark: a chat of megabytes (the firehose turn: ~1 MB of Markdown
and tool results of OUTPUT_KB each) in the real window (offscreen); a query typed a key
at a time, then Enter through its occurrences. The loop's longest stall per keystroke,
against the same keystrokes in a chat of one short turn, in the same run (the ratio
says what the chat's size costs).

    bash packaging/dev run python bench/find.py [--rounds 3] [--kb 2048]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import LagProbe, close_window, controller, qt_loop, report, send_turn, signed_in_window, spread  # noqa: E402

QUERIES = ("e", "router", "uplink", "zzzz")  # one letter (1,000+), words (in answers; in results, opened), nothing found
STEPS = 20  # Enter presses per query
LAG_GOAL_MS = 50.0


async def keystrokes(window, queries=QUERIES) -> float:
    """The longest stall (ms) while typing each query and stepping through it."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    find = window.companion.find_bar
    find.open(window.companion.presenter.transcript)
    worst = 0.0
    for query in queries:
        find.box.clear()
        await asyncio.sleep(0.05)
        for key in [*query, *["\r"] * STEPS]:
            probe = LagProbe()
            probe.start()
            await asyncio.sleep(0.01)  # ticking: the keystroke's work falls between two ticks
            if key == "\r":
                QTest.keyClick(find.box, Qt.Key.Key_Return)
            else:
                QTest.keyClicks(find.box, key)
            await asyncio.sleep(0.03)  # the loop paints and lays out what was shown
            probe.stop()
            worst = max(worst, probe.max())
    find.hide_bar()
    return worst


async def one_round(app, ctl, kb: int):
    from gns3_copilot_desktop.store import Limits

    presenter, window = await signed_in_window(app, ctl)
    await send_turn(presenter, window, "Show me the topology")
    small = await keystrokes(window)
    presenter.new_chat()
    presenter.set_limits(Limits(100, None))
    await send_turn(presenter, window, f"/bench-stream 200 10 {kb}")
    size = sum(len(getattr(i, "text", "") or getattr(i, "output", "") or "") for i in presenter.transcript.items)
    big = await keystrokes(window)
    await close_window(presenter, window)
    return small, big, size


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--kb", type=int, default=2048)
    args = parser.parse_args()
    app, loop = qt_loop()
    rounds = []
    with controller() as ctl:
        for _ in range(args.rounds):
            rounds.append(loop.run_until_complete(one_round(app, ctl, args.kb)))
    small = [s for s, _, _ in rounds]
    big = [b for _, b, _ in rounds]
    result = {
        "chat_chars": rounds[0][2], "cpu_count": os.cpu_count(),
        "loadavg_at_end": open("/proc/loadavg").read().split()[:3],
        "stall_small_chat_ms": spread(small, 1),
        "stall_big_chat_ms": spread(big, 1),
        "ratio_big_to_small": spread([b / max(s, 1.0) for s, b, _ in rounds], 2),
    }
    return report("find", result, [("event-loop stall per keystroke in the big chat (ms, worst)", max(big), LAG_GOAL_MS)])


if __name__ == "__main__":
    raise SystemExit(main())
