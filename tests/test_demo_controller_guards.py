"""The reference controller stays safe to leave running: bodies are limited, the
requests it keeps are few and short, and no token reaches its logs."""

from __future__ import annotations

import logging

import httpx

from gns3_copilot_desktop.controller_sim import DemoController
from gns3_copilot_desktop.controller_sim.guards import MAX_BODY_BYTES
from gns3_copilot_desktop.controller_sim.state import KEPT_MESSAGE_CHARS, KEPT_REQUESTS


def _token(http: httpx.Client, demo) -> str:
    creds = demo.credentials
    return http.post("/v3/access/users/authenticate", json={"username": creds.username, "password": creds.password}).json()["access_token"]


def test_a_huge_body_gets_413_and_is_not_kept(demo):
    with httpx.Client(base_url=demo.url, timeout=30) as http:
        token = _token(http, demo)
        headers = {"Authorization": f"Bearer {token}"}
        project = http.get("/v3/projects", headers=headers).json()[0]["project_id"]
        big = {"message": "x" * (MAX_BODY_BYTES + 10)}
        answer = http.post(f"/v3/copilot/projects/{project}/chat/stream", json=big, headers=headers)
        assert answer.status_code == 413 and "too large" in answer.json()["message"]

        def chunks():
            yield b'{"message": "'
            for _ in range(MAX_BODY_BYTES // 65536 + 2):
                yield b"y" * 65536
            yield b'"}'

        answer = http.post(f"/v3/copilot/projects/{project}/chat/stream", content=chunks(),
                           headers={**headers, "content-type": "application/json"})
        assert answer.status_code == 413
        assert demo.state.chat_requests == []


def test_the_controller_keeps_only_the_last_requests_cut_short(demo):
    for n in range(KEPT_REQUESTS + 20):
        demo.state.remember_request({"message": f"{n} " + "z" * (KEPT_MESSAGE_CHARS * 2)})
    kept = demo.state.chat_requests
    assert len(kept) == KEPT_REQUESTS and kept[-1]["message"].startswith(f"{KEPT_REQUESTS + 19} ")
    assert all(len(r["message"]) <= KEPT_MESSAGE_CHARS + 1 for r in kept)


def test_no_token_in_the_access_log():
    records: list[str] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            records.append(record.getMessage())

    handler = Keep()
    demo = DemoController(log_level="info")  # uvicorn sets up its loggers here
    logging.getLogger("uvicorn.access").addHandler(handler)
    try:
        with demo, httpx.Client(base_url=demo.url, timeout=10) as http:
            token = _token(http, demo)
            assert http.get("/v3/projects", params={"token": token}).status_code == 200
    finally:
        logging.getLogger("uvicorn.access").removeHandler(handler)
    assert any("/v3/projects?token=[redacted]" in line for line in records)
    assert not any(token in line for line in records)
