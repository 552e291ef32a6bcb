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


def exported(demo, message="Check the interface status of all devices", hostile=False, answer=None, **limits) -> ExportedChat:
    """One turn's chat, exported; `hostile` or `answer`: an answer of that text added."""
    async def go():
        async with await signed_in(demo) as client:
            project = await project_id(client)
            _, transcript = await chat(client, project, message, **limits)
            if hostile or answer is not None:
                session = demo.state.sessions.get(project, demo.state.auth.user_id, transcript.session_id)
                session.add_message(role="assistant", content=HOSTILE if hostile else answer)
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


def test_html_shows_answers_as_the_window_does_and_still_loads_and_runs_nothing(demo, qapp):
    """The web page showed every answer as raw Markdown ("| R1 | 2/4 |", "**bold**"):
    now as the window shows it, read by the same policy."""
    from gns3_copilot_desktop.ui.answer_html import answer_html

    answer = ("## Interface status\n\n| Device | Up |\n|---|---|\n| R1 | **2/4** |\n\n"
              "Run `show ip ospf` on R1:\n\n```bash\nshow ip route\n  <b>indented</b>\n```\n\n"
              "- one\n- two\n  1. nested\n\n> a note\n\n"
              "See [docs](https://docs.gns3.com/), [passwd](file:///etc/passwd), [js](javascript:alert(1)), "
              "![remote](http://127.0.0.1:9/x.png) and [\u202efdp.exe](https://example.com/evil.exe).\n\n" + HOSTILE + "\n")

    page = to_html(exported(demo, "Show me the topology", answer=answer), answer_html)
    assert "<h3>Interface status</h3>" in page  # "#" is the page title's level + 1
    assert "<tr><th>Device</th><th>Up</th></tr>" in page and "<td><strong>2/4</strong></td>" in page
    assert "<code>show ip ospf</code>" in page
    assert '<pre><code class="language-bash">show ip route\n  &lt;b&gt;indented&lt;/b&gt;</code></pre>' in page
    assert re.search(r"<ul>\s*<li>one\s*</li>\s*<li>two\s*<ol>\s*<li>nested", page)
    assert "<blockquote>\n<p>a note</p>\n</blockquote>" in page
    assert '<a href="https://docs.gns3.com/" rel="noopener noreferrer">docs</a>' in page
    # Not web addresses: text, the address on hover; an image: a link to it, not loaded.
    assert '<span class="link" title="file:///etc/passwd">passwd</span>' in page
    assert '<span class="link" title="javascript:alert(1)">js</span>' in page
    assert '<a href="http://127.0.0.1:9/x.png" rel="noopener noreferrer">[image: remote]</a>' in page
    assert "⟨U+202E⟩fdp.exe</a>" in page and "\u202e" not in page  # the reversal shown, not obeyed
    assert "<script" not in page and "<img" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    tags = set(re.findall(r"<([a-zA-Z][a-zA-Z0-9]*)", page))
    assert tags <= {"html", "head", "meta", "title", "style", "body", "h1", "ul", "li", "b", "div", "details", "summary",
                    "p", "pre", "h2", "h3", "h4", "h5", "h6", "table", "tr", "th", "td", "code", "strong", "em", "s",
                    "blockquote", "ol", "hr", "a", "span", "br"}, tags
    assert set(re.findall(r"""href="([a-z]+):""", page)) <= {"http", "https"}
    assert "default-src 'none'" in page


def test_html_numbers_steps_ticks_tasks_and_keeps_what_the_window_shows_as_text(qapp):
    """From a review: steps parted by code blocks were numbered 1, 1, 1 in the page (the
    window shows 1, 2, 3); a task list's ticks were lost; an answer the window shows as
    plain text (a line too long for the importer) lost its indentation and blank lines."""
    from gns3_copilot_desktop.ui.answer_html import answer_html

    steps = answer_html("1. Configure:\n\n```\nconf t\n```\n\n2. Save:\n\n```\nwr\n```\n\n3. Verify.")
    assert "<ol>" in steps and '<ol start="2">' in steps and '<ol start="3">' in steps
    assert '<ol start="3">' in answer_html("3. three\n4. four")
    tasks = answer_html("- [x] OSPF up\n- [ ] BGP next")
    assert "<li>☑ OSPF up" in tasks and "<li>☐ BGP next" in tasks
    plain = answer_html("Config:\n\n    interface e0\n      ip address 10.0.0.1\n\n" + "A" * 4100)
    assert plain.startswith('<p class="notice">Shown as plain text (a line is too long).</p>')
    assert '<div class="plain">Config:\n\n    interface e0\n      ip address 10.0.0.1\n\n' in plain


def test_html_shows_a_very_long_answer_as_its_text_without_stalling(qapp):
    """Qt's importer takes seconds on a long table (47 s for 1 MB): such an answer is
    its Markdown text in the page, said so."""
    import time

    from gns3_copilot_desktop.controller_sim.hostile import cases
    from gns3_copilot_desktop.ui.answer_html import LONGEST_PARSED, answer_html

    table = cases()["big-table"].answer
    assert len(table) > LONGEST_PARSED
    started = time.perf_counter()
    fragment = answer_html(table)
    assert time.perf_counter() - started < 5  # (not 47 s; a bound, not a benchmark)
    assert fragment.startswith('<p class="notice">A long answer') and "| R1 | Gi0/1 | up |" in fragment


def test_markdown_fences_outlast_backticks_in_the_data(demo):
    chat_ = exported(demo, "Show me the topology", hostile=True)
    text = to_markdown(chat_)
    # The answer as the LLM wrote it, its raw HTML as text (a viewer shows it as written).
    assert HOSTILE.replace("<", "&lt;") in text
    assert "<script" not in text and "<img" not in text


def test_markdown_loads_and_hides_nothing_in_a_viewer(demo):
    """The Markdown export carried an answer's images (a viewer loads them: a tracker,
    /dev/zero), its raw HTML and a hidden U+202E that turned "exe.pdf" round: as the
    window shows them now, images as links, HTML as text, the reversal as a mark. Code
    is left as written (a viewer shows it as text)."""
    answer = ("See ![the topology](http://127.0.0.1:9/x.png), ![zero](/dev/zero) and [\u202efdp.exe](https://e.com/a.exe); "
              "<img src=\"http://127.0.0.1:9/y.png\"> `<kept in code>` <https://docs.gns3.com/>\n\n"
              "```html\n<img src=\"in-a-fence\">\n```\n")

    text = to_markdown(exported(demo, "Show me the topology", answer=answer))
    assert "See [image: the topology](http://127.0.0.1:9/x.png), [image: zero\\](/dev/zero) and [⟨U+202E⟩fdp.exe]" in text
    assert '&lt;img src="http://127.0.0.1:9/y.png"> `<kept in code>` <https://docs.gns3.com/>' in text
    assert '```html\n<img src="in-a-fence">\n```' in text
    assert "![" not in text and "\u202e" not in text


def test_an_answers_headings_sit_under_its_question_in_the_markdown_outline(demo):
    """"## Topology" in an answer was a heading of the same level as "## Question 1":
    the exported document's outline read the answer's sections as questions."""
    answer = "## Topology\n\nTen nodes.\n\n### Links\n\n```bash\n# a comment, not a heading\n```\n\n#hashtag\n"

    text = to_markdown(exported(demo, "Show me the topology", answer=answer))
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
    page = (tmp_path / "page.html").read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "<th>Device</th>" in page  # the answer's table, as a table
    shown = len(app.window.chat.widgets())
    app.run(app.presenter.sign_out())
    window = companion.open_exported(tmp_path / "chat.json")  # no controller needed
    assert window.isVisible() and window.title.text() == "Check the interface status of all devices"
    # Drawn newest first, a slice at a time, like any chat opened.
    app.wait(lambda: len(window.view.widgets()) == shown, 5, "the exported chat drawn whole")
    # Find works there as in the main window (Ctrl+F did nothing); Esc closes Find,
    # then the window.
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    window.activateWindow()
    QTest.keyClick(window.view, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert window.find_bar.isVisible() and window.find_bar.box.hasFocus()
    QTest.keyClicks(window.find_bar.box, "R2")
    app.wait(lambda: window.find_bar.count.text().startswith("1 of"), what="occurrences counted")
    QTest.keyClick(window.find_bar.box, Qt.Key.Key_Escape)
    assert not window.find_bar.isVisible() and window.isVisible()
    QTest.keyClick(window.view, Qt.Key.Key_Escape)
    assert not window.isVisible()
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
    from gns3_copilot_desktop.ui.chat_parts import NoticeLine

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


NESTED = {
    "a list in a quote": "> - a\n> - b\n>\n> para\n\nafter",
    "code in a list item": "1. step\n\n   ```\n   code\n   ```\n\n2. next\n",
    "a quote in a list item": "- item\n\n  > quoted in item\n\n- two",
    "a table in a list item": "- item\n\n  | a | b |\n  |---|---|\n  | 1 | 2 |\n\n- two",
    "four levels": "- a\n  - b\n    - c\n      - d\n- e",
    "a heading in a quote": "> # Title\n> text",
    "lists of two kinds": "- a\n1. b\n- c",
    "a list from 3": "3. three\n4. four",
    "nothing": "",
}


def test_every_answer_is_a_well_formed_fragment(qapp):
    """Whatever the nesting (lists, quotes, code, tables inside each other) and whatever
    the hostile corpus holds, an answer's HTML opens and closes its elements in order:
    a fragment left open would swallow the rest of the page into a list or a quote."""
    from html.parser import HTMLParser

    from gns3_copilot_desktop.controller_sim.hostile import cases
    from gns3_copilot_desktop.ui.answer_html import LONGEST_PARSED, answer_html

    samples = dict(NESTED)
    samples.update({f"hostile {name}": case.answer for name, case in cases().items() if 0 < len(case.answer) <= LONGEST_PARSED})

    class Nesting(HTMLParser):
        def __init__(self):
            super().__init__()
            self.open, self.wrong = [], []

        def handle_starttag(self, tag, attrs):
            if tag not in ("br", "hr"):
                self.open.append(tag)

        def handle_endtag(self, tag):
            if self.open and self.open[-1] == tag:
                self.open.pop()
            else:
                self.wrong.append((tag, list(self.open)))

    for name, text in samples.items():
        nesting = Nesting()
        nesting.feed(answer_html(text))
        assert nesting.wrong == [] and nesting.open == [], name


@pytest.mark.parametrize("text, made", [
    ("![a](https://u) `![b](v)` ``![c](w)`` ![d][1]", "[image: a](https://u) `![b](v)` ``![c](w)`` [image: d][1]"),
    ("![`x`](https://u) and ![](https://u)", "[image: `x`](https://u) and [image](https://u)"),  # (an image's alt in code is still an image)
    ("a `` ` `` <b> ``` `` <i>", "a `` ` `` &lt;b> ``` `` &lt;i>"),  # runs match runs of their length
    ("` unclosed <b>", "` unclosed &lt;b>"),
    ("3 < 4 and <https://a.example/x> <mailto:a@b.c> <a@b.c> </p> <!-- c --> <javascript:x>",
     "3 < 4 and <https://a.example/x> <mailto:a@b.c> <a@b.c> &lt;/p> &lt;!-- c --> &lt;javascript:x>"),
    # From a second review: each of these left a live image or HTML, or corrupted text.
    ("![<img src=X>](https://u)", "[image: &lt;img src=X>](https://u)"),
    ("![![x](https://X)](https://y)", "\\![[image: x](https://X)](https://y)"),
    ("![a [b] c](https://X) ![a\\]b](https://X) ![logo]", "\\![a [b] c](https://X) \\![a\\]b](https://X) \\![logo]"),
    ("![a\nb](https://X)", "\\![a\nb](https://X)"),
    ("\\`<img src=X>`", "\\`&lt;img src=X>`"),  # an escaped backtick opens no code span
    ("a `b\nc` <img src=X> `d`", "a `b\nc` &lt;img src=X> `d`"),  # a span over two lines
    ("hello\n    ~~~\n<img src=X>", "hello\n    ~~~\n&lt;img src=X>"),  # no fence indented 4
    ("1. a\n\n   ~~~\n   x\n<img src=X>", "1. a\n\n   ~~~\n   x\n&lt;img src=X>"),  # the item ended
    ("\\<b> and \\![x](https://y)", "\\<b> and \\![x](https://y)"),  # escaped already
    ("```\n<img src=x>\n```\nafter <b>", "```\n<img src=x>\n```\nafter &lt;b>"),
    # A link goes to a web or mail address only, as in the window; any other is text.
    ("[a](http://x) [m](mailto:a@b.c) [b](file:///etc/passwd) [c](javascript:alert(1)) [d]( HTTPS://ok)",
     "[a](http://x) [m](mailto:a@b.c) [b\\](file:///etc/passwd) [c\\](javascript:alert(1)) [d]( HTTPS://ok)"),
    ("[e](<smb://host/share x>) [f](/dev/zero) [g](notes.md) `[h](file:x)`",
     "[e\\](&lt;smb://host/share x>) [f\\](/dev/zero) [g\\](notes.md) `[h](file:x)`"),
    ("[r]: file:///x\n> [q]: <javascript:x>\n- [p]: smb://h\n[ok]: https://a\n\n[r] [q] [p] [ok]",
     "\\[r]: file:///x\n> \\[q]: &lt;javascript:x>\n- \\[p]: smb://h\n[ok]: https://a\n\n[r] [q] [p] [ok]"),
    ("[a\\](file:x) and [b](javascript&#58;x)", "[a\\](file:x) and [b\\](javascript&#58;x)"),
])
def test_inert_markdown_keeps_code_and_autolinks(text, made):
    from gns3_copilot_desktop.protocol.inert_markdown import inert

    assert inert(text) == made


@pytest.mark.parametrize("hostile", [
    "".join("`" * (n % 50 + 1) + " x " for n in range(20000)) + "<b>",
    "![" * 40000,  # (22 s in a first version)
    "<a " * 50000,
    "](" * 50000 + "\n" + "[a]:" * 50000,
    "\\" * 100000 + "<b>" + "\\" * 100000 + "![x]",
], ids=["backtick runs", "image openings", "tags", "links", "backslashes"])
def test_inert_markdown_reads_hostile_lines_in_linear_time(hostile):
    import time

    from gns3_copilot_desktop.protocol.inert_markdown import inert

    started = time.perf_counter()
    inert(hostile)
    assert time.perf_counter() - started < 2  # (a bound, not a benchmark: 0.01-0.05 s here)


def test_an_answer_left_in_a_code_block_is_closed_in_the_markdown(demo):
    """An answer ending inside a "~~~~" block went on over the document, and a later
    answer's "~~~~" line closed it, the later answer's code read as text: live HTML."""
    text = to_markdown(exported(demo, "Show me the topology", answer="Output:\n\n~~~~\nR1#show run"))
    assert "~~~~\nR1#show run\n~~~~" in text
