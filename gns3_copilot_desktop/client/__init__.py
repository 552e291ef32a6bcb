"""The async client of a GNS3 controller: httpx + httpx-sse, no Qt."""

from .capabilities import Capabilities
from .controller import ControllerClient
from .errors import (
    Conflict,
    ControllerError,
    CopilotMissing,
    CopilotUnavailable,
    LLMNotConfigured,
    NotFound,
    ProjectNotOpened,
    ProtocolError,
    ServerError,
    Unauthorized,
    Unreachable,
    UntrustedCertificate,
    ValidationFailed,
)
from .token import token_expiry, token_needs_renewal

__all__ = [name for name in dir() if not name.startswith("_")]
