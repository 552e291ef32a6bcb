"""A check box's box can be seen in either theme: its frame stands out from the window
(in the dark theme Fusion drew it black on nearly black)."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QCheckBox, QStyle, QStyleOptionButton, QVBoxLayout, QWidget

from gns3_copilot_desktop.ui.theme import apply_theme


def _frame_contrast(checkbox: QCheckBox) -> int:
    """The largest lightness difference between the box's frame and the window behind."""
    option = QStyleOptionButton()
    checkbox.initStyleOption(option)
    box = checkbox.style().subElementRect(QStyle.SubElement.SE_CheckBoxIndicator, option, checkbox)
    image = checkbox.grab().toImage()
    background = QColor(image.pixel(checkbox.width() - 1, checkbox.height() // 2)).lightness()
    y = box.center().y()
    edge = [QColor(image.pixel(x, y)).lightness() for x in range(box.left(), box.left() + 3)]
    return max(abs(v - background) for v in edge)


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_an_unticked_box_is_framed_visibly(qapp, qtbot, theme):
    apply_theme(qapp, theme)
    try:
        holder = QWidget()
        holder.setAutoFillBackground(True)  # the window's colour behind, as in a panel
        checkbox = QCheckBox("Unlimited                ")
        QVBoxLayout(holder).addWidget(checkbox)
        qtbot.addWidget(holder)
        holder.show()
        qtbot.waitExposed(holder)
        assert _frame_contrast(checkbox) >= 40, theme
    finally:
        apply_theme(qapp, "light")
