"""A label whose text the user can select with the mouse, made selectable only when the
pointer first comes over it.

A selectable QLabel gets its own text document, which costs about half a millisecond to
make and lay out; a stream that adds a hundred tool cards (three labels each) would
spend a large part of its rendering on documents for text nobody points at. The document
goes again when the pointer leaves without a selection: Qt reports each change of its
text to screen readers as a text event of a label that has no text for them ("Received
text event for invalid interface"), as a result re-wrapped to a new width did.
"""

from __future__ import annotations

from PySide6.QtWidgets import QLabel

from .qt_namespace import Qt


def selectable() -> Qt.TextInteractionFlag:
    """Qt's flag for text selectable by the mouse (looked up when first used: the
    first frame is painted without the Qt namespace, qt_namespace)."""
    return Qt.TextInteractionFlag.TextSelectableByMouse


class SelectableLabel(QLabel):
    def enterEvent(self, event) -> None:  # noqa: N802 - Qt's name
        self._make_selectable()
        super().enterEvent(event)

    def mousePressEvent(self, event) -> None:  # noqa: N802 - Qt's name
        # Pointed at when it stopped being selectable (its text changed under the pointer).
        self._make_selectable()
        super().mousePressEvent(event)

    def _make_selectable(self) -> None:
        if not self.textInteractionFlags() & selectable():
            self.setTextInteractionFlags(selectable())

    def leaveEvent(self, event) -> None:  # noqa: N802 - Qt's name
        self.drop_selectable()
        super().leaveEvent(event)

    def drop_selectable(self) -> None:
        """Let the text document go unless something in it is selected (before the text
        changes, so that the change is not reported to screen readers in vain)."""
        if self.textInteractionFlags() == selectable() and not self.hasSelectedText():
            self.setTextInteractionFlags(Qt.TextInteractionFlag.NoTextInteraction)
