"""PySide6 must not drop references to None (issue 9).

PySide6 6.12.0 released one reference to `None` on every call that returns nothing. On
Python 3.11, where `None` is an ordinary object, its count falls to zero within minutes
and CPython aborts ("Fatal Python error: none_dealloc"), taking the conversation and the
draft with it. On an affected PySide6 these tests fail instead of the app crashing
later."""

from __future__ import annotations

import dis
import gc
import json
import subprocess
import sys

import pytest

# Anything else a test run does may hold or release a few references to None; a leak
# of one reference per call, over thousands of calls, is far beyond this.
SLACK = 50
VOID_CALLS = 3000


def none_references() -> int:
    gc.collect()
    return sys.getrefcount(None)


def test_void_pyside_calls_keep_none_alive(qapp):
    from PySide6.QtWidgets import QLabel

    label = QLabel()
    before = none_references()
    for i in range(VOID_CALLS):
        label.setText("x")  # each returns None
        label.resize(100 + i % 7, 20)
        label.setToolTip("y")
    assert none_references() >= before - SLACK
    label.deleteLater()


@pytest.fixture
def paced_controller():
    """The reference controller in a process of its own, at a realistic pace: what it
    keeps of each turn must not count as this process's references."""
    process = subprocess.Popen(
        [sys.executable, "-m", "gns3_copilot_desktop.controller_sim.cli", "--port", "0", "--pace", "0.005"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )
    try:
        yield json.loads(process.stdout.readline())
    finally:
        process.terminate()
        process.wait(timeout=15)


_AFTER_CALLS: dict = {}  # code object -> {a call's offset: the next instruction's name}


def _dropped(frame) -> bool:
    """Whether the call being made in `frame` is a statement: its result dropped."""
    after = _AFTER_CALLS.get(frame.f_code)
    if after is None:
        instructions = list(dis.get_instructions(frame.f_code))
        after = _AFTER_CALLS[frame.f_code] = {a.offset: b.opname for a, b in zip(instructions, instructions[1:])}
    return after.get(frame.f_lasti) == "POP_TOP"


class PySideCallAudit:
    """Watches every call the app makes into PySide6 while active, and adds up how the
    count of references to None changed from just before each call to just after its
    result was used (the next profiler event). A healthy call nets about zero; an
    affected void call nets one reference lost. Calls that ran Python code inside (a
    slot, an event handler) are left out: that code may rightly change the count.

    Only calls made as statements are judged (their result dropped: `widget.update()`,
    as void calls are made). After one, a healthy PySide6 nets exactly zero (the call
    returns a reference to None, the statement drops it) and an affected one loses one;
    after a call whose result is used, the code that uses it may free what held None,
    and how often depends on the turn's mix of calls, not on PySide6.

    (A before/after count over a whole turn cannot tell: PySide6 keeps a few extra
    references for every widget it makes, and they hide a loss of thousands.)"""

    def __init__(self) -> None:
        self.calls = 0
        self.net = 0
        self._stack: list[int | None] = []
        self._returned: int | None = None

    def __enter__(self) -> "PySideCallAudit":
        sys.setprofile(self._profile)
        return self

    def __exit__(self, *exc: object) -> None:
        sys.setprofile(None)

    def _profile(self, frame, event, arg) -> None:
        now = sys.getrefcount(None)
        if self._returned is not None:
            self.calls += 1
            self.net += now - self._returned
            self._returned = None
        if event == "c_call":
            ours = (type(getattr(arg, "__self__", None)).__module__ or "").startswith("PySide6") and _dropped(frame)
            self._stack.append(now if ours else None)
        elif event in ("c_return", "c_exception") and self._stack:
            self._returned = self._stack.pop()
        elif event == "call":
            self._stack = [None] * len(self._stack)


def test_a_realistic_streamed_turn_keeps_none_alive(app, paced_controller):
    """A paced turn in the real window, resized every 20 ms as people drag its edge."""
    from PySide6.QtCore import QTimer

    creds = paced_controller
    assert app.run(app.presenter.sign_in(creds["url"], creds["username"], creds["password"], remember=False, keep=False))
    app.choose("OSPF Lab")
    sizes = iter([(900, 600), (1200, 800), (1000, 700), (1100, 650)] * 1000)
    resizer = QTimer()
    resizer.timeout.connect(lambda: app.window.resize(*next(sizes)))
    with PySideCallAudit() as audit:
        resizer.start(20)
        app.send("Check the interface status of all devices")
        app.finish_turn(90)
        resizer.stop()
    assert len(app.cards()) == 7
    print(f"PySide6 calls judged: {audit.calls}, net change of references to None: {audit.net}")
    assert audit.calls > 500  # the audit saw the turn
    # A healthy PySide6 nets about zero per call judged, an affected one about -1.
    assert audit.net > -audit.calls // 2
