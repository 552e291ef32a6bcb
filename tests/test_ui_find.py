"""Ctrl+F in the real window, as a browser's or an editor's find: every occurrence is
counted and visited in order (several in one tool card too), each selected exactly,
also in a tool result whose monospace lines the card wraps itself, and only one at a
time: nothing stays selected when the query changes or the bar closes."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextCursor
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QLabel, QPlainTextEdit, QTextEdit

from gns3_copilot_desktop.protocol.translation import number

NARROW = 780  # the chat is ~400 px wide: the topology's project_id line wraps


def topology(app, width: int = 1280):
    app.sign_in_demo()
    app.choose("OSPF Lab")
    app.window.resize(width, 800)
    app.send("Show me the topology")
    app.finish_turn()
    app.settle(0.2)
    return app.window.chat


def open_find(app):
    app.window.activateWindow()
    app.window.chat.setFocus()
    QTest.keyClick(app.window, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    find = app.window.companion.find_bar
    app.wait(find.isVisible, what="the find bar")
    return find


def selections(chat) -> list[tuple[object, str, int]]:
    """Every selection anywhere in the conversation: (widget, text, where it starts)."""
    found = []
    for label in chat.findChildren(QLabel):
        if label.hasSelectedText():
            found.append((label, label.selectedText(), label.selectionStart()))
    for edit in [*chat.findChildren(QTextEdit), *chat.findChildren(QPlainTextEdit)]:
        cursor = edit.textCursor()
        if cursor.hasSelection():
            found.append((edit, cursor.selectedText(), cursor.selectionStart()))
    return found


def occurrences_before(widget, start: int, query: str) -> int:
    """How many occurrences a widget shows before a position (labels: as wrapped on
    screen; documents: found by the document, a table's cells one by one)."""
    if isinstance(widget, QLabel):
        return QLabel.text(widget)[:start].lower().count(query)
    count, cursor = 0, QTextCursor(widget.document())
    while not (cursor := widget.document().find(query, cursor)).isNull() and cursor.selectionStart() < start:
        count += 1
    return count


def item_of(chat, widget) -> int:
    """The transcript index of the message or card a widget is in."""
    shown = chat.widgets()
    while widget not in shown:
        widget = widget.parentWidget()
    return chat.first_shown + shown.index(widget)


def in_view(chat, widget) -> bool:
    top = widget.mapTo(chat.viewport(), widget.rect().topLeft()).y()
    return top < chat.viewport().height() and top + widget.height() > 0


def test_the_highlight_is_exactly_the_query_in_a_wrapped_tool_result(app):
    chat = topology(app, NARROW)
    card = app.cards()[0]
    assert QLabel.text(card.preview) != card.preview.text()  # the card broke its lines itself
    find = open_find(app)
    for query, shown in (("dynamips", "dynamips"), ("R2", "R2"), ("DYNAMIPS", "dynamips"), ("5228-98d2", "5228-98d2")):
        find.box.setText(query)
        chosen = selections(chat)
        assert [(widget, text) for widget, text, _ in chosen] == [(card.preview, shown)], (query, chosen)


def test_the_count_is_of_occurrences_in_everything_the_chat_shows(app):
    chat = topology(app)
    find = open_find(app)
    items = app.presenter.transcript.items
    call = app.presenter.transcript.items[2]
    # In the question, the first answer ("the project's topology"), the tool's name and
    # the last answer's heading.
    find.box.setText("topology")
    assert find.count.text() == "1 of 4"
    # Four routers in the tool's result, four rows of the answer's table.
    find.box.setText("dynamips")
    assert call.output.count("dynamips") == 4
    assert find.count.text() == "1 of 8"
    # Lower or upper case, the same occurrences.
    expected = sum(getattr(i, "text", "").lower().count("r2") for i in items) + call.output.lower().count("r2")
    find.box.setText("r2")
    assert find.count.text() == f"1 of {expected}" and expected >= 5
    assert selections(chat) and len(selections(chat)) == 1


def test_enter_walks_every_occurrence_in_order_also_several_in_one_card(app):
    chat = topology(app, NARROW)
    find = open_find(app)
    QTest.keyClicks(find.box, "dynamips")
    visited = []
    for step in range(1, 9):
        assert find.count.text() == f"{step} of 8"
        app.settle(0.05)  # scrolled there and, for the result's end, "Show all" filled
        app.wait(lambda: len(selections(chat)) == 1, what=f"occurrence {step} selected")
        ((widget, text, start),) = selections(chat)
        assert text == "dynamips"
        assert in_view(chat, widget), step
        before = occurrences_before(widget, start, "dynamips")
        top = widget.mapTo(chat.widget(), widget.rect().topLeft()).y()
        visited.append((item_of(chat, widget), top, before, widget))
        QTest.keyClick(find.box, Qt.Key.Key_Return)
    # In reading order, none twice: the card's four (two in the preview, two more in
    # the whole result it opened), then the answer's four.
    assert [v[:3] for v in visited] == sorted(v[:3] for v in visited)
    assert len({v[:3] for v in visited}) == 8
    card = app.cards()[0]
    in_card = [v for v in visited if v[0] == item_of(chat, card)]
    assert len(in_card) == 4 and [v[3] for v in in_card[:2]] == [card.preview] * 2 and in_card[2][3] is card.full
    # Enter after the last comes back to the first; Shift+Enter and Shift+F3 go back.
    assert find.count.text() == "1 of 8"
    QTest.keyClick(find.box, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    assert find.count.text() == "8 of 8"
    QTest.keyClick(find.box, Qt.Key.Key_F3, Qt.KeyboardModifier.ShiftModifier)
    assert find.count.text() == "7 of 8"
    QTest.keyClick(find.box, Qt.Key.Key_F3)
    assert find.count.text() == "8 of 8"
    assert [w for w, _, _ in selections(chat)] == [visited[-1][3]]


def test_changing_the_query_or_closing_leaves_no_selection_anywhere(app):
    chat = topology(app, NARROW)
    find = open_find(app)
    for typed in "dynamips":  # "d", "dy", "dyn", ...: each found anew, one selected at a time
        QTest.keyClicks(find.box, typed)
        assert len(selections(chat)) == 1, (find.box.text(), selections(chat))
    QTest.keyClick(find.box, Qt.Key.Key_Backspace)
    assert len(selections(chat)) == 1 and selections(chat)[0][1] == "dynamip"
    find.box.setText("R2")
    QTest.keyClick(find.box, Qt.Key.Key_Return)
    assert len(selections(chat)) == 1
    QTest.keyClick(find.box, Qt.Key.Key_Escape)
    assert not find.isVisible() and selections(chat) == []
    find = open_find(app)
    assert len(selections(chat)) == 1  # the last query, found again
    find.box.setText("no such words anywhere")
    assert find.count.text() == "no match" and selections(chat) == []
    find.box.setText("")
    assert find.count.text() == "" and selections(chat) == []


def test_a_chat_with_more_occurrences_than_are_counted_says_so(app):
    """A one-letter query in a long chat: counted up to a thousand, not further."""
    app.sign_in_demo()
    session_id = app.demo.state.seed_bench_history(200)
    app.choose("OSPF Lab")
    app.open_chat(session_id)
    find = open_find(app)
    find.box.setText("e")
    assert find.count.text() == f"1 of {number(1000)}+"
    QTest.keyClick(find.box, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    assert find.count.text() == f"{number(1000)} of {number(1000)}+"
    assert len(selections(app.window.chat)) == 1


def test_find_shows_an_occurrence_in_messages_paged_out_far_below(app):
    """Read up to the first question of a long chat: the newest messages, far below,
    are paged out (their widgets deleted). Find makes them again and selects there."""
    from test_ui_long_chat import questions_shown, scroll_to_top_until

    app.sign_in_demo()
    session_id = app.demo.state.seed_bench_history(150)
    app.choose("OSPF Lab")
    app.open_chat(session_id)
    chat = app.window.chat
    scroll_to_top_until(app, lambda: questions_shown(app)[:1] == ["Question 1: check R2 — 检查路由器"], "the first question")
    app.settle(0.3)  # paged out after a moment
    items = app.presenter.transcript.items
    assert len(chat.widgets()) < len(items) - chat.first_shown  # some are paged out
    find = open_find(app)
    newest = next(i.text for i in reversed(items) if type(i).__name__ == "UserMessage")
    find.box.setText(newest)
    assert find.count.text() == "1 of 1"
    app.settle(0.2)
    ((widget, text, _),) = selections(chat)
    assert text == newest and in_view(chat, widget)


def test_the_count_follows_a_streaming_turn_without_moving_the_view(app):
    """Find opened while the Copilot works, at a model's pace: the count grows with what
    arrives, and the occurrence shown stays the current one."""
    app.sign_in_demo()
    app.choose("OSPF Lab")
    app.demo.state.settings.pace_s = 0.05
    app.send("Check the interface status of all devices")
    calls = app.presenter.transcript.tool_calls
    app.wait(lambda: any('"up"' in (call.output or "") for call in calls()), 20, "the first result")
    assert app.presenter.is_running
    find = open_find(app)
    find.box.setText("up")
    first = find.count.text()
    assert first.startswith("1 of ")
    app.finish_turn(60)
    app.settle(0.5)  # the last recount
    live = find.count.text()
    assert live.startswith("1 of ") and live != first
    assert len(selections(app.window.chat)) == 1
    find.box.setText("")
    find.box.setText("up")
    assert find.count.text() == live  # as many as a fresh search finds


def test_an_occurrence_in_a_whole_tool_result_is_on_screen_in_a_small_window(app):
    """The whole result is up to 30 lines tall: Find scrolled the chat to the card's top,
    and in a small window the occurrence, selected in the result's lower lines, was
    below the chat's edge, where nobody saw it."""
    chat = topology(app, 1024)
    app.window.resize(1024, 560)
    app.settle(0.2)
    find = open_find(app)
    QTest.keyClicks(find.box, "ethernet_switch")
    card = app.cards()[0]
    seen = 0
    for _ in range(6):
        app.settle(0.1)
        app.wait(lambda: len(selections(chat)) == 1, what="an occurrence selected")
        ((widget, _text, _start),) = selections(chat)
        if widget is card.full:
            seen += 1
            rect = widget.cursorRect(widget.textCursor())
            top = widget.viewport().mapTo(chat.viewport(), rect.topLeft()).y()
            assert 0 <= top and top + rect.height() <= chat.viewport().height(), (top, chat.viewport().height())
        QTest.keyClick(find.box, Qt.Key.Key_Return)
    assert seen >= 1


def test_esc_closes_find_wherever_the_focus_is_once_nothing_runs(app):
    """Esc closed Find only from its own box: after a click in the chat it did nothing
    (the window's Esc stops the Copilot, and nothing was running)."""
    topology(app)
    find = open_find(app)
    QTest.keyClicks(find.box, "R1")
    app.window.chat.setFocus()
    QTest.keyClick(app.window.chat, Qt.Key.Key_Escape)
    assert not find.isVisible()


@pytest.mark.parametrize("query, nudge", [("R1", 0), ("ethernet", 60)], ids=["in answers", "in a whole result, scrolled by hand"])
def test_find_moves_the_view_only_for_an_occurrence_out_of_sight(app, query, nudge):
    """As a browser's Find: stepping to an occurrence already in full view leaves the
    view where it is (each step jumped, to put the occurrence 40 px from the top, or to
    the top of a tool card taller than the view); one out of sight lands a third of the
    way down, with what leads up to it above. Also after the user scrolled a little."""
    chat = topology(app, 1024)
    app.window.resize(1024, 700)
    app.settle(0.2)
    find = open_find(app)
    QTest.keyClicks(find.box, query)
    bar, view = chat.verticalScrollBar(), chat.viewport().height()
    stayed = moved = 0
    for step in range(min(len(find.matches), 12)):
        if nudge and step:
            bar.setValue(bar.value() + (nudge if step % 2 else -nudge))  # the user scrolls
            app.settle(0.05)
        before = bar.value()
        QTest.keyClick(find.box, Qt.Key.Key_Return)
        app.settle(0.1)
        app.wait(lambda: len(selections(chat)) == 1, what="an occurrence selected")
        ((widget, _text, _start),) = selections(chat)
        if not isinstance(widget, (QTextEdit, QPlainTextEdit)):
            assert in_view(chat, widget)
            continue  # (a label's line is not told by Qt)
        rect = widget.cursorRect(widget.textCursor())
        top = widget.viewport().mapTo(chat.viewport(), rect.topLeft()).y()
        assert 0 <= top and top + rect.height() <= view
        was = top + bar.value() - before  # where it was on screen before the step
        if 0 <= was and was + rect.height() <= view:
            assert bar.value() == before, "an occurrence in view moved the view"
            stayed += 1
        else:
            assert abs(top - view // 3) <= 2 or bar.value() in (0, bar.maximum()), (top, view)
            moved += 1
    assert stayed and (moved or nudge), (stayed, moved)  # (scrolled by hand, each is in sight)
