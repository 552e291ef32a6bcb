"""A limit stop as a user meets it, at a model's pace: one flag in one wording live and
reopened, usage words that say what happened, and a Continue that continues and says
what it raised (the try-out's defects)."""

from __future__ import annotations

import pytest

from gns3_copilot_desktop.ui.chat_parts import UserBubble

INTERFACES = "Check the interface status of all devices"


@pytest.fixture(params=["design", "upstream"])
def paced_app(app, request):
    """The window on a controller streaming at a model's pace: one that holds the limits
    itself (the design) and one that ignores them (today's real Copilot: the app holds)."""
    from gns3_copilot_desktop.controller_sim import DemoController

    controller = DemoController(behave=request.param, pace_s=0.02, heartbeat_s=0.2, ping_s=0.5).start()
    creds = controller.credentials
    assert app.run(app.presenter.sign_in(creds.url, creds.username, creds.password, remember=False))
    app.choose("OSPF Lab")
    app.controller = controller
    yield app
    app.run(app.presenter.shutdown(), 10)
    controller.stop()


def notes(app) -> list[str]:
    return [w.note.text() for w in app.window.chat.widgets() if isinstance(w, UserBubble) and w.note.isVisible()]


def test_continue_after_a_tool_call_stop_is_not_stopped_at_once_by_the_iteration_limit(paced_app):
    app = paced_app
    panel = app.window.limits
    panel.iterations.setValue(5)
    panel.unlimited.setChecked(False)
    panel.tool_calls.setValue(3)
    app.send(INTERFACES)
    app.finish_turn(60)
    assert app.presenter.transcript.limit_stop.kind == "tool_calls"
    # One stop, one flag, in one wording: no "Limit reached: Tool call limit reached".
    flags = app.limit_flags()
    assert len(flags) == 1 and flags[0].startswith("Tool call limit reached: 3 of 3 tool calls used")
    everything = " ".join(w.accessibleName() + " " + getattr(getattr(w, "label", None), "text", lambda: "")()
                          for w in app.window.chat.widgets())
    assert "Limit reached: Tool call limit reached" not in everything
    bar = app.window.chat.limit_bar
    assert "up to 10 iterations and 6 tool calls" in bar.label.text()  # said before the click

    bar.button.click()
    assert (panel.iterations.value(), panel.tool_calls.value()) == (10, 6)
    said = "Continuing with up to 10 iterations and 6 tool calls."
    app.wait(lambda: notes(app) == [said], what="the continued message to say what Continue raised")
    app.finish_turn(60)
    limits = app.presenter.limits
    assert (limits.max_iterations, limits.max_tool_calls) == (10, 6)
    t = app.presenter.transcript
    # The continued turn went on: it was not stopped again by the iteration limit.
    assert t.limit_stop is None or t.limit_stop.kind != "iterations", app.limit_flags()
    assert t.tool_calls_executed > 3

    session_id = app.presenter.session_id
    live_flags = app.limit_flags()
    app.presenter.new_chat()
    app.open_chat(session_id)
    app.window.chat.verticalScrollBar().setValue(0)  # the continued message, scrolled to
    app.wait(lambda: notes(app) == [said], what="the reopened chat to say what Continue raised")
    assert app.limit_flags() == live_flags


def test_a_batch_that_does_not_fit_says_what_ran_and_what_did_not(paced_app):
    app = paced_app
    panel = app.window.limits
    panel.unlimited.setChecked(False)
    panel.tool_calls.setValue(2)
    app.send("Configure OSPF on all routers")  # the topology, then the routers all at once
    app.finish_turn(60)
    refused = app.presenter.transcript.refused_by_limit
    assert refused >= 3
    assert app.limit_flags() == [
        f"Tool call limit: 1 of 2 tool calls ran; the next {refused}, asked for at once, would have gone past it, "
        "so none of them ran" + (" (enforced by this app)." if "this app" in app.window.connection.text() else ".")
    ]


def test_presets_say_their_limits_in_words(app):
    panel = app.window.limits
    texts = [panel.preset.itemText(i) for i in range(panel.preset.count())]
    assert texts[:5] == [
        "Default  (20 iterations and unlimited tool calls)",
        "Quick look  (5 iterations and 3 tool calls)",
        "Lab build  (50 iterations and 30 tool calls)",
        "Diagnose only  (20 iterations, unlimited tool calls and no configuration changes)",
        "Careful change  (20 iterations, unlimited tool calls, 10 min and 3 configuration changes)",
    ]
    assert not [t for t in texts if "∞" in t or "/" in t]
    from gns3_copilot_desktop.ui.untrusted import tooltip

    assert panel.preset.itemData(1, 3) == tooltip("5 iterations and 3 tool calls")  # as text: tool names are untrusted


def test_a_long_project_name_ends_in_an_ellipsis_and_is_whole_in_the_tooltip(app):
    long = "Data centre fabric — spine and leaf with EVPN, two sites <b>and</b> a DR link to the branch"
    project = next(p for p in app.demo.state.projects.values() if p.name == "OSPF Lab")
    project.name = long
    app.window.resize(1024, 700)
    app.sign_in_demo()
    app.choose(long)
    combo = app.window.projects.combo
    shown = combo.shown_text()
    assert "…" in shown and shown.startswith("● Data") and shown.endswith("branch"), shown
    assert combo.fontMetrics().horizontalAdvance(shown) < combo.width()
    # The whole name in the tooltip, as text (a name is untrusted: no markup of its own).
    assert long.replace("<", "&lt;").replace(">", "&gt;") in combo.toolTip()


def test_before_sign_in_the_project_box_says_no_project(app):
    """The box draws its own (elided) text; with nothing chosen it still shows its
    placeholder, in the placeholder colour, as Qt's own box does."""
    from PySide6.QtGui import QPalette

    combo = app.window.projects.combo
    assert combo.currentIndex() == -1
    assert combo.shown_text() == "No project"
    option = combo._option()
    assert option.palette.color(QPalette.ColorRole.ButtonText) == combo.palette().color(QPalette.ColorRole.PlaceholderText)
