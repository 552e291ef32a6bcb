"""Slices of the window's work that are due together share one turn of the loop's
budget: the second waits for the next turn (the window paints and reads the network
in between), and a slice put off still runs, however busy the others stay."""

from __future__ import annotations

import time

from PySide6.QtCore import QAbstractEventDispatcher, QTimer

from gns3_copilot_desktop.ui import loop_turn


def slice_timer(name: str, events: list[str], runs: int = 1) -> QTimer:
    """A slice resumed from a 0 ms timer, as the window's are, that says it spent 5 ms
    (more than a turn's budget) and has `runs` slices of work in all."""
    timer = QTimer(singleShot=True, interval=0)
    left = [runs]

    def resume() -> None:
        if loop_turn.put_off(timer):
            return
        events.append(name)
        loop_turn.spend(time.perf_counter() - 0.005)
        left[0] -= 1
        if left[0]:
            timer.start()

    timer.timeout.connect(resume)
    return timer


def two_due_together(qtbot, events: list[str]) -> None:
    """Start two busy slices, "first" and "second", due together; wait for both, each
    turn of the loop meanwhile told in `events` as "turn"."""
    turn = lambda: events.append("turn")  # noqa: E731
    QAbstractEventDispatcher.instance().aboutToBlock.connect(turn)
    try:
        first, second = slice_timer("first", events), slice_timer("second", events)
        first.start()
        second.start()
        qtbot.waitUntil(lambda: "second" in events, timeout=2000)
    finally:
        QAbstractEventDispatcher.instance().aboutToBlock.disconnect(turn)


def test_a_slice_due_with_another_waits_for_the_next_turn_of_the_loop(qapp, qtbot):
    events: list[str] = []
    loop_turn.spend(time.perf_counter())  # (watching the turns from now on)
    two_due_together(qtbot, events)
    between = events[events.index("first") + 1 : events.index("second")]
    assert "turn" in between, events


def test_a_slice_put_off_runs_while_another_keeps_working(qapp, qtbot):
    events: list[str] = []
    busy, other = slice_timer("busy", events, runs=50), slice_timer("other", events)
    busy.start()
    other.start()
    qtbot.waitUntil(lambda: "other" in events, timeout=2000)
    assert events.index("other") <= 3, events  # not after the busy one's 50 slices


def test_three_busy_slices_due_together_never_run_three_in_one_turn(qapp, qtbot):
    """Each says it spent 5 ms, more than a turn's budget: once a turn has run the first
    of them and the oldest put off, the third waits. (With "once at most in a row" for
    each, all three put off in one turn ran back to back in the next.)"""
    events: list[str] = []
    loop_turn.spend(time.perf_counter())  # (watching the turns from now on)
    turn = lambda: events.append("turn")  # noqa: E731
    QAbstractEventDispatcher.instance().aboutToBlock.connect(turn)
    try:
        slices = [slice_timer(name, events, runs=20) for name in ("a", "b", "c")]
        for timer in slices:
            timer.start()
        qtbot.waitUntil(lambda: sum(e != "turn" for e in events) == 60, timeout=5000)
    finally:
        QAbstractEventDispatcher.instance().aboutToBlock.disconnect(turn)
    per_turn, run = [], 0
    for event in events:
        if event == "turn":
            per_turn.append(run)
            run = 0
        else:
            run += 1
    per_turn.append(run)
    assert max(per_turn) <= 2, per_turn
    for name in "abc":  # each went on all along: none waited for the others to end
        assert events.index(name) < 10, events[:20]


def test_a_short_paint_after_a_long_slice_leaves_the_next_long_one_to_the_next_turn(qapp, qtbot):
    """A turn holds one long piece only. The oldest slice put off runs in each turn
    whatever the budget, unless a long one ran already: a short paint between them (the
    window's) did not make room for it."""
    events: list[str] = []
    loop_turn.spend(time.perf_counter())  # (watching the turns from now on)
    turn = lambda: events.append("turn")  # noqa: E731
    QAbstractEventDispatcher.instance().aboutToBlock.connect(turn)
    oldest = slice_timer("oldest", events)
    # A long piece that is not put off: a frame of the stream (it says it spent 5 ms).
    first = QTimer(singleShot=True, interval=0)
    first.timeout.connect(lambda: (events.append("first"), loop_turn.spend(time.perf_counter() - 0.005)))
    paint = QTimer(singleShot=True, interval=0)
    paint.timeout.connect(lambda: (events.append("paint"), loop_turn.painted(time.perf_counter())))
    try:
        first.start()
        paint.start()
        loop_turn._wait(oldest)  # put off in a turn before, its timer due again now
        qtbot.waitUntil(lambda: "oldest" in events, timeout=2000)
    finally:
        QAbstractEventDispatcher.instance().aboutToBlock.disconnect(turn)
    assert events.index("first") < events.index("paint") < events.index("oldest"), events
    between = events[events.index("first") + 1 : events.index("oldest")]
    assert "turn" in between, events


def test_turns_are_watched_only_while_slices_run(qapp, qtbot):
    """Qt's loop turns 1,400 times in a typical turn of a chat at a model's pace, and the
    window's slices run in about 160 of them: the budget's clock listens to the loop's
    turns (a call into Python each) only while slices run or wait, and after a quiet
    turn it stops. A slice after that has a whole budget again."""
    events: list[str] = []
    busy = slice_timer("busy", events)
    busy.start()
    qtbot.waitUntil(lambda: "busy" in events, timeout=2000)
    qtbot.wait(50)  # quiet turns of the loop
    assert not loop_turn._watching, "still called on every turn of the loop"
    two_due_together(qtbot, events)
    # The second waits for the next turn, not for the budget's 50 ms fallback (hundreds
    # of turns of a loop that runs 0 ms timers).
    assert 1 <= events[events.index("first") + 1 : events.index("second")].count("turn") <= 3, events
