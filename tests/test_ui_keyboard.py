"""The keyboard, as someone who does not use a mouse works: Tab goes through the window
in reading order (header, the chats on the left, the conversation column, the limits on
the right), the chat list's menu opens with Shift+F10 or the Menu key, F2 renames and
Delete deletes (asking first), the Help lists those keys, and a message sent while
reading further up brings the view to the question just asked."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QInputDialog, QMenu, QMessageBox

from gns3_copilot_desktop.controller_sim.faults import Faults


def _tab_walk(app, start, count: int, key=Qt.Key.Key_Tab) -> list:
    start.setFocus(Qt.FocusReason.OtherFocusReason)
    app.settle(0.02)
    seen = []
    for _ in range(count):
        focused = QApplication.focusWidget()
        seen.append(focused)
        app.press(focused, key)
        app.settle(0.01)
    return seen


def within(outer, widget) -> bool:
    parent = widget.parentWidget()
    while parent is not None and parent is not outer:
        parent = parent.parentWidget()
    return parent is outer


def _name(widget) -> str:
    return widget.accessibleName() or getattr(widget, "text", lambda: "")() or type(widget).__name__


def test_tab_goes_through_the_window_in_reading_order(app):
    app.sign_in_demo()
    app.choose("OSPF Lab")
    app.send("show the topology")
    app.finish_turn()
    app.window.resize(1024, 700)
    app.settle(0.2)
    window = app.window
    seen = _tab_walk(app, window.sign_out_button, 40)
    names = [_name(w) for w in seen]
    once = names[: names.index("Sign out", 1)] if "Sign out" in names[1:] else names
    fixed = ["Sign out", "Project", "New chat", "Show the chats of", "Search this project's chats", "Chats",
             "Copilot mode", "Conversation", "Message to the Copilot", "Send", "Max iterations", "Unlimited", "Preset",
             "Save as…", "More limits"]
    assert [n for n in once if n in fixed] == fixed, "\n".join(once)
    # Columns left to right; inside the conversation, what it holds in reading order.
    chat, composer = window.chat, window.composer
    inside = [w for w in seen[: len(once)] if w is not chat and within(chat, w)]
    assert inside and all(once.index(_name(w)) < once.index("Message to the Copilot") for w in inside)
    content = chat.widget()
    places = [w.mapTo(content, QPoint(0, 0)).y() for w in inside]
    assert places == sorted(places), [(_name(w), y) for w, y in zip(inside, places)]
    assert any(_name(w) == "Copy answer" for w in inside)
    assert within(composer, seen[once.index("Message to the Copilot")])
    # Shift+Tab goes back the same way (through all of the conversation above the part
    # in view, where Tab entered: see tab_order).
    back = [_name(w) for w in _tab_walk(app, window.limits.more.toggle if hasattr(window.limits.more, "toggle") else seen[len(once) - 1],
                                        len(once) + 40, Qt.Key.Key_Backtab)]
    back = back[: back.index("Sign out") + 1]
    assert [n for n in back if n in fixed] == list(reversed(fixed))


def _chats(app):
    app.sign_in_demo()
    app.choose("OSPF Lab")
    app.send("show the topology")
    app.finish_turn()
    chats = app.window.sessions.list
    chats.setFocus()
    chats.setCurrentRow(0)
    app.settle(0.05)
    return chats


def test_the_chat_list_menu_opens_from_the_keyboard(app):
    chats = _chats(app)
    for key, modifiers in ((Qt.Key.Key_F10, Qt.KeyboardModifier.ShiftModifier), (Qt.Key.Key_Menu, None)):
        app.press(chats, key, modifiers)
        app.wait(lambda: isinstance(QApplication.activePopupWidget(), QMenu), what="the chat's menu")
        menu = QApplication.activePopupWidget()
        assert [a.text() for a in menu.actions() if a.text()] == ["&Rename…", "&Pin", "&Delete…"]
        item = chats.visualItemRect(chats.currentItem())
        assert abs(menu.pos().y() - chats.viewport().mapToGlobal(item.bottomLeft()).y()) <= 2  # under the chosen chat
        menu.close()
        app.settle(0.05)
    # An item is picked by its underlined letter.
    app.press(chats, Qt.Key.Key_Menu)
    app.wait(lambda: isinstance(QApplication.activePopupWidget(), QMenu), what="the chat's menu")
    app.press(QApplication.activePopupWidget(), Qt.Key.Key_R)
    app.wait(lambda: isinstance(QApplication.activeModalWidget(), QInputDialog), what="the rename dialog")
    QApplication.activeModalWidget().reject()
    app.settle(0.05)


def test_f2_renames_and_delete_deletes_after_asking(app):
    chats = _chats(app)
    title = chats.currentItem().text()
    app.press(chats, Qt.Key.Key_F2)
    app.wait(lambda: isinstance(QApplication.activeModalWidget(), QInputDialog), what="the rename dialog")
    dialog = QApplication.activeModalWidget()
    dialog.setTextValue("OSPF topology")
    dialog.accept()
    app.wait(lambda: chats.count() and chats.item(0).text().startswith("OSPF topology"), what="the new title")
    chats.setFocus()
    chats.setCurrentRow(0)
    app.press(chats, Qt.Key.Key_Delete)
    app.wait(lambda: isinstance(QApplication.activeModalWidget(), QMessageBox), what="the question")
    box = QApplication.activeModalWidget()
    assert "OSPF topology" in box.text()
    box.reject()  # Cancel: nothing deleted
    app.settle(0.3)
    assert chats.count() == 1
    app.press(chats, Qt.Key.Key_Delete)
    app.wait(lambda: isinstance(QApplication.activeModalWidget(), QMessageBox), what="the question again")
    QApplication.activeModalWidget().delete_button.click()
    app.wait(lambda: chats.count() == 0, what="the chat deleted")
    assert title


def test_help_lists_the_chat_list_keys(app):
    box = app.window.menus.show_shortcuts()
    text = box.text()
    for keys in ("Shift+F10", "F2", "Delete"):
        assert f"<b>{keys}" in text
    box.close()


def test_a_message_sent_while_reading_further_up_brings_the_view_to_it(app):
    app.sign_in_demo()
    app.choose("OSPF Lab")
    app.window.resize(1024, 700)
    app.send("Check the interface status of all devices")
    app.finish_turn()
    bar = app.window.chat.verticalScrollBar()
    assert bar.maximum() > 300
    bar.setValue(0)  # reading the start of the answer
    app.settle(0.1)
    app.demo.state.settings.faults = Faults(slow_tools_s=1.0)  # the answer takes a while
    app.send("ping from PC1 to PC3")
    app.wait(lambda: app.presenter.is_running, what="the turn to start")
    app.settle(0.3)
    bubbles = [w for w in app.window.chat.widgets() if type(w).__name__ == "UserBubble"]
    question = bubbles[-1]
    viewport = app.window.chat.viewport()
    top = question.mapTo(viewport, QPoint(0, 0)).y()
    assert 0 <= top and top + question.height() <= viewport.height(), "the question just sent is in view"
    app.finish_turn(30)
    assert bar.value() == bar.maximum()  # and the answer followed to its end


def test_every_tab_stop_shows_that_it_has_the_keyboard(app):
    """Tabbing through a chat with an answer and a tool card: each stop looks different
    with the keyboard than without it. An answer's text, "Show all" (a flat button) and
    Send (the default button) looked the same: a keyboard user could not tell where the
    next key would go (see ui/focus_ring.py)."""
    from test_ui_find import topology

    topology(app, 1024)
    app.window.activateWindow()
    app.window.composer.edit.setFocus()
    stops = []
    for _ in range(40):
        app.press(QApplication.focusWidget(), Qt.Key.Key_Tab)
        app.settle(0.03)
        widget = QApplication.focusWidget()
        if widget is app.window.composer.edit:
            break  # round the window once
        with_keyboard = widget.grab().toImage()
        widget.clearFocus()
        app.settle(0.03)
        without = widget.grab().toImage()
        widget.setFocus(Qt.FocusReason.TabFocusReason)
        app.settle(0.03)
        stops.append((type(widget).__name__, widget.accessibleName() or widget.property("text"), with_keyboard != without))
    kinds = {kind for kind, _, _ in stops}
    assert {"MarkdownBlock", "RingedButton", "ChatView"} <= kinds, stops  # (what is tested here)
    assert [stop for stop in stops if not stop[2]] == []


def test_the_conversations_ring_costs_no_fast_scrolling(app):
    """The conversation's ring is drawn in a margin around its viewport: scrolled by a
    few pixels with the ring on, Qt still moves the pixels and paints only the strip that
    came into view (a ring laid over the viewport made it paint all of it, 49 times the
    work, in an earlier try)."""
    from PySide6.QtCore import QEvent, QObject

    from test_ui_find import topology

    from gns3_copilot_desktop.ui.lazy_markdown_block import LazyMarkdownBlock

    topology(app, 1024)
    chat = app.window.chat
    # Every answer parsed first: a block parsed at its first paint takes its real height
    # and moves what is below it, a repaint that is not the scrolling's (a CI run, where
    # the parses were behind, counted the whole viewport once).
    for block in chat.findChildren(LazyMarkdownBlock):
        block.realize(force=True)
    app.settle(0.2)
    bar = chat.verticalScrollBar()
    bar.setValue(bar.maximum() // 2)
    app.settle(0.3)
    chat.setFocus(Qt.FocusReason.TabFocusReason)
    app.settle(0.1)
    assert chat._ringed and chat.viewport().geometry().top() > 0  # the ring is on, outside the viewport

    viewport = chat.viewport()

    class Painted(QObject):
        """The area painted in the conversation (by whatever widget in it)."""

        area = 0

        def eventFilter(self, watched, event):
            if event.type() == QEvent.Type.Paint and watched.isWidgetType() and (
                    watched is viewport or viewport.isAncestorOf(watched)):
                Painted.area += sum(r.width() * r.height() for r in event.region())
            return False

    counter = Painted()
    QApplication.instance().installEventFilter(counter)
    try:
        for _ in range(5):
            bar.setValue(bar.value() + 8)
            app.settle(0.05)
    finally:
        QApplication.instance().removeEventFilter(counter)
    # Each strip that comes into view is painted by each widget it crosses (six nested
    # here), and a block may paint its lines once more as Qt lays them out: 100-250k px
    # for the five steps. A ring laid over the viewport repainted all of it at each step
    # in each of them (6.5M px); two whole views is the line between the two.
    assert 0 < Painted.area <= 2 * viewport.width() * viewport.height(), (Painted.area, viewport.width() * viewport.height())


def test_the_chats_list_shows_that_it_has_the_keyboard(app):
    """Tabbed into, the chats list looked as it did without the keyboard (the style's
    frame and the chosen row alike): a new user could not tell where the arrow keys would
    go. A ring in the highlight colour now goes round it, as round the conversation."""
    from PySide6.QtGui import QPalette

    from test_ui_find import topology

    topology(app, 1024)
    chats = app.window.sessions.list
    assert chats.count() >= 1
    app.window.activateWindow()
    highlight = chats.palette().color(QPalette.ColorGroup.Active, QPalette.ColorRole.Highlight)

    def edge():
        image = chats.grab().toImage()
        return image.pixelColor(1, image.height() // 2)

    chats.clearFocus()
    app.settle(0.05)
    assert edge() != highlight
    chats.setFocus(Qt.FocusReason.TabFocusReason)
    app.settle(0.05)
    assert chats.hasFocus() and edge() == highlight
    chats.clearFocus()
    chats.setFocus(Qt.FocusReason.MouseFocusReason)  # a click: no ring, as in a browser
    app.settle(0.05)
    assert edge() != highlight
