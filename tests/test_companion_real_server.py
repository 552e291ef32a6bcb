"""The companion against the REAL GNS3 Copilot server (the wheel in ../shared/peers) with
a scripted model: LLM model configurations as the app's client and window use them, and
fault-injection practice. Skips with a reason where the wheel is absent; runs on CI."""

from __future__ import annotations

import pytest
from conftest import run
from scripted_llm import Call, Text, Tools

from gns3_copilot_desktop.client import Conflict, ControllerClient, LLMNotConfigured, ServerError
from gns3_copilot_desktop.protocol import Transcript
from gns3_copilot_desktop.protocol.llm_configs import LLMConfigDraft
from gns3_copilot_desktop.protocol.practice import InjectRequest

pytestmark = [pytest.mark.copilot_server, pytest.mark.timeout(600)]


async def client_for(chat) -> ControllerClient:
    client = ControllerClient(chat.url)
    await client.authenticate(chat.username, chat.password)
    return client


def test_llm_configs_versions_conflict_default_and_the_400_without_one(copilot_chat):
    copilot_chat.llm.script = [Text("Hello from the scripted model.")]

    async def go():
        async with await client_for(copilot_chat) as client:
            listed = await client.llm_configs()
            mine = listed.default_config
            assert mine is not None and mine.source == "user" and mine.config.api_key is None
            assert listed.mode == "teaching_assistant"
            draft = LLMConfigDraft.of(mine).model_copy(update={"temperature": 0.5})
            updated = await client.update_llm_config(mine.config_id, draft.update_body(mine))
            assert updated.version == mine.version + 1 and updated.config.temperature == 0.5
            with pytest.raises(Conflict) as stale:
                await client.update_llm_config(mine.config_id, draft.update_body(mine))  # the old version
            # The real server allows ONE configuration per user: a second one is its 500.
            with pytest.raises(ServerError):
                await client.create_llm_config(LLMConfigDraft(
                    name="second", provider="openai", base_url=copilot_chat.llm.base_url, model="m", context_limit=8))
            assert (await client.set_default_llm_config(mine.config_id)).is_default
            await client.delete_llm_config(mine.config_id)
            assert await client.default_llm_config() is None
            transcript = Transcript()
            with pytest.raises(LLMNotConfigured) as refused:
                from gns3_copilot_desktop.protocol import ChatRequest

                async for event in client.stream_chat(copilot_chat.project_id, ChatRequest(message="hi")):
                    transcript.apply(event)
            created = await client.create_llm_config(LLMConfigDraft(
                name="again", provider="openai", base_url=copilot_chat.llm.base_url, model="any",
                temperature=0, context_limit=128, api_key="sk-scripted-again", is_default=True))
            return stale.value, refused.value, created, await client.llm_configs()

    stale, refused, created, after = run(go(), 60)
    assert "Concurrent modification detected" in stale.message
    assert refused.status == 400 and "configure your LLM settings" in refused.message
    assert created.config.api_key is None and after.default_config.config_id == created.config_id
    assert after.default_config.config.copilot_mode == "teaching_assistant"  # the form always sends a mode


def test_inject_streams_like_a_chat_and_its_session_is_tagged(copilot_chat):
    copilot_chat.llm.script = [
        Tools(Call("get_gns3_templates", {})),
        Text("## Exercise ready\n\nSolution: nothing was broken in this empty lab."),
    ]

    async def go():
        async with await client_for(copilot_chat) as client:
            transcript = Transcript()
            transcript.begin_turn("")
            async for event in client.stream_inject(copilot_chat.project_id, InjectRequest(message="")):
                transcript.apply(event)
            practice = await client.sessions(copilot_chat.project_id, copilot_mode="troubleshooting_injection")
            teaching = await client.sessions(copilot_chat.project_id, copilot_mode="teaching_assistant")
            return transcript, practice, teaching

    transcript, practice, teaching = run(go(), 120)
    assert [c.name for c in transcript.tool_calls()] == ["get_gns3_templates"]
    assert "Solution: nothing was broken" in transcript.assistant_text()
    assert [s.thread_id for s in practice] == [transcript.session_id]
    assert practice[0].metadata.get("copilot_mode") == "troubleshooting_injection"
    assert transcript.session_id not in [s.thread_id for s in teaching]
    # The model was asked in the injection mode: its system prompt is the trainer's.
    system = copilot_chat.llm.agent_requests[0].messages[0]
    assert system["role"] == "system" and "troubleshooting trainer" in str(system["content"])


def test_the_settings_screen_against_the_real_server(app, copilot_chat):
    """The window's LLM settings on the real server: its one configuration listed, edited
    with the key left alone, a conflict reloaded and said."""
    assert app.run(app.presenter.sign_in(copilot_chat.url, copilot_chat.username, copilot_chat.password, remember=False))
    app.window.companion.llm_action.trigger()
    dialog = app.window.companion.llm_dialog
    app.wait(lambda: dialog.list.count() == 1, 20, "the configuration")
    assert dialog.list.item(0).text().startswith("★ scripted-") and dialog.api_key.text() == ""
    dialog.context_limit.setValue(64)
    dialog.save_button.click()
    app.wait(lambda: dialog.message.text().startswith("Saved"), 20, "the save")

    async def someone_else_saves():
        async with await client_for(copilot_chat) as client:
            mine = (await client.llm_configs()).default_config
            await client.update_llm_config(mine.config_id, {"temperature": 1.0, "expected_version": mine.version})

    run(someone_else_saves())
    dialog.model.setText("edited-here")
    dialog.save_button.click()
    app.wait(lambda: "changed this configuration" in dialog.message.text(), 20, "the conflict")
    assert dialog.model.text() == "edited-here"
    dialog.save_button.click()
    app.wait(lambda: dialog.message.text().startswith("Saved"), 20, "the second save")


def test_the_practice_screen_against_the_real_server_and_stop_through_abort(app, copilot_chat):
    """Inject through the window: progress counted, the answer behind Reveal solution; a
    second exercise stopped with Stop reaches the server's abort endpoint."""
    copilot_chat.llm.script = [
        Tools(Call("get_gns3_templates", {})),
        Text("Fault injected.\n\n### Solution\n\nNothing to fix: this lab is empty."),
    ]
    presenter = app.presenter
    assert app.run(presenter.sign_in(copilot_chat.url, copilot_chat.username, copilot_chat.password, remember=False))
    app.run(presenter.refresh_projects())
    app.run(presenter.choose_project(copilot_chat.project_id))
    dialog = app.window.companion.open_practice()
    dialog.start_button.click()
    app.wait(lambda: not presenter.is_practising and "Ready" in dialog.status.text(), 60, "the exercise")
    assert "Solution" not in dialog.status.text() and dialog.solution_view is None
    dialog.reveal_button.click()
    assert "Nothing to fix: this lab is empty." in dialog.solution_view.widgets()[-1].view.text()

    # Stopped while the model still writes its tool calls: the server's abort endpoint
    # (not a hang-up) makes it answer each call "aborted", and none runs.
    copilot_chat.llm.pace_s = 0.3
    copilot_chat.llm.script = [Tools(Call("get_gns3_templates", {"filter": "router" * 4}), piece=2)]
    asked = len(copilot_chat.llm.agent_requests)
    dialog.start_button.click()
    app.wait(lambda: presenter.practice_transcript.tool_calls() != [], 60, "the first tool call")
    dialog.stop_button.click()
    app.wait(lambda: not presenter.is_practising, 60, "the stop")
    from gns3_copilot_desktop.protocol.items import ToolStatus

    assert [c.status for c in presenter.practice_transcript.tool_calls()] == [ToolStatus.ABORTED]
    assert len(copilot_chat.llm.agent_requests) == asked + 1  # the tool's result never went back to the model
    assert dialog.status.text().startswith("Stopped") and dialog.reveal_button.isVisible()
