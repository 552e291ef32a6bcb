"""The controller's LLM model configurations: list, create, edit, delete, choose the
default, and the Copilot mode that the default carries."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from PySide6.QtCore import Signal

from ..client.errors import Conflict, ControllerError, NotFound
from ..protocol.translation import QT_TRANSLATE_NOOP, translate
from ..protocol.untrusted_text import in_sentence

if TYPE_CHECKING:
    from ..protocol.llm_configs import LLMConfigDraft, LLMConfigList, LLMModelConfig

log = logging.getLogger(__name__)

NO_LLM_SETTINGS = QT_TRANSLATE_NOOP("LLMSetup", "This controller keeps no LLM settings (it has no Copilot, or an older one).")


class LLMSetupMixin:
    # (Signals of a mixin work in PySide6: the QObject is the Presenter.)
    llm_configs_changed = Signal(object)  # LLMConfigList
    llm_configs_failed = Signal(str)
    llm_config_saved = Signal(str, str)  # config_id, what was done
    llm_config_conflict = Signal(str)
    llm_setup_needed = Signal(str)  # a chat failed for lack of an LLM: offer the settings
    prices_changed = Signal()

    def set_price(self, model: str, input_per_million: float, output_per_million: float) -> None:
        """The prices the user entered for a model (kept here only, for the cost line)."""
        if not model:
            return
        price = [input_per_million, output_per_million]
        self._price_saved = self.settings.prices.get(model, [0.0, 0.0]) != price
        if not self._price_saved:
            return
        self.settings.prices[model] = price
        problem = self.settings.save()
        if problem:
            self.error.emit(problem)
        self.prices_changed.emit()

    def cost_line(self, session) -> str:
        """Under the limits: this chat's tokens and, where prices are known, their cost."""
        from ..protocol.cost import Price, cost_line

        if session is None:
            return ""
        default = self.llm_configs.default_config if self.llm_configs else None
        model = default.config.model if default else None
        price = self.settings.prices.get(model) if model else None
        return cost_line(session.input_tokens, session.output_tokens, model, Price(*price) if price else None)

    llm_configs: LLMConfigList | None = None
    _price_saved = False  # the last Save changed the prices (the message says so)

    async def refresh_llm_configs(self) -> LLMConfigList | None:
        client = await self._fresh_client()
        try:
            self.llm_configs = await client.llm_configs()
        except NotFound as exc:
            # 3.0.x has no such route: FastAPI's bare "Not Found".
            self.llm_configs = None
            self.llm_configs_failed.emit(translate("LLMSetup", NO_LLM_SETTINGS) if exc.message == "Not Found" else exc.message)
            return None
        except ControllerError as exc:
            self.llm_configs_failed.emit(exc.message)
            raise
        self.llm_configs_changed.emit(self.llm_configs)
        return self.llm_configs

    async def save_llm_config(self, original: LLMModelConfig | None, draft: LLMConfigDraft) -> bool:
        """Create (no original) or update; on a conflict the list is reloaded and the
        user told, their typed values stay in the form."""
        client = await self._fresh_client()
        try:
            if original is None:
                saved = await client.create_llm_config(draft)
            else:
                changes = draft.update_body(original)
                if set(changes) == {"expected_version"}:
                    if self._price_saved:
                        said = translate("LLMSetup", "Saved the prices of {model} (on this computer only).").format(model=in_sentence(draft.model))
                    else:
                        said = translate("LLMSetup", "Nothing changed.")
                    self.llm_config_saved.emit(original.config_id, said)
                    return True
                saved = await client.update_llm_config(original.config_id, changes)
        except Conflict:
            await self.refresh_llm_configs()
            self.llm_config_conflict.emit(translate(
                "LLMSetup",
                "Someone changed this configuration while you edited it. It has been reloaded; "
                "your values are still in the form: check them and save again.",
            ))
            return False
        except ControllerError as exc:
            self.llm_configs_failed.emit(exc.message)
            return False
        await self.refresh_llm_configs()
        self.llm_config_saved.emit(saved.config_id, translate("LLMSetup", "Saved “{name}”.").format(name=in_sentence(saved.name)))
        return True

    async def delete_llm_config(self, config_id: str) -> None:
        client = await self._fresh_client()
        await self._then_reload(client.delete_llm_config(config_id))

    async def set_default_llm_config(self, config_id: str) -> None:
        client = await self._fresh_client()
        await self._then_reload(client.set_default_llm_config(config_id))

    async def _then_reload(self, change) -> None:
        """Make a change; say why it failed; show the list as the controller has it now."""
        try:
            await change
        except ControllerError as exc:
            self.llm_configs_failed.emit(exc.message)
        await self.refresh_llm_configs()

    async def set_copilot_mode(self, mode: str) -> None:
        """Upstream's way: the mode is the effective default configuration's, so switching
        updates that configuration. An inherited (group) default cannot be changed."""
        configs = self.llm_configs or await self.refresh_llm_configs()
        default = configs.default_config if configs else None
        if default is None:
            self.llm_setup_needed.emit(translate("LLMSetup", "Set up an LLM first: the Copilot mode is part of its configuration."))
            return
        if default.read_only:
            self.llm_configs_failed.emit(translate(
                "LLMSetup",
                "The configuration in use comes from the group “{group}”: its mode cannot be changed here. "
                "Make one of your own the default to choose a mode.",
            ).format(group=in_sentence(default.group_name or "?")))
            self.llm_configs_changed.emit(configs)
            return
        client = await self._fresh_client()
        changes = {"copilot_mode": mode, "expected_version": default.version}
        await self._then_reload(client.update_llm_config(default.config_id, changes))
