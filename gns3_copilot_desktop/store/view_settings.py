"""How the window looks and speaks (theme, text size, language, side panels): the part
of settings.json the app reads before its first paint, so the window never shows in the
wrong theme, size or language first, nor shows side panels that then go. Light on purpose (json only): it runs before the
window is up. AppSettings reads the same fields through `view_choices`, and owns the file
(a damaged one is set aside there, later)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, NamedTuple

THEMES = ("system", "light", "dark")
TEXT_SIZE_RANGE = (-4, 12)  # points added to the system font size


class ViewChoices(NamedTuple):
    theme: str = "system"
    text_size: int = 0
    language: str = "system"  # system, or a code of ui/language.py's LANGUAGES
    side_panels: bool = True


def view_choices(data: Any) -> ViewChoices:
    """The choices in a parsed settings file; what is missing or odd stays the default."""
    data = data if isinstance(data, dict) else {}
    choices = ViewChoices()
    if data.get("theme") in THEMES:
        choices = choices._replace(theme=data["theme"])
    size = data.get("text_size")
    if isinstance(size, int) and not isinstance(size, bool):
        choices = choices._replace(text_size=max(TEXT_SIZE_RANGE[0], min(TEXT_SIZE_RANGE[1], size)))
    # Unknown language codes are kept (a newer version's?) and mean the system's here.
    if isinstance(data.get("language"), str) and 0 < len(data["language"]) <= 16:
        choices = choices._replace(language=data["language"])
    if isinstance(data.get("side_panels"), bool):
        choices = choices._replace(side_panels=data["side_panels"])
    return choices


def read_view_choices(path: Path) -> ViewChoices:
    """From the settings file as it is; the defaults when it is missing or unreadable."""
    try:
        return view_choices(json.loads(Path(path).read_bytes().decode("utf-8-sig")))
    except (OSError, ValueError, RecursionError):
        return ViewChoices()
