"""Runtime-limit presets, and the limits last used in each project of each controller."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..protocol.translation import QT_TRANSLATE_NOOP, translate
from ..protocol.untrusted_text import in_sentence
from ..protocol.ranges import (
    DEFAULT_MAX_ITERATIONS,
    MAX_CHANGES_RANGE,
    MAX_ITERATIONS_RANGE,
    MAX_MINUTES_RANGE,
    MAX_TOOL_CALLS_RANGE,
    TOOL_LIMIT_RANGE,
)
from .filelock import locked
from .jsonfile import JsonFile, SaveFailed


def _clamp(value: int | None, bounds: tuple[int, int]) -> int | None:
    return None if value is None else min(max(int(value), bounds[0]), bounds[1])


def _int_or_none(value: Any) -> bool:
    return value is None or (isinstance(value, int) and not isinstance(value, bool))


@dataclass(frozen=True)
class Limits:
    max_iterations: int = DEFAULT_MAX_ITERATIONS
    max_tool_calls: int | None = None  # None: unlimited, and then not sent
    # The design's phase 2 (None: off). Held by this app where the controller does not.
    max_minutes: int | None = None
    max_changes: int | None = None  # 0: diagnose only
    tool_limits: tuple[tuple[str, int], ...] = ()  # (tool name, max calls), sorted

    def clamped(self) -> "Limits":
        tools = tuple(sorted(
            (name, _clamp(count, TOOL_LIMIT_RANGE)) for name, count in dict(self.tool_limits).items() if name.strip()
        ))
        return Limits(
            _clamp(self.max_iterations, MAX_ITERATIONS_RANGE), _clamp(self.max_tool_calls, MAX_TOOL_CALLS_RANGE),
            _clamp(self.max_minutes, MAX_MINUTES_RANGE), _clamp(self.max_changes, MAX_CHANGES_RANGE), tools,  # type: ignore[arg-type]
        )

    @property
    def has_more(self) -> bool:
        """Any of the phase-2 limits set."""
        return self.max_minutes is not None or self.max_changes is not None or bool(self.tool_limits)

    def label(self) -> str:
        """`20 / unlimited · 3 changes, 10 min, tool ≤ 2`, in the user's language."""
        tools = translate("Presets", "unlimited") if self.max_tool_calls is None else str(self.max_tool_calls)
        more = []
        if self.max_changes == 0:
            more.append(translate("Presets", "no changes"))
        elif self.max_changes == 1:
            more.append(translate("Presets", "{count} change").format(count=self.max_changes))
        elif self.max_changes is not None:
            more.append(translate("Presets", "{count} changes").format(count=self.max_changes))
        if self.max_minutes is not None:
            more.append(translate("Presets", "{minutes} min").format(minutes=self.max_minutes))
        more += [f"{name} ≤ {count}" for name, count in self.tool_limits]
        return f"{self.max_iterations} / {tools}" + (" · " + translate("Presets", ", ").join(more) if more else "")

    def as_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"max_iterations": self.max_iterations, "max_tool_calls": self.max_tool_calls}
        if self.has_more:
            data.update(max_minutes=self.max_minutes, max_changes=self.max_changes, tool_limits=dict(self.tool_limits))
        return data

    @classmethod
    def from_json(cls, data: Any) -> "Limits | None":
        """Limits from a stored object (also one written before phase 2); None when it
        cannot be read as limits."""
        if not isinstance(data, dict):
            return None
        iterations = data.get("max_iterations", DEFAULT_MAX_ITERATIONS)
        values = (data.get("max_tool_calls"), data.get("max_minutes"), data.get("max_changes"))
        if iterations is None or not _int_or_none(iterations) or not all(_int_or_none(v) for v in values):
            return None
        tools = data.get("tool_limits") or {}
        if not isinstance(tools, dict) or not all(isinstance(k, str) and _int_or_none(v) and v is not None for k, v in tools.items()):
            return None
        return cls(iterations, *values, tuple(tools.items())).clamped()


@dataclass(frozen=True)
class Preset:
    name: str  # the key it is kept and matched by; a built-in's is English
    limits: Limits
    built_in: bool = False

    @property
    def shown_name(self) -> str:
        """The name as the user reads it: a built-in's in their language, theirs as typed."""
        return translate("Presets", self.name) if self.built_in else self.name


BUILT_IN_PRESETS = (
    Preset(QT_TRANSLATE_NOOP("Presets", "Default"), Limits(20, None), True),
    Preset(QT_TRANSLATE_NOOP("Presets", "Quick look"), Limits(5, 3), True),
    Preset(QT_TRANSLATE_NOOP("Presets", "Lab build"), Limits(50, 30), True),
    Preset(QT_TRANSLATE_NOOP("Presets", "Diagnose only"), Limits(20, None, max_changes=0), True),
    Preset(QT_TRANSLATE_NOOP("Presets", "Careful change"), Limits(20, None, max_minutes=10, max_changes=3), True),
)


class PresetStore:
    """`presets.json` in the app's config directory:
    `{"presets": {name: limits}, "last_used": {controller_url: {project_id: limits}}}`.

    Several instances of the app may share it: each change is applied to what is on
    disk now, under a lock between processes (re-read, change, write), so one
    instance never drops what another saved. A change that cannot be written stays
    in memory, is tried again with the next save, and SaveFailed says why."""

    def __init__(self, path: Path):
        self._file = JsonFile(path)
        self._presets, self._last_used = self._parse(self._file.read({}))
        self._unsaved: list[Callable[[dict[str, Limits], dict[str, dict[str, Limits]]], None]] = []

    @staticmethod
    def _parse(data: Any) -> tuple[dict[str, Limits], dict[str, dict[str, Limits]]]:
        presets: dict[str, Limits] = {}
        raw_presets = data.get("presets") if isinstance(data, dict) else None
        for name, raw in raw_presets.items() if isinstance(raw_presets, dict) else []:
            limits = Limits.from_json(raw)
            if limits is not None and isinstance(name, str) and name.strip():
                presets[name] = limits
        last = data.get("last_used") if isinstance(data, dict) and isinstance(data.get("last_used"), dict) else {}
        last_used: dict[str, dict[str, Limits]] = {}
        for url, projects in last.items():
            if isinstance(projects, dict):
                last_used[url] = {pid: lim for pid, raw in projects.items() if (lim := Limits.from_json(raw)) is not None}
        return presets, last_used

    @property
    def problem(self) -> str | None:
        return self._file.problem

    def presets(self) -> list[Preset]:
        users = [Preset(name, limits) for name, limits in sorted(self._presets.items(), key=lambda i: i[0].lower())]
        return list(BUILT_IN_PRESETS) + users

    def save_preset(self, name: str, limits: Limits) -> Preset:
        """Raises ValueError for a name that cannot be used; SaveFailed when the preset
        could not be written (it is kept in memory all the same)."""
        name = " ".join(name.split())
        if not name:
            raise ValueError(translate("Presets", "A preset needs a name."))
        # Either spelling of a built-in's name: both read as that preset in the list.
        if any(name.lower() in (p.name.lower(), p.shown_name.lower()) for p in BUILT_IN_PRESETS):
            raise ValueError(translate("Presets", "“{name}” is a built-in preset; choose another name.").format(name=in_sentence(name)))
        clamped = limits.clamped()
        self._change(
            lambda presets, _last: presets.__setitem__(name, clamped),
            translate("Presets", "The preset “{name}” is kept until the app closes, and saving is tried again with "
                                 "your next change.").format(name=in_sentence(name)),
        )
        return Preset(name, clamped)

    def delete_preset(self, name: str) -> None:
        if name in self._presets:
            self._change(
                lambda presets, _last: presets.pop(name, None),
                translate("Presets", "The deletion of “{name}” is kept until the app closes, and saving is tried "
                                     "again with your next change.").format(name=in_sentence(name)),
            )

    def last_used(self, controller_url: str, project_id: str) -> Limits | None:
        return self._last_used.get(controller_url, {}).get(project_id)

    def remember(self, controller_url: str, project_id: str, limits: Limits) -> None:
        if self.last_used(controller_url, project_id) == limits:
            return
        clamped = limits.clamped()
        self._change(
            lambda _presets, last: last.setdefault(controller_url, {}).__setitem__(project_id, clamped),
            translate("Presets", "The limits of this project are kept until the app closes, and saving is tried "
                                 "again with your next change."),
        )

    def _change(self, change: Callable[[dict[str, Limits], dict[str, dict[str, Limits]]], None], kept: str) -> None:
        """Apply `change` here and on disk; `kept` says what stays in memory if the disk fails."""
        change(self._presets, self._last_used)  # the window shows it at once, saved or not
        self._unsaved.append(change)
        try:
            with locked(self._file.path):
                presets, last_used = self._parse(self._file.read({}))
                for unsaved in self._unsaved:
                    unsaved(presets, last_used)
                self._file.write(self._as_json(presets, last_used))
        except SaveFailed as exc:
            raise SaveFailed(f"{exc} {kept}") from exc
        self._unsaved.clear()
        self._presets, self._last_used = presets, last_used  # with what other instances saved

    @staticmethod
    def _as_json(presets: dict[str, Limits], last_used: dict[str, dict[str, Limits]]) -> dict[str, Any]:
        return {
            "presets": {name: limits.as_json() for name, limits in presets.items()},
            "last_used": {url: {pid: limits.as_json() for pid, limits in projects.items()} for url, projects in last_used.items()},
        }
