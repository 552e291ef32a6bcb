"""Colours, fonts and small painted icons, for light and dark palettes alike."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QIcon, QPainter, QPalette, QPen, QPixmap
from PySide6.QtWidgets import QApplication, QFrame, QLabel, QWidget

from .qt_namespace import Qt, set_by_name

if TYPE_CHECKING:
    from PySide6.QtGui import QFont

AMBER = "#d98a00"
RED = "#c62828"
GREEN = "#2e7d32"
BLUE = "#1e6fd9"


def is_dark(widget: QWidget | None = None) -> bool:
    palette = widget.palette() if widget is not None else QApplication.palette()
    return palette.color(QPalette.ColorRole.Window).lightness() < 128


def monospace() -> QFont:
    from PySide6.QtGui import QFont, QFontDatabase  # their enums cost ~2 ms: not at start-up

    font = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
    font.setStyleHint(QFont.StyleHint.Monospace)
    return font


def secondary_text(label: QLabel) -> QLabel:
    """A line that explains or adds to what is beside it (a mode's hint, a chat's
    figures, a note): in the theme's quieter colour, the palette's placeholder role,
    which in the app's light and dark palettes keeps 4.5:1 against what such lines are
    on (WCAG AA; see the palettes; the system theme's is the platform's). The role, not a
    style sheet: it follows a change of theme and View -> text size. Not a disabled
    label: its grey was 2.4:1 in the light theme, and a screen reader calls a disabled
    label unavailable."""
    label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
    return label


def bold_label(text: str = "") -> QLabel:
    """A label in bold (a heading): plain text in a bold font, not "<b>" rich text. A
    rich-text label keeps a text document whose changes, and repaints at a new width,
    Qt reports to screen readers as text events of a label that has no text for them
    ("Received text event for invalid interface"; nothing said)."""
    label = QLabel(text)
    set_by_name(label, textFormat="PlainText")
    font = label.font()
    font.setBold(True)
    label.setFont(font)
    return label


def dark_palette() -> QPalette:
    palette = QPalette()
    base, text = QColor("#1f2125"), QColor("#e6e6e6")
    palette.setColor(QPalette.ColorRole.Window, QColor("#2a2d32"))
    palette.setColor(QPalette.ColorRole.WindowText, text)
    palette.setColor(QPalette.ColorRole.Base, base)
    palette.setColor(QPalette.ColorRole.AlternateBase, QColor("#2f3237"))
    palette.setColor(QPalette.ColorRole.Text, text)
    palette.setColor(QPalette.ColorRole.Button, QColor("#34373d"))
    palette.setColor(QPalette.ColorRole.ButtonText, text)
    palette.setColor(QPalette.ColorRole.ToolTipBase, base)
    palette.setColor(QPalette.ColorRole.ToolTipText, text)
    palette.setColor(QPalette.ColorRole.Highlight, QColor(BLUE))
    palette.setColor(QPalette.ColorRole.HighlightedText, QColor("#ffffff"))
    # Secondary text too (secondary_text): 5.9:1 on the window, 6.9:1 on a text box, 5.1:1
    # on a button, 4.9:1 on the question's card.
    palette.setColor(QPalette.ColorRole.PlaceholderText, QColor("#a5aab3"))
    palette.setColor(QPalette.ColorRole.Link, QColor("#6ea8ff"))
    for role in (QPalette.ColorRole.Text, QPalette.ColorRole.ButtonText, QPalette.ColorRole.WindowText):
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor("#7a7f88"))
    return palette


def light_palette() -> QPalette:
    palette = QPalette()
    palette.setColor(QPalette.ColorRole.Window, QColor("#f3f4f6"))
    palette.setColor(QPalette.ColorRole.WindowText, QColor("#1d1f23"))
    palette.setColor(QPalette.ColorRole.Base, QColor("#ffffff"))
    palette.setColor(QPalette.ColorRole.AlternateBase, QColor("#f7f8fa"))
    palette.setColor(QPalette.ColorRole.Text, QColor("#1d1f23"))
    palette.setColor(QPalette.ColorRole.Button, QColor("#e9ebef"))
    palette.setColor(QPalette.ColorRole.ButtonText, QColor("#1d1f23"))
    palette.setColor(QPalette.ColorRole.Highlight, QColor(BLUE))
    palette.setColor(QPalette.ColorRole.HighlightedText, QColor("#ffffff"))
    # Secondary text too (secondary_text): 5.3:1 on the window, 5.9:1 on a text box, 4.9:1
    # on a button, 5.0:1 on the question's card.
    palette.setColor(QPalette.ColorRole.PlaceholderText, QColor("#5f6570"))
    palette.setColor(QPalette.ColorRole.Link, QColor(BLUE))
    for role in (QPalette.ColorRole.Text, QPalette.ColorRole.ButtonText, QPalette.ColorRole.WindowText):
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor("#9aa0a8"))
    return palette


# Every platform gets the Fusion style, whose look the painted cards are made for. Asked
# for on the command line of QApplication, the style is made by Qt alone: setStyle()
# from Python would first build the Python enums of QStyle, 5 ms of a 50 ms start-up.
STYLE_ARGUMENTS = ["-style", "Fusion"]


def apply_theme(app: QApplication, theme: str, style: bool = True, fresh: bool = False) -> None:
    """`light`, `dark`, or `system` (whatever the platform gives). `style=False` when the
    application was made with STYLE_ARGUMENTS; `fresh` when it was just made (it has
    the platform's palette: nothing to undo, and the Qt namespace, which asking would
    build, is left for after the first frame: qt_namespace)."""
    if style:
        app.setStyle("Fusion")
    if theme == "dark":
        app.setPalette(dark_palette())
    elif theme == "light":
        app.setPalette(light_palette())
    elif not fresh and app.testAttribute(Qt.ApplicationAttribute.AA_SetPalette):
        app.setPalette(QPalette())  # back to the platform's own (only after a switch)
    if is_dark():
        _visible_indicators(app)


# The frame of a check box's (and a radio button's) box, in a dark palette. Fusion draws
# it in the window colour darkened by 40 %: on the dark window that was black on nearly
# black, and the "Unlimited" and "Remember me" boxes could not be seen. Fusion takes the
# frame from the Window role only, so those two classes get a palette of their own with
# a light Window (they do not fill their background with it): no style sheet (which would
# have to draw the whole box and its check mark) and no Python in the painting.
INDICATOR_WINDOW = "#c8ced8"  # framed in about #8f949b, lighter still (+10 %) as drawn


def _visible_indicators(app: QApplication) -> None:
    palette = QPalette(app.palette())
    for group in (QPalette.ColorGroup.Active, QPalette.ColorGroup.Inactive, QPalette.ColorGroup.Disabled):
        palette.setColor(group, QPalette.ColorRole.Window, QColor(INDICATOR_WINDOW))
    # (The app-wide palette set just before clears class palettes: set after it.)
    for name in ("QCheckBox", "QRadioButton"):
        app.setPalette(palette, name)


_base_font: QFont | None = None


def base_font() -> QFont:
    """The application's font as the platform gave it, before any View → text size."""
    from PySide6.QtGui import QFont

    global _base_font
    if _base_font is None:
        _base_font = QFont(QApplication.font())
    return QFont(_base_font)


def apply_text_size(size: int) -> None:
    """View → text size, on the application's font, not the window's: dialogs are
    windows of their own and do not inherit the main window's font, and they must grow
    too. (Also called before the window is made, so the first paint has the size.)"""
    if size == 0 and _base_font is None:
        return  # the platform's own size, untouched so far (and QFont's enums not built: 2 ms)
    font = base_font()
    font.setPointSizeF(max(6.0, font.pointSizeF() + size))
    if font != QApplication.font():
        QApplication.setFont(font)


def scroll_bar_colors(dark: bool) -> tuple[str, str, str]:
    """(thumb, thumb under the mouse, track): a thumb clearly darker (light theme) or
    lighter (dark) than its track: Fusion's light thumb beside near-white cards read as
    the track, and people dragged the wrong way."""
    return ("#7a7f88", "#9aa0a8", "#25282d") if dark else ("#7c828c", "#5f656e", "#e6e8ec")


def scroll_bar_style(dark: bool) -> str:
    """The conversation's scroll bar (see scroll_bar_colors). Set on the scrolling views
    only, so no other widget is re-polished."""
    thumb, hover, track = scroll_bar_colors(dark)
    return (
        f"QScrollBar:vertical {{ background: {track}; width: 12px; margin: 0; border: none; }}"
        f"QScrollBar::handle:vertical {{ background: {thumb}; min-height: 32px; border-radius: 5px; margin: 2px; }}"
        f"QScrollBar::handle:vertical:hover {{ background: {hover}; }}"
        "QScrollBar::add-line:vertical, QScrollBar::sub-line:vertical { height: 0; }"
        "QScrollBar::add-page:vertical, QScrollBar::sub-page:vertical { background: none; }"
    )


def card_colors(kind: str, dark: bool) -> tuple[str, str]:
    """(background, border) of a card of this kind."""
    table = {
        "tool": ("#25282d", "#3b3f46") if dark else ("#fafbfc", "#d9dce1"),
        "limit": ("#3a2f14", AMBER) if dark else ("#fff6e0", AMBER),
        "aborted": ("#2c2c2c", "#6b6b6b") if dark else ("#f2f2f2", "#a0a0a0"),
        "error": ("#3b1f1f", RED) if dark else ("#fdecec", RED),
        "user": ("#1d3a5f", "#2c5a91") if dark else ("#e4efff", "#b9d3f7"),
    }
    return table[kind]


def _pixmap(size: int) -> tuple[QPixmap, QPainter]:
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    return pixmap, painter


def limit_icon(size: int = 20) -> QPixmap:
    """A gauge with its needle at the end of the scale: a limit, not an error."""
    pixmap, painter = _pixmap(size)
    pen = QPen(QColor(AMBER), max(2.0, size / 10))
    painter.setPen(pen)
    margin = size * 0.12
    rect = QRectF(margin, margin, size - 2 * margin, size - 2 * margin)
    painter.drawArc(rect, -30 * 16, 240 * 16)
    center = rect.center()
    painter.drawLine(center, QPointF(rect.right() - size * 0.08, center.y() + size * 0.18))
    painter.setBrush(QColor(AMBER))
    painter.drawEllipse(center, size * 0.08, size * 0.08)
    painter.end()
    return pixmap


def tool_icon(size: int = 18, color: str = BLUE) -> QPixmap:
    """A wrench-like glyph: two circles and a bar."""
    pixmap, painter = _pixmap(size)
    pen = QPen(QColor(color), max(2.0, size / 9))
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    painter.setPen(pen)
    painter.drawLine(QPointF(size * 0.25, size * 0.75), QPointF(size * 0.62, size * 0.38))
    painter.drawEllipse(QPointF(size * 0.7, size * 0.3), size * 0.16, size * 0.16)
    painter.end()
    return pixmap


def pin_icon(size: int = 16, color: str = AMBER) -> QPixmap:
    """A push pin, drawn here: the 📌 emoji is an empty box without an emoji font."""
    pixmap, painter = _pixmap(size)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(color))
    painter.drawEllipse(QPointF(size * 0.5, size * 0.3), size * 0.24, size * 0.22)
    painter.drawRect(QRectF(size * 0.3, size * 0.42, size * 0.4, size * 0.1))
    pen = QPen(QColor(color), max(1.5, size / 10))
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    painter.setPen(pen)
    painter.drawLine(QPointF(size * 0.5, size * 0.5), QPointF(size * 0.5, size * 0.94))
    painter.end()
    return pixmap


APP_ICON_SIZES = (16, 32, 64, 128, 256)


def app_icon() -> QIcon:
    """The window icon, as draw_app_icon draws it, from the pixels kept in
    app_icon_pixels: drawing sets pens and brushes, and PySide tells their overloads
    apart by building the Python enums of the whole Qt namespace (14 ms), which the
    window's first frame is otherwise painted without (qt_namespace)."""
    import zlib
    from binascii import a2b_base64

    from PySide6.QtGui import QImage

    from .app_icon_pixels import PIXELS

    icon = QIcon()
    for size in APP_ICON_SIZES:
        # An image of its own, the pixels copied in: an image made on the unpacked bytes
        # only points at them, and a pixmap made from it may share them, read after
        # they are freed (the sign-in dialog, which shows the window's icon, crashed so
        # now and then).
        image = QImage(size, size, QImage.Format.Format_RGBA8888_Premultiplied)
        image.bits()[:] = zlib.decompress(a2b_base64(PIXELS[size]))
        icon.addPixmap(QPixmap.fromImage(image))
    return icon


def draw_app_icon(size: int) -> QPixmap:
    """A chat bubble over a network of three nodes. `python -m
    gns3_copilot_desktop.ui.app_icon_pixels` stores what this draws (a test compares)."""
    pixmap, painter = _pixmap(size)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(BLUE))
    painter.drawRoundedRect(QRectF(size * 0.06, size * 0.08, size * 0.88, size * 0.66), size * 0.16, size * 0.16)
    painter.drawPolygon([QPointF(size * 0.25, size * 0.7), QPointF(size * 0.25, size * 0.92), QPointF(size * 0.45, size * 0.72)])
    painter.setPen(QPen(QColor("#ffffff"), max(1.0, size / 24)))
    nodes = [QPointF(size * 0.3, size * 0.5), QPointF(size * 0.5, size * 0.26), QPointF(size * 0.7, size * 0.5)]
    painter.drawLine(nodes[0], nodes[1])
    painter.drawLine(nodes[1], nodes[2])
    painter.drawLine(nodes[0], nodes[2])
    painter.setBrush(QColor("#ffffff"))
    for node in nodes:
        painter.drawEllipse(node, size * 0.07, size * 0.07)
    painter.end()
    return pixmap


class Card(QFrame):
    """A rounded, bordered panel in the colours of its kind, painted by hand: style
    sheets would make Qt re-polish every child of every card, which costs a lot when a
    stream adds a hundred cards."""

    def __init__(self, kind: str = "tool", parent: QWidget | None = None):
        super().__init__(parent)
        self._kind = ""
        self._colors = ("#ffffff", "#cccccc")
        self.set_kind(kind)

    @property
    def kind(self) -> str:
        return self._kind

    def set_kind(self, kind: str) -> None:
        if kind != self._kind:
            self._kind = kind
            self._colors = card_colors(kind, is_dark(self))
            self.update()

    def refresh_colors(self) -> None:
        """The theme changed."""
        self._colors = card_colors(self._kind, is_dark())  # the application's, already changed
        self.update()

    def background(self) -> QColor:
        """The colour inside its border (a child that paints its own background in it)."""
        return QColor(self._colors[0])

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt's name
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        background, border = self._colors
        painter.setPen(QPen(QColor(border), 1))
        painter.setBrush(QColor(background))
        painter.drawRoundedRect(QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5), 8, 8)
        painter.end()
