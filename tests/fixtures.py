"""Access to the recorded controller fixtures, kept in the repository
(`tests/fixtures/controller/`, copied from `../shared/fixtures/controller/` with its INDEX)
so that a clone alone runs its tests."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

FIXTURES = Path(
    os.environ.get(
        "GNS3_COPILOT_FIXTURES",
        Path(__file__).resolve().parent / "fixtures" / "controller",
    )
)


def fixture_path(name: str) -> Path:
    return FIXTURES / name


def load_json(name: str) -> Any:
    return json.loads(fixture_path(name).read_text(encoding="utf-8"))


def sse_bytes(name: str) -> bytes:
    return fixture_path(name).read_bytes()


def sse_meta(name: str) -> dict[str, Any]:
    return load_json(name.replace(".sse", ".meta.json"))


def sse_data_lines(raw: bytes) -> list[str]:
    """The `data:` payloads of a raw SSE body, one per event (test-side reading)."""
    payloads = []
    for block in raw.decode("utf-8").split("\n\n"):
        data = [line[5:].lstrip(" ") for line in block.splitlines() if line.startswith("data:")]
        if data:
            payloads.append("\n".join(data))
    return payloads


def stream_fixtures() -> list[str]:
    """Every recorded chat answer that is an event stream (status 200)."""
    return sorted(
        p.name for p in FIXTURES.glob("upstream-chat-*.sse") if sse_meta(p.name)["status"] == 200
    )


def error_fixtures() -> list[str]:
    return sorted(
        p.name for p in FIXTURES.glob("upstream-chat-*.sse") if sse_meta(p.name)["status"] != 200
    )


def upstream_openapi() -> dict[str, Any]:
    """An OpenAPI document with the recorded Copilot paths and schemas."""
    extract = load_json("upstream-openapi-copilot-extract.json")
    paths = dict(extract["copilot_and_llm_paths"])
    paths["/v3/version"] = {"get": {}}
    return {"openapi": extract["openapi"], "paths": paths, "components": {"schemas": extract["schemas"]}}
