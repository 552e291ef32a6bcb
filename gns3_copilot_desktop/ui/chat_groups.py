"""How the conversation holds its items: in groups (Group), a group's widgets paged out
when far from view and drawn again when near it, and items a fast stream passed by as
boxes of their estimated height (Unrendered, estimated_height). The chat (chat_view)
decides when."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtWidgets import QApplication, QVBoxLayout, QWidget

from .qt_namespace import Qt

if TYPE_CHECKING:
    from ..protocol.items import Item

QWIDGETSIZE_MAX = (1 << 24) - 1
ITEM_SPACING = 8
GROUP_SIZE = 16


class Group(QWidget):
    """Up to GROUP_SIZE messages and cards, in order. Qt lays out the whole
    conversation each time a message is added; in groups, that is a few groups and
    one group's messages instead of every message of a long chat."""

    def __init__(self) -> None:
        super().__init__()
        self.widgets: list[QWidget] = []
        self.start = -1  # the transcript index of its first item
        self.count = 0  # items it holds, shown or paged out
        self.paged_out = False
        self.setAttribute(Qt.WidgetAttribute.WA_StaticContents)  # (see MarkdownView)
        self._layout = QVBoxLayout(self)
        self._layout.setSizeConstraint(QVBoxLayout.SizeConstraint.SetMinimumSize)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.setSpacing(ITEM_SPACING)

    def full(self) -> bool:
        return self.count >= GROUP_SIZE

    def add(self, widget: QWidget, index: int) -> None:
        if self.start < 0:
            self.start = index
        self._layout.addWidget(widget)
        self.widgets.append(widget)
        self.count += 1

    def page_out(self) -> bool:
        """Far from view: its widgets are deleted, an empty box of their height stays.
        Whether one of them had the keyboard (the chat takes it: see ChatView._page)."""
        height = self.height()
        focused = QApplication.focusWidget()
        had_focus = focused is not None and self.isAncestorOf(focused)
        if had_focus:
            # Hidden with the focus, a widget hands it to the next one, and the chat
            # scrolls there: the reader who scrolled up was thrown back down.
            focused.clearFocus()
        for widget in self.widgets:
            self._layout.removeWidget(widget)
            widget.hide()
            shiboken6.delete(widget)
        self.widgets = []
        # Emptied, its layout (SetMinimumSize) would set the box's minimum height to
        # nothing the next time it is laid out: seen once groups held `Unrendered`
        # boxes, when paged-out groups shrank to no height and the chat jumped.
        self._layout.setSizeConstraint(QVBoxLayout.SizeConstraint.SetNoConstraint)
        self.setFixedHeight(height)
        self.paged_out = True
        return had_focus

    def page_in(self, widgets: list[QWidget]) -> None:
        for widget in widgets:
            self._layout.addWidget(widget)
        self.widgets = widgets
        self._layout.setSizeConstraint(QVBoxLayout.SizeConstraint.SetMinimumSize)
        self.setMinimumHeight(0)
        self.setMaximumHeight(QWIDGETSIZE_MAX)
        self.paged_out = False

    def replace(self, old: QWidget, new: QWidget) -> None:
        self._layout.replaceWidget(old, new)
        self.widgets[self.widgets.index(old)] = new
        old.deleteLater()


class Unrendered(QWidget):
    """A message or card that a fast stream scrolled past before it was ever drawn: an
    empty box of its estimated height, drawn from the transcript when it comes near the
    view (as a paged-out group is)."""

    def __init__(self, height: int) -> None:
        super().__init__()
        self.setFixedHeight(height)

    def set_item(self, item: Item, complete: bool = False) -> None:
        pass  # drawn as the transcript has it then


@cache
def _item_kinds() -> tuple[type, type]:
    """The answer's and the tool call's types, imported once (as transcript._handlers):
    asked for each item on each update of a stream, imported in estimated_height they
    cost 3.7 us a time. The protocol's types load with the first message."""
    from ..protocol.items import AssistantText, ToolCall

    return AssistantText, ToolCall


@cache
def _collapsed_lines() -> int:
    from .tool_card import COLLAPSED_LINES  # (loaded with the first card)

    return COLLAPSED_LINES


def estimated_height(item: Item, width: int, metrics) -> int:
    """About how tall an item's widget will be, from its text alone."""
    answer, call = _item_kinds()
    line = metrics.lineSpacing()
    if isinstance(item, answer):
        text = item.text
        per_line = max(20, width // max(1, metrics.averageCharWidth()))
        return (text.count("\n") + 1 + len(text) // per_line) * line
    if isinstance(item, call):
        collapsed = _collapsed_lines()
        # Its name, its arguments, the result's first lines and "Show all".
        output = item.output or ""
        shown = min(collapsed, output.count("\n", 0, 200 * collapsed) + 1) if output else 0
        return (shown + 3) * line + 32
    return 2 * line + 16
