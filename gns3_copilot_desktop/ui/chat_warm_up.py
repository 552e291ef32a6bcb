"""The first answer's costs paid ahead, while the window is idle after start-up (see
warm_up_steps)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QSize

from . import theme


def warm_up_steps() -> list[Callable[[], None]]:
    """What the first answer needs, in steps of about 10 ms at most, to run when the
    window is idle after start-up: the card and Markdown modules, the monospace font,
    a first Markdown layout (Qt sets up text shaping then) and its first paint (Qt
    rasterises and caches the glyphs of each font and size it draws: text, bold,
    italic, headings and code). Left to the first answer, these were its frames'
    longest stalls (15-39 ms on a quiet machine)."""
    made: list = []

    def load_cards() -> None:
        from . import tool_card  # noqa: F401

    def load_markdown() -> None:
        import html  # noqa: F401 - escaping, for the cards' rich-text lines

        from . import markdown_view  # noqa: F401

        theme.monospace()

    def make_block() -> None:
        from .markdown_block import MarkdownBlock

        made.append(MarkdownBlock())

    def lay_out_markdown() -> None:
        block = made[0]
        block.document().setTextWidth(600)
        block.set_markdown(WARM_UP_MARKDOWN)

    def paint_markdown() -> None:
        from PySide6.QtGui import QPainter

        block = made[0]
        image = _warm_up_image(block.document().size().toSize())
        painter = QPainter(image)
        block.document().drawContents(painter)
        # The block draws its tables' borders itself: their first drawing builds the
        # Python types of Qt's colour and brush enums (2.5 ms).
        from .table_borders import draw

        draw(block.document(), painter, image.rect())
        painter.end()

    def paint_code_panel() -> None:
        # A code block's panel is a widget of its own over the document (code_blocks):
        # its first paint drew Qt's first antialiased rounded frame, the Copy button
        # and the monospace glyphs of a plain-text view, 4-8 ms of the first answer.
        from .code_blocks import spare_panels
        from .markdown_block import spare_blocks

        block = made.pop()
        for panel in block._code.panels if block._code is not None else []:
            panel.render(_warm_up_image(panel.size()))
        block.deleteLater()
        spare_panels.fill()  # (in slices of their own, after the warm-up)
        spare_blocks.fill()

    def paint_tool_card() -> None:
        # The process's first tool card took 2-3 ms more to make, fill and paint than
        # the next (its kinds of widget polished and drawn for the first time): one is
        # made, filled with a finished call and drawn here, off-screen, never shown.
        from ..protocol.items import ToolCall, ToolStatus
        from .tool_card import ToolCallCard

        card = ToolCallCard()
        card.set_item(ToolCall(id="warm-up", name="get_topology", arguments='{"project": "R1"}', complete=True,
                               status=ToolStatus.DONE, output='{"nodes": [{"name": "R1", "status": "started"}]}'))
        card.resize(600, card.sizeHint().height())
        card.render(_warm_up_image(card.size()))
        card.deleteLater()

    return [load_cards, load_markdown, make_block, lay_out_markdown, paint_markdown, paint_code_panel, paint_tool_card]


def _warm_up_image(size: QSize):
    """An image to paint the warm-up in, at the screen's pixel ratio: glyphs are cached
    at the size they are drawn, so on a HiDPI screen glyphs drawn at ratio 1 are not
    the ones an answer needs."""
    from PySide6.QtGui import QGuiApplication, QImage

    ratio = QGuiApplication.instance().devicePixelRatio()
    image = QImage(max(1, round(size.width() * ratio)), max(1, round(size.height() * ratio)),
                   QImage.Format.Format_ARGB32_Premultiplied)
    image.setDevicePixelRatio(ratio)
    return image


# What the warm-up lays out and paints: a little of each thing an answer has, with the
# characters a typical one uses (so that their glyphs are cached). Chinese too (the app
# speaks it, and so do the answers of its users there): the first Chinese character
# has Qt look for a font that has it and load it, 15-25 ms of the first answer's frame
# on a slow machine, in plain and bold.
WARM_UP_MARKDOWN = (
    "## R1 and R2\n\n### Interfaces\n\n**R1** is *up*: `show ip route` says 10.0.0.1/24 via Gi0/0.\n\n"
    "- ABCDEFGHIJKLMNOPQRSTUVWXYZ abcdefghijklmnopqrstuvwxyz 0123456789\n"
    "- .,;:!?'\"()[]{}<>/\\|-_+=*&^%$#@~\n"
    "- 路由器 **R1** 的接口状态正常，OSPF 邻居关系已建立：配置、地址、网络、链路和设备都已检查。\n\n"
    "```\nR1# show ip interface brief\nGigabitEthernet0/0  10.0.0.1  YES  up  up\n```\n\n"
    "| Node | State | 状态 |\n|---|---|---|\n| R1 | started | **正常** |\n"
)
