"""The conversation: user messages, the assistant's Markdown, tool cards, errors and
notices. It renders a `Transcript`, and on each frame only the items that changed: in
slices of the loop's time, paged out far from view (chat_groups), each item in its part
(chat_parts, tool_card)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtCore import QPoint, QTimer, Signal
from PySide6.QtWidgets import QFrame, QPushButton, QScrollArea, QVBoxLayout, QWidget

from ..protocol.translation import number, translate
from . import loop_turn
from .chat_groups import ITEM_SPACING, Group, Unrendered, estimated_height
from .chat_parts import AssistantMessage, LimitStopBar, NoticeLine, widget_for
from .focus_ring import RingedButton, RingedFocus, ring_outside
from .qt_namespace import Qt, set_by_name
from .theme import secondary_text
from .wrap_anywhere import WrapAnywhereLabel

if TYPE_CHECKING:
    from ..protocol.items import Item
    from ..protocol.transcript import Transcript


def _same_tail(old: list, new: list, count: int) -> bool:
    """Whether the last `count` items of two transcripts of one chat show the same."""
    if count > min(len(old), len(new)):
        return False
    return all(
        type(a) is type(b) and getattr(a, "text", None) == getattr(b, "text", None)
        for a, b in zip(old[len(old) - count :], new[len(new) - count :])
    )


SLICE_MS = 3.0
# A live chat keeps widgets only near the view: groups farther than this many viewport
# heights are paged out (their widgets deleted), and drawn again when they come within
# PAGE_IN_SCREENS. A turn's widgets took ~700 KB; kept for every turn, a long chat grew
# without bound.
PAGE_OUT_SCREENS = 3
PAGE_IN_SCREENS = 1
# How soon after a scroll or a frame the groups are paged: soon when the reader moves,
# later while the chat follows a stream's end, where nothing comes into view from above
# and paging out can wait. Every 100 ms, paging was a turn of the loop in every
# seven of a turn at a model's pace (121), each asking every group where it is.
PAGE_MS = 100
PAGE_FOLLOWING_MS = 500
# While a fast stream follows its end, one frame can bring many screens of messages and
# cards (the firehose: 6-20 items and ~100 KB of text a frame, 1-2 items in view when it
# is painted). Those more than DEFER_SCREENS above the end would be paged out right after
# being made: they are added as boxes of their estimated height instead (`Unrendered`),
# and drawn when they come near the view. Making, laying out and deleting the cards and
# answers nobody saw was about a fifth of the window's CPU for such a turn. Twice the
# paging distance: a turn of a few cards at a model's pace is never more than that in
# one frame, and is drawn whole as before.
DEFER_SCREENS = 2 * PAGE_OUT_SCREENS
# An answer whose end is estimated this far above the end of a chat that follows a
# stream is not parsed again as it ends (see MarkdownView._show_tail). The estimate
# counts a line for each line of text, fewer pixels than tables and code panels take.
PASSED_SCREENS = 2


REVEAL_MARGIN = 40  # pixels at the least above and below what Find brings into view
ANCHOR_SETTLED_MS = 1000  # a held view is let go this long after the layout's last step


class ChatView(RingedFocus, QScrollArea):
    """Renders a transcript. A long history shows its newest items first; earlier ones
    come a page at a time ("Show earlier messages"), so opening any chat is quick."""

    continue_requested = Signal()
    settled = Signal()  # every change so far is rendered
    earlier_wanted = Signal()  # scrolled above the oldest message the app has fetched
    PAGE = 12  # about two screens of a typical chat: the rest loads as you scroll up

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWidgetResizable(True)
        set_by_name(self, horizontalScrollBarPolicy="ScrollBarAlwaysOff")
        self.setFrameShape(QFrame.Shape.NoFrame)
        ring_outside(self)  # the keyboard's ring, around what scrolls (see focus_ring)
        self.setAccessibleName(translate("ChatView", "Conversation"))
        self._content = QWidget()
        self._layout = QVBoxLayout(self._content)
        # The conversation grows to fit what it holds before it is laid out: without
        # this, every message in it is first squeezed and then stretched back.
        self._layout.setSizeConstraint(QVBoxLayout.SizeConstraint.SetMinimumSize)
        self._layout.setContentsMargins(16, 12, 16, 12)
        self._layout.setSpacing(ITEM_SPACING)
        self.earlier = RingedButton()  # (flat: the style draws no focus on it)
        self.earlier.setFlat(True)
        self.earlier.clicked.connect(self.show_earlier)
        self.earlier.setVisible(False)
        self._layout.addWidget(self.earlier)  # centred, with a hand cursor, once it is first wanted
        self._earlier_dressed = False
        self._placeholder = WrapAnywhereLabel()  # it names the project: plain, long words broken
        set_by_name(self._placeholder, alignment="AlignCenter")
        secondary_text(self._placeholder)
        self._layout.addWidget(self._placeholder)
        self.limit_bar = LimitStopBar()
        self.limit_bar.continue_requested.connect(self.continue_requested)
        self.limit_bar.setVisible(False)
        self._layout.addWidget(self.limit_bar)
        self._layout.addStretch(1)
        self.setWidget(self._content)
        self._widgets: list[QWidget] = []  # one per item shown, oldest first
        self._groups: list[Group] = []  # what holds them, in the layout
        self._dirty: set[int] = set()
        self._first = 0  # index of the first item that has a widget
        self._more_above = False  # the controller has older messages than the transcript
        self._to_delete: list[Group] = []  # groups of a chat no longer shown
        self._page_to_draw: list[int] = []  # a page just opened: items still boxes, oldest first
        # Slices follow from timers, not posted calls (QTimer.singleShot(0) posts one):
        # Qt runs its timers only once no posted event waits, so a chain of posted
        # slices kept the network's callbacks and every timer waiting until it ended.
        # Each waits for the next turn when other slices spent this one (see loop_turn).
        self._page_drawing = loop_turn.slice_timer(self, self._draw_page)
        # (counted on the render clock with every slice, see loop_turn)
        self._next_slice = loop_turn.slice_timer(self, self._render_slice)
        self._deleting = loop_turn.slice_timer(self, self._delete_some)
        self._next_page_slice = loop_turn.slice_timer(self, self._page)
        self._earlier_asked = False
        self._transcript: Transcript | None = None
        self._live_turn = False  # the transcript was seen streaming: a limit stop is announced
        self._folded: QWidget | None = None  # the flag the limit bar says (hidden: _fold_flag)
        self._stick_to_bottom = True
        self._anchor = None  # where to keep the view while a layout comes (see _keep)
        self._anchor_settled = QTimer(self, singleShot=True, interval=ANCHOR_SETTLED_MS, timeout=self._let_go)
        self._scrolling_for_app = False
        # Over the bottom of the view while the user reads further up and more arrives.
        self.jump = QPushButton(translate("ChatView", "Jump to latest ↓"), self)
        self.jump.setAccessibleName(translate("ChatView", "Jump to latest"))
        self.jump.clicked.connect(self.jump_to_latest)
        self.jump.setVisible(False)
        self.verticalScrollBar().valueChanged.connect(self._scrolled)
        self._paging = QTimer(self)
        self._paging.setSingleShot(True)
        self._paging.timeout.connect(self._page)
        self.settled.connect(self._page_after_growth)
        self._following_end = False  # the chat is scrolling itself to a stream's new end
        self.verticalScrollBar().rangeChanged.connect(self._range_changed)
        self.set_placeholder(translate("ChatView", "Sign in to a GNS3 controller to start."))

    # -- what the view shows ---------------------------------------------------------

    def set_placeholder(self, text: str) -> None:
        self._placeholder.setText(text)  # (hiding characters made visible)
        self._placeholder.setVisible(not self._widgets)

    def widgets(self) -> list[QWidget]:
        """The widgets drawn now, oldest first (those paged out are not)."""
        return [w for w in self._widgets if w is not None and not isinstance(w, Unrendered)]

    def widget_at(self, index: int) -> QWidget | None:
        """The widget of the transcript's item `index` (None when it has no place in the
        view yet: above the first shown), drawn now if it was a box or paged out: Find
        goes there."""
        position = index - self._first
        group = next((g for g in self._groups if g.start <= index < g.start + g.count), None)
        if not 0 <= position < len(self._widgets) or group is None:
            return None
        if group.paged_out:
            first = group.start - self._first
            widgets = [self._render_new(group.start + n) for n in range(group.count)]
            self._widgets[first : first + group.count] = widgets
            group.page_in(widgets)
        widget = self._widgets[position]
        if isinstance(widget, Unrendered):
            drawn = self._render_new(index)
            group.replace(widget, drawn)
            self._widgets[position] = widget = drawn
        return widget

    @property
    def first_shown(self) -> int:
        return self._first

    def reset(self, transcript: Transcript, more_above: bool = False) -> None:
        """A new conversation (or one loaded from history): rebuild. `more_above`: the
        transcript is the chat's newest page, older messages come on `earlier_wanted`."""
        self._more_above, self._earlier_asked = more_above, False
        self._rebuild(transcript, shown=self.PAGE)

    def extend(self, transcript: Transcript) -> None:
        """The same chat with its older messages: the newest items stay shown where
        they were, and the next older page follows if the user had asked for it."""
        old = self._transcript
        shown = len(old.items) - self._first if old is not None else self.PAGE
        asked = self._earlier_asked
        self._more_above = self._earlier_asked = False
        if old is not None and _same_tail(old.items, transcript.items, shown):
            # The widgets show the same messages: only their places in the list move.
            moved = len(transcript.items) - shown - self._first
            self._transcript = transcript
            self._first += moved
            for group in self._groups:
                group.start += moved
            self._page_to_draw = [index + moved for index in self._page_to_draw]
            transcript.take_changes()
        else:  # what this app recorded changed the newest turns: draw them again
            bar = self.verticalScrollBar()
            from_bottom, stick = bar.maximum() - bar.value(), self._stick_to_bottom
            self._rebuild(transcript, shown=max(shown, 1))
            if not stick:
                self._stick_to_bottom = False
                self._keep(lambda: bar.maximum() - from_bottom)
        self._update_earlier()
        if asked:
            self.show_earlier()

    def _rebuild(self, transcript: Transcript, shown: int) -> None:
        for group in self._groups:
            self._layout.removeWidget(group)
            group.hide()
        # Deleted a group at a time: a big chat's thousands of widgets deleted in one
        # go held the loop for 65-76 ms when switching away from it.
        self._to_delete += self._groups
        if self._to_delete:
            self._deleting.start()
        self._groups = []
        self._widgets = []
        self._dirty = set()
        self._transcript = transcript
        self._live_turn = False  # another chat's turn, or none: its stop is not news
        self._folded = None  # (its widgets go with the old chat)
        self._first = max(0, len(transcript.items) - shown)
        self._stick_to_bottom = True
        self._let_go()  # another chat's place
        self.jump.setVisible(False)
        transcript.take_changes()
        # A page at most, each item a box of its estimated height first, then drawn
        # newest first, SLICE_MS at a time: drawn in one go, a page of twelve held the
        # loop for 45-55 ms (the widgets, then Qt laying out and fitting all of them).
        # The view stays at the bottom meanwhile, and the window's paint waits for the
        # last slice (see `pending`), so the page shows whole, the newest message where
        # the user looks.
        items = transcript.items
        width, metrics = self._text_width(), self.fontMetrics()
        for index in range(self._first, len(items)):
            box = Unrendered(estimated_height(items[index], width, metrics))
            self._last_group().add(box, index)
            self._widgets.append(box)
        self._page_to_draw = list(range(self._first, len(items)))
        self._placeholder.setVisible(not self._groups)
        self._update_earlier()
        self._draw_page()
        # After the first slice, which draws the newest item: the flag the bar says, if
        # the chat ends on a stop (see _fold_flag), is a box before it.
        self.refresh_limit_bar()

    def _draw_page(self) -> None:
        """Draw the boxes of the page just opened, the newest first, SLICE_MS of work at
        a time (at least one item), the rest from a timer: the loop's other timers and
        the network run between the slices."""
        started = time.perf_counter()
        while self._page_to_draw:
            index = self._page_to_draw.pop()
            position = index - self._first
            if not 0 <= position < len(self._widgets):
                continue
            box = self._widgets[position]
            if not isinstance(box, Unrendered):
                continue  # paged out, or drawn already (Find went there)
            group = next(g for g in self._groups if g.start <= index < g.start + g.count)
            drawn = self._render_new(index)
            group.replace(box, drawn)
            self._widgets[position] = drawn
            if (time.perf_counter() - started) * 1000 > SLICE_MS:
                break
        if self._page_to_draw:
            self._page_drawing.start()
        elif not self._dirty:
            self.settled.emit()

    def _delete_some(self) -> None:
        started = time.perf_counter()
        while self._to_delete and (time.perf_counter() - started) * 1000 < SLICE_MS:
            shiboken6.delete(self._to_delete.pop())  # now, with its widgets, within the slice
        if self._to_delete:
            self._deleting.start()

    def show_earlier(self) -> None:
        if self._transcript is None:
            return
        if self._first == 0:
            if self._more_above and not self._earlier_asked:
                self._earlier_asked = True
                self._update_earlier()
                self.earlier_wanted.emit()
            return
        new_first = max(0, self._first - self.PAGE)
        bar = self.verticalScrollBar()
        # What the user reads: the first group reaching into the view, and where.
        reading = next((g for g in self._groups if g.y() + g.height() > bar.value()), None)
        offset = reading.y() - bar.value() if reading is not None else 0
        group = Group()
        for index in range(new_first, self._first):
            group.add(self._render_new(index), index)
        self._layout.insertWidget(1, group)
        self._groups.insert(0, group)
        self._widgets[:0] = group.widgets
        self._first = new_first
        self._update_earlier()
        # Keep the messages the user was reading where they were.
        self._stick_to_bottom = False
        if reading is not None:
            self._keep(lambda: reading.y() - offset)

    def _keep(self, place) -> None:
        """Keep the view at `place()` (a scroll value, worked out again each time) while
        what was added is laid out: the user reads on where they were. The layout comes
        in steps, sometimes late (seen under load, after more than 250 ms), and paging
        changes the height below the view meanwhile: so every change of the scroll
        range scrolls there again, until the user scrolls or the chat is rebuilt. A
        view left at the top instead stays there: scrolling up moves nothing and so asks
        for nothing more."""
        self._anchor = place
        QTimer.singleShot(0, self, lambda: self._anchor is place and self._scroll_to(place()))

    def _let_go(self) -> None:
        """The layout has settled (no range change for ANCHOR_SETTLED_MS), new content
        arrives, or the user leads: stop holding the view."""
        self._anchor = None
        self._anchor_settled.stop()

    def reveal(self, widget: QWidget, line: int = 0, height: int | None = None) -> None:
        """Bring into view what Find shows: `height` pixels (all of `widget` when None)
        from `line` pixels into `widget`. Where all of it is in view already, the view
        does not move (stepping through the occurrences of a paragraph on screen jumped
        at each one); else it lands a third of the way down, as a browser's Find puts it
        near the middle, with what leads up to it above (at the top, the answer's
        heading or the question before it was out of sight). Kept there while what was
        just added above it is laid out (Find in older messages)."""
        content = self.widget()
        view = self.viewport().height()
        tall = widget.height() - line if height is None else height

        def top() -> int:
            return widget.mapTo(content, QPoint(0, 0)).y() + line

        on_screen = top() - self.verticalScrollBar().value()
        # (A widget not shown yet, just made for an older message, has no place yet.)
        if not (widget.isVisible() and 0 <= on_screen and on_screen + tall <= view):
            on_screen = max(REVEAL_MARGIN, min(view // 3, view - tall - REVEAL_MARGIN))
        self._stick_to_bottom = False
        self._keep(lambda: max(0, top() - on_screen))
        self._scroll_to(self._anchor())

    def _scroll_to(self, value: int) -> None:
        """Scroll for the app (not the user): the anchor stays."""
        self._scrolling_for_app = True
        try:
            self.verticalScrollBar().setValue(value)
        finally:
            self._scrolling_for_app = False

    def update_items(self, indexes: list[int]) -> None:
        """Render these items (new or changed), a slice at a time: at most
        SLICE_MS of work before the loop gets the thread back to paint and read."""
        if self._transcript is None:
            return  # nothing to render into yet; `reset` renders what is there
        if self._anchor is not None and self._widgets and max(indexes, default=-1) >= self._first + len(self._widgets):
            self._let_go()  # a new message below: the jump button's case, not a held view
        self._dirty.update(indexes)
        started = time.perf_counter()
        self._render_slice()
        loop_turn.spend(started)  # timers' slices after it in this turn wait for the next

    def pending(self) -> int:
        return len(self._dirty) + len(self._page_to_draw)

    def _render_slice(self, budget_ms: float = SLICE_MS) -> None:
        if self._transcript is None:
            return
        started = time.perf_counter()
        items = self._transcript.items
        drawn_from = self._drawn_from(items)
        while self._dirty:
            index = min(self._dirty)
            self._dirty.discard(index)
            if index >= len(items) or index < self._first:
                continue
            position = index - self._first
            if position < len(self._widgets):
                if self._widgets[position] is not None:  # paged out: drawn anew when paged in
                    self._update_widget(position, items[index])
            else:
                while len(self._widgets) <= position:
                    new = self._first + len(self._widgets)
                    if new < drawn_from:
                        widget = Unrendered(estimated_height(items[new], self._text_width(), self.fontMetrics()))
                    else:
                        widget = self._render_new(new)
                    self._last_group().add(widget, new)
                    self._widgets.append(widget)
            if self._dirty and (time.perf_counter() - started) * 1000 > budget_ms:
                self._next_slice.start()
                break
        self._placeholder.setVisible(not self._groups)
        self._update_earlier()
        self.refresh_limit_bar()
        if not self._dirty and not self._page_to_draw:
            self.settled.emit()

    def _text_width(self) -> int:
        margins = self._layout.contentsMargins()
        return max(100, self.viewport().width() - margins.left() - margins.right())

    def _drawn_from(self, items: list) -> int:
        """The first new item that can be seen once this frame is drawn: while the view
        follows the end of the chat, the new items more than DEFER_SCREENS above the
        end get only a box for now."""
        start = self._first + len(self._widgets)
        if not self._stick_to_bottom or len(items) - start < 2:
            return start
        found = self._screens_below(items, start, DEFER_SCREENS)
        return start if found is None else found

    def _screens_below(self, items, after: int, screens: int) -> int | None:
        """The item (not above `after`) under which the items to the end are estimated
        taller than `screens` of the view; None if those after `after` are not."""
        room = screens * max(1, self.viewport().height())
        width, metrics = self._text_width(), self.fontMetrics()
        below = 0
        for index in range(len(items) - 1, after, -1):
            below += estimated_height(items[index], width, metrics)
            if below > room:
                return index
        return None

    def _scrolled_past(self, index: int) -> bool:
        """Whether item `index` is done and, while the chat follows a stream's end, the
        items after it are estimated at more than PASSED_SCREENS: its end will not be in
        view when this frame is painted (see MarkdownView._show_tail)."""
        t = self._transcript
        if t is None or index >= len(t.items) - 1 or not self._stick_to_bottom or self._anchor is not None:
            return False  # (the answer being written is the last item: asked on each update)
        if not t.is_streaming:  # (TurnState imported here: 8 ms of a turn at a model's pace, py-spy)
            return False
        return self._screens_below(t.items, index, PASSED_SCREENS) is not None

    def _being_written(self, index: int) -> bool:
        """Whether item `index` is the answer a running turn is still writing."""
        t = self._transcript
        return t is not None and t.is_streaming and index == len(t.items) - 1

    def _update_widget(self, position: int, item: Item) -> None:
        widget = self._widgets[position]
        try:
            self._set_item(widget, self._first + position)
        except Exception as exc:  # one part that cannot be shown must not stop the chat
            from .unshown import unshown

            replacement = unshown(item, exc)
            next(g for g in self._groups if widget in g.widgets).replace(widget, replacement)
            self._widgets[position] = replacement

    def _render_new(self, index: int) -> QWidget:
        assert self._transcript is not None
        try:
            return self._render_item(index)
        except Exception as exc:  # one part that cannot be shown must not stop the chat
            from .unshown import unshown

            return unshown(self._transcript.items[index], exc)

    def _render_item(self, index: int) -> QWidget:
        assert self._transcript is not None
        items = self._transcript.items
        widget = widget_for(items[index])
        if isinstance(widget, AssistantMessage):
            from ..protocol.items import TurnState

            widget.view.before_growing = self._make_room
            widget.view.scrolled_past = lambda: self._scrolled_past(index)
            widget.being_written = lambda: self._being_written(index)
            # Its width before its first text: a new widget is 100 pixels wide until the
            # layout places it, and the answer's first Markdown was laid out at that
            # width, then again at its own (4-5 ms of the first frame of every answer).
            # One pixel high, and its layout not run (that would make it as tall as its
            # content): placed at the top until the layout moves it, a tall answer
            # that scrolled past would have its blocks painted there, and parsed.
            width = self._text_width()
            margins = widget.layout().contentsMargins()
            widget.resize(width, 1)
            widget.view.resize(width - margins.left() - margins.right(), 1)

            # While a fast stream runs, an answer can be complete (a later item came)
            # before it is first shown: it has scrolled past, so it is parsed only when
            # it comes into view. A loaded history's newest page is parsed at once.
            streaming = self._transcript.state is TurnState.STREAMING
            widget.set_item(items[index], complete=streaming and index < len(items) - 1)  # type: ignore[arg-type]
        else:
            self._set_item(widget, index)
        return widget

    def _set_item(self, widget: QWidget, index: int) -> None:
        """A part other than an answer shows item `index` (a refused call's card told
        whether the call before it was refused in the same words: a batch over the
        limit is one sentence, said once, not on each of its cards)."""
        assert self._transcript is not None
        items = self._transcript.items
        item = items[index]
        from .tool_card import ToolCallCard, said_above  # (loaded with the first card)

        if isinstance(widget, ToolCallCard):
            widget.set_item(item, said_above=said_above(items[index - 1] if index else None, item))
        else:
            widget.set_item(item)  # type: ignore[attr-defined]

    def _last_group(self) -> Group:
        if not self._groups or self._groups[-1].full():
            if not self._groups:
                # A conversation that grows is repainted only where it changed (see
                # MarkdownView). Set with its first messages: the empty window's first
                # frame is painted without building PySide's Qt namespace (qt_namespace).
                self._content.setAttribute(Qt.WidgetAttribute.WA_StaticContents)
            group = Group()
            self._layout.insertWidget(self._layout.count() - 3, group)
            self._groups.append(group)
        return self._groups[-1]

    def _update_earlier(self) -> None:
        wanted = self._first > 0 or self._more_above
        if wanted and not self._earlier_dressed:  # (not in the first frame: qt_namespace)
            self._earlier_dressed = True
            self.earlier.setCursor(Qt.CursorShape.PointingHandCursor)
            self._layout.setAlignment(self.earlier, Qt.AlignmentFlag.AlignHCenter)
        self.earlier.setVisible(wanted)
        if self._first > 0:
            self.earlier.setText(translate("ChatView", "Show earlier messages ({count} more)").format(count=number(self._first)))
        elif self._earlier_asked:
            self.earlier.setText(translate("ChatView", "Loading earlier messages…"))
        else:
            self.earlier.setText(translate("ChatView", "Show earlier messages"))

    # What "Continue with higher limits" would raise, in words (the presenter's).
    continue_preview: Callable[[], str] | None = None

    # Whether this view can go on with a stopped turn: a chat read elsewhere (an export,
    # the practice screen's solution) has no presenter behind its Continue button.
    offers_continue = True

    def refresh_limit_bar(self) -> None:
        """Show or hide "Continue with higher limits". Called on every change and when
        the turn ends: the final `done` may change no item. The bar is the way on; it
        begins with the turn's flag when the flag is the chat's last line (_fold_flag)."""
        t = self._transcript
        from ..protocol.items import TurnState

        stopped = t is not None and t.limit_stop is not None and t.state not in (TurnState.STREAMING, TurnState.IDLE)
        if stopped:
            preview = self.continue_preview() if self.continue_preview is not None else ""
            if preview:
                text = translate("ChatView", "This is a normal stop, not an error. Continue to let the Copilot go on "
                                 "with up to {limits}.").format(limits=preview)
            else:
                text = translate("ChatView", "This is a normal stop, not an error. Continue to let the Copilot go on "
                                 "with higher limits.")
            self.limit_bar.label.setText(text)
            self.limit_bar.label.setAccessibleName(text)
            if self._live_turn:
                # Seen streaming here and stopped by a limit now: told once, as it
                # happens, in the words of the turn's flag. A chat opened from history
                # shows its stop without telling.
                from .announce import announce

                announce(self.limit_bar, t.stop_flag())
        self._live_turn = t is not None and t.state is TurnState.STREAMING
        shown = stopped and self.offers_continue
        self._fold_flag(shown)
        self.limit_bar.setVisible(shown)

    def _fold_flag(self, bar_shown: bool) -> None:
        """The stopped turn's flag (its notice line, the chat's last) is said by the bar
        right under it while the bar shows: the flag is hidden and the bar begins with
        its words. It shows in its place again once the chat goes on, and in a view
        without the bar (an export). A flag followed by anything else stays."""
        last = self._widgets[-1] if self._widgets else None
        flag = last if bar_shown and isinstance(last, NoticeLine) and last.kind == "limit" else None
        folded, self._folded = self._folded, flag
        # (Not one replaced meanwhile, out of the layout until it is deleted: shown, it
        # would be drawn at its group's top.)
        if folded is not None and folded is not flag and shiboken6.isValid(folded) and folded in self._widgets:
            folded.setVisible(True)
        if flag is not None:
            flag.setVisible(False)
            if self.limit_bar.heading.text() != flag.label.text():  # (refreshed on every frame)
                self.limit_bar.heading.setText(flag.label.text())
        self.limit_bar.heading.setVisible(flag is not None)

    def said_by_limit_bar(self, widget: QWidget) -> bool:
        """Whether `widget` is the flag the limit bar says now (see _fold_flag: only
        while the bar shows is there one)."""
        return widget is self._folded

    # -- keeping the newest text in view ------------------------------------------------

    def jump_to_latest(self) -> None:
        self._let_go()
        self._stick_to_bottom = True
        self.jump.setVisible(False)
        bar = self.verticalScrollBar()
        bar.setValue(bar.maximum())

    def _place_jump(self) -> None:
        self.jump.adjustSize()
        viewport = self.viewport().geometry()
        self.jump.move(viewport.center().x() - self.jump.width() // 2, viewport.bottom() - self.jump.height() - 10)

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        if self.jump.isVisible():
            self._place_jump()

    def _make_room(self, growth: int) -> None:
        """An answer is about to grow by `growth` pixels. While the view follows the end,
        scroll first: Qt then moves what is on screen by copying it, and paints only
        the new line and what changed. Scrolled after the growth (when the new range is
        known), the view was painted whole on every line an answer grew: Qt does not
        copy a part of the window that has changes waiting, and the growth had left
        some. The range set here is Qt's own once the layout comes. Not while the chat
        still fits in the view (no range yet): the growth may leave it fitting, and the
        view scrolled by it went back down at the layout, a jump up and back on each
        line a first answer grew; the range's first change is followed as before."""
        bar = self.verticalScrollBar()
        if not self._stick_to_bottom or self._anchor is not None or bar.value() != bar.maximum() or not bar.maximum():
            return
        bar.setMaximum(bar.maximum() + growth)  # `_range_changed` follows the end
        bar.setValue(bar.maximum())

    def _page(self) -> None:
        """Page out groups far from view, page in those near it (the last group, which
        grows, always stays), and draw the items near it that a stream passed by."""
        if self._dirty or self._transcript is None:
            return
        screen = max(1, self.viewport().height())
        top = self.verticalScrollBar().value()
        bar = self.verticalScrollBar()
        shift = 0
        drawn = False
        started = time.perf_counter()
        for group in self._groups:
            y, height = group.y(), group.height()
            distance = max(top - (y + height), y - (top + screen), 0)
            before = height
            if not group.paged_out and distance > PAGE_OUT_SCREENS * screen and group is not self._groups[-1]:
                first = group.start - self._first
                if group.page_out():
                    # The answer clicked in went out of memory (Home, a long scroll): the
                    # keys go on to the conversation, not nowhere, and it does not move.
                    self.setFocus(Qt.FocusReason.OtherFocusReason)
                self._widgets[first : first + group.count] = [None] * group.count
                continue
            if distance > PAGE_IN_SCREENS * screen:
                continue
            if group.paged_out:
                first = group.start - self._first
                widgets = [self._render_new(group.start + n) for n in range(group.count)]
                self._widgets[first : first + group.count] = widgets
                group.page_in(widgets)
            elif self._draw_unrendered(group, top, screen, started):
                drawn = True
            else:
                continue
            if y + before <= top:  # above the view: keep what the user reads in place
                shift += group.sizeHint().height() - before
        if shift and self._anchor is None:  # (an anchor keeps the place by itself)
            QTimer.singleShot(0, self, lambda: bar.setValue(bar.value() + shift))
        if drawn:
            # Drawn, they are not as tall as estimated: boxes that come into view with
            # the new layout are drawn on the next pass.
            self._page_soon()

    def _draw_unrendered(self, group: Group, top: int, screen: int, started: float) -> bool:
        """Draw the group's `Unrendered` boxes that are within PAGE_IN_SCREENS of the
        view (each on its own: the group's others may be far from it), SLICE_MS of work
        at a time. Whether any was drawn."""
        drawn_any = False
        for n, widget in enumerate(list(group.widgets)):
            if not isinstance(widget, Unrendered):
                continue
            y = group.y() + widget.y()
            if max(top - (y + widget.height()), y - (top + screen), 0) > PAGE_IN_SCREENS * screen:
                continue
            if (time.perf_counter() - started) * 1000 > SLICE_MS:
                self._next_page_slice.start()  # the rest in the next slice
                break
            drawn = self._render_new(group.start + n)
            group.replace(widget, drawn)
            self._widgets[group.start - self._first + n] = drawn
            drawn_any = True
        return drawn_any

    def _page_soon(self, grown: bool = False) -> None:
        """Page soon. `grown`: after the chat grew at a stream's end (a frame, the
        scroll that follows it), which later paging is enough for while the chat follows
        that end; anything else (the reader scrolled, jumped to the end) pages soon."""
        t = self._transcript
        following = grown and self._stick_to_bottom and self._anchor is None and t is not None and t.is_streaming
        wait_ms = PAGE_FOLLOWING_MS if following else PAGE_MS
        # Not pushed back by every frame of a stream; brought forward when the reader
        # moves.
        if not self._paging.isActive() or self._paging.remainingTime() > wait_ms:
            self._paging.start(wait_ms)

    def _page_after_growth(self) -> None:
        self._page_soon(grown=True)

    def wheelEvent(self, event) -> None:  # noqa: N802 - Qt's name
        """Turning the wheel up at the top asks for older messages too: there the scroll
        bar cannot move, so `_scrolled` is not told."""
        bar = self.verticalScrollBar()
        if event.angleDelta().y() > 0 and bar.value() == bar.minimum() and (self._first > 0 or self._more_above):
            self.show_earlier()
        super().wheelEvent(event)

    def keyPressEvent(self, event) -> None:  # noqa: N802 - Qt's name
        """Home and End (with Ctrl or not) go to the conversation's top and end, as in a
        browser; Qt's scroll area knows only the arrows and the page keys. An answer's
        text hands these keys on to here (see MarkdownBlock.keyPressEvent)."""
        if event.key() in (Qt.Key.Key_Home, Qt.Key.Key_End) and not (
            event.modifiers() & ~(Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.KeypadModifier)
        ):
            to_end = event.key() == Qt.Key.Key_End
            bar = self.verticalScrollBar()
            bar.triggerAction(bar.SliderAction.SliderToMaximum if to_end else bar.SliderAction.SliderToMinimum)
            event.accept()
            return
        super().keyPressEvent(event)

    def _scrolled(self, value: int) -> None:
        if self._anchor is not None and not self._scrolling_for_app:
            self._let_go()  # the user scrolled: they lead now
        bar = self.verticalScrollBar()
        self._stick_to_bottom = value >= bar.maximum() - 24
        self._page_soon(grown=self._following_end)  # (once it is known whether it still follows)
        if self._stick_to_bottom:
            self.jump.setVisible(False)
        if value == bar.minimum() and (self._first > 0 or self._more_above) and bar.maximum() > 0 and not self._scrolling_for_app:
            self.show_earlier()  # reading upwards: the next older page comes by itself

    def _range_changed(self, _minimum: int, maximum: int) -> None:
        if self._anchor is not None:  # see _keep
            self._scroll_to(self._anchor())
            self._anchor_settled.start()
        elif self._stick_to_bottom:
            # At once, not from a timer: one scroll per layout pass, one repaint.
            self._following_end = True
            try:
                self.verticalScrollBar().setValue(maximum)
            finally:
                self._following_end = False
        elif self._transcript is not None and self._transcript.is_streaming and not self.jump.isVisible():
            self._place_jump()
            # (its hand cursor set here, not in __init__: qt_namespace)
            self.jump.setCursor(Qt.CursorShape.PointingHandCursor)
            self.jump.setVisible(True)
            self.jump.raise_()
