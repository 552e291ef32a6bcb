"""A project closed elsewhere, on the REAL GNS3 Copilot server: its controller's
`project.closed` notification must leave the chat being read on screen (read-only, with
a way to open the project again), and coming back reopens that chat."""

from __future__ import annotations

import httpx
import pytest
from scripted_llm import Text

pytestmark = [pytest.mark.copilot_server, pytest.mark.timeout(600)]


def test_closed_on_the_real_server_the_chat_stays_and_comes_back(app, copilot_chat):
    assert app.run(app.presenter.sign_in(copilot_chat.url, copilot_chat.username, copilot_chat.password, remember=False), 30)
    app.run(app.presenter.choose_project(copilot_chat.project_id), 30)
    try:
        copilot_chat.llm.script = [Text("The lab has no devices yet.")]
        app.send("Show me the topology")
        app.finish_turn(60)
        session_id, shown = app.presenter.session_id, len(app.window.chat.widgets())
        # Another client (the GNS3 GUI) closes the project.
        response = httpx.post(f"{copilot_chat.url}/v3/projects/{copilot_chat.project_id}/close",
                              headers=copilot_chat.headers, timeout=30)
        assert response.status_code in (200, 204), response.text
        notice = app.window.closed_notice
        app.wait(lambda: notice.isVisible(), 30, "the notice that the project was closed")
        assert app.presenter.session_id == session_id and len(app.window.chat.widgets()) == shown
        assert not app.window.composer.send_button.isEnabled()
        notice.open_button.click()
        app.wait(lambda: app.presenter.project.is_opened and not notice.isVisible(), 30, "the project opened again")
        app.wait(lambda: app.window.composer.send_button.isEnabled(), 30, "sending again")
        assert app.presenter.session_id == session_id
    finally:
        app.run(app.presenter.shutdown(), 10)
