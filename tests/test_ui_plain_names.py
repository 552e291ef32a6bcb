"""Other people's names in the real window: a project, a chat, a preset, an LLM
configuration, its group and a tool, named as markup with an image and a
right-to-left override. Wherever the app shows them — dialogs, labels, tooltips, the
title, the status bar, the lists — they show as written, as text Qt does not read as
markup, and they cannot turn the app's own words round.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import Qt as GuiQt
from PySide6.QtGui import QTextLayout
from PySide6.QtWidgets import QApplication, QComboBox, QLabel, QListWidget, QMessageBox, QStatusBar, QWidget

from gns3_copilot_desktop.controller_sim.faults import Faults
from gns3_copilot_desktop.controller_sim.hostile import Play
from gns3_copilot_desktop.controller_sim.llm_configs import DEMO_GROUP
from gns3_copilot_desktop.protocol.items import ToolCall, ToolStatus
from gns3_copilot_desktop.protocol.limits import LimitNotice
from gns3_copilot_desktop.protocol.untrusted_text import visible

RLO = "\u202e"


@pytest.fixture
def image(tmp_path):
    """A picture a name points at. (Not a FIFO: Qt opening one blocks in C++ while
    holding the GIL, so nothing in the test's process could free the window, and a
    regression would hang the suite instead of failing it.)"""
    path = tmp_path / "name.png"
    path.write_bytes(b"")
    return path


def rendered_as_markup(top: QWidget) -> list[str]:
    """Every place in a window where text is shown as markup (an `<img` Qt would
    load, a `<b>` it would make bold) or with a raw bidi override in it."""
    found = []

    def check(where: str, text: str, rich: bool) -> None:
        if RLO in text:
            found.append(f"{where}: raw override in {text[:80]!r}")
        if rich and ("<img" in text or "<b>x</b>" in text):
            found.append(f"{where}: markup rendered in {text[:80]!r}")

    check(f"{type(top).__name__} title", top.windowTitle(), False)
    for widget in [top, *top.findChildren(QWidget)]:
        where = f"{type(widget).__name__} {widget.objectName() or widget.accessibleName()}"
        check(f"{where} tooltip", widget.toolTip(), True)  # Qt guesses rich text in every tooltip
        if isinstance(widget, QLabel):
            text, format = QLabel.text(widget), widget.textFormat()  # as shown (wrapping labels add breaks)
            rich = format == Qt.TextFormat.RichText or (format == Qt.TextFormat.AutoText and GuiQt.mightBeRichText(text))
            check(where, text, rich)
        elif isinstance(widget, QComboBox):
            for i in range(widget.count()):
                check(f"{where} item", widget.itemText(i), False)
                check(f"{where} item tooltip", str(widget.itemData(i, Qt.ItemDataRole.ToolTipRole) or ""), True)
        elif isinstance(widget, QListWidget):
            for i in range(widget.count()):
                check(f"{where} item", widget.item(i).text(), False)
                check(f"{where} item tooltip", widget.item(i).toolTip(), True)
        elif isinstance(widget, QStatusBar):
            check(where, widget.currentMessage(), False)
    return found


def everything_shown() -> list[str]:
    return [leak for top in QApplication.topLevelWidgets() if top.isVisible() for leak in rendered_as_markup(top)]


def open_box(app) -> QMessageBox:
    app.wait(lambda: any(isinstance(w, QMessageBox) and w.isVisible() for w in QApplication.topLevelWidgets()), what="a message box")
    return next(w for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox) and w.isVisible())


def test_names_written_as_markup_show_as_written_everywhere(app, image):
    name = f'<img src="{image}"><b>x</b> {RLO}evil'
    shown = visible(name)  # as the user reads it: the override as a mark
    seen: list[str] = []  # each place walked, with any markup or override found there

    def walk(place: str) -> None:
        app.settle(0.05)
        seen.extend(f"{place} · {leak}" for leak in everything_shown())

    # A closed project and an opened one, both named so.
    closed = next(p for p in app.demo.state.projects.values() if p.name == "Sandbox")
    closed.name = name + " closed"
    opened = next(p for p in app.demo.state.projects.values() if p.name == "OSPF Lab")
    opened.name = name
    app.sign_in_demo()
    app.choose(closed.name)
    assert f"“{shown} closed” is closed" in app.window.statusBar().currentMessage()
    assert shown in app.window.chat._placeholder.text() and shown in app.window.windowTitle()
    walk("a closed project")
    # A project asked for on the command line that is not there: the alert names it.
    app.presenter.wanted_project = name + " gone"
    app.run(app.presenter.pick_project())
    assert f"“{shown} gone”" in app.window.alert.text()
    walk("the alert")

    # A chat titled by its question, with a tool so named, in the list and its dialogs.
    app.choose(opened.name)
    app.demo.state.settings.faults = Faults(play=Play(answer="Done.\n", tool_name=name, tool_output=name))
    app.send(name)
    app.finish_turn(60)
    app.wait(lambda: app.window.sessions.list.count() == 1, what="the chat in the list")
    walk("the conversation and the chat list")
    box = app.window.sessions.ask_delete(app.presenter.session_id)
    assert shown[:30] in box.text()  # (the controller shortens titles)
    walk("deleting the chat")
    box.reject()

    # A tool's own limit stopped it: its refusal and flag name it.
    card = app.cards()[0]
    card.set_item(ToolCall(id="t", name=name, status=ToolStatus.LIMIT, limit=LimitNotice(
        kind="tool", limit=1, count=1, text=f"Limit for {name} reached.", enforced_by="app", tool=name)))
    assert shown[:20] in card.status.text() and shown in card.limit_line.text()
    walk("a per-tool limit")

    # A preset so named: the list, "Replace?" and "Delete?".
    panel = app.window.limits
    panel.iterations.setValue(6)
    panel.unlimited.setChecked(False)
    panel.tool_calls.setValue(5)
    # With the tool's own limit too: the presets' tooltips say the limits in words.
    from gns3_copilot_desktop.store import Limits

    panel.set_limits(Limits(6, 5, tool_limits=((name, 2),)))
    walk("a custom preset with the tool's own limit")
    panel.save_as.click()
    panel._preset_question.setTextValue(name)
    panel._preset_question.accept()
    assert shown in panel.preset.currentText()
    walk("the preset list")
    panel.save_as.click()
    panel._preset_question.setTextValue(name)
    panel._preset_question.accept()
    box = open_box(app)
    assert "Replace it" in box.text() and shown in box.text()
    walk("replacing the preset")
    box.button(QMessageBox.StandardButton.Cancel).click()
    panel._preset_question.reject()
    panel.delete.click()
    box = open_box(app)
    assert shown in box.text()
    walk("deleting the preset")
    box.button(QMessageBox.StandardButton.Cancel).click()

    # An LLM configuration and the group that shares one, so named.
    app.demo.state.llm.groups[DEMO_GROUP[0]] = name
    next(c for c in app.demo.state.llm.configs.values() if c.name == "Demo script").name = name
    app.window.companion.llm_action.trigger()
    dialog = app.window.companion.llm_dialog
    app.wait(lambda: dialog.isVisible() and dialog.list.count() == 2 and shown in dialog.list.item(0).text(), what="the LLM settings")
    walk("the LLM settings")
    dialog.list.setCurrentRow(1)
    assert shown in dialog.source.text()
    walk("a group's configuration")
    dialog.list.setCurrentRow(0)
    dialog.delete_button.click()
    box = open_box(app)
    assert shown in box.text()
    walk("deleting the configuration")
    box.button(QMessageBox.StandardButton.Cancel).click()
    dialog.close()

    app.settle(0.2)
    assert seen == [], "\n".join(seen)


def x_of(text: str, index: int, font) -> float:
    """Where the character at `index` is drawn on a line of `text`, in pixels."""
    layout = QTextLayout(text, font)
    layout.beginLayout()
    line = layout.createLine()
    layout.endLayout()
    return line.cursorToX(index)[0]


@pytest.mark.parametrize("name", ["\u202e5/6 evil", "שלום"], ids=["override", "hebrew"])
def test_a_preset_name_cannot_turn_its_limits_round(app, name):
    """"(6 iterations and 5 tool calls)" after a preset's name is drawn after it, in
    order, whatever the name."""
    panel = app.window.limits
    panel.iterations.setValue(6)
    panel.unlimited.setChecked(False)
    panel.tool_calls.setValue(5)
    panel.save_as.click()
    panel._preset_question.setTextValue(name)
    panel._preset_question.accept()
    text = panel.preset.currentText()
    font = panel.preset.font()
    opening = text.index("(")
    six = text.index("6", opening)
    five = text.index("5", six)
    assert x_of(text, opening, font) < x_of(text, six, font) < x_of(text, five, font)
    assert all(x_of(text, i, font) < x_of(text, opening, font) for i in range(opening - 2))



def test_a_long_word_in_an_error_breaks_and_the_conversation_stays_as_wide_as_the_window(app):
    """A 3,000-character word from the controller (a token, a path) wraps where the
    width ends: the conversation is never wider than its view, and every character is
    still there to read and copy."""
    from gns3_copilot_desktop.protocol.items import ErrorNotice, UserMessage
    from gns3_copilot_desktop.protocol.transcript import Transcript
    from gns3_copilot_desktop.ui.chat_parts import NoticeLine, UserBubble

    word = "".join(chr(ord("A") + i % 26) for i in range(3000))
    transcript = Transcript()
    transcript.items += [UserMessage(text="see " + word), ErrorNotice(text="the controller said: " + word)]
    app.window.resize(1024, 700)
    app.window.chat.reset(transcript)
    app.wait(lambda: not app.window.chat.pending(), what="the chat drawn")
    chat = app.window.chat
    labels = [w.label for w in chat.widgets() if isinstance(w, (NoticeLine, UserBubble))]
    assert len(labels) == 2 and all(word in label.text() for label in labels)

    def lines(label) -> QRect:
        return label.fontMetrics().boundingRect(0, 0, label.width(), 10**6, Qt.TextFlag.TextWordWrap, QLabel.text(label))

    # Once the window's new width has gone down the layouts, a few passes of the loop
    # (on a loaded machine, more than 300 ms once): a label left too short stays so.
    app.wait(lambda: all(label.height() >= lines(label).height() for label in labels), 5, "the labels laid out")
    assert chat.widget().width() <= chat.viewport().width()
    for label in labels:
        # Drawn whole: every line fits the label, and the label is as high as its lines.
        shown = lines(label)
        assert shown.width() <= label.width() and label.height() >= shown.height()
        assert label.mapTo(chat.widget(), label.rect().topRight()).x() <= chat.viewport().width()
