"""Start-up benchmark: from process start to the main window's first frame painted
(`--quit-after 0`), against a bare PySide6 program that shows one empty window and
quits once it is painted, measured alternately in the same run. Offscreen, no stored sign-in.

After the window is on screen the app starts its asyncio loop and its presenter; how
long until the sign-in dialog is up too ("fully started") has a goal of its own. The
presenter and the dialog need neither httpx nor the pydantic wire models nor the
keyring (nothing was remembered in this fresh config directory): those load in the
background after the dialog is up (app.load_controller_side). It is timed to the moment
the app says the dialog is up, against the moment the bare window says it is painted;
its CPU figure (`fully_started_cpu_ratio`, no goal) is the whole run's, the
controller side loaded before the exit included.

Measured alternately with them, for information (no goal of its own): the floor,
bench/startup_floor.py, a plain PySide6 program that touches the same Qt classes and
shows about the same widgets as the app's first frame with none of the app's Python.
`floor_ratio` (floor / bare) is as low as `startup_ratio` can go in this design;
`app_over_floor` is what the app's own Python still adds.

    bash packaging/dev run python bench/startup.py
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import report  # noqa: E402

ROUNDS = 7
# Both programs quit once their window's first frame is painted (the app with
# `--quit-after 0`, which counts from it): a window system's expose comes after the
# calls posted at show(), so quitting "when the loop is next idle" timed no paint.
BARE = """
import os, sys, time
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QWidget
class Window(QWidget):
    def paintEvent(self, event):
        if os.environ.get("BARE_PAINTED_AT"):
            open(os.environ["BARE_PAINTED_AT"], "w").write(repr(time.monotonic()))
        QTimer.singleShot(0, app.quit)
app = QApplication(sys.argv)
window = Window()
window.resize(1280, 800)
window.show()
app.exec()
"""


CPU_S: dict[str, list[float]] = {}  # the CPU time of each run, by command


def timed(command: list[str], env: dict[str, str], moment: str | None = None) -> float:
    """Wall time of one run; its CPU time (user + system, with the processes it waited
    for) goes to CPU_S: on a busy machine, wall time is partly waiting for a core.
    `moment`: the name of an environment variable that tells the program a file to
    write a moment into (time.monotonic(), the system's clock): the time to that
    moment instead (the program carries on until it exits)."""
    mark = None
    if moment is not None:
        fd, mark = tempfile.mkstemp(prefix="gns3-bench-moment-")
        os.close(fd)
        env = {**env, moment: mark}
    started = time.monotonic()
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    # A plain wait: with a timeout, Python polls with sleeps of up to 50 ms, which
    # would round every figure up to the next 50 ms step. A timer ends a hung run.
    watchdog = threading.Timer(60, process.kill)
    watchdog.start()
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.monotonic() - started
    watchdog.cancel()
    process.returncode = code = os.waitstatus_to_exitcode(status)
    if code != 0:
        raise subprocess.CalledProcessError(code, command)
    if mark is not None:
        told = Path(mark).read_text()
        os.unlink(mark)
        if not told:
            raise RuntimeError(f"{' '.join(command)} exited without telling its moment ({moment})")
        elapsed = float(told) - started
    CPU_S.setdefault(" ".join(command), []).append(usage.ru_utime + usage.ru_stime)
    return elapsed


def main() -> int:
    env = {**os.environ, "GNS3_COPILOT_CONFIG_DIR": tempfile.mkdtemp(prefix="gns3-bench-start-")}
    if env.get("QT_QPA_PLATFORM", "offscreen") == "offscreen":  # (common.py sets it)
        # Offscreen, on a 1920x1080 screen: the app fits its window to the screen, and
        # the offscreen default (800x800) would make it smaller than the bare 1280x800.
        screen = Path(env["GNS3_COPILOT_CONFIG_DIR"]) / "screen.json"
        screen.write_text('{"screens": [{"name": "bench", "x": 0, "y": 0, "width": 1920, "height": 1080}]}')
        env["QT_QPA_PLATFORM"] = f"offscreen:configfile={screen}"
    bare_cmd = [sys.executable, "-c", BARE]
    floor_cmd = [sys.executable, str(Path(__file__).resolve().parent / "startup_floor.py")]
    app_cmd = [sys.executable, "-m", "gns3_copilot_desktop", "--quit-after", "0"]
    ready_cmd = [sys.executable, "-m", "gns3_copilot_desktop"]
    ready_env = {**env, "GNS3_COPILOT_EXIT_WHEN_READY": "1"}
    timed(bare_cmd, env), timed(floor_cmd, env), timed(app_cmd, env), timed(ready_cmd, ready_env)  # warm the file cache
    # "Fully started" is the moment the sign-in dialog is up, against the moment the
    # bare window is painted, both told by the programs: the app's exit comes later, once
    # the controller side has loaded in the background (closing earlier crashed the
    # interpreter), and the bare one's exit includes its shutdown.
    bares, floors, apps, readies, bare_paints = [], [], [], [], []
    for _ in range(ROUNDS):
        bares.append(timed(bare_cmd, env))
        floors.append(timed(floor_cmd, env))
        apps.append(timed(app_cmd, env))
        readies.append(timed(ready_cmd, ready_env, moment="GNS3_COPILOT_READY_AT"))
        bare_paints.append(timed(bare_cmd, env, moment="BARE_PAINTED_AT"))
    bare, floor = statistics.median(bares), statistics.median(floors)
    app, ready, bare_paint = statistics.median(apps), statistics.median(readies), statistics.median(bare_paints)
    cpu = {name: statistics.median(CPU_S[" ".join(cmd)][1:]) for name, cmd in
           (("bare", bare_cmd), ("floor", floor_cmd), ("app", app_cmd), ("ready", ready_cmd))}  # [0]: the warm-up run
    figures = {
        "bare_pyside6_s": round(bare, 3), "app_s": round(app, 3), "startup_ratio": round(app / bare, 3),
        "fully_started_s": round(ready, 3), "bare_painted_s": round(bare_paint, 3),
        "fully_started_ratio": round(ready / bare_paint, 3),
        "floor_s": round(floor, 3), "floor_ratio": round(floor / bare, 3), "app_over_floor": round(app / floor, 3),
        "cpu_s": {name: round(value, 3) for name, value in cpu.items()},
        "startup_cpu_ratio": round(cpu["app"] / cpu["bare"], 3),
        "floor_cpu_ratio": round(cpu["floor"] / cpu["bare"], 3),
        "fully_started_cpu_ratio": round(cpu["ready"] / cpu["bare"], 3),
        "loadavg_at_end": open("/proc/loadavg").read().split()[:3],
    }
    return report("startup", figures, [
        ("start-up / bare PySide6 window", app / bare, 1.3),
        ("fully started (sign-in dialog up) / bare PySide6 window painted", ready / bare_paint, 3.0),
    ])


if __name__ == "__main__":
    code = main()
    sys.stdout.flush()
    sys.exit(code)
