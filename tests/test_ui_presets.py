"""Presets in the limits panel: built-ins, save-as, delete, limits restored per project,
and a corrupt presets file that costs nothing but a message."""

from __future__ import annotations

from gns3_copilot_desktop.app import build, parse_args
from gns3_copilot_desktop.store import BUILT_IN_PRESETS, Limits


def test_built_in_presets_set_the_spin_boxes(app):
    panel = app.window.limits
    names = [panel.preset.itemData(i) for i in range(panel.preset.count())]
    assert names[:3] == ["Default", "Quick look", "Lab build"]
    assert panel.preset.currentText() == "Default  (20 iterations and unlimited tool calls)"
    panel.preset.activated.emit(1)
    assert (panel.iterations.value(), panel.tool_calls.value(), panel.unlimited.isChecked()) == (5, 3, False)
    panel.iterations.setValue(6)
    assert panel.preset.currentText() == "Custom  (6 iterations and 3 tool calls)"


def _question(panel):
    return panel._preset_question


def test_save_as_asks_before_replacing_and_delete_asks(app):
    panel = app.window.limits
    panel.iterations.setValue(33)
    panel.unlimited.setChecked(False)
    panel.tool_calls.setValue(11)
    panel.save_as.click()
    dialog = _question(panel)
    dialog.setTextValue("OSPF 实验")
    dialog.accept()
    assert panel.preset.currentData() == "OSPF 实验" and panel.delete.isEnabled()
    # The same name again, other limits: it asks; "Cancel" brings the name back.
    panel.iterations.setValue(44)
    panel.save_as.click()
    _question(panel).setTextValue("ospf  实验")
    _question(panel).accept()
    box = _question(panel)
    assert "Replace it" in box.text()
    box.button(box.StandardButton.Cancel).click()
    assert _question(panel).isVisible() and _question(panel).textValue() == "ospf  实验"
    _question(panel).accept()
    _question(panel).replace_button.click()
    assert app.presenter.presets.presets()[-1].limits.max_iterations == 44
    assert panel.preset.currentData() == "OSPF 实验"
    # Delete asks; Cancel keeps it.
    panel.delete.click()
    _question(panel).button(_question(panel).StandardButton.Cancel).click()
    assert "OSPF 实验" in [panel.preset.itemData(i) for i in range(panel.preset.count())]
    panel.delete.click()
    _question(panel).delete_button.click()
    assert "OSPF 实验" not in [panel.preset.itemData(i) for i in range(panel.preset.count())]


def test_a_rejected_preset_name_keeps_the_dialog_open_with_the_name(app):
    panel = app.window.limits
    panel.save_as.click()
    _question(panel).setTextValue("Default")
    _question(panel).accept()
    dialog = _question(panel)
    assert dialog.isVisible() and dialog.textValue() == "Default" and "built-in" in dialog.labelText()


def test_limits_are_restored_per_project_and_after_a_restart(app, qapp):
    app.sign_in_demo()
    app.choose("OSPF Lab")
    panel = app.window.limits
    panel.iterations.setValue(40)
    panel.unlimited.setChecked(False)
    panel.tool_calls.setValue(25)
    app.choose("Sandbox")
    assert panel.limits() == Limits(20, None)  # a project never used: the defaults
    panel.iterations.setValue(3)
    app.choose("OSPF Lab")
    assert panel.limits() == Limits(40, 25)
    app.choose("Sandbox")
    assert panel.limits() == Limits(3, None)
    # A new window (a restart) reads the same file.
    presenter, window = build(parse_args([]), qapp)
    url = app.demo.url
    assert presenter.presets.last_used(url, next(p.project_id for p in app.presenter.projects if p.name == "OSPF Lab")) == Limits(40, 25)
    window.deleteLater()


def test_a_corrupt_presets_file_is_told_once_and_the_app_works(app, qapp):
    path = app.config_dir / "presets.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{ this is not json")
    presenter, window = build(parse_args([]), qapp)
    notices = []
    presenter.notice.connect(notices.append)
    creds = app.demo.credentials
    app.run(presenter.start(creds.url, "admin"))
    assert len([n for n in notices if "presets.json was damaged" in n]) == 1
    assert window.limits.preset.count() == len(BUILT_IN_PRESETS)
    assert list(app.config_dir.glob("presets.json.corrupt-*"))
    app.run(presenter.shutdown())
    window.deleteLater()
