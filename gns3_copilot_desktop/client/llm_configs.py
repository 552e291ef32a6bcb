"""The controller's LLM model configurations of the signed-in user (part of
`ControllerClient`). A fresh Copilot answers every chat with 400 until one exists."""

from __future__ import annotations

from typing import Any

from ..protocol.llm_configs import LLMConfigDraft, LLMConfigList, LLMModelConfig
from .errors import NotFound


class LLMConfigsMixin:
    """Needs `_request`, `_json` (ControllerClient)."""

    _user_id: str | None = None

    async def user_id(self) -> str:
        """The signed-in user's id (`GET /v3/access/users/me`), learnt once."""
        if self._user_id is None:
            body = self._json(await self._request("GET", "/v3/access/users/me"))
            self._user_id = str(body["user_id"])
        return self._user_id

    async def _configs_path(self) -> str:
        return f"/v3/access/users/{await self.user_id()}/llm-model-configs"

    async def llm_configs(self) -> LLMConfigList:
        """Own and inherited (group) configurations, and the effective default."""
        return LLMConfigList.model_validate(self._json(await self._request("GET", await self._configs_path())))

    async def default_llm_config(self) -> LLMModelConfig | None:
        """The user's own default; None when there is none (the server answers 404)."""
        try:
            response = await self._request("GET", f"{await self._configs_path()}/default")
        except NotFound:
            return None
        return LLMModelConfig.model_validate(self._json(response))

    async def create_llm_config(self, draft: LLMConfigDraft) -> LLMModelConfig:
        response = await self._request("POST", await self._configs_path(), json=draft.create_body())
        return LLMModelConfig.model_validate(self._json(response))

    async def update_llm_config(self, config_id: str, changes: dict[str, Any]) -> LLMModelConfig:
        """A partial update; with `expected_version` in `changes`, a `Conflict` when
        the configuration was saved by someone else in between."""
        response = await self._request("PUT", f"{await self._configs_path()}/{config_id}", json=changes)
        return LLMModelConfig.model_validate(self._json(response))

    async def delete_llm_config(self, config_id: str) -> None:
        await self._request("DELETE", f"{await self._configs_path()}/{config_id}")

    async def set_default_llm_config(self, config_id: str) -> LLMModelConfig:
        response = await self._request("PUT", f"{await self._configs_path()}/default/{config_id}")
        return LLMModelConfig.model_validate(self._json(response))
