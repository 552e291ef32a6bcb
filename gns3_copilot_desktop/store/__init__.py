"""What the app remembers: tokens in the OS keyring, limits and presets in JSON files.
No Qt widgets here. Names load on first use, so the keyring is not imported before
the window is on screen."""

from __future__ import annotations

import importlib
from typing import Any

_MODULE_OF = {
    "CredentialStore": "credentials",
    "JsonFile": "jsonfile",
    "BUILT_IN_PRESETS": "presets",
    "Limits": "presets",
    "Preset": "presets",
    "PresetStore": "presets",
    "AppSettings": "settings",
}
__all__ = sorted(_MODULE_OF)


def __getattr__(name: str) -> Any:
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value
