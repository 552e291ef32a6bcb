"""The bar over a chat whose project was closed elsewhere (the GNS3 GUI, another client)
while the user read it: the chat stays to read, the message box waits, and one button
opens the project again."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QPushButton

from ..protocol.translation import translate
from . import theme, untrusted


class ClosedProjectNotice(QFrame):
    open_requested = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("closedProjectNotice")
        self.setStyleSheet(
            f"#closedProjectNotice {{ border: 1px solid {theme.AMBER}; border-radius: 6px; }}"
        )
        self.text = untrusted.plain_label(parent=self)  # the project's name is untrusted
        self.text.setWordWrap(True)
        self.open_button = QPushButton(translate("ClosedProjectNotice", "Open project"), self)
        self.open_button.clicked.connect(self.open_requested)
        row = QHBoxLayout(self)
        row.setContentsMargins(10, 6, 6, 6)
        row.addWidget(self.text, 1)
        row.addWidget(self.open_button)
        self.setVisible(False)

    def show_for(self, project_name: str) -> None:
        untrusted.set_plain(self.text, translate(
            "ClosedProjectNotice",
            "“{project}” was closed on the controller. This chat stays here to read; open the project to go on.",
        ).format(project=untrusted.in_sentence(project_name)))
        self.text.setAccessibleName(self.text.text())
        self.setVisible(True)
