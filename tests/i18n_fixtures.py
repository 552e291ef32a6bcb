"""The fixtures of tests that look at the app in Chinese, shared by the test modules that
do (import them: `from i18n_fixtures import chinese, controller_text`)."""

from __future__ import annotations

import pytest


@pytest.fixture
def chinese(qapp):
    """The app speaks zh_CN for this test, English again after it."""
    from gns3_copilot_desktop.ui.language import current

    assert current.install("zh_CN") == "zh_CN", current.problem
    yield
    current.install("en")


@pytest.fixture
def controller_text(monkeypatch):
    """Every piece of controller text the window was given, as the untrusted-text policy
    saw it: that text stays as the controller wrote it."""
    from gns3_copilot_desktop.ui import untrusted

    seen: set[str] = set()
    for name in ("visible", "escaped"):
        original = getattr(untrusted, name)

        def recording(text, *args, _original=original, **kwargs):
            out = _original(text, *args, **kwargs)
            seen.update((text, out))
            return out

        monkeypatch.setattr(untrusted, name, recording)
    return seen
