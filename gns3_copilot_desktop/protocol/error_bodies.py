"""What a controller's error body says, in a short sentence for the user.

Plain data in, text out: no pydantic, so the client's error classes (which the
presenter needs before the sign-in dialog is up) load without the wire models.
"""

from __future__ import annotations

import re
from typing import Any

# The GNS3 server answers 422 with a Python repr of pydantic's errors plus a
# traceback line; a plain FastAPI server sends {"detail": [{"loc": [...], "msg": ...}]}.
_REPR_ERROR = re.compile(r"'loc': \(([^)]*)\), 'msg': (['\"])(.*?)\2")


def _field_of(loc: list[Any] | tuple[Any, ...]) -> str:
    parts = [str(p) for p in loc if p not in ("body", "query", "path")]
    return ".".join(parts)


def validation_errors(body: Any) -> list[tuple[str, str]]:
    """(field, message) pairs from a 422 body in either shape."""
    if isinstance(body, dict):
        detail = body.get("detail")
        if isinstance(detail, list):
            pairs = []
            for item in detail:
                if isinstance(item, dict):
                    pairs.append((_field_of(item.get("loc") or []), str(item.get("msg", ""))))
            return pairs
        text = body.get("message") if isinstance(body.get("message"), str) else detail
        if isinstance(text, str):
            return [
                (_field_of([p.strip().strip("'\"") for p in loc.split(",") if p.strip()]), msg)
                for loc, _, msg in _REPR_ERROR.findall(text)
            ]
    return []


def error_text(body: Any, fallback: str = "") -> str:
    """A short sentence for the user from an error body: `message`, else `detail`.

    Never a traceback: the GNS3 server appends one to its validation errors.
    """
    errors = validation_errors(body)
    if errors:
        return "; ".join(f"{field}: {msg}" if field else msg for field, msg in errors)
    if isinstance(body, dict):
        for key in ("message", "detail", "error"):
            value = body.get(key)
            if isinstance(value, str) and value.strip():
                return _first_paragraph(value)
    if isinstance(body, str) and body.strip():
        return _first_paragraph(body)
    return fallback


def _first_paragraph(text: str) -> str:
    head = text.strip().split("\n\n", 1)[0]
    return head if len(head) <= 500 else head[:497] + "..."
