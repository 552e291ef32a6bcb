"""A label whose text the user can select with the mouse, made selectable only when the
pointer first comes over it.

A selectable QLabel gets its own text document, which costs about half a millisecond to
make and lay out; a stream that adds a hundred tool cards (three labels each) would
spend a large part of its rendering on documents for text nobody points at.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

SELECTABLE = Qt.TextInteractionFlag.TextSelectableByMouse


class SelectableLabel(QLabel):
    def enterEvent(self, event) -> None:  # noqa: N802 - Qt's name
        if not self.textInteractionFlags() & SELECTABLE:
            self.setTextInteractionFlags(SELECTABLE)
        super().enterEvent(event)
