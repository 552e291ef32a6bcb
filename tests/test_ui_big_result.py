"""A tool result of megabytes: "Show all" shows its start at once and fills the rest
in slices, once, also when the user collapses it halfway and shows it again."""

from __future__ import annotations


def test_show_all_on_a_result_of_megabytes_ends_with_the_whole_result_once(app):
    app.sign_in_demo()
    app.choose("OSPF Lab")
    app.send("/bench-stream 5 1 2048")  # one tool call with about 2 MB of indented JSON
    app.finish_turn(30)
    [card] = app.cards()
    from gns3_copilot_desktop.ui.tool_card import pretty

    output = pretty(app.presenter.transcript.tool_calls()[0].output)  # as the card shows it
    assert len(output) > 2_000_000

    card.show_all.click()
    assert card.filling()  # too big for one slice: the window keeps answering meanwhile
    assert output.startswith(card.shown_output()) and card.shown_output()
    card.show_all.click()  # "Show less" halfway
    assert card.show_all.text().startswith("Show all (")
    card.show_all.click()
    app.wait(lambda: not card.filling(), 30, "the result in the editor")
    whole = card.shown_output()
    # As much as "Show all" shows of a result this big, once, and where the rest is.
    shown, _, rest = whole.partition("\n… ")
    assert output.startswith(shown) and len(shown) > 400_000
    assert "Copy gives the whole result" in rest
    card.show_all.click()
    card.show_all.click()  # shown again: already in the editor, not filled twice
    assert not card.filling() and card.shown_output() == whole
