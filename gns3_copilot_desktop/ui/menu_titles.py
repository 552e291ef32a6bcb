"""The menu bar's titles (File, View, Copilot, Help), made with the window so that its
first frame has its menu bar: added later, the bar pushed everything below it down
once the window was already on screen. The menus fill once the presenter is attached
(ui/menus.py, ui/companion_menu.py), which needs what the first frame does not
(actions, key sequences, the settings)."""

from __future__ import annotations

from typing import NamedTuple

from PySide6.QtWidgets import QMenu, QMenuBar

from ..protocol.translation import translate


class MenuTitles(NamedTuple):
    file: QMenu
    view: QMenu
    copilot: QMenu
    help: QMenu


def add_menu_titles(bar: QMenuBar) -> MenuTitles:
    return MenuTitles(
        bar.addMenu(translate("Menus", "&File")),
        bar.addMenu(translate("Menus", "&View")),
        bar.addMenu(translate("CompanionMenu", "&Copilot")),
        bar.addMenu(translate("Menus", "&Help")),
    )
