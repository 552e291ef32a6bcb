"""One budget for the window's slices of work in a turn of Qt's event loop.

The conversation renders in slices of a few milliseconds, each resumed from a 0 ms
timer: new messages (ChatView), a burst of Markdown cut into blocks (MarkdownView),
blocks parsed as they come into view (LazyMarkdownBlock), a chat's widgets deleted.
Qt runs every timer that is due in one pass, so when several of them were due at once
their slices ran back to back, and the loop, the window's paint and the network waited
for all of them: 10-20 ms in one turn where each slice kept to its 2-3 ms. Each slice
now tells what it spent here, and one that finds the turn's budget spent already waits
for the next turn (its timer started again). The slices put off wait in a queue: in
each turn the oldest of them runs whatever the turn has spent (so none waits for ever),
the others after it, only while budget is left. A turn thus runs at most the budget plus two
slices; with "once at most in a row" for each instead, three slices due together all
ran back to back in the next turn, and the longest turn was as long as without a budget.

The same place keeps the window's render clock: every slice, and every stretch of work
the window times as `rendering()` (a frame's update, the layout and paint that show it),
added up. How often the chat re-renders during a stream is paced on what a frame costs in
all (see presenter/turns.py): counted from ChatView's slices and the paint only, it left
out MarkdownView's slices, the lazy blocks' parsing and the layout before the paint.

A turn that ran slices for PAINT_APART_MS or more is not followed at once by the paint
of what they did: Qt paints from its posted events, which the next turn handles first,
before the keyboard, the mouse and the network, so that one indivisible piece of work (a
block of an answer parsed with its code panels, 10-15 ms on a slow machine) and the
paint of it (5-10 ms) held all of them for both. The window puts that paint off by one
turn (`paint_apart`), and the slices due in that turn wait for it; a paint that took
that long itself has the slices due after it wait for the next turn (`painted`): the
loop serves the rest in between, and a turn holds one long piece only.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from PySide6.QtCore import QAbstractEventDispatcher, QObject, QTimer

BUDGET_MS = 2.0  # slices that ran this long in a turn leave the rest to the next
PAINT_APART_MS = BUDGET_MS  # slices (or a paint) that ran this long: the next waits a turn
# Qt's dispatcher on Linux (glib) says `aboutToBlock` on every turn; others only when
# they are about to wait, which a busy loop may not do: a budget older than this is
# taken for a new turn's, so that slices are not put off turn after turn there.
TURN_AT_MOST_MS = 50.0

_spent_ms = 0.0
_turn_started = 0.0  # time.perf_counter() when the first slice of the turn began
_watching = False
_put_off: list[QTimer] = []  # the timers of slices put off, the oldest first
_oldest_ran = False  # whether this turn's one run for the oldest of them was taken
_rendered_ms = 0.0  # the render clock: all the window's rendering so far
_timing = 0  # how many `rendering()` stretches are open: slices within them count with them
_previous_ms = 0.0  # what the slices of the turn before this one spent
# Until when the slices wait (time.perf_counter): a long paint in this turn, or one put
# off to the next. Or until the next turn, whichever comes first: a loop that does not
# say when its turns end (Qt's own waits, as in tests) holds them that long at most.
_hold_until = 0.0
HOLD_AT_MOST_MS = 10.0
_long_ran = False  # a slice of PAINT_APART_MS or more ran in this turn


def _new_turn() -> None:
    global _spent_ms, _oldest_ran, _previous_ms, _hold_until, _long_ran
    _previous_ms = _spent_ms
    _spent_ms = 0.0
    _oldest_ran = False
    _hold_until = 0.0
    _long_ran = False
    if not _previous_ms and not _put_off:
        # A turn with nothing to carry over: turns are not watched until a slice runs
        # again (`spend`). Watched always, the 1,400 turns of a turn at a model's pace
        # each called into Python for nothing, 2-3 % of the window's CPU.
        _unwatch()


def paint_apart() -> bool:
    """Whether a paint due now must wait for the next turn of the loop: the turn before
    this one ran slices for PAINT_APART_MS or more (see above). Then the slices due in
    this turn wait for the next one too, where the paint comes first."""
    if _previous_ms < PAINT_APART_MS:
        return False
    _hold_slices()
    return True


def painted(started: float) -> None:
    """The window's paint that began at `started` (time.perf_counter) is done: if it
    took PAINT_APART_MS or more, the slices due after it in this turn wait for the next."""
    global _hold_until
    if not _long_ran:
        # (The paint put off to this turn is done: the slices go on. After a long slice
        # in this turn they still wait: a short paint in between let the oldest slice
        # put off run, a block's parse of 13 ms after a slice of 3: 23 ms in one turn.)
        _hold_until = 0.0
    if (time.perf_counter() - started) * 1000 >= PAINT_APART_MS:
        _hold_slices()


def holding() -> bool:
    """Whether this turn of the loop has had its long piece (a long slice, a long paint,
    or a paint put off to it): what else is due waits for the next turn."""
    return bool(_hold_until) and time.perf_counter() < _hold_until


def _hold_slices() -> None:
    global _previous_ms, _hold_until
    if not _watching:
        _watch()
    _previous_ms = 0.0  # once: a paint put off is not put off again
    _hold_until = time.perf_counter() + HOLD_AT_MOST_MS / 1000


def _watch() -> None:
    """Start a new budget at each turn: Qt's dispatcher says `aboutToBlock` once per
    turn, before it waits for events (a slot call per turn, only while something ran
    in this turn or the one before, or slices wait)."""
    global _watching
    dispatcher = QAbstractEventDispatcher.instance()
    if dispatcher is not None:
        dispatcher.aboutToBlock.connect(_new_turn)
        _watching = True


def _unwatch() -> None:
    global _watching
    if _watching:
        _watching = False
        dispatcher = QAbstractEventDispatcher.instance()
        if dispatcher is not None:
            dispatcher.aboutToBlock.disconnect(_new_turn)


def spend(started: float) -> None:
    """A slice that began at `started` (time.perf_counter) has ended."""
    global _spent_ms, _turn_started, _rendered_ms, _hold_until, _long_ran
    if not _watching:
        _watch()
    if not _spent_ms:
        _turn_started = started
    spent = (time.perf_counter() - started) * 1000
    _spent_ms += spent
    if not _timing:
        _rendered_ms += spent
    if spent >= PAINT_APART_MS:
        # A long piece (a block parsed with its code panels): the slices due after it,
        # the oldest put off too, wait for the next turn; two such in a row held the
        # loop for both.
        _long_ran = True
        _hold_until = time.perf_counter() + HOLD_AT_MOST_MS / 1000


@contextmanager
def rendering() -> Iterator[None]:
    """Count the time spent in here on the render clock (not in the turn's budget: a
    paint is not a slice to put off), slices run within it once."""
    global _timing, _rendered_ms
    started = time.perf_counter()
    _timing += 1
    try:
        yield
    finally:
        _timing -= 1
        if not _timing:
            _rendered_ms += (time.perf_counter() - started) * 1000


def rendered_ms() -> float:
    """The render clock: milliseconds the window has spent rendering so far."""
    return _rendered_ms


def put_off(timer: QTimer) -> bool:
    """Whether the slice this timer resumes must wait for the next turn of the loop
    (then the timer is started again): this turn has had its long piece (a long slice,
    a long paint, or a paint put off to it), or older slices put off wait to go first,
    or slices already ran for BUDGET_MS in it and this is not the oldest slice put off,
    or that one's run in this turn is taken."""
    global _oldest_ran
    if _spent_ms and (time.perf_counter() - _turn_started) * 1000 > TURN_AT_MOST_MS:
        _new_turn()
    _forget_abandoned(timer)
    if holding():
        # (the oldest slice put off too: this turn has had its long piece, the paint)
        return _wait(timer)
    if _put_off and _put_off[0] is not timer and not _oldest_ran:
        # Slices wait: the oldest of them goes first in this turn (it is due too), so that
        # a long slice that starts itself again does not keep it waiting turn after turn.
        return _wait(timer)
    if _spent_ms < BUDGET_MS:
        if timer in _put_off:
            _put_off.remove(timer)
        return False
    if _put_off and _put_off[0] is timer and not _oldest_ran:
        _put_off.pop(0)
        _oldest_ran = True
        return False
    return _wait(timer)


def _wait(timer: QTimer) -> bool:
    """Put the slice off to the next turn: in the queue (once), its timer started again."""
    if timer not in _put_off:
        _put_off.append(timer)
    timer.start()
    return True


def _forget_abandoned(running: QTimer) -> None:
    """Drop the slices put off that will not come back: their timer was deleted (the
    chat closed) or stopped. A waiting one is active; only the one running now is not."""
    from shiboken6 import isValid

    _put_off[:] = [t for t in _put_off if t is running or (isValid(t) and t.isActive())]


def slice_timer(parent: QObject | None, work: Callable[[], None]) -> QTimer:
    """A 0 ms single-shot timer that runs `work` as one of the window's slices: put off
    to the next turn when this one's budget is spent, and counted in the budget when it
    runs. Start it to have the work done soon."""
    timer = QTimer(parent, singleShot=True, interval=0)

    def resume() -> None:
        if put_off(timer):
            return
        started = time.perf_counter()
        work()
        spend(started)

    timer.timeout.connect(resume)
    return timer
