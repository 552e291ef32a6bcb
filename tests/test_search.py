"""Searching a project's chats (titles and histories, fetched when not loaded yet) and
Ctrl+F within the open chat, in the real window against the reference controller."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence

from gns3_copilot_desktop.protocol.items import AssistantText, ToolCall, UserMessage
from gns3_copilot_desktop.protocol.search import snippet
from gns3_copilot_desktop.ui.find_occurrences import OccurrenceFinder


def test_find_in_items_and_snippets():
    answer = AssistantText()
    answer.append("R2 has OSPF area 1 on Gi0/1")
    call = ToolCall(name="show_ospf", arguments='{"device": "R2"}', output="area 0")
    items = [UserMessage(text="why no adjacency?"), answer, call]
    finder = OccurrenceFinder()
    found, more = finder.find(items, "r2")
    assert [(o.item, o.part) for o in found] == [(1, "text"), (2, "arguments")] and not more
    assert [(o.item, o.part) for o in finder.find(items, "AREA 0")[0]] == [(2, "result")]
    assert finder.find(items, "") == ([], False)
    long = "x" * 100 + " needle " + "y" * 100
    assert snippet(long, "NEEDLE") == "…" + "x" * 39 + " needle " + "y" * 39 + "…"
    assert snippet("short", "absent") is None


def three_chats(app):
    app.sign_in_demo()
    app.choose("OSPF Lab")
    for message in ("Show me the topology", "Check the interface status of all devices", "Ping from PC1 to PC3"):
        app.presenter.new_chat()
        app.send(message)
        app.finish_turn()
    app.wait(lambda: len(app.presenter.sessions) == 3, what="three chats")


def search(app, text):
    box = app.window.companion.chat_search
    box.box.setText(text)
    app.wait(lambda: box.note.text().endswith("found") or "found " in box.note.text(), what=f"results for {text}")
    return [box.results.item(i).text() for i in range(box.results.count())]


def test_search_finds_titles_and_text_inside_histories_and_opens_the_chat_at_the_match(app):
    three_chats(app)
    app.presenter.forget_histories()  # as after a restart: histories are fetched for the search
    assert not app.window.sessions.list.isHidden()
    hits = search(app, "10.1.23.1")  # an address in R2's and R3's interface output only
    assert len(hits) == 1 and hits[0].startswith("Check the interface status of all devices\n")
    assert "10.1.23.1" in hits[0].splitlines()[1]
    assert app.window.sessions.list.isHidden()  # the results stand in for the list
    assert search(app, "ping from")[0] == "Ping from PC1 to PC3\nPing from PC1 to PC3"  # title (and question)
    hits = search(app, "10.1.23.1")
    box = app.window.companion.chat_search
    box.results.itemClicked.emit(box.results.item(0))
    find = app.window.companion.find_bar
    app.wait(lambda: find.isVisible() and find.count.text().endswith(f"of {len(find.matches)}"), what="the match")
    assert find.box.text() == "10.1.23.1" and len(find.matches) >= 2
    assert app.presenter.transcript.items[0].text == "Check the interface status of all devices"
    assert search(app, "no such words anywhere") == []
    assert box.note.text() == "0 chats found"
    box.clear()
    assert not app.window.sessions.list.isHidden()


def test_ctrl_f_steps_through_the_matches_of_the_open_chat(app):
    app.sign_in_demo()
    app.choose("OSPF Lab")
    app.send("Check the interface status of all devices")
    app.finish_turn()
    app.window.activateWindow()
    app.window.chat.setFocus()
    app.press(app.window, QKeySequence(QKeySequence.StandardKey.Find)[0].key(), Qt.KeyboardModifier.ControlModifier)
    find = app.window.companion.find_bar
    app.wait(find.isVisible, what="the find bar")
    find.box.setText("show_interface_status")
    total = len(find.matches)
    assert total == 6 and find.count.text() == "1 of 6"
    app.press(find.box, Qt.Key.Key_Return)
    assert find.count.text() == "2 of 6"
    app.press(find.box, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    assert find.count.text() == "1 of 6"
    widget = app.window.chat.widgets()[find.matches[0].item - app.window.chat.first_shown]
    assert widget.name.selectedText() == "show_interface_status"  # the card's name, selected
    find.box.setText("nothing like this")
    assert find.count.text() == "no match"
    app.press(find.box, Qt.Key.Key_Escape)
    assert not find.isVisible()


def test_a_snippet_reads_as_the_answer_reads_not_as_its_markdown():
    from gns3_copilot_desktop.protocol.models import ConversationHistory
    from gns3_copilot_desktop.protocol.search import search_history

    answer = ("## What I found\n\n- OSPF **area mismatch** on `R2` [GigabitEthernet0/2](http://x)\n"
              "| router | area |\n|---|---|\n| R2 | 1 |\n> see `show_ospf_neighbors`")
    history = ConversationHistory.model_validate({"thread_id": "s", "messages": [
        {"role": "user", "content": "why?"}, {"role": "assistant", "content": answer},
        {"role": "tool", "name": "show_ospf_neighbors", "tool_call_id": "c1", "content": '{"**raw**": 1}'},
    ]})
    found = search_history(history, "area mismatch")
    assert found == "What I found OSPF area mismatch on R2 GigabitEthernet0/2 router area…"
    assert not any(mark in found for mark in ("##", "**", "`", "](", "|", "- "))
    assert search_history(history, "show_ospf_neighbors") is not None  # names with "_" are kept whole
    assert search_history(history, "**raw**") == '{"**raw**": 1}'  # a tool's output is not Markdown


def test_a_snippet_keeps_a_line_that_starts_with_inline_code():
    """"```show ip route``` lists the routes" is a paragraph with inline code, not a code
    fence: the line was dropped from what search looks in, and the chat not found."""
    from gns3_copilot_desktop.protocol.models import ConversationHistory
    from gns3_copilot_desktop.protocol.search import search_history

    answer = "```show ip route``` lists the routes.\n\n```\nR1# show ip route\n```"
    history = ConversationHistory.model_validate({"thread_id": "s", "messages": [
        {"role": "user", "content": "how?"}, {"role": "assistant", "content": answer}]})
    found = search_history(history, "lists the routes")
    assert found is not None and "show ip route lists the routes" in found and "`" not in found



def test_a_snippet_reads_code_spans_of_any_run_of_backticks():
    """A code span is a run of backticks closed by a run as long; a line of thousands of
    backticks (pasted output, or hostile) is left as it is, and read in one pass (the
    expression before tried each run against every other: 111 s for 20,000)."""
    from gns3_copilot_desktop.protocol.plain_text import plain_text

    assert plain_text("use `show ip route`, ``a ` b`` or ```x``` here") == "use show ip route, a ` b or x here"
    assert plain_text("`" * 20000 + "x`") == "`" * 20000 + "x`"
