"""Hostile content through the reference controller into the real window: what a user
sees, and that nothing is read to show it.

A FIFO is the sentinel: opening it for reading is seen from the writing side (an
`O_WRONLY|O_NONBLOCK` open succeeds only while a reader has it open), whoever opens
it, Python or Qt's C++; and a reader would block the window for good, as the issue saw.
"""

from __future__ import annotations

import errno
import os
import threading
import time

import pytest
from PySide6.QtCore import QUrl
from PySide6.QtWidgets import QApplication, QMessageBox

from gns3_copilot_desktop.controller_sim.faults import Faults
from gns3_copilot_desktop.controller_sim.hostile import Play, cases
from gns3_copilot_desktop.protocol.transcript import TurnState
from gns3_copilot_desktop.ui.chat_parts import AssistantMessage, NoticeLine
from gns3_copilot_desktop.ui.lazy_markdown_block import LazyMarkdownBlock
from gns3_copilot_desktop.ui.markdown_block import MarkdownBlock


class FifoSentinel:
    """A FIFO that tells whether anyone opened it for reading."""

    def __init__(self, path) -> None:
        self.path = str(path)
        os.mkfifo(self.path)
        self.opened = False
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True)
        self._thread.start()

    def _watch(self) -> None:
        deadline = time.monotonic() + 120  # bounded, whatever happens
        while not self._stop.is_set() and time.monotonic() < deadline:
            try:
                fd = os.open(self.path, os.O_WRONLY | os.O_NONBLOCK)
            except OSError as exc:
                if exc.errno != errno.ENXIO:
                    raise
                time.sleep(0.002)
                continue
            self.opened = True
            os.close(fd)  # the reader gets end of file and goes on
            time.sleep(0.01)

    def close(self) -> None:
        self._stop.set()
        self._thread.join(2)


@pytest.fixture
def fifo(tmp_path):
    sentinel = FifoSentinel(tmp_path / "sentinel.png")
    yield sentinel
    sentinel.close()


@pytest.fixture
def opened_urls(monkeypatch):
    """Every URL handed to the desktop's opener."""
    from PySide6.QtGui import QDesktopServices

    urls: list[str] = []
    monkeypatch.setattr(QDesktopServices, "openUrl", staticmethod(lambda url: urls.append(url.toString()) or True))
    return urls


def ready(app, project: str = "OSPF Lab") -> str:
    app.sign_in_demo()
    return app.choose(project)


def play(app, case: Play, message: str = "hostile") -> None:
    app.demo.state.settings.faults = Faults(play=case)
    app.send(message)
    app.finish_turn(60)


def answer_documents(app) -> list:
    """Every Markdown block of the answers, parsed (as when scrolled into view)."""
    for lazy in app.window.chat.widget().findChildren(LazyMarkdownBlock):
        lazy.realize(force=True)
    return [b for b in app.window.chat.widget().findChildren(MarkdownBlock)]


def shown_text(app) -> str:
    return "\n".join(block.document().toPlainText() for block in answer_documents(app))


def link_block(app, text: str) -> MarkdownBlock:
    return next(b for b in answer_documents(app) if text in b.document().toPlainText())


def click_text(app, block: MarkdownBlock, text: str) -> None:
    """Click on the middle of `text` in a Markdown block, with the mouse."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    block.window().raise_()
    app.window.chat.ensureWidgetVisible(block)
    app.settle(0.05)
    cursor = block.document().find(text)
    assert not cursor.isNull(), text
    cursor.setPosition(cursor.selectionStart() + len(text) // 2)
    point = block.cursorRect(cursor).center()
    QTest.mouseClick(block.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point)


def message_box(app) -> QMessageBox:
    app.wait(lambda: any(isinstance(w, QMessageBox) and w.isVisible() for w in QApplication.topLevelWidgets()),
             what="a message box")
    return next(w for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox) and w.isVisible())


def test_images_show_as_links_and_nothing_is_read(app, fifo, tmp_path, monkeypatch):
    asked: list[str] = []
    original = MarkdownBlock.loadResource
    monkeypatch.setattr(MarkdownBlock, "loadResource", lambda self, kind, name: asked.append(name.toString()) or original(self, kind, name))
    ready(app)
    app.demo.state.settings.pace_s = 0.002  # as a model streams, not all at once
    play(app, Play(
        answer=f"The diagram:\n\n![the topology]({fifo.path})\n\n![zero](/dev/zero)\n\n"
        f"Inline ![secret]({fifo.path}) too, and <img src=\"{fifo.path}\"> as HTML.\n\nThat is all.\n",
        piece_chars=7,
    ))
    text = shown_text(app)
    assert "[image: the topology]" in text and "[image: zero]" in text and "[image: secret]" in text
    assert f'<img src="{fifo.path}">' in text  # raw HTML is text
    assert "That is all." in text
    app.settle(0.2)
    assert not fifo.opened, "rendering the answer opened the sentinel"
    # Qt asked for the images while parsing (before they became links): the guard
    # answered with a placeholder; the sentinel above shows nothing was opened.
    assert set(asked) <= {fifo.path, "/dev/zero"}
    assert app.presenter.transcript.state == TurnState.DONE


def test_an_image_without_alt_text_is_shown_as_a_link_not_dropped(app, fifo):
    """`![](address)` was shown as nothing at all (Qt's importer makes no image without
    alt text), its address lost, and a badge `[![](…)](…)` with its link: now "[image]",
    a link to its address, read from nothing. In code, it stays as written."""
    ready(app)
    play(app, Play(answer=f"Before ![]({fifo.path}) after, a badge [![](http://127.0.0.1:9/b.png)](http://127.0.0.1:9/) "
                          "and `![](in-a-span)`.\n\n```\n![](in-a-fence)\n```\n"))
    text = shown_text(app)
    assert "Before [image] after, a badge [image] and ![](in-a-span)." in text
    assert "![](in-a-fence)" in text
    block = link_block(app, "Before")
    cursor = block.document().find("[image]")
    cursor.setPosition(cursor.selectionStart() + 2)
    assert block.anchorAt(block.cursorRect(cursor).center()) == fifo.path  # the address kept, as a link
    app.settle(0.2)
    assert not fifo.opened


def test_links_open_only_after_a_confirmation_showing_the_real_target(app, opened_urls):
    ready(app)
    play(app, cases()["links"])
    text = shown_text(app)
    assert "⟨U+202E⟩fdp.exe" in text  # the override is shown, not obeyed
    before = text

    # A file: link is not followed, inside the chat or by the desktop.
    click_text(app, link_block(app, "passwd"), "passwd")
    box = message_box(app)
    assert "not a web address" in box.text() and "file:///etc/passwd" in box.text()
    assert [b.text() for b in box.buttons() if b.text() == "Open in browser"] == []
    box.reject()
    app.settle(0.05)
    assert shown_text(app) == before and "root:" not in shown_text(app)

    for label in ("relative", "js", "share"):
        click_text(app, link_block(app, label), label)
        box = message_box(app)
        assert "not a web address" in box.text()
        box.reject()
        app.settle(0.05)

    # The disguised link says where it really goes; Copy puts that on the clipboard.
    click_text(app, link_block(app, "fdp.exe"), "fdp.exe")
    box = message_box(app)
    assert "https://example.com/evil.exe" in box.text()
    copy = next(b for b in box.buttons() if b.text() == "Copy link")
    copy.click()
    app.settle(0.05)
    assert QApplication.clipboard().text() == "https://example.com/evil.exe"

    click_text(app, link_block(app, "docs"), "docs")
    box = message_box(app)
    next(b for b in box.buttons() if b.text() == "Open in browser").click()
    app.settle(0.05)
    assert opened_urls == ["https://docs.gns3.com/"]
    assert shown_text(app) == before


def test_text_that_looks_like_tags_stays(app):
    ready(app)
    play(app, cases()["tags"])
    text = shown_text(app)
    assert "Replace <ip> with the address, then run show interface <name> on <br> each router." in text


def test_hiding_characters_are_made_visible(app):
    ready(app)
    play(app, cases()["hidden-chars"])
    text = shown_text(app)
    assert "zero⟨U+200B⟩width" in text and "⟨U+202E⟩evil⟨U+202C⟩" in text and "NUL:⟨NUL⟩:end" in text
    assert "\u202e" not in text


def test_names_from_others_stay_text(app, fifo):
    """A project, a tool, its output and a chat title written as HTML with an image:
    shown as written, nothing read, nothing crashes."""
    project = next(p for p in app.demo.state.projects.values() if p.name == "OSPF Lab")
    project.name = f'<img src="{fifo.path}">Lab'
    app.sign_in_demo()
    app.choose(project.name)
    assert project.name in app.window.projects.combo.currentText()
    assert f"“{project.name}”" in app.window.chat._placeholder.text()
    case = Play(
        answer="Running it.\n", tool_name=f'<img src="{fifo.path}">show_<b>x</b>',
        tool_arguments=f'{{"device": "<img src={fifo.path}>R1"}}', tool_output=f'<img src="{fifo.path}"><b>bold</b>',
    )
    play(app, case, message=f'<img src="{fifo.path}">title')
    card = app.cards()[0]
    # As written (a long name is shortened, and whole in its tooltip).
    assert case.tool_name.startswith(card.name.text().rstrip("…")) and card.name.text().startswith("<img src=")
    import html

    assert html.escape(case.tool_name, quote=False) in card.name.toolTip()
    assert card.shown_output() == case.tool_output
    assert "<img src=" in card.arguments.text()
    # The chat's title in the list and in the delete dialog.
    app.wait(lambda: app.window.sessions.list.count() == 1, what="the chat in the list")
    title = app.window.sessions.list.item(0).text().splitlines()[0]  # (its second line: mode, size, age)
    assert title.startswith('<img src="')  # as written (the controller shortens titles)
    box = app.window.sessions.ask_delete(app.presenter.session_id)
    assert f"“{title}”" in box.text()
    box.reject()
    app.settle(0.2)
    assert not fifo.opened


def test_nested_json_and_bad_bytes_do_not_end_the_turn(app):
    ready(app)
    nested = cases()["nested-json"]
    play(app, Play(answer="Calling a tool.\n", raw=cases()["invalid-utf8"].raw, tool_name=nested.tool_name,
                   tool_arguments=nested.tool_arguments, tool_output=nested.tool_output))
    t = app.presenter.transcript
    assert t.state == TurnState.DONE
    card = app.cards()[0]
    assert card.status.text() == "done"
    assert card.arguments.text().startswith("[[[[") and card.shown_output().startswith('{"a": {"a":')
    assert "bad \ufffd\ufffd bytes" in t.assistant_text()
    assert "⟨NUL⟩nul" in shown_text(app)


def test_huge_inputs_are_cut_and_shown(app):
    ready(app)
    play(app, cases()["long-words"])
    play(app, cases()["big-table"])
    play(app, cases()["huge-output"])
    messages = [w for w in app.window.chat.widgets() if isinstance(w, AssistantMessage)]
    long_line, table = messages[0], messages[1]
    assert long_line.view.text() == cases()["long-words"].answer  # nothing lost
    from gns3_copilot_desktop.ui.markdown_view import MAX_TAIL_CHARS

    # A megabyte with no paragraph break, cut into blocks that parse in bounded time.
    assert long_line.view.chunk_count() > 200
    assert max(len(t) for t in long_line.view._frozen) <= MAX_TAIL_CHARS
    table_blocks = [b for b in table.view.findChildren(LazyMarkdownBlock)]
    table_blocks[len(table_blocks) // 2].realize(force=True)
    middle = table_blocks[len(table_blocks) // 2].block.document()
    from PySide6.QtGui import QTextTable

    assert any(isinstance(f, QTextTable) for f in middle.rootFrame().childFrames())  # still a table
    assert "Device" in middle.toPlainText()  # with its header repeated
    card = app.cards()[-1]
    assert len(card.shown_output()) <= 301 and card.show_all.isVisible()
    card.show_all.click()
    assert "more characters" in card.shown_output() and len(card.shown_output()) < 600_000


def test_deep_markdown_is_shown_as_plain_text_with_a_notice(app):
    ready(app)
    play(app, cases()["deep-markdown"])
    text = shown_text(app)
    assert "Shown as plain text" in text and "after the nesting" in text
    assert app.presenter.transcript.state == TurnState.DONE


def test_a_part_that_cannot_be_shown_is_marked_and_the_rest_goes_on(app, monkeypatch):
    from gns3_copilot_desktop.protocol import transcript as transcript_module
    from gns3_copilot_desktop.protocol.events import ToolStartEvent
    from gns3_copilot_desktop.ui.tool_card import ToolCallCard
    from gns3_copilot_desktop.ui.unshown import UnshownPart

    def broken(self, call, **context):
        if call.output:
            raise RecursionError("maximum recursion depth exceeded")
        return original(self, call, **context)

    original = ToolCallCard.set_item
    monkeypatch.setattr(ToolCallCard, "set_item", broken)
    ready(app)
    play(app, Play(answer="Before.\n", tool_name="show_run", tool_output="the output"))
    app.demo.state.settings.faults = Faults()
    app.send("Show me the topology")  # a later turn still renders
    app.finish_turn()
    parts = [w for w in app.window.chat.widgets() if isinstance(w, UnshownPart)]
    assert parts and "Could not show this part: RecursionError" in parts[0].label.text()
    assert "the output" in parts[0].raw.text()
    assert "topology" in app.presenter.transcript.assistant_text().lower()

    # An event the transcript cannot fold in: a notice, and the stream goes on.
    monkeypatch.setitem(transcript_module._handlers(), ToolStartEvent, lambda self, event: 1 / 0)
    play(app, Play(answer="Again.\n", tool_name="show_run", tool_output="second output"))
    assert app.presenter.transcript.state == TurnState.DONE
    notices = [w.label.text() for w in app.window.chat.widgets() if isinstance(w, NoticeLine)]
    assert any("Could not show this part (ToolStartEvent): ZeroDivisionError" in n for n in notices)


def test_a_silent_controller_is_told_and_can_be_stopped(app, monkeypatch):
    monkeypatch.setenv("GNS3_COPILOT_SILENCE_S", "1")
    ready(app)
    app.demo.state.settings.faults = Faults(stall_s=30)
    app.send("Show me the topology")
    app.wait(lambda: "Nothing has arrived from the controller for" in app.window.banner.text(), 5, "the silence banner")
    assert app.window.banner.isVisible() and "Stop" in app.window.banner.text()
    # In a narrow window the sentence wraps: unwrapped, it made the window wider.
    app.window.resize(800, 560)
    app.settle()
    assert app.window.width() == 800
    said = app.window.banner.text()
    app.wait(lambda: app.window.banner.text() != said, 5, "the banner told again")
    app.lay_out()
    app.settle()
    assert app.window.width() == 800
    assert app.window.banner.height() > app.window.banner.fontMetrics().lineSpacing() * 2  # two lines
    app.window.banner.linkActivated.emit("stop")
    app.finish_turn(10)
    assert app.presenter.transcript.state == TurnState.ABORTED
    # Its place is kept, one line tall again: not the two lines it said last.
    app.lay_out()
    app.settle()
    assert not app.window.banner.isVisible()
    assert 0 < app.window.banner.height() < app.window.banner.fontMetrics().lineSpacing() * 2


def test_sign_in_works_when_settings_cannot_be_written(app):
    config = app.config_dir
    config.mkdir(parents=True, exist_ok=True)
    # The settings' folder cannot be made (a file in its place), as with a read-only
    # config directory; this holds for root too.
    app.presenter.settings.path = config / "blocked" / "settings.json"
    app.presenter.settings._file.path = app.presenter.settings.path
    (config / "blocked").write_text("not a folder")
    notices: list[str] = []
    app.presenter.notice.connect(notices.append)
    creds = app.demo.credentials
    assert app.run(app.presenter.sign_in(creds.url, creds.username, creds.password, remember=False))
    assert app.presenter.client is not None
    assert any("Could not save" in n and "kept until the app closes" in n for n in notices)


@pytest.mark.parametrize("url", ["http://127.0.0.1:99999", "http://127.0.0.1:3080x", "http://[::1", "http://", "http://127.0.0.1 :3080",
                                 "http:/127.0.0.1:3080", "ftp://127.0.0.1"])
def test_a_malformed_address_gets_a_clear_message(app, url):
    failures: list[str] = []
    app.presenter.sign_in_failed.connect(lambda text, about_the_address: failures.append(text) if about_the_address else None)
    assert app.run(app.presenter.sign_in(url, "admin", "x", remember=False)) is False
    assert failures and "ExceptionGroup" not in failures[0] and "controller URL" in failures[0]
