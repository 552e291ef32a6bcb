"""The design's phase-2 limits, behind "More limits" so the simple case stays simple:
a time limit, a limit on configuration changes, and limits per tool."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ..protocol.ranges import MAX_CHANGES_RANGE, MAX_MINUTES_RANGE, TOOL_LIMIT_RANGE
from ..protocol.translation import translate
from . import untrusted
from .qt_namespace import Qt, set_by_name


class MoreLimits(QWidget):
    changed = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.toggle = QToolButton()
        self.toggle.setText(translate("MoreLimits", "More limits"))
        self.toggle.setCheckable(True)
        set_by_name(self.toggle, toolButtonStyle="ToolButtonTextBesideIcon", arrowType="RightArrow")
        self.toggle.setAccessibleName(translate("MoreLimits", "More limits"))
        self.toggle.setToolTip(translate("MoreLimits", "A time limit, a limit on configuration changes, limits per tool"))
        self.body = QWidget()
        self.body.setVisible(False)

        self.minutes = QSpinBox()
        self.minutes.setRange(MAX_MINUTES_RANGE[0] - 1, MAX_MINUTES_RANGE[1])
        off = translate("MoreLimits", "off")
        self.minutes.setSpecialValueText(off)  # shown at 0
        self.minutes.setSuffix(translate("MoreLimits", " min"))
        self.minutes.setToolTip(translate("MoreLimits", "Stop the turn when it has run this long ({low}–{high} min), or off.").format(
            low=MAX_MINUTES_RANGE[0], high=MAX_MINUTES_RANGE[1]))
        self.minutes.setAccessibleName(translate("MoreLimits", "Time limit"))
        self.changes = QSpinBox()
        self.changes.setRange(MAX_CHANGES_RANGE[0] - 1, MAX_CHANGES_RANGE[1])
        self.changes.setSpecialValueText(off)  # shown at -1; 0 means diagnose only
        self.changes.setAccessibleName(translate("MoreLimits", "Configuration changes"))
        self.changes.setValue(-1)

        self.tool_name = QComboBox()
        self.tool_name.setEditable(True)
        self.tool_name.setAccessibleName(translate("MoreLimits", "Tool"))
        self.tool_name.setToolTip(translate("MoreLimits", "A tool of this controller's Copilot"))
        self.tool_max = QSpinBox()
        self.tool_max.setRange(*TOOL_LIMIT_RANGE)
        self.tool_max.setValue(3)
        self.tool_max.setAccessibleName(translate("MoreLimits", "Max calls of the tool"))
        self.add = QPushButton(translate("MoreLimits", "Add"))
        self.add.setAccessibleName(translate("MoreLimits", "Add a limit for this tool"))
        self.per_tool = QListWidget()
        self.per_tool.setAccessibleName(translate("MoreLimits", "Limits per tool"))
        self.per_tool.setMaximumHeight(80)
        self.remove = QPushButton(translate("MoreLimits", "Remove"))
        self.remove.setAccessibleName(translate("MoreLimits", "Remove the chosen tool limit"))

        form = QFormLayout()
        form.addRow(translate("MoreLimits", "Time limit"), self.minutes)
        form.addRow(translate("MoreLimits", "Config changes"), self.changes)
        add_row = QHBoxLayout()
        add_row.addWidget(self.tool_name, 1)
        add_row.addWidget(self.tool_max)
        add_row.addWidget(self.add)
        form.addRow(translate("MoreLimits", "Per tool"), add_row)
        body = QVBoxLayout(self.body)
        body.setContentsMargins(0, 0, 0, 0)
        body.addLayout(form)
        body.addWidget(self.per_tool)
        # On the right at its own width: pushed there by a stretch, not aligned with a
        # Qt flag (this panel is made for the first frame, painted without the Qt
        # namespace: qt_namespace).
        remove_row = QHBoxLayout()
        remove_row.addStretch(1)
        remove_row.addWidget(self.remove)
        body.addLayout(remove_row)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.toggle)
        layout.addWidget(self.body)

        self.toggle.toggled.connect(self._expand)
        self.minutes.valueChanged.connect(self.changed)
        self.changes.valueChanged.connect(self.changed)
        self.add.clicked.connect(self._add_tool_limit)
        self.remove.clicked.connect(self._remove_tool_limit)
        self._tools: dict[str, int] = {}

    def set_change_tooltip(self, text: str) -> None:
        self.changes.setToolTip(translate("MoreLimits", "Configuration changes per request (0 = diagnose only), or off.") + "\n\n" + text)

    def set_tool_names(self, names: list[str]) -> None:
        """The tools this controller's Copilot has used, offered for a per-tool limit."""
        current = self.tool_name.currentText()
        self.tool_name.clear()
        for name in sorted(names):  # the LLM names them: shown with hiding characters visible
            self.tool_name.addItem(untrusted.visible(name), name)
        self.tool_name.setEditText(current)

    # -- values -------------------------------------------------------------------------

    def values(self) -> tuple[int | None, int | None, tuple[tuple[str, int], ...]]:
        minutes = self.minutes.value() or None
        changes = None if self.changes.value() < 0 else self.changes.value()
        return minutes, changes, tuple(sorted(self._tools.items()))

    def set_values(self, minutes: int | None, changes: int | None, tools: tuple[tuple[str, int], ...]) -> None:
        self.minutes.setValue(minutes or 0)
        self.changes.setValue(-1 if changes is None else changes)
        self._tools = dict(tools)
        self._show_tools()
        if minutes is not None or changes is not None or tools:
            self.toggle.setChecked(True)  # never hide a limit in force

    def _expand(self, open_: bool) -> None:
        self.body.setVisible(open_)
        self.toggle.setArrowType(Qt.ArrowType.DownArrow if open_ else Qt.ArrowType.RightArrow)

    def _add_tool_limit(self) -> None:
        name = self.tool_name.currentText().strip()
        index = self.tool_name.findText(name, Qt.MatchFlag.MatchExactly)
        if index >= 0:  # one offered: its real name (the text shows its hiding characters)
            name = self.tool_name.itemData(index)
        if not name:
            self.tool_name.setFocus()
            return
        self._tools[name] = self.tool_max.value()
        self._show_tools()
        self.changed.emit()

    def _remove_tool_limit(self) -> None:
        item = self.per_tool.currentItem()
        if item is None:
            return
        self._tools.pop(item.data(Qt.ItemDataRole.UserRole), None)
        self._show_tools()
        self.changed.emit()

    def _show_tools(self) -> None:
        self.per_tool.clear()
        for name, count in sorted(self._tools.items()):
            item = QListWidgetItem(f"{untrusted.in_sentence(name)} ≤ {count}")  # the LLM names the tools
            item.setData(Qt.ItemDataRole.UserRole, name)
            self.per_tool.addItem(item)
        self.remove.setEnabled(bool(self._tools))
