"""Settings that are not secret: the last controller and user, "remember me", where the
user was (project and chat, per controller), and how the window looks."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..protocol.translation import translate
from .filelock import locked
from .jsonfile import JsonFile, SaveFailed
from .view_settings import view_choices

DEFAULT_CONTROLLER_URL = "http://127.0.0.1:3080"


@dataclass
class AppSettings:
    path: Path
    controller_url: str = DEFAULT_CONTROLLER_URL
    username: str = "admin"
    remember_me: bool = True
    # Whether the last sign-in left a token in the OS keyring ("remember me"). When it
    # did not (a first start, after signing out, a sign-in not remembered), start-up
    # asks at once: no keyring search (100-200 ms, or an unlock prompt) to find nothing.
    remembered: bool = False
    # controller URL → {"project_id": …, "session_id": …}: start-up goes back there.
    last_place: dict[str, dict[str, str | None]] = field(default_factory=dict)
    theme: str = "system"  # system, light, dark
    language: str = "system"  # system, or a code of ui/language.py's LANGUAGES (en, zh_CN)
    text_size: int = 0  # points added to the system font size
    side_panels: bool = True
    # controller URL → the PEM certificate the user chose to trust for it (not secret)
    trusted_certificates: dict[str, str] = field(default_factory=dict)
    # model name → [US$ per million input tokens, per million output tokens], for the
    # cost line; entered by the user, kept here, never sent anywhere.
    prices: dict[str, list[float]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._file = JsonFile(self.path)
        data = self._file.read({})
        if isinstance(data.get("controller_url"), str) and data["controller_url"].strip():
            self.controller_url = data["controller_url"]
        if isinstance(data.get("username"), str):
            self.username = data["username"]
        if isinstance(data.get("remember_me"), bool):
            self.remember_me = data["remember_me"]
        if isinstance(data.get("remembered"), bool):
            self.remembered = data["remembered"]
        else:  # written before this was kept: a token may be there
            self.remembered = self.remember_me and "controller_url" in data
        if isinstance(data.get("last_place"), dict):
            self.last_place = {
                url: {k: v for k, v in place.items() if k in ("project_id", "session_id") and isinstance(v, str)}
                for url, place in data["last_place"].items() if isinstance(place, dict)
            }
        self.theme, self.text_size, self.language = view_choices(data)
        if isinstance(data.get("side_panels"), bool):
            self.side_panels = data["side_panels"]
        if isinstance(data.get("trusted_certificates"), dict):
            self.trusted_certificates = {
                url: pem for url, pem in data["trusted_certificates"].items()
                if isinstance(url, str) and isinstance(pem, str) and "BEGIN CERTIFICATE" in pem
            }

        if isinstance(data.get("prices"), dict):
            self.prices = {
                model: [float(p[0]), float(p[1])] for model, p in data["prices"].items()
                if isinstance(model, str) and isinstance(p, list) and len(p) == 2
                and all(isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v < 1e6 for v in p)
            }

    @property
    def problem(self) -> str | None:
        return self._file.problem

    def save(self) -> str | None:
        """Save; None, or why it could not be saved (the settings stay in memory)."""
        # Never a token or a password here: those live in the OS keyring only.
        try:
            with locked(self.path):
                self._file.write({
                    "controller_url": self.controller_url, "username": self.username, "remember_me": self.remember_me,
                    "remembered": self.remembered,
                    "last_place": self.last_place, "theme": self.theme, "language": self.language, "text_size": self.text_size,
                    "side_panels": self.side_panels, "trusted_certificates": self.trusted_certificates,
                    "prices": self.prices,
                })
        except SaveFailed as exc:
            return f"{exc} " + translate("Settings", "The settings are kept until the app closes.")
        return None

    def remember_place(self, url: str, project_id: str | None, session_id: str | None) -> None:
        place = {"project_id": project_id, "session_id": session_id}
        if self.last_place.get(url) != place:
            self.last_place[url] = place
            self.save()
