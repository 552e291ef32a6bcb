"""Code in an answer, as a network engineer reads it: a running config with a line
longer than the chat is wide stays whole (no wrap: the panel scrolls sideways, by its
scroll bar, the horizontal wheel or the keyboard), the Copy button is beside the code,
not over it, and the code stands out from the answer in both themes."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, QRect, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication

from ui_helpers import contrast

from gns3_copilot_desktop.controller_sim.faults import Faults
from gns3_copilot_desktop.controller_sim.hostile import Play

LONG_LINE = " description " + "uplink-to-core-switch-" * 8 + "END-OF-LINE"
ANSWER = (
    "Here is R1's running config:\n\n```\nrouter ospf 1\n network 10.0.0.0 0.0.0.255 area 0\n"
    "interface GigabitEthernet0/0\n" + LONG_LINE + "\n ip address 10.0.0.1 255.255.255.0\n```\n\nThat is all.\n"
)


def _answer_with_code(app, theme: str = "light"):
    from gns3_copilot_desktop.ui.markdown_block import MarkdownBlock

    app.window.menus.set_theme(theme)
    app.sign_in_demo()
    app.choose("OSPF Lab")
    app.demo.state.settings.faults = Faults(play=Play(answer=ANSWER, piece_chars=40))  # streamed in pieces
    app.window.resize(1024, 700)
    app.send("Show R1's running config")
    app.finish_turn()
    app.settle(0.2)
    [block] = [b for b in app.window.findChildren(MarkdownBlock) if b._code is not None and b.isVisible()]
    [panel] = [p for p in block._code.panels if p.isVisible()]
    return block, panel


def _wheel(widget, dx: int, dy: int) -> bool:
    """A wheel turned over the widget; True: the widget took it (it goes no further)."""
    position = QPointF(widget.width() / 2, widget.height() / 2)
    event = QWheelEvent(position, widget.mapToGlobal(position), QPoint(), QPoint(dx, dy),
                        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(widget, event)
    return event.isAccepted()


def _line_end_shown(panel) -> bool:
    """Is the end of the long line inside the code's visible area?"""
    text = panel.text
    found = text.document().find("END-OF-LINE")
    start, end = text.textCursor(), text.textCursor()
    start.setPosition(found.selectionStart())
    end.setPosition(found.selectionEnd())
    left, right = text.cursorRect(start).left(), text.cursorRect(end).right()
    return 0 <= left and right <= text.viewport().width() + 2


def test_a_long_code_line_is_not_cut_off_the_code_scrolls_sideways(app):
    block, panel = _answer_with_code(app)
    text = panel.text
    assert text.toPlainText().splitlines()[3] == LONG_LINE  # unwrapped, whole
    assert text.document().blockCount() == 5 and text.document().lineCount() == 5, "config lines do not wrap"
    bar = text.horizontalScrollBar()
    assert bar.isVisible() and bar.maximum() > 0, "a scroll bar of its own"
    # All five lines and the scroll bar are inside the panel, which is inside its answer.
    assert text.document().size().height() * text.fontMetrics().lineSpacing() <= text.viewport().height() + 1 or \
        text.viewport().height() >= 5 * text.fontMetrics().lineSpacing()
    assert QRect(QPoint(0, 0), block.size()).contains(panel.geometry())
    assert bar.geometry().bottom() <= text.height()
    assert not _line_end_shown(panel)
    bar.setValue(bar.maximum())
    app.settle(0.05)
    assert _line_end_shown(panel), "scrolled to its end, the line's end is shown"


def test_the_horizontal_wheel_scrolls_the_code_not_the_answer(app):
    block, panel = _answer_with_code(app)
    code_bar, answer_bar = panel.text.horizontalScrollBar(), block.horizontalScrollBar()
    _wheel(panel.text.viewport(), -240, 0)  # a touchpad swipe to the left: look further right
    app.settle(0.05)
    assert code_bar.value() > 0
    assert answer_bar.value() == 0
    # Over the answer's words, sideways, nothing moves: not the answer, not its code.
    before = code_bar.value()
    _wheel(block.viewport(), -240, 0)
    app.settle(0.05)
    assert answer_bar.value() == 0 and code_bar.value() == before
    # Up and down over the code are left to the conversation, as anywhere in it.
    assert not _wheel(panel.text.viewport(), 0, 240)
    assert not _wheel(block.viewport(), 0, 240)


def test_the_code_is_reached_by_tab_and_scrolled_by_the_keyboard(app):
    _block, panel = _answer_with_code(app)
    text = panel.text
    assert text.focusPolicy() & Qt.FocusPolicy.TabFocus
    text.setFocus(Qt.FocusReason.TabFocusReason)
    app.settle(0.05)
    cursor = text.textCursor()
    cursor.setPosition(text.document().findBlockByNumber(3).position())
    text.setTextCursor(cursor)
    app.press(text, Qt.Key.Key_End)
    app.settle(0.05)
    assert _line_end_shown(panel), "End on the long line shows its end"
    app.press(text, Qt.Key.Key_Home)
    app.settle(0.05)
    assert text.horizontalScrollBar().value() == 0


def test_the_copy_button_is_beside_the_code_not_over_it(app):
    _block, panel = _answer_with_code(app)
    button, text = panel.copy_button, panel.text
    assert button.isVisible()
    first_line = text.cursorRect(text.document().find("router ospf 1"))
    first_line = QRect(text.viewport().mapTo(panel, first_line.topLeft()), first_line.size()).adjusted(0, 0, 400, 0)
    assert not button.geometry().intersects(QRect(text.mapTo(panel, QPoint(0, 0)), text.size()))
    assert not button.geometry().intersects(first_line)
    button.click()
    assert QApplication.clipboard().text().splitlines()[3] == LONG_LINE


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_code_stands_out_from_the_answer_in_both_themes(app, theme):
    block, panel = _answer_with_code(app, theme)
    shot = app.window.grab().toImage()
    inside = panel.mapTo(app.window, QPoint(panel.width() // 2, panel.band_height() // 2))  # the band, no text
    beside = block.mapTo(app.window, QPoint(block.width() - 3, 5))  # the answer around it ("Here is …" line's end)
    code, answer = shot.pixelColor(inside), shot.pixelColor(beside)
    assert contrast(code, answer) >= 1.15, (theme, code.name(), answer.name())
    border = shot.pixelColor(panel.mapTo(app.window, QPoint(panel.width() // 2, 0)))
    assert contrast(border, answer) >= 1.4, (theme, border.name(), answer.name())


def test_find_shows_what_it_found_inside_the_code(app):
    _block, panel = _answer_with_code(app)
    from gns3_copilot_desktop.ui.find_bar import FindBar

    [find] = app.window.findChildren(FindBar)
    find.open(app.presenter.transcript, "END-OF-LINE")
    app.settle(0.2)
    assert panel.text.textCursor().selectedText() == "END-OF-LINE"
    assert _line_end_shown(panel), "the code scrolled sideways to what was found"


def test_code_that_opens_a_part_of_the_answer_has_its_band_too(app):
    """An answer is shown in parts cut at paragraph breaks, so code often opens one
    (here the demo's own OSPF answer): its panel, Copy and all, lies inside the part."""
    from gns3_copilot_desktop.ui.markdown_block import MarkdownBlock

    app.sign_in_demo()
    app.choose("OSPF Lab")
    app.window.resize(1024, 700)
    app.send("configure OSPF on 2 routers")
    app.finish_turn()
    app.settle(0.2)
    panels = [(b, p) for b in app.window.findChildren(MarkdownBlock) if b._code is not None and b.isVisible()
              for p in b._code.panels if p.isVisible()]
    assert panels
    for block, panel in panels:
        assert QRect(QPoint(0, 0), block.size()).contains(panel.geometry()), (panel.geometry(), block.size())
        text = panel.text
        assert not panel.copy_button.geometry().intersects(text.geometry())
        assert text.toPlainText().startswith("router ospf 1")
        last = text.document().lastBlock()
        assert text.blockBoundingGeometry(last).bottom() <= text.viewport().height() + 1, "every line shown"


def test_a_code_block_scrolled_sideways_stays_so_while_the_answer_streams_on(qtbot):
    """The end of a streaming answer is parsed again on each frame: a code block in it,
    which the reader scrolled sideways to read a long line, must not jump back (nor lose
    a selection) each time a few more words arrive after it."""
    from gns3_copilot_desktop.ui.code_blocks import CodePanel
    from gns3_copilot_desktop.ui.markdown_view import MarkdownView

    view = MarkdownView()
    qtbot.addWidget(view)
    view.resize(500, 600)
    view.show()
    qtbot.waitExposed(view)
    view.append(ANSWER.removesuffix("That is all.\n") + "That is")
    qtbot.wait(20)
    [panel] = [p for p in view.findChildren(CodePanel) if p.isVisible()]
    bar = panel.text.horizontalScrollBar()
    assert bar.maximum() > 0
    bar.setValue(bar.maximum())
    # More words, then a new paragraph: the paragraphs before it are parsed again.
    for words in (" all", " for R1.\n\n", "OSPF is up", ".\n\nNext, "):
        view.append(words)
        qtbot.wait(20)
        assert "That is all" in view.text()
        [shown] = [p for p in view.findChildren(CodePanel) if p.isVisible()]
        assert shown.text.horizontalScrollBar().value() == bar.maximum() > 0, f"scrolled back after {words!r}"


def _pieces(text: str, size: int) -> list[str]:
    return [text[i:i + size] for i in range(0, len(text), size)]


PROSE = "The neighbours come up one after the other, and the routes follow. " * 30
LONG_CODE = "".join(f" network 10.0.{i}.0 0.0.0.255 area 0 ! one of many\n" for i in range(40))


def _answer_being_written(qtbot, start: str):
    """An answer's view, in a window with a Stop button after it (where Qt sends the
    keyboard when the widget it was in goes), showing `start`, its one code panel
    scrolled sideways by the reader, who clicked in the code."""
    from PySide6.QtWidgets import QPushButton, QVBoxLayout, QWidget

    from gns3_copilot_desktop.ui.code_blocks import CodePanel
    from gns3_copilot_desktop.ui.markdown_view import MarkdownView

    window = QWidget()
    qtbot.addWidget(window)
    view = MarkdownView()
    layout = QVBoxLayout(window)
    layout.addWidget(view)
    layout.addWidget(QPushButton("Stop"))
    window.resize(500, 900)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    view.append(start)
    qtbot.wait(20)
    [panel] = [p for p in view.findChildren(CodePanel) if p.isVisible()]
    bar = panel.text.horizontalScrollBar()
    assert bar.maximum() > 7
    where = bar.maximum() - 7
    bar.setValue(where)
    panel.text.setFocus()
    qtbot.waitUntil(panel.text.hasFocus)
    return window, view, where


@pytest.mark.parametrize("start, more", [
    # The code block closed; the paragraph after it begins, and the code joins the
    # answer's finished paragraphs above it (shown apart from the one being written).
    (ANSWER.removesuffix("\nThat is all.\n"), ["\nThat", " is all.\n\nNext, "]),
    # A long configuration: with the paragraph after it, it becomes a part of the
    # answer of its own, parsed anew.
    ("Here it is:\n\n```\nrouter ospf 1\n" + LONG_LINE + "\n" + LONG_CODE + "```\n", ["\nThat", " is all.\n\nNext, "]),
    # The code block is still being written, a line at a time.
    ("Here it is:\n\n```\nrouter ospf 1\n" + LONG_LINE + "\n", [" network 10.0.0.0", " 0.0.0.255 area 0\n", LONG_CODE, "```\n\nThat is all.\n"]),
    # The finished paragraphs above, the code block among them, become a part of the
    # answer as they are (they were on screen) when the paragraphs go past 2 KB.
    (ANSWER.removesuffix("That is all.\n") + "That is", [" all.\n\n" + PROSE, "\n\nNext, "]),
    # The same, the finished paragraphs already long enough to be a part (1 KB): the
    # view they are shown in becomes the part, moved to another place in the answer.
    ("A few words. " * 85 + "\n\n" + ANSWER.removesuffix("That is all.\n") + "That is",
     [" all.\n\n" + PROSE, "\n\nNext, "]),
    # A configuration longer than a part (4 KB), in pieces of 40 characters as a model
    # writes it: lines arrive in two pieces, and it is cut while one is half shown.
    ("Here it is:\n\n```\nrouter ospf 1\n" + LONG_LINE + "\n",
     _pieces(LONG_CODE * 3 + "```\n\nThat is all.\n\nNext, ", 40)),
    # The closing fence in two pieces: its first was shown as a line of code.
    ("Here it is:\n\n```\nrouter ospf 1\n" + LONG_LINE + "\n", ["``", "`\n\nThat is all.\n"]),
    ("Here it is:\n\n```\nrouter ospf 1\n" + LONG_LINE + "\n", ["`", "``\n\nThat is all.\n"]),
], ids=["joins-the-finished-paragraphs", "becomes-a-part-of-its-own", "still-being-written",
        "finished-paragraphs-become-a-part", "finished-paragraphs-become-a-part-as-they-are",
        "long-config-in-pieces", "fence-in-two-pieces", "fence-in-two-other-pieces"])
def test_a_code_block_scrolled_sideways_stays_so_while_it_is_written_and_after(qtbot, start, more):
    """The reader scrolled the code sideways to read a long line, and clicked in it to
    read on with the arrow keys. However the answer goes on, they must find it where it
    was, not back at the start of its lines, and the keyboard still in it (not on the
    Stop button)."""
    from gns3_copilot_desktop.ui.code_blocks import CodePanel

    _window, view, where = _answer_being_written(qtbot, start)
    for words in more:
        view.append(words)
        qtbot.wait(20)
        # (A code block longer than a part is shown in two panels: the reader's line is in one.)
        [shown] = [p for p in view.findChildren(CodePanel) if p.isVisible() and "END-OF-LINE" in p.shown_code()]
        assert shown.text.horizontalScrollBar().value() == where, f"scrolled back after {words!r}"
        assert shown.text.hasFocus(), f"the keyboard left the code after {words!r}"
    assert view.text() == start + "".join(more)


@pytest.mark.parametrize("gap", ["", "\n"], ids=["right after the fence", "after a blank line"])
def test_a_table_after_a_code_block_is_not_covered_by_its_panel(qtbot, gap):
    """Qt lays a table out under the code without the room kept for the panel's scroll
    bar: the panel covered the table's header row (its words hidden)."""
    from PySide6.QtGui import QTextTable
    from ui_helpers import shown_markdown_block

    block = shown_markdown_block(qtbot, f"Run:\n\n```\nshow ip interface brief\nshow version\n```\n{gap}| Device | State |\n|---|---|\n| R1 | up |\n")
    [panel] = [p for p in block._code.panels if p.isVisible()]
    [table] = [f for f in block.document().rootFrame().childFrames() if isinstance(f, QTextTable)]
    header = block.document().documentLayout().blockBoundingRect(table.cellAt(0, 0).firstCursorPosition().block())
    assert header.top() >= panel.geometry().bottom() + 1, (header, panel.geometry())


@pytest.mark.parametrize("fence", ["```", "~~~"])
def test_code_written_right_under_a_table_is_shown_as_code_not_as_its_rows(qtbot, fence):
    """GitHub ends a table where a code fence starts; Qt's importer took the fence, the
    code and the next paragraph as the table's rows, the code in its first column."""
    from PySide6.QtGui import QTextTable
    from ui_helpers import shown_markdown_block

    block = shown_markdown_block(qtbot, f"| Device | State |\n|---|---|\n| R1 | up |\n{fence}\nshow ip ospf neighbor\n{fence}\nThat is all.\n")
    [table] = [f for f in block.document().rootFrame().childFrames() if isinstance(f, QTextTable)]
    assert table.rows() == 2
    [panel] = [p for p in block._code.panels if p.isVisible()]
    assert panel.shown_code() == "show ip ospf neighbor"
    assert block.document().toPlainText().endswith("That is all.")
