"""Assistant text rendered as Markdown while it streams, without re-parsing it all.

Text that can no longer change (everything before the last paragraph break outside a
code block) is frozen into blocks of a few kilobytes, each parsed once. Only the open
tail is re-rendered on an update, so an update costs the tail's length, not the
message's: long answers stream as smoothly as short ones.

Each block is a read-only QTextBrowser whose height is fixed to its document's: unlike
word-wrapped QLabels, it never makes the layouts ask every block "how tall at this
width?" on each frame, which would cost the whole conversation's length per frame.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QSizeF, Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QFrame, QSizePolicy, QTextBrowser, QVBoxLayout, QWidget

CHUNK_CHARS = 2048


class MarkdownBlock(QTextBrowser):
    """A piece of Markdown, exactly as tall as its text: no scroll bars, no frame."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setOpenExternalLinks(True)
        palette = self.palette()
        palette.setColor(QPalette.ColorRole.Base, Qt.GlobalColor.transparent)
        self.setPalette(palette)
        self.viewport().setAutoFillBackground(False)
        self.document().setDocumentMargin(2)
        self.document().documentLayout().documentSizeChanged.connect(self._fit)
        self.setFixedHeight(0)

    def _fit(self, size: QSizeF) -> None:
        height = math.ceil(size.height())
        if height != self.height():
            self.setFixedHeight(height)

    def set_markdown(self, text: str) -> None:
        self.setMarkdown(text)


class MarkdownView(QWidget):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.setSpacing(0)
        self._tail_label = MarkdownBlock()
        self._tail_label.setVisible(False)
        self._layout.addWidget(self._tail_label)
        self._reset()

    def _reset(self) -> None:
        self._frozen: list[str] = []  # text already parsed into its own label
        self._tail = ""  # the text that may still change how it renders
        self._scanned = 0  # characters of the tail already scanned for safe breaks
        self._in_fence = False
        self._safe = 0  # a break in the tail after which the text before is final
        self._shown = ""

    def text(self) -> str:
        return "".join(self._frozen) + self._tail

    def chunk_count(self) -> int:
        return len(self._frozen)

    def set_text(self, text: str) -> None:
        """Show this text; when it extends what is shown, only the new part is parsed."""
        current = self.text()
        if text.startswith(current):
            self.append(text[len(current) :])
            return
        self._clear()
        self.append(text)

    def append(self, more: str) -> None:
        if not more:
            return
        self._tail += more
        self._scan()
        if self._safe >= CHUNK_CHARS:
            self._freeze(self._safe)
        if self._tail != self._shown:
            self._shown = self._tail
            self._tail_label.set_markdown(self._tail)
            self._tail_label.setVisible(bool(self._tail))

    def _scan(self) -> None:
        tail = self._tail
        end = tail.rfind("\n") + 1  # only whole lines
        position = self._scanned
        while position < end:
            newline = tail.find("\n", position, end)
            stripped = tail[position:newline].lstrip()
            if stripped.startswith("```") or stripped.startswith("~~~"):
                self._in_fence = not self._in_fence
            elif not stripped and not self._in_fence:
                self._safe = newline + 1
            position = newline + 1
        self._scanned = max(self._scanned, end)

    def _freeze(self, upto: int) -> None:
        chunk = MarkdownBlock()
        text = self._tail[:upto]
        chunk.set_markdown(text)
        self._layout.insertWidget(self._layout.count() - 1, chunk)
        self._frozen.append(text)
        self._tail = self._tail[upto:]
        self._scanned -= upto
        self._safe = 0

    def _clear(self) -> None:
        while self._layout.count() > 1:
            item = self._layout.takeAt(0)
            if item.widget() is not None:
                item.widget().deleteLater()
        self._tail_label.set_markdown("")
        self._tail_label.setVisible(False)
        self._reset()
