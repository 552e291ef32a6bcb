"""A word-wrapped label for text in the conversation that the app does not write (a
question, the controller's error, a limit message, a project's name): a word too long
for the width — a token, a path, a hash, or "AAAA…" sent on purpose — breaks where the
width ends instead of widening the whole conversation past the window, where no
scroll bar would show it.

QLabel's word wrap never breaks inside a word, and it asks the layout for the width
of its longest word: one word of 3,000 characters made the conversation 2,283 pixels
wide. This label lets Qt wrap at word boundaries as usual and breaks only the words
wider than the label, at the width it has, again whenever the width changes (like
MonoWrapLabel, which does it by columns for monospace text). `text()` is the text as
given; selections are given in it and moved past the breaks.
"""

from __future__ import annotations

import bisect
import re

from PySide6.QtGui import QFont, QFontMetricsF

from .qt_namespace import set_by_name
from .selectable import SelectableLabel, selectable
from .untrusted import visible

# Runs that Qt cannot break by itself: no space, and no CJK character (Qt breaks
# between those; breaking them here would only move Qt's breaks).
_UNBROKEN = "[^\\s\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]"
NARROWEST = 40  # the width it asks for at least: what is left of a 1024-pixel window's chat, and more
_unbroken_runs: re.Pattern[str] | None = None  # compiled when first needed (2 ms: its ranges)


class WrapAnywhereLabel(SelectableLabel):
    def __init__(self) -> None:
        super().__init__()
        set_by_name(self, textFormat="PlainText")
        self.setWordWrap(True)
        self._raw = ""  # hiding characters made visible
        self._breaks: list[int] = []  # positions in the raw text where a line break was added
        self._broken_at = -1  # the width the breaks were made for
        self._selected: tuple[int, int] | None = None

    # -- the text -------------------------------------------------------------------

    def text(self) -> str:  # noqa: D102 - the text as given, without the breaks added here
        return self._raw

    def setText(self, text: str) -> None:  # noqa: N802 - Qt's name
        self._raw = visible(text)
        self._selected = None
        self._show(force=True)

    # -- selections (Ctrl+F) ------------------------------------------------------------

    def select(self, start: int, length: int) -> None:
        """Select `length` characters at `start` of the text as given."""
        self._selected = (start, length)
        self._show_selection()

    def clear_selection(self) -> None:
        self._selected = None
        self.setSelection(0, 0)

    def _show_selection(self) -> None:
        if self._selected is None:
            return
        start, length = self._selected
        shown_start = start + bisect.bisect_right(self._breaks, start)
        shown_end = start + length + bisect.bisect_left(self._breaks, start + length)
        self.setTextInteractionFlags(self.textInteractionFlags() | selectable())
        self.setSelection(shown_start, shown_end - shown_start)

    # -- sizes ----------------------------------------------------------------------------

    def minimumSizeHint(self):  # noqa: N802 - Qt's name
        """Narrow: long words break to fit (QLabel would ask for its longest word)."""
        hint = super().minimumSizeHint()
        hint.setWidth(min(hint.width(), NARROWEST + 2 * self.margin()))
        return hint

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        if self._text_width() != self._broken_at:
            self._show()

    def changeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        from PySide6.QtCore import QEvent

        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._show(force=True)

    def _text_width(self) -> int:
        return self.contentsRect().width() - 2 * self.margin() - max(0, self.indent())

    def _show(self, force: bool = False) -> None:
        width = self._text_width()
        if not force and width == self._broken_at:
            return
        self._broken_at = width
        self._breaks = long_word_breaks(self._raw, width, self.font()) if width > NARROWEST // 2 else []
        super().setText(_with_breaks(self._raw, self._breaks))
        self._show_selection()  # (setting the text cleared it)


def long_word_breaks(text: str, width: int, font: QFont) -> list[int]:
    """Where to break the words wider than `width` (positions in the text), so that
    each piece fits; words that fit are left to Qt's word wrap."""
    breaks: list[int] = []
    metrics = QFontMetricsF(font)  # fractional: whole pixels add up wrong
    # A run shorter than this fits, whatever its characters (CJK is left out above).
    widest = max(1.0, metrics.maxWidth(), metrics.height())
    shortest = max(2, int(width // widest))
    # Only stretches without a space that long can hold such a run: found by a cheap
    # pattern in one scan (most texts have none: the window's first frame has one such
    # label, its placeholder), then searched with the run pattern. Both take whitespace
    # as str.isspace does. (Every word through Python cost 150 ms on a 1 MB log.)
    for stretch in re.finditer(f"\\S{{{shortest},}}", text):
        for run in _runs().finditer(text, stretch.start(), stretch.end()):
            word = run.group()
            if len(word) < shortest or metrics.horizontalAdvance(word) <= width:
                continue
            breaks.extend(_breaks_in(word, run.start(), width, metrics))
    return breaks


def _breaks_in(word: str, start: int, width: int, metrics: QFontMetricsF) -> list[int]:
    breaks: list[int] = []
    line = 0.0
    for index, char in enumerate(word):
        advance = metrics.horizontalAdvance(char)
        if line and line + advance > width - 2:  # (a pixel or two for rounding and kerning)
            breaks.append(start + index)
            line = 0.0
        line += advance
    return breaks


def _runs() -> re.Pattern[str]:
    global _unbroken_runs
    if _unbroken_runs is None:
        _unbroken_runs = re.compile(f"{_UNBROKEN}+")
    return _unbroken_runs


def _with_breaks(text: str, breaks: list[int]) -> str:
    pieces, last = [], 0
    for at in breaks:
        pieces.append(text[last:at])
        last = at
    pieces.append(text[last:])
    return "\n".join(pieces)
