"""A combo box that shows a text too long for it elided with "…", not cut off."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox

from .qt_namespace import Qt

# Narrower than the box by this many pixels, a text fits in it whatever Fusion's frame and
# arrow take (25 px in Qt 6.11).
SURELY_FITS = 40


class ElidingCombo(QComboBox):
    """Fusion cuts the chosen item's text off at the box's edge, mid-letter and with no
    sign that more follows: a long project name lost its end unseen. Here the text that
    does not fit is elided (in the middle: the two ends of a name tell names apart),
    and the list opens wide enough to read the items (at most half the screen)."""

    elide_mode = "ElideMiddle"  # of Qt.TextElideMode, by name (qt_namespace: not built at import)

    def shorter_text(self, text: str) -> str:
        """A shorter way to say the chosen item, tried before eliding it."""
        return text

    def shown_text(self) -> str:
        """The chosen item's text as the box shows it."""
        option = self._option()
        return self._fitted(option)

    def _option(self):
        from PySide6.QtWidgets import QStyleOptionComboBox

        option = QStyleOptionComboBox()
        self.initStyleOption(option)
        if self.currentIndex() < 0 and self.placeholderText():
            # As QComboBox's own paintEvent does (initStyleOption leaves it out): with
            # nothing chosen, the placeholder ("No project"), in the placeholder colour.
            from PySide6.QtGui import QPalette

            option.palette.setBrush(QPalette.ColorRole.ButtonText, option.palette.placeholderText())
            option.currentText = self.placeholderText()
        return option

    def _fitted(self, option) -> str:
        from PySide6.QtWidgets import QStyle

        room = self.style().subControlRect(
            QStyle.ComplexControl.CC_ComboBox, option, QStyle.SubControl.SC_ComboBoxEditField, self
        ).width() - 2  # the label's own margin (QCommonStyle draws it 1 px in on each side)
        metrics = self.fontMetrics()
        if metrics.horizontalAdvance(option.currentText) <= room:
            return option.currentText
        return metrics.elidedText(self.shorter_text(option.currentText), Qt.TextElideMode[self.elide_mode], room)

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt's name
        if self._surely_fits():
            # Then QComboBox paints it exactly as below (the same placeholder colour),
            # without the Python enums of QStyle and its options: 6 ms the window's
            # first frame (a placeholder, an empty preset box) would wait for.
            super().paintEvent(event)
            return
        from PySide6.QtWidgets import QStyle, QStylePainter

        painter = QStylePainter(self)
        option = self._option()
        painter.drawComplexControl(QStyle.ComplexControl.CC_ComboBox, option)
        option.currentText = self._fitted(option)
        painter.drawControl(QStyle.ControlElement.CE_ComboBoxLabel, option)

    def _surely_fits(self) -> bool:
        """The chosen item's text (or the placeholder) is far narrower than the box:
        Fusion's text field is the box less 25 px (its frame and arrow, Qt 6.11);
        SURELY_FITS leaves more room than that, so no style need be asked."""
        index = self.currentIndex()
        if index >= 0 and not self.itemIcon(index).isNull():
            return False
        text = self.currentText() if index >= 0 else self.placeholderText()
        return self.fontMetrics().horizontalAdvance(text) <= self.width() - SURELY_FITS

    def showPopup(self) -> None:  # noqa: N802 - Qt's name
        view = self.view()
        view.setMinimumWidth(min(view.sizeHintForColumn(0) + 24, self.screen().availableGeometry().width() // 2))
        super().showPopup()
