"""The message box: Enter sends, Shift+Enter starts a new line, Tab moves on. (Esc stops
the turn anywhere in the window: the main window's shortcut.)"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QHBoxLayout, QPlainTextEdit, QPushButton, QVBoxLayout, QWidget

from ..protocol.translation import translate
from .focus_ring import RingedButton
from .qt_namespace import Qt


class MessageEdit(QPlainTextEdit):
    send_requested = Signal()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt's name
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            if event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
                self.insertPlainText("\n")
            else:
                self.send_requested.emit()
            return
        super().keyPressEvent(event)


class Composer(QWidget):
    send = Signal(str)
    stop = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.edit = MessageEdit()
        self.edit.setPlaceholderText(translate("Composer", "Ask the Copilot…  (Enter sends, Shift+Enter for a new line, Esc stops)"))
        self.edit.setFixedHeight(78)
        self.edit.setTabChangesFocus(True)  # a keyboard user must be able to leave it
        self.edit.setAccessibleName(translate("Composer", "Message to the Copilot"))
        self.edit.setAccessibleDescription(translate("Composer", "Enter sends, Shift+Enter starts a new line, Escape stops the Copilot"))
        self.send_button = RingedButton(translate("Composer", "Send"))  # (the default: its frame is the same with the keyboard)
        self.send_button.setDefault(True)
        self.stop_button = QPushButton(translate("Composer", "Stop"))
        self.stop_button.setVisible(False)
        buttons = QVBoxLayout()
        buttons.addWidget(self.send_button)
        buttons.addWidget(self.stop_button)
        buttons.addStretch(1)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(12, 6, 12, 10)
        layout.addWidget(self.edit, 1)
        layout.addLayout(buttons)
        self.edit.send_requested.connect(self._send)
        self.send_button.clicked.connect(self._send)
        self.stop_button.clicked.connect(self.stop)
        self._running = False
        self._can_send = True

    def _send(self) -> None:
        text = self.edit.toPlainText()
        if self._running or not self._can_send or not text.strip():
            return
        self.send.emit(text)

    def sent(self) -> None:
        """The turn started: the draft has become the user's message."""
        self.edit.clear()

    def give_back(self, text: str) -> None:
        """Sending failed: the text comes back, nothing typed is lost."""
        if not self.edit.toPlainText().strip():
            self.edit.setPlainText(text)

    def set_running(self, running: bool) -> None:
        # The button that has focus is about to hide: focus goes to the message box, not
        # to whatever comes next (the limits, where a keystroke would change a value).
        leaving = self.stop_button if not running else self.send_button
        if leaving.hasFocus() or (not running and self.window().focusWidget() is None):
            self.edit.setFocus(Qt.FocusReason.OtherFocusReason)
        self._running = running
        self.send_button.setEnabled(not running and self._can_send)
        self.send_button.setVisible(not running)
        self.stop_button.setVisible(running)

    def set_can_send(self, can: bool, why: str = "") -> None:
        self._can_send = can
        self.send_button.setEnabled(can and not self._running)
        self.send_button.setToolTip(why)
