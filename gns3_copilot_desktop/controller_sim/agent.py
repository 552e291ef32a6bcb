"""The scripted agent: plays a few network-engineering intents, in English and Chinese,
as LLM iterations over the simulated lab, the way the real Copilot's LLM would.

A script is a generator: each `yield` is one LLM reply (text and/or tool calls) and
receives the results of those tool calls. A reply without tool calls is the answer.
Nothing here knows about limits, streaming or HTTP: the engine does.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Generator
from dataclasses import dataclass, field
from typing import Any

from .lab import Lab

_CJK = re.compile(r"[\u4e00-\u9fff]")
_CN_NUMBERS = {"一": 1, "两": 2, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10}
_NODE = re.compile(r"(?<![A-Za-z0-9])((?:PC|R|SW)\d+)(?![0-9])", re.I)
_call_ids = itertools.count(1)


@dataclass
class ToolCallSpec:
    name: str
    arguments: dict[str, Any]
    id: str = field(default_factory=lambda: f"call_demo_{next(_call_ids):05d}")


@dataclass
class LLMReply:
    text: str = ""
    tool_calls: list[ToolCallSpec] = field(default_factory=list)
    # Streamed as given, when set (benchmarks); else the text is cut the way LLMs stream.
    pieces: list[str] | None = None

    def __post_init__(self) -> None:
        if self.pieces is not None and not self.text:
            self.text = "".join(self.pieces)


@dataclass
class ToolResult:
    call: ToolCallSpec
    output: Any
    status: str = "done"  # "done", "limit", "aborted"

    @property
    def text(self) -> str:
        return self.output if isinstance(self.output, str) else json.dumps(self.output, indent=2, ensure_ascii=False)


Script = Generator[LLMReply, list[ToolResult], None]


def run_tool(lab: Lab, call: ToolCallSpec) -> Any:
    """Run one tool against the lab; errors are the tool's answer, as with a real agent."""
    args = call.arguments
    try:
        if call.name == "get_project_topology":
            return lab.topology()
        if call.name == "show_interface_status":
            return lab.show_interfaces(args["device"])
        if call.name == "configure_ospf":
            return lab.configure_ospf(args["device"], int(args.get("area", 0)))
        if call.name == "show_ospf_neighbors":
            return lab.ospf_neighbors(args["device"])
        if call.name == "configure_interface":
            return lab.configure_interface(
                args["device"], args["interface"], area=args.get("area"), shutdown=args.get("shutdown"), ip=args.get("ip")
            )
        if call.name == "ping":
            return lab.ping(args["source"], args["destination"])
        if call.name in ("start_node", "stop_node"):
            return lab.set_status(args["node"], "started" if call.name == "start_node" else "stopped")
        if call.name == "bench_dump":
            from .workloads import big_output

            return big_output(int(args["index"]), int(args.get("kb", 100)))
    except (LookupError, KeyError, ValueError) as exc:
        return {"error": str(exc)}
    return {"error": f"unknown tool {call.name!r}"}


class _Words:
    """English or Chinese, chosen from the user's message."""

    def __init__(self, message: str):
        self.zh = bool(_CJK.search(message))

    def __call__(self, en: str, zh: str) -> str:
        return zh if self.zh else en


_CONTINUE = re.compile(r"^\W*(please\s+)?(go\s+on|continue)\b|^\W*(请)?继续", re.I)


def task_of(message: str, earlier_user_messages: list[str]) -> str:
    """What to work on: "Please continue where you stopped." (what the app's Continue
    sends) means the last real request of this chat, now with higher limits."""
    if _CONTINUE.search(message):
        for earlier in reversed(earlier_user_messages):
            if not _CONTINUE.search(earlier):
                return earlier
    return message


def call_key(call: ToolCallSpec) -> tuple[str, str]:
    """A tool call by what it asks: its tool and its arguments."""
    return call.name, json.dumps(call.arguments, sort_keys=True)


def earlier_results(messages: list[dict[str, Any]], request: str) -> dict[tuple[str, str], Any]:
    """What this chat's tools returned before, by call (see call_key): a model asked to
    continue has them in its context and does not call them again. Only what a tool
    returned (JSON): not a limit's refusals (words), nor a call stopped before it ran
    ({"status": "aborted", …}), and only since `request` was last asked (what an
    earlier task saw may have changed since: a node stopped). Without this, Continue ran
    the task from its start and met the higher limit at the same place."""
    asked: dict[str, tuple[str, str]] = {}
    results: dict[tuple[str, str], Any] = {}
    since = max((n for n, m in enumerate(messages) if m.get("role") == "user" and m.get("content") == request), default=0)
    for message in messages[since:]:
        if message.get("role") == "assistant":
            for call in message.get("tool_calls") or []:
                function = call.get("function") or {}
                arguments = function.get("arguments")
                if isinstance(arguments, str):
                    try:
                        arguments = json.loads(arguments)
                    except (ValueError, RecursionError):
                        continue
                asked[call.get("id")] = (function.get("name"), json.dumps(arguments, sort_keys=True))
        elif message.get("role") == "tool" and message.get("tool_call_id") in asked:
            try:
                output = json.loads(message.get("content") or "")
            except (ValueError, RecursionError):  # (a hostile output nested past Python's limit)
                continue
            if not (isinstance(output, dict) and output.get("status") == "aborted"):
                results[asked[message["tool_call_id"]]] = output
    return results


def going_on(message: str, reused: int) -> str:
    """What a continued turn says first."""
    say = _Words(message)
    return say(f"Going on from where I stopped (I have the results of the {reused} tool calls before).\n\n",
               f"从上次停下的地方继续（之前 {reused} 次工具调用的结果我已经有了）。\n\n")


def plan(message: str, lab: Lab, mode: str = "lab_automation_assistant") -> Script:
    """The script for what the user asked. In teaching mode (the Copilot's default) the
    agent only looks: what would change the lab is explained, not done."""
    from . import workloads

    bench = workloads.parse(message)
    if bench is not None:
        return workloads.firehose(*bench)
    if message.startswith(workloads.BENCH_REALISTIC):
        return workloads.realistic()
    text = message.lower()
    nodes = [m.upper() for m in _NODE.findall(message)]
    may_change = mode == "lab_automation_assistant"
    if re.search(r"troubleshoot|diagnos|\bfix\b|what'?s wrong", text) or any(w in message for w in ("排查", "故障", "修复")):
        from .injection import troubleshoot

        return troubleshoot(message, lab, may_change)
    if "ospf" in text:
        return _configure_ospf(message, lab) if may_change else _refuse(message, "configure OSPF")
    if "ping" in text or "连通" in message or "能否通" in message:
        return _ping(message, lab, nodes)
    if re.search(r"\b(start|stop)\b", text) or any(w in message for w in ("启动", "开启", "停止", "关闭")):
        return _start_stop(message, lab, nodes) if may_change else _refuse(message, "start or stop nodes")
    if "interface" in text or "接口" in message:
        return _interfaces(message, lab)
    if "topolog" in text or "拓扑" in message or re.search(r"\b(nodes|devices|lab)\b", text):
        return _topology(message, lab)
    return _help(message)


def _named_routers(message: str, routers: list[str]) -> list[str]:
    """Routers named in the request: a range "R1-R4" (also R1–R4, R1~R4, R1 to R4,
    R1到R4) or a list "R1, R3"; only those of the lab, in its order."""
    names: set[str] = set()
    for low, high in re.findall(r"(?<![A-Za-z0-9])R(\d+)\s*(?:-|–|—|~|to|到|至)\s*R?(\d+)", message, re.I):
        names |= {f"R{n}" for n in range(int(low), int(high) + 1)}
    names |= {m.upper() for m in _NODE.findall(message) if m.upper().startswith("R")}
    return [r for r in routers if r.upper() in names]


def _count(message: str) -> int | None:
    match = re.search(r"(\d+)", message)
    if match:
        return int(match.group(1))
    for char, value in _CN_NUMBERS.items():
        if f"{char}台" in message or f"{char}个" in message:
            return value
    return None


# -- scripts ----------------------------------------------------------------------


def _refuse(message: str, what: str) -> Script:
    w = _Words(message)
    yield LLMReply(w(
        f"I'm in **teaching mode**: I look and explain, but I don't change the lab, so I won't {what} "
        "myself. I can show you the commands and check the result once you have made the change. "
        "To let me do it, switch the Copilot mode to **Lab automation**.",
        "我处于**教学模式**：只查看和讲解，不会修改实验环境。我可以告诉你需要的命令，并在你完成修改后帮你检查结果。"
        "如需让我直接操作，请把 Copilot 模式切换为**实验自动化**。",
    ))


def _help(message: str) -> Script:
    w = _Words(message)
    yield LLMReply(w(
        "I'm the GNS3 demo Copilot. I work on this project's simulated lab, and I can:\n\n"
        "- **show the topology**: *\"Show me the topology\"*\n"
        "- **check interface status on all devices**: *\"Check the interface status of all devices\"*\n"
        "- **configure OSPF**: *\"Configure OSPF on 3 routers\"* or *\"Configure OSPF on all routers\"*\n"
        "- **ping between two PCs**: *\"Ping from PC1 to PC3\"*\n"
        "- **start or stop nodes**: *\"Stop R2\"*, *\"Start all nodes\"*\n\n"
        "Set **Max iterations** and **Max tool calls** in the limits panel to see how the "
        "runtime limits stop me.",
        "我是 GNS3 演示版 Copilot，作用于本项目的模拟实验环境，可以：\n\n"
        "- **查看拓扑**：*“显示拓扑”*\n"
        "- **检查所有设备的接口状态**：*“检查所有设备的接口状态”*\n"
        "- **配置 OSPF**：*“在 3 台路由器上配置 OSPF”* 或 *“配置所有路由器的 OSPF”*\n"
        "- **在两台 PC 之间 ping**：*“从 PC1 ping PC3”*\n"
        "- **启动或停止节点**：*“停止 R2”*、*“启动所有节点”*\n\n"
        "在限制面板中设置 **最大迭代次数** 和 **最大工具调用次数**，即可看到运行时限制如何让我停下。",
    ))


def _topology_call() -> ToolCallSpec:
    return ToolCallSpec("get_project_topology", {"tool_input": ""})


def _topology(message: str, lab: Lab) -> Script:
    w = _Words(message)
    [result] = yield LLMReply(w("Let me read the project's topology.", "我先读取项目的拓扑。"), [_topology_call()])
    topo = result.output
    if not topo.get("nodes"):
        yield LLMReply(w("This project has **no nodes** yet. Add some devices in the GNS3 GUI first.",
                         "这个项目还 **没有节点**。请先在 GNS3 GUI 中添加设备。"))
        return
    rows = "\n".join(f"| {n['name']} | {n['type']} | {n['status']} | {n['console']} |" for n in topo["nodes"])
    links = "\n".join(f"- `{link}`" for link in topo["links"])
    yield LLMReply(w(
        f"## Topology\n\nThe project has **{len(topo['nodes'])} nodes** and **{len(topo['links'])} links**.\n\n"
        f"| Node | Type | Status | Console |\n|---|---|---|---|\n{rows}\n\n### Links\n\n{links}\n",
        f"## 拓扑\n\n该项目有 **{len(topo['nodes'])} 个节点** 和 **{len(topo['links'])} 条链路**。\n\n"
        f"| 节点 | 类型 | 状态 | 控制台 |\n|---|---|---|---|\n{rows}\n\n### 链路\n\n{links}\n",
    ))


def _interfaces(message: str, lab: Lab) -> Script:
    w = _Words(message)
    [result] = yield LLMReply(
        w("I'll list the devices first, then check each one's interfaces.", "我先列出设备，然后逐台检查接口。"),
        [_topology_call()],
    )
    devices = [n["name"] for n in result.output.get("nodes", []) if n["type"] != "vpcs"]
    checked = []
    for device in devices:
        [result] = yield LLMReply("", [ToolCallSpec("show_interface_status", {"device": device})])
        checked.append(result.output)
    rows, problems = [], []
    for report in checked:
        if "error" in report:
            rows.append(f"| {report['device']} | – | – | {report['error']} |")
            continue
        up = sum(i["status"] == "up" for i in report["interfaces"])
        rows.append(f"| {report['device']} | {up}/{len(report['interfaces'])} | "
                    f"{', '.join(i['ip'] for i in report['interfaces'] if i['ip'] != 'unassigned') or '–'} | |")
        problems += [f"- **{report['device']} {i['name']}**: {i['status']}" for i in report["interfaces"]
                     if i["status"] != "up" and i["connected_to"]]
    table = "\n".join(rows)
    issues = "\n".join(problems) or w("- none: every connected interface is up.", "- 无：所有已连接的接口均为 up。")
    yield LLMReply(w(
        f"## Interface status\n\n| Device | Up | Addresses | Note |\n|---|---|---|---|\n{table}\n\n"
        f"### Connected interfaces that are down\n\n{issues}\n\n"
        "Unused ports are down or administratively down, as expected.",
        f"## 接口状态\n\n| 设备 | Up | 地址 | 备注 |\n|---|---|---|---|\n{table}\n\n"
        f"### 已连接但处于 down 的接口\n\n{issues}\n\n未使用的端口处于 down 或 administratively down，这是正常的。",
    ))


def _configure_ospf(message: str, lab: Lab) -> Script:
    w = _Words(message)
    [result] = yield LLMReply(w("First, the routers in this project.", "首先查看项目中的路由器。"), [_topology_call()])
    routers = [n["name"] for n in result.output.get("nodes", []) if n["type"] == "dynamips"]
    wanted = _count(message)
    if not routers:
        yield LLMReply(w("There are no routers in this project.", "这个项目中没有路由器。"))
        return
    named = _named_routers(message, routers)
    chosen = named or routers[: wanted or len(routers)]
    if named:
        wanted = None
    note = ""
    if wanted and wanted > len(routers):
        note = w(f" (you asked for {wanted}, the lab has {len(routers)})", f"（你要求 {wanted} 台，实验中只有 {len(routers)} 台）")
    results = yield LLMReply(
        w(f"Configuring OSPF area 0 on {', '.join(chosen)}{note}.", f"正在 {', '.join(chosen)} 上配置 OSPF 区域 0{note}。"),
        [ToolCallSpec("configure_ospf", {"device": r, "area": 0, "process_id": 1}) for r in chosen],
    )
    config = next((r.output.get("commands") for r in results if isinstance(r.output, dict) and r.output.get("commands")), [])
    checks = yield LLMReply(
        w("Now verifying the OSPF adjacencies.", "现在验证 OSPF 邻接关系。"),
        [ToolCallSpec("show_ospf_neighbors", {"device": r}) for r in chosen],
    )
    rows = "\n".join(
        f"| {c.output['device']} | {len(c.output.get('neighbors', []))} | "
        f"{', '.join(n['neighbor_id'] + ' (' + n['state'] + ')' for n in c.output.get('neighbors', [])) or '–'} |"
        for c in checks
    )
    snippet = "\n".join(config)
    yield LLMReply(w(
        f"## OSPF configured\n\nOSPF process 1, area 0, is running on **{len(chosen)} routers**.\n\n"
        f"| Router | Neighbors | Adjacencies |\n|---|---|---|\n{rows}\n\n"
        f"Configuration applied on {chosen[0]}:\n\n```\n{snippet}\n```\n",
        f"## OSPF 配置完成\n\n**{len(chosen)} 台路由器** 上已运行 OSPF 进程 1（区域 0）。\n\n"
        f"| 路由器 | 邻居数 | 邻接关系 |\n|---|---|---|\n{rows}\n\n在 {chosen[0]} 上应用的配置：\n\n```\n{snippet}\n```\n",
    ))


def _ping(message: str, lab: Lab, nodes: list[str]) -> Script:
    w = _Words(message)
    pcs = [d.name for d in lab.of_kind("pc")]
    if len(nodes) >= 2:
        source, destination = nodes[:2]
    elif nodes:
        destination = nodes[0]
        source = next((pc for pc in pcs if pc != destination), destination)
    elif pcs:
        source, destination = pcs[0], pcs[-1]
    else:
        yield LLMReply(w("There are no PCs in this project to ping between.", "这个项目中没有可以互 ping 的 PC。"))
        return
    [topo] = yield LLMReply(
        w(f"I'll look up {destination}'s address, then ping it from {source}.", f"我先查找 {destination} 的地址，然后从 {source} ping 它。"),
        [_topology_call()],
    )
    [result] = yield LLMReply("", [ToolCallSpec("ping", {"source": source, "destination": destination, "count": 5})])
    out = result.output
    if out.get("success"):
        yield LLMReply(w(
            f"## Ping {source} → {destination}: success\n\n```\n{out['output']}\n```\n\n5 packets sent, 5 received, 0% loss.",
            f"## 从 {source} ping {destination}：成功\n\n```\n{out['output']}\n```\n\n发送 5 个包，收到 5 个，丢包率 0%。",
        ))
        return
    reason = out.get("reason") or out.get("error", "")
    hint = ""
    if "OSPF" in reason:
        hint = w("\n\nAsk me to **configure OSPF on all routers**, then ping again.",
                 "\n\n可以让我 **配置所有路由器的 OSPF**，然后再 ping 一次。")
    yield LLMReply(w(
        f"## Ping {source} → {destination}: failed\n\n`{out.get('output', '')}`\n\n**Why:** {reason}.{hint}",
        f"## 从 {source} ping {destination}：失败\n\n`{out.get('output', '')}`\n\n**原因：** {reason}。{hint}",
    ))


def _start_stop(message: str, lab: Lab, nodes: list[str]) -> Script:
    w = _Words(message)
    start = bool(re.search(r"\bstart\b", message.lower())) or any(x in message for x in ("启动", "开启"))
    targets = nodes or list(lab.devices)
    tool = "start_node" if start else "stop_node"
    results = yield LLMReply(
        w(f"{'Starting' if start else 'Stopping'} {', '.join(targets)}.", f"正在{'启动' if start else '停止'} {', '.join(targets)}。"),
        [ToolCallSpec(tool, {"node": t}) for t in targets],
    )
    lines = "\n".join(
        f"- **{r.output.get('node', r.call.arguments['node'])}**: {r.output.get('status', r.output.get('error'))}"
        for r in results
    )
    yield LLMReply(w(f"Done:\n\n{lines}", f"完成：\n\n{lines}"))


def wrap_up(message: str, limit: int, executed: list[ToolResult], tool: str | None = None) -> LLMReply:
    """The answer after a refused batch: what the agent managed within the limit (of
    all tool calls, or of one `tool`'s)."""
    w = _Words(message)
    done = "\n".join(f"- `{r.call.name}` {_args_brief(r.call.arguments)}" for r in executed) or w("- nothing yet", "- 尚未完成任何调用")
    what = (f"limit of {limit} calls of `{tool}`", f"`{tool}` 的调用上限 {limit} 次") if tool else (
        f"tool call limit of {limit}", f"工具调用上限 {limit} 次")
    return LLMReply(w(
        f"I reached the **{what[0]}** for this request, so I stopped before finishing.\n\n"
        f"What I managed:\n\n{done}\n\nRaise the limit (or split the task) and ask me to continue.",
        f"本次请求已达到 **{what[1]}**，所以我在完成前停了下来。\n\n已完成：\n\n{done}\n\n"
        "请提高上限（或拆分任务），然后让我继续。",
    ))


def _args_brief(arguments: dict[str, Any]) -> str:
    shown = {k: v for k, v in arguments.items() if k != "tool_input"}
    return " ".join(f"{k}={v}" for k, v in shown.items())
