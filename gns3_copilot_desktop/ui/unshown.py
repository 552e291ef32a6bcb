"""What the chat shows in place of a part it could not render: says so in words, and
keeps the raw text at hand (shown capped, copied whole). One odd part never stops the
chat from showing what comes after it."""

from __future__ import annotations

import logging
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QHBoxLayout, QLabel, QToolButton, QVBoxLayout

from ..protocol.translation import translate
from . import theme, untrusted

log = logging.getLogger(__name__)

RAW_SHOWN_CHARS = 2000


def raw_text(item: Any) -> str:
    """The text behind an item, as it came."""
    parts = []
    for name in ("text", "name", "arguments", "output"):
        value = getattr(item, name, None)
        if isinstance(value, str) and value:
            parts.append(value)
    return "\n\n".join(parts)


class UnshownPart(theme.Card):
    def __init__(self, reason: str) -> None:
        super().__init__("error")
        self.reason = reason
        self._raw = ""
        self.label = QLabel()
        self.label.setWordWrap(True)
        untrusted.set_plain(self.label, translate("UnshownPart", "⚠ Could not show this part: {reason}").format(reason=reason))
        self.raw = QLabel()
        self.raw.setTextFormat(Qt.TextFormat.PlainText)
        self.raw.setFont(theme.monospace())
        self.raw.setWordWrap(True)
        self.raw.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.copy = QToolButton(text=translate("UnshownPart", "Copy raw text"))
        self.copy.clicked.connect(lambda: QGuiApplication.clipboard().setText(self._raw))
        header = QHBoxLayout()
        header.addWidget(self.label, 1)
        header.addWidget(self.copy)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 6, 10, 6)
        layout.addLayout(header)
        layout.addWidget(self.raw)

    def set_item(self, item: Any, complete: bool = False) -> None:
        self._raw = raw_text(item)
        shown = self._raw[:RAW_SHOWN_CHARS] + ("…" if len(self._raw) > RAW_SHOWN_CHARS else "")
        self.raw.setText(untrusted.visible(shown))


def unshown(item: Any, exc: BaseException) -> UnshownPart:
    log.warning("could not render %s", type(item).__name__, exc_info=exc)
    widget = UnshownPart(f"{type(exc).__name__}: {str(exc)[:200]}")
    widget.set_item(item)
    return widget
