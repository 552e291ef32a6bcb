"""`Qt`, PySide's namespace of Qt's enums, built on its first use.

PySide builds all of a class's Python enums the first time the class is touched; for
the `Qt` namespace that is 93 enums, 14 ms, as much as a fifth of what the app adds to
a bare PySide6 window's first frame. The window's modules import this stand-in
instead: `Qt.AlignmentFlag.AlignTop` reads as before, and the real namespace is built
when a name in it is first used, not when a module naming it is imported."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from PySide6.QtCore import QObject


class _Namespace:
    def __getattr__(self, name: str) -> Any:
        from PySide6.QtCore import Qt

        value = getattr(Qt, name)
        setattr(self, name, value)  # the next lookup is a plain attribute
        return value


Qt: Any = _Namespace()

# Qt.ItemDataRole.UserRole: item data roles are plain ints to Qt, and the lists of the
# first frame keep their ids under it (tests/test_first_frame_loads.py checks the value).
USER_ROLE = 0x0100


def set_by_name(widget: QObject, **values: str) -> None:
    """Set enum properties by the names of their values, for what the first frame shows
    (`set_by_name(label, textFormat="PlainText")`): Qt looks the names up in its own
    meta-object, and PySide's namespace is not built. A name Qt does not know raises."""
    for name, value in values.items():
        if not widget.setProperty(name, value):
            raise ValueError(f"{type(widget).__name__}: no {name} {value!r}")
