"""The controller client against the real gns3-server 3.0.6 from PyPI (no Copilot)."""

from __future__ import annotations

import asyncio
import time

import httpx
import pytest
from conftest import run

import gns3_server
from gns3_copilot_desktop.client import ControllerClient, CopilotMissing, NotFound, Unauthorized, ValidationFailed
from gns3_copilot_desktop.protocol import ChatRequest

pytestmark = pytest.mark.gns3server


@pytest.fixture(scope="module")
def gns3(tmp_path_factory):
    server = gns3_server.start(tmp_path_factory.mktemp("gns3home"))
    # A project to work with, made with the server's own API.
    token = httpx.post(
        f"{server.url}/v3/access/users/authenticate",
        json={"username": server.username, "password": server.password},
    ).json()["access_token"]
    response = httpx.post(
        f"{server.url}/v3/projects", json={"name": "copilot-lab"},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert response.status_code == 201, response.text
    server.project_id = response.json()["project_id"]
    yield server
    server.stop()


def test_sign_in_projects_and_token_expiry(gns3):
    async def go():
        async with ControllerClient(gns3.url) as client:
            token = await client.authenticate(gns3.username, gns3.password)
            return token, await client.projects(), client.token_expires_at, client.token_needs_renewal()

    token, projects, expires, renew = run(go())
    assert token.token_type == "bearer" and token.access_token.count(".") == 2
    assert [p.name for p in projects] == ["copilot-lab"] and projects[0].is_opened
    # The server's tokens last 1440 minutes.
    assert 1430 * 60 < expires - time.time() <= 1440 * 60 and not renew


def test_wrong_password_is_unauthorized_in_the_servers_words(gns3):
    async def go():
        async with ControllerClient(gns3.url) as client:
            await client.authenticate(gns3.username, "not-the-password")

    with pytest.raises(Unauthorized, match="Authentication was unsuccessful"):
        run(go())


def test_no_token_and_garbage_token_are_unauthorized(gns3):
    async def go(token):
        async with ControllerClient(gns3.url, token=token) as client:
            await client.projects()

    for token in (None, "garbage.token.value"):
        with pytest.raises(Unauthorized):
            run(go(token))


def test_close_open_nodes_and_notifications(gns3):
    async def go():
        async with ControllerClient(gns3.url) as client:
            await client.authenticate(gns3.username, gns3.password)
            seen: list[tuple[str, str]] = []

            async def listen():
                async for note in client.controller_notifications():
                    if note.project is not None:
                        seen.append((note.action, note.project.status))

            listener = asyncio.create_task(listen())
            await asyncio.sleep(0.5)  # the stream is open before anything changes
            await client.close_project(gns3.project_id)
            closed = await client.project(gns3.project_id)
            opened = await client.open_project(gns3.project_id)
            nodes = await client.nodes(gns3.project_id)
            for _ in range(100):
                if ("project.opened", "opened") in seen:
                    break
                await asyncio.sleep(0.1)
            listener.cancel()
            return closed, opened, nodes, seen

    closed, opened, nodes, seen = run(go())
    assert closed.status == "closed" and opened.is_opened and nodes == []
    assert ("project.closed", "closed") in seen and ("project.opened", "opened") in seen


def test_project_notifications_stream_is_readable(gns3):
    async def go():
        async with ControllerClient(gns3.url) as client:
            await client.authenticate(gns3.username, gns3.password)
            notes = []

            async def listen():
                async for note in client.project_notifications(gns3.project_id):
                    notes.append(note)

            listener = asyncio.create_task(listen())
            await asyncio.sleep(0.5)
            token = client.token
            async with httpx.AsyncClient() as raw:
                await raw.post(
                    f"{gns3.url}/v3/projects/{gns3.project_id}/drawings",
                    json={"svg": '<svg height="10" width="10"></svg>', "x": 1, "y": 2},
                    headers={"Authorization": f"Bearer {token}"},
                )
            for _ in range(100):
                if any(n.action == "drawing.created" for n in notes):
                    break
                await asyncio.sleep(0.1)
            listener.cancel()
            return notes

    assert any(n.action == "drawing.created" for n in run(go()))


def test_unknown_and_malformed_project_ids(gns3):
    async def go():
        async with ControllerClient(gns3.url) as client:
            await client.authenticate(gns3.username, gns3.password)
            with pytest.raises(NotFound, match="doesn't exist"):
                await client.open_project("00000000-0000-0000-0000-000000001234")
            with pytest.raises(ValidationFailed) as info:
                await client.project("not-a-uuid")
            return info.value

    error = run(go())
    assert error.fields == ["project_id"] and "Traceback" not in error.message


def test_this_controller_has_no_copilot(gns3):
    async def go():
        async with ControllerClient(gns3.url) as client:
            await client.authenticate(gns3.username, gns3.password)
            caps = await client.capabilities()
            with pytest.raises(CopilotMissing, match="no AI Copilot"):
                async for _ in client.stream_chat(gns3.project_id, ChatRequest(message="hello")):
                    pass
            return caps

    caps = run(go())
    assert caps.version == "3.0.6" and caps.copilot == "absent"
    assert caps.describe() == "GNS3 3.0.6: this controller has no AI Copilot"
