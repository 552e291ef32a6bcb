"""What the app remembers: tokens in the OS keyring, limits and presets in JSON files.
No Qt widgets here. Names load on first use, so the keyring is not imported before
the window is on screen."""

from __future__ import annotations

from .._lazy import lazy_attributes

_MODULE_OF = {
    "CredentialStore": "credentials",
    "JsonFile": "jsonfile",
    "BUILT_IN_PRESETS": "presets",
    "Limits": "presets",
    "Preset": "presets",
    "PresetStore": "presets",
    "AppSettings": "settings",
    "TurnRecordStore": "turn_records",
    "SaveFailed": "jsonfile",
}
__all__ = sorted(_MODULE_OF)


__getattr__ = lazy_attributes(__name__, _MODULE_OF, globals())
