"""Copy to the clipboard, and say so on the button that did it for a moment."""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QAbstractButton

from ..protocol.translation import translate

FEEDBACK_MS = 1500


def copy_with_feedback(button: QAbstractButton, text: str) -> None:
    QGuiApplication.clipboard().setText(text)
    label = button.property("idle_text") or button.text()
    button.setProperty("idle_text", label)
    button.setText(translate("Copying", "Copied"))
    button.setAccessibleDescription(translate("Copying", "Copied to the clipboard"))
    QTimer.singleShot(FEEDBACK_MS, button, lambda: (button.setText(label), button.setAccessibleDescription("")))
