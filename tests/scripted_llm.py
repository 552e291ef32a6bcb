"""A scripted "model": an OpenAI-compatible chat-completions server on 127.0.0.1.

The real Copilot server calls `POST {base_url}/chat/completions` with `"stream": true`
and the tools of its mode. This server answers each such call with the next reply of a
SCRIPT, streamed as OpenAI streams it:

- `Text("...")`: `delta.content` pieces, then `finish_reason: "stop"`;
- `Tools(Call(name, args), ...)`: for each call, a first piece with its index, id, type
  and name (empty arguments), then the JSON arguments in pieces; `finish_reason:
  "tool_calls"`.

`pace_s` is the pause between chunks (0 for speed, 0.02-0.05 s for a realistic model).
When the script runs out, the answer is the text "done".

The server also asks for a chat title with a separate short request that offers no
tools: it gets a fixed title (`TITLE`) and does not use up the script.

Every request is logged (`LLMRequest`: when, messages, tool names offered, title or not),
so that a test can tell how many times the model was called and which tool results came
back to it (`role: tool` messages).
"""

from __future__ import annotations

import itertools
import json
import sys
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

TITLE = "Scripted chat title"


@dataclass(frozen=True)
class Text:
    text: str
    # Pieces of this many characters (a model streams a few characters a chunk).
    piece: int = 8


@dataclass(frozen=True)
class Call:
    name: str
    args: dict[str, Any] = field(default_factory=dict)
    id: str | None = None  # None: a fresh `call_…` id


@dataclass(frozen=True, init=False)
class Tools:
    """One model answer asking for these calls, in this order (a batch)."""

    calls: tuple[Call, ...]
    piece: int = 6

    def __init__(self, *calls: Call, piece: int = 6) -> None:
        object.__setattr__(self, "calls", tuple(calls))
        object.__setattr__(self, "piece", piece)


Reply = Text | Tools


@dataclass
class LLMRequest:
    at: float  # time.monotonic() when the request arrived
    messages: list[dict[str, Any]]
    tools: list[str]  # names of the tools offered
    is_title: bool
    reply: Reply | None = None  # what the script answered (None for a title)

    @property
    def tool_results(self) -> list[dict[str, Any]]:
        """The `role: tool` messages the model was sent (results of tools that ran)."""
        return [m for m in self.messages if m.get("role") == "tool"]


def _pieces(text: str, size: int) -> list[str]:
    return [text[i:i + size] for i in range(0, len(text), size)] or [""]


def _is_title_request(body: dict[str, Any]) -> bool:
    # Agent calls always offer the mode's tools; the title request offers none.
    return not body.get("tools")


class _QuietServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        # The Copilot drops idle keep-alive connections: not worth a traceback.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


class ScriptedLLM:
    """Start with `.start()`, point the Copilot at `.base_url`, `.stop()` at the end."""

    def __init__(self, script: list[Reply] | None = None, *, pace_s: float = 0.0) -> None:
        self.script: list[Reply] = list(script or [])
        self.pace_s = pace_s
        self.requests: list[LLMRequest] = []
        self._lock = threading.Lock()
        self._ids = itertools.count(1)
        self._httpd = _QuietServer(("127.0.0.1", 0), self._handler())
        self._thread: threading.Thread | None = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self._httpd.server_address[1]}/v1"

    @property
    def agent_requests(self) -> list[LLMRequest]:
        """The model's calls made by the agent (title requests left out)."""
        return [r for r in self.requests if not r.is_title]

    def start(self) -> "ScriptedLLM":
        self._thread = threading.Thread(target=self._httpd.serve_forever, name="scripted-llm", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()
        if self._thread:
            self._thread.join(5)

    def _next_reply(self, body: dict[str, Any]) -> LLMRequest:
        is_title = _is_title_request(body)
        with self._lock:
            reply: Reply | None = None
            if not is_title:
                reply = self.script.pop(0) if self.script else Text("done")
            request = LLMRequest(
                at=time.monotonic(),
                messages=list(body.get("messages") or []),
                tools=[t.get("function", {}).get("name", "") for t in body.get("tools") or []],
                is_title=is_title,
                reply=reply,
            )
            self.requests.append(request)
        return request

    def _chunks(self, reply: Reply) -> list[tuple[dict[str, Any], str | None]]:
        """(delta, finish_reason) pairs, in the order OpenAI streams them."""
        if isinstance(reply, Text):
            out: list[tuple[dict[str, Any], str | None]] = [({"role": "assistant", "content": ""}, None)]
            out += [({"content": p}, None) for p in _pieces(reply.text, reply.piece)]
            return out + [({}, "stop")]
        out = [({"role": "assistant", "content": None}, None)]
        for index, call in enumerate(reply.calls):
            call_id = call.id or f"call_{next(self._ids):04d}"
            out.append(({"tool_calls": [{"index": index, "id": call_id, "type": "function",
                                         "function": {"name": call.name, "arguments": ""}}]}, None))
            for piece in _pieces(json.dumps(call.args), reply.piece):
                out.append(({"tool_calls": [{"index": index, "function": {"arguments": piece}}]}, None))
        return out + [({}, "tool_calls")]

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        llm = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:  # keep test output clean
                pass

            def do_GET(self) -> None:  # /v1/models, if a client asks
                self._json(200, {"object": "list", "data": [{"id": "any", "object": "model"}]})

            def do_POST(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                try:
                    body = json.loads(self.rfile.read(length) or b"{}")
                except ValueError:
                    self._json(400, {"error": {"message": "body is not JSON"}})
                    return
                if not self.path.rstrip("/").endswith("/chat/completions"):
                    self._json(404, {"error": {"message": f"no route {self.path}"}})
                    return
                request = llm._next_reply(body)
                reply = Text(TITLE) if request.reply is None else request.reply
                if body.get("stream"):
                    self._stream(reply, body.get("model", "any"))
                else:
                    self._whole(reply, body.get("model", "any"))

            def _json(self, status: int, obj: Any) -> None:
                data = json.dumps(obj).encode()
                self.send_response(status)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def _whole(self, reply: Reply, model: str) -> None:
                message: dict[str, Any] = {"role": "assistant", "content": None}
                finish = "stop"
                if isinstance(reply, Text):
                    message["content"] = reply.text
                else:
                    finish = "tool_calls"
                    message["tool_calls"] = [
                        {"id": c.id or f"call_{next(llm._ids):04d}", "type": "function",
                         "function": {"name": c.name, "arguments": json.dumps(c.args)}} for c in reply.calls]
                self._json(200, {"id": "chatcmpl-scripted", "object": "chat.completion", "created": int(time.time()),
                                 "model": model, "choices": [{"index": 0, "message": message, "finish_reason": finish}],
                                 "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}})

            def _stream(self, reply: Reply, model: str) -> None:
                self.send_response(200)
                self.send_header("content-type", "text/event-stream")
                self.send_header("transfer-encoding", "chunked")
                self.end_headers()
                try:
                    for n, (delta, finish) in enumerate(llm._chunks(reply)):
                        if n and llm.pace_s:
                            time.sleep(llm.pace_s)
                        chunk = {"id": "chatcmpl-scripted", "object": "chat.completion.chunk",
                                 "created": int(time.time()), "model": model,
                                 "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}
                        self._send(f"data: {json.dumps(chunk)}\n\n")
                    self._send("data: [DONE]\n\n")
                    self.wfile.write(b"0\r\n\r\n")
                    self.wfile.flush()
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the Copilot hung up (an abort): nothing more to send

            def _send(self, text: str) -> None:
                data = text.encode()
                self.wfile.write(f"{len(data):x}\r\n".encode() + data + b"\r\n")
                self.wfile.flush()

        return Handler
