"""The GNS3 GUI's own settings file, read (never written): which controller it uses, and
which project it opened last.

The file is JSON despite its name. Where it is:
- Linux: `$XDG_CONFIG_HOME/GNS3/<major.minor>/gns3_gui.conf`, else
  `~/.config/GNS3/<major.minor>/gns3_gui.conf`; system-wide `/etc/xdg/GNS3/gns3_gui.conf`;
- macOS: as Linux, under `~/.config`;
- Windows: `%APPDATA%\\GNS3\\<major.minor>\\gns3_gui.ini`.
The newest version folder wins. GNS3 3.x keeps the controller in section "Controller"
(`host`, `port`, `protocol`, `username`, `password`); 2.2 in "Server" (`user`,
`password`). `recent_projects` ("project_id:name:path", newest first) is in
"MainWindow". The password there is plain text: it is used to sign in, and goes nowhere
else (to the keyring only if the user ticks Remember me).

A missing or unreadable file is not an error for the user: no offer, one log line.
"""

from __future__ import annotations

import json
import logging
import os
import re
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

MAX_SETTINGS_BYTES = 5 * 1024 * 1024
SYSTEM_SETTINGS = Path("/etc/xdg/GNS3/gns3_gui.conf")  # the system-wide default (Linux)
_VERSION = re.compile(r"^(\d+)\.(\d+)$")


@dataclass(frozen=True)
class GuiController:
    url: str
    username: str
    password: str = field(repr=False)
    host: str = ""
    port: int = 3080
    gui_version: str = ""

    @property
    def label(self) -> str:
        return f"{self.username}@{self.host}:{self.port}"


@dataclass(frozen=True)
class RecentProject:
    project_id: str
    name: str
    path: str


def _config_roots(env: Mapping[str, str], platform: str, home: Path) -> list[Path]:
    if platform.startswith("win"):
        appdata = env.get("APPDATA")
        return [Path(appdata) / "GNS3"] if appdata else []
    xdg = env.get("XDG_CONFIG_HOME")
    return [Path(xdg) / "GNS3" if xdg else home / ".config" / "GNS3"]


def settings_file(env: Mapping[str, str] | None = None, platform: str | None = None, home: Path | None = None) -> Path | None:
    """The newest version folder's settings file, else the system-wide one, else None."""
    env = os.environ if env is None else env
    platform = platform or sys.platform
    home = home or Path.home()
    name = "gns3_gui.ini" if platform.startswith("win") else "gns3_gui.conf"
    found: list[tuple[tuple[int, int], Path]] = []
    for root in _config_roots(env, platform, home):
        try:
            folders = list(root.iterdir())
        except OSError:
            continue
        for folder in folders:
            match = _VERSION.match(folder.name)
            if match and (folder / name).is_file():
                found.append(((int(match.group(1)), int(match.group(2))), folder / name))
    if found:
        return max(found)[1]
    return SYSTEM_SETTINGS if not platform.startswith("win") and SYSTEM_SETTINGS.is_file() else None


def looked_in(env: Mapping[str, str] | None = None, platform: str | None = None, home: Path | None = None) -> list[Path]:
    """The folders `settings_file` looks in, to tell the user where the file was not."""
    env = os.environ if env is None else env
    platform = platform or sys.platform
    places = _config_roots(env, platform, home or Path.home())
    return places if platform.startswith("win") else [*places, SYSTEM_SETTINGS.parent]


def read_settings(path: Path | None) -> dict[str, Any] | None:
    """The file's JSON object, or None with one log line."""
    if path is None:
        log.info("no GNS3 GUI settings file found")
        return None
    try:
        if path.stat().st_size > MAX_SETTINGS_BYTES:
            raise ValueError("too big for a settings file")
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
    except (OSError, ValueError) as exc:
        log.info("GNS3 GUI settings %s unreadable: %s", path, exc)
        return None
    return data


def _section(data: Mapping[str, Any], name: str) -> Mapping[str, Any]:
    section = data.get(name)
    return section if isinstance(section, Mapping) else {}


def gui_controller(data: Mapping[str, Any] | None, gui_version: str = "") -> GuiController | None:
    """The controller the GUI signs in to: 3.x "Controller", else 2.2 "Server"."""
    if not data:
        return None
    section, user_key = _section(data, "Controller"), "username"
    if not section:
        section, user_key = _section(data, "Server"), "user"
    host = section.get("host") or "localhost"
    port = section.get("port") or 3080
    protocol = section.get("protocol") or "http"
    username = section.get(user_key)
    password = section.get("password")
    if not section or not isinstance(username, str) or not username or not isinstance(password, str):
        log.info("GNS3 GUI settings have no controller with a user and password")
        return None
    try:
        port = int(port)
    except (TypeError, ValueError):
        log.info("GNS3 GUI settings: port %r is not a number", port)
        return None
    if protocol not in ("http", "https") or not isinstance(host, str) or not (0 < port < 65536):
        log.info("GNS3 GUI settings: unusable controller address")
        return None
    shown_host = f"[{host}]" if ":" in host and not host.startswith("[") else host
    return GuiController(f"{protocol}://{shown_host}:{port}", username, password, host, port, gui_version)


def recent_projects(data: Mapping[str, Any] | None) -> list[RecentProject]:
    """The projects the GUI opened, newest first ("project_id:name:path" each)."""
    entries = _section(data or {}, "MainWindow").get("recent_projects")
    projects = []
    for entry in entries if isinstance(entries, list) else []:
        if not isinstance(entry, str):
            continue
        project_id, _, rest = entry.partition(":")
        name, _, path = rest.partition(":")
        if project_id:
            projects.append(RecentProject(project_id, name, path))
    return projects


@dataclass
class GuiSettings:
    """What the app takes from the GUI's file, read again on demand."""

    path: Path | None
    controller: GuiController | None
    recent: list[RecentProject]
    looked_in: list[Path] = field(default_factory=list)  # where the file was looked for

    @classmethod
    def load(cls, env: Mapping[str, str] | None = None, platform: str | None = None, home: Path | None = None) -> "GuiSettings":
        path = settings_file(env, platform, home)
        data = read_settings(path)
        version = path.parent.name if path is not None else ""
        return cls(path, gui_controller(data, version), recent_projects(data), looked_in(env, platform, home))
