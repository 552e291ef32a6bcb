"""The status bar, readable by a screen reader: QStatusBar paints its message itself and
gives AT-SPI no text for it, so the message is a label of its own inside a status bar
named "Status" (Orca's "read the status bar" reads that label)."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QSizePolicy, QStatusBar

from ..protocol.translation import translate
from ..protocol.untrusted_text import visible
from .qt_namespace import set_by_name

LONGEST_ADDRESS = 2000  # characters of a link's address shown (the label cuts it anyway)


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
        self._link = ""  # the address of the link pointed at, shown instead of the message
        self.messageChanged.connect(self._message_changed)

    def _message_changed(self, text: str) -> None:
        if not self._link:  # (a message that comes or goes meanwhile shows once the link is left)
            self.message.setText(text)

    def show_link(self, address: str) -> None:
        """While the pointer is on a link: where it really goes, as a browser shows it,
        since a link's text can say anything. Nothing: the bar's message again (a timed
        one still goes at its time)."""
        self._link = address
        if address:
            shown = visible(address)
            self.message.setText(shown[:LONGEST_ADDRESS] + ("…" if len(shown) > LONGEST_ADDRESS else ""))
        else:
            self.message.setText(self.currentMessage())
