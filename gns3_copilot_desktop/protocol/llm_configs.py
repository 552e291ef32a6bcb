"""LLM model configurations, as the controller keeps them under
`/v3/access/users/{user_id}/llm-model-configs`, and the Copilot modes they carry.

Shapes from the real server (3.1.0a2): a configuration has table fields (name,
model_type, is_default, version) and a `config` object (provider, base_url, model, ...).
A create sends everything flat; an update is partial, flat too, and may carry
`expected_version` (the server answers 409 when someone saved in between). `api_key` is
write-only: answers always carry null.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from .copilot_modes import INJECTION, LAB_AUTOMATION, MODE_NAMES, MODES, TEACHING, mode_name  # noqa: F401 - re-exported

PROVIDERS = ("openai", "anthropic", "google", "aws", "ollama", "deepseek", "xai")
CONTEXT_STRATEGIES = ("conservative", "balanced", "aggressive")
MODEL_TYPES = ("text", "vision", "stt", "tts", "multimodal", "embedding", "reranking", "other")

class _Lenient(BaseModel):
    model_config = ConfigDict(extra="allow", populate_by_name=True)


class LLMSettings(_Lenient):
    """The `config` object of a configuration (never holds the key in an answer)."""

    provider: str = ""
    base_url: str = ""
    model: str = ""
    temperature: float = 0.7
    max_tokens: int | None = None
    context_limit: int | None = None  # K tokens
    context_strategy: str = "balanced"
    copilot_mode: str | None = None


class LLMModelConfig(_Lenient):
    config_id: str
    name: str
    model_type: str = "text"
    config: LLMSettings = Field(default_factory=LLMSettings)
    user_id: str | None = None
    group_id: str | None = None
    is_default: bool = False
    version: int = 0
    source: str = "user"  # "group": inherited, read-only for this user
    group_name: str | None = None
    created_at: str | None = None
    updated_at: str | None = None

    @property
    def read_only(self) -> bool:
        return self.source == "group" or (self.group_id is not None and self.user_id is None)

    @property
    def mode(self) -> str:
        return self.config.copilot_mode or TEACHING


class LLMConfigList(_Lenient):
    """`GET .../llm-model-configs`: own and inherited configurations, and the one the
    Copilot uses (the user's default, else a group's default, else the first)."""

    configs: list[LLMModelConfig] = Field(default_factory=list)
    default_config: LLMModelConfig | None = None
    total: int = 0

    @property
    def mode(self) -> str:
        return self.default_config.mode if self.default_config else TEACHING


class LLMConfigDraft(BaseModel):
    """What the user typed in the form, checked before anything is sent.

    `api_key` empty means "leave the stored key as it is"."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=100)
    model_type: Literal["text", "vision", "stt", "tts", "multimodal", "embedding", "reranking", "other"] = "text"
    provider: str = Field(min_length=1)
    base_url: str = ""
    model: str = Field(min_length=1)
    temperature: float = Field(default=0.7, ge=0.0, le=2.0)
    context_limit: int = Field(default=128, gt=0)
    context_strategy: Literal["conservative", "balanced", "aggressive"] = "balanced"
    copilot_mode: str = TEACHING
    api_key: str = ""
    is_default: bool = False

    def create_body(self) -> dict[str, Any]:
        body = self.model_dump()
        if not body["api_key"]:
            body["api_key"] = None
        return body

    def update_body(self, original: LLMModelConfig) -> dict[str, Any]:
        """Only what changed, plus `expected_version`; the key only when one was typed.
        (The server ignores nulls in an update, so nothing can be cleared by omission.)"""
        before = {
            "name": original.name, "model_type": original.model_type,
            "provider": original.config.provider, "base_url": original.config.base_url,
            "model": original.config.model, "temperature": original.config.temperature,
            "context_limit": original.config.context_limit,
            "context_strategy": original.config.context_strategy,
            # The stored value, not the mode it means: a null mode is saved as the one shown,
            # since the real server's chat fails on a null mode ("'NoneType' object has no
            # attribute 'lower'") although its default is said to be teaching.
            "copilot_mode": original.config.copilot_mode, "is_default": original.is_default,
        }
        body = {k: v for k, v in self.model_dump(exclude={"api_key"}).items() if before.get(k) != v}
        if self.api_key:
            body["api_key"] = self.api_key
        body["expected_version"] = original.version
        return body

    @classmethod
    def of(cls, config: LLMModelConfig) -> "LLMConfigDraft":
        """The form's starting values for an existing configuration (no key)."""
        return cls.model_construct(
            name=config.name, model_type=config.model_type, provider=config.config.provider,
            base_url=config.config.base_url, model=config.config.model,
            temperature=config.config.temperature, context_limit=config.config.context_limit or 128,
            context_strategy=config.config.context_strategy, copilot_mode=config.mode, api_key="",
            is_default=config.is_default,
        )
