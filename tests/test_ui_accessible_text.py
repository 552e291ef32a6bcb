"""What a screen reader reads of the window, asked of Qt's accessibility interfaces (the
ones Qt hands to AT-SPI, UI Automation and VoiceOver): a label's name is what it says,
not a word about it (a name replaces the text for the reader); the status bar's message
can be read; the running indicator does not rename anything on each frame.
tests/test_real_window.py reads the same through the real accessibility bus."""

from __future__ import annotations

from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QLabel

NAME = QAccessible.Text.Name
DESCRIPTION = QAccessible.Text.Description


def heard(widget) -> str:
    return QAccessible.queryAccessibleInterface(widget).text(NAME)


def described(widget) -> str:
    return QAccessible.queryAccessibleInterface(widget).text(DESCRIPTION)


def plain(label: QLabel) -> str:
    """The label's words as a person sees them (rich text without its tags)."""
    from PySide6.QtGui import QTextDocument

    text = label.text()
    if label.textFormat().name != "PlainText":
        document = QTextDocument()
        document.setHtml(text)
        text = document.toPlainText()
    if label.buddy() is not None:  # "Max &iterations": the & marks the shortcut key
        text = text.replace("&&", "\0").replace("&", "").replace("\0", "&")
    return text


def hidden_texts(window) -> list[tuple[str, str]]:
    """Showing labels whose accessible name is not (and does not hold) what they say."""
    from gns3_copilot_desktop.ui.tool_card import ToolCallCard

    spinners = {card.spinner for card in window.findChildren(ToolCallCard)}
    found = []
    for label in window.findChildren(QLabel):
        words = " ".join(plain(label).split())
        if not label.isVisible() or not words or label in spinners:
            continue
        if words not in " ".join(heard(label).split()):
            found.append((heard(label), words[:80]))
    return found


def test_a_reader_hears_what_every_label_says_arguments_results_header_banner(app):
    window = app.window
    app.sign_in_demo()
    app.choose("OSPF Lab")
    panel = window.limits
    panel.unlimited.setChecked(False)
    panel.tool_calls.setValue(3)
    banner = []  # what the banner said, and what a reader heard of it, while the turn ran
    app.presenter.transcript_changed.connect(
        lambda _: window.banner.isVisible() and banner.append((plain(window.banner), heard(window.banner)))
    )
    app.send("Check the interface status of all devices")
    app.finish_turn()
    assert banner and all(said == what for what, said in banner), banner[:3]
    assert banner[-1][0].startswith("Copilot is working · iteration") and described(window.banner) == "Turn status"
    window.show_alert("Could not reach the controller: connection refused")

    assert hidden_texts(window) == []
    card = app.cards()[1]
    assert heard(card.arguments) == '{"device": "R1"}' and described(card.arguments) == "Arguments"
    assert heard(card.preview).startswith('{\n  "device": "R1"') and described(card.preview) == "Result"
    assert "admin @ http://127.0.0.1" in heard(window.connection) and described(window.connection) == "Connection"
    assert heard(window.alert) == "Could not reach the controller: connection refused"
    assert described(window.alert) == "Error"
    refused = app.cards()[-1]
    # The card's detail: the controller's own words, read as they are.
    assert heard(refused.limit_line).startswith("Tool call limit reached (3 calls). Please simplify")
    assert described(refused.limit_line) == "Limit reached"
    # The turn's one flag, under it, is read as it reads.
    from gns3_copilot_desktop.ui.chat_parts import NoticeLine

    flags = [w.label for w in window.chat.widgets() if isinstance(w, NoticeLine) and "limit reached" in w.label.text()]
    assert [heard(label) for label in flags] == ["Tool call limit reached: 3 of 3 tool calls used."]
    bar = window.chat.limit_bar
    # Shown in the bar, as its first line (the flag's own line gives way to it).
    assert heard(bar.heading) == "Tool call limit reached: 3 of 3 tool calls used." and bar.heading.isVisible()
    assert heard(bar.label) == bar.label.text() and heard(bar.label).startswith("This is a normal stop, not an error.")
    # The card itself still says what it is, first.
    assert heard(refused).startswith("Tool call ") and "refused" in heard(refused).lower()


def test_the_status_bar_message_can_be_read(app):
    bar = app.window.statusBar()
    bar.showMessage("Exported “Show me the topology” to /tmp/chat.md.", 8000)
    status = QAccessible.queryAccessibleInterface(bar)
    assert status.role() == QAccessible.Role.StatusBar and status.text(NAME) == "Status"
    said = [status.child(i).text(NAME) for i in range(status.childCount())]
    assert "Exported “Show me the topology” to /tmp/chat.md." in said
    bar.clearMessage()
    assert "Exported “Show me the topology” to /tmp/chat.md." not in [status.child(i).text(NAME) for i in range(status.childCount())]


def test_the_running_indicator_turns_without_renaming_anything(app):
    from gns3_copilot_desktop.protocol.items import ToolCall, ToolStatus
    from gns3_copilot_desktop.ui.tool_card import SPINNER, ToolCallCard, _Spinner

    card = ToolCallCard()
    app.qtbot.addWidget(card)
    card.set_item(ToolCall(id="1", name="show_interface_status", arguments='{"device": "R1"}', status=ToolStatus.RUNNING))
    card.show()
    labels = card.findChildren(QLabel)
    names, looks = [heard(label) for label in labels], card.spinner.grab().toImage()
    for _ in range(3):
        _Spinner._tick()
    assert card.spinner.grab().toImage() != looks  # it turns, for the eye
    assert [heard(label) for label in labels] == names  # and nothing is renamed for the ear
    assert not any(frame in name for name in names for frame in SPINNER)
    assert heard(card.status) == "running" and "Working…" in names
    card.set_item(ToolCall(id="1", name="show_interface_status", arguments='{"device": "R1"}', status=ToolStatus.DONE, output="{}"))
    assert heard(card.status) == "done" and not any(label.isVisible() and heard(label) == "Working…" for label in labels)


def test_an_answer_with_a_table_reads_cell_by_cell_without_qt_frame_markers(app):
    from gns3_copilot_desktop.ui.markdown_block import MarkdownBlock

    was_active = QAccessible.isActive()
    QAccessible.setActive(True)  # as when a screen reader is running
    try:
        block = MarkdownBlock()
        app.qtbot.addWidget(block)
        block.set_markdown("Interface status:\n\n| Device | Up | Note |\n|---|---|---|\n| R1 | 3 | **ok** |\n| R2 | 2 | Gi0/1 down |\n\nAll else is fine.\n")
    finally:
        QAccessible.setActive(was_active)
    said = heard(block)
    assert "\ufdd0" not in said and "\ufdd1" not in said
    assert said == "Interface status:\nDevice\tUp\tNote\nR1\t3\tok\nR2\t2\tGi0/1 down\nAll else is fine."


def test_a_wrapped_result_is_read_as_it_came_not_broken_where_the_card_breaks_it(app):
    from gns3_copilot_desktop.protocol.items import ToolCall, ToolStatus
    from gns3_copilot_desktop.ui.tool_card import ToolCallCard

    card = ToolCallCard()
    app.qtbot.addWidget(card)
    output = "interface GigabitEthernet0/1 is administratively down, line protocol is down " * 3
    card.set_item(ToolCall(id="1", name="show_run", arguments="{}", status=ToolStatus.DONE, output=output))
    card.resize(300, 400)
    card.show()
    assert QLabel.text(card.preview) != output  # the card shows it broken at its width
    assert heard(card.preview) == output
