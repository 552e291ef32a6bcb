"""A Markdown table's borders, drawn by its block as one rectangle per line.

Qt draws the collapsed one-pixel outset borders its Markdown importer gives a table
edge by edge, four for each cell, each with its joins: 60-75 % of the cost of painting
a table (a screen of one: 6 of 9 ms on a slow machine, the longest stall of a turn
that also parsed a block of it). The document keeps the borders' width, so Qt lays the
table out exactly as before; their style is none, so Qt does not draw them; the block
draws the same pixels over what Qt drew: the lines between the rows and the columns
and the table's top and left edges in the border's colour made lighter (an outset's
lit sides), its right and bottom edges in the border's colour.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QRect
from PySide6.QtGui import QPainter, QTextDocument, QTextFrameFormat, QTextTable

_DRAWN = QTextFrameFormat.BorderStyle.BorderStyle_None  # what a table whose borders we draw has
_QTS = QTextFrameFormat.BorderStyle.BorderStyle_Outset  # what Qt's Markdown importer gives


def _tables(document: QTextDocument) -> list[QTextTable]:
    """The tables of a document laid out: its frame tree, which a paint finds built
    (tables_in is for within an edit, where it is not; its walk of the objects' numbers
    stops at a number an object no longer has)."""
    return [frame for frame in document.rootFrame().childFrames() if isinstance(frame, QTextTable)]


def tables_in(document: QTextDocument) -> list[QTextTable]:
    """The tables of a document, also within an edit block, where its tree of frames
    is not built yet: among its objects (lists and tables, numbered from 0 as made)."""
    tables, index = [], 0
    while (made := document.object(index)) is not None:
        if isinstance(made, QTextTable):
            tables.append(made)
        index += 1
    return tables


def take_over(tables: list[QTextTable], ratio: float) -> bool:
    """Have the block draw the borders of these tables (of tables_in); whether it has
    any to draw. Call it within the parse's edit block: a table's new format lays it
    out again (as long as parsing it), unless it comes before the layout, which Qt
    does at the end of the edit. Not at a fractional device pixel ratio (a screen
    scaled 125 % or 150 %): Qt draws the lines there antialiased, half in each of two
    pixels, and these would be sharp."""
    taken = False
    if not float(ratio).is_integer():
        return taken
    for table in tables:
        fmt = table.format()
        if fmt.borderStyle() == _QTS and fmt.borderCollapse() and fmt.border() == 1:
            fmt.setBorderStyle(_DRAWN)
            table.setFormat(fmt)
            taken = True
    return taken


def as_qt_drew(html: str) -> str:
    """The HTML of a copied selection with its tables' borders as Qt's Markdown
    importer made them, for the application it is pasted in."""
    return html.replace(_NO_BORDER_STYLE, "")


_NO_BORDER_STYLE = " border-style:none;"  # how Qt's HTML writes the style taken over


def draw(document: QTextDocument, painter: QPainter, clip: QRect) -> None:
    """Draw the borders of the tables taken over, where they meet `clip` (document
    coordinates)."""
    layout = None
    for table in _tables(document):
        fmt = table.format()
        if fmt.borderStyle() != _DRAWN or fmt.border() != 1:
            continue
        layout = layout or document.documentLayout()
        inset = fmt.cellPadding() + 1  # from a cell's text to its border line
        # Out of the painted part (the open paragraph below it repaints on each frame of
        # a stream): passed by before its lines are measured, a cell at a time (0.4 ms a
        # table). Qt's bounding rectangle of a table starts at its first cell's text,
        # the lines are up to `inset` (and a pixel of rounding) around it.
        margin = math.ceil(inset) + 1
        if not clip.intersects(layout.frameBoundingRect(table).toAlignedRect().adjusted(-margin, -margin, margin, margin)):
            continue
        rows, columns = table.rows(), table.columns()
        top_cells = [layout.blockBoundingRect(table.cellAt(0, c).firstCursorPosition().block()) for c in range(columns)]
        xs = [math.floor(rect.left() - inset) for rect in top_cells]
        right = math.floor(top_cells[-1].right() + inset - 1)
        ys = [math.floor(layout.blockBoundingRect(table.cellAt(r, 0).firstCursorPosition().block()).top() - inset)
              for r in range(rows)]
        # The last row is as tall as its tallest cell.
        bottom = math.floor(max(layout.blockBoundingRect(table.cellAt(rows - 1, c).lastCursorPosition().block()).bottom()
                                for c in range(columns)) + inset - 1)
        if not clip.intersects(QRect(xs[0], ys[0], right - xs[0] + 1, bottom - ys[0] + 1)):
            continue
        brush = fmt.borderBrush()
        colour = brush.color()
        lit = colour.lighter()
        width, height = right - xs[0] + 1, bottom - ys[0] + 1
        # In Qt's order where lines cross: the bottom edge under the columns' lines,
        # the right edge over the rows'.
        painter.fillRect(xs[0], bottom, width, 1, colour)
        for y in ys:
            painter.fillRect(xs[0], y, width, 1, lit)
        for x in xs:
            painter.fillRect(x, ys[0], 1, height, lit)
        painter.fillRect(right, ys[0], 1, height, colour)
