"""The async client of a GNS3 controller: httpx + httpx-sse, no Qt.

Names are loaded on first use (PEP 562): the presenter needs the error classes before
the sign-in dialog is up, and httpx and the wire models (pydantic) are loaded after it.
"""

from __future__ import annotations

from .._lazy import lazy_attributes

_WHERE = {
    "capabilities": ["Capabilities"],
    "controller": ["ControllerClient"],
    "errors": [
        "Conflict", "ControllerError", "CopilotMissing", "CopilotUnavailable", "LLMNotConfigured", "NotFound",
        "ProjectNotOpened", "ProtocolError", "ServerError", "Unauthorized", "Unreachable", "UntrustedCertificate",
        "ValidationFailed",
    ],
    "token": ["token_expiry", "token_needs_renewal"],
}
_MODULE_OF = {name: module for module, names in _WHERE.items() for name in names}
__all__ = sorted(_MODULE_OF)


__getattr__ = lazy_attributes(__name__, _MODULE_OF, globals())
