"""The eliding box (projects, presets) leaves a text that surely fits to Qt's own
paint, so that the window's first frame need not build QStyle's Python enums: what
it shows must not change by that, and no text it would have elided may be left to
Qt, which cuts it off mid-letter."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QStyleFactory

from gns3_copilot_desktop.ui.eliding_combo import ElidingCombo

TEXTS = ["No project", "● OSPF Lab", "● Data centre fabric — spine and leaf with EVPN, two sites and a DR link", "未选择项目"]


@pytest.fixture
def combo(qtbot):
    box = ElidingCombo()
    fusion = QStyleFactory.create("Fusion")  # the app's style (theme.STYLE_ARGUMENTS)
    box.setStyle(fusion)
    box._fusion = fusion  # (the widget does not own a style it is given)
    box.setPlaceholderText("No project")
    qtbot.addWidget(box)
    box.show()
    return box


def elided_path(box: ElidingCombo):
    """The box painted as before, always through its own eliding paint."""
    box._surely_fits = lambda: False
    image = box.grab().toImage()
    del box._surely_fits
    return image


@pytest.mark.parametrize(("chosen", "width"), [(None, 260), (0, 260), (1, 900)])
def test_a_text_that_fits_looks_the_same_painted_by_qt(combo, chosen, width):
    combo.addItems(TEXTS[1:3])
    combo.setCurrentIndex(-1 if chosen is None else chosen)
    combo.resize(width, combo.sizeHint().height())
    assert combo._surely_fits()  # (else this compares the eliding paint with itself)
    assert combo.grab().toImage() == elided_path(combo)


def test_no_text_the_box_would_elide_is_left_to_qt(combo):
    combo.addItems(TEXTS)
    for width in range(40, 700, 7):
        combo.resize(width, combo.sizeHint().height())
        for index in range(-1, len(TEXTS)):
            combo.setCurrentIndex(index)
            text = combo.currentText() if index >= 0 else combo.placeholderText()
            if combo._surely_fits():
                assert combo.shown_text() == text, (width, text)
