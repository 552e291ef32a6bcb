"""The real GNS3 Copilot server (gns3-server 3.1.0a2, branch 3.0), run on 127.0.0.1 for tests.

PyPI's gns3-server has no Copilot; the wheel in `../shared/peers` (see its README) is the
server our users chat with. It pins its own FastAPI, pydantic and langchain, so it lives in
a virtualenv of its own under `.cache/`, keyed by the wheel's sha256 and reused once ready.
sentry-sdk is removed from it: its crash reporter must never send anything anywhere.

The server clones its skills (prompts, device/injection/packet-analysis files) from a git
repository at start-up: `make_skills_repo` writes a small local one. Its LLM is whatever
the signed-in user's LLM config points at: tests point it at `scripted_llm.ScriptedLLM`.

Where `../shared/peers` (or $GNS3_COPILOT_SHARED/peers) is missing, `wheel()` skips the
test with a one-line reason, except on CI (CI=true), where it fails: CI must run these.

Measured against this server (details, raw event sequences: docs/real-copilot-timing.md):
every event carries the session id (a new chat may also be given one by the client);
each tool-call id is in the stream a few ms after the model writes it, long before the
single `complete: true` (last call of an answer, at the model's finish); an abort that
lands while the model is still writing an answer with tool calls aborts ALL of them
(`{"status": "aborted"}`, none runs); one that lands while a tool runs stops before the
next model call; one sent on `tool_end` is always too late for that. The flag is read
only between steps: a text answer is never cut.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from gns3_server import REPO, RunningGns3Server, launch

WHEEL_NAME = "gns3_server-3.1.0a2-py3-none-any.whl"
SHARED = Path(os.environ.get("GNS3_COPILOT_SHARED", REPO.parent / "shared"))


def wheel() -> Path:
    """The Copilot server's wheel; skips (or on CI fails) when it is not beside the repo."""
    path = SHARED / "peers" / WHEEL_NAME
    if path.is_file():
        return path
    reason = f"the real Copilot server's wheel is not at {path} (set GNS3_COPILOT_SHARED)"
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"CI must run the real Copilot server tests: {reason}", pytrace=False)
    pytest.skip(reason)


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def ensure_venv() -> Path:
    """The Copilot server's gns3server executable, installing it first if needed."""
    whl = wheel()
    venv = Path(os.environ.get("GNS3_COPILOT_SERVER_VENV", REPO / ".cache" / f"gns3-copilot-{_sha256(whl)[:16]}"))
    exe = venv / "bin" / "gns3server"
    marker = venv / ".ready"
    if marker.exists() and exe.exists():
        return exe
    python = str(venv / "bin" / "python")
    subprocess.run([sys.executable, "-m", "venv", "--clear", str(venv)], check=True)
    pip = [python, "-m", "pip", "install", "-q", "--disable-pip-version-check"]
    subprocess.run([*pip, f"{whl}[ai-copilot]"], check=True)
    subprocess.run([python, "-m", "pip", "uninstall", "-y", "-q", "sentry-sdk"], check=True)
    if subprocess.run([python, "-c", "import sentry_sdk"], capture_output=True).returncode == 0:
        raise RuntimeError("sentry-sdk is still importable in the Copilot server's virtualenv")
    marker.write_text("ok\n")
    return exe


PROMPT = (
    "You are GNS3 Copilot, a {role} for network labs.\n"
    "Answer briefly. The topology:\n{{{{topology_info}}}}\n"
)

# Relative path -> text. Every prompt keeps `{{topology_info}}`: without it the agent
# sends no system prompt at all.
SKILLS = {
    "prompts/teaching_assistant.md": PROMPT.format(role="teaching assistant"),
    "prompts/lab_automation_assistant.md": PROMPT.format(role="lab automation assistant"),
    "prompts/troubleshooting_injection.md": PROMPT.format(role="troubleshooting trainer"),
    "prompts/title.md": "Write a short title (max 6 words) for this conversation. Reply with the title only.\n",
    "device/vpcs.yaml": (
        "device_type: vpcs\nname: VPCS\ncategory: guest\n"
        "description: Virtual PC Simulator, a minimal host for ping tests.\n"
        "issues:\n  no_ip:\n    name: No IP address\n    description: The PC has no IP address set.\n"
    ),
    "injection/ospf_issues.yaml": (
        "name: OSPF issues\ndescription: Faults to inject into an OSPF lab.\n"
        "issues:\n  area_mismatch:\n    name: Area mismatch\n"
        "    description: Two neighbours are configured in different areas.\n"
    ),
    "packet_analysis/icmp.yaml": (
        "protocol_key: icmp\nname: ICMP\ntshark_field: icmp.type\ndisplay_filter: icmp\n"
    ),
    "config/forbidden_commands.txt": "reload\nerase\nwrite erase\n",
}


def make_skills_repo(path: Path) -> Path:
    """A local git repository with the skills layout the server clones at start-up."""
    for name, text in SKILLS.items():
        (path / name).parent.mkdir(parents=True, exist_ok=True)
        (path / name).write_text(text)
    # No global git config on a fresh CI machine: name the committer here, and ignore the
    # user's own config so that no hook or signing setting gets in the way.
    env = {**os.environ, "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1",
           "GIT_AUTHOR_NAME": "tests", "GIT_AUTHOR_EMAIL": "tests@127.0.0.1",
           "GIT_COMMITTER_NAME": "tests", "GIT_COMMITTER_EMAIL": "tests@127.0.0.1"}
    for command in (["init", "-q", "-b", "main"], ["add", "-A"], ["commit", "-q", "-m", "skills for tests"]):
        subprocess.run(["git", "-C", str(path), *command], check=True, env=env, capture_output=True)
    return path


def start(home: Path, *, timeout_s: float = 90.0) -> RunningGns3Server:
    """Start the real Copilot server with HOME and all its data in `home`."""
    skills = make_skills_repo(home / "skills")
    extra = (
        "install_builtin_appliances = False\nauto_discover_images = False\n"
        f"skills_repo_url = {skills}\nskills_repo_branch = main\nskills_auto_update = False\n"
    )
    return launch(ensure_venv(), home, extra_config=extra, timeout_s=timeout_s, what="the Copilot server")
