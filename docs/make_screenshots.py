"""Screenshots of the real window for the README: the app on the demo controller, a
conversation with tool cards and a flagged limit, in light and dark, the app in English
and in Chinese (the "-zh" scenes: the window speaks zh_CN and is asked in Chinese). Run under Xvfb (`xvfb-run -a -s "-screen 0 1400x900x24"`) or offscreen:

    bash packaging/dev run python docs/make_screenshots.py
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from pathlib import Path

from PySide6.QtWidgets import QApplication

HERE = Path(__file__).resolve().parent / "screenshots"

SCENES = [
    # file, theme, message, limits (iterations, tool calls)
    ("chat-light-en.png", "light", "Check the interface status of all devices", (20, 4)),
    ("chat-dark-zh.png", "dark", "在3台路由器上配置OSPF", (20, 3)),
    ("chat-dark-en.png", "dark", "Ping from PC1 to PC3", (20, None)),
    ("chat-light-zh.png", "light", "显示拓扑", (20, None)),
]


async def scene(app, name: str, theme: str, message: str, limits) -> None:
    from gns3_copilot_desktop.app import build, parse_args
    from gns3_copilot_desktop.controller_sim import DemoController
    from gns3_copilot_desktop.store import Limits
    from gns3_copilot_desktop.ui.language import current
    from gns3_copilot_desktop.ui.theme import apply_theme

    assert current.install("zh_CN" if name.endswith("-zh.png") else "en") != "en" or "-zh" not in name, current.problem
    apply_theme(app, theme)
    presenter, window = build(parse_args(["--theme", theme]), app)
    window.resize(1360, 860)
    window.show()
    with DemoController(pace_s=0.0) as demo:
        creds = demo.credentials
        await presenter.sign_in(creds.url, creds.username, creds.password, remember=False, keep=False)
        await presenter.choose_project(next(p.project_id for p in presenter.projects if p.name == "OSPF Lab"))
        presenter.limits_restored.emit(Limits(*limits))
        presenter.set_limits(Limits(*limits))
        window.composer.edit.setPlainText(message)
        window.composer.send_button.click()
        for _ in range(400):
            await asyncio.sleep(0.02)
            if not presenter.is_running:
                break
        await presenter.refresh_sessions()
        window.composer.edit.setPlainText("检查所有设备的接口状态" if "zh" in name else "Configure OSPF on all routers")
        await asyncio.sleep(0.3)
        window.grab().save(str(HERE / name))
        print("saved", HERE / name)
        await presenter.shutdown()
    window.close()
    window.deleteLater()


async def main(app) -> None:
    for args in SCENES:
        await scene(app, *args)


if __name__ == "__main__":
    import qasync

    os.environ.setdefault("GNS3_COPILOT_CONFIG_DIR", tempfile.mkdtemp())
    app = QApplication(sys.argv[:1])
    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)
    with loop:
        loop.run_until_complete(main(app))
