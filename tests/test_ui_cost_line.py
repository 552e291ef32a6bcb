"""The cost line under the limits: this chat's tokens as the controller counts them and,
once the user has entered the model's prices in the LLM settings, what they cost.
Nothing is estimated where nothing is known."""

from __future__ import annotations

from gns3_copilot_desktop.protocol.cost import Price, cost_line


def test_nothing_is_estimated_where_nothing_is_known():
    assert cost_line(0, 0, "gpt-4o", Price(2.5, 10)) == ""  # the controller counted nothing
    assert cost_line(1000, 200, None, None) == "This chat: 1,000 tokens in · 200 out"
    assert "enter gpt-4o's prices" in cost_line(1000, 200, "gpt-4o", None)
    assert "enter gpt-4o's prices" in cost_line(1000, 200, "gpt-4o", Price(0, 0))
    assert cost_line(1_000_000, 100_000, "gpt-4o", Price(2.5, 10)).endswith("≈ $3.5000 at the prices set for gpt-4o")


def test_the_line_follows_the_chat_and_the_prices_entered_in_llm_settings(app):
    app.sign_in_demo()
    app.choose("OSPF Lab")
    cost = app.window.limits.cost
    app.wait(lambda: app.presenter.llm_configs is not None, what="the LLM settings to load")
    model = app.presenter.llm_configs.default_config.config.model
    assert not cost.isVisible()  # no chat yet: nothing to count
    app.send("Show me the topology")
    app.finish_turn()
    app.wait(lambda: cost.isVisible() and "tokens in" in cost.text(), what="the cost line")
    assert f"enter {model}'s prices in LLM settings" in cost.text()

    # The prices, entered where the model is set up, are kept on this computer only.
    app.window.companion.open_llm_settings()
    dialog = app.window.companion.llm_dialog
    app.wait(lambda: dialog.model.text() == model, what="the default model in the form")
    dialog.price_in.setValue(3.0)
    dialog.price_out.setValue(15.0)
    dialog.save_button.click()
    app.wait(lambda: "≈ $" in cost.text(), what="the estimated cost")
    assert cost.text().endswith(f"at the prices set for {model}")
    assert app.presenter.settings.prices[model] == [3.0, 15.0]
    # The form keeps showing them (the list reloads after a save), says what was saved,
    # and a second Save keeps them.
    app.wait(lambda: "prices" in dialog.message.text(), what="the message")
    assert f"Saved the prices of {model}" in dialog.message.text()
    assert (dialog.price_in.value(), dialog.price_out.value()) == (3.0, 15.0)
    dialog.close()
    app.window.companion.open_llm_settings()
    app.settle(0.3)
    assert (dialog.price_in.value(), dialog.price_out.value()) == (3.0, 15.0), "reopened"
    dialog.save_button.click()
    app.wait(lambda: dialog.message.text() == "Nothing changed.", what="the second save")
    assert app.presenter.settings.prices[model] == [3.0, 15.0] and "≈ $" in cost.text()
    dialog.close()


def test_signing_out_leaves_no_figures_of_the_last_chat(app):
    """Beside "Not signed in" and "No project", the chat's tokens, calls and cost would
    describe a chat that is no longer shown."""
    app.sign_in_demo()
    app.choose("OSPF Lab")
    app.send("Show me the topology")
    app.finish_turn()
    header, cost = app.window.companion.header, app.window.limits.cost
    app.wait(lambda: header.stats.isVisible() and cost.isVisible(), what="the chat's figures")
    assert "OSPF Lab" in app.window.windowTitle()
    app.run(app.presenter.sign_out())
    assert not header.stats.isVisible() and not header.stats.text()
    assert not cost.isVisible() and not cost.text()
    assert app.window.windowTitle() == "GNS3 Copilot Desktop"
