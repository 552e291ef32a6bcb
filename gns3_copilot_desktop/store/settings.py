"""Settings that are not secret: the last controller and user, "remember me"."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .jsonfile import JsonFile

DEFAULT_CONTROLLER_URL = "http://127.0.0.1:3080"


@dataclass
class AppSettings:
    path: Path
    controller_url: str = DEFAULT_CONTROLLER_URL
    username: str = "admin"
    remember_me: bool = True

    def __post_init__(self) -> None:
        self._file = JsonFile(self.path)
        data = self._file.read({})
        if isinstance(data.get("controller_url"), str) and data["controller_url"].strip():
            self.controller_url = data["controller_url"]
        if isinstance(data.get("username"), str):
            self.username = data["username"]
        if isinstance(data.get("remember_me"), bool):
            self.remember_me = data["remember_me"]

    @property
    def problem(self) -> str | None:
        return self._file.problem

    def save(self) -> None:
        # Never a token or a password here: those live in the OS keyring only.
        self._file.write({"controller_url": self.controller_url, "username": self.username, "remember_me": self.remember_me})
