"""The Copilot modes a configuration (and a chat) carries, in the user's words.

Plain words, no pydantic: the chat header shows them in the first window, before
the wire models are loaded.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from .translation import QT_TRANSLATE_NOOP, translate

TEACHING = "teaching_assistant"
LAB_AUTOMATION = "lab_automation_assistant"
INJECTION = "troubleshooting_injection"


class _Translated(Mapping[str, Any]):
    """A table of the app's words, read in the user's language: each value (a text, or a
    tuple of texts) is translated when it is read, not when the module is imported
    (the translator is installed later), so every reader shows it translated. The keys
    are the controller's values and stay as they are."""

    def __init__(self, words: dict[str, Any]):
        self._words = words

    def __getitem__(self, key: str) -> Any:
        words = self._words[key]
        if isinstance(words, tuple):
            return tuple(translate("CopilotModes", w) for w in words)
        return translate("CopilotModes", words)

    def __iter__(self) -> Iterator[str]:
        return iter(self._words)

    def __len__(self) -> int:
        return len(self._words)


# What each mode may do, in one line each (the controller treats null as teaching).
_MODE_WORDS = {
    TEACHING: (
        QT_TRANSLATE_NOOP("CopilotModes", "Teaching assistant"),
        QT_TRANSLATE_NOOP("CopilotModes", "Looks and explains: runs diagnostics, never changes the lab."),
    ),
    LAB_AUTOMATION: (
        QT_TRANSLATE_NOOP("CopilotModes", "Lab automation"),
        QT_TRANSLATE_NOOP("CopilotModes", "Acts: may configure devices and start or stop nodes."),
    ),
}
MODES = _Translated(_MODE_WORDS)  # mode: (name, explanation)
MODE_NAMES = _Translated(
    {**{mode: name for mode, (name, _) in _MODE_WORDS.items()}, INJECTION: QT_TRANSLATE_NOOP("CopilotModes", "Fault practice")}
)


def mode_name(mode: str | None) -> str:
    """A session's or a configuration's mode in words (unknown modes as they came)."""
    return MODE_NAMES.get(mode or TEACHING, mode or "")
