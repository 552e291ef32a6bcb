"""The embedded reference controller: the runtime-limits design, served for real.

A FastAPI app on 127.0.0.1 with the GNS3 server's routes that the desktop app uses and
a Copilot whose LLM is a deterministic script over a simulated lab. Needs the `demo`
extra (FastAPI, uvicorn, PyJWT).
"""

from .server import Credentials, DemoController

__all__ = ["Credentials", "DemoController"]
