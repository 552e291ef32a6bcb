"""The status bar, readable by a screen reader: QStatusBar paints its message itself and
gives AT-SPI no text for it, so the message is a label of its own inside a status bar
named "Status" (Orca's "read the status bar" reads that label)."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QSizePolicy, QStatusBar

from ..protocol.translation import translate
from .qt_namespace import set_by_name


class StatusLine(QStatusBar):
    def __init__(self) -> None:
        super().__init__()
        self.setAccessibleName(translate("StatusLine", "Status"))
        self.message = QLabel()
        # Messages may quote the controller: plain text (also: no text document, whose
        # changes Qt would report as text events of a label that has no text for them).
        set_by_name(self.message, textFormat="PlainText")
        # Never wider than the window allows: a long message is cut, not the window widened.
        self.message.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.message.setContentsMargins(4, 0, 0, 0)  # where QStatusBar put its message
        # A permanent widget across the whole bar: QStatusBar paints a message only left of
        # its permanent widgets, so it is shown once, by the label.
        self.addPermanentWidget(self.message, 1)
        self.messageChanged.connect(self.message.setText)
