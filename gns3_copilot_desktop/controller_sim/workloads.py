"""Heavy, deterministic workloads for benchmarks: a firehose turn and a long history.

`/bench-stream [CONTENT_EVENTS] [TOOL_CALLS] [OUTPUT_KB]` as a chat message plays one turn
of about 1 MB of Markdown (code blocks, tables, Chinese) in CONTENT_EVENTS pieces, with
TOOL_CALLS tool calls whose outputs are OUTPUT_KB of JSON each. Send it with
`max_iterations` of at least TOOL_CALLS / 2 + 1.

`/bench-realistic` plays a typical turn instead, at the controller's pace: a few words
before each of two rounds of tool calls (outputs of 2 to 10 KB), then an answer of about
3 KB of Markdown with a table and a code block, streamed a few words at a time.
"""

from __future__ import annotations

import json
from typing import Any

from .agent import LLMReply, Script, ToolCallSpec

BENCH_STREAM = "/bench-stream"
BENCH_REALISTIC = "/bench-realistic"
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


_REALISTIC_ANSWER = """## OSPF on R1–R4: what I found

All four routers run **OSPF area 0** and see each other, but R3 does not advertise its
LAN: `10.0.3.0/24` is missing from the LSDB of R1, R2 and R4, so PC3 cannot be reached
from the other PCs. The interfaces themselves are fine: no errors, no drops, and the
links between the routers are all *up/up*.

| Router | Router ID | Neighbours | LAN | Advertised | 状态 |
|---|---|---|---|---|---|
| R1 | 1.1.1.1 | R2, R4 | 10.0.1.0/24 | yes | 正常 |
| R2 | 2.2.2.2 | R1, R3 | 10.0.2.0/24 | yes | 正常 |
| R3 | 3.3.3.3 | R2, R4 | 10.0.3.0/24 | **no** | 缺少网络声明 |
| R4 | 4.4.4.4 | R1, R3 | 10.0.4.0/24 | yes | 正常 |

The cause is the `network` statement on R3: it covers the transit links only. Add the
LAN to area 0 on R3:

```
configure terminal
router ospf 1
 network 10.0.3.0 0.0.0.255 area 0
 passive-interface GigabitEthernet0/2
end
write memory
```

Then check the result:

1. On R3, `show ip ospf interface brief` lists **Gi0/2** in area 0 (passive).
2. On R1, `show ip route ospf` has `O 10.0.3.0/24 [110/3] via 10.0.12.2`.
3. From PC1, `ping 10.0.3.10` succeeds; the first packet may time out while ARP resolves.

A few more things worth knowing while you are at it:

- The hello and dead timers match everywhere (10 s / 40 s), so the adjacencies are stable.
- R2 is the DR on the R1–R2 segment because of its higher router ID; nothing to change.
- The reference bandwidth is the default 100 Mbit/s, so every Gigabit link costs 1. If you
  add 10G links later, raise it on **all** routers with `auto-cost reference-bandwidth
  10000`, or OSPF will not tell them apart.

### Why PC3 still answered its own gateway

PC3's gateway is R3's `Gi0/2`, which is up and configured, so pings inside `10.0.3.0/24`
work. Only traffic that has to leave the LAN fails: the other routers have no route back,
and R3 drops nothing; the replies simply never find their way. `traceroute` from PC1
stops after the first hop, which is what a missing route (not an ACL) looks like.

For the record, this is what I checked, in order:

1. `show ip ospf neighbor` on every router: all adjacencies **FULL**, none stuck in
   *EXSTART* or *2WAY*, so MTU and area settings agree.
2. `show ip ospf database router 3.3.3.3` on R1: R3's router LSA lists its two transit
   links and no stub network for `10.0.3.0/24`.
3. `show running-config | section ospf` on R3: the `network` statements match
   `10.0.23.0/30` and `10.0.34.0/30` only.
4. `show ip interface brief` on R3: `Gi0/2` is *up/up* with `10.0.3.1/24`, so the
   interface itself is not the problem.

Nothing else in the lab needs changing: the PCs' addresses, masks and gateways are right,
and no access list is applied anywhere.

If you want, I can make the change on R3 and run the checks for you: switch the Copilot
to **Lab automation** mode and ask me to "fix OSPF on R3".
"""


def realistic() -> Script:
    """A typical turn: a few words, two tool calls; a few words, one more; the answer."""
    yield LLMReply("Let me look at the topology and at the interfaces of the routers first.", [
        ToolCallSpec("bench_dump", {"index": 1, "kb": 2}), ToolCallSpec("bench_dump", {"index": 2, "kb": 10}),
    ])
    yield LLMReply("The links are up. Now the OSPF neighbours and the routes on R1, to see what is missing.", [
        ToolCallSpec("bench_dump", {"index": 3, "kb": 5}),
    ])
    yield LLMReply(_REALISTIC_ANSWER)


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
