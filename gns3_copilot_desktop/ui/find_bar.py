"""Ctrl+F within the open chat: a bar above the conversation that counts the occurrences
of the text in everything the chat shows (questions, answers, tool names, arguments and
results, notices), steps through them one by one (Enter / Shift+Enter, F3 / Shift+F3),
across messages and within one, and scrolls each into view, selected exactly. Only the
current one is selected; none is once the query changes to nothing found or the bar
closes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, Qt, QTimer
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QToolButton, QWidget

from ..protocol.translation import number, translate
from .find_highlight import Highlight
from .find_occurrences import Occurrence, OccurrenceFinder

if TYPE_CHECKING:
    from ..protocol.transcript import Transcript
    from .chat_view import ChatView


RECOUNT_MS = 300


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
        self.previous.setToolTip(translate("FindBar", "Previous (Shift+Enter or Shift+F3)"))
        self.next = QToolButton(text="↓")
        self.next.setToolTip(translate("FindBar", "Next (Enter or F3)"))
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
        self.matches: list[Occurrence] = []  # in reading order, MAX_OCCURRENCES at most
        self.more = False  # there are more than those
        self.current = -1
        self.finder = OccurrenceFinder()
        self.highlight = Highlight(chat)
        self.box.textChanged.connect(self.refresh)
        self.box.returnPressed.connect(lambda: self.step(1))
        QShortcut(QKeySequence("Shift+Return"), self.box, activated=lambda: self.step(-1),
                  context=Qt.ShortcutContext.WidgetShortcut)
        # F3 as in other finds, wherever the focus is in the window while the bar shows.
        QShortcut(QKeySequence("F3"), self, activated=lambda: self.step(1), context=Qt.ShortcutContext.WindowShortcut)
        QShortcut(QKeySequence("Shift+F3"), self, activated=lambda: self.step(-1), context=Qt.ShortcutContext.WindowShortcut)
        # Esc in the box closes the bar; the window's own Esc (stop the Copilot) must not
        # see it: the box claims the key before shortcuts are looked up.
        self.box.installEventFilter(self)
        self.next.clicked.connect(lambda: self.step(1))
        self.previous.clicked.connect(lambda: self.step(-1))
        self.close_button.clicked.connect(self.hide_bar)
        # While a turn streams, the count follows what arrives (at most every
        # RECOUNT_MS: each recount reads the items that changed), the view stays put.
        self._recount_soon = QTimer(self, singleShot=True, interval=RECOUNT_MS, timeout=self.recount)
        chat.settled.connect(lambda: self.isVisible() and not self._recount_soon.isActive() and self._recount_soon.start())
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
        if transcript is not self.transcript:
            self.finder.forget()  # another chat's texts
        self.transcript = transcript
        self.setVisible(True)
        if query is not None and query != self.box.text():
            self.box.setText(query)
        else:
            self.refresh()
        self.box.setFocus()
        self.box.selectAll()

    def hide_bar(self) -> None:
        self.highlight.clear()
        self.finder.forget()  # a copy of the chat's texts: not kept while nobody finds
        self.setVisible(False)
        self.chat.setFocus()

    def refresh(self) -> None:
        self.highlight.clear()
        items = self.transcript.items if self.transcript is not None else []
        self.matches, self.more = self.finder.find(items, self.box.text())
        self.current = -1
        if self.matches:
            self.step(1)
        else:
            self._show_count()

    def recount(self) -> None:
        """Count again after the chat changed, keeping the occurrence shown (an item
        only grows while it streams: the occurrences before stay where they were)."""
        if self.transcript is None or not self.box.text():
            return
        shown = self.matches[self.current] if 0 <= self.current < len(self.matches) else None
        self.matches, self.more = self.finder.find(self.transcript.items, self.box.text())
        self.current = self.matches.index(shown) if shown in self.matches else -1
        self._show_count()

    def step(self, direction: int) -> None:
        if not self.matches:
            return
        self.current = (self.current + direction) % len(self.matches)
        self._show_count()
        occurrence = self.matches[self.current]
        assert self.transcript is not None
        self.highlight.show(occurrence, self.finder.text_of(self.transcript.items, occurrence))

    def _show_count(self) -> None:
        if not self.matches:
            self.count.setText(translate("FindBar", "no match") if self.box.text() else "")
            return
        count = number(len(self.matches))
        # More than counted: a one-letter query in a chat of megabytes.
        if self.current < 0:  # found since the query was typed, none shown yet
            if self.more:
                self.count.setText(translate("FindBar", "{count}+ matches").format(count=count))
            elif len(self.matches) == 1:
                self.count.setText(translate("FindBar", "{count} match").format(count=count))
            else:
                self.count.setText(translate("FindBar", "{count} matches").format(count=count))
            return
        current = number(self.current + 1)
        if self.more:
            self.count.setText(translate("FindBar", "{current} of {count}+").format(current=current, count=count))
        else:
            self.count.setText(translate("FindBar", "{current} of {count}").format(current=current, count=count))
