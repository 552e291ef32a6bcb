"""Code blocks in an answer: a background that sets them apart, and a Copy button at the
top right of each. Works on the document Qt's Markdown importer made (code blocks carry
a code-fence or code-language property), so it needs no parsing of its own."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QColor, QTextCursor, QTextFormat
from PySide6.QtWidgets import QTextBrowser, QToolButton

from ..protocol.translation import translate
from . import theme
from .copying import copy_with_feedback

_CODE = (QTextFormat.Property.BlockCodeFence, QTextFormat.Property.BlockCodeLanguage)


def has_code(markdown: str) -> bool:
    return "```" in markdown or "~~~" in markdown


def code_groups(document) -> list[list[int]]:
    """Runs of consecutive code lines (block numbers): one group per code block. Numbers,
    not QTextBlock objects: those dangle once the document is set again."""
    groups: list[list[int]] = []
    previous_was_code = False
    block = document.begin()
    while block.isValid():
        fmt = block.blockFormat()
        is_code = any(fmt.hasProperty(p) for p in _CODE)
        if is_code:
            if not previous_was_code:
                groups.append([])
            groups[-1].append(block.blockNumber())
        previous_was_code = is_code
        block = block.next()
    return groups


class CodeBlocks(QObject):
    """Belongs to one Markdown view: colours its code blocks and keeps a Copy button on each."""

    def __init__(self, view: QTextBrowser):
        super().__init__(view)
        self.view = view
        view.viewport().installEventFilter(self)  # a new width moves the buttons
        self.buttons: list[QToolButton] = []
        self._groups: list[list[int]] = []

    def forget(self) -> None:
        """The text is about to be replaced: the old blocks mean nothing any more."""
        self._groups = []

    def decorate(self) -> None:
        self.colour()
        self.place()

    def colour(self) -> None:
        """The background of each code block, and a Copy button for it (placed by
        `place`, once the document is laid out)."""
        document = self.view.document()
        self._groups = code_groups(document)
        background = QColor("#2b2e34" if theme.is_dark() else "#eef0f3")
        cursor = QTextCursor(document)
        cursor.beginEditBlock()
        for group in self._groups:
            for number in group:
                block = document.findBlockByNumber(number)
                fmt = block.blockFormat()
                fmt.setBackground(background)
                cursor.setPosition(block.position())
                cursor.setBlockFormat(fmt)
        cursor.endEditBlock()
        while len(self.buttons) < len(self._groups):
            button = QToolButton(self.view.viewport())
            button.setText(translate("CodeBlocks", "Copy"))
            button.setAccessibleName(translate("CodeBlocks", "Copy code"))
            button.setToolTip(translate("CodeBlocks", "Copy this code block"))
            button.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
            button.setCursor(Qt.CursorShape.PointingHandCursor)
            index = len(self.buttons)
            button.clicked.connect(lambda _checked=False, i=index: self.copy(i))
            self.buttons.append(button)
        for extra in self.buttons[len(self._groups):]:
            extra.hide()

    def code(self, index: int) -> str:
        document = self.view.document()
        return "\n".join(document.findBlockByNumber(n).text() for n in self._groups[index])

    def copy(self, index: int) -> None:
        if index < len(self._groups):
            copy_with_feedback(self.buttons[index], self.code(index))

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.Resize and self._groups:
            self.place()
        return False

    def place(self) -> None:
        """Each button at the top right of its block (after every layout change)."""
        document = self.view.document()
        layout = document.documentLayout()
        right = self.view.viewport().width()
        for button, group in zip(self.buttons, self._groups):
            block = document.findBlockByNumber(group[0])
            if not block.isValid():  # the text is being set again: `decorate` follows
                continue
            top = layout.blockBoundingRect(block).top()
            button.adjustSize()
            button.move(max(0, right - button.width() - 4), int(top) + 2)
            button.show()
