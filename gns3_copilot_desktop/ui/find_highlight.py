"""The one occurrence Find shows: scrolled into view and selected exactly, in whatever
widget shows it (a label, a wrapped monospace label, a Markdown block, a tool's whole
result), and unselected again when Find moves on, the query changes or the bar closes.
Only one is ever selected: the one before is cleared first."""

from __future__ import annotations

from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtCore import QObject, QPoint, QTimer
from PySide6.QtGui import QTextCursor, QTextDocument
from PySide6.QtWidgets import QLabel, QPlainTextEdit, QTextEdit, QWidget

from .find_occurrences import ARGUMENTS, LIMIT, NAME, RESULT, Occurrence
from .mono_wrap import MonoWrapLabel
from .qt_namespace import Qt
from .wrap_anywhere import WrapAnywhereLabel

if TYPE_CHECKING:
    from .chat_view import ChatView

FILL_WAIT_MS = 20  # how often to look whether "Show all" (or the chat) has drawn the occurrence yet
RETRIES = 100  # looked for that many times at most (2 s): some are never drawn as found (Markdown marks)


class Highlight(QObject):
    def __init__(self, chat: ChatView) -> None:
        super().__init__(chat)
        self.chat = chat
        self._selected: QWidget | None = None  # where the selection is
        self._wanted: Occurrence | None = None  # what a pending "Show all" fill is for

    def clear(self) -> None:
        self._wanted = None
        widget, self._selected = self._selected, None
        if widget is None or not shiboken6.isValid(widget):
            return  # paged out meanwhile: its selection went with it
        if isinstance(widget, (MonoWrapLabel, WrapAnywhereLabel)):
            widget.clear_selection()
        elif isinstance(widget, QLabel):
            widget.setSelection(0, 0)
        elif isinstance(widget, (QTextEdit, QPlainTextEdit)):
            cursor = widget.textCursor()
            cursor.clearSelection()
            widget.setTextCursor(cursor)

    def show(self, occurrence: Occurrence, text: str, tries: int = 0) -> None:
        """Select `occurrence`, which is in `text` (the part of the item it is in, as
        find_occurrences.parts gives it)."""
        self.clear()
        widget = self._widget_of(occurrence.item) if not self.chat.pending() else None
        if widget is not None:
            self._show_in(widget, occurrence, text)
        if self._selected is None and self._wanted is None and tries < RETRIES:
            # While a turn streams, an item can be newer than its widget (the chat draws
            # a frame's changes at once, in slices): looked for again in a moment.
            self._wanted = occurrence
            QTimer.singleShot(FILL_WAIT_MS, self, lambda: self._wanted is occurrence and self.show(occurrence, text, tries + 1))

    def _show_in(self, widget: QWidget, occurrence: Occurrence, text: str) -> None:
        from .chat_parts import AssistantMessage, NoticeLine, UserBubble
        from .tool_card import ToolCallCard

        if isinstance(widget, NoticeLine) and self.chat.said_by_limit_bar(widget):
            bar = self.chat.limit_bar  # the flag is said there (one box under the stop)
            self._in_label(bar.heading, occurrence, text)
            self.chat.reveal(bar, bar.heading.y(), bar.heading.height())
        elif isinstance(widget, (UserBubble, NoticeLine)):
            self._in_label(widget.label, occurrence, text)
            self.chat.reveal(widget)
        elif isinstance(widget, AssistantMessage):
            self._in_answer(widget, occurrence, text[occurrence.start : occurrence.start + occurrence.length])
        elif isinstance(widget, ToolCallCard):
            # The part that holds it, not the whole card: a card with its whole result is
            # taller than the view, never "in view", and each step jumped to its top.
            if occurrence.part == NAME:
                self._in_label(widget.name, occurrence, text)
                self._reveal_part(widget, widget.name)
            elif occurrence.part == LIMIT:
                self._in_label(widget.limit_line, occurrence, text)
                self._reveal_part(widget, widget.limit_line)
            elif occurrence.part == ARGUMENTS:
                self._in_label(widget.arguments, occurrence, text)
                self._reveal_part(widget, widget.arguments)
            elif occurrence.part == RESULT:
                self._in_result(widget, occurrence, text)
            else:
                self.chat.reveal(widget)
        else:
            self.chat.reveal(widget)  # (a part that could not be shown)

    def _reveal_part(self, card: QWidget, part: QWidget) -> None:
        self.chat.reveal(card, part.mapTo(card, QPoint(0, 0)).y(), part.height())

    def _widget_of(self, index: int) -> QWidget | None:
        while index < self.chat.first_shown:
            self.chat.show_earlier()  # older items are made when asked for
        return self.chat.widget_at(index)  # drawn now if paged out or passed by

    # -- labels ------------------------------------------------------------------------

    def _in_label(self, label: QLabel, occurrence: Occurrence, text: str) -> None:
        end = occurrence.start + occurrence.length
        if label.text()[occurrence.start : end].lower() != text[occurrence.start : end].lower():
            return  # the label does not show it yet (see show)
        if isinstance(label, (MonoWrapLabel, WrapAnywhereLabel)):
            label.select(occurrence.start, occurrence.length)  # in the text as given
        else:
            label.setTextInteractionFlags(label.textInteractionFlags() | Qt.TextInteractionFlag.TextSelectableByMouse)
            label.setSelection(occurrence.start, occurrence.length)
        self._selected = label

    # -- a tool's result ----------------------------------------------------------------

    def _in_result(self, card, occurrence: Occurrence, whole: str) -> None:
        """In the collapsed preview when it shows the occurrence, else in the whole
        result ("Show all" is pressed for it, as a browser opens a closed section)."""
        full = card.full
        if full is None or not full.isVisible():
            preview = card.preview.text()
            at = _in_preview(preview, whole, occurrence)
            if at is not None:
                self._in_label(card.preview, Occurrence(occurrence.item, RESULT, at, occurrence.length, occurrence.ordinal), preview)
                self._reveal_part(card, card.preview)
                return
            if card.show_all.isHidden():
                self.chat.reveal(card)
                return  # the card shows its result whole: nowhere else to look
            card.show_all.click()
            self.chat.reveal(card)  # at once: a long result takes a moment to fill
        self._wanted = occurrence
        self._in_whole_result(card, occurrence)

    def _in_whole_result(self, card, occurrence: Occurrence) -> None:
        if self._wanted is not occurrence or not shiboken6.isValid(card) or card.full is None or card.full.isHidden():
            return  # Find moved on, the card was paged out, or the user closed the result
        full = card.full
        end = occurrence.start + occurrence.length
        if full.document().characterCount() <= end and card.filling():
            QTimer.singleShot(FILL_WAIT_MS, self, lambda: self._in_whole_result(card, occurrence))
            return
        cursor = QTextCursor(full.document())
        cursor.setPosition(min(occurrence.start, full.document().characterCount() - 1))
        cursor.setPosition(min(end, full.document().characterCount() - 1), QTextCursor.MoveMode.KeepAnchor)
        full.setTextCursor(cursor)
        full.ensureCursorVisible()
        self._selected = full
        # The occurrence's line, not the card: the whole result is up to 30 lines tall,
        # and in a small window its lower lines were below the chat's edge, the
        # occurrence selected where nobody saw it.
        rect = full.cursorRect(cursor)
        self.chat.reveal(card, rect.top() + full.viewport().mapTo(card, QPoint(0, 0)).y(), rect.height())

    # -- an answer ----------------------------------------------------------------------

    def _in_answer(self, message, occurrence: Occurrence, query: str) -> None:
        """The n-th occurrence of the answer's Markdown, found in its rendered blocks:
        the block that holds it is parsed now if it was not yet (out of view)."""
        from .markdown_block import MarkdownBlock

        view = message.view
        left = occurrence.ordinal
        # (block, the widget it is placed by): a frozen block's, or the open tail's.
        documents: list[tuple[MarkdownBlock, QWidget]] = []
        for lazy in view.frozen_blocks():
            count = lazy.text.lower().count(query.lower())
            if left < count:
                lazy.realize(force=True)
                documents = [(lazy.block, lazy)]
                break
            left -= count
        else:
            # In the order they are read: the open tail's finished paragraphs above the
            # paragraph being written, which was made first (findChildren's order).
            shown = [block for block in view.findChildren(MarkdownBlock) if block.parentWidget() is view and not block.isHidden()]
            documents = [(block, block) for block in sorted(shown, key=view.layout().indexOf)]
        for block, shown in documents:
            cursor = _nth(block.document(), query, left)
            if cursor is None:
                left -= _count(block.document(), query)
                continue
            block.setTextCursor(cursor)
            self._selected = block
            # The occurrence's line, not just its block (a block is up to a few
            # kilobytes: taller than the view in a narrow window).
            rect = block.cursorRect(cursor)
            self.chat.reveal(shown, rect.top() + block.mapTo(shown, block.rect().topLeft()).y(), rect.height())
            return
        self.chat.reveal(message)  # rendered differently from the Markdown (marks in the query)


def _nth(document: QTextDocument, query: str, n: int) -> QTextCursor | None:
    """The n-th (from 0) occurrence in a document, ignoring case; None if it has fewer."""
    cursor = QTextCursor(document)
    for _ in range(n + 1):
        cursor = document.find(query, cursor)
        if cursor.isNull():
            return None
    return cursor


def _count(document: QTextDocument, query: str) -> int:
    count, cursor = 0, QTextCursor(document)
    while True:
        cursor = document.find(query, cursor)
        if cursor.isNull():
            return count
        count += 1


def _in_preview(preview: str, whole: str, occurrence: Occurrence) -> int | None:
    """Where the collapsed preview shows an occurrence of the whole result, or None:
    the preview is the first lines, each cut short, so the occurrence keeps its line
    and column when the preview has it."""
    start, length = occurrence.start, occurrence.length
    line = whole.count("\n", 0, start)
    column = start - (whole.rfind("\n", 0, start) + 1)
    lines = preview.split("\n")
    if line >= len(lines):
        return None
    shown = lines[line]
    if shown.endswith("…") and column + length > len(shown) - 1:
        return None  # in the part cut off
    if shown[column : column + length].lower() != whole[start : start + length].lower():
        return None
    return sum(len(before) + 1 for before in lines[:line]) + column
