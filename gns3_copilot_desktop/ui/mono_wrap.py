"""A monospace label that wraps its lines at the width it is given, without Qt's word
wrap: a word-wrapped QLabel is asked its height for every width on each layout pass,
which made a stream of a hundred tool cards five times slower. In a monospace font a
line's width is its length, so the label breaks long lines itself, at the column the
width allows, when the width changes, and its height simply follows its line count."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QSizePolicy

from .selectable import SelectableLabel


class MonoWrapLabel(SelectableLabel):
    def __init__(self) -> None:
        super().__init__()
        self.setTextFormat(Qt.TextFormat.PlainText)
        # Never wider than what it sits in: the text breaks instead.
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self._raw = ""
        self._columns = 0
        self._advance = 0  # the width of one character, measured once per font

    def text(self) -> str:  # noqa: D102 - the text as given, without the breaks added here
        return self._raw

    def setText(self, text: str) -> None:  # noqa: N802 - Qt's name
        self._raw = text
        self._show()

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
        super().setText(text)


def wrap_lines(text: str, columns: int) -> str:
    """Break each line longer than `columns`, at its last space before the column if
    there is one in the second half, else at the column (long tokens, JSON)."""
    out = []
    for line in text.split("\n"):
        while len(line) > columns:
            cut = line.rfind(" ", columns // 2, columns + 1)
            cut = cut + 1 if cut > 0 else columns
            out.append(line[:cut].rstrip(" ") if cut != columns else line[:cut])
            line = line[cut:]
        out.append(line)
    return "\n".join(out)
