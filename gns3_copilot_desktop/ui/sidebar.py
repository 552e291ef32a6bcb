"""The left side: the project picker and the chosen project's chats."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from typing import TYPE_CHECKING

from PySide6.QtGui import QIcon

from ..protocol.copilot_modes import MODE_NAMES
from ..protocol.translation import translate
from . import theme, untrusted
from .chat_search import ChatSearch
from .eliding_combo import ElidingCombo
from .focus_ring import RingedList
from .qt_namespace import USER_ROLE, Qt, set_by_name

if TYPE_CHECKING:
    from PySide6.QtGui import QKeyEvent

    from ..protocol.models import ChatSession, Project

ROLE_ID = USER_ROLE


class ProjectPicker(QWidget):
    project_chosen = Signal(object)  # project id or None
    open_requested = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.combo = ElidingCombo()  # a long name ends in "…", whole in the tooltip
        self.combo.setPlaceholderText(translate("Sidebar", "No project"))
        self.combo.setMinimumContentsLength(12)
        self.combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.combo.setAccessibleName(translate("Sidebar", "Project"))
        self.state = QLabel()
        self.open_button = QPushButton(translate("Sidebar", "Open project"))
        self.open_button.setToolTip(translate("Sidebar", "Chat needs an opened project"))
        self.open_button.setVisible(False)
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.state, 1)
        row.addWidget(self.open_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        title = theme.bold_label(translate("Sidebar", "Project"))
        title.setBuddy(self.combo)
        layout.addWidget(title)
        layout.addWidget(self.combo)
        layout.addLayout(row)
        self.combo.activated.connect(lambda index: self.project_chosen.emit(self.combo.itemData(index)))
        self.combo.currentIndexChanged.connect(self._name_in_tooltip)
        self.open_button.clicked.connect(self.open_requested)
        self._projects: list[Project] = []

    def set_projects(self, projects: list[Project], current: str | None) -> None:
        self._projects = projects
        self.combo.blockSignals(True)
        self.combo.clear()
        for project in projects:
            mark = "●" if project.is_opened else "○"
            self.combo.addItem(f"{mark} {untrusted.visible(project.name)}", project.project_id)
            self.combo.setItemData(self.combo.count() - 1, untrusted.tooltip(project.name), Qt.ItemDataRole.ToolTipRole)
        index = self.combo.findData(current) if current else -1
        self.combo.setCurrentIndex(index)
        self.combo.blockSignals(False)
        self._name_in_tooltip()

    def _name_in_tooltip(self) -> None:
        self.combo.setToolTip(self.combo.itemData(self.combo.currentIndex(), Qt.ItemDataRole.ToolTipRole) or "")

    def show_project(self, project: Project | None, signed_in: bool = True) -> None:
        if project is None:
            if not signed_in:
                self.state.setText(translate("Sidebar", "Sign in to see the projects"))
            elif self._projects:
                self.state.setText(translate("Sidebar", "Choose a project"))
            else:
                self.state.setText(translate("Sidebar", "No projects on this controller"))
            self.open_button.setVisible(False)
            return
        index = self.combo.findData(project.project_id)
        if index >= 0:
            self.combo.setCurrentIndex(index)
        self.state.setText(translate("Sidebar", "opened") if project.is_opened else translate("Sidebar", "closed"))
        self.open_button.setVisible(not project.is_opened)


class ChatList(RingedList):
    """Enter or Space opens the chat under the cursor, as a click does; the chosen
    chat's menu opens with Shift+F10 or the Menu key as with a right-click, F2 renames
    it and Delete deletes it (asking first), as in a file manager."""

    opened = Signal(object)  # QListWidgetItem
    menu_wanted = Signal(object, QPoint)  # the item, where (in the viewport)
    rename_wanted = Signal(object)
    delete_wanted = Signal(object)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt's name
        item, key = self.currentItem(), event.key()
        plain = event.modifiers() in (Qt.KeyboardModifier.NoModifier, Qt.KeyboardModifier.KeypadModifier)
        if item is not None:
            if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
                self.opened.emit(item)
                return
            if key == Qt.Key.Key_Menu or (key == Qt.Key.Key_F10 and event.modifiers() == Qt.KeyboardModifier.ShiftModifier):
                self.menu_wanted.emit(item, self.visualItemRect(item).bottomLeft())
                return
            if key == Qt.Key.Key_F2 and plain:
                self.rename_wanted.emit(item)
                return
            if key == Qt.Key.Key_Delete and plain:
                self.delete_wanted.emit(item)
                return
        super().keyPressEvent(event)

    def contextMenuEvent(self, event) -> None:  # noqa: N802 - Qt's name
        """A right-click: the menu of the chat under the mouse. From the keyboard (a
        Menu key the key press did not see): the chosen chat's, under it."""
        if event.reason() == event.Reason.Keyboard:
            item = self.currentItem()
            where = self.visualItemRect(item).bottomLeft() if item is not None else QPoint()
        else:
            where = event.pos()  # (a scroll area's: in its viewport)
            item = self.itemAt(where)
        if item is not None:
            self.menu_wanted.emit(item, where)


class ChatFilter(QComboBox):
    """Above the chat list: all chats, or those of one Copilot mode."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.addItem(translate("CompanionMenu", "All chats"), None)
        for mode, name in MODE_NAMES.items():
            self.addItem(name, mode)
        self.setToolTip(translate("CompanionMenu", "Show only the chats of one Copilot mode"))
        self.setAccessibleName(translate("CompanionMenu", "Show the chats of"))


class SessionList(QWidget):
    new_chat = Signal()
    session_chosen = Signal(str)
    rename_requested = Signal(str, str)
    pin_requested = Signal(str, bool)
    delete_requested = Signal(str)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.new_button = QPushButton(translate("Sidebar", "New chat"))
        self.list = ChatList()
        self.list.setAccessibleName(translate("Sidebar", "Chats"))
        # Long titles end in "…" (the whole title is in the tooltip), never cut off.
        set_by_name(self.list, horizontalScrollBarPolicy="ScrollBarAlwaysOff", textElideMode="ElideRight")
        self.list.opened.connect(lambda item: self.session_chosen.emit(item.data(ROLE_ID)))
        self.list.menu_wanted.connect(self._menu)
        self.list.rename_wanted.connect(lambda item: self._for(item, self.ask_rename))
        self.list.delete_wanted.connect(lambda item: self._for(item, self.ask_delete))
        self.list.itemClicked.connect(lambda item: self.session_chosen.emit(item.data(ROLE_ID)))
        header = QHBoxLayout()
        title = theme.bold_label(translate("Sidebar", "Chats"))
        title.setBuddy(self.list)
        header.addWidget(title, 1)
        header.addWidget(self.new_button)
        # The filter and the search are here from the first frame (made once the
        # presenter was attached, they pushed the list down on screen); wired then.
        self.filter = ChatFilter()
        self.search = ChatSearch()
        self.search.searching.connect(lambda active: self.list.setVisible(not active))  # its results stand in
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(header)
        layout.addWidget(self.filter)
        layout.addWidget(self.search)
        layout.addWidget(self.list, 1)
        self.new_button.clicked.connect(self.new_chat)
        self._sessions: dict[str, ChatSession] = {}

    def set_sessions(self, sessions: list[ChatSession], current: str | None) -> None:
        # One description of a chat (its module loads datetime, 2 ms: not before the
        # window is up).
        from .session_line import session_line, session_tooltip

        self._sessions = {s.thread_id: s for s in sessions}
        self.list.clear()
        for session in sessions:
            item = QListWidgetItem(untrusted.visible(session_line(session)))
            if session.pinned:
                item.setIcon(self._pin())
                item.setData(Qt.ItemDataRole.AccessibleTextRole,
                             translate("Sidebar", "{title} (pinned)").format(title=session.display_title))
            item.setData(ROLE_ID, session.thread_id)
            item.setToolTip(untrusted.tooltip(session_tooltip(session)))
            self.list.addItem(item)
            if session.thread_id == current:
                item.setSelected(True)
                self.list.setCurrentItem(item)

    def _pin(self) -> QIcon:
        if not hasattr(self, "_pin_icon"):
            self._pin_icon = QIcon(theme.pin_icon())
        return self._pin_icon

    def select(self, session_id: str | None) -> None:
        self.list.clearSelection()
        for row in range(self.list.count()):
            item = self.list.item(row)
            if item.data(ROLE_ID) == session_id:
                self.list.setCurrentItem(item)

    def _for(self, item: QListWidgetItem, action) -> None:
        if item.data(ROLE_ID) in self._sessions:
            action(item.data(ROLE_ID))

    def _menu(self, item: QListWidgetItem, position: QPoint) -> None:
        session = self._sessions.get(item.data(ROLE_ID))
        if session is None:
            return
        from PySide6.QtGui import QKeySequence  # (its enums: 1 ms the first frame does not need)
        from PySide6.QtWidgets import QMenu  # loaded when first needed: start-up stays short

        menu = QMenu(self)
        rename = menu.addAction(translate("Sidebar", "&Rename…"), lambda: self.ask_rename(session.thread_id))
        rename.setShortcut(QKeySequence(Qt.Key.Key_F2))  # shown beside it; the list handles the key
        pin = translate("Sidebar", "Un&pin") if session.pinned else translate("Sidebar", "&Pin")
        menu.addAction(pin, lambda: self.pin_requested.emit(session.thread_id, not session.pinned))
        menu.addSeparator()
        delete = menu.addAction(translate("Sidebar", "&Delete…"), lambda: self.ask_delete(session.thread_id))
        delete.setShortcut(QKeySequence(QKeySequence.StandardKey.Delete))
        for action in (rename, delete):
            action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)  # the menu's own: no clash
        self.menu = menu
        menu.popup(self.list.viewport().mapToGlobal(position))

    def ask_rename(self, session_id: str):
        from PySide6.QtWidgets import QInputDialog

        session = self._sessions[session_id]
        dialog = QInputDialog(self)
        dialog.setWindowTitle(translate("Sidebar", "Rename chat"))
        dialog.setLabelText(translate("Sidebar", "New title:"))
        dialog.setTextValue(session.title)
        dialog.textValueSelected.connect(lambda title: self.rename_requested.emit(session_id, title))
        dialog.open()
        return dialog

    def ask_delete(self, session_id: str):
        from PySide6.QtWidgets import QMessageBox

        session = self._sessions[session_id]
        box = untrusted.plain_message_box(  # other users name the chats
            QMessageBox.Icon.Warning, translate("Sidebar", "Delete chat"),
            translate("Sidebar", "Delete “{title}” and its history from the controller?").format(
                title=untrusted.in_sentence(session.display_title)),
            QMessageBox.StandardButton.Cancel, self)
        box.delete_button = box.addButton(translate("Sidebar", "Delete"), QMessageBox.ButtonRole.DestructiveRole)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        box.finished.connect(
            lambda _result: self.delete_requested.emit(session_id) if box.clickedButton() is box.delete_button else None
        )
        box.open()
        return box
