"""The usual command lines are read without argparse (usual_options, for the first
frame's sake): they must come out as argparse reads them, and anything else must
still reach argparse and its messages."""

from __future__ import annotations

import pytest

from gns3_copilot_desktop import app
from gns3_copilot_desktop.usual_options import read_usual

USUAL = [
    [], ["--quit-after", "0"], ["--quit-after=2.5"], ["--quit-after", "1e1"], ["--theme", "dark"], ["--theme=light"],
    ["--lang", "zh_CN"], ["--lang=system", "--theme", "system"], ["--controller", "http://127.0.0.1:3080", "--user", "admin"],
    ["--user="], ["--user=-dash"], ["--project", "My lab", "--follow-gns3-gui"], ["--theme", "dark", "--theme", "light"],
]
NOT_USUAL = [
    ["--demo"], ["--demo", "upstream"], ["--version"], ["-h"], ["--theme", "blue"], ["--quit-after", "-1"],
    ["--quit-after", "soon"], ["--user"], ["--user", "--theme", "dark"], ["--them=light"], ["--follow-gns3-gui=yes"],
    ["stray"], ["--", "--theme"],
]


def by_argparse(argv, monkeypatch):
    monkeypatch.setattr(app, "read_usual", lambda argv: None)
    return vars(app.parse_args(argv))


@pytest.mark.parametrize("argv", USUAL, ids=" ".join)
def test_a_usual_command_line_is_read_as_argparse_reads_it(argv, monkeypatch):
    usual = read_usual(argv)
    assert usual is not None, "left to argparse"
    assert vars(usual) == by_argparse(argv, monkeypatch)


@pytest.mark.parametrize("argv", NOT_USUAL, ids=" ".join)
def test_anything_else_is_left_to_argparse(argv):
    assert read_usual(argv) is None


def test_a_mistake_still_gets_argparse_s_message(capsys):
    with pytest.raises(SystemExit) as exited:
        app.parse_args(["--theme", "blue"])
    assert exited.value.code == 2
    assert "invalid choice: 'blue'" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exited:
        app.parse_args(["--quit-after", "-1"])
    assert exited.value.code == 2
    assert "--quit-after must be 0 or more" in capsys.readouterr().err
