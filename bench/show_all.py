""""Show all" benchmark: a tool result of 10 MB (indented JSON, as the reference
controller's firehose makes it) in the real window (offscreen); the user clicks
"Show all" — the loop's longest stall until the whole result is in the editor, the
time until its start is painted and until all of it is there. Then "Show less" and
"Show all" again.

    bash packaging/dev run python bench/show_all.py [--rounds 3] [--kb 10240]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import LagProbe, close_window, controller, qt_loop, report, send_turn, signed_in_window, spread  # noqa: E402

LAG_GOAL_MS = 50.0


async def show_all(app, ctl, kb: int):
    from gns3_copilot_desktop.store import Limits
    from gns3_copilot_desktop.ui.tool_card import ToolCallCard

    presenter, window = await signed_in_window(app, ctl)
    presenter.set_limits(Limits(100, None))
    await send_turn(presenter, window, f"/bench-stream 10 1 {kb}")
    [card] = window.chat.widget().findChildren(ToolCallCard)
    window.chat.ensureWidgetVisible(card)
    await asyncio.sleep(0.2)
    figures = []
    for _ in range(2):  # the first show, and a show after "Show less"
        probe = LagProbe()
        probe.start()
        started = time.perf_counter()
        card.show_all.click()
        await asyncio.sleep(0)
        window.repaint()
        first_painted = time.perf_counter() - started
        while card.filling():
            await asyncio.sleep(0.001)
        filled = time.perf_counter() - started
        await asyncio.sleep(0.05)
        probe.stop()
        assert card.shown_output()
        figures.append((first_painted, filled, probe.max()))
        card.show_all.click()  # Show less
        await asyncio.sleep(0.1)
    size = len(presenter.transcript.tool_calls()[0].output or "")
    await close_window(presenter, window)
    return figures, size


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--kb", type=int, default=10240)
    args = parser.parse_args()
    app, loop = qt_loop()
    shows = []
    with controller() as ctl:
        for _ in range(args.rounds):
            figures, size = loop.run_until_complete(show_all(app, ctl, args.kb))
            shows += figures
    lag_max = [lag for _, _, lag in shows]
    result = {
        "result_chars": size, "shows": len(shows), "cpu_count": os.cpu_count(),
        "loadavg_at_end": open("/proc/loadavg").read().split()[:3],
        "start_painted_ms": spread([f * 1000 for f, _, _ in shows], 1),
        "all_filled_ms": spread([f * 1000 for _, f, _ in shows], 1),
        "lag_max_ms": spread(lag_max, 1),
    }
    return report("show_all", result, [("event-loop lag max while showing all (ms, worst show)", max(lag_max), LAG_GOAL_MS)])


if __name__ == "__main__":
    code = main()
    sys.stdout.flush()
    sys.exit(code)
