"""Assistant text rendered as Markdown while it streams, without re-parsing it all.

Text that can no longer change (everything before the last paragraph break outside a
code block) is frozen into chunks of a few kilobytes, each parsed once. Only the open
tail is re-rendered on an update, so an update costs the tail's length, not the
message's: long answers stream as smoothly as short ones.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QSizePolicy, QVBoxLayout, QWidget

CHUNK_CHARS = 4096


def _label() -> QLabel:
    label = QLabel()
    label.setTextFormat(Qt.TextFormat.MarkdownText)
    label.setWordWrap(True)
    label.setOpenExternalLinks(True)
    label.setTextInteractionFlags(
        Qt.TextInteractionFlag.TextSelectableByMouse | Qt.TextInteractionFlag.LinksAccessibleByMouse
    )
    label.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)
    return label


class MarkdownView(QWidget):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.setSpacing(0)
        self._tail = _label()
        self._layout.addWidget(self._tail)
        self._reset()

    def _reset(self) -> None:
        self._text = ""
        self._frozen = 0  # characters already frozen into chunks
        self._scanned = 0  # characters already scanned for safe breaks
        self._in_fence = False
        self._last_safe = 0  # a break after which the text before can never change
        self._tail_shown = ""

    def text(self) -> str:
        return self._text

    def chunk_count(self) -> int:
        return self._layout.count() - 1

    def set_text(self, text: str) -> None:
        if not text.startswith(self._text[: self._frozen]):
            self._clear()
        self._text = text
        self._scan()
        if self._last_safe - self._frozen >= CHUNK_CHARS:
            self._freeze(self._last_safe)
        tail = text[self._frozen :]
        if tail != self._tail_shown:
            self._tail_shown = tail
            self._tail.setText(tail)
            self._tail.setVisible(bool(tail))

    def _scan(self) -> None:
        text = self._text
        end = text.rfind("\n") + 1  # only whole lines
        position = self._scanned
        while position < end:
            newline = text.find("\n", position, end)
            line = text[position:newline]
            stripped = line.lstrip()
            if stripped.startswith("```") or stripped.startswith("~~~"):
                self._in_fence = not self._in_fence
            elif not stripped and not self._in_fence:
                self._last_safe = newline + 1
            position = newline + 1
        self._scanned = max(self._scanned, end)

    def _freeze(self, upto: int) -> None:
        chunk = _label()
        chunk.setText(self._text[self._frozen : upto])
        self._layout.insertWidget(self._layout.count() - 1, chunk)
        self._frozen = upto

    def _clear(self) -> None:
        while self._layout.count() > 1:
            item = self._layout.takeAt(0)
            if item.widget() is not None:
                item.widget().deleteLater()
        self._tail.clear()
        self._reset()
