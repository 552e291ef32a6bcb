"""Heavy, deterministic workloads for benchmarks: a firehose turn and a long history.

`/bench-stream [CONTENT_EVENTS] [TOOL_CALLS] [OUTPUT_KB]` as a chat message plays one turn
of about 1 MB of Markdown (code blocks, tables, Chinese) in CONTENT_EVENTS pieces, with
TOOL_CALLS tool calls whose outputs are OUTPUT_KB of JSON each. Send it with
`max_iterations` of at least TOOL_CALLS / 2 + 1.
"""

from __future__ import annotations

import json
from typing import Any

from .agent import LLMReply, Script, ToolCallSpec

BENCH_STREAM = "/bench-stream"
BENCH_HISTORY_SESSION = "bench-history"

_PARAGRAPH = (
    "Router **R{n}** runs OSPF area 0; its neighbours are up and the LSDB is in sync. "
    "路由器 R{n} 的接口状态正常，OSPF 邻居关系已建立，链路状态数据库已同步。 "
    "The interface counters show no errors, and the CPU stays under 5%.\n\n"
)
_CODE = "```\nrouter ospf 1\n router-id {n}.{n}.{n}.{n}\n network 10.0.{n}.0 0.0.0.255 area 0\n passive-interface default\n no passive-interface GigabitEthernet0/{n}\n```\n\n"
_TABLE = "| Device | Interface | Status | 地址 |\n|---|---|---|---|\n" + "".join(
    f"| R{{n}} | Gi0/{i} | up | 10.{{n}}.{i}.1/24 |\n" for i in range(4)
) + "\n"


def markdown_document(size_bytes: int, first_section: int = 1) -> str:
    """About `size_bytes` of UTF-8 Markdown, in sections with prose, code and tables."""
    parts, total, n = [], 0, first_section - 1
    while total < size_bytes:
        n += 1
        section = f"## Section {n}\n\n" + _PARAGRAPH.format(n=n) + _CODE.format(n=n % 250) + _TABLE.format(n=n)
        parts.append(section)
        total += len(section.encode())
    return "".join(parts)


def split_pieces(text: str, count: int) -> list[str]:
    """Exactly `count` pieces (when the text is long enough), of near-equal length."""
    count = max(1, min(count, len(text)))
    size, extra = divmod(len(text), count)
    pieces, start = [], 0
    for index in range(count):
        end = start + size + (1 if index < extra else 0)
        pieces.append(text[start:end])
        start = end
    return pieces


def big_output(index: int, kb: int) -> dict[str, Any]:
    """About `kb` kilobytes of JSON (as the tool result shows it, indented), like a
    device dump."""
    entry = {"interface": "GigabitEthernet0/0", "status": "up", "in_octets": 123456789, "description": "uplink to core 核心", "index": 0}
    one = len(json.dumps({"rows": [entry]}, indent=2, ensure_ascii=False).encode())
    two = len(json.dumps({"rows": [entry, entry]}, indent=2, ensure_ascii=False).encode())
    rows = max(1, (kb * 1024 - one) // (two - one) + 1)
    return {"call": index, "rows": [{**entry, "index": i} for i in range(rows)]}


def parse(message: str) -> tuple[int, int, int] | None:
    if not message.startswith(BENCH_STREAM):
        return None
    numbers = [int(x) for x in message[len(BENCH_STREAM):].split() if x.isdigit()]
    content, tools, kb = (numbers + [20000, 100, 100][len(numbers):])[:3]
    return content, tools, kb


def firehose(content_events: int, tool_calls: int, output_kb: int) -> Script:
    """One turn of `content_events` pieces of Markdown (about 50 bytes each), spread
    over replies that each ask for two tool calls, then the answer. Each reply is a
    whole document, as a model writes it: no code block left open."""
    batches = [list(range(i, min(i + 2, tool_calls))) for i in range(0, tool_calls, 2)]
    replies = len(batches) + 1
    section = 1
    for reply in range(replies):
        count = content_events // replies + (1 if reply < content_events % replies else 0)
        document = markdown_document(count * 50, first_section=section)
        section += document.count("## Section ")
        batch = batches[reply] if reply < len(batches) else []
        yield LLMReply(
            pieces=split_pieces(document, count) if count else [],
            tool_calls=[ToolCallSpec("bench_dump", {"index": i, "kb": output_kb}) for i in batch],
        )


def seed_history(session: Any, messages: int = 2000, tool_calls: int = 500) -> None:
    """A long conversation: turns of question, tool call, result and answer until
    `tool_calls` calls are in; plain question/answer turns fill up to `messages`."""
    document = markdown_document(1200)
    turns = 0
    while len(session.messages) < messages:
        turns += 1
        session.add_message(role="user", content=f"Question {turns}: check R{turns % 4 + 1} — 检查路由器")
        if turns <= tool_calls and len(session.messages) + 3 <= messages:
            call_id = f"call_hist_{turns:05d}"
            session.add_message(role="assistant", content="", tool_calls=[
                {"id": call_id, "type": "function", "function": {"name": "show_interface_status", "arguments": {"device": f"R{turns % 4 + 1}"}}}
            ])
            session.add_message(role="tool", name="show_interface_status", tool_call_id=call_id,
                                content=json.dumps(big_output(turns, 2), indent=2, ensure_ascii=False))
        if len(session.messages) < messages:
            session.add_message(role="assistant", content=document)
    session.title = "Benchmark: a long history"
