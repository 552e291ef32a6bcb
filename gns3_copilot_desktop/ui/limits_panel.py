"""The runtime limits of the next request: spin boxes, presets, and who enforces them."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ..protocol import change_tools
from ..protocol.ranges import DEFAULT_MAX_ITERATIONS, MAX_ITERATIONS_RANGE, MAX_TOOL_CALLS_RANGE
from ..protocol.translation import translate
from .eliding_combo import ElidingCombo
from . import untrusted
from .more_limits import MoreLimits
from .qt_namespace import Qt, set_by_name
from .theme import secondary_text

if TYPE_CHECKING:
    from ..store.presets import Limits, Preset

CUSTOM = "Custom"  # the combo box's key for limits no preset has; shown translated


class LimitsPanel(QGroupBox):
    limits_changed = Signal(object)  # Limits
    preset_saved = Signal(str, object)  # name, Limits
    preset_deleted = Signal(str)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(translate("LimitsPanel", "Runtime limits"), parent)
        self._presets: list[Preset] = []
        self._quiet = False

        self.iterations = QSpinBox()
        self.iterations.setRange(*MAX_ITERATIONS_RANGE)
        self.iterations.setValue(DEFAULT_MAX_ITERATIONS)
        self.iterations.setAccessibleName(translate("LimitsPanel", "Max iterations"))
        self.iterations.setToolTip(
            translate("LimitsPanel", "LLM↔tool iterations per request ({low}–{high}). One iteration is one LLM call plus its tools.")
            .format(low=MAX_ITERATIONS_RANGE[0], high=MAX_ITERATIONS_RANGE[1]))
        self.tool_calls = QSpinBox()
        self.tool_calls.setRange(*MAX_TOOL_CALLS_RANGE)
        self.tool_calls.setValue(15)
        self.tool_calls.setToolTip(translate("LimitsPanel", "Tool calls per request ({low}–{high}).").format(
            low=MAX_TOOL_CALLS_RANGE[0], high=MAX_TOOL_CALLS_RANGE[1]))
        self.tool_calls.setAccessibleName(translate("LimitsPanel", "Max tool calls"))
        self.unlimited = QCheckBox(translate("LimitsPanel", "Unlimited"))
        self.unlimited.setChecked(True)
        self.unlimited.setToolTip(translate("LimitsPanel", "No tool-call limit: the field is not sent."))
        self.tool_calls.setEnabled(False)
        tools_row = QHBoxLayout()
        tools_row.addWidget(self.tool_calls, 1)
        tools_row.addWidget(self.unlimited)

        self.preset = PresetCombo(self._shown_name)
        self.preset.setToolTip(translate("LimitsPanel", "Presets of limits"))
        self.preset.setAccessibleName(translate("LimitsPanel", "Preset"))
        # Names show whole: the box takes the panel's width, not the width of "Default".
        self.preset.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.preset.setMinimumContentsLength(10)
        self.save_as = QPushButton(translate("LimitsPanel", "Save as…"))
        self.save_as.setToolTip(translate("LimitsPanel", "Save these limits as a preset"))
        self.delete = QPushButton(translate("LimitsPanel", "Delete…"))
        self.delete.setToolTip(translate("LimitsPanel", "Delete the chosen preset (built-in presets stay)"))
        presets_row = QHBoxLayout()
        presets_row.addWidget(self.save_as)
        presets_row.addWidget(self.delete)

        self.more = MoreLimits()
        self.more.set_change_tooltip(change_tools.explanation())

        self.cost = QLabel("")
        set_by_name(self.cost, textFormat="PlainText")  # a model name from the controller
        self.cost.setWordWrap(True)
        self.cost.setAccessibleDescription(translate("LimitsPanel", "Cost of this chat"))  # its text is what is read
        self.cost.setVisible(False)
        self.enforcement = QLabel("")
        self.enforcement.setWordWrap(True)
        secondary_text(self.enforcement)

        form = QFormLayout()
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)  # labels above fields when narrow
        # Labels with buddies: a screen reader names each field by its label.
        for text, row, field in (
            (translate("LimitsPanel", "Max &iterations"), self.iterations, self.iterations),
            (translate("LimitsPanel", "Max &tool calls"), tools_row, self.tool_calls),
            (translate("LimitsPanel", "&Preset"), self.preset, self.preset),
        ):
            label = QLabel(text)
            label.setBuddy(field)
            form.addRow(label, row)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addLayout(presets_row)
        layout.addWidget(self.more)
        layout.addWidget(self.enforcement)
        layout.addWidget(self.cost)

        self.iterations.valueChanged.connect(self._edited)
        self.tool_calls.valueChanged.connect(self._edited)
        self.unlimited.toggled.connect(self._unlimited_toggled)
        self.more.changed.connect(self._edited)
        self.preset.activated.connect(self._preset_chosen)
        self.save_as.clicked.connect(lambda: self._ask_name())
        self.delete.clicked.connect(lambda: self._delete_preset())

    # -- state from outside ---------------------------------------------------------------

    def limits(self) -> Limits:
        from ..store.presets import Limits  # with the controller side, not at start-up

        return Limits(
            self.iterations.value(), None if self.unlimited.isChecked() else self.tool_calls.value(), *self.more.values()
        )

    def set_limits(self, limits: Limits) -> None:
        """Show these limits without echoing a change back."""
        self._quiet = True
        try:
            self.iterations.setValue(limits.max_iterations)
            self.unlimited.setChecked(limits.max_tool_calls is None)
            if limits.max_tool_calls is not None:
                self.tool_calls.setValue(limits.max_tool_calls)
            self.tool_calls.setEnabled(limits.max_tool_calls is not None)
            self.more.set_values(limits.max_minutes, limits.max_changes, limits.tool_limits)
        finally:
            self._quiet = False
        self._match_preset()

    def set_presets(self, presets: list[Preset]) -> None:
        self._presets = presets
        self._match_preset()

    def set_cost(self, text: str) -> None:
        untrusted.set_plain(self.cost, text)  # names the model
        self.cost.setVisible(bool(text))

    def set_enforcement(self, text: str) -> None:
        untrusted.set_plain(self.enforcement, text)  # may be the controller's words

    # -- the user's edits -------------------------------------------------------------------

    def _unlimited_toggled(self, checked: bool) -> None:
        self.tool_calls.setEnabled(not checked)
        self._edited()

    def _edited(self) -> None:
        self._match_preset()
        if not self._quiet:
            self.limits_changed.emit(self.limits())

    def _match_preset(self) -> None:
        current = self.limits()
        self.preset.blockSignals(True)
        self.preset.clear()
        chosen = -1
        for index, preset in enumerate(self._presets):
            # The limits in words ("20/∞ +" was a riddle); where the box is too narrow for
            # them, PresetCombo shows the preset's name alone (the fields above show the
            # values). A name with a right-to-left override or letters must not turn them round.
            words = in_words(preset.limits)
            self.preset.addItem(f"{untrusted.in_sentence(preset.shown_name)}  ({words})", preset.name)
            self.preset.setItemData(index, untrusted.tooltip(words), Qt.ItemDataRole.ToolTipRole)
            if chosen < 0 and preset.limits == current:
                chosen = index
        if chosen < 0:
            words = in_words(current)
            self.preset.addItem(translate("LimitsPanel", "Custom") + f"  ({words})", CUSTOM)
            self.preset.setItemData(self.preset.count() - 1, untrusted.tooltip(words), Qt.ItemDataRole.ToolTipRole)
            chosen = self.preset.count() - 1
        self.preset.setCurrentIndex(chosen)
        self.preset.blockSignals(False)
        name = self.preset.currentData()
        self.delete.setEnabled(any(p.name == name and not p.built_in for p in self._presets))

    def _shown_name(self, key: object) -> str:
        preset = next((p for p in self._presets if p.name == key), None)
        return untrusted.in_sentence(preset.shown_name) if preset is not None else translate("LimitsPanel", "Custom")

    def _preset_chosen(self, index: int) -> None:
        name = self.preset.itemData(index)
        preset = next((p for p in self._presets if p.name == name), None)
        if preset is not None:
            self.set_limits(preset.limits)
            self.limits_changed.emit(preset.limits)

    def _ask_name(self, name: str = "", problem: str = ""):
        """Ask for a name; the window checks it (`name_rejected` brings this back with
        the name and the reason, so nothing typed is lost)."""
        from .preset_dialogs import ask_preset_name

        return ask_preset_name(self, self.limits(), [p.name for p in self._presets if not p.built_in],
                               lambda chosen: self.preset_saved.emit(chosen, self.limits()), name, problem)

    def name_rejected(self, name: str, problem: str):
        return self._ask_name(name, problem)

    def _delete_preset(self):
        from .preset_dialogs import confirm_delete

        name = self.preset.currentData()
        if name and name != CUSTOM:
            return confirm_delete(self, name, lambda: self.preset_deleted.emit(name))
        return None


def in_words(limits: Limits) -> str:
    """`20 iterations, unlimited tool calls and 3 configuration changes`."""
    from ..protocol.limits import limits_in_words

    fields: dict[str, int | None] = {"max_iterations": limits.max_iterations, "max_tool_calls": limits.max_tool_calls}
    if limits.max_minutes is not None:
        fields["max_minutes"] = limits.max_minutes
    if limits.max_changes is not None:
        fields["max_changes"] = limits.max_changes
    fields.update({f"tool:{name}": count for name, count in limits.tool_limits})
    return limits_in_words(fields)


class PresetCombo(ElidingCombo):
    """The preset box: the chosen preset with its limits in words when they fit, else
    its name alone, elided with "…" (the list and the tooltip always say it all)."""

    elide_mode = "ElideRight"  # (a name: see ElidingCombo)

    def __init__(self, name_of: Callable[[object], str]):
        super().__init__()
        self._name_of = name_of  # the shown name of an item's data

    def shorter_text(self, text: str) -> str:
        return self._name_of(self.currentData())
