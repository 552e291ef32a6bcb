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
            return self._set_aside(default, "a folder is in its place")
        except OSError as exc:
            self.problem = f"Could not read {self.path}: {exc.strerror}. Using defaults."
            return default
        try:
            data = json.loads(raw.decode("utf-8-sig"))
            if not isinstance(data, type(default)):
                raise ValueError(f"expected a JSON {type(default).__name__}")
            return data
        except UnicodeDecodeError:
            return self._set_aside(default, "not UTF-8 text")
        except RecursionError:
            return self._set_aside(default, "nested too deep")
        except ValueError as exc:
            return self._set_aside(default, str(exc)[:200])

    def _set_aside(self, default: Any, why: str) -> Any:
        aside = self.path.with_name(f"{self.path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}")
        try:
            os.replace(self.path, aside)
            where = f"it was moved to {aside}"
        except OSError:
            try:
                shutil.move(str(self.path), str(aside))  # a folder onto another file system
                where = f"it was moved to {aside}"
            except OSError:
                where = "it could not be moved aside"
        self.problem = f"{self.path.name} was damaged ({why}); {where}. Defaults are used."
        return default

    def write(self, data: Any) -> None:
        """Write to a temporary file beside it, then rename: never half a file."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=f".{self.path.name}.", dir=self.path.parent)
        except OSError as exc:
            raise SaveFailed(f"Could not save {self.path}: {exc.strerror or exc}.") from exc
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
                raise SaveFailed(f"Could not save {self.path}: {exc.strerror or exc}.") from exc
            raise
