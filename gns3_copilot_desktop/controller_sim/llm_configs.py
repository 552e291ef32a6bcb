"""LLM model configurations, as the real server (3.1.0a2) keeps them: per user and per
group, a version bumped by every update, 409 on a stale `expected_version`, one default
per owner, `api_key` write-only. The reference controller's "LLM" is a script, so the
values are kept but only `copilot_mode` changes what the agent does.

One difference on purpose: the real server lets a user have only ONE configuration
(a unique index on user_id makes the second POST fail with a 500 naming SQLite); here a
user may have several, as its API and web UI intend."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, Literal

from fastapi import APIRouter, Depends, Response
from pydantic import BaseModel, ConfigDict, Field

from .state import ControllerError

ModelType = Literal["text", "vision", "stt", "tts", "multimodal", "embedding", "reranking", "other"]
Strategy = Literal["conservative", "balanced", "aggressive"]
TABLE_FIELDS = ("name", "model_type", "is_default")
DEMO_GROUP = ("a1b2c3d4-0000-4000-8000-00000000c0de", "Students")


class ConfigCreate(BaseModel):
    model_config = ConfigDict(extra="allow")

    name: str = Field(min_length=1, max_length=100)
    model_type: ModelType
    is_default: bool | None = False
    provider: str
    base_url: str
    model: str
    temperature: float = Field(default=0.7, ge=0.0, le=2.0)
    api_key: str | None = None
    max_tokens: int | None = Field(default=None, gt=0)
    context_limit: int = Field(gt=0)
    context_strategy: Strategy = "balanced"
    copilot_mode: str | None = None


class ConfigUpdate(BaseModel):
    model_config = ConfigDict(extra="allow")

    name: str | None = Field(default=None, min_length=1, max_length=100)
    model_type: ModelType | None = None
    is_default: bool | None = None
    expected_version: int | None = None
    provider: str | None = None
    base_url: str | None = None
    model: str | None = None
    temperature: float | None = Field(default=None, ge=0.0, le=2.0)
    api_key: str | None = None
    max_tokens: int | None = None
    context_limit: int | None = Field(default=None, gt=0)
    context_strategy: Strategy | None = None
    copilot_mode: str | None = None


def _now() -> str:
    return datetime.now(timezone.utc).replace(tzinfo=None).isoformat()


@dataclass
class StoredConfig:
    config_id: str
    name: str
    model_type: str
    config: dict[str, Any]
    user_id: str | None
    group_id: str | None
    is_default: bool
    version: int = 0
    created_at: str = field(default_factory=_now)
    updated_at: str = field(default_factory=_now)

    def as_json(self, *, with_source: bool = False, group_name: str | None = None) -> dict[str, Any]:
        body = {
            "created_at": self.created_at, "updated_at": self.updated_at, "config_id": self.config_id,
            "name": self.name, "model_type": self.model_type,
            "config": {**self.config, "api_key": None},  # write-only
            "user_id": self.user_id, "group_id": self.group_id, "is_default": self.is_default,
            "version": self.version,
        }
        if with_source:
            body["source"] = "group" if self.group_id else "user"
            body["group_name"] = group_name
        return body


class LLMConfigStore:
    def __init__(self, user_id: str):
        self.user_id = user_id
        self.groups = {DEMO_GROUP[0]: DEMO_GROUP[1]}
        self.configs: dict[str, StoredConfig] = {}

    def seed(self) -> None:
        """The demo's start: the user's own scripted "LLM" (the default, in lab
        automation mode so that it can configure), and one a group inherits to it,
        read-only for the user."""
        self.add(("user", self.user_id), ConfigCreate(
            name="Demo script", model_type="text", is_default=True, provider="openai",
            base_url="http://127.0.0.1/demo-script", model="scripted-agent", temperature=0.0,
            context_limit=128, copilot_mode="lab_automation_assistant",
        ))
        self.add(("group", DEMO_GROUP[0]), ConfigCreate(
            name="Course model", model_type="text", is_default=True, provider="ollama",
            base_url="http://127.0.0.1:11434", model="qwen2.5:7b", temperature=0.2, context_limit=32,
            copilot_mode="teaching_assistant",
        ))

    def of(self, owner: tuple[str, str]) -> list[StoredConfig]:
        kind, owner_id = owner
        return [c for c in self.configs.values() if (c.user_id if kind == "user" else c.group_id) == owner_id]

    def get(self, owner: tuple[str, str], config_id: str) -> StoredConfig:
        config = next((c for c in self.of(owner) if c.config_id == config_id), None)
        if config is None:
            raise ControllerError(404, f"LLM model configuration '{config_id}' not found")
        return config

    def add(self, owner: tuple[str, str], body: ConfigCreate) -> StoredConfig:
        kind, owner_id = owner
        settings = body.model_dump(exclude=set(TABLE_FIELDS))
        config = StoredConfig(
            str(uuid.uuid4()), body.name, body.model_type, settings,
            owner_id if kind == "user" else None, owner_id if kind == "group" else None, bool(body.is_default),
        )
        if config.is_default:
            for other in self.of(owner):
                other.is_default = False
        self.configs[config.config_id] = config
        return config

    def update(self, owner: tuple[str, str], config_id: str, body: ConfigUpdate) -> StoredConfig:
        config = self.get(owner, config_id)
        updates = {k: v for k, v in body.model_dump().items() if v is not None}
        expected = updates.pop("expected_version", None)
        if expected is not None and expected != config.version:
            raise ControllerError(
                409,
                f"Concurrent modification detected. Expected version {expected}, "
                f"but current version is {config.version}. Please retry.",
            )
        for key, value in updates.items():
            if key in TABLE_FIELDS:
                setattr(config, key, value)
            else:
                config.config[key] = value
        config.version += 1
        config.updated_at = _now()
        return config

    def set_default(self, owner: tuple[str, str], config_id: str) -> StoredConfig:
        chosen = self.get(owner, config_id)
        for config in self.of(owner):
            config.is_default = config is chosen
            config.updated_at = _now()
        return chosen

    def delete(self, owner: tuple[str, str], config_id: str) -> None:
        del self.configs[self.get(owner, config_id).config_id]

    def effective(self) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
        """The user's configurations, then the groups', and the one chats use: the
        user's default, else a group's default, else the first (the server's order)."""
        listed = [c.as_json(with_source=True) for c in self.of(("user", self.user_id))]
        for group_id, group_name in self.groups.items():
            listed += [c.as_json(with_source=True, group_name=group_name) for c in self.of(("group", group_id))]
        default = next((c for c in listed if c["is_default"] and c["source"] == "user"), None)
        default = default or next((c for c in listed if c["is_default"]), None)
        return listed, default or (listed[0] if listed else None)

    def effective_default(self) -> dict[str, Any] | None:
        return self.effective()[1]

    @property
    def mode(self) -> str:
        default = self.effective_default()
        return (default and default["config"].get("copilot_mode")) or "teaching_assistant"


def router(store: LLMConfigStore, authenticated: Any) -> APIRouter:
    api = APIRouter(prefix="/v3/access", dependencies=[Depends(authenticated)])

    def user(user_id: str) -> tuple[str, str]:
        if user_id != store.user_id:
            raise ControllerError(404, f"User '{user_id}' not found")
        return ("user", user_id)

    def group(group_id: str) -> tuple[str, str]:
        if group_id not in store.groups:
            raise ControllerError(404, f"User group '{group_id}' not found")
        return ("group", group_id)

    def crud(kind: str, owner_of: Any) -> None:
        base = f"/{kind}s/{{owner_id}}/llm-model-configs"

        @api.get(f"{base}/default")
        async def default(owner_id: str) -> dict[str, Any]:
            owner = owner_of(owner_id)
            config = next((c for c in store.of(owner) if c.is_default), None)
            if config is None:
                raise ControllerError(404, f"No default LLM model configuration found for {kind} '{owner_id}'")
            return config.as_json()

        @api.post(base, status_code=201)
        async def create(owner_id: str, body: ConfigCreate) -> dict[str, Any]:
            return store.add(owner_of(owner_id), body).as_json()

        @api.put(f"{base}/default/{{config_id}}")
        async def set_default(owner_id: str, config_id: str) -> dict[str, Any]:
            return store.set_default(owner_of(owner_id), config_id).as_json()

        @api.put(f"{base}/{{config_id}}")
        async def update(owner_id: str, config_id: str, body: ConfigUpdate) -> dict[str, Any]:
            return store.update(owner_of(owner_id), config_id, body).as_json()

        @api.delete(f"{base}/{{config_id}}", status_code=204)
        async def delete(owner_id: str, config_id: str) -> Response:
            store.delete(owner_of(owner_id), config_id)
            return Response(status_code=204)

    @api.get("/users/{user_id}/llm-model-configs")
    async def effective(user_id: str) -> dict[str, Any]:
        user(user_id)
        configs, default = store.effective()
        return {"configs": configs, "default_config": default, "total": len(configs)}

    @api.get("/users/{user_id}/llm-model-configs/own")
    async def own(user_id: str) -> list[dict[str, Any]]:
        return [c.as_json() for c in store.of(user(user_id))]

    @api.get("/groups/{group_id}/llm-model-configs")
    async def of_group(group_id: str) -> dict[str, Any]:
        configs = [c.as_json() for c in store.of(group(group_id))]
        default = next((c for c in configs if c["is_default"]), None)
        return {"configs": configs, "default_config": default, "total": len(configs)}

    crud("user", user)
    crud("group", group)
    return api
