"""Troubleshooting practice: pick how many faults, watch the Copilot put them in (its
steps counted, not shown: they would give the answer away), then troubleshoot in a
normal chat. The Copilot's account of what it broke stays behind "Reveal solution"."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from ..protocol.items import TurnState
from ..protocol.practice import RANDOM
from ..protocol.translation import QT_TRANSLATE_NOOP, translate
from . import untrusted

if TYPE_CHECKING:
    from ..protocol.transcript import Transcript

# A first question for the chat, in the user's language (they send it, or change it).
TRY_ASKING = QT_TRANSLATE_NOOP("PracticeDialog", "Troubleshoot why PC1 cannot reach the other LAN")


MIN_SOLUTION_HEIGHT = 120
SOLUTION_WIDTH = 760  # code and tool results read without wrapping every line
SCREEN_SHARE = 0.85  # of the screen's height, at most


def plain(text: str = "") -> QLabel:
    label = QLabel(text)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    return label


class PracticeDialog(QDialog):
    start_requested = Signal(int)  # faults, or RANDOM
    stop_requested = Signal()
    troubleshoot_requested = Signal(str)  # a first question for a normal chat
    solution_revealed = Signal(str)  # the exercise's chat id: its chat may show now

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(translate("PracticeDialog", "Troubleshooting practice"))
        self.setMinimumWidth(560)  # the wrapped introduction is not squeezed at first show
        intro = plain(translate(
            "PracticeDialog",
            "The Copilot breaks something in this project's lab for you to find and fix. "
            "It really changes the lab: use a lab you can afford to break.",
        ))
        self.choices = QButtonGroup(self)
        row = QHBoxLayout()
        row.addWidget(QLabel(translate("PracticeDialog", "Faults:")))
        for faults, text in ((1, "1"), (2, "2"), (3, "3"), (RANDOM, translate("PracticeDialog", "Random"))):
            button = QRadioButton(text)
            self.choices.addButton(button, faults)
            row.addWidget(button)
        row.addStretch(1)
        self.choices.button(1).setChecked(True)
        self.start_button = QPushButton(translate("PracticeDialog", "Inject"))
        self.start_button.setToolTip(translate("PracticeDialog", "Let the Copilot put the faults into the lab"))
        self.stop_button = QPushButton(translate("PracticeDialog", "Stop"))
        self.stop_button.setVisible(False)
        row.addWidget(self.start_button)
        row.addWidget(self.stop_button)
        self.progress = QProgressBar()
        self.progress.setRange(0, 0)
        self.progress.setVisible(False)
        self.progress.setAccessibleName(translate("PracticeDialog", "Preparing the exercise"))
        self.limits_line = plain()  # what the injection runs under: the user's runtime limits
        self.status = plain()
        self.status.setVisible(False)  # shown with the first progress
        self.troubleshoot_button = QPushButton(translate("PracticeDialog", "Troubleshoot it in a new chat"))
        self.troubleshoot_button.setVisible(False)
        self.reveal_button = QPushButton(translate("PracticeDialog", "Reveal solution"))
        self.reveal_button.setVisible(False)
        after = QHBoxLayout()
        after.addWidget(self.troubleshoot_button)
        after.addWidget(self.reveal_button)
        after.addStretch(1)
        self.solution_view = None  # made when revealed
        # Closing leaves a running injection running: the screen shows it when opened again.
        self.close_buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.close_buttons.button(QDialogButtonBox.StandardButton.Close).setText(translate("PracticeDialog", "Close"))
        self.close_buttons.rejected.connect(self.reject)  # Esc rejects too
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(row)
        layout.addWidget(self.limits_line)
        layout.addWidget(self.progress)
        layout.addWidget(self.status)
        layout.addLayout(after)
        layout.addStretch(0)
        layout.addWidget(self.close_buttons)
        self._layout = layout
        self._transcript: Transcript | None = None
        self.start_button.clicked.connect(self._start)
        self.stop_button.clicked.connect(self.stop_requested)
        self.reveal_button.clicked.connect(self.reveal)
        self.troubleshoot_button.clicked.connect(lambda: self.troubleshoot_requested.emit(translate("PracticeDialog", TRY_ASKING)))

    def _start(self) -> None:
        self._hide_solution()
        self.start_requested.emit(self.choices.checkedId())

    def set_running(self, running: bool) -> None:
        self.start_button.setEnabled(not running)
        for button in self.choices.buttons():
            button.setEnabled(not running)
        self.stop_button.setVisible(running)
        self.progress.setVisible(running)
        if running:
            self.troubleshoot_button.setVisible(False)
            self.reveal_button.setVisible(False)
        self._fit_text()

    def show_progress(self, transcript: Transcript) -> None:
        """Counts only: what the agent runs would give the fault away."""
        self._show_progress(transcript)
        self.status.setVisible(True)
        self._fit_text()

    def _fit_text(self) -> None:
        """The status changes length (a limit's words wrap onto more lines; the progress
        bar comes and goes): the screen is as tall as what it says, neither cut nor blank."""
        if self.solution_view is not None and self.solution_view.isVisible():
            return
        self._layout.activate()
        wanted = self.heightForWidth(self.width()) if self.hasHeightForWidth() else self.sizeHint().height()
        self.resize(self.width(), max(wanted, self.minimumHeight()))

    def _show_progress(self, transcript: Transcript) -> None:
        self._transcript = transcript
        t = transcript
        if t.tool_calls_executed == 1:
            steps = translate("PracticeDialog", "step {step} · {count} tool call done")
        else:
            steps = translate("PracticeDialog", "step {step} · {count} tool calls done")
        steps = steps.format(step=max(t.llm_turns, 1), count=t.tool_calls_executed)
        if t.state == TurnState.STREAMING:
            if t.abort_requested:
                self.status.setText(translate("PracticeDialog", "Stopping…: {steps}.").format(steps=steps))
            else:
                self.status.setText(translate("PracticeDialog", "The Copilot is preparing the exercise: {steps}.").format(steps=steps))
            return
        self.reveal_button.setVisible(bool(t.items[1:]))
        if t.limit_stop is not None:
            self.status.setText(translate(
                "PracticeDialog",
                "Stopped by a runtime limit ({steps}): {limit}. The lab may be partly changed: Reveal solution shows "
                "what was done. Raise the limit in the side panel to let the exercise finish.",
            ).format(steps=steps, limit=t.stop_summary()))
        elif t.state == TurnState.DONE:
            self.status.setText(translate(
                "PracticeDialog",
                "Ready ({steps}). Something in the lab is broken now: find it and fix it in a normal chat. Try “{question}”.",
            ).format(steps=steps, question=translate("PracticeDialog", TRY_ASKING)))
            self.troubleshoot_button.setVisible(True)
        elif t.state == TurnState.FAILED:
            error = next((i.text for i in reversed(t.items) if type(i).__name__ == "ErrorNotice"), "")
            untrusted.set_plain(self.status, translate("PracticeDialog", "The exercise could not be prepared: {error}").format(error=error))
        else:
            self.status.setText(translate(
                "PracticeDialog", "Stopped ({steps}). The lab may be partly changed: Reveal solution shows what was done.",
            ).format(steps=steps))

    def show_limits(self, limits) -> None:
        """The runtime limits of the side panel (store.Limits): the injection runs under them."""
        from .limits_panel import in_words  # the side panel's words for the same limits

        untrusted.set_plain(self.limits_line, translate(
            "PracticeDialog", "Runs under your runtime limits ({limits}, as in the side panel); a limit stops it as it stops a chat.",
        ).format(limits=in_words(limits)))
        self._fit_text()

    def reveal(self) -> None:
        if self._transcript is None:
            return
        from .chat_view import ChatView

        if self.solution_view is None:
            self.solution_view = ChatView()
            self.solution_view.offers_continue = False  # the flag says the stop; nothing to continue here
            self.solution_view.setMinimumHeight(MIN_SOLUTION_HEIGHT)
            self._layout.insertWidget(self._layout.indexOf(self.close_buttons), self.solution_view, 1)
            # Rendered in slices: the dialog fits what is there once it all is.
            self.solution_view.settled.connect(self._fit_solution)
        self.solution_view.reset(self._transcript)
        self.solution_view.setVisible(True)
        self.reveal_button.setVisible(False)
        self._fit_solution()
        if self._transcript.session_id:
            self.solution_revealed.emit(self._transcript.session_id)

    def _fit_solution(self) -> None:
        """As tall as the solution needs, no taller (a short one leaves no blank space),
        and never past the screen: a long one scrolls."""
        view = self.solution_view
        if view is None or not view.isVisible():
            return
        self._layout.activate()
        content = view.widget()
        width = max(self.width(), SOLUTION_WIDTH)
        inner = width - (self.width() - view.viewport().width())
        needed = (content.heightForWidth(inner) if content.hasHeightForWidth() else -1)
        if needed < 0:
            needed = content.sizeHint().height()
        overflow = view.verticalScrollBar().maximum()  # what the hint missed, if anything
        if overflow > 0:
            needed = max(needed, view.viewport().height() + overflow)
        needed += 2 * view.frameWidth()
        others = self.height() - view.height()
        screen = self.screen().availableGeometry().height() if self.screen() else 800
        height = max(others + MIN_SOLUTION_HEIGHT, min(others + needed, int(screen * SCREEN_SHARE)))
        self.resize(width, height)

    def _hide_solution(self) -> None:
        if self.solution_view is not None and self.solution_view.isVisible():
            self.solution_view.setVisible(False)
            self._layout.activate()
            self.resize(self.width(), self.minimumSizeHint().height())  # back to its own size
