"""Hostile-input benchmark: each case of the hostile corpus (controller_sim/hostile.py:
a 5 MB line, a 1 MB table, JSON nested 10,000 deep, a 5 MB one-line tool output, deep
Markdown nesting, images, links, thousands of link definitions, bidi and NUL
characters, invalid UTF-8) played by the reference controller in its own process, into
the real window (offscreen), while a 1 ms timer measures how long the event loop was
kept busy. Goals: lag p99 ≤ 16 ms and max ≤ 50 ms on every case, whatever the input;
the end of each answer is shown. A benign turn of ordinary Markdown (~100 KB) is
measured in the same run, as the baseline of what this machine does at the moment
(reported).

    bash packaging/dev run python bench/hostile.py [CASE ...]
"""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import LagProbe, Measure, close_window, controller, painted_in_full, qt_loop, report, signed_in_window  # noqa: E402

CASES = ["long-line", "long-words", "big-table", "nested-json", "huge-output", "deep-markdown",
         "image-files", "links", "link-definitions", "hidden-chars", "invalid-utf8"]


async def play(app, ctl, case: str) -> tuple[float, LagProbe, str]:
    presenter, window = await signed_in_window(app, ctl)
    message = "/bench-stream 2000 0 0" if case == "baseline" else f"/hostile {case}"
    finished = asyncio.Event()
    presenter.turn_running.connect(lambda running: None if running else finished.set())
    probe = LagProbe()
    probe.start()
    measure = Measure(ctl.process.pid).start()  # for the other load (a shared machine's)
    started = time.perf_counter()
    presenter.send(message)
    await asyncio.wait_for(finished.wait(), 300)
    while window.chat.pending():
        await asyncio.sleep(0.001)
    await painted_in_full(window)
    elapsed = time.perf_counter() - started
    probe.stop()
    play.other_load = measure.stop().other_load_cores
    state = presenter.transcript.state.value
    await close_window(presenter, window)
    return elapsed, probe, state


def main() -> int:
    cases = sys.argv[1:] or CASES
    app, loop = qt_loop()
    figures, goals = {}, []
    with controller() as ctl:
        elapsed, probe, _state = loop.run_until_complete(play(app, ctl, "baseline"))
        figures["baseline (benign 100 KB answer)"] = {"s": round(elapsed, 2), "lag_p99_ms": round(probe.p99(), 2),
                                                     "lag_max_ms": round(probe.max(), 2),
                                                     "lag_max_own_cpu_ms": round(probe.max_cpu(), 2),
                                                     "other_load_cores": round(play.other_load, 2)}
        print("baseline", figures["baseline (benign 100 KB answer)"], flush=True)
        for case in cases:
            elapsed, probe, state = loop.run_until_complete(play(app, ctl, case))
            figures[case] = {"s": round(elapsed, 2), "lag_p99_ms": round(probe.p99(), 2),
                             "lag_max_ms": round(probe.max(), 2), "lag_max_own_cpu_ms": round(probe.max_cpu(), 2),
                             "other_load_cores": round(play.other_load, 2), "turn": state}
            print(case, figures[case], flush=True)
            goals += [(f"{case}: lag p99 (ms)", probe.p99(), 16.0), (f"{case}: lag max (ms)", probe.max(), 50.0),
                      (f"{case}: turn ended normally (0 = yes)", 0.0 if state == "done" else 1.0, 0.0)]
    return report("hostile", figures, goals)


if __name__ == "__main__":
    code = main()
    sys.stdout.flush()
    sys.exit(code)
