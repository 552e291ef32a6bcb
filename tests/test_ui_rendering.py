"""Rendering that must stay cheap: Markdown parsed once per finished block, and long
histories shown newest first, a page at a time."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication
from test_ui_painting import fresh, on_screen

from gns3_copilot_desktop.controller_sim.workloads import markdown_document, split_pieces
from gns3_copilot_desktop.protocol import ContentEvent, ConversationHistory, Transcript
from gns3_copilot_desktop.ui.chat_parts import AssistantMessage
from gns3_copilot_desktop.ui.chat_view import ChatView
from gns3_copilot_desktop.ui.lazy_markdown_block import LazyMarkdownBlock
from gns3_copilot_desktop.ui.markdown_block import MarkdownBlock
from gns3_copilot_desktop.ui.markdown_view import CHUNK_CHARS, SETTLED_KEPT_CHARS, MarkdownView


def shown_view(qtbot, transcript: Transcript, height: int = 500) -> ChatView:
    """A chat view on screen, showing this transcript."""
    view = ChatView()
    qtbot.addWidget(view)
    view.resize(800, height)
    view.show()
    view.reset(transcript)
    return view


def render_changes(qtbot, view: ChatView, transcript: Transcript, answers: bool = True) -> None:
    """Hand the transcript's changes to the view and wait until they are rendered: the
    chat's slices, and (`answers`) each answer's own: a burst of Markdown is cut into
    blocks 2 ms at a time, and its tail shown in a turn of its own, on a slow machine
    after the chat's slices are done."""
    view.update_items(transcript.take_changes())
    qtbot.waitUntil(
        lambda: not view.pending()
        and not (answers and any(m.pending() for m in view.findChildren(MarkdownView))),
        timeout=5000,
    )


def test_a_burst_is_cut_into_blocks_each_parsed_in_a_short_piece_of_work(qtbot):
    """An answer that comes at once (a fast stream, the history) is cut into blocks of
    about CHUNK_CHARS, each parsed alone when it comes into view: a section with code
    and a table (about 550 characters) is a block, not two of them (8-12 ms of a
    process's first answer in one piece, its longest stall)."""
    view = MarkdownView()
    qtbot.addWidget(view)
    view.resize(700, 600)
    view.show()
    document = markdown_document(20_000)
    view.append(document, complete=True)
    qtbot.waitUntil(lambda: not view.pending(), timeout=5000)
    sizes = [len(block.text) for block in view.frozen_blocks()]
    assert len(sizes) > 20 and max(sizes) < 1024, sizes  # (two sections of it were a block)
    assert view.text() == document


def test_streamed_markdown_is_frozen_in_blocks_never_inside_a_code_fence(qtbot):
    view = MarkdownView()
    qtbot.addWidget(view)
    document = markdown_document(60_000)
    for piece in split_pieces(document, 1500):
        view.append(piece)
    assert view.text() == document  # nothing lost or doubled
    assert view.chunk_count() >= 60_000 // (CHUNK_CHARS * 2)
    for block in view._frozen:
        assert block.count("```") % 2 == 0, "a code block was cut in two"
        assert block.endswith("\n\n")


def test_set_text_that_extends_only_appends(qtbot):
    view = MarkdownView()
    qtbot.addWidget(view)
    view.set_text("## Title\n\nfirst paragraph\n\n")
    view.set_text("## Title\n\nfirst paragraph\n\nsecond 第二段")
    assert view.text() == "## Title\n\nfirst paragraph\n\nsecond 第二段"
    view.set_text("something else")
    assert view.text() == "something else" and view.chunk_count() == 0


def test_a_long_history_opens_on_its_newest_page_and_pages_back(qtbot):
    messages = []
    for n in range(100):
        messages += [{"role": "user", "content": f"question {n}"}, {"role": "assistant", "content": f"answer **{n}**"}]
    transcript = Transcript.from_history(ConversationHistory.model_validate({"thread_id": "t", "messages": messages}))
    view = shown_view(qtbot, transcript)
    qtbot.waitUntil(lambda: not view.pending(), timeout=5000)
    shown = view.widgets()
    assert len(shown) == ChatView.PAGE and view.first_shown == 200 - ChatView.PAGE
    assert isinstance(shown[-1], AssistantMessage) and shown[-1].view.text() == "answer **99**"
    assert view.earlier.isVisible() and f"{200 - ChatView.PAGE:,} more" in view.earlier.text()
    view.earlier.click()
    assert len(view.widgets()) == 2 * ChatView.PAGE
    while view.first_shown:
        view.show_earlier()
    assert len(view.widgets()) == 200 and not view.earlier.isVisible()
    assert view.widgets()[0].label.text() == "question 0"


def test_a_chat_opens_on_its_newest_message_and_stays_there_while_the_page_is_drawn(qtbot):
    """The page is drawn a slice at a time, the newest first: the newest answer is there
    as soon as the chat is opened, the view never leaves the bottom while the older
    messages of the page are drawn above it, and in the end the page is whole."""
    from PySide6.QtWidgets import QApplication

    messages = []
    for n in range(40):
        answer = f"answer **{n}**\n\n" + markdown_document(1500, first_section=n)
        messages += [{"role": "user", "content": f"question {n}"}, {"role": "assistant", "content": answer}]
    transcript = Transcript.from_history(ConversationHistory.model_validate({"thread_id": "t", "messages": messages}))
    view = shown_view(qtbot, transcript, height=400)
    newest = view.widgets()[-1]
    assert isinstance(newest, AssistantMessage) and newest.view.text().startswith("answer **39**")
    bar = view.verticalScrollBar()
    for _ in range(500):
        QApplication.processEvents()
        assert bar.value() == bar.maximum(), "the view left the newest message"
        if not view.pending():
            break
        qtbot.wait(1)
    assert not view.pending()
    shown = view.widgets()
    assert len(shown) == ChatView.PAGE and shown[-1] is newest
    assert [w.label.text() for w in shown if not isinstance(w, AssistantMessage)] == [f"question {n}" for n in range(34, 40)]
    assert bar.maximum() > 0 and bar.value() == bar.maximum()


def test_the_older_messages_arriving_while_the_page_is_drawn_leave_the_page_whole(qtbot):
    """The whole chat can replace its newest page before the page is drawn (a reader
    who scrolled up at once): every message of the page is drawn all the same."""
    from gns3_copilot_desktop.ui.chat_groups import Unrendered

    def transcript_of(first: int) -> Transcript:
        messages = []
        for n in range(first, 40):
            answer = f"answer **{n}**\n\n" + markdown_document(1500, first_section=n)
            messages += [{"role": "user", "content": f"question {n}"}, {"role": "assistant", "content": answer}]
        return Transcript.from_history(ConversationHistory.model_validate({"thread_id": "t", "messages": messages}))

    view = ChatView()
    qtbot.addWidget(view)
    view.resize(800, 400)
    view.show()
    view.reset(transcript_of(30), more_above=True)
    assert view.pending(), "the page is drawn newest first, a slice at a time"
    view.extend(transcript_of(0))
    qtbot.waitUntil(lambda: not view.pending(), timeout=5000)
    page = view._widgets[-ChatView.PAGE:]
    assert not any(isinstance(w, Unrendered) for w in page)
    assert [w.label.text() for w in page if not isinstance(w, AssistantMessage)] == [f"question {n}" for n in range(34, 40)]


def test_streaming_into_a_paged_view_updates_the_newest_items(qtbot):
    transcript = Transcript.from_history(ConversationHistory.model_validate(
        {"thread_id": "t", "messages": [{"role": "user", "content": f"q{n}"} for n in range(50)]}))
    view = ChatView()
    qtbot.addWidget(view)
    view.reset(transcript)
    transcript.begin_turn("new question")
    transcript.apply(ContentEvent(content="streamed answer"))
    render_changes(qtbot, view, transcript)
    assert view.widgets()[-1].view.text() == "streamed answer"
    assert view.widgets()[-2].label.text() == "new question"


def test_frozen_blocks_are_parsed_only_when_they_come_into_view(qtbot):
    transcript = Transcript()
    transcript.begin_turn("long answer")
    view = shown_view(qtbot, transcript)
    for piece in split_pieces(markdown_document(80_000), 800):
        transcript.apply(ContentEvent(content=piece))
    render_changes(qtbot, view, transcript)
    message = view.widgets()[-1].view
    blocks = message.frozen_blocks()
    assert len(blocks) > 10
    qtbot.wait(100)
    realized = [b for b in blocks if b.block is not None]
    # Following the end of the answer: only what has been on screen got parsed.
    assert len(realized) < len(blocks) // 4
    # (The blocks at the end of each turn's share of the burst were on screen for a
    # moment, and parsed: the one nearest the middle that was not.)
    middle = min((b for b in blocks if b.block is None), key=lambda b: abs(blocks.index(b) - len(blocks) // 2))
    view.ensureWidgetVisible(middle)  # the reader scrolls up to the middle...
    qtbot.waitUntil(lambda: middle.block is not None, timeout=5000)
    assert middle.block.toPlainText().strip() and middle.height() > 50
    view.verticalScrollBar().setValue(0)  # ...and to the start
    qtbot.waitUntil(lambda: blocks[0].block is not None, timeout=5000)
    assert blocks[0].block.toPlainText().startswith("Section 1")


def test_a_fast_stream_keeps_the_window_painting_and_paints_its_end(app):
    """Repaints wait while the chat is half-way through a frame, never longer: the
    picture never freezes while a firehose streams, and its last words get painted."""
    import time

    from PySide6.QtCore import QEvent, QObject

    class PaintClock(QObject):
        def __init__(self) -> None:
            super().__init__()
            self.times: list[float] = []

        def eventFilter(self, watched, event) -> bool:  # noqa: N802 - Qt's name
            if event.type() == QEvent.Type.Paint:
                self.times.append(time.perf_counter())
            return False

    app.sign_in_demo()
    app.choose("OSPF Lab")
    clock = PaintClock()
    app.window.chat.widget().installEventFilter(clock)
    settled: list[float] = []
    app.window.chat.settled.connect(lambda: settled.append(time.perf_counter()))
    started = time.perf_counter()
    app.send("/bench-stream 4000 20 20")
    app.wait(lambda: not app.presenter.is_running, 60, "the stream to end")
    ended = time.perf_counter()
    app.wait(lambda: not app.window.chat.pending(), 10, "the chat to be rendered")
    app.wait(lambda: clock.times and clock.times[-1] >= settled[-1], 2, "a paint of the finished chat")
    while_streaming = [t for t in clock.times if started <= t <= ended]
    assert len(while_streaming) >= 3, "the window did not repaint while the answer streamed"
    gaps = [b - a for a, b in zip([started, *while_streaming], [*while_streaming, ended])]
    assert max(gaps) < 1.0, f"the picture froze for {max(gaps):.2f} s"
    assert len(app.presenter.transcript.tool_calls()) == 20


def test_answers_that_scrolled_past_in_a_fast_stream_are_parsed_when_scrolled_to(qtbot):
    from gns3_copilot_desktop.protocol import parse_event

    transcript = Transcript()
    transcript.begin_turn("check everything")
    view = shown_view(qtbot, transcript, height=400)
    answers = [f"Answer {n}\n\n" + markdown_document(3000) for n in range(3)]
    for n, answer in enumerate(answers):  # all of it arrives within one frame
        for piece in split_pieces(answer, 30):
            transcript.apply(ContentEvent(content=piece))
        if n < 2:
            call = {"id": f"c{n}", "type": "function", "function": {"name": "show_run", "arguments": "{}"}}
            transcript.apply(parse_event({"type": "tool_call", "tool_call": call}))
            transcript.apply(parse_event({"type": "tool_end", "tool_name": "show_run", "tool_output": "ok", "tool_call_id": f"c{n}"}))
    render_changes(qtbot, view, transcript)
    qtbot.wait(100)
    answers_drawn = [w for w in view.widgets() if isinstance(w, AssistantMessage)]
    last = answers_drawn[-1]
    assert last.view.text() == answers[2] and last.view.findChildren(MarkdownBlock)  # the end: parsed at once
    # The first answer scrolled past before it was ever painted: nothing of it is
    # parsed (it may not even have a widget yet)...
    assert all(not w.view.findChildren(MarkdownBlock) for w in answers_drawn[:-1]), "an answer nobody saw was parsed"
    view.verticalScrollBar().setValue(0)  # ...until the reader scrolls back up: all of it is there
    first = lambda: next((w for w in view.widgets() if isinstance(w, AssistantMessage)), None)  # noqa: E731
    qtbot.waitUntil(lambda: first() is not None and first().view.text() == answers[0], timeout=5000)
    qtbot.waitUntil(lambda: first().view.findChildren(LazyMarkdownBlock)[0].block is not None, timeout=5000)
    shown = first().view.findChildren(LazyMarkdownBlock)[0].block.toPlainText()
    assert shown.startswith("Answer 0") and "Section 1" in shown


def test_a_table_after_a_code_block_keeps_its_header_in_line(qtbot):
    block = MarkdownBlock()
    qtbot.addWidget(block)
    block.set_markdown("```\nshow ip route\n```\n\n| Device | Status |\n|---|---|\n| R1 | up |\n")
    table = next(frame for frame in block.document().rootFrame().childFrames() if hasattr(frame, "cellAt"))
    header = [table.cellAt(0, column) for column in range(table.columns())]
    for cell in header:  # one line each, bold, no extra space above
        first = cell.firstCursorPosition().block()
        assert first.position() + first.length() > cell.lastPosition(), "an extra line in a header cell"
        assert first.begin().fragment().charFormat().fontWeight() >= 700
    assert [cell.firstCursorPosition().block().text() for cell in header] == ["Device", "Status"]
    assert "show ip route" in block.toPlainText()


def test_paragraphs_followed_as_they_stream_are_not_parsed_again_when_frozen(qtbot, monkeypatch):
    """While the reader follows an answer's end, its finished paragraphs are already
    parsed and on screen: the frozen block they become is that same document, not a
    second parse of the same text the moment the block comes into view."""
    parses_in_frozen_blocks = []
    set_markdown = MarkdownBlock.set_markdown

    def counted(block, text, *args, **kwargs):
        if isinstance(block.parentWidget(), LazyMarkdownBlock):
            parses_in_frozen_blocks.append(text)
        set_markdown(block, text, *args, **kwargs)

    monkeypatch.setattr(MarkdownBlock, "set_markdown", counted)
    transcript = Transcript()
    transcript.begin_turn("long answer")
    view = shown_view(qtbot, transcript)
    answer = markdown_document(16_000)
    for piece in split_pieces(answer, 60):  # a few words at a time, each update shown
        transcript.apply(ContentEvent(content=piece))
        render_changes(qtbot, view, transcript)
        qtbot.wait(1)  # the loop runs between updates: layouts, paints
    qtbot.wait(100)  # (a block that came into view would be parsed by now)
    message = view.widgets()[-1].view
    blocks = message.frozen_blocks()
    assert len(blocks) >= 5
    assert all(block.block is not None for block in blocks)  # each one was on screen
    assert parses_in_frozen_blocks == []
    # And each block shows what its text parsed in a block of its own shows.
    for block in blocks:
        fresh = MarkdownBlock()
        qtbot.addWidget(fresh)
        fresh.resize(block.block.width(), 0)
        fresh.show()
        fresh.set_markdown(block.text)
        assert block.block.toHtml() == fresh.toHtml()
        assert block.height() == block.block.height() == fresh.height()
    assert message.text() == answer


def test_finished_paragraphs_are_parsed_with_the_link_definitions_that_follow_them(qtbot):
    """A link defined in a later paragraph ("[1]: https://…") is a link in the
    paragraphs above it too: those are parsed again with the definition, not kept as a
    block that shows "[OSPF][1]" as text for good."""
    view = MarkdownView()
    qtbot.addWidget(view)
    view.resize(700, 600)
    view.show()
    finished = "".join(f"Paragraph {n}: see [OSPF][1] for the area and the timers of the routers. " * 2 + "\n\n"
                       for n in range(4))
    assert len(finished) >= SETTLED_KEPT_CHARS
    # (A paragraph at a time, as a stream brings them: all at once, they are a burst,
    # cut into blocks before any is shown; test_ui_link_definitions has that case.)
    for piece in [p + "\n\n" for p in finished.split("\n\n")[:-1]] + ["[1]: https://example.com/ospf\n\n", "The end."]:
        view.append(piece)
        qtbot.waitUntil(lambda: not view.pending(), timeout=2000)
        qtbot.wait(1)
    shown = [b.block for b in view.frozen_blocks() if b.block is not None]
    shown += [label for label in (view._settled_label, view._tail_label) if label is not None and label.isVisible()]
    text = " ".join(block.toPlainText() for block in shown)
    assert "Paragraph 3: see OSPF for" in text and "[1]" not in text


def test_an_answer_growing_in_a_chat_that_still_fits_does_not_move_the_view(qtbot):
    """While the chat fits in its view, an answer that grows by a line has no room to be
    made for it: the view stays put. (Scrolled ahead of the layout by the line, the view
    jumped up and came back down at the layout, on each line a first answer grew.)"""
    transcript = Transcript()
    transcript.begin_turn("What can you do?")
    view = shown_view(qtbot, transcript, height=700)
    bar = view.verticalScrollBar()
    moves: list[int] = []
    bar.valueChanged.connect(moves.append)
    answer = "I can show the topology, check the interfaces, configure OSPF and ping between PCs. " * 4
    for piece in split_pieces(answer, 30):
        transcript.apply(ContentEvent(content=piece))
        render_changes(qtbot, view, transcript)
        qtbot.wait(1)
    assert bar.maximum() == 0, "the chat still fits in the view"
    assert moves == []


def test_the_paragraph_clicked_in_keeps_the_focus_when_it_is_frozen(qtbot):
    """A reader who clicked in the answer's finished paragraphs (to select, to copy)
    keeps the keyboard focus there when they become a frozen block."""
    from PySide6.QtCore import Qt

    transcript = Transcript()
    transcript.begin_turn("long answer")
    view = shown_view(qtbot, transcript, height=700)
    view.activateWindow()
    clicked = None
    for piece in split_pieces(markdown_document(16_000), 260):
        transcript.apply(ContentEvent(content=piece))
        render_changes(qtbot, view, transcript)
        qtbot.wait(1)
        message = view.widgets()[-1].view
        settled = message._settled_label
        if clicked is None and settled is not None and settled.isVisible() and len(message._settled_shown) > SETTLED_KEPT_CHARS // 2:
            clicked = settled
            qtbot.mouseClick(clicked.viewport(), Qt.MouseButton.LeftButton, pos=clicked.viewport().rect().center())
            qtbot.waitUntil(clicked.hasFocus, timeout=2000)
        if clicked is not None and clicked.parentWidget() is not message:
            break
    assert clicked is not None and isinstance(clicked.parentWidget(), LazyMarkdownBlock), "frozen as it was"
    qtbot.waitUntil(lambda: clicked.isVisible(), timeout=2000)
    assert QApplication.focusWidget() is clicked


def test_finished_paragraphs_are_not_parsed_again_when_code_ends_after_them(qtbot, monkeypatch):
    """When a paragraph that cannot be appended (code, a table) ends below a good
    length of finished paragraphs, those become a block as they are shown, and only the
    new paragraph is parsed: parsed again with it, a block's worth of them was the cold
    answer's longest piece of work (10-12 ms). The reader sees the same text."""
    from gns3_copilot_desktop.ui import untrusted

    parses = []
    render_markdown = untrusted.render_markdown

    def counted(document, text, *rest):
        parses.append(text)
        render_markdown(document, text, *rest)

    monkeypatch.setattr(untrusted, "render_markdown", counted)
    view = MarkdownView()
    qtbot.addWidget(view)
    view.resize(700, 600)
    view.show()
    finished = "".join(f"Paragraph {n}: the routers agree on the area and the timers. " * 3 + "\n\n" for n in range(4))
    assert len(finished) >= SETTLED_KEPT_CHARS
    # (A paragraph at a time, as a stream brings them: 760 characters at once are a
    # burst, cut into blocks of CHUNK_CHARS before any is shown.)
    pieces = [p + "\n\n" for p in finished.split("\n\n")[:-1]]
    pieces += ["Then the", " code:\n\n", "```\nrouter ospf 1\n network 10.0.3.0 0.0.0.255 area 0\n```\n\n",
               "| a | b |\n|---|---|\n| 1 | 2 |\n\n", "The end."]
    for piece in pieces:
        view.append(piece)
        qtbot.waitUntil(lambda: not view.pending(), timeout=2000)
        qtbot.wait(1)
    assert sum(1 for text in parses if text.startswith("Paragraph 0")) == 1, "the finished paragraphs parsed once"
    blocks = view.frozen_blocks()
    assert blocks and blocks[0].text == finished + "Then the code:\n\n"
    assert blocks[0].block is not None  # the label that showed them, not a parse to come
    assert " ".join(blocks[0].block.toPlainText().split()) == " ".join((finished + "Then the code:").split())
    assert view.text() == "".join(pieces)


def test_an_answer_streamed_a_few_words_at_a_time_reads_as_the_whole_answer(qtbot):
    """The open tail is shown as its finished paragraphs and the paragraph being
    written: at every step the reader sees exactly the text so far, table and code
    block included, as the whole answer parsed at once would show it."""
    from PySide6.QtGui import QTextDocument

    from gns3_copilot_desktop.controller_sim.engine import text_pieces
    from gns3_copilot_desktop.controller_sim.workloads import _REALISTIC_ANSWER as answer
    from gns3_copilot_desktop.ui.untrusted import markdown_features

    def shown(view: MarkdownView) -> str:
        parts = [b.block.toPlainText() for b in view.frozen_blocks() if b.block is not None]
        parts += [b.toPlainText() for b in (view._settled_label, view._tail_label) if b is not None and b.isVisible()]
        return " ".join(" ".join(parts).split())

    def whole(text: str) -> str:
        document = QTextDocument()
        document.setMarkdown(text, markdown_features())
        return " ".join(document.toPlainText().split())

    view = MarkdownView()
    qtbot.addWidget(view)
    view.resize(700, 400)
    view.show()
    so_far = ""
    for step, piece in enumerate(text_pieces(answer)):
        view.append(piece)
        so_far += piece
        if step % 25 == 0 or "\n\n" in piece:
            # What was cut for over a millisecond has its tail shown in the next turn.
            qtbot.waitUntil(lambda: not view.pending(), timeout=2000)
            for block in view.frozen_blocks():
                block.realize(force=True)
            assert shown(view) == whole(so_far), f"after {len(so_far)} characters"
    assert shown(view) == whole(answer)
    assert view._settled_label.isVisible() and view._tail_label.isVisible()  # both in use


def test_a_burst_of_table_rows_is_shown_whole_and_in_order(qtbot):
    """A big table arriving at once is cut and shown over several turns of the loop
    (its blocks shown a turn's worth at a time): every block ends up on screen, one
    under the other, and text that came meanwhile follows the table."""
    from gns3_copilot_desktop.controller_sim.hostile import _table
    from gns3_copilot_desktop.ui.markdown_view import FEED_CHARS

    table = _table(200_000)
    transcript = Transcript()
    transcript.begin_turn("the interfaces")
    view = shown_view(qtbot, transcript)
    for piece in split_pieces(table, 1024):
        transcript.apply(ContentEvent(content=piece))
    render_changes(qtbot, view, transcript, answers=False)  # the burst: cut a few kilobytes a turn
    message = view.widgets()[-1].view
    assert message.pending(), "the burst should take more than one turn of the loop"
    transcript.apply(ContentEvent(content="\nall 48 interfaces are up\n"))  # while it is cut
    render_changes(qtbot, view, transcript, answers=False)
    tail = lambda: message._tail_label.toPlainText() if message._tail_label is not None else ""  # noqa: E731
    qtbot.waitUntil(lambda: "all 48 interfaces are up" in tail(), timeout=10000)
    qtbot.wait(50)  # the last blocks' layout

    assert message.text() == table + "\nall 48 interfaces are up\n"  # nothing lost or reordered
    blocks = message.frozen_blocks()
    assert len(blocks) > 200_000 // FEED_CHARS
    assert all(block.isVisible() and block.height() > 0 for block in blocks)
    tops = [block.mapTo(message, block.rect().topLeft()).y() for block in blocks]
    bottoms = [top + block.height() for top, block in zip(tops, blocks)]
    assert all(bottoms[n] == tops[n + 1] for n in range(len(blocks) - 1)), "blocks overlap or leave a gap"
    tail_top = message._tail_label.mapTo(message, message._tail_label.rect().topLeft()).y()
    assert tail_top >= bottoms[-1]  # the words after the table come under it
    documents = []
    for block in blocks:
        block.realize(force=True)
        documents.append(block.block.document())
    if message._settled_label.isVisible():  # the table's last rows, if not frozen yet
        documents.append(message._settled_label.document())
    rows = []
    for document in documents:
        table_frame = next(f for f in document.rootFrame().childFrames() if hasattr(f, "cellAt"))
        assert table_frame.cellAt(0, 0).firstCursorPosition().block().text() == "Device"  # the header on each
        rows += [table_frame.cellAt(r, 0).firstCursorPosition().block().text() for r in range(1, table_frame.rows())]
    assert rows == [f"R{n % 64}" for n in range(table.count("\n") - 2)]  # every row, in order


def test_a_burst_of_cards_and_answers_in_one_frame_shows_each_in_order_when_scrolled_through(qtbot):
    """A fast stream brings many screens in one frame: those scrolled past before they
    were painted are drawn when the reader comes to them, each one, in order, with what
    it finally holds (a result that came after the card had scrolled past, too)."""
    from gns3_copilot_desktop.protocol import parse_event
    from gns3_copilot_desktop.ui.tool_card import ToolCallCard

    transcript = Transcript()
    transcript.begin_turn("check everything")
    view = shown_view(qtbot, transcript, height=400)
    for n in range(30):  # all of it arrives within one frame
        transcript.apply(ContentEvent(content=f"Step {n}: checking.\n\n"))
        call = {"id": f"c{n}", "type": "function", "function": {"name": f"tool_{n}", "arguments": "{}", "complete": True}}
        transcript.apply(parse_event({"type": "tool_call", "tool_call": call}))
    render_changes(qtbot, view, transcript)
    for n in range(30):  # the results come in the next frame, long after the cards scrolled by
        transcript.apply(parse_event({"type": "tool_end", "tool_name": f"tool_{n}", "tool_output": f"result {n}", "tool_call_id": f"c{n}"}))
    render_changes(qtbot, view, transcript)
    assert len([w for w in view.widgets() if isinstance(w, ToolCallCard)]) < 30  # not all made at once

    seen: dict[int, str] = {}
    bar = view.verticalScrollBar()
    bar.setValue(0)
    for _ in range(200):  # the reader scrolls down through the whole turn
        qtbot.wait(150)
        for index, widget in enumerate(view._widgets):
            if isinstance(widget, ToolCallCard) and not widget.visibleRegion().isEmpty():
                seen[index] = f"{widget.name.text()}: {widget.preview.text()}"
            elif isinstance(widget, AssistantMessage) and not widget.visibleRegion().isEmpty():
                seen[index] = widget.view.text()
        if bar.value() >= bar.maximum():
            break
        bar.setValue(bar.value() + view.viewport().height() // 2)
    items = transcript.items
    expected = {
        n: (f"{item.name}: {item.output}" if hasattr(item, "output") else item.text)
        for n, item in enumerate(items) if n > 0
    }
    assert seen == expected  # every card and answer, each with what it holds, in its place


def test_find_goes_to_a_match_a_fast_stream_passed_by(qtbot):
    """An answer that scrolled past before it was drawn is found: drawn, selected and
    in view (Find took the n-th drawn widget for the n-th item, the wrong one once
    some had no widget)."""
    from gns3_copilot_desktop.protocol import parse_event
    from gns3_copilot_desktop.ui.find_bar import FindBar

    transcript = Transcript()
    transcript.begin_turn("check everything")
    view = shown_view(qtbot, transcript, height=400)
    for n in range(30):  # all of it within one frame
        transcript.apply(ContentEvent(content=f"Step {n}: checking device R{n}.\\n\\n"))
        call = {"id": f"c{n}", "type": "function", "function": {"name": f"tool_{n}", "arguments": "{}", "complete": True}}
        transcript.apply(parse_event({"type": "tool_call", "tool_call": call}))
    render_changes(qtbot, view, transcript)
    qtbot.wait(150)
    find = FindBar(view)
    qtbot.addWidget(find)
    find.open(transcript, "device R3.")
    assert len(find.matches) == 1
    widget = view.widget_at(find.matches[0].item)
    assert isinstance(widget, AssistantMessage) and widget.view.text() == "Step 3: checking device R3.\\n\\n"
    qtbot.waitUntil(lambda: not widget.visibleRegion().isEmpty(), timeout=5000)  # scrolled to it


def test_an_answer_followed_as_it_grows_is_on_screen_as_written(qtbot, monkeypatch):
    """While the chat follows a streaming answer, each line more scrolls the view before
    the answer grows, and Qt copies what was on screen instead of painting it again: the
    screen must show exactly what a fresh paint of the chat shows, the newest words at
    the bottom, line after line and paragraph after paragraph."""
    from gns3_copilot_desktop.ui import markdown_view

    # The paragraph being written drops its kept glyphs a second after its last words,
    # and is painted again whole then: wrong pixels there would be painted over before
    # the wait below gave up.
    monkeypatch.setattr(markdown_view, "GLYPHS_IDLE_MS", 60_000)
    transcript = Transcript()
    transcript.begin_turn("q")
    view = shown_view(qtbot, transcript, height=300)
    bar = view.verticalScrollBar()
    compared, pieces = 0, [f"word{n} " * 4 + ("\n\n" if n % 9 == 8 else "") for n in range(90)]
    for n, piece in enumerate(pieces):
        transcript.apply(ContentEvent(content=piece))
        render_changes(qtbot, view, transcript)
        qtbot.wait(5)
        assert bar.value() == bar.maximum(), n  # the view follows the end
        if n % 3 == 2 and bar.maximum() > 0:
            # Once its layout and paint are done. They take a few passes of the loop: a
            # resize posts a layout request to the parent, and so up, and an event posted
            # while Qt delivers posted ones waits for the next pass (on a busy machine,
            # the 5 ms above can end between two). Copied pixels left wrong stay wrong.
            try:
                qtbot.waitUntil(lambda: on_screen(view) == fresh(view), timeout=500)
            except qtbot.TimeoutError as exc:
                raise AssertionError(f"the screen is not a fresh paint after piece {n}") from exc
            compared += 1
    assert compared > 15 and bar.maximum() > 150  # it scrolled, many times
    assert view.widgets()[-1].view.text() == "".join(pieces)


def test_a_long_table_followed_by_a_paragraph_is_cut_in_parts_of_a_few_rows(qtbot):
    """A table of short rows and the paragraph after it, arriving at once, fit in one
    part by size (under 4 KB): the whole table was one part, and laying out and painting
    200 rows when it came into view stalled the window for tens of milliseconds. A table
    is cut every MAX_TAIL_TABLE_ROWS rows, whatever follows it; nothing is lost."""
    from gns3_copilot_desktop.ui.markdown_view import MAX_TAIL_TABLE_ROWS

    table = "| R | up |\n|---|---|\n" + "".join(f"| R{n} | up |\n" for n in range(200))
    answer = table + "\nAll 200 routers are up.\n\nNext, the links.\n"
    view = MarkdownView()
    qtbot.addWidget(view)
    view.resize(600, 400)
    view.show()
    qtbot.waitExposed(view)
    view.append(answer, complete=True)
    qtbot.waitUntil(lambda: not view.pending(), timeout=5000)
    qtbot.wait(50)
    assert view.text() == answer
    rows = [sum(line.startswith("|") for line in block.text.splitlines()) for block in view.frozen_blocks()]
    assert rows and max(rows) <= MAX_TAIL_TABLE_ROWS + 2, rows  # (+ the header carried)


def stream_past_an_answer(qtbot, answer: str, before_the_rest=None):
    """A chat following a stream: the first half of `answer` in one frame, then its rest,
    a tool call and a long second answer in the next. Returns the view and the answer's
    message, once all is rendered."""
    from gns3_copilot_desktop.protocol.events import ToolCallDelta, ToolCallEvent, ToolCallFunction, ToolEndEvent, ToolStartEvent

    transcript = Transcript()
    transcript.begin_turn("two answers")
    view = shown_view(qtbot, transcript)
    half = len(answer) // 2
    transcript.apply(ContentEvent(content=answer[:half]))
    render_changes(qtbot, view, transcript)
    first = view.widgets()[-1]
    qtbot.waitUntil(lambda: any(b.isVisible() for b in first.view.findChildren(MarkdownBlock)), timeout=5000)
    if before_the_rest is not None:
        before_the_rest(first)
    transcript.apply(ContentEvent(content=answer[half:]))
    function = ToolCallFunction(name="show_run", arguments={}, complete=True)
    transcript.apply(ToolCallEvent(tool_call=ToolCallDelta(id="c1", function=function)))
    transcript.apply(ToolStartEvent(tool_name="show_run", tool_call_id="c1"))
    transcript.apply(ToolEndEvent(tool_name="show_run", tool_call_id="c1", tool_output="ok"))
    transcript.apply(ContentEvent(content=markdown_document(20_000, first_section=50)))
    render_changes(qtbot, view, transcript)
    qtbot.waitUntil(lambda: first.view.text() == answer and not first.view.pending(), timeout=5000)
    qtbot.wait(50)
    return view, first


def test_an_answer_a_fast_stream_moved_past_is_parsed_when_scrolled_back_to(qtbot):
    """An answer that ends after the chat, following a fast stream, has moved far past
    it: its last paragraphs are not parsed for a view nobody sees, and are there, whole,
    when the reader scrolls back to them."""
    answer = markdown_document(3000) + "The last words of the first answer.\n\n"
    view, first = stream_past_an_answer(qtbot, answer)

    def shown_end() -> bool:
        return any("The last words" in b.toPlainText() for b in first.view.findChildren(MarkdownBlock))

    assert not shown_end()
    view.verticalScrollBar().setValue(first.y() + first.height() - view.viewport().height() // 2)
    qtbot.waitUntil(shown_end, timeout=5000)



def test_a_block_parsed_before_it_is_shown_keeps_its_first_lines_in_place(qtbot):
    """A block is parsed at its width before it is shown (an answer's part coming into
    view), and its first show does not lay it out again; its scroll range must still
    be the shown block's: none. Left as it was while hidden (the document's height
    less a few pixels), a drag-select below the text scrolled it up inside the block,
    its first lines hidden."""
    from PySide6.QtWidgets import QWidget

    host = QWidget()
    qtbot.addWidget(host)
    host.resize(800, 600)
    host.show()
    qtbot.waitExposed(host)
    block = MarkdownBlock(host)
    block.resize(760, 0)
    block.set_markdown(markdown_document(2000))
    block.show()
    qtbot.waitUntil(lambda: block.height() > 300)
    qtbot.wait(20)
    assert block.verticalScrollBar().maximum() == 0
    block.verticalScrollBar().setValue(200)  # as a drag-select's auto-scroll would
    assert block.verticalScrollBar().value() == 0
