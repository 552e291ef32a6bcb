"""The desktop entry and the AppStream metadata in resources/ say what the repository
holds: the command that is installed, the screenshots in docs/screenshots/, this version.
(The files' own syntax is checked by desktop-file-validate and appstreamcli in CI:
packaging/check-metadata.)"""

from __future__ import annotations

import configparser
import struct
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

from gns3_copilot_desktop import __version__

REPO = Path(__file__).resolve().parents[1]
RESOURCES = REPO / "resources"
PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))


def metainfo() -> tuple[Path, ET.Element]:
    [path] = RESOURCES.glob("*.metainfo.xml")
    return path, ET.parse(path).getroot()


def desktop_entry(name: str) -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # keys are case-sensitive
    parser.read(RESOURCES / name, encoding="utf-8")
    return parser["Desktop Entry"]


def png_size(path: Path) -> tuple[int, int]:
    header = path.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n", path
    return struct.unpack(">II", header[16:24])


def test_the_metadata_file_is_named_after_its_component_id():
    path, component = metainfo()
    assert path.name == f"{component.findtext('id')}.metainfo.xml"


def test_software_centres_launch_the_command_that_pip_and_the_bundle_install():
    _, component = metainfo()
    desktop_id = component.findtext("launchable[@type='desktop-id']")
    entry = desktop_entry(desktop_id)
    command = entry["Exec"].split()[0]
    assert command in PYPROJECT["project"]["gui-scripts"]
    assert component.findtext("provides/binary") == command == entry["TryExec"]
    assert f'name="{command}"' in (REPO / "packaging" / "gns3-copilot-desktop.spec").read_text()
    assert (RESOURCES / f"{entry['Icon']}.svg").is_file()
    assert component.findtext("name") == entry["Name"]


def test_the_screenshots_are_the_ones_in_docs_at_their_real_size():
    _, component = metainfo()
    images = component.findall("screenshots/screenshot/image")
    assert images, "software centres show no screenshot without one"
    for image in images:
        url = image.text.strip()
        assert url.startswith("https://") and "/docs/screenshots/" in url, url
        local = REPO / "docs" / "screenshots" / url.rsplit("/", 1)[1]
        assert local.is_file(), f"{url} names no file in docs/screenshots/"
        assert (int(image.get("width")), int(image.get("height"))) == png_size(local), url
    [default] = component.findall("screenshots/screenshot[@type='default']/image")
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    first = readme.index("](docs/screenshots/")
    assert readme[first + 2 :].startswith("docs/screenshots/" + default.text.strip().rsplit("/", 1)[1])


def test_the_newest_release_is_this_version():
    _, component = metainfo()
    newest = component.find("releases/release")
    assert newest.get("version") == __version__ == PYPROJECT["project"]["version"]
