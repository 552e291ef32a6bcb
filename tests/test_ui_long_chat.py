"""A long chat opens on its newest page (the controller's `?limit=`), whatever its size;
older messages come when the user scrolls up to them, and what this app recorded of its
turns lands on the right turn, never on the first turn of a page."""

from __future__ import annotations

from gns3_copilot_desktop.controller_sim.faults import Faults
from gns3_copilot_desktop.presenter.chats import FIRST_PAGE
from gns3_copilot_desktop.ui.chat_parts import NoticeLine, UserBubble

INTERFACES = "Check the interface status of all devices"


def questions_shown(app) -> list[str]:
    return [w.label.text() for w in app.window.chat.widgets() if isinstance(w, UserBubble)]


def seed(controller, messages: int) -> str:
    """A chat of `messages` messages in the first project: question, call, result, answer."""
    return controller.state.seed_bench_history(messages)


def scroll_to_top_until(app, predicate, what: str) -> None:
    bar = app.window.chat.verticalScrollBar()
    for _ in range(200):
        if predicate():
            return
        bar.setValue(bar.minimum())
        app.settle(0.05)
    chat = app.window.chat
    raise AssertionError(f"scrolling up never showed {what}: {questions_shown(app)[:1]} first={chat.first_shown} older={app.presenter.older_pending} bar={bar.value()}/{bar.maximum()} button={chat.earlier.text()!r}")


def test_a_long_chat_opens_on_its_newest_page_and_shows_older_ones_when_scrolled_up(app):
    app.sign_in_demo()
    session_id = seed(app.demo, FIRST_PAGE * 3)  # 150 turns
    app.choose("OSPF Lab")
    app.open_chat(session_id)
    shown = questions_shown(app)
    assert shown and shown[-1].startswith("Question 150:")
    # Only the newest page was fetched: the oldest question is not in the chat yet.
    assert not any(i.text.startswith("Question 1:") for i in app.presenter.transcript.items if hasattr(i, "text"))
    assert app.window.chat.earlier.isVisible()

    scroll_to_top_until(app, lambda: questions_shown(app)[:1] == ["Question 1: check R2 — 检查路由器"], "the first question")
    assert not app.presenter.older_pending and not app.window.chat.earlier.isVisible()
    # In order, none twice; those far below are paged out (drawn again when scrolled to).
    numbers = [int(q.split(":")[0].split()[1]) for q in questions_shown(app)]
    assert numbers[0] == 1 and numbers == sorted(set(numbers))
    users = [i.text for i in app.presenter.transcript.items if type(i).__name__ == "UserMessage"]
    assert [int(u.split(":")[0].split()[1]) for u in users] == list(range(1, 151))


def test_the_wheel_turned_up_at_the_top_brings_older_messages(app):
    """At the top the scroll bar cannot move: the wheel itself asks for the older page
    (a view left at the top by a late layout was stuck there before)."""
    from PySide6.QtCore import QPoint, QPointF, Qt
    from PySide6.QtGui import QWheelEvent
    from PySide6.QtWidgets import QApplication

    app.sign_in_demo()
    session_id = seed(app.demo, FIRST_PAGE * 3)
    app.choose("OSPF Lab")
    app.open_chat(session_id)
    chat = app.window.chat
    chat._stick_to_bottom = False
    chat.verticalScrollBar().blockSignals(True)  # at the top, without the scroll asking
    chat.verticalScrollBar().setValue(0)
    chat.verticalScrollBar().blockSignals(False)
    first = chat.first_shown
    assert first > 0
    centre = QPointF(chat.viewport().rect().center())
    wheel = QWheelEvent(
        centre, QPointF(chat.viewport().mapToGlobal(centre.toPoint())), QPoint(0, 0), QPoint(0, 120),
        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False,
    )
    QApplication.sendEvent(chat.viewport(), wheel)
    app.settle(0.1)
    assert chat.first_shown < first


def test_a_question_asked_in_a_chat_opened_on_its_newest_page_goes_after_the_whole_chat(app):
    app.sign_in_demo()
    session_id = seed(app.demo, FIRST_PAGE * 2)
    app.choose("OSPF Lab")
    app.open_chat(session_id)
    assert app.presenter.older_pending
    app.send("What is the OSPF state?")
    assert app.window.composer.edit.toPlainText() == ""
    # The question waits for the rest of the chat (send_when_whole): until then the
    # chat as opened, done already, would pass for the answered one (on a slow machine
    # the wait below had ended before the question was even sent).
    def asked() -> list[str]:
        return [i.text for i in app.presenter.transcript.items if type(i).__name__ == "UserMessage"]

    app.wait(lambda: asked()[-1:] == ["What is the OSPF state?"], 30, "the question to be sent")
    app.finish_turn(30)
    app.wait(lambda: not app.presenter.is_running and app.presenter.transcript.state.value == "done", 30, "the answer")
    users = asked()
    assert users[0].startswith("Question 1:") and users[-1] == "What is the OSPF state?"
    assert len(users) == FIRST_PAGE * 2 // 4 + 1


def test_a_limit_stop_recorded_in_an_old_turn_stays_on_that_turn_when_the_chat_is_long(app):
    """The record names its turn by its place in the whole chat: a page that starts
    later must not put it on the page's first question."""
    from gns3_copilot_desktop.controller_sim import DemoController

    upstream = DemoController(behave="upstream", pace_s=0.01, heartbeat_s=0.2, ping_s=0.5).start()
    try:
        creds = upstream.credentials
        assert app.run(app.presenter.sign_in(creds.url, creds.username, creds.password, remember=False))
        app.choose("OSPF Lab")
        app.window.limits.unlimited.setChecked(False)
        app.window.limits.tool_calls.setValue(2)
        app.send(INTERFACES)
        app.finish_turn(30)
        session_id = app.presenter.session_id
        live_notices = [w.label.text() for w in app.window.chat.widgets() if isinstance(w, NoticeLine)]
        assert live_notices == ["Tool call limit reached: 2 of 2 tool calls used (enforced by this app)."]
        # The chat goes on elsewhere (another client): many more turns after this one.
        upstream.state.settings.faults = Faults()
        session = next(s for by_user in upstream.state.sessions._sessions.values() for s in by_user.values()
                       if s.thread_id == session_id)
        for n in range(FIRST_PAGE):
            session.add_message(role="user", content=f"Later question {n}")
            session.add_message(role="assistant", content=f"Later answer {n}")

        app.presenter.new_chat()
        app.open_chat(session_id)
        app.wait(lambda: not app.presenter.older_pending, 20, "the whole chat, which this app has a record of")
        t = app.presenter.transcript
        assert len(t.limit_notices()) == 1
        users = [i for i in t.items if type(i).__name__ == "UserMessage"]
        assert users[0].text == INTERFACES and users[1].text == "Later question 0"
        notice_at = next(n for n, i in enumerate(t.items) if type(i).__name__ == "InfoNotice")
        assert users[0].index < notice_at < users[1].index
        assert not t.dropped_records
        app.run(app.presenter.shutdown(), 10)
    finally:
        upstream.stop()


def test_switching_away_from_a_big_chat_deletes_all_its_widgets_a_slice_at_a_time(app):
    from PySide6.QtWidgets import QWidget

    from gns3_copilot_desktop.ui.tool_card import ToolCallCard

    app.sign_in_demo()
    app.choose("OSPF Lab")
    app.send("/bench-stream 200 40 1")  # 40 cards and an answer
    app.finish_turn(30)
    content = app.window.chat.widget()
    assert len(app.presenter.transcript.tool_calls()) == 40 and content.findChildren(ToolCallCard)
    before = len(content.findChildren(QWidget))
    app.presenter.new_chat()
    assert app.window.chat.widgets() == []  # the new chat shows at once
    app.wait(lambda: not content.findChildren(ToolCallCard), 10, "the old chat's cards deleted")
    assert len(content.findChildren(QWidget)) < before / 4  # nothing of the old chat is kept


def test_a_long_live_chat_keeps_widgets_only_near_the_view_and_draws_old_turns_again_when_scrolled_back(app):
    from gns3_copilot_desktop.ui.chat_parts import AssistantMessage
    from gns3_copilot_desktop.ui.tool_card import ToolCallCard

    app.sign_in_demo()
    app.choose("OSPF Lab")
    for n in range(12):
        app.send(f"Check the interface status of all devices, round {n}")
        app.finish_turn(30)
    content = app.window.chat.widget()
    cards_everywhere = len(app.presenter.transcript.tool_calls())
    app.wait(lambda: len(content.findChildren(ToolCallCard)) < cards_everywhere / 2, 10, "old turns paged out")
    newest = app.window.chat.widgets()[-1]  # the last answer, in view (its question may be screens above)
    assert isinstance(newest, AssistantMessage) and newest.view.text() == app.presenter.transcript.items[-1].text
    assert not any(q.endswith("round 0") for q in questions_shown(app))

    bar = app.window.chat.verticalScrollBar()
    scroll_to_top_until(app, lambda: bool(questions_shown(app)) and questions_shown(app)[0].endswith("round 0"), "the first turn")
    first_answer = next(w for w in app.window.chat.widgets() if isinstance(w, AssistantMessage))
    assert first_answer.view.text() == app.presenter.transcript.items[first_answer_index(app)].text
    assert bar.value() == bar.minimum()


def first_answer_index(app) -> int:
    return next(n for n, i in enumerate(app.presenter.transcript.items) if type(i).__name__ == "AssistantText")


def _long_chat_scrolled_up(app):
    app.sign_in_demo()
    session_id = seed(app.demo, FIRST_PAGE * 3)
    app.choose("OSPF Lab")
    app.open_chat(session_id)
    chat = app.window.chat
    chat.verticalScrollBar().setValue(0)  # the user scrolls to the top: an older page comes, the view is held
    app.settle(0.2)
    return chat


def test_a_question_asked_after_show_earlier_is_brought_into_view(app):
    """Held in place after Show earlier messages, the view lets go when the user asks
    something: it goes to the question just asked, and follows its answer (before, it
    stayed up there and offered Jump to latest: the question went unseen)."""
    from PySide6.QtCore import QPoint

    chat = _long_chat_scrolled_up(app)
    bar = chat.verticalScrollBar()
    assert bar.value() < bar.maximum() - 100
    app.demo.state.settings.pace_s = 0.05
    app.send("Show me the topology")
    app.wait(lambda: app.presenter.is_running, what="the turn to start")
    app.settle(0.2)
    question = [w for w in chat.widgets() if type(w).__name__ == "UserBubble"][-1]
    top = question.mapTo(chat.viewport(), QPoint(0, 0)).y()
    assert top + question.height() > 0 and top < chat.viewport().height(), "the question just asked is in view"
    assert not chat.jump.isVisible()
    app.finish_turn(30)
    assert bar.value() >= bar.maximum() - 24  # following the answer to its end


def test_find_shows_a_match_in_older_messages(app):
    """Ctrl+F on a match above the messages shown: the older ones are made, laid out,
    and the match is in view (it was left below the view, held at the old place)."""
    chat = _long_chat_scrolled_up(app)
    find = app.window.companion.find_bar
    find.open(app.presenter.transcript, "Question 120:")
    app.settle(0.3)
    assert find.matches
    index = find.matches[find.current].item
    widget = chat.widgets()[index - chat.first_shown]
    top = widget.mapTo(chat.viewport(), widget.rect().topLeft()).y()
    assert 0 <= top < chat.viewport().height(), (top, chat.viewport().height())
