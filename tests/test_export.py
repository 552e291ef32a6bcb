"""Exporting a chat (Markdown, HTML, JSON) from the reference controller's history, and
opening the JSON again offline: round trips, escaping, and files that are not exports."""

from __future__ import annotations

import json
import re

import pytest
from conftest import run
from demo_helpers import chat, project_id, signed_in

from gns3_copilot_desktop.protocol.export import (
    ExportedChat,
    NotAnExport,
    from_json,
    to_html,
    to_json,
    to_markdown,
)

HOSTILE = ("<script>alert(1)</script><img src=\"http://127.0.0.1:9/x.png\" onerror=alert(2)>"
           "``` fenced ```` and </pre></details></body>")


def exported(demo, message="Check the interface status of all devices", hostile=False, **limits) -> ExportedChat:
    async def go():
        async with await signed_in(demo) as client:
            project = await project_id(client)
            _, transcript = await chat(client, project, message, **limits)
            if hostile:
                session = demo.state.sessions.get(project, demo.state.auth.user_id, transcript.session_id)
                session.add_message(role="assistant", content=HOSTILE)
            sessions = await client.sessions(project)
            history = await client.history(project, transcript.session_id)
            return ExportedChat(history, sessions[0], "OSPF Lab", demo.url)

    return run(go())


def test_markdown_has_the_question_answers_tool_calls_with_arguments_and_results_and_limit_flags(demo):
    chat_ = exported(demo, max_tool_calls=4)
    text = to_markdown(chat_)
    assert text.startswith("# Check the interface status of all devices\n")
    assert "- **Project:** OSPF Lab" in text and "- **Copilot mode:** Lab automation" in text
    assert "## Question 1\n\n> Check the interface status of all devices" in text
    assert "### Tool call `show_interface_status` (done)" in text
    assert '"device": "R1"' in text and '"interfaces": [' in text  # arguments and results, pretty JSON
    assert "### Tool call `show_interface_status` (⚠ refused: tool-call limit)" in text
    assert text.count("Tool call limit reached: 4 of 4 tool calls used") == 1  # one stop, one flag
    assert "> ⚠ Tool call limit reached: 4 of 4 tool calls used." in text
    answers = [i.text.rstrip() for i in chat_.transcript().items if type(i).__name__ == "AssistantText"]
    assert len(answers) >= 2 and all(answer in text for answer in answers)  # every answer, as written


def test_json_opens_again_as_the_same_conversation(demo):
    chat_ = exported(demo, max_tool_calls=4)
    again = from_json(to_json(chat_))
    assert again.title == chat_.title and again.project_name == "OSPF Lab" and again.mode == "lab_automation_assistant"
    assert to_markdown(again) == to_markdown(chat_)
    before, after = chat_.transcript(), again.transcript()
    assert [type(i).__name__ for i in after.items] == [type(i).__name__ for i in before.items]
    assert [(c.name, c.output, c.limit) for c in after.tool_calls()] == [(c.name, c.output, c.limit) for c in before.tool_calls()]
    assert to_json(again) == to_json(chat_)  # stable: exporting an opened export changes nothing


def test_html_is_self_contained_and_escapes_everything(demo):
    chat_ = exported(demo, "Show me the topology", hostile=True)
    page = to_html(chat_)
    assert "<script" not in page and "<img" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=&quot;http://127.0.0.1:9/x.png&quot;" in page
    # No element from the text: the only tags are the page's own.
    tags = set(re.findall(r"<([a-zA-Z][a-zA-Z0-9]*)", page))
    assert tags <= {"html", "head", "meta", "title", "style", "body", "h1", "ul", "li", "b", "div", "details",
                    "summary", "p", "pre"}
    assert not re.search(r"""\b(src|href)\s*=\s*["']?http""", page)  # nothing is loaded from anywhere
    assert "default-src 'none'" in page


def test_markdown_fences_outlast_backticks_in_the_data(demo):
    chat_ = exported(demo, "Show me the topology", hostile=True)
    text = to_markdown(chat_)
    assert HOSTILE in text  # the answer itself, as the LLM wrote it


def test_an_answers_headings_sit_under_its_question_in_the_markdown_outline(demo):
    """"## Topology" in an answer was a heading of the same level as "## Question 1":
    the exported document's outline read the answer's sections as questions."""
    answer = "## Topology\n\nTen nodes.\n\n### Links\n\n```bash\n# a comment, not a heading\n```\n\n#hashtag\n"

    async def go():
        async with await signed_in(demo) as client:
            project = await project_id(client)
            _, transcript = await chat(client, project, "Show me the topology")
            session = demo.state.sessions.get(project, demo.state.auth.user_id, transcript.session_id)
            session.add_message(role="assistant", content=answer)
            sessions = await client.sessions(project)
            return ExportedChat(await client.history(project, transcript.session_id), sessions[0], "OSPF Lab", demo.url)

    text = to_markdown(run(go()))
    outline = [line for line in text.splitlines() if line.startswith("#")]
    assert outline[:2] == ["# " + outline[0][2:], "## Question 1"]
    assert "#### Topology" in outline and "##### Links" in outline and "## Topology" not in outline
    assert outline.index("#### Topology") > outline.index("## Question 1")
    assert "# a comment, not a heading\n```" in text and "\n#hashtag" in text  # (code and text left as they are)


@pytest.mark.parametrize("content, why", [
    ("# OSPF Lab chat\n\n- **Project:** OSPF Lab\n", "exported as Markdown or as a web page.*choose JSON"),
    ("<!DOCTYPE html>\n<html><head>", "exported as Markdown or as a web page"),
    ("not json at all", "not JSON"),
    (json.dumps({"format": "something-else"}), "not a chat exported"),
    (json.dumps({"format": "gns3-copilot-chat", "version": 99, "history": {}}), "newer version"),
    (json.dumps({"format": "gns3-copilot-chat", "version": 1, "history": {"messages": "x"}}), "damaged"),
])
def test_files_that_are_not_exports_are_refused_in_words(content, why):
    with pytest.raises(NotAnExport, match=why):
        from_json(content)


# -- the window --------------------------------------------------------------------


def test_export_from_the_window_and_open_it_again_offline(app, tmp_path):
    app.sign_in_demo()
    app.choose("OSPF Lab")
    app.send("Check the interface status of all devices")
    app.finish_turn()
    app.wait(lambda: len(app.presenter.sessions) == 1, what="the chat in the list")
    companion = app.window.companion
    for name in ("report.md", "page.html", "chat.json"):
        assert app.run(companion.export_to(tmp_path / name))
    assert "## Question 1" in (tmp_path / "report.md").read_text(encoding="utf-8")
    assert (tmp_path / "page.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    shown = len(app.window.chat.widgets())
    app.run(app.presenter.sign_out())
    window = companion.open_exported(tmp_path / "chat.json")  # no controller needed
    assert window.isVisible() and window.title.text() == "Check the interface status of all devices"
    # Drawn newest first, a slice at a time, like any chat opened.
    app.wait(lambda: len(window.view.widgets()) == shown, 5, "the exported chat drawn whole")
    window.close()


def test_exporting_without_a_chat_and_opening_a_bad_file_say_why(app, tmp_path):
    app.sign_in_demo()
    app.choose("OSPF Lab")
    assert app.run(app.window.companion.export_to(tmp_path / "x.md")) is False
    assert "Open a chat first" in app.window.alert.text()
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "gns3-copilot-chat", "version": 1, "history": 5}', encoding="utf-8")
    assert app.window.companion.open_exported(bad) is None
    assert "Could not open bad.json: This exported chat is damaged" in app.window.alert.text()


def test_the_save_dialog_starts_in_the_documents_folder_then_where_the_last_export_went(app, tmp_path, monkeypatch):
    """Not in whatever folder the app was started from (a repository, /)."""
    from pathlib import Path

    from PySide6.QtCore import QStandardPaths

    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    documents = Path(QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation))
    documents.mkdir(parents=True, exist_ok=True)
    app.sign_in_demo()
    app.choose("OSPF Lab")
    app.send("Show me the topology")
    app.finish_turn()
    dialog = app.window.companion.ask_export()
    assert Path(dialog.directory().absolutePath()) == documents
    elsewhere = tmp_path / "exports"
    elsewhere.mkdir()
    dialog.fileSelected.emit(str(elsewhere / "chat.md"))
    app.wait(lambda: (elsewhere / "chat.md").exists(), what="the export")
    dialog.close()
    again = app.window.companion.ask_export()
    assert Path(again.directory().absolutePath()) == elsewhere
    again.close()


def test_a_turn_you_stopped_is_said_in_the_export_and_when_it_is_opened_again(app, tmp_path):
    """The controller's history keeps only what was said; the app's record of the Stop
    goes with the export (Markdown, HTML, and JSON opened offline)."""
    from gns3_copilot_desktop.ui.chat_view import NoticeLine

    app.sign_in_demo()
    app.choose("OSPF Lab")
    app.demo.state.settings.pace_s = 0.05
    app.send("Check the interface status of all devices")
    app.wait(lambda: bool(app.cards()), what="the first tool call")
    app.run(app.presenter.stop())
    app.finish_turn()
    stopped = "Stopped: you aborted this turn."
    assert any(stopped in w.label.text() for w in app.window.chat.widgets() if isinstance(w, NoticeLine))
    companion = app.window.companion
    for name in ("report.md", "page.html", "chat.json"):
        assert app.run(companion.export_to(tmp_path / name))
    assert stopped in (tmp_path / "report.md").read_text(encoding="utf-8")
    assert stopped in (tmp_path / "page.html").read_text(encoding="utf-8")
    app.run(app.presenter.sign_out())
    window = companion.open_exported(tmp_path / "chat.json")
    assert any(stopped in w.label.text() for w in window.view.widgets() if isinstance(w, NoticeLine))
    window.close()


def test_an_exported_chat_a_limit_stopped_offers_no_continue(demo, qtbot):
    """A chat read from a file has no Copilot behind it: its limit flag shows, but no
    "Continue with higher limits" that would do nothing."""
    from gns3_copilot_desktop.ui.exported_chat_window import ExportedChatWindow

    window = ExportedChatWindow(exported(demo, max_tool_calls=4))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: not window.view.pending())
    assert window.view._transcript.limit_stop is not None
    assert not window.view.limit_bar.isVisibleTo(window)
