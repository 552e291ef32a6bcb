"""Tab and Shift+Tab in the main window follow what a person sees: the header, then the
side panel on the left, the conversation column (the Copilot mode, the conversation and
everything in it in reading order, the message box), then the limits on the right; each
from top-left to bottom-right. Qt's own order is the order widgets were made in, and
parts of the window are made later (the companion's controls, every message and card as
it arrives), which sent Tab all over the window. Tab enters the conversation at the part
in view, from either side."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QWidget


def _reachable(widget: QWidget) -> bool:
    return (
        bool(widget.focusPolicy() & Qt.FocusPolicy.TabFocus)
        and widget.isVisible()
        and widget.isEnabled()
        and widget.focusProxy() is None
    )


def inside(outer: QWidget, widget: QWidget) -> bool:
    """Is `widget` within `outer` (at any depth)?"""
    parent = widget.parentWidget()
    while parent is not None:
        if parent is outer:
            return True
        parent = parent.parentWidget()
    return False


def reading_order(window: QWidget, columns: list[QWidget], scrolled: QWidget) -> list[QWidget]:
    """The window's reachable controls in the order they are read. `columns`: the
    window's columns, left to right (what is in none of them, the header, comes first);
    `scrolled`: a scroll area whose contents follow it as they are read, wherever they
    are scrolled to."""

    def place(widget: QWidget) -> tuple[int, int]:
        point = widget.mapTo(window, QPoint(0, 0))
        return point.y(), point.x()

    anchor = place(scrolled)

    def key(widget: QWidget) -> tuple:
        column = next((i + 1 for i, c in enumerate(columns) if inside(c, widget)), 0)
        if inside(scrolled, widget):
            return (column, *anchor, 1, *place(widget))
        return (column, *place(widget), 0, 0, 0)

    return sorted((w for w in window.findChildren(QWidget) if _reachable(w) and w.window() is window), key=key)


def following(window: QWidget, columns: list[QWidget], scrolled: QWidget, current: QWidget | None, forward: bool) -> QWidget | None:
    """The control after (or before) `current` in reading order, going round."""
    order = reading_order(window, columns, scrolled)
    if not order:
        return None
    while current is not None and current not in order and current is not window:
        current = current.parentWidget()  # e.g. a combo box's line edit: its box
    if current not in order:
        return order[0] if forward else order[-1]
    index = order.index(current)
    target = order[(index + (1 if forward else -1)) % len(order)]
    if inside(scrolled, target) and not inside(scrolled, current):
        return _nearest_in_view([w for w in order if inside(scrolled, w)], scrolled, forward)
    return target


def _nearest_in_view(contents: list[QWidget], scrolled: QWidget, forward: bool) -> QWidget:
    """Where Tab enters a scrolled conversation: at what the person is reading, not at
    its far end. Going forward, the first control not above the view (in it, or the
    next one below it); going back, the last one not below it. The first message of a
    long chat scrolled the whole chat back to its top."""
    viewport = scrolled.viewport() if hasattr(scrolled, "viewport") else scrolled
    height = viewport.height()

    def span(widget: QWidget) -> tuple[int, int]:
        top = widget.mapTo(viewport, QPoint(0, 0)).y()
        return top, top + widget.height()

    if forward:
        return next((w for w in contents if span(w)[1] > 0), contents[-1])
    return next((w for w in reversed(contents) if span(w)[0] < height), contents[0])
