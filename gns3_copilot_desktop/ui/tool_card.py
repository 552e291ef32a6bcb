"""A tool call as a card: its name, its arguments as they stream, a running indicator,
and its result (pretty JSON, long output collapsed), with a copy button. A call refused
by a runtime limit gets its own style and icon: a normal stop, not an error."""

from __future__ import annotations

import json
import time
import weakref
from dataclasses import replace

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QPainter, QPalette, QTextCursor
from PySide6.QtWidgets import (
    QBoxLayout,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QSizePolicy,
    QStyle,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ..protocol.items import ToolCall, ToolStatus
from ..protocol.translation import QT_TRANSLATE_NOOP, number, translate
from . import theme, untrusted
from .focus_ring import RingedButton
from .mono_wrap import MonoWrapLabel
from .selectable import SelectableLabel
from .wrap_anywhere import WrapAnywhereLabel

COLLAPSED_LINES = 12
# Previews are capped in characters too: one 27 MB line must not become a label.
PREVIEW_LINE_CHARS = 300
# "Show all" shows at most this much (Copy gives everything), lines cut at FULL_LINE_CHARS.
FULL_CHARS = 500_000
FULL_LINE_CHARS = 5_000
# "Show all" fills the editor a slice at a time: set at once, 10 MB held the window
# 1.7 s (and the 500,000 characters shown now, still a long stall).
FILL_CHUNK_CHARS = 8_000
FILL_SLICE_MS = 4.0
ARGUMENTS_SHOWN = 160
NAME_SHOWN = 60
SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"

_STATUS_TEXT = {  # translated when shown
    ToolStatus.WRITING: QT_TRANSLATE_NOOP("ToolCard", "writing arguments…"),
    ToolStatus.READY: QT_TRANSLATE_NOOP("ToolCard", "waiting to run"),
    ToolStatus.RUNNING: QT_TRANSLATE_NOOP("ToolCard", "running"),
    ToolStatus.DONE: QT_TRANSLATE_NOOP("ToolCard", "done"),
    ToolStatus.ABORTED: QT_TRANSLATE_NOOP("ToolCard", "did not run"),
    ToolStatus.LIMIT: QT_TRANSLATE_NOOP("ToolCard", "limit reached"),
}


PRETTY_MAX_CHARS = 50_000


def pretty(text: str) -> str:
    """JSON pretty-printed (Chinese kept readable); anything else as it is.

    Output that already spans lines is shown as it came (controllers usually indent
    their JSON), and a huge one-line JSON is not re-indented: Python's indenting
    encoder costs ~10 ms per 100 KB, which a window streaming a hundred results
    cannot spend."""
    stripped = text.strip()
    if stripped[:1] not in ("{", "[") or "\n" in stripped[:200] or len(stripped) > PRETTY_MAX_CHARS:
        return text
    try:
        return json.dumps(json.loads(stripped), indent=2, ensure_ascii=False)
    except (ValueError, RecursionError):  # not JSON, or nested deeper than Python goes
        return text


class _Spinner:
    """One timer turns every running card's indicator."""

    cards: set["ToolCallCard"] = set()
    timer: QTimer | None = None
    frame = 0

    @classmethod
    def add(cls, card: "ToolCallCard") -> None:
        cls.cards.add(card)
        if cls.timer is None:
            cls.timer = QTimer()
            cls.timer.setInterval(100)
            cls.timer.timeout.connect(cls._tick)
        if not cls.timer.isActive():
            cls.timer.start()

    @classmethod
    def remove(cls, card: "ToolCallCard") -> None:
        cls.cards.discard(card)
        if not cls.cards and cls.timer is not None:
            cls.timer.stop()

    @classmethod
    def _tick(cls) -> None:
        cls.frame = (cls.frame + 1) % len(SPINNER)
        for card in list(cls.cards):
            card._spin(SPINNER[cls.frame])


class _Turning(QLabel):
    """The running indicator: a label that shows the spinner's frame without being given
    it as its text. A new text lays out the card again (Qt's label asks its layout on
    every text), and the label let the card, its group and the chat behind it be
    painted again under it: 10 times a second, for a 9-pixel character. Turned, it
    paints its own rectangle only, on the card's colour, as the label drew it."""

    def __init__(self, name: str, card: theme.Card) -> None:
        super().__init__()
        # The card whose colour it paints on, handed over once: found by walking up the
        # parents, it was looked for on every paint (10 a second while a tool runs). Held
        # weakly: a reference back to the card would make the two a cycle, and a card
        # nothing else holds (the warm-up's) would then be deleted when the garbage
        # collector runs (in whatever thread), not when it is let go.
        self._card = weakref.ref(card)
        # Named before it has a text: a label with no name of its own tells a screen
        # reader that its text is its new name, and every card then said "⠋".
        self.setAccessibleName(name)
        self.setText(SPINNER[0])  # as wide as any frame (and the size it takes)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        self.frame = SPINNER[0]

    def turn(self, frame: str) -> None:
        if frame != self.frame:
            self.frame = frame
            self.update()

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt's name
        painter = QPainter(self)
        card = self._card()
        if card is not None:
            painter.fillRect(event.rect(), card.background())
        # What QLabel draws for plain text, with the frame for its text.
        align = QStyle.visualAlignment(self.layoutDirection(), self.alignment())
        self.style().drawItemText(painter, self.contentsRect(), int(align), self.palette(), self.isEnabled(),
                                  self.frame, self.foregroundRole())
        painter.end()


class ToolCallCard(theme.Card):
    def __init__(self, parent: QWidget | None = None):
        super().__init__("tool", parent)
        self._call: ToolCall | None = None
        self._expanded = False
        self._shown_output: str | None = None
        self._raw_output: str | None = None
        self._pretty = ""
        self._lines = 0
        self._preview = ""
        self._long = False
        self._full_of: str | None = None

        self.icon = QLabel()
        self.icon.setPixmap(theme.tool_icon())
        self.name = SelectableLabel()
        self.name.setTextFormat(Qt.TextFormat.PlainText)  # the LLM names the tool
        font = self.name.font()
        font.setBold(True)
        self.name.setFont(font)
        self.status = QLabel()
        # The running indicator turns beside the status, in a label of its own: turned in
        # the status label, every frame (10 a second) renamed it for a screen reader. Its
        # name stays put, so the reader hears "Working…" once.
        self.spinner = _Turning(translate("ToolCard", "Working…"), self)
        self.spinner.setVisible(False)
        self.copy = QToolButton(text=translate("ToolCard", "Copy"))
        self.copy.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # reachable by Tab
        self.copy.setToolTip(translate("ToolCard", "Copy the call and its result"))
        self.copy.setAccessibleName(translate("ToolCard", "Copy the call and its result"))
        self.copy.clicked.connect(self._copy)
        # Name and status side by side, or the status under the name in a narrow chat.
        self.title = QBoxLayout(QBoxLayout.Direction.LeftToRight)
        self.title.setContentsMargins(0, 0, 0, 0)
        state = QHBoxLayout()
        state.setContentsMargins(0, 0, 0, 0)
        state.setSpacing(4)
        state.addWidget(self.spinner)
        state.addWidget(self.status)
        self.title.addWidget(self.name)
        self.title.addLayout(state)
        header = QHBoxLayout()
        header.setContentsMargins(0, 0, 0, 0)
        header.addWidget(self.icon, 0, Qt.AlignmentFlag.AlignTop)
        header.addLayout(self.title)
        header.addStretch(1)
        header.addWidget(self.copy, 0, Qt.AlignmentFlag.AlignTop)

        # The controller's own words about the limit (or this app's): the detail of the
        # turn's one flag, which is the notice under the turn. Plain text, read as it
        # says (a rich-text label's changes reach a screen reader as text events of a
        # label that has no text for them); what it is is the description.
        self.limit_line = WrapAnywhereLabel()  # (a long word in them breaks)
        self.limit_line.setVisible(False)
        self.limit_line.setAccessibleDescription(translate("ToolCard", "Limit reached"))
        self.arguments = MonoWrapLabel()
        self.arguments.setFont(theme.monospace())
        # Wrapped, and never wider than the card: an unwrapped line made the card (and
        # its Copy button) wider than a 1024-pixel window. The whole text is in the tooltip.
        # The arguments are what a screen reader reads (a name would replace them); what
        # they are is the description.
        self.arguments.setAccessibleDescription(translate("ToolCard", "Arguments"))
        # The collapsed result is a plain label, cheap enough for a hundred cards; the
        # scrollable editor is made only when someone asks to see all of it.
        self.preview = MonoWrapLabel()
        self.preview.setFont(theme.monospace())
        self.preview.setAccessibleDescription(translate("ToolCard", "Result"))
        self.preview.setAutoFillBackground(True)
        self.preview.setBackgroundRole(QPalette.ColorRole.Base)
        self.preview.setMargin(6)
        self.preview.setVisible(False)
        self.full: QPlainTextEdit | None = None
        self._filling: str | None = None  # what the editor holds, or is being filled with
        self._filled = 0  # how much of it is in the editor so far
        self._fill_next: QTimer | None = None  # the next slice, made with the first
        self.show_all = RingedButton()  # (flat: the style draws no focus on it)
        self.show_all.setFlat(True)
        self.show_all.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.show_all.setCursor(Qt.CursorShape.PointingHandCursor)
        self.show_all.clicked.connect(self._toggle)
        self.show_all.setVisible(False)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 8, 10, 8)
        layout.setSpacing(4)
        layout.addLayout(header)
        layout.addWidget(self.limit_line)
        layout.addWidget(self.arguments)
        layout.addWidget(self.preview)
        layout.addWidget(self.show_all, 0, Qt.AlignmentFlag.AlignLeft)

    # -- state ----------------------------------------------------------------------

    def set_item(self, call: ToolCall, said_above: bool = False) -> None:
        """`said_above`: the call just before was refused in the same words (a batch
        over the limit): the sentence is shown once, on the first card."""
        self._call = call
        name = call.name or translate("ToolCard", "tool")  # the LLM's name for it, else ours
        untrusted.set_plain(self.name, _elide(name, NAME_SHOWN))
        self.name.setToolTip(untrusted.tooltip(call.name) if len(call.name) > NAME_SHOWN else "")
        self._set_kind({ToolStatus.LIMIT: "limit", ToolStatus.ABORTED: "aborted"}.get(call.status, "tool"))
        refused = call.status == ToolStatus.LIMIT and call.limit is not None
        # A per-tool refusal names the tool: shortened like the name beside it (whole in
        # its tooltip and in the flag under it), so the header stays as wide as the card.
        shortened = replace(call.limit, tool=_elide(call.limit.tool, NAME_SHOWN)) if refused and call.limit.tool else call.limit
        status = shortened.refusal() if refused else translate("ToolCard", _STATUS_TEXT[call.status])
        untrusted.set_plain(self.status, status)  # a per-tool refusal names the tool
        self.setAccessibleName(translate("ToolCard", "Tool call {name}: {status}").format(name=name, status=status))
        running = call.status == ToolStatus.RUNNING
        if running:
            self.spinner.turn(SPINNER[_Spinner.frame])
            _Spinner.add(self)
        else:
            _Spinner.remove(self)
        self.spinner.setVisible(running)
        if call.status == ToolStatus.LIMIT and call.limit is not None:
            # The detail only: the turn's one flag is the notice under it, not one
            # more on every refused card.
            self.limit_line.setText(call.limit.text)  # plain, hiding characters shown
        self.limit_line.setVisible(bool(shown_limit_line(call, said_above)))  # (as Find reads it)
        args = arguments_text(call)
        shown = shown_arguments(args)
        if shown != self.arguments.text():
            self.arguments.setText(shown)
            self.arguments.setToolTip(untrusted.tooltip(_elide(args, 4000)) if len(args) > ARGUMENTS_SHOWN else "")
        self._set_output(call.output if call.status != ToolStatus.LIMIT else None)

    def _header_widths(self) -> tuple[int, int]:
        """The card's width with name and status side by side, and stacked."""
        margins = self.layout().contentsMargins()
        fixed = self.icon.sizeHint().width() + self.copy.sizeHint().width() + 3 * 6 + margins.left() + margins.right()
        name, status = self.name.sizeHint().width(), self.status.sizeHint().width() + self.spinner.sizeHint().width() + 4
        return fixed + name + status + 6, fixed + max(name, status)

    def minimumSizeHint(self):  # noqa: N802 - Qt's name
        hint = super().minimumSizeHint()
        hint.setWidth(min(hint.width(), max(self._header_widths()[1], 120)))
        return hint

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        side_by_side = event.size().width() >= self._header_widths()[0]
        direction = QBoxLayout.Direction.LeftToRight if side_by_side else QBoxLayout.Direction.TopToBottom
        if self.title.direction() != direction:
            self.title.setDirection(direction)
        super().resizeEvent(event)

    def _set_kind(self, kind: str) -> None:
        if kind == self.kind:
            return
        self.set_kind(kind)
        self.icon.setPixmap(theme.limit_icon() if kind == "limit" else theme.tool_icon(color="#888888" if kind == "aborted" else theme.BLUE))

    def shown_output(self) -> str:
        """The result as the card shows it now (collapsed or whole; a long one is
        whole once `filling()` is over)."""
        if self.full is not None and self.full.isVisible():
            return self.full.toPlainText()
        return self.preview.text() if self.preview.isVisible() else ""

    def _set_output(self, output: str | None) -> None:
        if output is None or output == "":
            self.preview.setVisible(False)
            if self.full is not None:
                self.full.setVisible(False)
            self.show_all.setVisible(False)
            self._shown_output = None
            return
        if output is not self._raw_output:
            self._raw_output, self._pretty = output, pretty(output)
            self._lines = self._pretty.count("\n") + 1
            self._preview, cut = _preview(self._pretty)
            self._long = self._lines > COLLAPSED_LINES or cut
        text, lines, long = self._pretty, self._lines, self._long
        if self._expanded and long:
            self._show_full(text, lines)
        else:
            shown = self._preview
            if shown != self._shown_output:
                self._shown_output = shown
                self.preview.setText(shown)
            if self.full is not None:
                self.full.setVisible(False)
            self.preview.setVisible(True)
        self.show_all.setVisible(long)
        if self._expanded:
            self.show_all.setText(translate("ToolCard", "Show less"))
        else:
            self.show_all.setText(translate("ToolCard", "Show all ({count} lines)").format(count=number(lines)))

    def _show_full(self, text: str, lines: int) -> None:
        if self.full is None:
            self.full = _PassWheelEdit()
            self.full.setAccessibleName(translate("ToolCard", "Whole result"))
            self.full.setReadOnly(True)
            self.full.setFont(theme.monospace())
            self.full.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
            self.full.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
            layout = self.layout()
            layout.insertWidget(layout.indexOf(self.preview) + 1, self.full)
        if self._full_of is not text:
            # By identity: comparing with toPlainText() copied 10 MB out of Qt per show.
            self._full_of = text
            self._filling, self._filled = _full_text(text), 0
            self.full.clear()
            self._fill()
        self.full.setFixedHeight(min(lines, 30) * self.full.fontMetrics().lineSpacing() + 14)
        self.preview.setVisible(False)
        self.full.setVisible(True)

    def filling(self) -> bool:
        """Whether "Show all" is still putting a long result into the editor."""
        return self._filling is not None and self._filled < len(self._filling)

    def _fill(self) -> None:
        """Append the next slices of the result, FILL_SLICE_MS of work at most, then
        let the window paint and answer: the start of it shows at once."""
        text, full = self._filling, self.full
        if text is None or full is None or not self._expanded:
            return
        started = time.perf_counter()
        cursor = QTextCursor(full.document())
        cursor.movePosition(QTextCursor.MoveOperation.End)
        while self._filled < len(text):
            end = min(len(text), self._filled + FILL_CHUNK_CHARS)
            cut = text.rfind("\n", self._filled, end) + 1 if end < len(text) else end
            end = cut if cut > self._filled else end
            cursor.insertText(text[self._filled : end])
            self._filled = end
            if (time.perf_counter() - started) * 1000 > FILL_SLICE_MS:
                break
        if self._filled < len(text):
            # From a timer, not a posted call: a chain of posted calls kept Qt's timers
            # and the network's callbacks waiting until the whole result was in.
            if self._fill_next is None:
                self._fill_next = QTimer(self, singleShot=True, interval=0, timeout=self._fill)
            self._fill_next.start()

    def _toggle(self) -> None:
        self._expanded = not self._expanded
        if not self._expanded and self.filling():
            self._full_of = None  # filled again from the start when shown again
        if self._call is not None:
            self._set_output(self._call.output)

    def _spin(self, frame: str) -> None:
        self.spinner.turn(frame)

    def _copy(self) -> None:
        if self._call is None:
            return
        text = f"{self._call.name}({self._call.arguments})"
        if self._call.output:
            text += "\n\n" + pretty(self._call.output)
        from .copying import copy_with_feedback

        copy_with_feedback(self.copy, text)

    def hideEvent(self, event) -> None:  # noqa: N802 - Qt's name
        _Spinner.remove(self)
        super().hideEvent(event)


class _PassWheelEdit(QPlainTextEdit):
    """The whole result, inside the scrolling chat: the wheel scrolls the chat unless the
    user clicked into the result to read it."""

    def wheelEvent(self, event) -> None:  # noqa: N802 - Qt's name
        if self.hasFocus():
            super().wheelEvent(event)
            return
        from PySide6.QtWidgets import QAbstractScrollArea, QApplication

        outer = self.parentWidget()
        while outer is not None and not isinstance(outer, QAbstractScrollArea):
            outer = outer.parentWidget()
        if outer is None:
            event.ignore()
            return
        # Handed to the chat's scroll bar (Qt does not pass on a wheel it made itself).
        QApplication.sendEvent(outer.verticalScrollBar(), event)
        event.accept()


# -- what a card shows, for the card and for Find ------------------------------------


def shown_name(call: ToolCall) -> str:
    """The name as the card's label shows it (set_plain makes hiding characters visible)."""
    return untrusted.visible(_elide(call.name or translate("ToolCard", "tool"), NAME_SHOWN))


def arguments_text(call: ToolCall) -> str:
    """The arguments, compact JSON once they are complete (else as they came)."""
    args = call.arguments
    if call.complete and call.parsed_arguments is not None and len(args) < PRETTY_MAX_CHARS:
        try:
            args = json.dumps(call.parsed_arguments, ensure_ascii=False)
        except (ValueError, RecursionError):
            pass  # shown as it came
    return args or "{}"


def shown_arguments(args: str) -> str:
    return untrusted.visible(_elide(args[: ARGUMENTS_SHOWN + 1].replace("\n", " "), ARGUMENTS_SHOWN))


def said_above(before: object, call: ToolCall) -> bool:
    """Whether the call just before `call` was refused in the same words (a batch over
    the limit): the controller's sentence is shown once, on the batch's first card."""
    return (
        isinstance(before, ToolCall) and before.status is ToolStatus.LIMIT and call.status is ToolStatus.LIMIT
        and before.limit is not None and call.limit is not None and before.limit.text == call.limit.text
    )


def shown_limit_line(call: ToolCall, said_before: bool) -> str:
    """The controller's words on a refused call's card, as the card shows them ("" when
    it shows none: not refused, no words, or said on the card above)."""
    if call.status != ToolStatus.LIMIT or call.limit is None or not call.limit.text or said_before:
        return ""
    return untrusted.visible(call.limit.text)


def shown_result(call: ToolCall) -> str:
    """The result as "Show all" shows it ("" when the card shows none)."""
    if call.status == ToolStatus.LIMIT or not call.output:
        return ""
    return _full_text(pretty(call.output))


def _elide(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _preview(text: str) -> tuple[str, bool]:
    """The collapsed result: its first lines, each cut to PREVIEW_LINE_CHARS; and
    whether anything was left out. Only the head of the text is looked at."""
    head = text[: COLLAPSED_LINES * (PREVIEW_LINE_CHARS + 1)]
    lines = head.split("\n")[:COLLAPSED_LINES]
    cut = any(len(line) > PREVIEW_LINE_CHARS for line in lines)
    lines = [_elide(line, PREVIEW_LINE_CHARS) for line in lines]
    shown = "\n".join(lines)
    return untrusted.visible(shown), cut or len(shown) < len(text)


def _full_text(text: str) -> str:
    """What "Show all" shows: at most FULL_CHARS, lines cut at FULL_LINE_CHARS (an
    editor with a megabyte on one line takes seconds to lay it out)."""
    head = text[:FULL_CHARS]
    more_on_line = translate("ToolCard", "… ({count} more characters on this line)")
    lines = [
        line if len(line) <= FULL_LINE_CHARS else line[:FULL_LINE_CHARS] + more_on_line.format(count=number(len(line) - FULL_LINE_CHARS))
        for line in head.split("\n")
    ]
    shown = "\n".join(lines)
    if len(text) > FULL_CHARS:
        more = translate("ToolCard", "… {count} more characters: Copy gives the whole result.")
        shown += "\n" + more.format(count=number(len(text) - FULL_CHARS))
    return untrusted.visible(shown)
