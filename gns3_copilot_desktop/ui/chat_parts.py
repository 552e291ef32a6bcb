"""The parts of the conversation that show one item each: the user's question, the
assistant's answer, a notice line (an error, an interruption, a limit stop), and the
bar under a turn a limit stopped, with the way on. The chat (chat_view) places them;
tool calls have their cards (tool_card)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QToolButton, QVBoxLayout, QWidget

from ..protocol.translation import translate
from . import theme, untrusted
from .qt_namespace import Qt, set_by_name
from .selectable import SelectableLabel
from .wrap_anywhere import WrapAnywhereLabel

if TYPE_CHECKING:
    from ..protocol.items import AssistantText, ErrorNotice, InfoNotice, Item, UserMessage


class UserBubble(theme.Card):
    def __init__(self) -> None:
        super().__init__("user")
        self.label = WrapAnywhereLabel()  # plain text; a long word breaks, not the chat's width
        # What "Continue with higher limits" raised for this turn (the app's words).
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.note.setTextFormat(Qt.TextFormat.PlainText)
        theme.secondary_text(self.note)
        self.note.setVisible(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 8, 12, 8)
        layout.addWidget(self.label)
        layout.addWidget(self.note)

    def set_item(self, item: UserMessage) -> None:
        self.label.setText(item.text)
        self.note.setText(item.note)
        self.note.setVisible(bool(item.note))


class AssistantMessage(QWidget):
    def __init__(self) -> None:
        super().__init__()
        from .markdown_view import MarkdownView  # loaded with the first answer, not at start-up

        self.view = MarkdownView()
        self.setAttribute(Qt.WidgetAttribute.WA_StaticContents)  # (see MarkdownView)
        self._seen = 0
        self._item: AssistantText | None = None
        self.being_written: Callable[[], bool] = lambda: False  # set by the chat (see ChatView._render_item)
        # The whole answer as Markdown, as it came.
        self.copy = QToolButton(text=translate("ChatView", "Copy answer"))
        self.copy.setAutoRaise(True)
        self.copy.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.copy.setAccessibleName(translate("ChatView", "Copy answer"))
        self.copy.clicked.connect(self._copy)
        self.copy.setVisible(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 2, 4, 2)
        layout.addWidget(self.view)
        layout.addWidget(self.copy, 0, Qt.AlignmentFlag.AlignRight)

    def _copy(self) -> None:
        from .copying import copy_with_feedback

        if self._item is not None:
            copy_with_feedback(self.copy, "".join(self._item.pieces), so_far=self.being_written())

    def set_item(self, item: AssistantText, complete: bool = False) -> None:
        self._item = item
        # Only the pieces that came since the last frame are handed on.
        if self._seen < len(item.pieces):
            self.view.append("".join(item.pieces[self._seen :]), complete)
            self._seen = len(item.pieces)
            self.copy.setVisible(True)
        # A limit notice of the controller's in the answer is the detail of the turn's
        # one flag (a notice line under the turn): no second flag here.


class NoticeLine(theme.Card):
    """An error, an interruption or a limit stop, said in words inside the chat."""

    def __init__(self) -> None:
        super().__init__("aborted")
        self.icon = QLabel()
        # Plain text (errors quote the controller and name things), and a long word in
        # them breaks instead of widening the conversation.
        self.label = WrapAnywhereLabel()
        layout = QHBoxLayout(self)
        layout.setContentsMargins(10, 6, 10, 6)
        layout.addWidget(self.icon, 0, Qt.AlignmentFlag.AlignTop)
        layout.addWidget(self.label, 1)

    def set_item(self, item: ErrorNotice | InfoNotice) -> None:
        from ..protocol.items import ErrorNotice

        kind = "error" if isinstance(item, ErrorNotice) else ("limit" if item.kind == "limit" else "aborted")
        self.set_kind(kind)
        if kind == "limit":
            self.icon.setPixmap(theme.limit_icon())
        else:
            self.icon.setText("⚠" if kind == "error" else "ℹ")
        self.label.setText(notice_text(item))


def notice_text(item: ErrorNotice | InfoNotice) -> str:
    """What a notice line says (as set_plain shows it: hiding characters visible)."""
    from ..protocol.items import ErrorNotice

    # The app's "Error:" before the text, which may be the controller's own words.
    prefix = translate("ChatView", "Error: ") if isinstance(item, ErrorNotice) else ""
    return untrusted.visible(prefix + item.text)


def widget_for(item: Item) -> QWidget:
    # The protocol's item types load with the first message, not at start-up.
    from ..protocol.items import AssistantText, ToolCall, UserMessage

    if isinstance(item, UserMessage):
        return UserBubble()
    if isinstance(item, AssistantText):
        return AssistantMessage()
    if isinstance(item, ToolCall):
        from .tool_card import ToolCallCard  # loaded with the first card, not at start-up

        return ToolCallCard()
    return NoticeLine()


LIMIT_ICON_SIZE = 24


class LimitStopBar(theme.Card):
    """Under a turn a limit stopped: what happened, and the way on. When the turn's flag
    is the chat's last line, the bar says the flag's words first and the flag gives way
    to it (ChatView._fold_flag): one box, not two of the same colour one above the
    other saying the same stop twice."""

    continue_requested = Signal()

    def __init__(self) -> None:
        super().__init__("limit")
        # Its icon is drawn when the bar is first shown: drawing builds PySide's Qt
        # namespace, and the window's first frame makes this bar (hidden) without it
        # (qt_namespace). The label has the icon's size from the start: nothing moves.
        self._icon = icon = QLabel()
        icon.setFixedSize(LIMIT_ICON_SIZE, LIMIT_ICON_SIZE)
        # The flag's words, as its notice line shows them (Find selects in it), in bold:
        # what stopped, then what to do.
        self.heading = WrapAnywhereLabel()
        font = self.heading.font()
        font.setBold(True)
        self.heading.setFont(font)
        self.heading.setVisible(False)
        self.label = SelectableLabel()
        self.label.setWordWrap(True)
        set_by_name(self.label, textFormat="PlainText")
        self.setAccessibleName(translate("ChatView", "Continue with higher limits"))
        self.button = QPushButton(translate("ChatView", "Continue with higher limits"))
        self.button.clicked.connect(self.continue_requested)
        # The button under the words, not beside them: the bar fits a narrow chat. The
        # button at its own width on the left, the icon at the top: pushed there by
        # stretches, not aligned with Qt's flags (the window's first frame makes this
        # bar, hidden, and is painted without the Qt namespace: qt_namespace).
        button_row = QHBoxLayout()
        button_row.addWidget(self.button)
        button_row.addStretch(1)
        text = QVBoxLayout()
        text.addWidget(self.heading)
        text.addWidget(self.label)
        text.addLayout(button_row)
        icon_column = QVBoxLayout()
        icon_column.addWidget(icon)
        icon_column.addStretch(1)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(10, 8, 10, 8)
        layout.addLayout(icon_column)
        layout.addLayout(text, 1)

    def showEvent(self, event) -> None:  # noqa: N802 - Qt's name
        if self._icon.pixmap().isNull():
            self._icon.setPixmap(theme.limit_icon(LIMIT_ICON_SIZE))
        super().showEvent(event)
