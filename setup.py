"""The wheel carries the compiled translations: `build_py` runs PySide6's lrelease on
resources/i18n/*.ts (the .qm files are generated, never committed). Everything else is
in pyproject.toml."""

import subprocess
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


class BuildWithTranslations(build_py):
    def run(self) -> None:
        super().run()
        import PySide6  # a build requirement (pyproject.toml), for its lrelease

        lrelease = Path(PySide6.__file__).parent / "lrelease"
        target = Path(self.build_lib) / "gns3_copilot_desktop" / "translations"
        target.mkdir(parents=True, exist_ok=True)
        for ts in sorted((ROOT / "resources" / "i18n").glob("*.ts")):
            subprocess.run([str(lrelease), "-silent", str(ts), "-qm", str(target / f"{ts.stem}.qm")], check=True)


setup(cmdclass={"build_py": BuildWithTranslations})
