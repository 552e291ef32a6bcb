"""Widgets of one kind made ahead, one in each slice of the loop (loop_turn) while the
window has nothing else to do, so that a piece of work that needs one takes it ready.

A block of an answer is parsed in one piece of work when it comes into view, and
making its widgets was a good part of it on a slow machine: a Markdown block (a
QTextBrowser) 1.3-2 ms, each code panel 1-2 ms. One made ahead is taken in a tenth of
that. The spares are made without a parent (never shown as windows: a widget taken is
given its place, and shown, by whoever takes it). With none left, the taker gets one
made at once, as it would have made it: the one way to take a widget of the kind."""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from PySide6.QtWidgets import QWidget

W = TypeVar("W", bound=QWidget)


class MadeAhead(Generic[W]):
    def __init__(self, make: Callable[[QWidget | None], W], count: int) -> None:
        """`make(parent)`: a new widget in `parent` (None for a spare)."""
        self._make = make
        self.count = count
        self.spare: list[W] = []
        self._refill = None  # (loop_turn's slice timer, made at the first fill: not at import, before the loop)

    def take(self, parent: QWidget | None = None) -> W:
        """A widget in `parent`: one made ahead, or one made now if none is left; more are
        made ahead after it."""
        from shiboken6 import isValid

        widget = None
        while self.spare and widget is None:
            widget = self.spare.pop()
            if not isValid(widget):
                widget = None  # (deleted with the application's widgets)
        self.fill()  # (after the take: a full pool had made no more)
        if widget is None:
            return self._make(parent)
        if parent is not None:
            widget.setParent(parent)
        return widget

    def fill(self) -> None:
        """Have `count` of them made ahead, one a slice."""
        if len(self.spare) >= self.count:
            return
        if self._refill is None:
            from . import loop_turn

            self._refill = loop_turn.slice_timer(None, self._make_one)
        if not self._refill.isActive():
            self._refill.start()

    def _make_one(self) -> None:
        if len(self.spare) < self.count:
            self.spare.append(self._make(None))
        if len(self.spare) < self.count:
            self._refill.start()
