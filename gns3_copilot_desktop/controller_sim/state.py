"""Everything the reference controller knows, shared by its routes."""

from __future__ import annotations

import asyncio
import uuid
from dataclasses import dataclass, field
from typing import Any

from fastapi import Request
from fastapi.responses import JSONResponse

from .auth import Auth
from .engine import TurnSettings
from .hub import Hub
from .lab import Lab
from .sessions import SessionStore

DEMO_PROJECTS = [
    # name, routers in the lab, opened at start
    ("OSPF Lab", 4, True),
    ("校园网 Campus Network", 2, False),
    ("Sandbox", 0, False),
]


KEPT_REQUESTS = 100
KEPT_MESSAGE_CHARS = 4096


class ControllerError(Exception):
    """An error answered in the GNS3 server's own shape: `{"message": ...}`."""

    def __init__(self, status: int, message: str, headers: dict[str, str] | None = None):
        self.status = status
        self.message = message
        self.headers = headers
        super().__init__(message)


def error_response(_: Request, exc: ControllerError) -> JSONResponse:
    return JSONResponse({"message": exc.message}, status_code=exc.status, headers=exc.headers)


@dataclass
class DemoProject:
    project_id: str
    name: str
    status: str
    lab: Lab

    def as_json(self) -> dict[str, Any]:
        return {
            "name": self.name, "project_id": self.project_id,
            "path": f"/demo/projects/{self.project_id}", "filename": f"{self.name}.gns3",
            "status": self.status, "auto_close": False, "auto_open": False, "auto_start": False,
            "scene_height": 1000, "scene_width": 2000, "zoom": 100, "variables": None,
            "supplier": None, "created_by": "admin",
        }


@dataclass
class ControllerState:
    auth: Auth
    settings: TurnSettings
    hub: Hub
    sessions: SessionStore = field(default_factory=SessionStore)
    projects: dict[str, DemoProject] = field(default_factory=dict)
    running: dict[tuple[str, str], asyncio.Event] = field(default_factory=dict)
    # The last chat requests' bodies, so tests can see what a client really sent:
    # a few, messages cut short, so a long-running controller does not grow.
    chat_requests: list[dict[str, Any]] = field(default_factory=list)
    llm: Any = None  # the LLMConfigStore, set by create_app
    abort_requests: list[str] = field(default_factory=list)  # session ids, for tests

    def llm_config(self) -> dict[str, Any]:
        """The configuration a chat uses; the real server's 400 when there is none."""
        config = self.llm.effective_default() if self.llm is not None else None
        if config is None:
            raise ControllerError(400, "LLM configuration not found. Please configure your LLM settings first.")
        return config

    def remember_request(self, body: dict[str, Any]) -> None:
        message = body.get("message")
        if isinstance(message, str) and len(message) > KEPT_MESSAGE_CHARS:
            body = {**body, "message": message[:KEPT_MESSAGE_CHARS] + "…"}
        self.chat_requests.append(body)
        del self.chat_requests[:-KEPT_REQUESTS]

    def __post_init__(self) -> None:
        for name, routers, opened in DEMO_PROJECTS:
            project_id = str(uuid.uuid5(uuid.NAMESPACE_URL, f"gns3-demo/{name}"))
            self.projects[project_id] = DemoProject(
                project_id, name, "opened" if opened else "closed", Lab(project_id, routers)
            )

    def seed_bench_history(self, messages: int = 2000) -> str:
        """A session 'bench-history-N' of N messages in the first project, for the
        history benchmark: every turn is a question, a tool call, its result and an answer."""
        from .workloads import BENCH_HISTORY_SESSION, seed_history

        project = next(iter(self.projects.values()))
        session = self.sessions.get_or_create(project.project_id, self.auth.user_id, f"{BENCH_HISTORY_SESSION}-{messages}")
        if not session.messages:
            seed_history(session, messages, tool_calls=messages // 4)
        return session.thread_id

    def project(self, project_id: str) -> DemoProject:
        project = self.projects.get(project_id)
        if project is None:
            raise ControllerError(404, f"Project ID {project_id} doesn't exist")
        return project

    def opened_project(self, project_id: str, what: str) -> DemoProject:
        project = self.project(project_id)
        if project.status != "opened":
            raise ControllerError(403, f"Project must be opened to {what}. Current status: {project.status}")
        return project

    def set_status(self, project: DemoProject, status: str) -> None:
        if project.status != status:
            project.status = status
            self.hub.publish("controller", f"project.{status}", project.as_json())
