"""Code blocks whose fences a model writes in ways that fooled the cutting of a long
answer into blocks: a "````" block showing how to write a "```" one, a "~~~" line in a
"```" block, a "~~~~" block that a "~~~" line does not close, and "```show ip
route```" as inline code at a paragraph's start. Each is shown as the whole answer
parsed at once shows it, line for line and code as code, in a burst and at a model's
pace (protocol/fences.py says where a code block opens and closes, for all of them)."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QTextDocument, QTextFormat
from PySide6.QtWidgets import QApplication

from gns3_copilot_desktop.controller_sim.engine import text_pieces
from gns3_copilot_desktop.protocol.fences import code_inside, code_ranges, fence_after, fence_closes, fence_opened
from gns3_copilot_desktop.protocol.table_ends import end_tables
from gns3_copilot_desktop.protocol.untrusted_text import visible
from gns3_copilot_desktop.ui.markdown_view import MarkdownView
from gns3_copilot_desktop.ui.untrusted import markdown_features

PARAGRAPHS = "".join(f"Paragraph {i} is about OSPF areas, the routers in them, and their links.\n\n" for i in range(60))
CONFIG = "".join(f"interface Gi0/{i}\n ip address 10.0.{i}.1 255.255.255.0\n\n" for i in range(120))

ANSWERS = {
    # Inside "````" a "```" line is code: the blank lines after it were taken for
    # paragraph breaks, and the rest of the block was shown as paragraphs.
    "a fence shown inside a longer one": "````markdown\nTo start a code block write:\n\n```\n\nand go on.\n\n"
    + PARAGRAPHS[:900] + "````\n\n" + PARAGRAPHS,
    "a tilde line inside a backtick block": "```\nfirst\n~~~\n\nsecond line of code\n\n" + PARAGRAPHS[:900] + "```\n\n" + PARAGRAPHS,
    "a shorter fence inside a longer one": "~~~~\ncode\n~~~\n\nstill code\n\n" + PARAGRAPHS[:900] + "~~~~\n\n" + PARAGRAPHS,
    # A README shown in a "```markdown" block: its "    ```bash" (a list item's code,
    # indented four columns more than the block's fence) is code, not the block's end.
    "a list item's fence inside a block": "How to write the steps in a README:\n\n```markdown\n1. Install it:\n\n"
    "    ```bash\n    pip install x\n    ```\n\n2. Run it.\n\n3. Done.\n```\n\nThat is all.\n\n" + PARAGRAPHS * 2,
    # A list item's code longer than two blocks, its fence indented four columns: the
    # block was opened again unindented, its indented closing line then not read as
    # its end, and the rest of the answer was shown as code.
    "a long code block in a list item": "Steps:\n\n1. Configure R1:\n\n    ```text\n"
    + "".join(f"    interface Gi0/{i}\n     ip address 10.0.{i}.1 255.255.255.0\n" for i in range(250))
    + "    ```\n\n2. Then R2.\n\n## Verify\n\n" + PARAGRAPHS[:2000],
    # Not a fence: the line was carried into a block 50 paragraphs further, shown twice.
    "inline code with three backticks": "```show ip route``` lists the routes.\n" + PARAGRAPHS * 2,
    # Longer than a block: cut inside the code, and each part closed and opened again.
    "a long four-backtick block": "````markdown\n```\n" + CONFIG + "````\n\nAfter the code.\n\n" + PARAGRAPHS[:2000],
    "a long four-tilde block with a tilde line": "~~~~text\n" + CONFIG[:3000] + "~~~\n" + CONFIG + "~~~~\n\nAfter the code.\n\n"
    + PARAGRAPHS[:2000],
}


def lines_of(document: QTextDocument) -> list[str]:
    """A document's lines as a reader tells them apart: "code: ..." or "text: ..."."""
    lines = []
    block = document.begin()
    while block.isValid():
        form = block.blockFormat()
        code = form.hasProperty(QTextFormat.Property.BlockCodeFence) or form.hasProperty(QTextFormat.Property.BlockCodeLanguage)
        words = " ".join(block.text().split())
        if words:
            lines.append(("code: " if code else "text: ") + words)
        block = block.next()
    return lines


def shown_view(qtbot) -> MarkdownView:
    view = MarkdownView()
    qtbot.addWidget(view)
    view.resize(700, 400)
    view.show()
    return view


def fed(qtbot, view: MarkdownView, text: str, pace: str, until=None) -> str:
    """`text` given to the view at once, or a few words at a time as a model streams
    it, to its end, or (`until`) up to the first point where `until(text so far)`: what
    was given, shown."""
    so_far = ""
    if pace == "burst":
        view.append(text, complete=True)
        so_far = text
    else:
        for piece in text_pieces(text):
            view.append(piece)
            so_far += piece
            qtbot.waitUntil(lambda: not view.pending(), timeout=2000)
            if until is not None and until(so_far):
                return so_far
        view.append("", complete=True)
    qtbot.waitUntil(lambda: not view.pending(), timeout=5000)
    return so_far


def shown(view: MarkdownView) -> list[str]:
    lines = []
    for block in view.frozen_blocks():
        block.realize(force=True)
        lines += lines_of(block.block.document())
    for label in (view._settled_label, view._tail_label):
        if label is not None and label.isVisible():
            lines += lines_of(label.document())
    return lines


def whole(text: str) -> list[str]:
    document = QTextDocument()
    document.setMarkdown(text, markdown_features())
    return lines_of(document)


@pytest.mark.parametrize("name", ANSWERS)
@pytest.mark.parametrize("pace", ["burst", "a model's pace"])
def test_an_answer_with_unusual_fences_reads_as_the_whole_answer(qtbot, name, pace):
    answer = ANSWERS[name]
    view = shown_view(qtbot)
    fed(qtbot, view, answer, pace)
    assert view.frozen_blocks()  # (cut into blocks: what is tested here)
    assert view.text() == answer
    lines = shown(view)
    if name == "a long code block in a list item":
        # Left: the last part, opened again unindented outside its list, shows the
        # answer's indented closing line as code (as before 86f949d); the rest is right.
        assert lines.count("code: ```") == 1
        lines.remove("code: ```")
    assert lines == whole(answer)


def test_a_fence_closes_only_on_its_own_mark_at_least_as_long():
    assert fence_opened("```python") == "```" and fence_opened("  ````markdown") == "  ````"
    assert fence_opened("~~~ a`b") == "~~~"  # (a tilde fence's info may hold a backtick)
    assert fence_opened("```show ip route``` lists the routes") is None
    assert fence_opened("``") is None and fence_opened("text ```") is None
    assert fence_closes("```", "```") and fence_closes("`````  ", "```")
    assert not fence_closes("```", "````") and not fence_closes("~~~", "```") and not fence_closes("``` x", "```")
    assert fence_after("````\n```\n") == "````" and fence_after("```\n~~~\n```\n") is None
    text = "a\n```py\nx\n```\nb\n~~~~\ny"
    assert [text[start:end] for start, end in code_ranges(text)] == ["```py\nx\n```", "~~~~\ny"]
    assert code_ranges(text)[-1][1] == len(text) + 1  # (left open: runs on past the end)


def test_a_table_is_not_ended_by_inline_code_under_it():
    table = "| a | b |\n|---|---|\n| 1 | 2 |\n"
    assert end_tables(table + "```x``` y\n") == table + "```x``` y\n"
    assert end_tables(table + "```\ncode\n```\n") == table + "\n```\ncode\n```\n"
    assert end_tables(table + "    ```\n") == table + "    ```\n"  # (indented: a row, as md4c reads it)


# (With a character that reorders text: copied as the answer shows it, a visible mark.)
RUNNING_CONFIG = "".join(f"interface GigabitEthernet0/{i}\n ip address 10.0.{i}.1 255.255.255.0\n no shutdown\n!\n"
                         for i in range(200)).replace("0/7\n", "0/7 description \u202eevil\n")


def copied_by_each_panel(view: MarkdownView) -> list[str]:
    """What each code panel's Copy button puts on the clipboard, in the answer's order."""
    blocks = []
    for chunk in view.frozen_blocks():
        chunk.realize(force=True)
        blocks.append(chunk.block)
    blocks += [label for label in (view._settled_label, view._tail_label) if label is not None and label.isVisible()]
    copied = []
    for block in blocks:
        code = block._code
        for panel in code.panels[: len(code._groups)] if code is not None else []:
            panel.copy_button.click()
            copied.append(QApplication.clipboard().text())
    return copied


@pytest.mark.parametrize("pace", ["burst", "a model's pace"])
def test_copy_on_any_panel_of_a_code_block_longer_than_a_block_copies_all_of_it(qtbot, pace):
    """A running configuration (14 KB) is longer than a block, and is shown in several
    panels: the Copy button of each gave its part only, and the engineer pasted a third
    of a configuration. Every part's Copy copies the whole; a short block its own."""
    answer = ("The running configuration of R1:\n\n```text\n" + RUNNING_CONFIG + "```\n\nThen verify with:\n\n"
              "```text\nshow ip route\n```")  # (the same opener, and the answer's last block)
    view = shown_view(qtbot)
    if pace != "burst":
        so_far = fed(qtbot, view, answer, pace, until=lambda so_far: len(so_far) > 9000 and so_far.endswith("\n"))
        # Mid-stream: the part being written copies all the code so far.
        assert len(view.frozen_blocks()) >= 2 and view._fence_opener is not None  # (cut inside the code)
        assert copied_by_each_panel(view)[-1] == visible(so_far[so_far.index("```text\n") + 8:].rstrip("\n"))
        answer = answer[len(so_far):]
    fed(qtbot, view, answer, pace)
    copied = copied_by_each_panel(view)
    assert len(copied) >= 4  # (the configuration in three panels or more, then the routes)
    assert copied[:-1] == [visible(RUNNING_CONFIG.rstrip("\n"))] * (len(copied) - 1)
    assert "\u202e" not in copied[0] and "U+202E" in copied[0]
    assert copied[-1] == "show ip route"


def test_the_code_inside_a_fenced_block_is_its_lines_without_the_fences_indentation():
    assert code_inside("```py\nx = 1\n  y\n```") == "x = 1\n  y"
    assert code_inside("  ````\n  a\n    b\nc\n  ````") == "a\n  b\nc"
    assert code_inside("~~~\nstill open\n") == "still open"
    assert code_inside("```\nclosed by a shorter\n``") == "closed by a shorter\n``"
    assert code_inside("```\r\n\r\nline\r\n```\r\n") == "line"  # (no carriage returns, nor blank lines first)
    assert fence_closes("   ```", "```") and not fence_closes("    ```", "```") and fence_closes("      ```", "   ```")
