"""A JSON file written atomically; a corrupt one is set aside, never a crash."""

from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any


class JsonFile:
    def __init__(self, path: Path):
        self.path = Path(path)
        # Set when a corrupt file was moved aside: the window tells the user once.
        self.problem: str | None = None

    def read(self, default: Any) -> Any:
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return default
        except OSError as exc:
            self.problem = f"Could not read {self.path}: {exc.strerror}. Using defaults."
            return default
        try:
            data = json.loads(text)
            if not isinstance(data, type(default)):
                raise ValueError(f"expected a JSON {type(default).__name__}")
            return data
        except ValueError as exc:
            aside = self.path.with_name(f"{self.path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}")
            try:
                os.replace(self.path, aside)
                where = f"it was moved to {aside}"
            except OSError:
                where = "it could not be moved aside"
            self.problem = f"{self.path.name} was damaged ({exc}); {where}. Defaults are used."
            return default

    def write(self, data: Any) -> None:
        """Write to a temporary file beside it, then rename: never half a file."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{self.path.name}.", dir=self.path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                json.dump(data, handle, ensure_ascii=False, indent=2)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(tmp, self.path)
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise
