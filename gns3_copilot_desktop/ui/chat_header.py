"""Above the conversation: the Copilot mode (switchable, with one line on what it may
do) and the chat's statistics as the controller counted them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from ..protocol.copilot_modes import MODES, TEACHING
from ..protocol.translation import translate
from .qt_namespace import set_by_name
from .theme import secondary_text

if TYPE_CHECKING:
    from ..protocol.llm_configs import LLMConfigList
    from ..protocol.models import ChatSession


class ChatHeader(QWidget):
    mode_chosen = Signal(str)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.mode_title = QLabel(translate("ChatHeader", "Copilot mode"))
        self.mode = QComboBox()
        for mode, (name, _) in MODES.items():
            self.mode.addItem(name, mode)
        self.mode.setToolTip(translate("ChatHeader", "Set in the default LLM configuration: changing it here updates that configuration."))
        self.mode.setAccessibleName(translate("ChatHeader", "Copilot mode"))
        self.mode_help = QLabel()
        set_by_name(self.mode_help, textFormat="PlainText")
        secondary_text(self.mode_help)
        self.mode_help.setWordWrap(True)  # a narrow window shows it on two lines, not cut
        self.stats = QLabel()
        set_by_name(self.stats, textFormat="PlainText")
        secondary_text(self.stats)
        self.stats.setWordWrap(True)
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.mode_title)
        row.addWidget(self.mode)
        row.addWidget(self.mode_help, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addLayout(row)
        layout.addWidget(self.stats)
        # The header keeps its height while its lines are hidden (signed out, no LLM
        # configuration, a chat without statistics): filled after sign-in, it pushed the
        # conversation down on screen. Sized for the mode most configurations have.
        for widget in (self.mode_title, self.mode, self.mode_help, self.stats):
            policy = widget.sizePolicy()
            policy.setRetainSizeWhenHidden(True)
            widget.setSizePolicy(policy)
        self.mode_help.setText(MODES[TEACHING][1])
        self.mode.activated.connect(lambda index: self.mode_chosen.emit(self.mode.itemData(index)))
        self.set_configs(None)
        self.set_session(None)

    def set_configs(self, configs: LLMConfigList | None) -> None:
        """The mode of the configuration chats use; hidden where there is none to show."""
        known = configs is not None and configs.default_config is not None
        for widget in (self.mode_title, self.mode, self.mode_help):
            widget.setVisible(known)
        if not known:
            return
        mode = configs.mode
        index = self.mode.findData(mode if mode in MODES else TEACHING)
        self.mode.setCurrentIndex(index)
        self.mode_help.setText(MODES[self.mode.itemData(index)][1])
        default = configs.default_config
        self.mode.setEnabled(not default.read_only)
        if default.read_only:
            # (A tooltip would render a group name as rich text: keep it out.)
            self.mode.setToolTip(translate("ChatHeader", "Set by a group's configuration: make one of your own the default to choose."))

    def set_session(self, session: ChatSession | None) -> None:
        if session is None:
            text = when = ""
        else:
            from .session_line import last_message_time, session_statistics  # (datetime: not before the first frame)

            text, when = session_statistics(session), last_message_time(session)
        self.stats.setText(text)
        self.stats.setToolTip(when)
        self.stats.setVisible(bool(text))
