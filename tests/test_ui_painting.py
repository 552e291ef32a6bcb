"""What the window paints again when something changes: what a user sees stays the same,
and only what changed is painted (a window at a model's pace paints ~180 times a turn)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication, QVBoxLayout, QWidget

from gns3_copilot_desktop.protocol.items import ToolCall, ToolStatus


class Painted(QObject):
    """The regions each watched widget was asked to paint."""

    def __init__(self, *widgets: QWidget) -> None:
        super().__init__()
        self.regions: dict[QWidget, list] = {widget: [] for widget in widgets}
        for widget in widgets:
            widget.installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.Paint:
            self.regions[watched].append(event.region().boundingRect())
        return False

    def clear(self) -> None:
        for regions in self.regions.values():
            regions.clear()


def on_screen(widget: QWidget) -> bytes:
    """The pixels the screen shows of `widget` now, as painted (partial repaints and all)."""
    QApplication.sendPostedEvents()
    QApplication.processEvents()
    top = widget.window()
    corner = widget.mapTo(top, widget.rect().topLeft())
    return pixels(widget.screen().grabWindow(top.winId(), corner.x(), corner.y(), widget.width(), widget.height()).toImage())


def fresh(widget: QWidget) -> bytes:
    """The pixels of `widget` painted whole, now."""
    return pixels(widget.grab().toImage())


def pixels(image: QImage) -> bytes:
    image = image.convertToFormat(QImage.Format.Format_RGB32)
    return bytes(image.constBits())[: image.sizeInBytes()]


def running_card(qtbot):
    from gns3_copilot_desktop.ui.tool_card import ToolCallCard, _Spinner

    host = QWidget()
    qtbot.addWidget(host)
    card = ToolCallCard()
    QVBoxLayout(host).addWidget(card)
    card.set_item(ToolCall(id="1", name="show_interface_status", arguments='{"device": "R1"}', status=ToolStatus.RUNNING))
    host.resize(600, 120)
    host.show()
    qtbot.waitExposed(host)
    _Spinner.timer.stop()  # turned by hand here, frame by frame
    return host, card


def test_the_running_indicator_turns_on_screen_and_repaints_only_itself(qtbot):
    from gns3_copilot_desktop.ui.tool_card import SPINNER, _Spinner

    host, card = running_card(qtbot)
    painted = Painted(card, card.spinner)
    frames = []
    for _ in range(len(SPINNER)):
        frames.append(on_screen(card.spinner))
        painted.clear()
        _Spinner._tick()
        on_screen(card.spinner)
        assert painted.regions[card.spinner], "a frame was not painted"
        # Its own rectangle only: not the card under it (nor its group, nor the chat).
        assert painted.regions[card] == []
    assert len(set(frames)) == len(SPINNER)  # every frame looks new
    assert on_screen(card.spinner) == frames[0]  # and round again
    assert on_screen(host) == fresh(host)  # as a fresh paint of the card shows it


def test_a_paragraph_that_ends_repaints_the_strip_it_adds_not_those_above_it(qtbot):
    """The open answer's finished paragraphs are one block that grows by a paragraph at a
    time: each paragraph that ended repainted all of them."""
    from gns3_copilot_desktop.ui.markdown_block import MarkdownBlock

    host = QWidget()
    qtbot.addWidget(host)
    block = MarkdownBlock()
    layout = QVBoxLayout(host)
    layout.addWidget(block)
    layout.addStretch(1)
    text = "".join(f"Paragraph {n} says what the router does with its routes.\n\n" for n in range(8))
    block.set_markdown(text)
    host.resize(600, 500)
    host.show()
    qtbot.waitExposed(host)
    on_screen(block)  # its first paint done
    painted = Painted(block.viewport())
    for n in range(8, 12):
        before = block.height()
        text += f"Paragraph {n} says what the router does with its routes.\n\n"
        block.set_markdown(text)
        shown = on_screen(block)
        assert block.height() > before
        regions = painted.regions[block.viewport()]
        assert regions and all(region.top() >= before - 40 for region in regions), (n, regions)  # the new strip
        assert shown == fresh(block), n  # and the screen as a fresh paint shows it
        painted.clear()


def test_a_line_more_in_the_open_answer_leaves_its_frozen_blocks_as_they_are(qtbot):
    """While the chat follows an answer whose start is frozen in blocks, each line more
    scrolls what is on screen (Qt copies it) and paints the new line. The frozen blocks
    above it were squeezed by that line and stretched back on every line: in the window,
    each time, Qt painted all the chat in view again (a realistic turn, after its first
    frozen block: every line)."""
    from gns3_copilot_desktop.protocol import ContentEvent, Transcript
    from gns3_copilot_desktop.ui.chat_view import ChatView
    from gns3_copilot_desktop.ui.lazy_markdown_block import LazyMarkdownBlock
    from gns3_copilot_desktop.ui.markdown_view import MarkdownView, _Blocks

    transcript = Transcript()
    transcript.begin_turn("q")
    view = ChatView()
    qtbot.addWidget(view)
    view.resize(800, 400)
    view.show()
    view.reset(transcript)

    def render() -> None:
        view.update_items(transcript.take_changes())
        qtbot.waitUntil(lambda: not view.pending() and not any(m.pending() for m in view.findChildren(MarkdownView)))
        on_screen(view)

    paragraph = "The router keeps its routes in a table of its own and shares them. " * 3 + "\n\n"
    for _ in range(40):  # long enough that its start is frozen in blocks
        transcript.apply(ContentEvent(content=paragraph))
        render()
    assert any(not block.visibleRegion().isEmpty() for block in view.findChildren(LazyMarkdownBlock)), "none in view"
    groups = view.findChildren(_Blocks)
    sizes = Resized(*groups)
    bar = view.verticalScrollBar()
    grew = 0
    for n in range(30):
        before = bar.maximum()
        transcript.apply(ContentEvent(content="and more words "))
        render()
        grew += bar.maximum() > before
        assert bar.value() == bar.maximum(), n  # it follows the end
        assert on_screen(view.viewport()) == fresh(view.viewport()), n  # the screen is as painted afresh
    assert grew >= 3  # line after line
    assert sizes.changes == [], sizes.changes


class Resized(QObject):
    """The size changes of the watched widgets: (old height, new height)."""

    def __init__(self, *widgets: QWidget) -> None:
        super().__init__()
        self.changes: list[tuple[int, int]] = []
        for widget in widgets:
            widget.installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.Resize:
            self.changes.append((event.oldSize().height(), event.size().height()))
        return False
