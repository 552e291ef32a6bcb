"""An exported chat opened again, offline and read-only, in a window of its own: the
conversation as it showed, and a way to export it again in another format."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QDateTime, QLocale, Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from ..protocol.translation import translate
from . import untrusted
from .chat_view import ChatView
from .find_bar import FindBar
from .theme import secondary_text

if TYPE_CHECKING:
    from ..protocol.export import ExportedChat


class ExportedChatWindow(QWidget):
    export_requested = Signal(object)  # ExportedChat

    def __init__(self, chat: ExportedChat, parent: QWidget | None = None):
        super().__init__(parent, Qt.WindowType.Window)
        self.chat = chat
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        # A window title is plain text: the chat's title cannot format anything.
        self.setWindowTitle(translate("ExportedChatWindow", "{chat} — exported chat").format(chat=untrusted.in_sentence(chat.title)))
        self.resize(900, 700)
        self.title = QLabel()
        untrusted.set_plain(self.title, chat.title)
        self.title.setStyleSheet("font-size: 16px; font-weight: 600;")
        self.title.setWordWrap(True)
        facts = [
            translate("ExportedChatWindow", "project {project}").format(project=untrusted.in_sentence(chat.project_name)) if chat.project_name else "",
            chat.controller,
            translate("ExportedChatWindow", "exported {when}").format(when=_when(chat.exported_at)) if chat.exported_at else "",
            translate("ExportedChatWindow", "read-only, offline"),
        ]
        self.facts = untrusted.plain_label(" · ".join(f for f in facts if f))
        secondary_text(self.facts)
        self.export_button = QPushButton(translate("ExportedChatWindow", "Export as…"))
        self.export_button.setToolTip(translate("ExportedChatWindow", "Export this chat again, in another format"))
        self.export_button.clicked.connect(lambda: self.export_requested.emit(self.chat))
        top = QHBoxLayout()
        titles = QVBoxLayout()
        titles.addWidget(self.title)
        titles.addWidget(self.facts)
        top.addLayout(titles, 1)
        top.addWidget(self.export_button)
        self.view = ChatView()
        self.view.offers_continue = False  # a file read, not a chat to go on with
        self.find_bar = FindBar(self.view)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.find_bar)
        layout.addWidget(self.view, 1)
        transcript = chat.transcript()
        self.view.set_placeholder(translate("ExportedChatWindow", "This exported chat has no messages."))
        self.view.reset(transcript)
        # As in the main window: Ctrl+F finds, Esc closes Find; Esc again, or Ctrl+W,
        # closes the window (a reader's window, nothing to lose).
        QShortcut(QKeySequence(QKeySequence.StandardKey.Find), self, activated=lambda: self.find_bar.open(transcript))
        QShortcut(QKeySequence("Ctrl+W"), self, activated=self.close)
        QShortcut(QKeySequence(Qt.Key.Key_Escape), self,
                  activated=lambda: self.find_bar.hide_bar() if self.find_bar.isVisible() else self.close())


def _when(iso: str) -> str:
    """The export's time as the user's locale writes it; the file's text when it is no time."""
    moment = QDateTime.fromString(iso, Qt.DateFormat.ISODate)
    if not moment.isValid():
        return iso
    return QLocale().toString(moment.toLocalTime(), QLocale.FormatType.ShortFormat)
