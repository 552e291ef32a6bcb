"""What a controller can do, learnt from the controller itself.

`GET /v3/version` (no auth) and the OpenAPI document (`GET /openapi.json`, no auth) say
where the chat routes live, whether `ChatRequest` knows the runtime limits, and whether
a running turn can be aborted. The app never guesses silently: the window shows who
enforces the limits.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from ..protocol.ranges import LIMIT_FIELDS
from ..protocol.translation import translate

COPILOT_PREFIX = "/v3/copilot/projects/{project_id}/chat"
LEGACY_PREFIX = "/v3/projects/{project_id}/chat"

CopilotStatus = Literal["present", "absent", "unavailable", "unknown"]


@dataclass(frozen=True)
class Capabilities:
    version: str
    chat_prefix: str | None
    copilot: CopilotStatus
    limits_in_schema: bool
    has_abort: bool
    # The limit fields of the request that the controller knows (and so enforces).
    limit_fields: frozenset[str] = frozenset()

    def enforces(self, field: str) -> bool:
        return field in self.limit_fields

    @property
    def limits_enforced_by(self) -> Literal["controller", "app"]:
        return "controller" if self.limits_in_schema else "app"

    def chat_path(self, project_id: str) -> str:
        return (self.chat_prefix or COPILOT_PREFIX).format(project_id=project_id)

    def describe(self) -> str:
        """One line for the window."""
        if self.copilot == "absent":
            text = translate("Capabilities", "GNS3 {version}: this controller has no AI Copilot")
        elif self.copilot == "unavailable":
            text = translate("Capabilities", "GNS3 {version}: the Copilot is installed but not available")
        elif self.limits_in_schema:
            text = translate("Capabilities", "GNS3 {version}: limits enforced by the controller")
        else:
            text = translate("Capabilities", "GNS3 {version}: limits enforced by this app")
        return text.format(version=self.version)


def capabilities_from(version: str, openapi: dict[str, Any] | None) -> Capabilities:
    if not isinstance(openapi, dict) or not isinstance(openapi.get("paths"), dict):
        # No OpenAPI document: assume today's Copilot layout, and enforce limits here.
        return Capabilities(version, COPILOT_PREFIX, "unknown", False, True)
    paths: dict[str, Any] = openapi["paths"]
    prefix = next(
        (p for p in (COPILOT_PREFIX, LEGACY_PREFIX) if f"{p}/stream" in paths), None
    )
    if prefix is None:
        return Capabilities(version, None, "absent", False, False)
    has_abort = f"{prefix}/sessions/{{session_id}}/abort" in paths
    properties = _chat_request_properties(openapi, paths[f"{prefix}/stream"])
    limits = "max_iterations" in properties and "max_tool_calls" in properties
    known = frozenset(f for f in LIMIT_FIELDS if f in properties)
    return Capabilities(version, prefix, "present", limits, has_abort, known)


def _chat_request_properties(openapi: dict[str, Any], stream_path: Any) -> dict[str, Any]:
    schemas = (openapi.get("components") or {}).get("schemas") or {}
    name = "ChatRequest"
    try:
        ref = stream_path["post"]["requestBody"]["content"]["application/json"]["schema"]["$ref"]
        name = ref.rsplit("/", 1)[-1]
    except (KeyError, TypeError, AttributeError):
        pass
    schema = schemas.get(name) or schemas.get("ChatRequest") or {}
    properties = schema.get("properties") if isinstance(schema, dict) else None
    return properties if isinstance(properties, dict) else {}
