"""PySide's `from __feature__ import snake_case, true_property` options, which this
app does not use.

To know which modules such an option could apply to, PySide reads the source of
every module imported after it and looks for "PySide6" in it (the function
shibokensupport.feature._mod_uses_pyside, PySide 6.4-6.11): 6 ms of CPU before the
window's first frame, for the ~60 modules (the app's own, the standard library's)
imported by then, as much as a bare PySide6 window spends on its Python. Here every
module is taken as using PySide, unread: it gets PySide's default set of options, 0
("no option"), which is what each of the app's modules wants. (Taken as not using it,
-1, "ignore this module", a module would go on with the set last chosen elsewhere,
were some library ever to choose one.) A PySide without that function reads them as
before."""

from __future__ import annotations

import sys
from types import ModuleType


def _taken_as_using_pyside(module: ModuleType) -> bool:
    return True


def skip_source_scan() -> None:
    """After PySide6 is imported, before the window's modules are."""
    feature = sys.modules.get("shibokensupport.feature")
    if feature is not None and callable(getattr(feature, "_mod_uses_pyside", None)):
        feature._mod_uses_pyside = _taken_as_using_pyside
