"""The one place that turns user intents into controller calls, and controller events
into state the window shows. Qt-aware (signals, a frame timer) and async (qasync).

One class, put together from one module per concern."""

from __future__ import annotations

from .base import PresenterBase
from .chats import ChatsMixin
from .export import ExportMixin
from .gns3_gui import GuiHandOffMixin
from .llm_setup import LLMSetupMixin
from .practice import PracticeMixin
from .projects import ProjectsMixin
from .search import SearchMixin
from .sign_in import SignInMixin
from .turns import CONTINUE_MESSAGE, TurnsMixin

__all__ = ["CONTINUE_MESSAGE", "Presenter"]


class Presenter(
    SignInMixin, ProjectsMixin, ChatsMixin, TurnsMixin,
    # the companion (issue 14)
    LLMSetupMixin, ExportMixin, GuiHandOffMixin, SearchMixin, PracticeMixin,
    PresenterBase,
):
    pass
