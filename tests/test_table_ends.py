"""Where a Markdown table ends (protocol.table_ends): as GitHub ends it, with nothing
else of the text changed."""

from __future__ import annotations

import pytest

from gns3_copilot_desktop.protocol.table_ends import end_tables

TABLE = "| a | b |\n|---|---|\n| 1 | 2 |\n"


@pytest.mark.parametrize("after", ["```\ncode\n```\n", "~~~~ text\ncode\n~~~~\n", "# Heading\n", "### Sub\n"])
def test_a_fence_or_heading_right_under_a_table_is_set_apart(after):
    assert end_tables(TABLE + after) == TABLE + "\n" + after


def test_tables_without_outer_pipes_end_too():
    table = "a | b\n:-- | --:\n1 | 2\n"
    assert end_tables(table + "```\nx\n```") == table + "\n```\nx\n```"


@pytest.mark.parametrize("text", [
    TABLE + "a further row\n```\ncode\n```",  # a row first: the fence still ends the table
])
def test_the_table_ends_after_its_last_row(text):
    assert end_tables(text) == text.replace("row\n```", "row\n\n```")


@pytest.mark.parametrize("text", [
    TABLE + "\n```\ncode\n```\n",  # already apart
    TABLE + "more row | x\n",  # GitHub continues a table with a plain line
    "```\n| a | b |\n|---|---|\n```\n# not a heading after the table in the code\n",
    "```\n| a | b |\n|---|---|\n| 1 | 2 |\n```\n",  # a table-like text inside code, closed
    "````\n| a |\n|---|\n```\n# inside still\n````\n",  # a shorter fence does not close it
    "text | with a pipe\n# Heading\n",  # no delimiter row: no table
    "# Title\n\nJust words.\n",
    "",
])
def test_nothing_else_changes(text):
    assert end_tables(text) == text
