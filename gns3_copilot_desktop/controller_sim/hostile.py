"""A corpus of hostile inputs, as an LLM, network devices or other users could send
them, for tests and `bench/hostile.py`. The reference controller plays one verbatim:
the chat message `/hostile NAME`, the fault `X-Demo-Fault: play=NAME`, or, in the same
process, `Faults(play=Play(...))` with any text.

Each case is an answer (streamed in pieces of `piece_chars`), and/or one tool call
whose name, arguments and output are sent as they are (the arguments are a string, so
JSON nested 10,000 deep can be sent without building it), and/or raw bytes (invalid
UTF-8) sent as one `data:` line.
"""

from __future__ import annotations

from dataclasses import dataclass

HOSTILE = "/hostile"


@dataclass(frozen=True)
class Play:
    answer: str = ""
    tool_name: str | None = None
    tool_arguments: str = "{}"
    tool_output: str | None = None
    raw: bytes | None = None  # a `data:` payload sent as it is, after the answer
    piece_chars: int = 40


def _nested_json(depth: int) -> str:
    return '{"a": ' * depth + "1" + "}" * depth


def _table(size: int) -> str:
    rows = ["| Device | Interface | Status | Address |", "|---|---|---|---|"]
    total, n = 0, 0
    while total < size:
        row = f"| R{n % 64} | Gi0/{n % 8} | up | 10.{n % 250}.{n % 7}.1/24 |"
        rows.append(row)
        total += len(row) + 1
        n += 1
    return "\n".join(rows) + "\n"


def _link_definitions(size: int) -> str:
    """Paragraphs full of reference links, defined at the start and at the end by
    thousands of lines, half of them only looking like definitions."""
    defined = "".join(f"[top{i}]: https://example.com/top/{i}\n" for i in range(1000)) + "\n"
    parts, total, n = [defined], len(defined), 0
    while total < size:
        part = (f"Paragraph {n}: see [R{n % 64}][{n % 3000}], [the guide][top{n % 1000}], [x][y] and "
                f"[OSPF] [^{n}].\n\n")
        parts.append(part)
        total += len(part)
        n += 1
    parts += [f"[{i}]: https://example.com/{i}\n" for i in range(3000)]
    parts += ["\n"] + [f"[y{i}]: not an address {i}\n" for i in range(3000)]
    return "".join(parts) + "\nend of the links\n"


def _code_fences() -> str:
    """Code blocks written as a model writes them when it shows how to write one: a
    "```" block inside a "````" one, a "~~~" line in a "```" block, a long "~~~~" block
    with a "~~~" line in it, and inline code with three backticks at a line's start."""
    config = "".join(f"interface GigabitEthernet0/{i}\n ip address 10.0.{i}.1 255.255.255.0\n\n" for i in range(150))
    return (
        "To show a configuration in a chat, write it in a code block:\n\n"
        "````markdown\nHere is R1:\n\n```\n\nhostname R1\n\n```\n\nThat is all.\n````\n\n"
        "A tilde line is code inside a backtick block:\n\n```\nbanner motd\n~~~\n\nAuthorized access only\n\n~~~\n```\n\n"
        "```show ip route``` lists the routes; the configuration of R2 follows.\n\n"
        "~~~~text\n" + config[:2000] + "~~~\n" + config + "~~~~\n\n"
        + "".join(f"Paragraph {i} after the code, about OSPF area {i % 4}.\n\n" for i in range(40))
        + "end of the code fences\n"
    )


def cases() -> dict[str, Play]:
    """Made when asked (some are megabytes)."""
    return {
        "image-files": Play(
            answer="Here is the diagram:\n\n![the topology](/etc/hostname)\n\n![zero](/dev/zero)\n\n"
            "![remote](http://127.0.0.1:9/x.png)\n\nThat is all.\n"
        ),
        "links": Play(
            answer="Links: [passwd](file:///etc/passwd), [relative](../../etc/passwd), "
            "[js](javascript:alert(1)), [share](smb://host/share), [docs](https://docs.gns3.com/), "
            "and [\u202efdp.exe](https://example.com/evil.exe).\n"
        ),
        "tags": Play(answer="Replace `<ip>` with the address, then run show interface <name> on <br> each router.\n"),
        "rich-names": Play(
            answer="Running it.\n",
            tool_name='<img src="/dev/zero">show_<b>bold</b>',
            tool_arguments='{"device": "<img src=/dev/zero>R1"}',
            tool_output='<img src="/dev/zero"><b>bold</b> <a href="file:///etc/passwd">x</a>',
        ),
        "hidden-chars": Play(
            answer="zero\u200bwidth, \u202eevil\u202c override, \u2066isolate\u2069, NUL:\x00:end, "
            "[\u202egnp.exe](https://example.com/a.exe)\n"
        ),
        "long-line": Play(answer="A" * (5 * 1024 * 1024) + "\n\nend of the long line\n", piece_chars=64 * 1024),
        "long-words": Play(answer="word " * (1024 * 1024 // 5) + "\n\nend of the words\n", piece_chars=8 * 1024),
        "big-table": Play(answer=_table(1024 * 1024) + "\nend of the table\n", piece_chars=1024),
        "nested-json": Play(
            answer="Calling a tool.\n",
            tool_name="show_config",
            tool_arguments="[" * 10000 + "]" * 10000,
            tool_output=_nested_json(10000),
        ),
        "deep-markdown": Play(
            answer=">" * 5000 + " quoted\n\n" + "".join("  " * i + "- item\n" for i in range(300)) + "\n"
            + "[" * 5000 + "x" + "]" * 5000 + "\n\nafter the nesting\n",
            piece_chars=512,
        ),
        "link-definitions": Play(answer=_link_definitions(1024 * 1024), piece_chars=1024),
        "code-fences": Play(answer=_code_fences(), piece_chars=64),
        "huge-output": Play(answer="Dumping.\n", tool_name="dump", tool_output="x" * (5 * 1024 * 1024)),
        "invalid-utf8": Play(
            answer="before the bad bytes\n",
            raw=b'{"type": "content", "content": "bad \xff\xfe bytes \xc3( here\\u0000nul"}',
        ),
    }


def parse(message: str) -> Play | None:
    """The case a `/hostile NAME` message asks for."""
    if not message.startswith(HOSTILE):
        return None
    return cases().get(message[len(HOSTILE):].strip())
