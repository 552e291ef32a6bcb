"""How often the chat re-renders while an answer streams: at a model's pace, every tenth
of a second; when the answer pours in faster than the window can show it, as often as
the window can afford, counting all a frame costs it (its update, every slice of work
that follows, the layout and the paint); and the window answers keys and Stop meanwhile."""

from __future__ import annotations

import statistics
import time

from PySide6.QtCore import QCoreApplication, QEvent, Qt
from PySide6.QtGui import QKeyEvent

from gns3_copilot_desktop.presenter import turns
from gns3_copilot_desktop.ui import loop_turn


def stream_frames(app, message: str) -> list[float]:
    """Send `message` and return when each frame of its answer was rendered (the frame
    of the question and the turn's last one, made when it ends, left out)."""
    times: list[float] = []
    app.presenter.transcript_changed.connect(lambda _: times.append(time.perf_counter()))
    app.send(message)
    app.wait(lambda: not app.presenter.is_running, 60, "the stream to end")
    return times[1:-1]


def gaps(times: list[float]) -> list[float]:
    return [b - a for a, b in zip(times, times[1:])]


def test_an_answer_at_a_models_pace_is_shown_every_tenth_of_a_second(app):
    app.demo.state.settings.pace_s = 0.05  # about what a model streams
    app.sign_in_demo()
    app.choose("OSPF Lab")
    frames = stream_frames(app, "What can you do?")  # its help: 70 pieces of a few words, 3.5 s
    assert len(frames) >= 15
    assert statistics.median(gaps(frames)) <= 0.15, gaps(frames)


def test_an_answer_at_a_models_pace_is_not_handed_back_to_qt_piece_by_piece(app, monkeypatch):
    """Each piece of an answer at a model's pace comes after a wait, in which Qt has had
    its turns: the stream hands the loop back to Qt only when it has kept it busy (a
    firehose, see the test below). It did after every piece, a turn of the loop each for
    nothing: 300 of a typical turn's 1,400."""
    import asyncio
    import sys

    handed_back = []
    sleep = asyncio.sleep

    def counted(delay, *args, **kwargs):
        if delay == 0 and sys._getframe(1).f_code.co_name == "_run_turn":
            handed_back.append(delay)
        return sleep(delay, *args, **kwargs)

    monkeypatch.setattr(asyncio, "sleep", counted)
    app.demo.state.settings.pace_s = 0.05
    app.sign_in_demo()
    app.choose("OSPF Lab")
    frames = stream_frames(app, "What can you do?")  # 70 pieces of a few words, 3.5 s
    assert len(frames) >= 15
    # (A few, as a busy machine may hold one piece for more than a millisecond.)
    assert len(handed_back) <= 15, f"handed back to Qt {len(handed_back)} times in {len(frames)} frames"


def test_a_chat_that_follows_a_stream_pages_twice_a_second_and_at_once_when_the_reader_scrolls(app, monkeypatch):
    """Following a stream's end, nothing comes into view from above: the chat pages
    its far groups out every half second, not 100 ms after every frame (a turn of the
    loop in seven of a typical turn). Scrolled up by the reader meanwhile, it pages
    within 100 ms, the half second waiting then brought forward."""
    from gns3_copilot_desktop.ui import chat_view

    paged: list[float] = []
    page = chat_view.ChatView._page

    def counted(self) -> None:
        paged.append(time.perf_counter())
        page(self)

    monkeypatch.setattr(chat_view.ChatView, "_page", counted)
    app.demo.state.settings.pace_s = 0.1  # (slower than a model: time to scroll during it)
    app.sign_in_demo()
    app.choose("OSPF Lab")
    app.window.resize(900, 380)  # (the answer taller than the view: 150 pixels)
    chat = app.window.chat
    bar = chat.verticalScrollBar()
    frames: list[float] = []
    app.presenter.transcript_changed.connect(lambda _: frames.append(time.perf_counter()))
    app.send("What can you do?")  # 70 pieces of a few words, 7 s
    # Outgrown for good: the chat's content taller than the view (a range that comes
    # and goes as a line is made room for, a moment before the layout, is not it).
    app.wait(lambda: chat.widget().height() > chat.viewport().height() + 20 and len(frames) >= 8, 20,
             "the answer to outgrow the view")
    app.settle(1.2)  # following its end
    following = [t for t in paged if frames[1] <= t <= frames[-1]]
    assert app.presenter.is_running, "the answer ended before the reader scrolled"
    assert len(following) <= (frames[-1] - frames[1]) / 0.5 + 2, (len(following), len(frames))  # twice a second
    # The reader scrolls up while it streams.
    paged.clear()
    scrolled = time.perf_counter()
    bar.setValue(0)
    app.wait(lambda: bool(paged), 2, "the chat to page")
    assert paged[0] - scrolled < 0.25
    app.wait(lambda: not app.presenter.is_running, 20, "the stream to end")


def test_frames_whose_slices_cost_40_ms_are_shown_a_few_times_a_second(app):
    """Any slice of the window's counts in what a frame costs (MarkdownView's and the
    lazy blocks' as ChatView's): frames followed by 40 ms of slices come about 270 ms
    apart, rendering a seventh of the time, not every 100 ms (40 % of it)."""
    app.sign_in_demo()
    app.choose("OSPF Lab")
    # Work the window does after each frame, in a slice, as the Markdown of a long
    # answer is cut into blocks.
    after_frame = loop_turn.slice_timer(None, lambda: time.sleep(0.04))
    app.presenter.transcript_changed.connect(lambda _: after_frame.start())
    frames = stream_frames(app, "/bench-stream 20000 0 1")  # a firehose: 1 MB of Markdown
    # The first frame of the answer comes within STREAM_FRAME_MS of the question's.
    paced = gaps(frames)[1:]
    assert paced, frames
    # (The median: a frame after a pause of the stream, which a busy machine may make,
    # comes sooner, as it should: what was rendered during a pause is no frame's cost.)
    assert statistics.median(paced) >= 0.04 / turns.RENDER_SHARE * 0.9, paced


def test_a_firehose_leaves_the_window_answering_keys_and_stop(app):
    app.sign_in_demo()
    app.choose("OSPF Lab")
    app.send("/bench-stream 20000 0 1")
    edit = app.window.composer.edit
    app.wait(lambda: bool(app.presenter.transcript.assistant_text()), 20, "the answer to start")
    # Keys as the window system delivers them: through the event loop the stream keeps busy.
    for key, text in ((Qt.Key.Key_H, "h"), (Qt.Key.Key_I, "i")):
        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            QCoreApplication.postEvent(edit, QKeyEvent(kind, key, Qt.KeyboardModifier.NoModifier, text))
    app.wait(lambda: edit.toPlainText() == "hi" or not app.presenter.is_running, 20, "the keys")
    assert app.presenter.is_running, "the keys were answered only once the stream had ended"
    assert edit.toPlainText() == "hi"
    app.press(edit, Qt.Key.Key_Escape)
    app.wait(lambda: not app.presenter.is_running, 10, "Esc to stop the turn")
    assert len(app.presenter.transcript.assistant_text()) < 900_000  # stopped, not run to its end
    assert edit.toPlainText() == "hi"  # the draft is kept


def test_a_question_sent_as_a_firehose_ends_is_shown_at_once(app):
    """A firehose's frames come up to half a second apart; the question sent next is
    shown within a frame, not paced as that stream was."""
    app.sign_in_demo()
    app.choose("OSPF Lab")
    stream_frames(app, "/bench-stream 20000 0 1")
    shown: list[float] = []
    app.presenter.transcript_changed.connect(lambda _: shown.append(time.perf_counter()))
    sent = time.perf_counter()
    app.send("What can you do?")
    app.wait(lambda: bool(shown), 5, "the question to be shown")
    assert shown[0] - sent < 0.1, shown[0] - sent
    app.finish_turn()
