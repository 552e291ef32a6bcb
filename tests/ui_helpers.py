"""Driving the real window on the qasync loop, against the reference controller."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import keyring
from keyring.backend import KeyringBackend
from keyring.errors import PasswordDeleteError


class MemoryKeyring(KeyringBackend):
    """A keyring backend for tests: real keyring API, secrets in a dict."""

    priority = 1  # type: ignore[assignment]

    def __init__(self) -> None:
        super().__init__()
        self.secrets: dict[tuple[str, str], str] = {}

    def get_password(self, service: str, username: str) -> str | None:
        return self.secrets.get((service, username))

    def set_password(self, service: str, username: str, password: str) -> None:
        self.secrets[(service, username)] = password

    def delete_password(self, service: str, username: str) -> None:
        if (service, username) not in self.secrets:
            raise PasswordDeleteError("not found")
        del self.secrets[(service, username)]


@dataclass
class App:
    presenter: Any
    window: Any
    demo: Any
    config_dir: Path
    keyring: KeyringBackend
    loop: asyncio.AbstractEventLoop
    qtbot: Any

    def run(self, coro, timeout: float = 20.0):
        """Run a coroutine on the Qt+asyncio loop, waiting (bounded) through qtbot."""
        task = asyncio.ensure_future(coro)
        try:
            self.qtbot.waitUntil(task.done, timeout=int(timeout * 1000))
        except Exception:
            task.cancel()
            raise
        return task.result()

    def wait(self, predicate: Callable[[], bool], timeout: float = 10.0, what: str = "condition") -> None:
        try:
            self.qtbot.waitUntil(predicate, timeout=int(timeout * 1000))
        except AssertionError as exc:
            raise AssertionError(f"timed out waiting for {what}") from exc

    def press(self, widget, key, modifiers=None) -> None:
        from PySide6.QtCore import Qt
        from PySide6.QtTest import QTest

        QTest.keyClick(widget, key, modifiers or Qt.KeyboardModifier.NoModifier)

    def settle(self, seconds: float = 0.1) -> None:
        self.qtbot.wait(int(seconds * 1000))

    def lay_out(self) -> None:
        """Lay the window out now, as it does before a paint (MainWindow._update_requested):
        layouts are put off while a stream's rendering holds the paint."""
        from PySide6.QtCore import QCoreApplication, QEvent

        from gns3_copilot_desktop.ui.main_window import LAYOUT_LEVELS

        for _ in range(LAYOUT_LEVELS):
            QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest.value)

    def sign_in_demo(self) -> None:
        creds = self.demo.credentials
        assert self.run(self.presenter.sign_in(creds.url, creds.username, creds.password, remember=False))

    def choose(self, name: str) -> str:
        project = next(p for p in self.presenter.projects if p.name == name)
        self.run(self.presenter.choose_project(project.project_id))
        return project.project_id

    def open_chat(self, session_id: str, timeout: float = 20.0) -> None:
        """Open a chat from the list and wait until its newest page is drawn (it is
        drawn in slices, a few milliseconds each)."""
        self.run(self.presenter.open_session(session_id), timeout)
        self.wait(self.chat_drawn, timeout, "the chat to be drawn")

    def chat_drawn(self) -> bool:
        """Whether the chat is drawn and its parts shown: the last slice's widgets are
        shown from Qt's queue, just after it (a test read a card's line as hidden there,
        once in a run of several files). A flag the limit bar says is hidden on purpose."""
        chat = self.window.chat
        return not chat.pending() and all(w.isVisible() or chat.said_by_limit_bar(w) for w in chat.widgets())

    def send(self, text: str) -> None:
        """Type into the message box and press Enter, as a person would."""
        from PySide6.QtCore import Qt

        edit = self.window.composer.edit
        edit.setPlainText(text)
        self.press(edit, Qt.Key.Key_Return)

    def finish_turn(self, timeout: float = 20.0) -> None:
        self.wait(
            lambda: not self.presenter.is_running and not self.window._running and not self.window.chat.pending()
            and self.answers_shown(),
            timeout, "the turn to end and be rendered",
        )
        self.settle(0.05)

    def answers_shown(self) -> bool:
        """Whether every answer shows all its text: a burst is cut into blocks a few
        kilobytes a turn, after the chat has drawn its items (the end of a 100 KB answer
        was read before it was shown, once in a clone's full run)."""
        from gns3_copilot_desktop.ui.markdown_view import MarkdownView

        views = self.window.chat.widget().findChildren(MarkdownView)
        return not any(view.pending() for view in views)

    def stop_by_tool_limit(self, tool_calls: int = 4) -> None:
        """The demo's "OSPF Lab", an interface check stopped by the tool-call limit."""
        self.sign_in_demo()
        self.choose("OSPF Lab")
        panel = self.window.limits
        panel.unlimited.setChecked(False)
        panel.tool_calls.setValue(tool_calls)
        self.send("Check the interface status of all devices")
        self.finish_turn()
        assert self.window.chat.limit_bar.isVisible()

    def limit_flags(self) -> list[str]:
        """The limit flags in the chat, as read: one per stopped turn, on its notice line,
        or the limit bar's first line when the bar says it (ChatView._fold_flag)."""
        from gns3_copilot_desktop.ui.chat_parts import NoticeLine

        chat = self.window.chat
        flags = [w.label.text() for w in chat.widgets() if isinstance(w, NoticeLine) and w.kind == "limit"
                 and not chat.said_by_limit_bar(w)]
        return flags + ([chat.limit_bar.heading.text()] if chat.limit_bar.heading.isVisibleTo(chat.limit_bar) and chat.limit_bar.isVisible() else [])

    def cards(self):
        from gns3_copilot_desktop.ui.tool_card import ToolCallCard

        return [w for w in self.window.chat.widgets() if isinstance(w, ToolCallCard)]


def use_keyring(backend: KeyringBackend) -> None:
    keyring.set_keyring(backend)


def shown_markdown_block(qtbot, text: str, width: int = 600):
    """A Markdown block of `width` showing `text`, on screen."""
    from gns3_copilot_desktop.ui.markdown_block import MarkdownBlock

    block = MarkdownBlock()
    qtbot.addWidget(block)
    block.resize(width, 10)
    block.set_markdown(text)
    block.show()
    qtbot.waitExposed(block)
    return block


def contrast(a, b) -> float:
    """WCAG's contrast ratio of two QColors: 1 (the same) to 21 (black on white)."""
    def luminance(color) -> float:
        def channel(value: float) -> float:
            return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4

        return 0.2126 * channel(color.redF()) + 0.7152 * channel(color.greenF()) + 0.0722 * channel(color.blueF())

    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)
