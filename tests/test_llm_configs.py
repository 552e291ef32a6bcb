"""LLM model configurations: the client against the reference controller (versions,
409, the default, group configurations read-only, the key write-only), and the LLM
settings screen in the real window."""

from __future__ import annotations

import pytest
from conftest import run
from demo_helpers import chat, project_id, signed_in

from gns3_copilot_desktop.client import Conflict, LLMNotConfigured, NotFound, ValidationFailed
from gns3_copilot_desktop.protocol.llm_configs import LLMConfigDraft

SECRET = "sk-test-0123456789abcdef"


def draft(**values) -> LLMConfigDraft:
    base = dict(name="My GPT", provider="openai", base_url="http://127.0.0.1:9/v1", model="gpt-4o-mini",
                temperature=0.3, context_limit=128)
    return LLMConfigDraft(**{**base, **values})


def test_the_demo_starts_with_a_default_of_its_own_and_a_group_one(demo):
    async def go():
        async with await signed_in(demo) as client:
            return await client.llm_configs(), await client.default_llm_config()

    configs, default = run(go())
    assert [(c.name, c.source, c.read_only) for c in configs.configs] == [
        ("Demo script", "user", False), ("Course model", "group", True)]
    assert configs.configs[1].group_name == "Students"
    assert configs.default_config.name == default.name == "Demo script"
    assert configs.mode == "lab_automation_assistant"


def test_create_update_with_versions_conflict_default_and_delete(demo):
    async def go():
        async with await signed_in(demo) as client:
            created = await client.create_llm_config(draft(api_key=SECRET))
            assert created.version == 0 and created.config.api_key is None  # write-only
            original = created
            changed = draft(temperature=0.9).update_body(original)
            assert changed == {"temperature": 0.9, "expected_version": 0}  # only what changed, no key
            updated = await client.update_llm_config(created.config_id, changed)
            assert updated.version == 1 and updated.config.temperature == 0.9
            with pytest.raises(Conflict) as stale:
                await client.update_llm_config(created.config_id, {"model": "x", "expected_version": 0})
            await client.set_default_llm_config(created.config_id)
            configs = await client.llm_configs()
            await client.delete_llm_config(created.config_id)
            with pytest.raises(NotFound):
                await client.delete_llm_config(created.config_id)
            return stale.value, configs, await client.llm_configs()

    stale, configs, after = run(go())
    assert "Expected version 0, but current version is 1" in stale.message
    assert configs.default_config.name == "My GPT"
    assert [c.name for c in configs.configs if c.is_default and c.source == "user"] == ["My GPT"]
    assert SECRET not in str(configs.model_dump())
    # Deleting the user's default leaves no user default: the group's default is used.
    assert after.default_config.name == "Course model"


def test_a_chat_without_any_llm_is_refused_as_the_real_server_does(demo):
    demo.state.llm.configs.clear()

    async def go():
        async with await signed_in(demo) as client:
            with pytest.raises(LLMNotConfigured) as refused:
                await chat(client, await project_id(client), "Show me the topology")
            return refused.value

    refused = run(go())
    assert refused.status == 400 and "configure your LLM settings" in refused.message


def test_a_missing_context_limit_is_refused_with_the_servers_422(demo):
    async def go():
        async with await signed_in(demo) as client:
            with pytest.raises(ValidationFailed) as refused:
                await client._request("POST", await client._configs_path(), json={
                    "name": "x", "model_type": "text", "provider": "openai", "base_url": "", "model": "m"})
            return refused.value

    assert run(go()).fields == ["context_limit"]


# -- the window --------------------------------------------------------------------


def open_settings(app):
    app.sign_in_demo()
    app.window.companion.llm_action.trigger()
    dialog = app.window.companion.llm_dialog
    app.wait(lambda: dialog.isVisible() and dialog.list.count() == 2, what="the LLM settings to load")
    return dialog


def test_the_settings_screen_lists_marks_the_default_and_shows_group_configs_read_only(app):
    dialog = open_settings(app)
    texts = [dialog.list.item(i).text() for i in range(dialog.list.count())]
    assert texts[0] == "★ Demo script\n    openai · scripted-agent"
    assert texts[1] == "Course model\n    ollama · qwen2.5:7b · group “Students”"
    assert dialog.name.text() == "Demo script" and dialog.save_button.isEnabled()
    assert dialog.mode.currentText() == "Lab automation"
    assert dialog.mode_help.text() == "Acts: may configure devices and start or stop nodes."
    dialog.list.setCurrentRow(1)
    assert dialog.name.text() == "Course model" and not dialog.name.isEnabled()
    assert not dialog.save_button.isEnabled() and not dialog.delete_button.isEnabled()
    assert "read-only" in dialog.source.text()


def test_creating_a_config_sends_the_key_once_and_never_shows_it_back(app):
    dialog = open_settings(app)
    dialog.new_button.click()
    dialog.name.setText("Office GPT")
    dialog.model.setText("gpt-4o")
    dialog.base_url.setText("https://llm.example.invalid/v1")
    dialog.api_key.setText(SECRET)
    dialog.save_button.click()
    app.wait(lambda: dialog.message.text() == "Saved “Office GPT”.", what="the saved message")
    assert dialog.list.count() == 3
    assert dialog.name.text() == "Office GPT" and dialog.api_key.text() == ""
    assert "Kept on the controller" in dialog.api_key.placeholderText()
    stored = next(c for c in app.demo.state.llm.configs.values() if c.name == "Office GPT")
    assert stored.config["api_key"] == SECRET and stored.version == 0
    # An edit without touching the key does not send one.
    dialog.temperature.setValue(1.5)
    dialog.save_button.click()
    app.wait(lambda: stored.version == 1, what="the update")
    assert stored.config["temperature"] == 1.5 and stored.config["api_key"] == SECRET
    app.wait(lambda: "Saved" in dialog.message.text(), what="the saved message")


def test_an_empty_name_is_explained_and_nothing_is_sent(app):
    dialog = open_settings(app)
    dialog.new_button.click()
    dialog.model.setText("m")
    dialog.save_button.click()
    assert dialog.message.text() == "Name cannot be empty."
    assert len(app.demo.state.llm.configs) == 2


def test_a_conflict_reloads_says_so_and_keeps_what_was_typed(app):
    dialog = open_settings(app)
    stored = next(c for c in app.demo.state.llm.configs.values() if c.name == "Demo script")
    stored.version += 1  # someone else saved meanwhile (in the web UI)
    stored.config["model"] = "changed-elsewhere"
    dialog.model.setText("my-model")
    dialog.save_button.click()
    app.wait(lambda: "changed this configuration" in dialog.message.text(), what="the conflict message")
    assert dialog.model.text() == "my-model"  # the user's value is still there
    assert stored.config["model"] == "changed-elsewhere"
    dialog.save_button.click()  # now against the reloaded version
    app.wait(lambda: stored.config["model"] == "my-model", what="the second save")


def test_delete_and_make_default(app):
    dialog = open_settings(app)
    dialog.new_button.click()
    dialog.name.setText("Second")
    dialog.model.setText("m2")
    dialog.save_button.click()
    app.wait(lambda: dialog.message.text() == "Saved “Second”.", what="the new configuration")
    dialog.default_button.click()
    app.wait(lambda: dialog.list.item(0).text().startswith("Demo script")
             and dialog.list.item(1).text().startswith("★ Second"), what="the new default")
    dialog.list.setCurrentRow(0)
    dialog.delete_button.click()
    box = dialog.confirm_box
    assert box.text() == "Delete “Demo script” from the controller?"
    box.delete_button.click()
    app.wait(lambda: dialog.list.count() == 2, what="the deletion")
    assert [c.name for c in app.demo.state.llm.configs.values()] == ["Course model", "Second"]


def test_a_chat_refused_for_lack_of_an_llm_offers_the_settings(app):
    app.sign_in_demo()
    app.choose("OSPF Lab")
    app.demo.state.llm.configs.clear()
    app.send("Show me the topology")
    app.finish_turn()
    offer = app.window.companion.offer_box
    app.wait(offer.isVisible, what="the offer")
    assert "configure your LLM settings" in offer.text()
    assert app.window.composer.edit.toPlainText() == "Show me the topology"  # nothing lost
    offer.open_button.click()
    dialog = app.window.companion.llm_dialog
    app.wait(lambda: dialog.isVisible() and "No LLM is set up yet" in dialog.message.text(), what="the settings")
    dialog.name.setText("Local")
    dialog.provider.setCurrentText("ollama")
    dialog.model.setText("qwen2.5")
    dialog.save_button.click()
    app.wait(lambda: dialog.list.count() == 1, what="the first configuration")
    assert dialog.list.item(0).text().startswith("★ Local")  # the first one is the default
    dialog.close()
    app.send("Show me the topology")
    app.finish_turn()
    assert app.cards() and app.cards()[0].name.text() == "get_project_topology"


# -- the real server's recorded answers ------------------------------------------------


def test_the_recorded_answers_of_the_real_server_parse():
    from fixtures import load_json

    from gns3_copilot_desktop.client.errors import error_for_status
    from gns3_copilot_desktop.protocol.llm_configs import LLMConfigList, LLMModelConfig

    listed = LLMConfigList.model_validate(load_json("upstream-llm-configs-list.json")["body"])
    assert listed.default_config.name == "fixture-stub" and listed.mode == "teaching_assistant"  # null mode
    assert not listed.configs[0].read_only and listed.configs[0].config.context_limit == 128
    created = LLMModelConfig.model_validate(load_json("upstream-llm-config-create.json")["body"])
    assert created.version == 0 and created.config.api_key is None
    stale = load_json("upstream-llm-config-update-stale-version.json")
    assert isinstance(error_for_status(stale["status"], stale["body"]), Conflict)
    assert LLMConfigList.model_validate(load_json("upstream-llm-configs-empty.json")["body"]).default_config is None
    # The real server's chat fails on a null mode: saving such a config sets the mode shown.
    unchanged = LLMConfigDraft.of(created)
    assert unchanged.update_body(created) == {"copilot_mode": "teaching_assistant", "expected_version": 0}
