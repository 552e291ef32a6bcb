"""Typed errors of the controller client, each with a sentence a user can read.

The controller's own words come first (`message`, else `detail`); the class says what
kind of trouble it is so the window can offer the right way out (sign in again, open
the project, configure the LLM...).

The controller's words stay as it wrote them; the app's own (a class's
`default_message`, the sentences made here) are in the user's language, translated when
the error is made: the class attributes are read at import, before a translator exists.
"""

from __future__ import annotations

from typing import Any

from ..protocol.error_bodies import error_text, validation_errors
from ..protocol.translation import QT_TRANSLATE_NOOP, translate


class ControllerError(Exception):
    """Anything that went wrong talking to the controller."""

    default_message = QT_TRANSLATE_NOOP("ErrorWords", "The controller answered with an error.")

    def __init__(self, message: str | None = None, *, status: int | None = None, body: Any = None):
        self.message = message or translate("ErrorWords", self.default_message)
        self.status = status
        self.body = body
        super().__init__(self.message)


class Unreachable(ControllerError):
    default_message = QT_TRANSLATE_NOOP("ErrorWords", "The controller cannot be reached.")


class UntrustedCertificate(Unreachable):
    """https with a certificate the system does not trust (self-signed, own CA): the
    window shows it and lets the user trust it for this controller, never silently."""

    default_message = QT_TRANSLATE_NOOP("ErrorWords", "The controller's certificate is not trusted.")


class Unauthorized(ControllerError):
    default_message = QT_TRANSLATE_NOOP("ErrorWords", "The controller did not accept the sign-in. Please sign in again.")


class ProjectNotOpened(ControllerError):
    default_message = QT_TRANSLATE_NOOP("ErrorWords", "The project must be opened before its Copilot can be used.")


class LLMNotConfigured(ControllerError):
    default_message = QT_TRANSLATE_NOOP("ErrorWords", "The Copilot has no LLM configured on this controller.")


class CopilotMissing(ControllerError):
    default_message = QT_TRANSLATE_NOOP("ErrorWords", "This controller has no AI Copilot.")


class CopilotUnavailable(ControllerError):
    default_message = QT_TRANSLATE_NOOP("ErrorWords", "The Copilot is installed on this controller but not available.")


class NotFound(ControllerError):
    default_message = QT_TRANSLATE_NOOP("ErrorWords", "The controller does not know this item.")


class ValidationFailed(ControllerError):
    default_message = QT_TRANSLATE_NOOP("ErrorWords", "The controller refused a value.")

    @property
    def fields(self) -> list[str]:
        return [field for field, _ in validation_errors(self.body)]


class Conflict(ControllerError):
    default_message = QT_TRANSLATE_NOOP("ErrorWords", "Someone else changed this item in the meantime.")


class ProtocolError(ControllerError):
    default_message = QT_TRANSLATE_NOOP("ErrorWords", "The controller answered in a way this app does not understand.")


class ServerError(ControllerError):
    default_message = QT_TRANSLATE_NOOP("ErrorWords", "The controller failed while answering.")


def error_for_status(status: int, body: Any, *, chat_route: bool = False) -> ControllerError:
    """The typed error for an HTTP error answer."""
    text = error_text(body)
    if status == 401:
        return Unauthorized(text or None, status=status, body=body)
    if status == 403:
        lowered = text.lower()
        if "project" in lowered and ("open" in lowered or "closed" in lowered) or chat_route:
            return ProjectNotOpened(text or None, status=status, body=body)
        return ControllerError(text or translate("ErrorWords", "Access denied by the controller."), status=status, body=body)
    if status == 400 and "llm" in text.lower():
        return LLMNotConfigured(text or None, status=status, body=body)
    if status == 404:
        # A route the server does not have answers FastAPI's bare "Not Found".
        if chat_route and (not text or text == "Not Found"):
            return CopilotMissing(status=status, body=body)
        return NotFound(text or None, status=status, body=body)
    if status == 409:
        return Conflict(text or None, status=status, body=body)
    if status == 501:
        return CopilotUnavailable(text or None, status=status, body=body)
    if status == 422:
        return ValidationFailed(text or None, status=status, body=body)
    if status >= 500:
        return ServerError(
            translate("ErrorWords", "The controller failed while answering (HTTP {status}): {text}").format(
                status=status, text=text
            ) if text else None,
            status=status,
            body=body,
        )
    fallback = translate("ErrorWords", "The controller answered HTTP {status}.").format(status=status)
    return ControllerError(text or fallback, status=status, body=body)
