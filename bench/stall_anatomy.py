"""What the longest turns of the event loop are made of, in one hostile case.

Not a benchmark: a tool to find what to cut. It plays the case as bench/hostile.py
does (after a warm benign answer; `cold`: the benign answer as the process's first
turn), with the 1 ms probe, and records between two ticks of the probe this thread's
CPU time and the CPU time spent in a few of the window's own functions (parse, layout,
paint, cutting, the chat's slices). It prints the totals, how many gaps took more than
8 / 12 / 16 ms of CPU, and the N gaps with the most CPU, each with what ran in it.
CPU time, not wall time: on a machine shared with other work a gap's wall time is
mostly waiting for a core. `--events` also times each event Qt dispatches at the top
(its type and receiver's class); that costs a Python call per event, nested ones too,
so it inflates what sends many events (showing a group of blocks) several times.

    bash packaging/dev run python bench/stall_anatomy.py big-table|long-line|cold|... [N] [--events]
"""

from __future__ import annotations

import asyncio
import functools
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import common  # noqa: E402
from PySide6.QtCore import QEvent, QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

_current: dict[str, list[float]] = defaultdict(list)  # what ran since the last tick
_depth = 0


class TimedApp(QApplication):
    def notify(self, receiver, event):  # noqa: D102 - Qt's name
        global _depth
        _depth += 1
        started = time.thread_time()
        try:
            return super().notify(receiver, event)
        finally:
            _depth -= 1
            if _depth == 0:
                kind = event.type()
                name = f"event {kind.name} -> {type(receiver).__name__}"
                if kind == QEvent.Type.Timer and isinstance(receiver, QTimer):
                    name += f" {receiver.objectName() or ''}"
                _current[name].append((time.thread_time() - started) * 1000)


def timed(owner, attribute: str, label: str) -> None:
    original = getattr(owner, attribute)

    @functools.wraps(original)
    def wrapper(*args, **kwargs):
        started = time.thread_time()
        try:
            return original(*args, **kwargs)
        finally:
            _current[label].append((time.thread_time() - started) * 1000)

    setattr(owner, attribute, wrapper)


class AnatomyProbe(common.LagProbe):
    def __init__(self):
        super().__init__()
        self.anatomy: list[tuple[float, dict]] = []

    def _tick(self) -> None:
        before = self._last_cpu
        super()._tick()
        if self.gaps:
            cpu = (self._last_cpu - before) * 1000
            parts = {k: list(v) for k, v in _current.items()}
            parts["(this thread's CPU in the gap)"] = [cpu]
            self.anatomy.append((self.gaps[-1], parts))
        _current.clear()


def instrument() -> None:
    import os
    from gns3_copilot_desktop.ui import chat_view, code_blocks, loop_turn, markdown_view, untrusted

    md = markdown_view
    timed(untrusted, "render_markdown", "render_markdown (parse)")
    timed(md.MarkdownBlock, "set_markdown", "MarkdownBlock.set_markdown")
    timed(md.MarkdownBlock, "paintEvent", "MarkdownBlock.paintEvent")
    timed(md.MarkdownBlock, "resizeEvent", "MarkdownBlock.resizeEvent")
    timed(md.MarkdownBlock, "_fit", "MarkdownBlock._fit")
    timed(md.LazyMarkdownBlock, "realize", "LazyMarkdownBlock.realize")
    timed(md, "_realize_some", "_realize_some")
    timed(md, "_repair_tables", "_repair_tables")
    timed(md, "_code_follows_text_size", "_code_follows_text_size")
    timed(md.MarkdownView, "_work", "MarkdownView._work")
    if hasattr(md.MarkdownBlock, "_widen_table"):
        timed(md.MarkdownBlock, "_widen_table", "MarkdownBlock._widen_table")
    timed(md.MarkdownView, "_show_tail", "MarkdownView._show_tail")
    timed(md.MarkdownView, "_show_new_blocks", "MarkdownView._show_new_blocks")
    timed(md.MarkdownView, "_forced_cut", "MarkdownView._forced_cut")
    timed(md.MarkdownView, "_freeze", "MarkdownView._freeze")
    for name in ("_render_slice", "_continue_slices", "_page", "_draw_page", "_delete_some", "_make_room",
                 "_update_earlier", "_scrolled", "_range_changed", "_render_item"):
        timed(chat_view.ChatView, name, f"ChatView.{name}")
    timed(code_blocks.CodeBlocks, "colour", "CodeBlocks.colour")
    timed(code_blocks.CodeBlocks, "place", "CodeBlocks.place")
    _ = loop_turn


async def play(app, ctl, case: str, probe: AnatomyProbe):
    presenter, window = await common.signed_in_window(app, ctl)
    message = "/bench-stream 2000 0 0" if case == "baseline" else f"/hostile {case}"
    finished = asyncio.Event()
    presenter.turn_running.connect(lambda running: None if running else finished.set())
    probe.start()
    presenter.send(message)
    await asyncio.wait_for(finished.wait(), 300)
    while window.chat.pending():
        await asyncio.sleep(0.001)
    await common.painted_in_full(window)
    probe.stop()
    await common.close_window(presenter, window)


def main() -> int:
    args = [a for a in sys.argv[1:] if a != "--events"]
    case = args[0] if args else "big-table"
    top = int(args[1]) if len(args) > 1 else 8
    import os
    import tempfile

    import qasync

    os.environ.setdefault("GNS3_COPILOT_CONFIG_DIR", tempfile.mkdtemp(prefix="gns3-bench-"))
    app = TimedApp(sys.argv[:1]) if "--events" in sys.argv else QApplication(sys.argv[:1])
    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)
    instrument()
    with common.controller() as ctl:
        warm = case != "cold"
        if warm:
            loop.run_until_complete(play(app, ctl, "baseline", AnatomyProbe()))
        probe = AnatomyProbe()
        loop.run_until_complete(play(app, ctl, "baseline" if case == "cold" else case, probe))
    totals = defaultdict(lambda: [0.0, 0])
    for _gap, parts in probe.anatomy:
        for name, times in parts.items():
            totals[name][0] += sum(times)
            totals[name][1] += len(times)
    print("totals:")
    for name, (ms, n) in sorted(totals.items(), key=lambda kv: -kv[1][0])[:14]:
        print(f"   {ms:7.1f} ms  x{n:<5} {name}")
    gaps = sorted(probe.anatomy, key=lambda item: -item[1]["(this thread's CPU in the gap)"][0])
    cpus = sorted(parts["(this thread's CPU in the gap)"][0] for _g, parts in probe.anatomy)
    print("gap CPU: max %.1f, >8 ms: %d, >12 ms: %d, >16 ms: %d" % (cpus[-1], sum(c > 8 for c in cpus), sum(c > 12 for c in cpus), sum(c > 16 for c in cpus)))
    print(f"{case}: {len(probe.gaps)} gaps, max {max(probe.gaps):.1f} ms; "
          f"gaps > 8 ms: {sum(g > 8 for g in probe.gaps)}, > 16 ms: {sum(g > 16 for g in probe.gaps)}")
    for gap, parts in gaps[:top]:
        print(f"\n== gap {gap:.1f} ms")
        for name, times in sorted(parts.items(), key=lambda kv: -sum(kv[1])):
            print(f"   {sum(times):6.1f} ms  x{len(times):<3} {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
