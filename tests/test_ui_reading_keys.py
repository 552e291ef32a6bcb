"""Reading a long chat with the keyboard and the pointer, in the real window against
the reference controller: Tab enters the conversation at the part in view (it jumped
to the chat's first message, scrolling all the way up); after a click in an answer the
page keys, Home and End move the conversation (they did nothing); Home and End work on
the conversation itself; a link's real address shows in the status bar while the pointer
is on it; Copy during a stream says it copied the answer so far."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QGuiApplication, QTextCursor
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from gns3_copilot_desktop.controller_sim.faults import Faults
from gns3_copilot_desktop.controller_sim.hostile import Play

QUESTIONS = ["show the topology", "Check the interface status of all devices", "ping from PC1 to PC3",
             "show the topology", "Check the interface status of all devices"]


def long_chat(app):
    """Five turns at 1024x700: several screens of questions, answers and tool cards."""
    app.sign_in_demo()
    app.choose("OSPF Lab")
    app.window.resize(1024, 700)
    for question in QUESTIONS:
        app.send(question)
        app.finish_turn()
    bar = app.window.chat.verticalScrollBar()
    assert bar.maximum() > 3 * app.window.chat.viewport().height(), "a chat several screens long"
    return bar


def in_view(chat, widget) -> bool:
    viewport = chat.viewport()
    top = widget.mapTo(viewport, QPoint(0, 0)).y()
    return top < viewport.height() and top + widget.height() > 0


def test_tab_enters_the_conversation_at_the_part_in_view(app):
    bar = long_chat(app)
    chat = app.window.chat
    bar.setValue(bar.maximum() // 2)  # reading the middle of the chat
    app.settle(0.2)
    reading = bar.value()
    chat.setFocus(Qt.FocusReason.TabFocusReason)  # the "Conversation" stop
    app.press(chat, Qt.Key.Key_Tab)
    app.settle(0.1)
    focused = QApplication.focusWidget()
    assert focused is not chat and chat.isAncestorOf(focused)
    assert in_view(chat, focused), type(focused).__name__
    assert abs(bar.value() - reading) < chat.viewport().height() // 2, (reading, bar.value())
    # Shift+Tab from the message box enters from below: at the part in view too.
    bar.setValue(bar.maximum() // 3)
    app.settle(0.2)
    reading = bar.value()
    app.window.composer.edit.setFocus(Qt.FocusReason.TabFocusReason)
    app.press(app.window.composer.edit, Qt.Key.Key_Backtab)
    app.settle(0.1)
    focused = QApplication.focusWidget()
    assert chat.isAncestorOf(focused) and in_view(chat, focused), type(focused).__name__
    assert abs(bar.value() - reading) < chat.viewport().height() // 2, (reading, bar.value())


def test_page_keys_home_and_end_move_the_conversation_after_a_click_in_an_answer(app):
    from gns3_copilot_desktop.ui.markdown_block import MarkdownBlock

    bar = long_chat(app)
    chat = app.window.chat
    blocks = [b for b in chat.widget().findChildren(MarkdownBlock) if b.isVisible() and b.height() > 20]
    block = blocks[len(blocks) // 2]  # an answer half-way down the chat, brought into view
    chat.ensureWidgetVisible(block)
    app.settle(0.3)
    assert in_view(chat, block) and 0 < bar.value() < bar.maximum()
    QTest.mouseClick(block.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(5, 5))
    app.settle(0.05)
    assert QApplication.focusWidget() is block
    start = bar.value()
    app.press(block, Qt.Key.Key_PageDown)
    assert bar.value() > start, "PageDown moved the conversation"
    app.press(block, Qt.Key.Key_PageUp)
    assert bar.value() == start
    app.press(block, Qt.Key.Key_Down)
    assert bar.value() > start
    app.press(block, Qt.Key.Key_Home)
    assert bar.value() == 0
    app.settle(0.5)
    # The answer clicked in is far from view now and paged out of memory: the keyboard
    # stays with the conversation (it went nowhere, and End did nothing).
    assert QApplication.focusWidget() is not None and chat.isAncestorOf(QApplication.focusWidget()) or QApplication.focusWidget() is chat
    app.press(QApplication.focusWidget(), Qt.Key.Key_End)
    assert bar.value() == bar.maximum()
    # On the conversation itself too, with Ctrl as in a browser.
    chat.setFocus()
    app.press(chat, Qt.Key.Key_Home, Qt.KeyboardModifier.ControlModifier)
    assert bar.value() == 0
    app.press(chat, Qt.Key.Key_End)
    assert bar.value() == bar.maximum()


def test_a_link_shows_where_it_goes_while_the_pointer_is_on_it(app):
    from gns3_copilot_desktop.ui.markdown_block import MarkdownBlock

    app.sign_in_demo()
    app.choose("OSPF Lab")
    answer = "The guide is [exe.pdf](https://example.org/\u202efdp.exe) here.\n"
    app.demo.state.settings.faults = Faults(play=Play(answer=answer))
    app.send("where is the guide?")
    app.finish_turn()
    status = app.window.statusBar()
    status.showMessage("Chat saved")
    block = next(b for b in app.window.chat.widget().findChildren(MarkdownBlock) if "exe.pdf" in b.toPlainText())
    cursor = QTextCursor(block.document())
    cursor.setPosition(block.toPlainText().index("exe.pdf") + 2)
    on_link = block.cursorRect(cursor).center()
    QTest.mouseMove(block.viewport(), on_link)
    app.wait(lambda: "example.org" in status.message.text(), what="the address in the status bar")
    # The real address, its hidden reversal shown as a mark, not the link's words.
    assert status.message.text().startswith("https://example.org/") and "\u202e" not in status.message.text()
    assert "fdp.exe" in status.message.text()
    # A timed message that ends meanwhile leaves the address on show (it emptied the bar).
    status.showMessage("Saved", 100)
    app.settle(0.3)
    assert "example.org" in status.message.text()
    status.showMessage("Chat saved")
    QTest.mouseMove(block.viewport(), QPoint(on_link.x(), block.viewport().height() + 40))  # off the block
    QTest.mouseMove(app.window.composer.edit, QPoint(5, 5))
    app.wait(lambda: status.message.text() == "Chat saved", what="the bar's message back")


def test_copy_during_the_stream_says_it_copied_the_answer_so_far(app):
    from gns3_copilot_desktop.ui.chat_parts import AssistantMessage

    app.sign_in_demo()
    app.choose("OSPF Lab")
    answer = "".join(f"Line {n} of a long answer about OSPF areas.\n\n" for n in range(80))
    app.demo.state.settings.pace_s = 0.05
    app.demo.state.settings.faults = Faults(play=Play(answer=answer, piece_chars=40))
    app.send("explain OSPF areas")
    app.wait(lambda: any(isinstance(w, AssistantMessage) and w.copy.isVisible() for w in app.window.chat.widgets()),
             what="the answer to start")
    [message] = [w for w in app.window.chat.widgets() if isinstance(w, AssistantMessage)]
    assert app.presenter.is_running
    message.copy.click()
    copied = QGuiApplication.clipboard().text()
    assert copied and answer.startswith(copied) and len(copied) < len(answer)
    assert message.copy.text() == "Copied so far"
    assert "still being written" in message.copy.accessibleDescription()
    app.demo.state.settings.pace_s = 0
    app.finish_turn(30)
    app.wait(lambda: message.copy.text() == "Copy answer", timeout=5, what="the button's own words back")
    message.copy.click()
    assert QGuiApplication.clipboard().text() == answer and message.copy.text() == "Copied"
