"""The controller's LLM settings: the configurations on the left, the chosen one's form
on the right. Opened with open(): the loop runs on while it shows.

Everything from the controller is set as plain text. The API key is write-only: the
field starts empty and is sent only when something was typed into it."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ..protocol.llm_configs import (
    CONTEXT_STRATEGIES,
    MODES,
    PROVIDERS,
    TEACHING,
    LLMConfigDraft,
    LLMConfigList,
    LLMModelConfig,
)
from ..protocol.translation import QT_TRANSLATE_NOOP, translate
from . import theme, untrusted

ROLE_ID = Qt.ItemDataRole.UserRole
KEY_KEPT = QT_TRANSLATE_NOOP("LLMConfigsDialog", "Kept on the controller: type to replace")
KEY_NEW = QT_TRANSLATE_NOOP("LLMConfigsDialog", "Not needed for a local ollama")
# The controller's context strategies in words; the controller gets the key.
STRATEGY_WORDS = {
    "conservative": QT_TRANSLATE_NOOP("LLMConfigsDialog", "conservative"),
    "balanced": QT_TRANSLATE_NOOP("LLMConfigsDialog", "balanced"),
    "aggressive": QT_TRANSLATE_NOOP("LLMConfigsDialog", "aggressive"),
}


def plain_label(text: str = "", *, wrap: bool = True) -> QLabel:
    label = QLabel(text)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(wrap)
    return label


class LLMConfigsDialog(QDialog):
    save_requested = Signal(object, object)  # original LLMModelConfig | None, LLMConfigDraft
    delete_requested = Signal(str)
    default_requested = Signal(str)
    price_entered = Signal(str, float, float)  # model, US$ per million tokens in, out

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(translate("LLMConfigsDialog", "LLM settings"))
        self.setMinimumSize(760, 460)
        intro = plain_label(translate(
            "LLMConfigsDialog",
            "The language model the Copilot uses on this controller. Chats use the default (★); "
            "configurations inherited from a group are shown read-only.",
        ))
        self.list = QListWidget()
        self.list.setMinimumWidth(240)
        self.list.setAccessibleName(translate("LLMConfigsDialog", "LLM configurations"))
        self.new_button = QPushButton(translate("LLMConfigsDialog", "New"))
        self.delete_button = QPushButton(translate("LLMConfigsDialog", "Delete…"))
        self.default_button = QPushButton(translate("LLMConfigsDialog", "Make default"))
        list_buttons = QHBoxLayout()
        for button in (self.new_button, self.delete_button, self.default_button):
            list_buttons.addWidget(button)
        left = QVBoxLayout()
        left.addWidget(self.list, 1)
        left.addLayout(list_buttons)

        self.source = plain_label()
        self.source.setStyleSheet(f"color: {theme.AMBER};")
        self.name = QLineEdit()
        self.provider = QComboBox()
        self.provider.addItems(PROVIDERS)
        self.base_url = QLineEdit()
        self.base_url.setPlaceholderText("https://api.openai.com/v1")
        self.model = QLineEdit()
        self.model.setPlaceholderText("gpt-4o-mini")
        self.temperature = QDoubleSpinBox()
        self.temperature.setRange(0.0, 2.0)
        self.temperature.setSingleStep(0.1)
        self.temperature.setDecimals(2)
        self.context_limit = QSpinBox()
        self.context_limit.setRange(1, 100000)
        self.context_limit.setSuffix(translate("LLMConfigsDialog", " K tokens"))
        self.context_strategy = QComboBox()
        for strategy in CONTEXT_STRATEGIES:
            self.context_strategy.addItem(translate("LLMConfigsDialog", STRATEGY_WORDS.get(strategy, strategy)), strategy)
        self.mode = QComboBox()
        for mode, (name, _) in MODES.items():
            self.mode.addItem(name, mode)
        self.mode_help = plain_label()
        theme.secondary_text(self.mode_help)
        self.api_key = QLineEdit()
        self.api_key.setEchoMode(QLineEdit.EchoMode.Password)
        # Kept by this app only (never sent): the cost line under the limits uses them.
        self.price_in, self.price_out = QDoubleSpinBox(), QDoubleSpinBox()
        for box, name, tip in (
            (self.price_in, translate("LLMConfigsDialog", "Price per million input tokens"),
             translate("LLMConfigsDialog", "US$ per million input tokens of this model, for the cost estimate; kept on this computer only")),
            (self.price_out, translate("LLMConfigsDialog", "Price per million output tokens"),
             translate("LLMConfigsDialog", "US$ per million output tokens of this model, for the cost estimate; kept on this computer only")),
        ):
            box.setRange(0.0, 10000.0)
            box.setDecimals(3)
            box.setPrefix("$ ")
            box.setSpecialValueText(translate("LLMConfigsDialog", "not set"))
            box.setAccessibleName(name)
            box.setToolTip(tip)
        prices = QHBoxLayout()
        prices.addWidget(self.price_in)
        prices.addWidget(QLabel(translate("LLMConfigsDialog", "in ·")))
        prices.addWidget(self.price_out)
        prices.addWidget(QLabel(translate("LLMConfigsDialog", "out, per 1M tokens")))
        form = QFormLayout()
        form.addRow(translate("LLMConfigsDialog", "Name"), self.name)
        form.addRow(translate("LLMConfigsDialog", "Provider"), self.provider)
        form.addRow(translate("LLMConfigsDialog", "Base URL"), self.base_url)
        form.addRow(translate("LLMConfigsDialog", "Model"), self.model)
        form.addRow(translate("LLMConfigsDialog", "Temperature"), self.temperature)
        form.addRow(translate("LLMConfigsDialog", "Context limit"), self.context_limit)
        form.addRow(translate("LLMConfigsDialog", "Context strategy"), self.context_strategy)
        form.addRow(translate("LLMConfigsDialog", "Copilot mode"), self.mode)
        form.addRow("", self.mode_help)
        form.addRow(translate("LLMConfigsDialog", "API key"), self.api_key)
        form.addRow(translate("LLMConfigsDialog", "Price"), prices)
        self.message = plain_label()
        self.save_button = QPushButton(translate("LLMConfigsDialog", "Save"))
        self.save_button.setDefault(True)
        self.close_button = QPushButton(translate("LLMConfigsDialog", "Close"))
        bottom = QHBoxLayout()
        bottom.addWidget(self.message, 1)
        bottom.addWidget(self.save_button)
        bottom.addWidget(self.close_button)
        right = QVBoxLayout()
        right.addWidget(self.source)
        right.addLayout(form)
        right.addStretch(1)
        columns = QHBoxLayout()
        columns.addLayout(left, 2)
        columns.addLayout(right, 3)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(columns, 1)
        layout.addLayout(bottom)
        self._fields = (
            self.name, self.provider, self.base_url, self.model, self.temperature, self.context_limit,
            self.context_strategy, self.mode, self.api_key,
        )

        self._configs: dict[str, LLMModelConfig] = {}
        self._prices: dict[str, list[float]] = {}
        self._original: LLMModelConfig | None = None  # None: a new configuration
        self._loaded = False
        self.list.currentItemChanged.connect(lambda item, _old: self._show(item.data(ROLE_ID) if item else None))
        self.mode.currentIndexChanged.connect(self._explain_mode)
        self.new_button.clicked.connect(self.start_new)
        self.save_button.clicked.connect(self._save)
        self.delete_button.clicked.connect(self._delete)
        self.default_button.clicked.connect(lambda: self._original and self.default_requested.emit(self._original.config_id))
        self.close_button.clicked.connect(self.close)
        self._explain_mode()
        self.start_new()

    # -- what the presenter sends ---------------------------------------------------

    def set_configs(self, configs: LLMConfigList, select: str | None = None) -> None:
        """A fresh list. The form keeps what was typed unless another configuration
        is selected (`select`) or the edited one is gone."""
        current = self._original.config_id if self._original else None
        self._configs = {c.config_id: c for c in configs.configs}
        default_id = configs.default_config.config_id if configs.default_config else None
        self.list.blockSignals(True)
        self.list.clear()
        for config in configs.configs:
            text = ("★ " if config.config_id == default_id else "") + config.name
            text += f"\n    {config.config.provider} · {config.config.model}"
            if config.read_only:
                text += " · " + translate("LLMConfigsDialog", "group “{group}”").format(group=untrusted.in_sentence(config.group_name or "?"))
            item = QListWidgetItem(untrusted.visible(text))  # plain: names come from the controller
            item.setData(ROLE_ID, config.config_id)
            self.list.addItem(item)
        self.list.blockSignals(False)
        wanted = select or current
        if not self._loaded:
            wanted, self._loaded = default_id, True
        if wanted in self._configs:
            self._select_row(wanted)
            if select or wanted != current:
                self._show(wanted)
            else:
                self._original = self._configs[wanted]  # the new version to compare with
                self._update_buttons()
        elif current is not None:
            self._show(default_id)  # the edited configuration is gone
            self._select_row(default_id)
        if not configs.configs:
            self.show_message(translate("LLMConfigsDialog", "No LLM is set up yet: fill in the form to make one, then Save."))

    def show_message(self, text: str, *, error: bool = False) -> None:
        self.message.setStyleSheet(f"color: {theme.RED};" if error else "")
        untrusted.set_plain(self.message, text)  # the controller's words, names

    # -- the form -------------------------------------------------------------------

    def start_new(self) -> None:
        self.list.blockSignals(True)
        self.list.clearSelection()
        self.list.setCurrentRow(-1)
        self.list.blockSignals(False)
        self._original = None
        self._fill(None)
        self.name.setFocus()

    def _select_row(self, config_id: str | None) -> None:
        self.list.blockSignals(True)
        for row in range(self.list.count()):
            if self.list.item(row).data(ROLE_ID) == config_id:
                self.list.setCurrentRow(row)
        self.list.blockSignals(False)

    def _show(self, config_id: str | None) -> None:
        config = self._configs.get(config_id) if config_id else None
        if config is None:
            self.start_new()
            return
        self._original = config
        self._fill(config)

    def _fill(self, config: LLMModelConfig | None) -> None:
        draft = LLMConfigDraft.of(config) if config else LLMConfigDraft.model_construct(
            name="", model_type="text", provider="openai", base_url="", model="", temperature=0.7,
            context_limit=128, context_strategy="balanced", copilot_mode=TEACHING, api_key="", is_default=False,
        )
        self.name.setText(draft.name)
        if self.provider.findText(draft.provider) < 0:
            self.provider.addItem(draft.provider)  # a provider this app does not list
        self.provider.setCurrentText(draft.provider)
        self.base_url.setText(draft.base_url)
        self.model.setText(draft.model)
        self.temperature.setValue(draft.temperature)
        self.context_limit.setValue(draft.context_limit)
        if self.context_strategy.findData(draft.context_strategy) < 0:
            self.context_strategy.addItem(draft.context_strategy, draft.context_strategy)  # one this app does not know
        self.context_strategy.setCurrentIndex(self.context_strategy.findData(draft.context_strategy))
        index = self.mode.findData(draft.copilot_mode)
        self.mode.setCurrentIndex(index if index >= 0 else 0)
        price = self._prices.get(draft.model, [0.0, 0.0])
        self.price_in.setValue(price[0])
        self.price_out.setValue(price[1])
        self.api_key.clear()
        self.api_key.setPlaceholderText(
            "" if config and config.read_only else translate("LLMConfigsDialog", KEY_KEPT if config else KEY_NEW))
        read_only = bool(config and config.read_only)
        for field in self._fields:
            field.setEnabled(not read_only)
        if read_only:
            untrusted.set_plain(self.source, translate("LLMConfigsDialog", "Inherited from the group “{group}”: read-only here.").format(
                group=untrusted.in_sentence(config.group_name or "?")))
        else:
            self.source.setText("" if config else translate("LLMConfigsDialog", "A new configuration"))
        self.show_message("")
        self._update_buttons()

    def _update_buttons(self) -> None:
        config = self._original
        editable = config is None or not config.read_only
        self.save_button.setEnabled(editable)
        self.delete_button.setEnabled(config is not None and not config.read_only)
        self.default_button.setEnabled(config is not None and not config.read_only and not config.is_default)

    def _explain_mode(self) -> None:
        mode = self.mode.currentData() or TEACHING
        self.mode_help.setText(MODES[mode][1])

    def draft(self) -> LLMConfigDraft:
        """The form as a draft; raises ValueError with the controller's field names."""
        return LLMConfigDraft(
            name=self.name.text().strip(), model_type=self._original.model_type if self._original else "text",
            provider=self.provider.currentText(), base_url=self.base_url.text().strip(),
            model=self.model.text().strip(), temperature=round(self.temperature.value(), 2),
            context_limit=self.context_limit.value(), context_strategy=self.context_strategy.currentData(),
            copilot_mode=self.mode.currentData() or TEACHING, api_key=self.api_key.text(),
            is_default=self._original.is_default if self._original else not self._configs,
        )

    def _save(self) -> None:
        try:
            draft = self.draft()
        except ValueError as exc:
            self.show_message(_in_words(exc), error=True)
            return
        self.show_message(translate("LLMConfigsDialog", "Saving…"))
        # Kept here too: the form shows them again when the list reloads after the save.
        self._prices[draft.model] = [self.price_in.value(), self.price_out.value()]
        self.price_entered.emit(draft.model, self.price_in.value(), self.price_out.value())
        self.save_requested.emit(self._original, draft)

    def set_prices(self, prices: dict[str, list[float]]) -> None:
        self._prices = dict(prices)

    def _delete(self) -> None:
        config = self._original
        if config is None or config.read_only:
            return
        box = untrusted.plain_message_box(
            QMessageBox.Icon.Warning, translate("LLMConfigsDialog", "Delete LLM configuration"),
            translate("LLMConfigsDialog", "Delete “{name}” from the controller?").format(name=untrusted.in_sentence(config.name)),
            QMessageBox.StandardButton.Cancel, self)
        box.delete_button = box.addButton(translate("LLMConfigsDialog", "Delete"), QMessageBox.ButtonRole.DestructiveRole)
        box.finished.connect(
            lambda _r: self.delete_requested.emit(config.config_id) if box.clickedButton() is box.delete_button else None
        )
        box.open()
        self.confirm_box = box


NAMES = {  # the form's field labels, by the controller's field name
    "name": QT_TRANSLATE_NOOP("LLMConfigsDialog", "Name"), "model": QT_TRANSLATE_NOOP("LLMConfigsDialog", "Model"),
    "provider": QT_TRANSLATE_NOOP("LLMConfigsDialog", "Provider"),
    "context_limit": QT_TRANSLATE_NOOP("LLMConfigsDialog", "Context limit"),
    "temperature": QT_TRANSLATE_NOOP("LLMConfigsDialog", "Temperature"),
    "context_strategy": QT_TRANSLATE_NOOP("LLMConfigsDialog", "Context strategy"),
}


def _in_words(exc: ValueError) -> str:
    errors = getattr(exc, "errors", None)
    if not callable(errors):
        return str(exc)
    first = errors()[0]
    field = translate("LLMConfigsDialog", NAMES.get(str(first.get("loc", ("",))[0]), QT_TRANSLATE_NOOP("LLMConfigsDialog", "A field")))
    if first.get("type") == "string_too_short":
        return translate("LLMConfigsDialog", "{field} cannot be empty.").format(field=field)
    if first.get("type") == "string_too_long":
        limit = (first.get("ctx") or {}).get("max_length", "?")
        return translate("LLMConfigsDialog", "{field} is too long: at most {count} characters.").format(field=field, count=limit)
    # pydantic's own words for the rest (a number out of range …): no translation of them exists.
    return translate("LLMConfigsDialog", "{field}: {problem}").format(field=field, problem=first.get("msg"))
