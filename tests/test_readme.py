"""The README's promises, checked: its Python script runs against a controller, and its
two commands are the ones CI and a fresh machine use."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")


def test_the_script_logs_in_lists_projects_and_streams_a_turn(demo):
    [script] = re.findall(r"```python\n(.*?)```", README, re.S)
    creds = demo.credentials
    env = {**os.environ, "GNS3_URL": creds.url, "GNS3_USER": creds.username, "GNS3_PASSWORD": creds.password}
    out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0] == "GNS3 3.1.0-demo: limits enforced by the controller"
    assert any(line.startswith("opened   OSPF Lab") for line in lines)
    assert any(line.startswith("tool_call ") for line in lines) and lines[-1].startswith("done")


def test_the_two_commands_are_the_ones_ci_runs():
    commands = re.findall(r"```bash\n(bash packaging/dev \w+)\n```", README)
    assert commands == ["bash packaging/dev demo", "bash packaging/dev test"]
    ci = (Path(__file__).resolve().parents[1] / ".ci" / "run").read_text()
    assert "\nbash packaging/dev test\n" in ci


def test_the_demo_command_starts_signs_in_and_quits_cleanly(tmp_path):
    """`bash packaging/dev demo` runs this: the window, the embedded controller, the
    sign-in and a clean exit (here after 3 s), with nothing on stderr but Qt's notes."""
    env = {**os.environ, "GNS3_COPILOT_CONFIG_DIR": str(tmp_path), "QT_QPA_PLATFORM": "offscreen"}
    command = [sys.executable, "-m", "gns3_copilot_desktop", "--demo", "--quit-after", "3"]
    out = subprocess.run(command, env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    problems = [line for line in out.stderr.splitlines() if "propagateSizeHints" not in line and line.strip()]
    assert not problems, "\n".join(problems)
