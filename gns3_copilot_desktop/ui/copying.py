"""Copy to the clipboard, and say so on the button that did it for a moment."""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QAbstractButton

from ..protocol.translation import translate

FEEDBACK_MS = 1500


def copy_with_feedback(button: QAbstractButton, text: str, so_far: bool = False) -> None:
    """`so_far`: what is copied is still being written (an answer streaming): the
    feedback says the copy has only the part that came, so nobody pastes half an answer
    believing it whole."""
    QGuiApplication.clipboard().setText(text)
    label = button.property("idle_text") or button.text()
    button.setProperty("idle_text", label)
    if so_far:
        button.setText(translate("Copying", "Copied so far"))
        button.setAccessibleDescription(translate("Copying", "Copied what has come so far: it is still being written"))
    else:
        button.setText(translate("Copying", "Copied"))
        button.setAccessibleDescription(translate("Copying", "Copied to the clipboard"))
    QTimer.singleShot(FEEDBACK_MS, button, lambda: (button.setText(label), button.setAccessibleDescription("")))
