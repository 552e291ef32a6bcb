"""A long piece of the chat's rendering and the paint of it are two turns of the loop,
not one: what comes in meanwhile (the network, the keyboard and the mouse, read from
their sockets) is served in between, after one of them, not after both."""

from __future__ import annotations

import socket
import time

from PySide6.QtCore import QEvent, QObject, QSocketNotifier

from gns3_copilot_desktop.ui import loop_turn


class Seen(QObject):
    """Records the chat's paints."""

    def __init__(self, events: list[str]) -> None:
        super().__init__()
        self.events = events

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.Paint:
            self.events.append("paint")
        return False


def test_what_comes_in_during_a_long_piece_of_rendering_is_served_before_its_paint(app):
    window = app.window
    app.qtbot.wait(300)  # the window painted and settled
    events: list[str] = []
    seen = Seen(events)
    app.qtbot.wait(0)
    from PySide6.QtWidgets import QApplication

    QApplication.instance().installEventFilter(seen)  # any widget of the window painted
    near, far = socket.socketpair()  # as the network or the display server would
    notifier = QSocketNotifier(near.fileno(), QSocketNotifier.Type.Read)
    notifier.activated.connect(lambda: (near.recv(1), events.append("came in")))

    def piece() -> None:
        """The chat's rendering (a block of an answer parsed, say): it changes what is
        on screen, and takes longer than a turn's budget; meanwhile something comes in."""
        window.chat.widget().update()
        end = time.perf_counter() + 3 * loop_turn.PAINT_APART_MS / 1000
        while time.perf_counter() < end:
            pass
        far.send(b"x")

    timer = loop_turn.slice_timer(None, piece)
    try:
        timer.start()
        try:
            app.wait(lambda: "came in" in events and "paint" in events, what="the paint and the input")
        except Exception:
            raise AssertionError(events)
        assert events.index("came in") < events.index("paint"), events
    finally:
        notifier.setEnabled(False)
        QApplication.instance().removeEventFilter(seen)
        near.close()
        far.close()


def test_the_window_is_painted_while_the_chat_renders_for_long(app, monkeypatch):
    """A chat with rendering left turn after turn (a long page drawn, a firehose) in
    slices longer than the paint-apart mark: the window's paint waits for the chat's
    frame (50 ms at most) and a turn after a long slice, but it comes; with the two
    taking turns, nothing was painted until the chat was done."""
    window = app.window
    app.qtbot.wait(300)
    paints: list[float] = []

    class Painted(QObject):
        def eventFilter(self, watched, event) -> bool:  # noqa: N802 - Qt's name
            if event.type() == QEvent.Type.Paint:
                paints.append(time.perf_counter())
            return False

    seen = Painted()
    monkeypatch.setattr(window.chat, "pending", lambda: 1)

    def piece() -> None:
        window.chat.widget().update()
        end = time.perf_counter() + 1.5 * loop_turn.PAINT_APART_MS / 1000
        while time.perf_counter() < end:
            pass
        timer.start()

    timer = loop_turn.slice_timer(None, piece)
    from PySide6.QtWidgets import QApplication

    QApplication.instance().installEventFilter(seen)  # any widget of the window painted
    try:
        timer.start()
        started = time.perf_counter()
        app.qtbot.wait(1500)
        timer.stop()
    finally:
        timer.stop()
        QApplication.instance().removeEventFilter(seen)
    gaps = [b - a for a, b in zip([started, *paints], [*paints, time.perf_counter()])]
    assert len(paints) >= 5 and max(gaps) < 0.5, (len(paints), max(gaps))
