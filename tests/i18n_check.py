"""Is any English left in a window that should speak Chinese?

Walks a widget and everything in it that a person can see or a screen reader can read:
texts, titles, tooltips, placeholders, accessible names and descriptions, combo-box and
list items, spin-box prefixes and suffixes, menus and their actions. What remains
English after taking out

- the controller's text (project and chat names, answers, tool data: it stays as the
  controller wrote it), recorded as the app hands it to the untrusted-text policy,
- documents (answers and tool outputs are the controller's),
- addresses (http://…), identifiers (tool names, device names: anything with "_" or a
  digit), and the words of resources/i18n/untranslated-words.txt,

is a finding: "ClassName.property: text".
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable
from pathlib import Path

from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QMenu,
    QPlainTextEdit,
    QSpinBox,
    QTabWidget,
    QTextEdit,
    QWidget,
)

WORDS_FILE = Path(__file__).resolve().parents[1] / "resources" / "i18n" / "untranslated-words.txt"
_TAG = re.compile(r"<[^>]+>")
_URL = re.compile(r"\b(?:https?|file|ftp)://\S+|\b\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?\S*")
_TOKEN = re.compile(r"[A-Za-z][A-Za-z0-9_]*")


def untranslated_words() -> set[str]:
    lines = WORDS_FILE.read_text(encoding="utf-8").splitlines()
    return {line.strip() for line in lines if line.strip() and not line.startswith("#")}


def english_words(text: str, controller_text: Iterable[str] = (), allowed: set[str] | None = None) -> list[str]:
    """The English words of `text` that should have been translated."""
    allowed = untranslated_words() if allowed is None else allowed
    text = html.unescape(_TAG.sub(" ", text)).replace("&", "")
    # Longest first: a chat title inside a longer line is taken out whole.
    for known in sorted((t for t in controller_text if t and t.strip()), key=len, reverse=True):
        text = text.replace(known, " ")
    text = _URL.sub(" ", text)
    found = []
    for token in _TOKEN.findall(text):
        if len(token) < 2 or "_" in token or any(c.isdigit() for c in token) or token in allowed:
            continue
        found.append(token)
    return found


def _texts(widget: QWidget) -> list[tuple[str, str]]:
    """(property, text) pairs a person can see or hear of this one widget."""
    out = [
        ("toolTip", widget.toolTip()), ("statusTip", widget.statusTip()), ("whatsThis", widget.whatsThis()),
        ("accessibleName", widget.accessibleName()), ("accessibleDescription", widget.accessibleDescription()),
    ]
    if widget.isWindow():
        out.append(("windowTitle", widget.windowTitle()))
    if isinstance(widget, (QLabel, QAbstractButton)):
        out.append(("text", widget.text()))
    if isinstance(widget, QLineEdit):
        out.append(("placeholderText", widget.placeholderText()))
    if isinstance(widget, (QTextEdit, QPlainTextEdit)):
        out.append(("placeholderText", widget.placeholderText()))  # the document is the controller's
    if isinstance(widget, QGroupBox):
        out.append(("title", widget.title()))
    if isinstance(widget, QComboBox):
        out += [(f"item {i}", widget.itemText(i)) for i in range(widget.count())]
        out += [(f"item {i} tooltip", str(widget.itemData(i, 3) or "")) for i in range(widget.count())]
    if isinstance(widget, QAbstractSpinBox):
        out.append(("specialValueText", widget.specialValueText()))
        if isinstance(widget, QSpinBox):
            out += [("prefix", widget.prefix()), ("suffix", widget.suffix())]
    if isinstance(widget, QTabWidget):
        out += [(f"tab {i}", widget.tabText(i)) for i in range(widget.count())]
    if isinstance(widget, QListWidget):
        for i in range(widget.count()):
            item = widget.item(i)
            out += [(f"item {i}", item.text()), (f"item {i} tooltip", item.toolTip())]
    if isinstance(widget, QMenu):
        out.append(("title", widget.title()))
    for action in widget.actions():
        out += [("action", action.text()), ("action tooltip", action.toolTip() if action.toolTip() != action.text().replace("&", "") else "")]
        if action.menu() is not None:
            out += [(f"submenu {p}", t) for p, t in _texts(action.menu())]
    return out


def english_left(root: QWidget, controller_text: Iterable[str] = ()) -> list[str]:
    """Findings for `root` and every widget in it, shown or not yet (a hidden banner's
    words are read when it shows)."""
    controller_text = list(controller_text)
    allowed = untranslated_words()
    findings = []
    widgets = [root, *root.findChildren(QWidget)]
    for widget in widgets:
        for prop, text in _texts(widget):
            words = english_words(text or "", controller_text, allowed)
            if words:
                findings.append(f"{type(widget).__name__}({widget.objectName() or widget.accessibleName()}).{prop}: {text!r} → {words}")
    return sorted(set(findings))
