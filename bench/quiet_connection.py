"""What the connection's state does to the firehose turn of bench/streaming.py: the same
bare httpx-sse consumer with its stream opened at once after two requests on the same
connection (the streaming benchmark's baseline), and after the connection has been quiet
for QUIET_S; the window's turn as the streaming benchmark takes it (after a quiet: it
settles after signing in, as a person types the question), and just after a request on
its connection (most likely the one the turn then takes: the pool's only idle one). For
each: the consumer's CPU, and how many reads of a socket httpx made during the turn
(counted in httpcore: the stream's 14 MB, and for the window a few more, its two
notification streams'). Alternating, 5 rounds. No goal: it prints what it saw and exits 0.

Seen on 2026-12-03: the bare consumer read in ~260 pieces at once and ~700 after a
quiet (by hand: after 50 ms already), and spent about 14 % more CPU after it; the window
read in 230-390 either way, at the same CPU. So the streaming benchmark's baseline is the
bare consumer at once: the cheaper of the two, which makes its ratio the stricter one.

    bash packaging/dev run python bench/quiet_connection.py
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import bare_turn, close_window, controller, qt_loop, signed_in_window, spread  # noqa: E402
from common import window_turn as window_turn_of  # noqa: E402
from streaming import MESSAGE, TOOL_CALLS  # noqa: E402

ROUNDS = int(os.environ.get("BENCH_ROUNDS", "5"))
QUIET_S = 0.3
_reads = [0]


def count_reads() -> None:
    """Count the socket reads httpx makes (httpcore's stream read: one per piece the
    loop hands over)."""
    import httpcore._backends.anyio as backend

    read = backend.AnyIOStream.read

    async def counted(self, max_bytes, timeout=None):
        data = await read(self, max_bytes, timeout)
        _reads[0] += 1
        return data

    backend.AnyIOStream.read = counted


async def bare(ctl, quiet_s: float):
    _reads[0] = 0  # (bare_turn's requests before the turn count too: one read each)
    half, events, _ = await bare_turn(ctl, MESSAGE, 100, quiet_s)
    assert events == 20801, events  # the whole turn
    return half, _reads[0]


async def window(app, ctl, request_first: bool):
    from gns3_copilot_desktop.store import Limits

    presenter, shown = await signed_in_window(app, ctl)
    presenter.set_limits(Limits(100, None))
    if request_first:
        await presenter.client.version()  # on the connection the turn then takes
    _reads[0] = 0
    half, _ = await window_turn_of(presenter, shown, ctl, MESSAGE, False)
    reads = _reads[0]
    transcript = presenter.transcript
    assert transcript.state.value == "done" and len(transcript.tool_calls()) == TOOL_CALLS, transcript.state  # the whole turn
    await close_window(presenter, shown)
    return half, reads


def main() -> int:
    app, loop = qt_loop()
    count_reads()
    kinds = {
        "bare, at once": lambda ctl: bare(ctl, 0.0),
        f"bare, after {QUIET_S:g} s quiet": lambda ctl: bare(ctl, QUIET_S),
        "window, after a quiet": lambda ctl: window(app, ctl, False),
        "window, just after a request": lambda ctl: window(app, ctl, True),
    }
    seen: dict[str, list] = {kind: [] for kind in kinds}
    with controller() as ctl:
        for round_ in range(ROUNDS):
            for kind in (list(kinds) if round_ % 2 == 0 else list(kinds)[::-1]):
                seen[kind].append(loop.run_until_complete(kinds[kind](ctl)))
    for kind, halves in seen.items():
        cpu = spread([half.own_cpu_s for half, _ in halves], 2)
        reads = spread([float(reads) for _, reads in halves], 0)
        others = max(half.other_load_cores for half, _ in halves)
        print(f"{kind:30} CPU {cpu['median']:.2f} s ({cpu['min']:.2f}-{cpu['max']:.2f}), "
              f"reads {reads['median']:.0f} ({reads['min']:.0f}-{reads['max']:.0f}), other load at most {others:.2f} cores")
    return 0


if __name__ == "__main__":
    sys.exit(main())
