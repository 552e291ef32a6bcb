"""A ring around the widget that has the keyboard, where Qt's style draws none.

Tabbing through the window, four kinds of stop showed nothing: the conversation itself
(a scroll area), an answer's text (a read-only text browser, whose caret is not drawn),
a flat button ("Show all (76 lines)"), and Send, the default button, whose frame looks
the same with the keyboard and without. A keyboard user could not tell where the next
key would go. Such widgets mix in `RingedFocus`: while they have the keyboard, from Tab,
Shift+Tab or a shortcut, a ring in the highlight colour is drawn over their edge (not
for a mouse click, as browsers show focus-visible).

One ring for the whole app, moved into the widget that has the keyboard: a child of
it, it moves and scrolls with it, and only that widget is watched (for its size).
"""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QEvent, QObject, QRectF, Qt
from PySide6.QtGui import QPainter, QPalette, QPen
from PySide6.QtWidgets import QPushButton, QWidget

_KEYBOARD = (Qt.FocusReason.TabFocusReason, Qt.FocusReason.BacktabFocusReason, Qt.FocusReason.ShortcutFocusReason)
WIDTH = 2  # pixels: a hairline in the highlight colour is easy to miss on a text


class _Ring(QWidget):
    def __init__(self) -> None:
        super().__init__()
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setAttribute(Qt.WidgetAttribute.WA_NoSystemBackground)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setAccessibleName("")  # (nothing for a screen reader: it is only drawn)

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt's name
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(self.palette().color(QPalette.ColorGroup.Active, QPalette.ColorRole.Highlight), WIDTH))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        inset = WIDTH / 2
        painter.drawRoundedRect(QRectF(self.rect()).adjusted(inset, inset, -inset, -inset), 4, 4)
        painter.end()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if watched is self.parentWidget() and event.type() == QEvent.Type.Resize:
            self.setGeometry(watched.rect())
        return False


_ring: _Ring | None = None


def _around(widget: QWidget) -> None:
    global _ring
    if _ring is None or not shiboken6.isValid(_ring):
        _ring = _Ring()  # (the first, or the one deleted with the widget it was in)
    before = _ring.parentWidget()
    if before is not widget:
        if before is not None:
            before.removeEventFilter(_ring)
        _ring.setParent(widget)
        widget.installEventFilter(_ring)
    _ring.setGeometry(widget.rect())
    _ring.show()
    _ring.raise_()


def _away_from(widget: QWidget) -> None:
    if _ring is not None and shiboken6.isValid(_ring) and _ring.parentWidget() is widget:
        _ring.hide()


def ring_shown_on(widget: QWidget) -> bool:
    """Whether the ring is drawn on `widget` now."""
    return _ring is not None and shiboken6.isValid(_ring) and _ring.parentWidget() is widget and _ring.isVisible()


class RingedFocus:
    """Mixed in before a Qt widget class: the ring while it has the keyboard."""

    def focusInEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().focusInEvent(event)
        if event.reason() in _KEYBOARD:
            _around(self)

    def focusOutEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().focusOutEvent(event)
        _away_from(self)


class RingedButton(RingedFocus, QPushButton):
    """A push button whose keyboard focus shows (a flat one, or the default one)."""
