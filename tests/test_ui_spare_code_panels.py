"""A block of an answer takes its code panels from those made ahead while the loop was
idle (code_blocks.SPARE_PANELS), and looks exactly as with panels made for it."""

from __future__ import annotations

from ui_helpers import shown_markdown_block

from gns3_copilot_desktop.ui import code_blocks
from gns3_copilot_desktop.ui.made_ahead import MadeAhead

CODE = "Look:\n\n```\nR1# show ip route\n10.0.0.0/24 via 10.0.1.1\n```\n\nand\n\n```\nR1# write memory\n```\n"


def block_image(qapp, qtbot):
    block = shown_markdown_block(qtbot, CODE, width=500)
    return block, block.grab().toImage()


def test_code_panels_made_ahead_are_taken_and_look_the_same(qapp, qtbot, monkeypatch):
    monkeypatch.setattr(code_blocks, "spare_panels", MadeAhead(code_blocks.CodePanel, code_blocks.SPARE_PANELS))
    fresh_block, fresh = block_image(qapp, qtbot)  # (no panel made ahead yet: made for it)
    code_blocks.spare_panels.fill()
    qtbot.waitUntil(lambda: len(code_blocks.spare_panels.spare) == code_blocks.SPARE_PANELS, timeout=5000)
    spare = list(code_blocks.spare_panels.spare)
    block, image = block_image(qapp, qtbot)
    assert all(panel in spare for panel in block._code.panels[:2])
    assert image == fresh
    # Its Copy buttons copy its own code.
    block._code.panels[1].copy_button.click()
    assert qapp.clipboard().text() == "R1# write memory"
