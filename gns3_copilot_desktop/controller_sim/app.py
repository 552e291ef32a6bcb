"""The reference controller's FastAPI app: the GNS3 server's routes the desktop app
uses, plus the Copilot with the runtime-limits design implemented."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs

from fastapi import Body, FastAPI, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, StreamingResponse

from .. import __version__
from . import copilot, llm_configs
from .auth import Auth
from .engine import TurnSettings
from .guards import BodyLimit
from .hub import Hub
from .state import ControllerError, ControllerState, error_response

CONTROLLER_VERSION = "3.1.0-demo"


def validation_response(_: Request, exc: RequestValidationError) -> JSONResponse:
    """422 in the GNS3 server's shape: one string with a repr of each error."""
    errors = exc.errors()
    lines = []
    for error in errors:
        shown = {k: error[k] for k in ("type", "loc", "msg", "input") if k in error}
        shown["loc"] = tuple(shown.get("loc", ()))
        lines.append(f"  {shown!r}")
    count = len(errors)
    text = f"{count} validation error{'s' if count != 1 else ''}:\n" + "\n".join(lines)
    return JSONResponse({"message": text}, status_code=422)


def create_app(
    *,
    auth: Auth | None = None,
    pace_s: float = 0.0,
    heartbeat_s: float = 3.0,
    ping_s: float = 5.0,
    behave: str = "design",
) -> FastAPI:
    auth = auth or Auth()
    state = ControllerState(auth, TurnSettings(pace_s, heartbeat_s, behave=behave), Hub(ping_s))
    state.llm = llm_configs.LLMConfigStore(auth.user_id)
    state.llm.seed()
    app = FastAPI(title="GNS3 controller API (reference Copilot)", version=__version__)
    app.state.controller = state
    app.add_middleware(BodyLimit)
    app.add_exception_handler(ControllerError, error_response)  # type: ignore[arg-type]
    app.add_exception_handler(RequestValidationError, validation_response)  # type: ignore[arg-type]

    def authenticated(request: Request) -> str:
        header = request.headers.get("authorization", "")
        scheme, _, token = header.partition(" ")
        if not token or scheme.lower() != "bearer":
            token = request.query_params.get("token", "")
        if not token:
            raise ControllerError(401, "Not authenticated", {"www-authenticate": "Bearer"})
        refused = auth.verify(token)
        if refused:
            raise ControllerError(401, refused, {"www-authenticate": "Bearer"})
        return auth.username

    def token_for(username: str, password: str) -> dict[str, str]:
        if not auth.check_password(username, password):
            raise ControllerError(401, "Authentication was unsuccessful.", {"www-authenticate": "Bearer"})
        return {"access_token": auth.issue(), "token_type": "bearer"}

    from fastapi import Depends

    user = Depends(authenticated)

    @app.get("/v3/version")
    async def version() -> dict[str, Any]:
        return {"controller_host": "127.0.0.1", "version": CONTROLLER_VERSION, "local": False}

    @app.post("/v3/access/users/authenticate")
    async def authenticate(username: str = Body(...), password: str = Body(...)) -> dict[str, str]:
        return token_for(username, password)

    @app.post("/v3/access/users/login")
    async def login(request: Request) -> dict[str, str]:
        # The OAuth2 password form, read by hand to need no form-parsing package.
        form = parse_qs((await request.body()).decode("utf-8", "replace"))
        return token_for(form.get("username", [""])[0], form.get("password", [""])[0])

    @app.get("/v3/access/users/me", dependencies=[user])
    async def me() -> dict[str, Any]:
        return auth.user()

    @app.get("/v3/projects", dependencies=[user])
    async def projects() -> list[dict[str, Any]]:
        return [p.as_json() for p in state.projects.values()]

    @app.get("/v3/projects/{project_id}", dependencies=[user])
    async def project(project_id: str) -> dict[str, Any]:
        return state.project(project_id).as_json()

    @app.post("/v3/projects/{project_id}/open", status_code=201, dependencies=[user])
    async def open_project(project_id: str) -> dict[str, Any]:
        project = state.project(project_id)
        state.set_status(project, "opened")
        return project.as_json()

    @app.post("/v3/projects/{project_id}/close", status_code=204, dependencies=[user])
    async def close_project(project_id: str) -> Response:
        state.set_status(state.project(project_id), "closed")
        return Response(status_code=204)

    @app.get("/v3/projects/{project_id}/nodes", dependencies=[user])
    async def nodes(project_id: str) -> list[dict[str, Any]]:
        lab = state.project(project_id).lab
        return [d.as_node(project_id) for d in lab.devices.values()]

    @app.get("/v3/projects/{project_id}/links", dependencies=[user])
    async def links(project_id: str) -> list[dict[str, Any]]:
        lab = state.project(project_id).lab
        return [
            {"project_id": project_id, "nodes": [{"node": a, "port": ai}, {"node": b, "port": bi}]}
            for a, ai, b, bi in lab.links
        ]

    @app.get("/v3/notifications", dependencies=[user])
    async def notifications() -> StreamingResponse:
        return StreamingResponse(state.hub.stream("controller"), media_type="application/json")

    @app.get("/v3/projects/{project_id}/notifications", dependencies=[user])
    async def project_notifications(project_id: str) -> StreamingResponse:
        state.project(project_id)
        return StreamingResponse(state.hub.stream(f"project:{project_id}"), media_type="application/json")

    app.include_router(llm_configs.router(state.llm, authenticated))
    app.include_router(copilot.router(state, authenticated))
    return app
