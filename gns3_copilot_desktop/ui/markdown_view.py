"""Assistant text rendered as Markdown while it streams, without re-parsing it all.

Text that can no longer change (everything before the last paragraph break outside a
code block) is frozen into blocks of a few kilobytes, each parsed once. Only the open
tail is re-rendered on an update, so an update costs the tail's length, not the
message's: long answers stream as smoothly as short ones. The open tail is itself shown
in two blocks: its finished paragraphs, parsed again only when another paragraph ends,
and the paragraph still being written, the only text parsed on every update (at a
model's pace an update brings a few words, and re-parsing two kilobytes for them cost
most of the window's CPU). When an update only adds plain words to that paragraph, they
are added to its document as they are, without a parse (see without_a_parse).

Each block is a read-only QTextBrowser whose height is fixed to its document's
(markdown_block); a frozen block is parsed only when it comes into view
(lazy_markdown_block).

Whatever the input, the open tail stays short: text with no paragraph break for a while
(a huge table, a megabyte on one line) is cut anyway, at a line end if there is one,
else at a space, else anywhere. A cut inside a code block closes it and opens it again
in the next block; a cut inside a table repeats the table's header there, so both
still render as what they are.
"""

from __future__ import annotations

import re
import time
from collections import deque
from collections.abc import Callable

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QVBoxLayout, QWidget

from . import loop_turn, untrusted
from ..protocol.fences import code_inside, code_ranges, fence_after_line, fence_closes, fence_opened, indentation
from .lazy_markdown_block import LazyMarkdownBlock
from .link_definitions import MOST_KEPT, definitions_in, links_for
from .markdown_block import MarkdownBlock, made_block
from .without_a_parse import appended_paragraphs, parsed_apart

# A burst of text (a fast stream, a history) becomes blocks of about this size, each
# parsed and laid out as one piece of work when it comes into view: with code and a
# table, 2 KB took 8-10 ms in a process's first answer, its longest piece; 1 KB, half;
# half a KB, 3-4 ms (the cold answer's longest stall, median of 12 runs: 14.3 -> 10.9 ms).
CHUNK_CHARS = 512
# While the tail's finished paragraphs are on show (an answer followed at a model's
# pace), the tail is cut at this size instead: before it, those paragraphs become a
# block as their label shows them (_settled_kept), not parsed again. Cut at the smaller
# size, the cut came first, elsewhere than where the label's paragraphs end.
SHOWN_CHUNK_CHARS = 1024
# The most text re-parsed on one update: a paragraph longer than this is cut (at a line
# end, a space), and the cut shows; kept at 4 KB, which few paragraphs reach.
MAX_TAIL_CHARS = 4096
# Qt lays out a table's cells slowly (about 0.1 ms each): a table is cut every so many
# rows, so a block of it parses within a frame too.
MAX_TAIL_TABLE_ROWS = 24
_LONG_TABLE = None  # a run of more table lines than that (compiled when first needed)
# A burst (a megabyte in one frame) is taken in a little at a time, and cut for at most
# this long before the loop gets the thread back; the rest follows on the next turns.
FEED_CHARS = 2 * MAX_TAIL_CHARS
CUT_BUDGET_MS = 2.0
TAIL_AFTER_MS = 1.0  # cut for longer than this: the tail is shown in the next turn
# The tail's first show parsed its finished paragraphs for longer than this: the
# paragraph being written is shown in the next turn (see _show_tail).
WRITING_AFTER_MS = 1.0
MAX_CARRY_CHARS = 1024  # a table header longer than this is not repeated
# The tail's finished paragraphs this long or longer become a block of their own rather
# than be parsed again with paragraphs that cannot be appended to them (_settled_kept).
SETTLED_KEPT_CHARS = 512


def _focus_within(widget: QWidget) -> QWidget | None:
    """The widget with the keyboard, if it is this one or inside it."""
    focus = QApplication.focusWidget()
    return focus if focus is not None and widget.isAncestorOf(focus) else None


class _Blocks(QWidget):
    """Up to BLOCKS_PER_GROUP frozen blocks: a megabyte answer is a thousand blocks,
    and adding one lays out its group and the groups, not all of them."""

    def __init__(self) -> None:
        super().__init__()
        self.count = 0
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)

    def add(self, block: QWidget) -> None:
        self.layout().addWidget(block)
        self.count += 1


BLOCKS_PER_GROUP = 32
GLYPHS_IDLE_MS = 1000  # the paragraph being written unchanged this long: its glyphs go


class MarkdownView(QWidget):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._layout = QVBoxLayout(self)
        # It grows to fit its blocks before it lays them out (as the chat and its groups
        # do): laid out first at its old height, a line more in the open tail squeezed
        # the frozen blocks above it by that line, and stretched them back once the
        # answer had grown, and each time Qt repainted them whole, and with them all
        # the chat in view.
        self._layout.setSizeConstraint(QVBoxLayout.SizeConstraint.SetMinimumSize)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.setSpacing(0)
        self._tail_label: MarkdownBlock | None = None  # made for the first open tail
        self._settled_label: MarkdownBlock | None = None  # the tail's finished paragraphs
        self._groups: list[_Blocks] = []
        # A burst is cut over several turns of the loop. Resumed from a timer, not a
        # posted call (QTimer.singleShot(0) posts one): Qt runs its timers only once no
        # posted event is waiting, so a chain of posted calls kept every timer, the
        # network's callbacks among them, waiting until the whole burst was cut.
        # It waits for the next turn when other slices spent this one (see loop_turn).
        self._resume = loop_turn.slice_timer(self, self._work)
        # Told how many pixels the open tail is about to grow, just before it does (see
        # ChatView._make_room).
        self.before_growing: Callable[[int], None] | None = None
        # Asked before the open tail is parsed again: whether the answer is done and the
        # chat, following a stream's end, has moved on past it (ChatView._scrolled_past).
        self.scrolled_past: Callable[[], bool] | None = None
        # Nothing of it is painted anew when it grows but what changed: its old place
        # holds the same (its blocks repaint themselves). Qt repaints the whole of a
        # widget that grows otherwise, and of every widget around it that grows with it.
        self.setAttribute(Qt.WidgetAttribute.WA_StaticContents)
        # The paragraph being written keeps its glyphs while it changes (see
        # MarkdownBlock.keep_glyphs), and drops them once it has not changed for a
        # while: nothing tells an answer it is done when its turn ends, is stopped,
        # fails, or was loaded from the history.
        self._glyphs_idle = QTimer(self)
        self._glyphs_idle.setSingleShot(True)
        self._glyphs_idle.setInterval(GLYPHS_IDLE_MS)
        self._glyphs_idle.timeout.connect(self._drop_glyphs)
        self._reset()

    def _reset(self) -> None:
        self._frozen: list[str] = []  # text already parsed into its own label
        self._definitions: dict[str, str] = {}  # the answer's link definitions so far (see link_definitions)
        self._learned = ""  # the tail's text they were last looked for in
        self._carry = ""  # what the tail needs before it to render as it should (see _forced_cut)
        self._fence_opener: str | None = None  # the open code block's first line at the tail's start, as shown
        self._open_fence: str | None = None  # its fence as the answer's text has it (its indentation)
        self._incoming: deque[str] = deque()  # text not taken into the tail yet
        self._incoming_offset = 0  # how much of the first incoming piece is taken
        self._new_blocks: list[LazyMarkdownBlock] = []  # frozen in this turn of the loop, not shown yet
        self._complete = False
        self._tail = ""  # the text that may still change how it renders
        self._scanned = 0  # characters of the tail already scanned for safe breaks
        self._scan_fence: str | None = None  # the fence of the code block the scan is in
        self._breaks: list[int] = []  # paragraph breaks in the tail, outside code blocks
        self._shown = ""  # what the tail label shows
        self._settled_shown = ""  # what the settled label shows

    def text(self) -> str:
        incoming = "".join(self._incoming)[self._incoming_offset :]
        return "".join(self._frozen) + self._tail + incoming

    def chunk_count(self) -> int:
        return len(self._frozen)

    def pending(self) -> bool:
        """Whether text it was given is not shown yet: a burst is cut into blocks a few
        kilobytes a turn of the loop, after the chat has drawn the answer's item."""
        return bool(self._incoming) or self._resume.isActive()

    def frozen_blocks(self) -> list[LazyMarkdownBlock]:
        """The frozen blocks, in order."""
        return [group.layout().itemAt(i).widget() for group in self._groups for i in range(group.count)]

    def set_text(self, text: str) -> None:
        """Show this text; when it extends what is shown, only the new part is parsed."""
        current = self.text()
        if text.startswith(current):
            self.append(text[len(current) :])
            return
        self._clear()
        self.append(text)

    def append(self, more: str, complete: bool = False) -> None:
        """Add text. `complete`: the message will not grow any more."""
        if not more:
            return
        self._incoming.append(more)
        self._complete = self._complete or complete
        self._work()

    def _work(self) -> None:
        started = time.perf_counter()

        def spent() -> bool:
            return (time.perf_counter() - started) * 1000 > CUT_BUDGET_MS

        while True:
            self._take_incoming()
            self._scan()
            # Cut at the first break past CHUNK_CHARS, again and again: a burst of text
            # (a fast stream, a loaded history) becomes blocks of about that size. The
            # budget is looked at after each block: a table's 8 KB made 6-8 of them,
            # 8-13 ms, before it was looked at once.
            while True:
                size = SHOWN_CHUNK_CHARS if self._settled_split() else CHUNK_CHARS
                cut = next((b for b in self._breaks if b >= size), None)
                if cut is None:
                    break
                if cut > MAX_TAIL_CHARS or self._long_table_before(cut):
                    # The first break is too far, or a table before it is too long to be
                    # laid out and painted in a frame (short rows: 200 fit in 4 KB).
                    self._forced_cut()
                else:
                    kept = self._settled_cut()
                    self._freeze(kept or cut, keep_label=bool(kept))
                if spent():
                    return self._pause()
            while len(self._tail) > MAX_TAIL_CHARS or self._tail_table_rows() > MAX_TAIL_TABLE_ROWS:
                self._forced_cut()
                if spent():
                    return self._pause()
            if not self._incoming:
                break
            if spent():
                return self._pause()
        kept = self._settled_kept()
        if kept:
            self._freeze(kept, keep_label=True)  # (nothing parsed: the label becomes the block)
        if (time.perf_counter() - started) * 1000 > TAIL_AFTER_MS:
            # Showing the tail parses up to two blocks again (7-10 ms for 4 KB): after
            # cutting a burst, that waits for the next turn of the loop, on its own. The
            # first burst of an answer too (before its tail was ever shown): cut and
            # parsed in one turn, it was the cold benign answer's longest stall.
            return self._pause()
        self._show_tail(self._complete)
        self._show_new_blocks()

    def _pause(self) -> None:
        """The rest of the work in the next turn of the loop; what is cut is shown."""
        if not self._resume.isActive():
            self._resume.start()
        self._show_new_blocks()

    def _show_new_blocks(self) -> None:
        """Show the blocks frozen in this turn of the loop, their group laid out once.
        Left to Qt, each new block of a visible group is shown on its own in the next
        turn, and showing a widget lays out every layout above it up to the window: a
        burst of a table, 20-40 blocks a turn, held the loop for 40-90 ms that way.
        With the group's layout off while they are shown, the layouts above have
        nothing to do; the group is laid out once, from the request its new blocks
        left (a layout turned off drops the requests it gets meanwhile, so it is on
        again before the loop runs)."""
        if not self._new_blocks:
            return
        groups: dict[int, QWidget] = {}
        for block in self._new_blocks:
            group = block.parentWidget()
            groups.setdefault(id(group), group)
        for group in groups.values():
            group.layout().setEnabled(False)
        try:
            for block in self._new_blocks:
                block.show()
        finally:
            for group in groups.values():
                group.layout().setEnabled(True)
        self._new_blocks = []

    def _take_incoming(self) -> None:
        """Move up to FEED_CHARS of the incoming text into the tail."""
        room = FEED_CHARS - len(self._tail)
        while self._incoming and room > 0:
            piece = self._incoming[0]
            part = piece[self._incoming_offset : self._incoming_offset + room]
            self._tail += part
            room -= len(part)
            self._incoming_offset += len(part)
            if self._incoming_offset >= len(piece):
                self._incoming.popleft()
                self._incoming_offset = 0

    def _show_tail(self, complete: bool) -> None:
        if complete and self._tail_label is None:
            # Complete before it was ever shown (a fast stream): the end, too, is parsed
            # only when it comes into view.
            if self._tail:
                self._freeze(len(self._tail))
            return
        # A paragraph break outside a code block ends any context (as for frozen
        # blocks): what is before the last one renders the same whatever comes next.
        split = self._breaks[-1] if self._breaks else 0
        settled = self._carry + self._tail[:split] if split else ""
        # The definitions in the tail's whole lines (the last one too once the answer is
        # complete): a definition still being written, "[1]: https", is not taken as it
        # is, to be kept (the first of a label wins), and one ends at its line's end.
        written = self._carry + self._tail
        if not complete:
            written = written[: written.rfind("\n") + 1]
        if written != self._learned and "]:" in written:
            self._learned = written
            self._learn_definitions(written)
        writing = self._tail[split:] if split else self._carry + self._tail
        if (settled != self._settled_shown or writing != self._shown) and self._passed():
            # Done, and a fast stream has moved the chat on past it: its last paragraphs,
            # parsed now, would never be seen (a third of the open tails parsed in the
            # firehose). Frozen, they are parsed if the reader scrolls back to them.
            if self._tail:
                self._freeze(len(self._tail))  # (with the reader's places in their code)
            self._drop_tail_labels()
            return
        if self._tail_label is None:
            if not self._tail:
                return
            self._tail_label = made_block()  # (made here, each label was 0.4-1.5 ms of this piece of work)
            self._tail_label.resize(self.width(), 0)  # laid out at its width, not at 100 pixels first
            self._layout.addWidget(self._tail_label)
        if self._settled_label is None:
            self._new_settled_label()
        changed = []
        places = []
        first_show = not self._shown and not self._settled_shown
        started = time.perf_counter()
        settled_links = links_for(settled, self._definitions)
        if settled != self._settled_shown or settled_links != self._settled_label._links:
            # A code block the tail was showing may be joining the finished paragraphs:
            # the reader's place in it goes with it.
            places = self._code_places()
            self._settled_shown = settled
            self._settled_label.set_markdown(settled, fit=False, links=settled_links)
            changed.append((self._settled_label, bool(settled)))
        # The tail's first show, after a burst: its finished paragraphs (up to a block's
        # worth, 5-10 ms to parse in a process's first answer), then the paragraph being
        # written (2-4 ms with its show), were the cold answer's longest piece of work.
        # The second waits for the next turn of the loop. Nothing of the tail was on
        # screen: a paint in between shows the finished paragraphs, the one being
        # written follows, as text does in a stream. (Later, a paragraph that ends
        # moves from one label to the other: parsed apart, a paint in between would
        # show it in both.)
        later = first_show and bool(settled) and writing != self._shown and (time.perf_counter() - started) * 1000 > WRITING_AFTER_MS
        if complete and not later:
            self._tail_label.keep_glyphs(False)  # (dropped as it is next painted)
        writing_links = links_for(writing, self._definitions)
        if (writing != self._shown or writing_links != self._tail_label._links) and not later:
            self._shown = writing
            if not complete:
                # Repainted on every frame while it is written (again after a pause).
                self._tail_label.keep_glyphs(True)
                self._glyphs_idle.start()
            self._tail_label.set_markdown(writing, fit=False, links=writing_links)
            changed.append((self._tail_label, bool(writing)))
        if self.before_growing is not None:
            # Both parsed, neither resized yet: what the view grows by in all (a paragraph
            # that ends moves from one label to the other, which together grow by a line
            # at most, or by nothing).
            growth = sum(
                (label.fitted_height() if shown else 0) - (0 if label.isHidden() else label.height())
                for label, shown in changed
            )
            if growth > 0:
                self.before_growing(growth)
        for label, shown in changed:
            label.fit()
            if not shown and _focus_within(label) is not None:
                # Hidden with the keyboard in it, Qt would give it to the next widget in
                # Tab order (a button such as Stop): it waits in the answer instead.
                self.setFocus()
            label.setVisible(shown)
        self._settled_label.take_code_places(places, self)
        if later:
            # Hidden till then, not shown empty by Qt meanwhile (added to the layout
            # without a word): it grows from nothing, and the chat is told by how much.
            self._tail_label.setVisible(False)
            self._resume.start()

    def _drop_glyphs(self) -> None:
        if self._tail_label is not None:
            self._tail_label.drop_glyphs()

    def _passed(self) -> bool:
        """Whether the open tail's labels are out of the reader's way for good: the chat
        has moved on past the answer, and the keyboard and no selection are in them."""
        if self.scrolled_past is None or not self.scrolled_past():
            return False
        labels = [label for label in (self._settled_label, self._tail_label) if label is not None]
        return not any(_focus_within(label) is not None or label.textCursor().hasSelection() for label in labels)

    def _drop_tail_labels(self) -> None:
        for label in (self._settled_label, self._tail_label):
            if label is not None:
                self._layout.removeWidget(label)
                label.hide()
                label.deleteLater()
        self._settled_label = self._tail_label = None
        self._shown = self._settled_shown = ""

    def _new_settled_label(self) -> None:
        """An empty label for the tail's finished paragraphs, just above the tail's."""
        self._settled_label = made_block()
        self._settled_label.resize(self.width(), 0)  # laid out at its width, not at 100 pixels first
        self._settled_label.setVisible(False)
        self._layout.insertWidget(self._layout.indexOf(self._tail_label), self._settled_label)
        self._settled_shown = ""

    def _code_places(self) -> list:
        """Where the reader is in the code the open tail's labels show (the settled one's
        too: their code moves on as the answer goes on)."""
        return [place for label in (self._settled_label, self._tail_label) if label is not None
                for place in label.code_places()]

    def _settled_on_screen(self) -> bool:
        label = self._settled_label
        return label is not None and not label.isHidden() and not label.visibleRegion().isEmpty()

    def _settled_cut(self) -> int:
        """Where the tail's finished paragraphs end, if their label shows them and they
        make a block of their own (0 if not). Cut there, they become a frozen block as
        they are: parsing them again as a block the moment they came into view cost 4-11
        ms, the longest stretch of a frame while an answer streams. (Shown, not on screen:
        a label shown a frame ago may not be laid out yet, its visible region empty.)
        A paragraph break ends any context, so they render the same in any block."""
        split = self._settled_split()
        return split if split >= SETTLED_KEPT_CHARS else 0

    def _settled_split(self) -> int:
        """Where the tail's finished paragraphs end, if their label shows exactly them, up
        to a paragraph break (0 if not)."""
        label = self._settled_label
        split = len(self._settled_shown) - len(self._carry)
        if label is None or label.isHidden() or split not in self._breaks:
            return 0
        return split if self._carry + self._tail[:split] == self._settled_shown else 0

    def _settled_kept(self) -> int:
        """Where the tail's finished paragraphs end, if they are to become a block of their
        own as they are shown now, before more paragraphs join them (0 if not): when
        what joins them cannot be appended (see appended_paragraphs: code, a table),
        showing them all again parses them all again, and on a stream's every paragraph
        with code the label of a block's worth of them was parsed again (10-12 ms, the
        cold benign answer's longest piece of work). Kept as a block, only the new
        paragraphs are parsed, in a label of their own. Only when they are at least
        SETTLED_KEPT_CHARS (fewer parse within a few milliseconds, and a block for each
        paragraph would be many widgets), and when both parts show apart what they show
        together (see parsed_apart: no list going on, no link defined in the other)."""
        shown = self._settled_shown
        split = self._settled_split()
        if len(shown) < SETTLED_KEPT_CHARS or not split or self._breaks[-1] <= split:
            return 0
        settled = self._carry + self._tail[: self._breaks[-1]]
        return split if appended_paragraphs(shown, settled) is None and parsed_apart(shown, settled) else 0

    def _scan(self) -> None:
        tail = self._tail
        end = tail.rfind("\n") + 1  # only whole lines
        position = self._scanned
        while position < end:
            newline = tail.find("\n", position, end)
            line = tail[position:newline]
            before, self._scan_fence = self._scan_fence, fence_after_line(line, self._scan_fence)
            if before is None and self._scan_fence is None and not line.strip():
                self._breaks.append(newline + 1)
            position = newline + 1
        self._scanned = max(self._scanned, end)

    def _freeze(self, upto: int, shown: str | None = None, keep_label: bool = False) -> None:
        """Parse the tail's first `upto` characters into a block of their own (shown as
        `shown` when a forced cut adds context); a paragraph break ends any context.
        `keep_label`: the settled label showing them becomes the block even if it is
        not on screen (it is parsed already; see _settled_kept)."""
        text = self._tail[:upto]
        if shown is None:
            shown, self._carry, self._fence_opener = self._carry + text, "", None
        parsed = refocus = None
        if shown == self._settled_shown and (self._settled_on_screen() or (keep_label and self._settled_label is not None)):
            # Exactly what the settled label shows: it becomes the block, and the tail's
            # next finished paragraphs get a label of their own when the tail is shown
            # (made here, it counted as cutting time, and put the tail off a turn).
            parsed, self._settled_label, self._settled_shown = self._settled_label, None, ""
            refocus = _focus_within(parsed)
            if refocus is not None:
                # Taken to another parent, it is hidden, and Qt would give the keyboard
                # to the next widget in Tab order (a button such as Stop): it waits in
                # the answer until the block is shown.
                self.setFocus()
            self._layout.removeWidget(parsed)
        places = self._code_places() if parsed is None else []
        self._learn_definitions(shown)
        chunk = LazyMarkdownBlock(shown, parsed=parsed, code_places=(places, self) if places else None,
                                  refocus=refocus, definitions=self._definitions)
        if parsed is not None and parsed._links != links_for(shown, self._definitions):
            chunk.relink()  # (the label was parsed before a definition it uses came)
        if not self._groups or self._groups[-1].count >= BLOCKS_PER_GROUP:
            self._groups.append(_Blocks())
            self._layout.insertWidget(len(self._groups) - 1, self._groups[-1])  # before the tail
        self._groups[-1].add(chunk)
        self._new_blocks.append(chunk)
        self._frozen.append(text)
        self._tail = self._tail[upto:]
        self._scanned = max(0, self._scanned - upto)
        self._breaks = [b - upto for b in self._breaks if b > upto]

    def _learn_definitions(self, text: str) -> None:
        """Keep the link definitions in `text` (see link_definitions), and have the
        blocks already parsed that use a new one parsed again with it."""
        if len(self._definitions) >= MOST_KEPT:
            return
        new = {key: line for key, line in definitions_in(text).items() if key not in self._definitions}
        if not new:
            return
        new = dict(list(new.items())[: MOST_KEPT - len(self._definitions)])
        self._definitions.update(new)  # (the blocks hold this dict: the ones to come get them too)
        for chunk in self.frozen_blocks():
            if (chunk.block is not None or chunk.realizing_now()) and not chunk.labels().isdisjoint(new):
                chunk.relink()

    def _long_table_before(self, end: int) -> bool:
        """Whether the tail's first `end` characters hold a table of more than
        MAX_TAIL_TABLE_ROWS lines in a row (short tables, one after the other, do not
        count: each is laid out on its own)."""
        if self._tail_table_rows(end) <= MAX_TAIL_TABLE_ROWS:
            return False  # (counted in C: too few table lines in all)
        global _LONG_TABLE
        if _LONG_TABLE is None:
            _LONG_TABLE = re.compile(r"(?:^\|.*\n){%d}" % (MAX_TAIL_TABLE_ROWS + 1), re.MULTILINE)
        return _LONG_TABLE.search(self._tail, 0, end) is not None

    def _tail_table_rows(self, end: int = MAX_TAIL_CHARS) -> int:
        """Table lines in the tail's first `end` characters, one table or several."""
        if "|" not in self._tail:
            return 0
        return self._tail.count("\n|", 0, end) + self._tail.startswith("|")

    def _forced_cut(self) -> None:
        """The tail is too long and has no paragraph break: cut it anyway, keeping what
        the next block needs to render as the same code block or table."""
        window = self._tail[:MAX_TAIL_CHARS]
        cut = 0
        if self._tail_table_rows() > MAX_TAIL_TABLE_ROWS:
            position = -1
            for _ in range(MAX_TAIL_TABLE_ROWS):  # after the MAX_TAIL_TABLE_ROWS-th line
                position = window.find("\n", position + 1)
                if position < 0:
                    break
            cut = position + 1 if position >= 0 else 0
        if cut == 0:
            cut = window.rfind("\n", CHUNK_CHARS // 2) + 1
        if cut == 0:
            cut = max(window.rfind(" ", CHUNK_CHARS // 2), window.rfind("\t", CHUNK_CHARS // 2)) + 1
        if cut == 0:
            cut = MAX_TAIL_CHARS
            if "\ud800" <= window[cut - 1] <= "\udbff":
                cut -= 1  # never between the halves of a surrogate pair
        text = self._tail[:cut]
        # The code block open at the tail's start: its first line as this block shows it,
        # and its fence as the answer's lines are read against (a list item's fence
        # indented four columns is shown unindented in the next block, see below, but
        # the answer's closing line is still indented).
        opener = self._fence_opener
        fence = self._open_fence if opener is not None else None
        table_header: list[str] = self._carry.splitlines(keepends=True) if opener is None else []
        for line in text.split("\n")[:-1]:  # the whole lines
            if fence is not None:
                if fence_closes(line, fence):
                    fence = opener = None
                continue
            fence = fence_opened(line)
            if fence is not None:
                opener, table_header = line, []
            elif line.lstrip().startswith("|"):
                if len(table_header) < 2:
                    table_header.append(line + "\n")
            else:
                table_header = []
        shown = self._carry + text
        if fence is not None:
            # Closed with its own fence as this block shows it opened ("````" is not
            # closed by "```"), and opened again in the next block with its first line,
            # which keeps its language, and its indentation (a list item's "   ```bash":
            # its code keeps its place) unless that would make it indented code there,
            # outside its list.
            shown += ("" if text.endswith("\n") else "\n") + fence_opened(opener) + "\n"
            carried = opener if indentation(opener) < 4 else opener.lstrip()
            self._carry, self._fence_opener, self._open_fence = carried + "\n", carried, fence
        else:
            in_table = len(table_header) == 2 and text.endswith("\n") and self._tail[cut:cut + 1] in ("|", "")
            header = "".join(table_header)
            self._carry = header if in_table and len(header) <= MAX_CARRY_CHARS else ""
            self._fence_opener = None
        self._freeze(cut, shown)
        if self._scanned == 0:  # the scan starts again at the cut: in the code block, if it goes on
            self._scan_fence = fence

    def code_to_copy(self, block: MarkdownBlock, index: int, count: int, part: str) -> str:
        """What the Copy button of `block`'s `index`-th code block (of its `count`)
        copies: the answer's whole code block when the answer was cut inside it, else
        `part`. A block holds at most MAX_TAIL_CHARS, and a configuration or a routing
        table is often longer: shown in two panels or more, each one's Copy gave a part
        of it, with nothing to say so."""
        span = self._span_of(block)
        if span is None or 0 < index < count - 1:
            return part
        start, end = span
        text = self.text()
        for first, last in code_ranges(text):
            if first >= (start if end is None else end):
                break
            if (index == 0 and first < start < last) or (index == count - 1 and end is not None and first < end < last):
                return untrusted.visible(code_inside(text[first:last]))  # (as the answer shows it)
        return part

    def _span_of(self, block: MarkdownBlock) -> tuple[int, int | None] | None:
        """Where the answer's text that `block` shows starts and ends: a frozen block's
        raw text. The open tail's labels are not cut at their end (None); the first of
        them, which shows the tail from its start, starts where the frozen blocks end,
        and goes on from a cut code block if the tail starts inside one (its first line
        written again before it, see _forced_cut); the other starts at a paragraph
        break outside code (None: never part of a cut code block)."""
        start = 0
        for chunk, raw in zip(self.frozen_blocks(), self._frozen):
            if chunk.block is block:
                return start, start + len(raw)
            start += len(raw)
        first = self._settled_label if self._settled_shown else self._tail_label
        return (start, None) if block is first else None

    def _clear(self) -> None:
        for group in self._groups:
            self._layout.removeWidget(group)
            group.deleteLater()
        self._groups = []
        for label in (self._settled_label, self._tail_label):
            if label is not None:
                label.set_markdown("")
                label.setVisible(False)
        self._reset()
