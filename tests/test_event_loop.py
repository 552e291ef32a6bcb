"""The window's asyncio loop (event_loop.py): qasync's, with one notifier kept for each
socket and one queue for the callbacks due now. Run on the tests' loop, which the
conftest makes as the app does."""

from __future__ import annotations

import asyncio
import socket

import pytest
import qasync
from PySide6.QtCore import QSocketNotifier, QTimer

from gns3_copilot_desktop import event_loop
from gns3_copilot_desktop.event_loop import WindowLoop


def run(qtbot, coro, timeout_ms: int = 10_000):
    task = asyncio.ensure_future(coro)
    qtbot.waitUntil(task.done, timeout=timeout_ms)
    return task.result()


async def read_in_turns(rounds: int, pair: tuple[socket.socket, socket.socket] | None = None) -> bytes:
    """What httpx's streams do for each read (anyio switches reading on before it and
    off after it): switched off, a byte sent, switched on, the byte read. Closes both."""
    a, b = pair or socket.socketpair()
    reader, writer = await asyncio.open_connection(sock=a)
    got = b""
    try:
        for i in range(rounds):
            writer.transport.pause_reading()
            b.send(bytes([65 + i % 26]))
            writer.transport.resume_reading()
            got += await asyncio.wait_for(reader.readexactly(1), 5)
    finally:
        writer.close()
        b.close()
    return got


def test_the_tests_run_on_the_apps_loop(qloop):
    assert isinstance(qloop, WindowLoop)
    assert asyncio.get_event_loop() is qloop


def test_a_socket_read_in_turns_keeps_one_notifier_and_loses_nothing(qloop, qtbot, monkeypatch):
    """qasync made, connected and dropped a new QSocketNotifier each time reading was
    switched on: for every piece of a streamed answer."""
    made = []

    class Counted(QSocketNotifier):
        def __init__(self, *args):
            super().__init__(*args)
            made.append(self)

    monkeypatch.setattr(event_loop, "QSocketNotifier", Counted)
    monkeypatch.setattr(qasync.QtCore, "QSocketNotifier", Counted)
    got = run(qtbot, read_in_turns(200))
    assert got == bytes(65 + i % 26 for i in range(200))
    assert len(made) <= 2, f"{len(made)} notifiers made for 200 reads"


def test_a_new_socket_given_a_closed_ones_number_is_read(qloop, qtbot):
    """The notifier kept for a number serves the next socket that gets it."""
    first = socket.socketpair()
    number = first[0].fileno()
    assert run(qtbot, read_in_turns(3, first)) == b"ABC"
    qtbot.wait(50)  # the transport closes its socket on the loop's next turn
    second = socket.socketpair()
    if second[0].fileno() != number:
        second = second[::-1]
    if second[0].fileno() != number:
        for sock in second:
            sock.close()
        pytest.skip("the system gave the new sockets other numbers")
    assert run(qtbot, read_in_turns(30, second)) == bytes(65 + i % 26 for i in range(30))


def test_a_reader_switched_off_is_not_called_and_a_replaced_one_is_not_called_again(qloop, qtbot):
    a, b = socket.socketpair()
    a.setblocking(False)
    calls: list[str] = []
    try:
        qloop.add_reader(a.fileno(), lambda: calls.append("first"))
        qloop.add_reader(a.fileno(), lambda: (calls.append("second"), a.recv(10)))
        b.send(b"x")
        qtbot.waitUntil(lambda: bool(calls), timeout=5000)
        assert qloop.remove_reader(a.fileno()) is True
        assert qloop.remove_reader(a.fileno()) is False
        b.send(b"y")
        qtbot.wait(100)
        assert calls == ["second"]
    finally:
        qloop.remove_reader(a.fileno())
        a.close()
        b.close()


def test_what_a_socket_read_wakes_runs_in_the_same_turn_of_qts_loop(qloop, qtbot):
    """A read that wakes a task (the stream's data for the reader of a streamed
    answer) runs it at once, as asyncio's own loop does after its poll: through the
    0 ms timer, every piece of an answer took a turn of Qt's loop of its own. What that
    task then asks for still waits for the next turn (see the test after)."""
    from PySide6.QtCore import QAbstractEventDispatcher

    turns = [0]

    def turned() -> None:
        turns[0] += 1

    dispatcher = QAbstractEventDispatcher.instance()
    dispatcher.aboutToBlock.connect(turned)
    a, b = socket.socketpair()
    a.setblocking(False)
    seen: list[tuple[str, int]] = []

    def readable() -> None:
        a.recv(10)
        seen.append(("read", turns[0]))
        qloop.call_soon(lambda: seen.append(("woken", turns[0])))

    try:
        qloop.add_reader(a.fileno(), readable)
        for sent in range(1, 6):
            b.send(b"x")
            qtbot.waitUntil(lambda: len(seen) == 2 * sent, timeout=5000)  # noqa: B023
            qtbot.wait(5)
    finally:
        dispatcher.aboutToBlock.disconnect(turned)
        qloop.remove_reader(a.fileno())
        a.close()
        b.close()
    reads = [turn for what, turn in seen if what == "read"]
    woken = [turn for what, turn in seen if what == "woken"]
    assert len(reads) == len(woken) == 5, seen
    assert woken == reads, f"(read, woken) in turns of the loop: {seen}"


def test_callbacks_run_in_the_order_asked_for_and_a_cancelled_one_not_at_all(qloop, qtbot):
    ran: list[int] = []
    for i in range(5):
        handle = qloop.call_soon(ran.append, i)
        if i == 2:
            handle.cancel()
    qloop.call_later(0, ran.append, 5)
    qtbot.waitUntil(lambda: len(ran) == 5, timeout=5000)
    qtbot.wait(20)
    assert ran == [0, 1, 3, 4, 5]


def test_a_failing_callback_is_reported_and_the_next_ones_run(qloop, qtbot):
    reported: list[dict] = []
    ran: list[str] = []
    previous = qloop.get_exception_handler()
    qloop.set_exception_handler(lambda loop, context: reported.append(context))
    try:
        def fail() -> None:
            raise RuntimeError("from a callback")

        qloop.call_soon(fail)
        qloop.call_soon(ran.append, "after")
        qtbot.waitUntil(lambda: bool(ran and reported), timeout=5000)
    finally:
        qloop.set_exception_handler(previous)
    assert isinstance(reported[0]["exception"], RuntimeError)
    assert ran == ["after"]


def test_a_task_that_yields_lets_qt_in_between(qloop, qtbot):
    """Callbacks added by a running callback wait for Qt's next turn, as in asyncio:
    a long task that yields with `sleep(0)` does not hold the window (a timer here, a
    paint or a key press in the app) until it is done."""
    steps: list[str] = []
    QTimer.singleShot(0, lambda: steps.append("qt"))

    async def yielding() -> None:
        for _ in range(50):
            steps.append("task")
            await asyncio.sleep(0)

    run(qtbot, yielding())
    assert "qt" in steps and steps.index("qt") < 10, steps[:12]


def test_a_timer_runs_not_before_its_time_and_a_cancelled_one_never(qloop, qtbot):
    """httpx sets a read timeout for each read and cancels it when the read is done:
    qasync's timers went off anyway, seconds later, and Qt kept them all waiting."""
    ran: list[float] = []
    kept = qloop.call_later(0.03, lambda: ran.append(qloop.time()))
    cancelled = [qloop.call_later(0.01 + i / 1000, ran.append, -1.0) for i in range(200)]
    for handle in cancelled:
        handle.cancel()
    assert len(qloop._later.due) == 1  # the Qt timers of the cancelled ones are gone
    qtbot.waitUntil(lambda: bool(ran), timeout=5000)
    qtbot.wait(300)
    assert ran[0] >= kept.when() and ran == ran[:1]
    assert qloop._later.due == {}


def test_a_socket_closed_before_it_is_let_go_is_let_go(qloop, qtbot):
    """anyio's raw sockets close a socket, then remove its reader by the socket itself,
    whose fileno() is then -1. Left on, the old callback woke for the next socket given
    the same number, without end (16,696 times in 50 ms, seen by the review)."""
    a, b = socket.socketpair()
    number = a.fileno()
    calls: list[int] = []
    qloop.add_reader(a, lambda: calls.append(1))
    a.close()
    assert qloop.remove_reader(a) is True
    b.close()
    c, d = socket.socketpair()
    try:
        d.send(b"x")
        c.send(b"x")
        qtbot.wait(50)
        assert calls == [], f"the old callback ran {len(calls)} times (new sockets: {c.fileno()}, {d.fileno()}; old {number})"
        with pytest.raises(ValueError):
            qloop.add_reader(a, lambda: None)
    finally:
        c.close()
        d.close()


def test_a_qt_loop_run_inside_a_callback_holds_no_other_callback(qloop, qtbot):
    """A modal dialog's exec() inside a callback runs a Qt loop of its own: the
    callbacks asked for meanwhile still run, as with a timer for each."""
    from PySide6.QtCore import QEventLoop

    ticks: list[int] = []
    during: list[int] = []

    def tick() -> None:
        ticks.append(1)
        if len(ticks) < 1000:
            qloop.call_soon(tick)

    def nested() -> None:
        inner = QEventLoop()
        QTimer.singleShot(150, inner.quit)
        qloop.call_soon(tick)
        inner.exec()
        during.append(len(ticks))

    qloop.call_soon(nested)
    qtbot.waitUntil(lambda: bool(during), timeout=5000)
    assert during[0] > 10, f"{during[0]} callbacks ran in 150 ms of a dialog's loop"


def test_a_wait_longer_than_qt_timers_take_is_a_timeout_not_an_error(qloop, qtbot):
    async def long_sleep() -> str:
        try:
            await asyncio.wait_for(asyncio.sleep(1e7), 0.05)
        except TimeoutError:
            return "timed out"
        return "slept"

    assert run(qtbot, long_sleep()) == "timed out"
    handle = qloop.call_later(float("inf"), lambda: None)
    handle.cancel()
