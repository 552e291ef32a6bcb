"""pytest fixtures for tests against the real GNS3 Copilot server (imported by conftest).

- `copilot_server`: one real Copilot server for the whole session (it takes ~20-30 s to
  start, and installs itself on first use);
- `scripted_llm`: a fresh scripted model per test (`scripted_llm.script = [...]`);
- `copilot_chat`: signs in as admin, points the admin's LLM at this test's scripted
  model, creates and opens a project of its own, and returns a `CopilotChat`.

Tests using them are marked `copilot_server` (`-m "not copilot_server"` leaves them out).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

import httpx
import pytest

import copilot_server
from gns3_server import RunningGns3Server
from scripted_llm import Call, ScriptedLLM, Tools


# Arguments as long as a real model writes them (11 chunks): an abort races the rest of
# the model's answer after the id it reacts to (docs/real-copilot-timing.md), and the
# machine may be busy. `get_gns3_templates` needs no device, so it really runs.
LOOKUP_ARGS = {"tool_input": "list every template of this lab: routers, switches and PCs"}


def lookups(n: int) -> Tools:
    """One model answer asking for `n` template lookups."""
    return Tools(*[Call("get_gns3_templates", LOOKUP_ARGS) for _ in range(n)])


@dataclass
class CopilotChat:
    """What a test needs to chat with the real Copilot as admin, in its own project."""

    url: str
    username: str
    password: str
    project_id: str
    token: str
    llm: ScriptedLLM

    @property
    def chat_path(self) -> str:
        return f"/v3/copilot/projects/{self.project_id}/chat"

    @property
    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}

    def history(self, session_id: str) -> dict:
        """The session's history, straight from the server (no app code in between)."""
        response = httpx.get(f"{self.url}{self.chat_path}/sessions/{session_id}/history",
                             headers=self.headers, timeout=10)
        response.raise_for_status()
        return response.json()

    def sessions(self) -> list[dict]:
        response = httpx.get(f"{self.url}{self.chat_path}/sessions", headers=self.headers, timeout=10)
        response.raise_for_status()
        return response.json()


@pytest.fixture(scope="session")
def copilot_server_running(tmp_path_factory):
    copilot_server.wheel()  # skip (or fail on CI) before making anything
    server = copilot_server.start(tmp_path_factory.mktemp("copilot-home"))
    yield server
    server.stop()


@pytest.fixture
def scripted_llm():
    """A scripted model at a realistic pace; set `.script` (and `.pace_s`) in the test."""
    llm = ScriptedLLM(pace_s=0.03).start()
    yield llm
    llm.stop()


def open_chat(server: RunningGns3Server, llm: ScriptedLLM) -> CopilotChat:
    """Sign in as admin, make `llm` the admin's model, create and open a project."""
    with httpx.Client(base_url=server.url, timeout=30) as http:
        response = http.post("/v3/access/users/authenticate",
                             json={"username": server.username, "password": server.password})
        response.raise_for_status()
        token = response.json()["access_token"]
        http.headers["Authorization"] = f"Bearer {token}"
        user_id = http.get("/v3/access/users/me").json()["user_id"]
        # The server reads the user's LLM config on every chat request, and allows one
        # config per user: replace the last test's with one pointing at this test's model.
        configs = f"/v3/access/users/{user_id}/llm-model-configs"
        for old in http.get(f"{configs}/own").json():
            http.delete(f"{configs}/{old['config_id']}").raise_for_status()
        response = http.post(configs, json={
            "name": f"scripted-{secrets.token_hex(4)}", "model_type": "text", "provider": "openai",
            "base_url": llm.base_url, "model": "any", "temperature": 0, "context_limit": 128,
            "api_key": "sk-scripted-" + secrets.token_hex(8), "copilot_mode": "teaching_assistant",
            "is_default": True,
        })
        assert response.status_code == 201, response.text
        response = http.post("/v3/projects", json={"name": f"copilot-{secrets.token_hex(4)}"})
        assert response.status_code == 201, response.text
        project_id = response.json()["project_id"]
        response = http.post(f"/v3/projects/{project_id}/open")
        assert response.status_code in (200, 201), response.text
    return CopilotChat(server.url, server.username, server.password, project_id, token, llm)


@pytest.fixture
def copilot_chat(copilot_server_running, scripted_llm) -> CopilotChat:
    return open_chat(copilot_server_running, scripted_llm)
