"""Package attributes loaded on first use (PEP 562), so importing a light submodule does
not pull in a package's heavy ones (pydantic, keyring) before the window is painted."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any


def lazy_attributes(package: str, module_of: dict[str, str], namespace: dict[str, Any]) -> Callable[[str], Any]:
    """A module `__getattr__` that imports `name` from `package.module_of[name]`."""

    def __getattr__(name: str) -> Any:
        module = module_of.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f".{module}", package), name)
        namespace[name] = value  # the next lookup is a plain attribute
        return value

    return __getattr__
