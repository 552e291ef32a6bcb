"""Switch-away benchmark: after the firehose turn of bench/streaming.py (about 1 MB of
Markdown and 100 cards in one chat, all of it shown), the user starts a new chat — the
loop's longest stall while the big chat's widgets are deleted.

    bash packaging/dev run python bench/switch.py [--rounds 3]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import LagProbe, close_window, controller, qt_loop, report, send_turn, signed_in_window, spread  # noqa: E402

MESSAGE = "/bench-stream 20000 100 100"


async def switch_away(app, ctl):
    from PySide6.QtWidgets import QWidget

    from gns3_copilot_desktop.store import Limits

    presenter, window = await signed_in_window(app, ctl)
    presenter.set_limits(Limits(100, None))
    await send_turn(presenter, window, MESSAGE)
    await asyncio.sleep(0.2)
    widgets = len(window.chat.widget().findChildren(QWidget))
    probe = LagProbe()
    probe.start()
    await asyncio.sleep(0.02)
    presenter.new_chat()
    while getattr(window.chat, "_to_delete", None):
        await asyncio.sleep(0.001)
    await asyncio.sleep(0.05)
    probe.stop()
    await close_window(presenter, window)
    return widgets, probe.max()


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    app, loop = qt_loop()
    with controller() as ctl:
        runs = [loop.run_until_complete(switch_away(app, ctl)) for _ in range(args.rounds)]
    lag = [m for _, m in runs]
    figures = {"widgets_in_chat": [w for w, _ in runs], "lag_max_ms": spread(lag, 1), "cpu_count": os.cpu_count(),
               "loadavg_at_end": open("/proc/loadavg").read().split()[:3]}
    return report("switch", figures, [("event-loop lag max switching away from a big chat (ms, worst round)", max(lag), 50.0)])


if __name__ == "__main__":
    code = main()
    sys.stdout.flush()
    sys.exit(code)
