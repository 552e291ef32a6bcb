"""Ctrl+F within the open chat: a bar above the conversation that counts the messages
and tool calls holding the text, steps through them (Enter / Shift+Enter) and scrolls
each into view with the text selected where the widget allows it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QTextBrowser, QToolButton, QWidget

from ..protocol.search import find_in_transcript
from ..protocol.translation import number, translate

if TYPE_CHECKING:
    from ..protocol.transcript import Transcript
    from .chat_view import ChatView


class FindBar(QWidget):
    def __init__(self, chat: ChatView, parent: QWidget | None = None):
        super().__init__(parent)
        self.chat = chat
        self.transcript: Transcript | None = None
        self.box = QLineEdit()
        self.box.setPlaceholderText(translate("FindBar", "Find in this chat"))
        self.box.setAccessibleName(translate("FindBar", "Find in this chat"))
        self.count = QLabel()
        self.previous = QToolButton(text="↑")
        self.previous.setToolTip(translate("FindBar", "Previous (Shift+Enter)"))
        self.next = QToolButton(text="↓")
        self.next.setToolTip(translate("FindBar", "Next (Enter)"))
        self.close_button = QToolButton(text="✕")
        self.close_button.setToolTip(translate("FindBar", "Close (Esc)"))
        for button, name in (
            (self.previous, translate("FindBar", "Previous match")),
            (self.next, translate("FindBar", "Next match")),
            (self.close_button, translate("FindBar", "Close find")),
        ):
            button.setAccessibleName(name)  # the arrows alone say nothing to a screen reader
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for widget in (self.box, self.count, self.previous, self.next, self.close_button):
            layout.addWidget(widget)
        self.matches: list[int] = []
        self.current = -1
        self.box.textChanged.connect(self.refresh)
        self.box.returnPressed.connect(lambda: self.step(1))
        QShortcut(QKeySequence("Shift+Return"), self.box, activated=lambda: self.step(-1),
                  context=Qt.ShortcutContext.WidgetShortcut)
        # Esc in the box closes the bar; the window's own Esc (stop the Copilot) must not
        # see it: the box claims the key before shortcuts are looked up.
        self.box.installEventFilter(self)
        self.next.clicked.connect(lambda: self.step(1))
        self.previous.clicked.connect(lambda: self.step(-1))
        self.close_button.clicked.connect(self.hide_bar)
        self.setVisible(False)

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 - Qt's name
        if watched is self.box and event.type() in (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress):
            if event.key() == Qt.Key.Key_Escape and event.modifiers() == Qt.KeyboardModifier.NoModifier:
                event.accept()
                if event.type() == QEvent.Type.KeyPress:
                    self.hide_bar()
                return event.type() == QEvent.Type.KeyPress
        return super().eventFilter(watched, event)

    def open(self, transcript: Transcript, query: str | None = None) -> None:
        self.transcript = transcript
        self.setVisible(True)
        if query is not None and query != self.box.text():
            self.box.setText(query)
        else:
            self.refresh()
        self.box.setFocus()
        self.box.selectAll()

    def hide_bar(self) -> None:
        self.setVisible(False)
        self.chat.setFocus()

    def refresh(self) -> None:
        items = self.transcript.items if self.transcript is not None else []
        self.matches = find_in_transcript(items, self.box.text())
        self.current = -1
        if self.matches:
            self.step(1)
        else:
            self.count.setText(translate("FindBar", "no match") if self.box.text() else "")

    def step(self, direction: int) -> None:
        if not self.matches:
            return
        self.current = (self.current + direction) % len(self.matches)
        self.count.setText(
            translate("FindBar", "{current} of {count}").format(current=number(self.current + 1), count=number(len(self.matches)))
        )
        self._show(self.matches[self.current])

    def _show(self, index: int) -> None:
        while index < self.chat.first_shown:
            self.chat.show_earlier()  # older items are made when asked for
        # (Not `widgets()[position]`: a group paged out, or an item a fast stream passed
        # by, has no widget in that list, and the match after it was the wrong one.)
        widget = self.chat.widget_at(index)
        if widget is None:
            return
        self.chat.reveal(widget)  # held there while the older messages above are laid out
        self._select(widget, self.box.text())

    @staticmethod
    def _select(widget: QWidget, query: str) -> None:
        """Select the text where the widget can show a selection (labels, text views)."""
        for label in widget.findChildren(QLabel):
            at = label.text().casefold().find(query.casefold())
            shown_as_is = label.textFormat() == Qt.TextFormat.PlainText or "<" not in label.text()
            if at >= 0 and shown_as_is:  # (positions in rich text are not the text's)
                label.setTextInteractionFlags(label.textInteractionFlags() | Qt.TextInteractionFlag.TextSelectableByMouse)
                label.setSelection(at, len(query))
                return
        for view in widget.findChildren(QTextBrowser):
            cursor = view.textCursor()
            cursor.movePosition(cursor.MoveOperation.Start)
            view.setTextCursor(cursor)
            if view.find(query):
                return
