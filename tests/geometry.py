"""Is anything a person should see cut off? By geometry: every visible control must lie
inside each of its ancestors. Inside a scroll area only the horizontal direction counts
(scrolling up and down is how a long chat is read)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractScrollArea,
    QAbstractSpinBox,
    QComboBox,
    QLabel,
    QLineEdit,
    QWidget,
)

CONTROLS = (QAbstractButton, QComboBox, QAbstractSpinBox, QLineEdit, QAbstractScrollArea, QLabel)


def _visible_controls(window: QWidget) -> list[QWidget]:
    return [w for w in window.findChildren(QWidget) if isinstance(w, CONTROLS) and w.isVisibleTo(window) and w.isVisible()]


def clipped(window: QWidget, slack: int = 1) -> list[str]:
    """Descriptions of the controls not wholly shown."""
    problems = []
    for widget in _visible_controls(window):
        if isinstance(widget, QLabel) and not widget.text().strip() and widget.pixmap().isNull():
            continue
        if widget.width() <= 0 or widget.height() <= 0:
            continue
        rect = QRect(widget.mapTo(window, QPoint(0, 0)), widget.size())
        parent = widget.parentWidget()
        in_scroll = False
        while parent is not None:
            if isinstance(parent, QAbstractScrollArea) and parent is not widget:
                in_scroll = True
            outer = QRect(parent.mapTo(window, QPoint(0, 0)), parent.size()) if parent is not window else window.rect()
            if isinstance(parent.parentWidget(), QAbstractScrollArea) and parent.parentWidget().viewport() is parent:
                left_ok = rect.left() >= outer.left() - slack
                right_ok = rect.right() <= outer.right() + slack
                if not (left_ok and right_ok):
                    problems.append(_say(widget, rect, outer, parent, "sideways"))
                    break
            elif not in_scroll:
                if not outer.adjusted(-slack, -slack, slack, slack).contains(rect):
                    problems.append(_say(widget, rect, outer, parent, "cut"))
                    break
            if parent is window:
                break
            parent = parent.parentWidget()
    return problems


def _say(widget, rect, outer, parent, how) -> str:
    text = getattr(widget, "text", lambda: "")()
    name = widget.accessibleName() or (text[:30] if isinstance(text, str) else "")
    return f"{type(widget).__name__} {name!r} {how}: {rect.getRect()} outside {type(parent).__name__} {outer.getRect()}"


def text_cut(window: QWidget, slack: int = 1) -> list[str]:
    """Descriptions of the buttons and one-line labels narrower than their own text (Qt
    then cuts it off without an ellipsis). Labels that wrap, rich text and empty ones
    are left out: they grow downwards or say nothing."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import Qt as GuiQt  # mightBeRichText lives in QtGui's Qt

    from gns3_copilot_desktop.ui.mono_wrap import MonoWrapLabel  # breaks its own lines

    problems = []
    for widget in _visible_controls(window):
        if isinstance(widget, MonoWrapLabel):
            continue
        if isinstance(widget, QLabel):
            if widget.wordWrap() or not widget.text().strip() or widget.textFormat() == Qt.TextFormat.RichText:
                continue
            if GuiQt.mightBeRichText(widget.text()) and widget.textFormat() != Qt.TextFormat.PlainText:
                continue
        elif not isinstance(widget, QAbstractButton) or not widget.text().strip():
            continue
        need = widget.sizeHint().width()
        if widget.width() + slack < need:
            problems.append(f"{type(widget).__name__} {widget.text()[:40]!r}: {widget.width()} px wide, its text needs {need}")
    return problems
