"""A ring around the widget that has the keyboard, where Qt's style draws none.

Tabbing through the window, stops of three kinds showed nothing: an answer's text (a
read-only text browser, whose caret is not drawn), a flat button ("Show all (76
lines)", "Show earlier messages"), and Send, the default button, whose frame looks the
same with the keyboard and without. A keyboard user could not tell where the next key
would go. Such widgets mix in `RingedFocus`: while they have the keyboard and the user
is working with the keyboard (Tab, Shift+Tab, a shortcut; the focus given back when the
window or a menu closes counts as the last move did), they draw a ring in the highlight
colour over their edge, as browsers show focus-visible: not after a mouse click.

Drawn by the widget itself at the end of its paint, not by a widget laid over it: an
overlay was one more (unnamed) object for a screen reader inside the button, and laid
over a scroll area it stopped Qt from scrolling by moving pixels (49 times the painting
for the conversation). The conversation (a scroll area whose viewport scrolls) keeps a
margin of the ring's width around its viewport and draws its ring there, on itself
(`ring_outside`): nothing is drawn over what scrolls.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QRectF
from PySide6.QtGui import QPainter, QPalette, QPen, QRegion
from PySide6.QtWidgets import QAbstractScrollArea, QListWidget, QPushButton, QWidget

from .qt_namespace import Qt  # (not PySide's: its 93 enums would be built before the first frame)

WIDTH = 2  # pixels: a hairline in the highlight colour is easy to miss on a text

_keyboard_last = False  # whether the user's last move of the focus was the keyboard's


def draw_ring(widget: QWidget, surface: QWidget | None = None) -> None:
    """Draw the ring on `surface` (`widget` itself, or its viewport), if `widget` has it."""
    if not getattr(widget, "_ringed", False):
        return
    surface = surface or widget
    painter = QPainter(surface)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(QPen(widget.palette().color(QPalette.ColorGroup.Active, QPalette.ColorRole.Highlight), WIDTH))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    inset = WIDTH / 2
    painter.drawRoundedRect(QRectF(surface.rect()).adjusted(inset, inset, -inset, -inset), 4, 4)
    painter.end()


class RingedFocus:
    """Mixed in before a Qt widget class whose paintEvent ends with draw_ring."""

    _ringed = False

    def focusInEvent(self, event) -> None:  # noqa: N802 - Qt's name
        global _keyboard_last
        super().focusInEvent(event)
        reasons = Qt.FocusReason
        reason = event.reason()
        if reason in (reasons.TabFocusReason, reasons.BacktabFocusReason, reasons.ShortcutFocusReason):
            _keyboard_last = True
        elif reason not in (reasons.ActiveWindowFocusReason, reasons.PopupFocusReason, reasons.OtherFocusReason):
            # (Not the focus given back or moved by the app, which is ringed if the
            # user's last move was the keyboard's: a click.)
            _keyboard_last = False
        self._set_ringed(_keyboard_last)

    def focusOutEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().focusOutEvent(event)
        self._set_ringed(False)

    def _set_ringed(self, ringed: bool) -> None:
        if ringed != self._ringed:
            self._ringed = ringed
            if getattr(self, "_ring_outside", False):
                _RingOutside.of(self)  # (installed when first wanted)
                self.update(QRegion(self.rect()).subtracted(QRegion(self.viewport().geometry())))
                return
            surface = self.viewport() if hasattr(self, "viewport") else self
            surface.update()


def ring_outside(area: QAbstractScrollArea) -> None:
    """Keep room for the ring around a scroll area's viewport (it mixes in RingedFocus):
    the ring is drawn in that margin, never over the viewport. Set once, when the area
    is made: a margin set later would lay the whole conversation out again."""
    area.setViewportMargins(WIDTH, WIDTH, WIDTH, WIDTH)
    area._ring_outside = True


class _RingOutside(QObject):
    """Paints a scroll area's ring after Qt's own paint of the area itself (its frame;
    the viewport is a child painted apart). A filter, installed when the area first has
    the keyboard: a Python event() of the area's own would take every event it gets from
    the first frame on (see main_window.PaintHold)."""

    @classmethod
    def of(cls, area: QAbstractScrollArea) -> _RingOutside:
        painter = getattr(area, "_ring_painter", None)
        if painter is None:
            painter = area._ring_painter = cls(area)
            area.installEventFilter(painter)
        return painter

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if event.type() != QEvent.Type.Paint or not getattr(watched, "_ringed", False):
            return False
        watched.event(event)  # Qt's paint of the area first
        draw_ring(watched)
        return True


class RingedButton(RingedFocus, QPushButton):
    """A push button whose keyboard focus shows (a flat one, or the default one)."""

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().paintEvent(event)
        draw_ring(self)


class RingedList(RingedFocus, QListWidget):
    """A list whose keyboard focus shows: the style draws the same frame around a list
    with the keyboard and without, and the chosen row looks the same too (a new user
    tabbed into the chats list and could not tell). The ring is drawn around its
    viewport (ring_outside, set here)."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        ring_outside(self)
