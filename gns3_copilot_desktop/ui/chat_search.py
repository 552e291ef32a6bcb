"""Above the chat list: search the project's chats. While there is a query, the matching
chats (title, and a snippet of where the text was found) stand in for the list."""

from __future__ import annotations

from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import QLabel, QLineEdit, QListWidgetItem, QVBoxLayout, QWidget

from ..protocol.translation import number, translate
from . import untrusted
from .focus_ring import RingedList
from .qt_namespace import USER_ROLE, set_by_name
from .theme import secondary_text

ROLE_ID = USER_ROLE
TYPING_PAUSE_MS = 300  # search once the user stops typing, not on every key


class ChatSearch(QWidget):
    search_requested = Signal(str)
    hit_chosen = Signal(str, str)  # session id, query
    searching = Signal(bool)  # a query is in the box: the results replace the chat list

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.box = QLineEdit()
        self.box.setPlaceholderText(translate("ChatSearch", "Search this project's chats"))
        self.box.setClearButtonEnabled(True)
        self.box.setAccessibleName(translate("ChatSearch", "Search this project's chats"))
        self.results = RingedList()  # (its keyboard focus shows)
        self.results.setWordWrap(True)
        self.results.setVisible(False)
        self.results.setAccessibleName(translate("ChatSearch", "Chats found"))
        self.note = QLabel()
        set_by_name(self.note, textFormat="PlainText")
        self.note.setWordWrap(True)
        secondary_text(self.note)
        self.note.setVisible(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.box)
        layout.addWidget(self.note)
        layout.addWidget(self.results, 1)
        self._pause = QTimer(self)
        self._pause.setSingleShot(True)
        self._pause.setInterval(TYPING_PAUSE_MS)
        self._pause.timeout.connect(lambda: self.search_requested.emit(self.box.text().strip()))
        self.box.textChanged.connect(self._typed)
        self.box.returnPressed.connect(self._pause.timeout.emit)
        self.results.itemActivated.connect(self._chosen)
        self.results.itemClicked.connect(self._chosen)

    def _typed(self, text: str) -> None:
        active = bool(text.strip())
        self.results.setVisible(active)
        self.searching.emit(active)
        if active:
            self.note.setText(translate("ChatSearch", "Searching…"))
            self.note.setVisible(True)
            self._pause.start()
        else:
            self._pause.stop()
            self.results.clear()
            self.note.setVisible(False)

    def show_results(self, query: str, hits: list, note: str) -> None:
        if query != self.box.text().strip():
            return  # an older search; the user typed on
        self.results.clear()
        for hit in hits:
            text = hit.title + (f"\n{hit.snippet}" if hit.snippet else "")
            item = QListWidgetItem(untrusted.visible(text))  # plain, hiding characters shown
            item.setData(ROLE_ID, hit.session_id)
            self.results.addItem(item)
        if len(query) <= 1:
            count = translate("ChatSearch", "Type two characters or more.")
        elif len(hits) == 1:
            count = translate("ChatSearch", "1 chat found")
        else:
            count = translate("ChatSearch", "{count} chats found").format(count=number(len(hits)))
        self.note.setText(" ".join(x for x in (count, note) if x))
        self.note.setVisible(True)

    def _chosen(self, item: QListWidgetItem) -> None:
        self.hit_chosen.emit(item.data(ROLE_ID), self.box.text().strip())

    def clear(self) -> None:
        self.box.clear()
