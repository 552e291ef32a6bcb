"""Markdown as a person reads it, in one line of plain text: for the places that show a
piece of an answer outside the chat (search snippets), where `**`, `##` and backticks
would be noise. Pure; not a renderer: what it does not know stays as it was."""

from __future__ import annotations

import re

from .fences import FENCE_LINE

_RULE = re.compile(r"^[ \t]*([-*_][ \t]*){3,}$", re.MULTILINE)
_TABLE_RULE = re.compile(r"^[ \t]*\|?([ \t]*:?-{3,}:?[ \t]*\|)+[ \t]*:?-*:?[ \t]*\|?[ \t]*$", re.MULTILINE)
_HEADING = re.compile(r"^[ \t]{0,3}#{1,6}[ \t]+|[ \t]+#+[ \t]*$", re.MULTILINE)
_QUOTE = re.compile(r"^[ \t]*(>[ \t]?)+", re.MULTILINE)
_BULLET = re.compile(r"^[ \t]*[-*+][ \t]+(\[[ xX]\][ \t]+)?", re.MULTILINE)
_IMAGE = re.compile(r"!\[([^\]\n]*)\]\([^)\n]*\)")
_LINK = re.compile(r"\[([^\]\n]+)\]\([^)\n]*\)")
# Emphasis needs its markers against the word (`a * b` is not emphasis); single `_` is
# left alone: tool and interface names are full of it.
_STRONG = re.compile(r"(\*\*|__)(?=\S)(.+?)(?<=\S)\1")
_EMPHASIS = re.compile(r"(?<![\w*])\*(?=\S)([^*\n]+?)(?<=\S)\*(?![\w*])")
_STRIKE = re.compile(r"~~(?=\S)(.+?)(?<=\S)~~")
# A code span: a run of backticks, then text on the same line, then a run as long (not
# part of a longer one). Bounded: with a free `.+?` a line of thousands of backticks
# made the expression try every run against every other (a 20,000 one: 111 s).
_CODE = re.compile(r"(?<!`)(`+)(?!`)([^\n]{1,200}?)(?<!`)\1(?!`)")
_PIPES = re.compile(r"[ \t]*\|[ \t]*")


def plain_text(markdown: str) -> str:
    text = FENCE_LINE.sub("", markdown)  # ("```show``` x" is inline code: kept)
    text = _TABLE_RULE.sub("", text)
    text = _RULE.sub("", text)
    text = _HEADING.sub("", text)
    text = _QUOTE.sub("", text)
    text = _BULLET.sub("", text)
    text = _IMAGE.sub(r"\1", text)
    text = _LINK.sub(r"\1", text)
    text = _CODE.sub(lambda m: m.group(2).strip(), text)
    text = _STRONG.sub(r"\2", text)
    text = _EMPHASIS.sub(r"\1", text)
    text = _STRIKE.sub(r"\1", text)
    text = "\n".join(_PIPES.sub("  ", line).strip() if "|" in line else line for line in text.split("\n"))
    return text
