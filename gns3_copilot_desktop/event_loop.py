"""The asyncio loop the window runs on: qasync's, without its two costs per network read.

qasync runs asyncio on Qt's event loop, and does two things in a way that costs a
streamed answer dearly, measured with py-spy on a turn at a model's pace (bench/
realistic.py), where they were a fifth of the window's busy time:

- **A new socket notifier for every read.** anyio's asyncio streams, under httpx,
  switch a socket's reading on before each read and off after it (`resume_reading`,
  `pause_reading`). asyncio's own loop does that with a cheap `epoll_ctl`; qasync makes
  a new QSocketNotifier, connects it, and disconnects and drops it each time: 14 % of
  the window's busy time. Here each file descriptor keeps one notifier for each
  direction, switched on and off. And the ready socket's callback runs at once, as in
  asyncio's own loop, instead of through a timer of its own, and so do the callbacks
  it made due (the task waiting for the data): a turn of Qt's loop for each read saved.
- **A Qt timer for every callback.** qasync's `call_soon` starts a 0 ms Qt timer for
  each callback and kills it when it has run (~55 a second while an answer streams).
  Here the callbacks due wait in one queue, as in asyncio's own loop, served by one
  0 ms timer that runs while the queue has any: each pass runs those that were due when
  it began, so callbacks that add callbacks still let Qt in between (a paint, the
  keyboard), as `await asyncio.sleep(0)` expects.

- **A cancelled timer still fired.** httpx's read timeout is a timer set for each read
  (about 20 a second) and cancelled when the read is done; qasync's went off anyway,
  seconds later, to do nothing, and Qt kept a hundred of them waiting. Here a timer
  cancelled is a Qt timer killed, and the handle is asyncio's `TimerHandle`, with its
  `when()`.

Everything else is qasync's: threads, executors, the running state, closing, and its
slow-callback warnings in asyncio's debug mode (which uses qasync's own ways).
"""

from __future__ import annotations

import asyncio
import collections
import math
import time

import qasync
from PySide6.QtCore import QObject, QSocketNotifier, QTimerEvent
from PySide6.QtWidgets import QApplication


def _fileno(fd: object) -> int:
    return fd if isinstance(fd, int) else int(fd.fileno())  # type: ignore[attr-defined]


class _Watch:
    """One file descriptor's notifier for one direction, kept while the loop lives and
    switched on while asyncio watches the descriptor. Qt watches a descriptor by its
    number, so the notifier serves a later socket given the same number as well."""

    __slots__ = ("notifier", "handle", "fileobj", "due_now")

    def __init__(self, fd: int, kind: QSocketNotifier.Type, due_now: _DueNow) -> None:
        self.due_now = due_now
        self.handle: asyncio.Handle | None = None
        self.fileobj: object = None  # what asyncio was given: a number, or a socket
        self.notifier = QSocketNotifier(fd, kind)
        self.notifier.setEnabled(False)
        self.notifier.activated.connect(self.ready)

    def ready(self) -> None:
        handle = self.handle
        if handle is None or handle._cancelled:
            # Switched off since Qt polled, or given up on: asyncio's own loop stops
            # watching a descriptor whose callback was cancelled.
            self.handle = None
            self.notifier.setEnabled(False)
            return
        handle._run()  # a Handle reports its own exceptions to the loop
        # What the read woke (the task waiting for the data) runs now, in the same turn
        # of Qt's loop, as asyncio's own loop runs it right after its poll: through the
        # 0 ms timer it took a turn of its own for every read (270 of a turn's 1,400
        # at a model's pace).
        self.due_now.run_due()

    def watch(self, handle: asyncio.Handle, fileobj: object) -> None:
        if self.handle is not None:
            self.handle.cancel()  # as asyncio's loop does when a callback is replaced
        self.handle, self.fileobj = handle, fileobj
        self.notifier.setEnabled(True)

    def stop(self) -> bool:
        if self.handle is None:
            return False
        self.handle.cancel()
        self.handle = self.fileobj = None
        self.notifier.setEnabled(False)
        return True


class _DueNow(QObject):
    """The callbacks due now, in the order they were asked for, and the one 0 ms timer
    that serves them."""

    def __init__(self) -> None:
        super().__init__()
        self.ready: collections.deque[asyncio.Handle] = collections.deque()
        self.timer = 0

    def add(self, handle: asyncio.Handle) -> None:
        self.ready.append(handle)
        if not self.timer:
            self.timer = self.startTimer(0)

    def timerEvent(self, event: QTimerEvent) -> None:  # noqa: N802 (Qt's name)
        # The timer is given up first, and callbacks asked for during the pass start a
        # new one: Qt fires no timer again while its timerEvent runs, so a Qt loop run
        # inside a callback (a modal dialog's exec()) held every other callback.
        self.killTimer(event.timerId())
        if self.timer == event.timerId():
            self.timer = 0
        self.run_due()

    def run_due(self) -> None:
        """One pass: the callbacks due now, not those they add (see timerEvent)."""
        ready = self.ready
        # Only those due when this pass began: the ones they add wait for the next
        # pass, as in asyncio, so a task that yields lets the window in. That pass is
        # the timer's, in Qt's next turn of its loop, or another socket's read in this
        # turn (see _Watch.ready): one more pass at most per socket that is ready.
        # (Running those too, for up to 1 ms, saved a fifth of the loop's turns and
        # about 5 % of the window's CPU at a model's pace: not worth a task that yields
        # holding the window for that long.)
        for _ in range(len(ready)):
            if not ready:
                break  # the loop was closed by one of them
            handle = ready.popleft()
            if not handle._cancelled:
                handle._run()
        if ready and not self.timer:
            self.timer = self.startTimer(0)
        elif not ready and self.timer:
            self.killTimer(self.timer)  # (a pass for nothing, a turn of the loop)
            self.timer = 0

    def stop(self) -> None:
        self.ready.clear()
        if self.timer:
            self.killTimer(self.timer)
            self.timer = 0


_LONGEST_MS = 2**31 - 1
_CLOCK_RESOLUTION = time.get_clock_info("monotonic").resolution


class _Timed(asyncio.TimerHandle):
    __slots__ = ("timer",)  # the Qt timer that runs it


class _Later(QObject):
    """The callbacks due later, each on a Qt timer of its own, killed if it is
    cancelled."""

    def __init__(self) -> None:
        super().__init__()
        self.due: dict[int, _Timed] = {}

    def add(self, handle: _Timed, delay: float) -> None:
        # Qt's timers take 32-bit milliseconds: a longer wait (sleep(inf), a deadline
        # days away) waits that long first, then is set again for the rest.
        ms = delay * 1000
        handle.timer = self.startTimer(_LONGEST_MS if ms >= _LONGEST_MS else max(0, math.ceil(ms)))
        self.due[handle.timer] = handle

    def timerEvent(self, event: QTimerEvent) -> None:  # noqa: N802 (Qt's name)
        timer = event.timerId()
        self.killTimer(timer)
        handle = self.due.pop(timer, None)
        if handle is None or handle._cancelled:
            return
        early = handle._when - time.monotonic()  # qasync's clock, the loop's time()
        if early > _CLOCK_RESOLUTION:  # (15.6 ms on Windows, where Qt's clock is finer)
            # Qt's coarse timers (qasync's too) keep within 5 % of their interval, early
            # as well as late; a callback runs at its time or after it, as in asyncio.
            self.add(handle, early)
            return
        handle._run()

    def cancel(self, handle: asyncio.TimerHandle) -> None:
        timer = getattr(handle, "timer", 0)
        if self.due.get(timer) is handle:
            del self.due[timer]
            self.killTimer(timer)

    def stop(self) -> None:
        for timer in self.due:
            self.killTimer(timer)
        self.due.clear()


class WindowLoop(qasync.QEventLoop):  # type: ignore[misc, valid-type]
    """qasync's loop, with a notifier kept for each descriptor and one queue for the
    callbacks due now (see the module's docstring)."""

    def __init__(self, app: QApplication | None = None, already_running: bool = False) -> None:
        self._due_now = _DueNow()
        self._later = _Later()
        self._watches: dict[tuple[int, QSocketNotifier.Type], _Watch] = {}
        super().__init__(app, already_running=already_running)

    def call_soon(self, callback, *args, context=None):  # noqa: ANN001, ANN201 (asyncio's signature)
        if self.get_debug():
            # qasync's way, with its warnings about slow callbacks.
            return super().call_soon(callback, *args, context=context)
        self._check_open(callback)
        handle = asyncio.Handle(callback, args, self, context=context)
        self._due_now.add(handle)
        return handle

    def call_later(self, delay, callback, *args, context=None):  # noqa: ANN001, ANN201
        if self.get_debug():
            return super().call_later(delay, callback, *args, context=context)
        if delay <= 0:
            return self.call_soon(callback, *args, context=context)
        return self._call_at(self.time() + delay, delay, callback, args, context)

    def call_at(self, when, callback, *args, context=None):  # noqa: ANN001, ANN201
        if self.get_debug():
            return super().call_at(when, callback, *args, context=context)
        return self._call_at(when, when - self.time(), callback, args, context)

    def _call_at(self, when: float, delay: float, callback, args, context) -> asyncio.TimerHandle:  # noqa: ANN001
        self._check_open(callback)
        handle = _Timed(when, callback, args, self, context)
        self._later.add(handle, delay)
        return handle

    def _check_open(self, callback) -> None:  # noqa: ANN001
        self._check_closed()
        # Whether it is a coroutine function is not asked: asyncio's own loop asks only in
        # debug mode (where qasync's ways run here), and inspect's answer cost a third of
        # a call_soon (1-1.5 of 3.6-4.2 us here), for the callbacks every read of a
        # stream schedules.
        if not callable(callback):
            raise TypeError(f"a callback must be callable, not {type(callback).__name__}")

    def _timer_handle_cancelled(self, handle: asyncio.TimerHandle) -> None:
        self._later.cancel(handle)

    def _watch(self, fd: object, kind: QSocketNotifier.Type, callback, args) -> asyncio.Handle:  # noqa: ANN001
        self._check_closed()
        number = _fileno(fd)
        if number < 0:
            raise ValueError(f"Invalid file descriptor: {number}")  # a closed socket, as asyncio says
        watch = self._watches.get((number, kind))
        if watch is None:
            watch = self._watches[number, kind] = _Watch(number, kind, self._due_now)
        handle = asyncio.Handle(callback, args, self)
        watch.watch(handle, fd)
        return handle

    def _unwatch(self, fd: object, kind: QSocketNotifier.Type) -> bool:
        if self.is_closed():
            return False
        try:
            number = _fileno(fd)
        except (AttributeError, ValueError, OSError):
            number = -1
        if number < 0:
            # A socket closed before it was let go (its fileno() is -1 now): found by
            # itself, as asyncio's own loop does. Left on, its number's next socket
            # would have woken the old callback without end.
            return any(watch.stop() for (_, way), watch in self._watches.items() if way == kind and watch.fileobj is fd)
        watch = self._watches.get((number, kind))
        return watch.stop() if watch is not None else False

    def _add_reader(self, fd, callback, *args):  # noqa: ANN001, ANN201
        return self._watch(fd, QSocketNotifier.Type.Read, callback, args)

    def _remove_reader(self, fd):  # noqa: ANN001, ANN201
        return self._unwatch(fd, QSocketNotifier.Type.Read)

    def _add_writer(self, fd, callback, *args):  # noqa: ANN001, ANN201
        return self._watch(fd, QSocketNotifier.Type.Write, callback, args)

    def _remove_writer(self, fd):  # noqa: ANN001, ANN201
        return self._unwatch(fd, QSocketNotifier.Type.Write)

    def close(self) -> None:
        # Running: qasync's own error, raised before anything is let go. Closed already:
        # nothing to let go.
        closing = not (self.is_running() or self.is_closed())
        super().close()
        if not closing:
            return
        self._due_now.stop()
        self._later.stop()
        for watch in self._watches.values():
            watch.stop()
            watch.notifier.activated.disconnect()
            watch.notifier.deleteLater()
        self._watches.clear()


def make_loop(app: QApplication, already_running: bool) -> asyncio.AbstractEventLoop:
    """The loop for the window, made the current one. `already_running`: Qt's loop is
    running (the app, pytest-qt), and asyncio runs whenever it turns."""
    loop = WindowLoop(app, already_running=already_running)
    asyncio.set_event_loop(loop)
    return loop
