"""Runtime-limit presets, and the limits last used in each project of each controller."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..protocol.ranges import DEFAULT_MAX_ITERATIONS, MAX_ITERATIONS_RANGE, MAX_TOOL_CALLS_RANGE
from .jsonfile import JsonFile


@dataclass(frozen=True)
class Limits:
    max_iterations: int = DEFAULT_MAX_ITERATIONS
    max_tool_calls: int | None = None  # None: unlimited, and then not sent

    def clamped(self) -> "Limits":
        low, high = MAX_ITERATIONS_RANGE
        iterations = min(max(int(self.max_iterations), low), high)
        tools = self.max_tool_calls
        if tools is not None:
            tools = min(max(int(tools), MAX_TOOL_CALLS_RANGE[0]), MAX_TOOL_CALLS_RANGE[1])
        return Limits(iterations, tools)

    def label(self) -> str:
        tools = "unlimited" if self.max_tool_calls is None else str(self.max_tool_calls)
        return f"{self.max_iterations} / {tools}"

    def as_json(self) -> dict[str, Any]:
        return {"max_iterations": self.max_iterations, "max_tool_calls": self.max_tool_calls}

    @classmethod
    def from_json(cls, data: Any) -> "Limits | None":
        """Limits from a stored object; None when it cannot be read as limits."""
        if not isinstance(data, dict):
            return None
        iterations = data.get("max_iterations", DEFAULT_MAX_ITERATIONS)
        tools = data.get("max_tool_calls")
        if not isinstance(iterations, int) or isinstance(iterations, bool):
            return None
        if tools is not None and (not isinstance(tools, int) or isinstance(tools, bool)):
            return None
        return cls(iterations, tools).clamped()


@dataclass(frozen=True)
class Preset:
    name: str
    limits: Limits
    built_in: bool = False


BUILT_IN_PRESETS = (
    Preset("Default", Limits(20, None), True),
    Preset("Quick look", Limits(5, 3), True),
    Preset("Lab build", Limits(50, 30), True),
)


class PresetStore:
    """`presets.json` in the app's config directory:
    `{"presets": {name: limits}, "last_used": {controller_url: {project_id: limits}}}`."""

    def __init__(self, path: Path):
        self._file = JsonFile(path)
        data = self._file.read({})
        self._presets: dict[str, Limits] = {}
        for name, raw in (data.get("presets") or {}).items() if isinstance(data.get("presets"), dict) else []:
            limits = Limits.from_json(raw)
            if limits is not None and isinstance(name, str) and name.strip():
                self._presets[name] = limits
        last = data.get("last_used") if isinstance(data.get("last_used"), dict) else {}
        self._last_used: dict[str, dict[str, Limits]] = {}
        for url, projects in last.items():
            if isinstance(projects, dict):
                kept = {pid: lim for pid, raw in projects.items() if (lim := Limits.from_json(raw)) is not None}
                self._last_used[url] = kept

    @property
    def problem(self) -> str | None:
        return self._file.problem

    def presets(self) -> list[Preset]:
        users = [Preset(name, limits) for name, limits in sorted(self._presets.items(), key=lambda i: i[0].lower())]
        return list(BUILT_IN_PRESETS) + users

    def save_preset(self, name: str, limits: Limits) -> Preset:
        name = " ".join(name.split())
        if not name:
            raise ValueError("A preset needs a name.")
        if any(p.name.lower() == name.lower() for p in BUILT_IN_PRESETS):
            raise ValueError(f"“{name}” is a built-in preset; choose another name.")
        self._presets[name] = limits.clamped()
        self._save()
        return Preset(name, self._presets[name])

    def delete_preset(self, name: str) -> None:
        if self._presets.pop(name, None) is not None:
            self._save()

    def last_used(self, controller_url: str, project_id: str) -> Limits | None:
        return self._last_used.get(controller_url, {}).get(project_id)

    def remember(self, controller_url: str, project_id: str, limits: Limits) -> None:
        if self.last_used(controller_url, project_id) == limits:
            return
        self._last_used.setdefault(controller_url, {})[project_id] = limits.clamped()
        self._save()

    def _save(self) -> None:
        self._file.write({
            "presets": {name: limits.as_json() for name, limits in self._presets.items()},
            "last_used": {
                url: {pid: limits.as_json() for pid, limits in projects.items()}
                for url, projects in self._last_used.items()
            },
        })
