"""What the app remembers: tokens in the OS keyring, limits and presets in JSON files.
No Qt widgets here."""

from .credentials import CredentialStore
from .jsonfile import JsonFile
from .presets import BUILT_IN_PRESETS, Limits, Preset, PresetStore
from .settings import AppSettings

__all__ = ["AppSettings", "BUILT_IN_PRESETS", "CredentialStore", "JsonFile", "Limits", "Preset", "PresetStore"]
