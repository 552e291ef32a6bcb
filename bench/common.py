"""Shared parts of the benchmarks: the reference controller in its own process, the
real window offscreen on a qasync loop, an event-loop lag probe, and the report."""

from __future__ import annotations

import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@dataclass
class Controller:
    url: str
    username: str
    password: str
    process: subprocess.Popen


@contextmanager
def controller(*args: str):
    """The reference controller as a separate process (it must not share our GIL)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "gns3_copilot_desktop.controller_sim.cli", "--port", "0", "--pace", "0", *args],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )
    try:
        line = process.stdout.readline()
        creds = json.loads(line)
        yield Controller(creds["url"], creds["username"], creds["password"], process)
    finally:
        process.terminate()
        process.wait(timeout=15)


def qt_loop():
    """A QApplication and a qasync loop, as the app makes them."""
    from PySide6.QtWidgets import QApplication

    from gns3_copilot_desktop.event_loop import make_loop

    os.environ.setdefault("GNS3_COPILOT_CONFIG_DIR", tempfile.mkdtemp(prefix="gns3-bench-"))
    app = QApplication.instance() or QApplication(sys.argv[:1])
    return app, make_loop(app, already_running=False)


async def signed_in_window(app, ctl):
    """The real presenter and window, signed in, the first project chosen, settled, as
    the app is once started."""
    from gns3_copilot_desktop.app import build, parse_args, start_up_done

    presenter, window = build(parse_args([]), app)
    window.resize(1280, 800)
    window.show()
    await presenter.sign_in(ctl.url, ctl.username, ctl.password, remember=False, keep=False)
    await presenter.choose_project(presenter.projects[0].project_id)
    presenter.new_chat()  # signing in reopens the last chat; each round starts its own
    start_up_done()
    await asyncio.sleep(0.3)
    await settled(window)
    return presenter, window


async def settled(window, quiet_s: float = 0.2, at_most_s: float = 10.0) -> None:
    """Until the window has nothing left to do: the chat reopened at sign-in (the last
    round's, 13 MB after a firehose) is deleted in slices after `new_chat`, and the
    warm-up runs in idle moments: 0.3 s was not always enough for them, and what was
    left ran into the measured turn. Quiet: the window's thread used under 1 ms of CPU
    in each 10 ms, for `quiet_s` (slices keep the loop turning, so its lag cannot tell)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + at_most_s
    quiet_since = loop.time()
    while loop.time() < deadline:
        cpu = time.thread_time()
        await asyncio.sleep(0.01)
        now = loop.time()
        if time.thread_time() - cpu > 0.001 or window.chat.pending():
            quiet_since = now
        elif now - quiet_since >= quiet_s:
            return
    print(f"  note: the window was still busy after {at_most_s:.0f} s; measured anyway", file=sys.stderr)


async def send_turn(presenter, window, message: str) -> None:
    """Send a message as the composer does, and wait until the turn has ended and all
    of it is rendered."""
    ended = asyncio.Event()

    def running(now: bool) -> None:
        if not now:
            ended.set()

    presenter.turn_running.connect(running)
    try:
        assert presenter.send(message)
        await ended.wait()
    finally:
        presenter.turn_running.disconnect(running)
    while window.chat.pending():  # rendering goes on in slices after the last event
        await asyncio.sleep(0.001)


async def bare_turn(ctl, message: str, max_iterations: int, quiet_s: float = 0.0):
    """The baseline: read one turn's stream with httpx + httpx-sse and decode each
    event, no more. Returns the measured half, the events and their bytes.

    The stream is opened at once after the requests before it (`quiet_s`: after the
    connection has been quiet this long instead). Opened at once, this consumer reads the
    firehose's 14 MB in ~260 reads; after a quiet (50 ms was enough), in ~700 smaller
    ones, and spends about 14 % more CPU on them. The window's turn always starts after a
    quiet, and its CPU is the same either way (it takes longer over each read, so more
    has come by the next): the baseline stays the cheaper one, the stricter measure
    (bench/quiet_connection.py shows all of them)."""
    import httpx
    from httpx_sse import aconnect_sse

    async with httpx.AsyncClient(base_url=ctl.url, timeout=httpx.Timeout(60, read=600)) as http:
        token = (await http.post("/v3/access/users/authenticate", json={"username": ctl.username, "password": ctl.password})).json()["access_token"]
        headers = {"Authorization": f"Bearer {token}"}
        project = (await http.get("/v3/projects", headers=headers)).json()[0]["project_id"]
        body = {"message": message, "max_iterations": max_iterations}
        if quiet_s:
            await asyncio.sleep(quiet_s)
        measure = Measure(ctl.process.pid).start()
        events = size = 0
        async with aconnect_sse(http, "POST", f"/v3/copilot/projects/{project}/chat/stream", json=body, headers=headers) as source:
            async for sse in source.aiter_sse():  # the controller ends the stream after `done`
                json.loads(sse.data)
                events += 1
                size += len(sse.data)
        return measure.stop(), events, size


async def window_turn(presenter, window, ctl, message: str, probed: bool):
    """Send a message as the composer does and measure until the turn has ended and is
    painted, every Markdown block in view parsed. `probed`: with the lag probe, whose
    1 ms timer costs about 3 % of a core by itself, so a turn that measures CPU goes
    without it. Returns the measured half and the probe."""
    finished = asyncio.Event()
    presenter.turn_running.connect(lambda running: None if running else finished.set())
    probe = LagProbe()
    if probed:
        probe.start()
    measure = Measure(ctl.process.pid).start()
    presenter.send(message)
    await finished.wait()
    while window.chat.pending():  # rendering goes on in slices after the last event
        await asyncio.sleep(0.001)
    await painted_in_full(window)  # the last event is on screen
    half = measure.stop()
    probe.stop()
    return half, probe


def one_round(round_: int, bare, window, probed) -> tuple[Any, Any, Any]:
    """One round of three turns: the bare consumer's, the window's measured turn and the
    window's turn with the lag probe, each a callable. The measured turn sits next to
    the bare one, so that both see alike load; every other round goes the other way."""
    turns = {"bare": bare, "window": window, "probed": probed}
    done = {which: turns[which]() for which in (("bare", "window", "probed") if round_ % 2 == 0 else ("probed", "window", "bare"))}
    return done["bare"], done["window"], done["probed"]


async def close_window(presenter, window) -> None:
    await presenter.shutdown()
    window.close()
    window.deleteLater()


async def painted_in_full(window) -> None:
    """Repaint the chat until every Markdown block in view is parsed and painted: Qt
    shows new widgets from its event queue, and a block that comes into view is parsed
    on its first paint, just after it."""
    while not all(widget.isVisible() for widget in window.chat.widgets()):
        await asyncio.sleep(0)
    window.chat.viewport().repaint()
    while await _unparsed_in_view(window):
        await asyncio.sleep(0.001)
        # Asked for, as the app's own changes do, not forced: a repaint forced every
        # millisecond was the benchmark's own stall (3-5 ms in a hostile case's
        # longest), one the app never makes.
        window.chat.viewport().update()


SCAN_BLOCKS = 100  # Markdown blocks looked at in a turn of the loop


async def _unparsed_in_view(window) -> bool:
    """Whether a Markdown block in view is not parsed yet. Looked at SCAN_BLOCKS at a
    time, a turn of the loop each: a long answer is a thousand blocks, and looking at
    all of them in one turn (7-16 ms on a slow machine) was the benchmark's own longest
    stall in the long-line and big-table cases."""
    from shiboken6 import isValid

    from gns3_copilot_desktop.ui.lazy_markdown_block import LazyMarkdownBlock

    blocks = [block for block in window.chat.widget().findChildren(LazyMarkdownBlock) if block.block is None]
    for start in range(0, len(blocks), SCAN_BLOCKS):
        if start:
            await asyncio.sleep(0)
        for block in blocks[start:start + SCAN_BLOCKS]:
            if isValid(block) and block.block is None and not block.visibleRegion().isEmpty():
                return True
    return False


class LagProbe:
    """A 1 ms QTimer: the gaps between its ticks are how long the loop was busy.

    `bounded=True` keeps a histogram of 0.1 ms buckets instead of every gap, for runs
    of many minutes (a list of every tick grows by ~2 MB a minute, which a soak would
    report as the app's own growth)."""

    def __init__(self, bounded: bool = False) -> None:
        from PySide6.QtCore import Qt, QTimer

        self.gaps: list[float] = []
        self._histogram: list[int] | None = [0] * 20001 if bounded else None
        self._max = 0.0
        self._last: float | None = None
        self._last_cpu = 0.0
        self._max_cpu = 0.0  # the most CPU time this thread spent within one gap
        self.timer = QTimer()
        self.timer.setTimerType(Qt.TimerType.PreciseTimer)
        self.timer.setInterval(1)
        self.timer.timeout.connect(self._tick)

    def _tick(self) -> None:
        now, cpu = time.perf_counter(), time.thread_time()
        if self._last is not None:
            gap = (now - self._last) * 1000
            # What of the gap was this thread's own work: the rest it waited for a core
            # (another process ran) or for the GIL.
            self._max_cpu = max(self._max_cpu, (cpu - self._last_cpu) * 1000)
            if self._histogram is None:
                self.gaps.append(gap)
            else:
                self._histogram[min(int(gap * 10), 20000)] += 1
                self._max = max(self._max, gap)
        self._last, self._last_cpu = now, cpu

    def start(self) -> None:
        self._last = None
        self.timer.start()

    def stop(self) -> None:
        self.timer.stop()

    def p99(self) -> float:
        if self._histogram is not None:
            total, seen = sum(self._histogram), 0
            for bucket, count in enumerate(self._histogram):
                seen += count
                if total and seen >= total * 0.99:
                    return bucket / 10
            return 0.0
        return statistics.quantiles(self.gaps, n=100)[98] if len(self.gaps) >= 100 else max(self.gaps, default=0.0)

    def max_cpu(self) -> float:
        """The longest stall in this thread's CPU time (ms): on a machine whose other
        load takes the cores, a gap's wall time is mostly waiting; this is the app's."""
        return self._max_cpu

    def max(self) -> float:
        return self._max if self._histogram is not None else max(self.gaps, default=0.0)


def process_cpu_s(pid: int) -> float:
    """User + system CPU seconds a process (all its threads) has used, from /proc."""
    with open(f"/proc/{pid}/stat") as handle:
        fields = handle.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def machine_busy_s() -> float:
    """CPU seconds the whole machine has spent busy (all cores), from /proc/stat."""
    with open("/proc/stat") as handle:
        values = [int(v) for v in handle.readline().split()[1:]]
    idle = values[3] + values[4]  # idle + iowait
    return (sum(values[:8]) - idle) / os.sysconf("SC_CLK_TCK")


@dataclass
class Half:
    """One half of a round (the bare consumer's or the window's): its wall time, the CPU
    this process and the controller used, and the load of everything else on the
    machine meanwhile, in cores (2.0 = both cores of the machine kind busy)."""

    wall_s: float
    own_cpu_s: float
    controller_cpu_s: float
    other_load_cores: float

    def as_json(self) -> dict[str, float]:
        return {"wall_s": round(self.wall_s, 4), "own_cpu_s": round(self.own_cpu_s, 3),
                "controller_cpu_s": round(self.controller_cpu_s, 3),
                "other_load_cores": round(self.other_load_cores, 2)}


class Measure:
    """Wall time and CPU of this process and the controller, and the machine's other
    load, between `start()` and `stop()`: a benchmark on a shared machine says what it
    measured and with what else running, instead of a bare wall time."""

    def __init__(self, controller_pid: int | None = None) -> None:
        self.controller_pid = controller_pid

    def _sample(self) -> tuple[float, float, float, float]:
        controller = process_cpu_s(self.controller_pid) if self.controller_pid else 0.0
        return time.perf_counter(), process_cpu_s(os.getpid()), controller, machine_busy_s()

    def start(self) -> "Measure":
        self._start = self._sample()
        return self

    def stop(self) -> Half:
        end = self._sample()
        wall, own, ctl, busy = (b - a for a, b in zip(self._start, end))
        # /proc counts in ticks of 10 ms: over a short half the load is coarse, and
        # is kept within what the machine has.
        others = max(0.0, busy - own - ctl)
        return Half(wall, own, ctl, min(others / wall, os.cpu_count() or 1) if wall > 0 else 0.0)


def spread(values: list[float], digits: int = 3) -> dict[str, float]:
    """Median and min–max, the way the README reports every figure."""
    return {"median": round(statistics.median(values), digits), "min": round(min(values), digits),
            "max": round(max(values), digits)}


def rss_bytes() -> int:
    with open("/proc/self/statm") as handle:
        return int(handle.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def report(name: str, figures: dict[str, Any], goals: list[tuple[str, float, float]]) -> int:
    """One line of JSON, a human summary; exit code 1 when a goal is missed.
    `goals`: (what, value, at most)."""
    missed = [what for what, value, limit in goals if value > limit]
    line = {"benchmark": name, **figures,
            "goals": {what: {"value": round(value, 3), "at_most": limit, "met": value <= limit} for what, value, limit in goals}}
    print(json.dumps(line, ensure_ascii=False))
    print(f"\n{name}:")
    for key, value in figures.items():
        if isinstance(value, dict) and set(value) == {"median", "min", "max"}:
            print(f"  {key}: {value['median']} (min {value['min']}, max {value['max']})")
    for what, value, limit in goals:
        print(f"  {'ok  ' if value <= limit else 'MISS'} {what}: {value:.3f} (goal: at most {limit})")
    return 1 if missed else 0
