"""The command line a start usually has (nothing, or a few options with one value
each), read without argparse: building argparse's parser looks up gettext catalogues
for its words and imports `locale`, 3 ms of CPU before the window's first frame, as
much as a tenth of what the app adds to a bare PySide6 window's. Anything else (a
mistake, --help, --version, --demo, a value that starts with "-") is left to
argparse (app.parse_args), which says what is wrong. A test checks that both read
every usual command line alike."""

from __future__ import annotations

from types import SimpleNamespace

THEMES = ("system", "light", "dark")
LANGS = ("system", "en", "zh_CN")
# The options read here, and what each takes: any text, a float, one of some words.
VALUES: dict[str, object] = {
    "--controller": str, "--user": str, "--project": str, "--quit-after": float, "--theme": THEMES, "--lang": LANGS,
}
FLAGS = ("--follow-gns3-gui",)
DEFAULTS = {
    "demo": None, "controller": None, "user": None, "project": None, "follow_gns3_gui": False,
    "quit_after": None, "theme": None, "lang": None,
}


def read_usual(argv: list[str]) -> SimpleNamespace | None:
    """What argparse would make of `argv`, or None: argparse is to read it."""
    values = dict(DEFAULTS)
    words = iter(argv)
    for word in words:
        name, equals, value = word.partition("=")
        if not equals and name in FLAGS:
            values[name[2:].replace("-", "_")] = True
            continue
        kind = VALUES.get(name)
        if kind is None:
            return None
        if not equals:
            value = next(words, None)
            if value is None or value.startswith("-"):
                return None
        if isinstance(kind, tuple):
            if value not in kind:
                return None
        elif kind is float:
            try:
                value = float(value)
            except ValueError:
                return None
            if value < 0:
                return None  # (argparse says it must be 0 or more)
        values[name[2:].replace("-", "_")] = value
    return SimpleNamespace(**values)
