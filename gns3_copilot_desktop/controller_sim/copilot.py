"""The Copilot routes, under `/v3/copilot/projects/{project_id}/chat`, as the contract says."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any, ClassVar

from fastapi import APIRouter, Depends, Query, Request, Response
from fastapi.responses import JSONResponse, StreamingResponse
from pydantic import BaseModel, ConfigDict, Field

from ..protocol import models, practice
from .agent import plan
from .engine import RawChunk, Turn, TurnSettings
from .faults import Faults
from .injection import plan_injection
from .state import ControllerError, ControllerState


class ChatRequest(models.ChatRequest):
    """The runtime-limits design's request: unknown fields are ignored, as upstream."""

    model_config = ConfigDict(extra="ignore", title="ChatRequest")

    temperature: float | None = Field(default=None, description="Reserved; not used.")


class Upstream:
    class ChatRequest(BaseModel):
        """Today's real Copilot request: no limit fields, so clients see from the OpenAPI
        document that they must enforce the limits themselves; unknown fields ignored.
        (Named ChatRequest, as upstream's schema is.)"""

        model_config = ConfigDict(extra="ignore", title="ChatRequest")

        message: str = Field(min_length=1)
        session_id: str | None = None
        stream: bool = True
        mode: str = "text"
        temperature: float | None = Field(default=None, description="Reserved; not used.")
        max_iterations: ClassVar[None] = None
        max_tool_calls: ClassVar[None] = None
        max_execution_time_seconds: ClassVar[None] = None
        tool_limits: ClassVar[None] = None


class InjectRequest(practice.InjectRequest):
    model_config = ConfigDict(extra="ignore", title="ChatRequest")

    message: str  # required, as upstream, but may be empty ("inject a fault")
    temperature: float | None = Field(default=None, description="Reserved; not used.")


class DropConnection(Exception):
    """The `drop-after` fault: ends the response without finishing the body."""


def router(state: ControllerState, authenticated: Any) -> APIRouter:
    api = APIRouter(prefix="/v3/copilot/projects/{project_id}/chat", dependencies=[Depends(authenticated)])
    user_id = state.auth.user_id
    practice_mode = "troubleshooting_injection"

    def session_or_404(project_id: str, session_id: str):
        session = state.sessions.get(project_id, user_id, session_id)
        if session is None:
            raise ControllerError(404, f"Session '{session_id}' not found")
        return session

    async def stream_chat(project_id: str, body: ChatRequest, request: Request) -> Response:
        project = state.opened_project(project_id, "use chat")
        mode = state.llm_config()["config"].get("copilot_mode") or "teaching_assistant"
        return run_turn(project, body, request, mode, plan)

    @api.post("/inject", summary="Inject a network fault for troubleshooting practice")
    async def inject(project_id: str, body: InjectRequest, request: Request) -> Response:
        project = state.opened_project(project_id, "use fault injection")
        state.llm_config()  # no LLM configured: the same 400 as a chat
        body.message = body.message or "Inject a network fault for troubleshooting practice"
        return run_turn(project, body, request, practice_mode, plan_injection)

    def run_turn(project, body, request: Request, mode: str, planner) -> Response:
        project_id = project.project_id
        header = request.headers.get("x-demo-fault")
        faults = Faults.parse(header) if header else state.settings.faults
        state.remember_request(body.model_dump(exclude_none=True))
        if faults.http_500:
            return JSONResponse({"message": "Internal server error (demo fault switch http-500)"}, status_code=500)
        session = state.sessions.get_or_create(project_id, user_id, body.session_id, mode)
        key = (project_id, session.thread_id)
        abort = asyncio.Event()
        state.running[key] = abort
        settings = TurnSettings(state.settings.pace_s, state.settings.heartbeat_s, faults, state.settings.behave)
        turn = Turn(
            lab=project.lab, session=session, message=body.message,
            max_iterations=body.max_iterations, max_tool_calls=body.max_tool_calls,
            max_seconds=body.max_execution_time_seconds, tool_limits=body.tool_limits,
            settings=settings, abort=abort,
            on_node_change=lambda node: state.hub.publish(f"project:{project_id}", "node.updated", node),
            mode=mode, planner=planner,
        )

        async def events() -> AsyncIterator[bytes]:
            sent = 0
            try:
                if faults.stall_s:
                    await asyncio.sleep(faults.stall_s)
                async for event in turn.events():
                    if faults.drop_after is not None and sent >= faults.drop_after:
                        raise DropConnection()
                    yield event if isinstance(event, RawChunk) else _sse(event)
                    sent += 1
                    if sent == 1 and faults.malformed:
                        yield b"data: {this is not json\n\n"
                    if sent == 1 and faults.unknown_event:
                        yield _sse({"type": "thinking", "content": "hmm", "session_id": session.thread_id})
            finally:
                if state.running.get(key) is abort:
                    del state.running[key]

        return StreamingResponse(
            events(), media_type="text/event-stream; charset=utf-8",
            headers={"cache-control": "no-cache", "x-accel-buffering": "no"},
        )

    # The body's model decides what the OpenAPI document says the controller knows.
    stream_chat.__annotations__["body"] = Upstream.ChatRequest if state.settings.upstream else ChatRequest
    api.post("/stream", summary="Stream chat responses from GNS3 Copilot")(stream_chat)

    @api.get("/sessions")
    async def list_sessions(project_id: str, copilot_mode: str | None = None) -> list[dict[str, Any]]:
        state.opened_project(project_id, "access chat sessions")
        sessions = state.sessions.listing(project_id, user_id)
        return [s.as_json() for s in sessions if copilot_mode is None or s.copilot_mode == copilot_mode]

    @api.get("/sessions/{session_id}/history")
    async def history(project_id: str, session_id: str, limit: int | None = Query(default=None, ge=1)) -> dict[str, Any]:
        state.opened_project(project_id, "access chat sessions")
        session = state.sessions.get(project_id, user_id, session_id)
        if session is None:
            return {"thread_id": session_id, "title": "New Conversation", "messages": [],
                    "created_at": None, "updated_at": None, "llm_calls": 0}
        return session.history(limit)

    @api.patch("/sessions/{session_id}")
    async def rename(project_id: str, session_id: str, body: models.RenameSession) -> dict[str, Any]:
        state.opened_project(project_id, "access chat sessions")
        session = session_or_404(project_id, session_id)
        session.title = body.title
        return session.as_json()

    @api.delete("/sessions/{session_id}", status_code=204)
    async def delete(project_id: str, session_id: str) -> Response:
        state.opened_project(project_id, "access chat sessions")
        if not state.sessions.delete(project_id, user_id, session_id):
            raise ControllerError(404, f"Session '{session_id}' not found")
        return Response(status_code=204)

    def set_pinned(project_id: str, session_id: str, pinned: bool) -> dict[str, Any]:
        state.opened_project(project_id, "access chat sessions")
        session = session_or_404(project_id, session_id)
        session.pinned = pinned
        return session.as_json()

    @api.put("/sessions/{session_id}/pin")
    async def pin(project_id: str, session_id: str) -> dict[str, Any]:
        return set_pinned(project_id, session_id, True)

    @api.delete("/sessions/{session_id}/pin")
    async def unpin(project_id: str, session_id: str) -> dict[str, Any]:
        return set_pinned(project_id, session_id, False)

    @api.post("/sessions/{session_id}/abort")
    async def abort(project_id: str, session_id: str) -> dict[str, Any]:
        state.opened_project(project_id, "use chat")
        state.abort_requests.append(session_id)
        running = state.running.get((project_id, session_id))
        if running is not None:
            running.set()
        return {"status": "ok", "session_id": session_id}

    return api


def _sse(event: dict[str, Any]) -> bytes:
    return f"data: {json.dumps(event, ensure_ascii=False)}\n\n".encode()
