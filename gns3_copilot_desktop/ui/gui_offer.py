"""Above the conversation: "The GNS3 GUI opened “Lab 2”." with **Open it**, when the app
follows the GNS3 GUI but the user is busy here (an answer streaming, a message being
typed) and switching would pull them away. The offer waits; a newer one replaces it."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QToolButton

from ..protocol.translation import translate
from . import theme, untrusted


class GuiProjectOffer(theme.Card):
    open_requested = Signal(str)  # the project's id

    def __init__(self) -> None:
        super().__init__("tool")
        self.project_id = ""
        self.setAccessibleName(translate("GuiOffer", "The GNS3 GUI opened a project"))
        self.label = QLabel()
        self.label.setTextFormat(Qt.TextFormat.PlainText)  # it names the project
        self.label.setWordWrap(True)
        self.open_button = QPushButton(translate("GuiOffer", "Open it"))
        self.open_button.clicked.connect(self._open)
        self.close_button = QToolButton(text="✕")
        self.close_button.setAutoRaise(True)
        self.close_button.setToolTip(translate("GuiOffer", "Not now"))
        self.close_button.setAccessibleName(translate("GuiOffer", "Not now"))
        self.close_button.clicked.connect(self.hide)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(10, 6, 6, 6)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.open_button)
        layout.addWidget(self.close_button)
        self.setVisible(False)

    def offer(self, project_id: str, name: str) -> None:
        self.project_id = project_id
        self.label.setText(translate("GuiOffer", "The GNS3 GUI opened “{project}”.").format(project=untrusted.in_sentence(name)))
        self.open_button.setAccessibleDescription(self.label.text())
        self.show()

    def _open(self) -> None:
        self.hide()
        self.open_requested.emit(self.project_id)
