"""A JSON file written atomically; a damaged one is set aside, never a crash.

Damaged means anything that is not the JSON expected: invalid UTF-8, bad JSON, JSON
nested deeper than Python parses, the wrong type, a directory in the file's place. A
UTF-8 byte order mark is not damage: it is read. A write that fails raises SaveFailed,
in words the window can show.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

from ..protocol.translation import sentence, translate


class SaveFailed(Exception):
    """A file could not be written; the message says which and why, for the user."""


class JsonFile:
    def __init__(self, path: Path):
        self.path = Path(path)
        # Set when a damaged file was moved aside: the window tells the user once.
        self.problem: str | None = None

    def read(self, default: Any) -> Any:
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return default
        except IsADirectoryError:
            return self._set_aside(default, translate("JsonFile", "a folder is in its place"))
        except OSError as exc:
            self.problem = sentence(translate("JsonFile", "Could not read {path}: {reason}. Using defaults."),
                                    path=self.path, reason=exc.strerror or exc)
            return default
        try:
            data = json.loads(raw.decode("utf-8-sig"))
        except UnicodeDecodeError:
            return self._set_aside(default, translate("JsonFile", "not UTF-8 text"))
        except RecursionError:
            return self._set_aside(default, translate("JsonFile", "nested too deep"))
        except json.JSONDecodeError as exc:
            # Where it broke, not json's English words for what it expected there.
            return self._set_aside(default, translate("JsonFile", "not valid JSON at line {line}, column {column}").format(
                line=exc.lineno, column=exc.colno))
        except ValueError:  # e.g. a number too long to convert
            return self._set_aside(default, translate("JsonFile", "not valid JSON"))
        if not isinstance(data, type(default)):
            return self._set_aside(default, translate("JsonFile", "JSON, but not the kind this file holds"))
        return data

    def _set_aside(self, default: Any, why: str) -> Any:
        aside = self.path.with_name(f"{self.path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}")
        try:
            os.replace(self.path, aside)
            moved = True
        except OSError:
            try:
                shutil.move(str(self.path), str(aside))  # a folder onto another file system
                moved = True
            except OSError:
                moved = False
        if moved:
            self.problem = translate("JsonFile", "{name} was damaged ({why}); it was moved to {aside}. Defaults are used.")
        else:
            self.problem = translate("JsonFile", "{name} was damaged ({why}); it could not be moved aside. Defaults are used.")
        self.problem = sentence(self.problem, name=self.path.name, why=why, aside=aside)
        return default

    def write(self, data: Any) -> None:
        """Write to a temporary file beside it, then rename: never half a file."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=f".{self.path.name}.", dir=self.path.parent)
        except OSError as exc:
            raise SaveFailed(_could_not_save(self.path, exc)) from exc
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                json.dump(data, handle, ensure_ascii=False, indent=2)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(tmp, self.path)
        except BaseException as exc:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            if isinstance(exc, OSError):
                raise SaveFailed(_could_not_save(self.path, exc)) from exc
            raise


def _could_not_save(path: Path, exc: OSError) -> str:
    return sentence(translate("JsonFile", "Could not save {path}: {reason}."), path=path, reason=exc.strerror or exc)
