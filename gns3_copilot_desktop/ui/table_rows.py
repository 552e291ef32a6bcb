"""A big table cut into blocks of a few rows, shown as ONE table.

A table with no end in sight (a megabyte of rows) is cut every few rows (see
markdown_view): Qt lays out and paints a table's cells slowly, and one block must
parse, lay out and paint within a frame. Each block is its own document, so Qt gave
each its own table: the header again every few rows (the cut carries it, or the rows
would not parse as a table), its own column widths (a column as wide as its widest
cell in those rows) and an empty line between them. Here the blocks of one table
agree: the header only where the table starts, the same column widths in all (the
widest cell seen in any of them so far), and nothing above a block that continues the
table nor below one that the next block continues.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from PySide6.QtGui import QFontMetricsF, QTextDocument, QTextLength, QTextTable


@dataclass
class TableRun:
    """The column widths shared by the blocks of one table; `version` counts their
    changes, so that a block laid out with older widths is laid out again."""

    widths: list[float] = field(default_factory=list)
    version: int = 0

    def widen(self, needs: list[float]) -> None:
        if len(needs) != len(self.widths):  # (a row with more cells than the header)
            widths = [max(a, b) for a, b in zip(needs, self.widths)] + needs[len(self.widths):] + self.widths[len(needs):]
        else:
            widths = [max(a, b) for a, b in zip(needs, self.widths)]
        if widths != self.widths:
            self.widths = widths
            self.version += 1


@dataclass(frozen=True)
class TablePart:
    """Where a block stands in a table cut into blocks: `continues` it (its first rows
    are the carried header, not shown) and/or `continued` by the next block."""

    run: TableRun
    continues: bool
    continued: bool


def tables(document: QTextDocument) -> list[QTextTable]:
    return [frame for frame in document.rootFrame().childFrames() if isinstance(frame, QTextTable)]


def join(document: QTextDocument, part: TablePart) -> None:
    """Make the block's share of the table look like part of one table (see above).
    Called once its text is parsed, before it is laid out."""
    found = tables(document)
    if not found:
        return
    first, last = found[0], found[-1]
    # The table cut is the block's first (it continues) or its last (it goes on below).
    # Measured with the carried header in: the header sets the widths as much as rows.
    table = first if part.continues else last
    part.run.widen(_widths_needed(table))
    if part.continues:
        first.removeRows(0, 1)  # the header carried from the table's start
        _no_margin(document, top=True)
        if _table_top is not None:
            fmt = first.format()
            fmt.setTopMargin(-_table_top)
            first.setFormat(fmt)
    if part.continued:
        _no_margin(document, top=False)
    apply_widths(table, part.run)


def apply_widths(table: QTextTable, run: TableRun) -> None:
    fmt = table.format()
    padding = 2 * fmt.cellPadding() + fmt.border() + 1
    constraints = [QTextLength(QTextLength.Type.FixedLength, math.ceil(width + padding)) for width in run.widths]
    if fmt.columnWidthConstraints() != constraints:
        fmt.setColumnWidthConstraints(constraints[: table.columns()])
        table.setFormat(fmt)


# How far below a document's top Qt places a table that starts it, with no margins:
# the empty line a document has before a table (measured once: the same for every table
# of the conversation's font). A block that continues a table is moved up by as much.
_table_top: float | None = None


def to_top(document: QTextDocument, part: TablePart) -> bool:
    """Move a continuing block's table to its top (laid out): the first time only,
    while the distance is not known yet. Whether it moved."""
    global _table_top
    found = tables(document)
    if _table_top is not None or not part.continues or not found:
        return False
    frame = document.documentLayout().frameBoundingRect(found[0])
    if frame.height() <= 0:
        return False  # not laid out yet
    _table_top = frame.top()
    fmt = found[0].format()
    fmt.setTopMargin(-_table_top)
    found[0].setFormat(fmt)
    return True


def bottom_of_table(document: QTextDocument, part: TablePart) -> float | None:
    """Where the block ends when the next block continues its table: at the table's
    bottom edge, not after the empty line a document always has after a table; its
    bottom line left out (the next block's top line is the one between them)."""
    found = tables(document)
    if not part.continued or not found:
        return None
    frame = document.documentLayout().frameBoundingRect(found[-1])
    return frame.bottom() - found[-1].format().border() if frame.height() > 0 else None


def restore_margins(document: QTextDocument) -> None:
    """The margins `join` took off, back (the document is shown whole again)."""
    root = document.rootFrame()
    fmt = root.frameFormat()
    fmt.setTopMargin(document.documentMargin())
    fmt.setBottomMargin(document.documentMargin())
    root.setFrameFormat(fmt)


def _no_margin(document: QTextDocument, top: bool) -> None:
    root = document.rootFrame()
    fmt = root.frameFormat()
    if top:
        fmt.setTopMargin(0)
    else:
        fmt.setBottomMargin(0)
    root.setFrameFormat(fmt)


def _widths_needed(table: QTextTable) -> list[float]:
    """The widest cell text of each column, in pixels, in its own font (the header's is
    bold): what a column needs not to wrap. Measured from the text, without laying the
    table out (that is the slow part)."""
    needs = [0.0] * table.columns()
    metrics: dict[str, QFontMetricsF] = {}
    for row in range(table.rows()):
        for column in range(table.columns()):
            cell = table.cellAt(row, column)
            block = cell.firstCursorPosition().block()
            while block.isValid() and block.position() <= cell.lastPosition():
                fragment = block.begin()
                font = fragment.fragment().charFormat().font() if not fragment.atEnd() else block.charFormat().font()
                key = font.key()
                if key not in metrics:
                    metrics[key] = QFontMetricsF(font)
                needs[column] = max(needs[column], metrics[key].horizontalAdvance(block.text()))
                block = block.next()
    return needs
