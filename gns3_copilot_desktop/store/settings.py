"""Settings that are not secret: the last controller and user, "remember me", where the
user was (project and chat, per controller), and how the window looks."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from pathlib import Path

from ..protocol.translation import translate
from .filelock import locked
from .jsonfile import JsonFile, SaveFailed
from .view_settings import view_choices

DEFAULT_CONTROLLER_URL = "http://127.0.0.1:3080"
MAX_PROJECTS_REMEMBERED = 200  # per controller: the settings file stays small
MAX_PRACTICE_CHATS = 500  # per controller
HIDDEN, REVEALED = "hidden", "revealed"  # a practice chat's solution

# Where the user is changes with every chat opened or begun, and its save waited for the
# disk (the write's fsync: 6-13 ms on the window's thread, at the start of a turn). Those
# saves go to this one thread instead, in order; any other save or read of the settings
# in this process waits for them first, and the interpreter waits for them at exit.
_writer = None


def written() -> None:
    """Wait until the settings saves handed to the writing thread are done."""
    if _writer is not None:
        _writer.submit(lambda: None).result()


def _write_later(settings: AppSettings) -> None:
    global _writer
    if _writer is None:
        from concurrent.futures import ThreadPoolExecutor

        _writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="settings-writer")
    # What to write is taken now: the settings change on this thread meanwhile.
    _writer.submit(settings._write, copy.deepcopy(settings._data())).add_done_callback(_failed_quietly)


def _failed_quietly(saved) -> None:
    """A place not saved is a convenience lost, not worth a message (as before); a
    failure is still logged, and anything else that went wrong in the thread too."""
    import logging

    why = saved.exception() or saved.result()
    if why is not None:
        logging.getLogger(__name__).warning("where the user is was not saved: %s", why)


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
    # controller URL → {project id: the chat last open in it}: coming back to a project
    # goes back to that chat. Chat ids only, nothing of what they say.
    last_chats: dict[str, dict[str, str]] = field(default_factory=dict)
    # controller URL → {chat id of a troubleshooting exercise: "hidden" or "revealed"}:
    # an exercise's chat holds its solution, kept out of sight until the user asks.
    practice_chats: dict[str, dict[str, str]] = field(default_factory=dict)
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
        written()  # a save still being written is read back
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
        if isinstance(data.get("last_chats"), dict):
            self.last_chats = {
                url: {pid: sid for pid, sid in chats.items() if isinstance(pid, str) and isinstance(sid, str)}
                for url, chats in data["last_chats"].items() if isinstance(url, str) and isinstance(chats, dict)
            }
        if isinstance(data.get("practice_chats"), dict):
            self.practice_chats = {
                url: {sid: seen for sid, seen in chats.items() if isinstance(sid, str) and seen in (HIDDEN, REVEALED)}
                for url, chats in data["practice_chats"].items() if isinstance(url, str) and isinstance(chats, dict)
            }
        for url, place in self.last_place.items():  # written before chats were kept per project
            if place.get("project_id") and place.get("session_id"):
                self.last_chats.setdefault(url, {}).setdefault(place["project_id"], place["session_id"])
        self.theme, self.text_size, self.language, self.side_panels = view_choices(data)
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
        written()  # never overtaken by an older save still being written
        return self._write(self._data())

    def _data(self) -> dict:
        # Never a token or a password here: those live in the OS keyring only.
        return {
            "controller_url": self.controller_url, "username": self.username, "remember_me": self.remember_me,
            "remembered": self.remembered,
            "last_place": self.last_place, "last_chats": self.last_chats, "practice_chats": self.practice_chats, "theme": self.theme, "language": self.language, "text_size": self.text_size,
            "side_panels": self.side_panels, "trusted_certificates": self.trusted_certificates,
            "prices": self.prices,
        }

    def _write(self, data: dict) -> str | None:
        try:
            with locked(self.path):
                self._file.write(data)
        except SaveFailed as exc:
            return f"{exc} " + translate("Settings", "The settings are kept until the app closes.")
        return None

    def remember_place(self, url: str, project_id: str | None, session_id: str | None) -> None:
        """Where the user is. A chat is remembered for its project too; no chat (a new
        one, or none shown yet) leaves the project's last chat as it was."""
        place = {"project_id": project_id, "session_id": session_id}
        chats = self.last_chats.setdefault(url, {})
        chat_changed = bool(project_id and session_id and chats.get(project_id) != session_id)
        if chat_changed:
            chats.pop(project_id, None)  # re-inserted last: the oldest go first
            chats[project_id] = session_id
            while len(chats) > MAX_PROJECTS_REMEMBERED:
                chats.pop(next(iter(chats)))
        if self.last_place.get(url) != place or chat_changed:
            self.last_place[url] = place
            # Not waited for (nothing said if it fails, as before: the place is a
            # convenience, kept in memory until the next save).
            _write_later(self)

    def practice_solution(self, url: str, session_id: str) -> str | None:
        """HIDDEN or REVEALED for an exercise's chat this app has seen; None otherwise."""
        return self.practice_chats.get(url, {}).get(session_id)

    def set_practice_solution(self, url: str, session_id: str, seen: str) -> None:
        chats = self.practice_chats.setdefault(url, {})
        if chats.get(session_id) == seen:
            return
        chats.pop(session_id, None)
        chats[session_id] = seen
        while len(chats) > MAX_PRACTICE_CHATS:
            chats.pop(next(iter(chats)))
        self.save()

    def last_chat(self, url: str, project_id: str) -> str | None:
        """The chat last open in this project, if any."""
        return self.last_chats.get(url, {}).get(project_id)
