"""A monospace label that wraps its lines at the width it is given, without Qt's word
wrap: a word-wrapped QLabel is asked its height for every width on each layout pass,
which made a stream of a hundred tool cards five times slower. In a monospace font a
line's width is its length, so the label breaks long lines itself, at the column the
width allows, when the width changes, and its height simply follows its line count."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QSizePolicy

from .selectable import SelectableLabel, selectable


class MonoWrapLabel(SelectableLabel):
    def __init__(self) -> None:
        super().__init__()
        self.setTextFormat(Qt.TextFormat.PlainText)
        # Never wider than what it sits in: the text breaks instead.
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self._raw = ""
        self._columns = 0
        self._advance = 0  # the width of one character, measured once per font
        self._selected: tuple[int, int] | None = None  # (start, length) in the text as given

    def text(self) -> str:  # noqa: D102 - the text as given, without the breaks added here
        return self._raw

    def setText(self, text: str) -> None:  # noqa: N802 - Qt's name
        self._raw = text
        self._selected = None
        # A screen reader reads the text as given, not broken where this width breaks it
        # (mid-word): the same words, and no name change when only the width changes.
        self.setAccessibleName(text)
        self._show()

    def select(self, start: int, length: int) -> None:
        """Select `length` characters at `start` of the text as given (QLabel's own
        positions count the breaks added here); kept when the lines break anew."""
        self._selected = (start, length)
        self._show_selection()

    def clear_selection(self) -> None:
        self._selected = None
        self.setSelection(0, 0)

    def _show_selection(self) -> None:
        if self._selected is None:
            return
        start, length = self._selected
        if self._columns:
            end = wrapped_position(self._raw, self._columns, start + length, end_of_range=True)
            start = wrapped_position(self._raw, self._columns, start)
        else:
            end = start + length
        self.setTextInteractionFlags(self.textInteractionFlags() | selectable())
        self.setSelection(start, end - start)

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        if self._columns_for(self.width()) != self._columns:
            self._show()

    def minimumSizeHint(self):  # noqa: N802 - Qt's name
        """Narrow: the lines break to fit (QLabel would ask for its widest line)."""
        hint = super().minimumSizeHint()
        hint.setWidth(min(hint.width(), 8 * max(1, self._advance or 8) + 2 * self.margin()))
        return hint

    def changeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        from PySide6.QtCore import QEvent

        if event.type() == QEvent.Type.FontChange:
            self._advance = 0
        super().changeEvent(event)

    def _columns_for(self, width: int) -> int:
        if not self._advance:
            self._advance = max(1, self.fontMetrics().horizontalAdvance("M"))
        return max(8, (width - 2 * self.margin() - 2) // self._advance)

    def _show(self) -> None:
        self._columns = self._columns_for(self.width()) if self.width() > 20 else 0
        text = self._raw if not self._columns else wrap_lines(self._raw, self._columns)
        if text != super().text():
            self.drop_selectable()  # (pointed at, it is selectable again: see SelectableLabel)
        super().setText(text)
        self._show_selection()  # (setting the text cleared it)


def wrap_lines(text: str, columns: int) -> str:
    """Break each line longer than `columns`, at its last space before the column if
    there is one in the second half, else at the column (long tokens, JSON)."""
    return "\n".join(text[start:end] for start, end in _shown_lines(text, columns))


def wrapped_position(text: str, columns: int, position: int, end_of_range: bool = False) -> int:
    """Where `position` in `text` is in `wrap_lines(text, columns)`: each break added
    moves what follows by one, and the spaces dropped at a break are not there. A
    position at a break is the next line's start, or this line's end for the end of a
    range (`end_of_range`)."""
    shown = 0
    for start, end in _shown_lines(text, columns):
        if position < end or (end_of_range and position == end):
            return shown + max(0, position - start)
        shown += end - start + 1
    return max(0, shown - 1)


def _shown_lines(text: str, columns: int):
    """Each line `wrap_lines` shows, as (start, end) in `text` (the one place the
    breaks are decided: the wrapped text and positions in it agree)."""
    start = 0
    for line in text.split("\n"):
        while len(line) > columns:
            cut = line.rfind(" ", columns // 2, columns + 1)
            cut = cut + 1 if cut > 0 else columns
            kept = len(line[:cut].rstrip(" ")) if cut != columns else cut
            yield start, start + kept
            start += cut
            line = line[cut:]
        yield start, start + len(line)
        start += len(line) + 1
