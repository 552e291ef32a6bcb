"""The words of two common mistakes: a URL of a web server that is not GNS3, and
https:// against a plain http port. Real servers on 127.0.0.1."""

from __future__ import annotations

import http.server
import threading

import pytest
from conftest import run

from gns3_copilot_desktop.client import ControllerClient, ControllerError


@pytest.fixture
def web_server():
    """Any web server: HTML pages, 404 for what it does not have."""

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802
            self.send_response(404)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(b"<html><body>Not here</body></html>")

        do_POST = do_GET  # noqa: N815

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


async def failure(url: str, call) -> str:
    async with ControllerClient(url) as client:
        with pytest.raises(ControllerError) as caught:
            await call(client)
    return caught.value.message


def test_a_web_server_that_is_not_gns3_is_called_so(web_server):
    url = f"http://{web_server}"
    assert run(failure(url, lambda c: c.authenticate("admin", "x"))) .startswith(f"The server at {url} is not a GNS3 controller")
    assert "is not a GNS3 controller" in run(failure(url, lambda c: c.version()))


def test_https_against_an_http_port_says_so(web_server):
    message = run(failure(f"https://{web_server}", lambda c: c.version()))
    assert message == f"The server at https://{web_server} does not speak https on this port. Try http://{web_server}."
