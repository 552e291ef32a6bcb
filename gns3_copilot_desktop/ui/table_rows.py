"""A big table cut into blocks of a few rows, shown as ONE table.

A table with no end in sight (a megabyte of rows) is cut every few rows (see
markdown_view): Qt lays out and paints a table's cells slowly, and one block must
parse, lay out and paint within a frame. Each block is its own document, so Qt gave
each its own table: the header again every few rows (the cut carries it, or the rows
would not parse as a table), its own column widths (a column as wide as its widest
cell in those rows) and the document's margins between them. Here the blocks of one
table agree: the header only where the table starts, the same column widths in all
(the widest cell seen in any of them so far), and nothing above a block that
continues the table nor below one that the next block continues.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from PySide6.QtGui import QBrush, QFont, QFontMetricsF, QTextDocument, QTextFrameFormat, QTextLength, QTextTable


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


def join(document: QTextDocument, text: str, part: TablePart, available: float) -> None:
    """Make the block's share of the table look like part of one table (see above).
    Called once its text is parsed, before it is laid out at the `available` width."""
    found = tables(document)
    if not found:
        return
    first, last = found[0], found[-1]
    # The table cut is the block's first (it continues) or its last (it goes on below).
    # Measured with the carried header in: the header sets the widths as much as rows.
    table = first if part.continues else last
    part.run.widen(_widths_needed(document, text, part.continues))
    if part.continues:
        first.removeRows(0, 1)  # the header carried from the table's start
        _no_margin(document, top=True)
        # Its top line is the bottom line of the block above: drawn once, not twice.
        fmt = first.format()
        fmt.setTopMargin(-fmt.border())
        first.setFormat(fmt)
    if part.continued:
        _no_margin(document, top=False)
    apply_widths(table, part.run, available)


def apply_widths(table: QTextTable, run: TableRun, available: float) -> None:
    """The run's column widths on this block's table. Wider in all than the `available`
    width (the block's), the columns share it in the same proportions instead, their
    cells wrapped: fixed widths would go past the block's right edge, and the rest of
    the row would not be seen (the answer never scrolls sideways)."""
    fmt = table.format()
    padding = 2 * fmt.cellPadding() + fmt.border() + 1
    widths = [math.ceil(width + padding) for width in run.widths]
    if available > 0 and sum(widths) + 2 * fmt.border() > available:
        total = sum(widths)
        constraints = [QTextLength(QTextLength.Type.PercentageLength, 100 * width / total) for width in widths]
    else:
        constraints = [QTextLength(QTextLength.Type.FixedLength, width) for width in widths]
    if fmt.columnWidthConstraints() != constraints:
        fmt.setColumnWidthConstraints(constraints[: table.columns()])
        table.setFormat(fmt)


def cheap_borders(document: QTextDocument) -> None:
    """Every table's lines drawn as single lines of one colour, each cell drawing its own
    over its neighbour's (cell spacing -1), instead of Qt's collapsed borders: those
    look the same (lines of the border colour made lighter by half, outset style) and
    cost five times as much to paint and twice as much to lay out (24 rows of four
    cells: 3.6 ms to paint, 1.9 ms to lay out; now 0.7 and 1.0 ms), most of the cost
    of a big table's block coming into view."""
    for table in tables(document):
        fmt = table.format()
        if not fmt.borderCollapse():
            continue
        fmt.setBorderCollapse(False)
        fmt.setBorderStyle(QTextFrameFormat.BorderStyle.BorderStyle_Solid)
        fmt.setBorderBrush(QBrush(fmt.borderBrush().color().lighter(150)))
        fmt.setCellSpacing(-fmt.border())
        table.setFormat(fmt)


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


def _widths_needed(document: QTextDocument, text: str, continues: bool) -> list[float]:
    """What each column of the block's cut table needs not to wrap, in pixels: the
    widest cell text in its font (the header's is bold). Measured on the Markdown's
    cells, the longest few of each column: asking the document for each cell's text
    and font cost 12 us a cell, as much as laying the cell out. (A cell's Markdown is
    at least as wide as its text: marks like ` or ** leave a little room at most.)"""
    lines = _table_lines(text, first=continues)
    if not lines:
        return []
    cells = [[cell.strip() for cell in _CELL_SEPARATOR.split(line.strip().strip("|"))] for line in lines]
    header, rows = cells[0], cells[2:]  # (cells[1] is the |---| line)
    font = document.defaultFont()
    bold = QFont(font)
    bold.setBold(True)
    normal_metrics, bold_metrics = QFontMetricsF(font), QFontMetricsF(bold)
    needs = [bold_metrics.horizontalAdvance(cell) for cell in header]
    for column in range(len(header)):
        longest = sorted((row[column] for row in rows if column < len(row)), key=len)[-_MEASURED:]
        for cell in longest:
            needs[column] = max(needs[column], normal_metrics.horizontalAdvance(cell))
    return needs


_CELL_SEPARATOR = re.compile(r"(?<!\\)\|")
_MEASURED = 3  # the longest cells of a column measured: in a proportional font a few
# characters fewer can be wider


def _table_lines(text: str, first: bool) -> list[str]:
    """The lines of the block's first (or last) table: a run of lines starting with |."""
    runs: list[list[str]] = []
    previous_in_table = False
    for line in text.split("\n"):
        in_table = line.lstrip().startswith("|")
        if in_table:
            if not previous_in_table:
                runs.append([])
            runs[-1].append(line)
        previous_in_table = in_table
    if not runs:
        return []
    return runs[0] if first else runs[-1]
