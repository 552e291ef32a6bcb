"""The questions around presets: a name (asking before replacing one), and "delete?".
Opened with open(), never exec(), so the asyncio loop keeps running."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QInputDialog, QMessageBox, QWidget

from ..protocol.translation import translate
from . import untrusted

if TYPE_CHECKING:
    from ..store.presets import Limits


def ask_preset_name(
    parent: QWidget, limits: Limits, existing: list[str], save: Callable[[str], None], name: str = "", problem: str = "",
) -> QInputDialog:
    dialog = QInputDialog(parent)
    dialog.setWindowTitle(translate("PresetDialogs", "Save limits as a preset"))
    dialog.setOkButtonText(translate("PresetDialogs", "Save"))
    dialog.setCancelButtonText(translate("PresetDialogs", "Cancel"))
    text = translate("PresetDialogs", "Name for {limits} (iterations / tool calls):").format(limits=limits.label())
    # The problem may quote the name typed: plain text, like every name.
    untrusted.set_plain_label_text(dialog, f"{problem}\n\n{text}" if problem else text)
    dialog.setTextValue(name)

    def chosen(value: str) -> None:
        clean = " ".join(value.split())
        same = next((n for n in existing if n.lower() == clean.lower()), None)
        if same is None:
            save(value)
            return
        # The name is as someone typed it (or a presets file says): text, never markup.
        box = untrusted.plain_message_box(QMessageBox.Icon.Question, translate("PresetDialogs", "Replace preset"),
                                          translate("PresetDialogs", "A preset “{name}” exists. Replace it with {limits}?").format(
                                              name=untrusted.in_sentence(same), limits=limits.label()),
                                          QMessageBox.StandardButton.Cancel, parent)
        box.replace_button = box.addButton(translate("PresetDialogs", "Replace"), QMessageBox.ButtonRole.AcceptRole)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)

        def answered(_result: int) -> None:
            if box.clickedButton() is box.replace_button:
                save(same)
            else:  # back to the name, as typed
                parent._preset_question = ask_preset_name(parent, limits, existing, save, value)

        box.finished.connect(answered)
        box.open()
        parent._preset_question = box

    dialog.textValueSelected.connect(chosen)
    dialog.open()
    parent._preset_question = dialog  # tests and the window find the open question here
    return dialog


def confirm_delete(parent: QWidget, name: str, delete: Callable[[], None]) -> QMessageBox:
    box = untrusted.plain_message_box(QMessageBox.Icon.Warning, translate("PresetDialogs", "Delete preset"),
                                      translate("PresetDialogs", "Delete the preset “{name}”?").format(name=untrusted.in_sentence(name)),
                                      QMessageBox.StandardButton.Cancel, parent)
    box.delete_button = box.addButton(translate("PresetDialogs", "Delete"), QMessageBox.ButtonRole.DestructiveRole)
    box.setDefaultButton(QMessageBox.StandardButton.Cancel)
    box.finished.connect(lambda _result: delete() if box.clickedButton() is box.delete_button else None)
    box.open()
    parent._preset_question = box
    return box
