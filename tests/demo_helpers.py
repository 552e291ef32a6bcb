"""Helpers for tests that talk to the reference controller."""

from __future__ import annotations

from gns3_copilot_desktop.client import ControllerClient
from gns3_copilot_desktop.protocol import ChatRequest, Transcript


async def signed_in(controller, **options) -> ControllerClient:
    creds = controller.credentials
    client = ControllerClient(creds.url, **options)
    await client.authenticate(creds.username, creds.password)
    return client


async def project_id(client: ControllerClient, name: str = "OSPF Lab") -> str:
    return next(p.project_id for p in await client.projects() if p.name == name)


async def chat(client: ControllerClient, project: str, message: str, **request) -> tuple[list, Transcript]:
    """One turn, folded into a transcript the way the window does."""
    chat_request = ChatRequest(message=message, **request)
    caps = await client.capabilities()
    transcript = Transcript()
    transcript.begin_turn(
        message, max_iterations=chat_request.max_iterations, max_tool_calls=chat_request.max_tool_calls,
        enforced_by=caps.limits_enforced_by,
    )
    events = []
    async for event in client.stream_chat(project, chat_request):
        events.append(event)
        transcript.apply(event)
    return events, transcript
