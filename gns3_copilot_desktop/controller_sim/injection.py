"""Troubleshooting practice on the simulated lab: the scripted faults the inject route
puts in (as upstream's `troubleshooting_injection` mode does with a real LLM), and the
diagnosis a normal chat makes to find them again.

Every fault breaks an OSPF adjacency between two routers, so PC1 can no longer reach the
far LAN; the first is the issue's example, an OSPF area mismatch on R2.
"""

from __future__ import annotations

import random
import re
from collections.abc import Generator
from dataclasses import dataclass
from typing import Any

from .agent import LLMReply, ToolCallSpec, ToolResult, _topology_call
from .lab import Lab

Script = Generator[LLMReply, list[ToolResult], None]


@dataclass(frozen=True)
class Fault:
    device: str
    interface: str
    change: dict[str, Any]  # configure_interface arguments that break it
    fix: dict[str, Any]  # ... and that repair it
    needs: tuple[str, ...]  # routers the lab must have
    what: str  # the solution, in words

    def applies(self, lab: Lab) -> bool:
        return all(lab.find(name) is not None for name in self.needs)


FAULTS = (
    Fault("R2", "GigabitEthernet0/2", {"area": 1}, {"area": 0}, ("R2", "R3"),
          "OSPF area mismatch: R2 GigabitEthernet0/2 was put in area 1, while its neighbour R3 "
          "GigabitEthernet0/1 is in area 0, so R2 and R3 never become neighbours."),
    Fault("R3", "GigabitEthernet0/2", {"shutdown": True}, {"shutdown": False}, ("R3", "R4"),
          "R3 GigabitEthernet0/2 (towards R4) was shut down: the link is down and so is the adjacency."),
    Fault("R1", "GigabitEthernet0/2", {"ip": "10.1.12.5/30"}, {"ip": "10.1.12.1/30"}, ("R1", "R2"),
          "R1 GigabitEthernet0/2 got 10.1.12.5/30, a different /30 than R2's 10.1.12.2: "
          "the two ends are not in one subnet, so OSPF does not form an adjacency."),
)


def fault_count(message: str, available: int, rng: random.Random) -> int:
    """1 for an empty message (upstream's "inject a fault"), N when asked, random when asked."""
    text = message.lower()
    if "random" in text or "随机" in message:
        return rng.randint(1, available)
    match = re.search(r"(\d+)", text)
    return max(1, min(available, int(match.group(1)))) if match else 1


def plan_injection(message: str, lab: Lab, mode: str = "troubleshooting_injection", rng: random.Random | None = None) -> Script:
    faults = [f for f in FAULTS if f.applies(lab)]
    if not faults:
        yield LLMReply("This project has no routed links to break: fault practice needs at least two routers.")
        return
    count = fault_count(message, len(faults), rng or random.Random())
    chosen = faults[:count]
    yield LLMReply("I'll look at the lab first.", [_topology_call()])
    routers = [d.name for d in lab.of_kind("router")]
    missing = [r for r in routers if lab.devices[r].ospf_area is None]
    if missing:
        yield LLMReply(
            "OSPF is not running everywhere yet: I'll set up a working baseline first.",
            [ToolCallSpec("configure_ospf", {"device": r, "area": 0, "process_id": 1}) for r in missing],
        )
    yield LLMReply(
        f"Now injecting {count} fault{'s' if count != 1 else ''}.",
        [ToolCallSpec("configure_interface", {"device": f.device, "interface": f.interface, **f.change}) for f in chosen],
    )
    pcs = [d.name for d in lab.of_kind("pc")]
    symptom = f"{pcs[0]} can no longer reach {pcs[-1]}" if len(pcs) >= 2 else "routes between the routers are missing"
    solution = "\n".join(
        f"{n}. {f.what}\n   Fix: `configure_interface` {f.device} {f.interface} "
        + ", ".join(f"{k}={v}" for k, v in f.fix.items())
        for n, f in enumerate(chosen, start=1)
    )
    yield LLMReply(
        f"## Troubleshooting exercise ready\n\n{count} fault{'s' if count != 1 else ''} injected. "
        f"Symptom: {symptom}.\n\n### Solution\n\n{solution}"
    )


def problems(lab: Lab) -> list[Fault]:
    """The known faults present in the lab now, as a diagnosis finds them."""
    found = []
    for fault in FAULTS:
        device = lab.find(fault.device) if fault.applies(lab) else None
        if device is None:
            continue
        interface = lab.interface(device, fault.interface)
        broken = (
            ("area" in fault.change and interface.ospf_area is not None and interface.ospf_area != device.ospf_area)
            or ("shutdown" in fault.change and interface.status == "administratively down")
            or ("ip" in fault.change and interface.ip == fault.change["ip"])
        )
        if broken:
            found.append(fault)
    return found


def troubleshoot(message: str, lab: Lab, may_change: bool) -> Script:
    """A normal chat's diagnosis: OSPF neighbours and interfaces of every router, the
    broken adjacencies explained, fixed when the mode allows it, and a ping to prove it."""
    routers = [d.name for d in lab.of_kind("router")]
    if not routers:
        yield LLMReply("There are no routers in this project to troubleshoot.")
        return
    yield LLMReply(
        "Let me check OSPF and the interfaces on every router.",
        [ToolCallSpec("show_ospf_neighbors", {"device": r}) for r in routers]
        + [ToolCallSpec("show_interface_status", {"device": r}) for r in routers],
    )
    found = problems(lab)
    if not found:
        yield LLMReply("Every router has its OSPF neighbours and every routed link is up: I found nothing wrong.")
        return
    listing = "\n".join(f"- {f.what}" for f in found)
    if not may_change:
        fixes = "\n".join(
            f"- on {f.device}: `interface {f.interface}` then "
            + ("`no shutdown`" if "shutdown" in f.fix else f"`ip address {f.fix['ip']}`" if "ip" in f.fix
               else f"`router ospf 1` / `network … area {f.fix['area']}`")
            for f in found
        )
        yield LLMReply(
            f"## What I found\n\n{listing}\n\n### How to fix it\n\n{fixes}\n\n"
            "I'm in teaching mode, so I leave the changes to you; ask me to check again afterwards."
        )
        return
    yield LLMReply(
        f"Found {len(found)} problem{'s' if len(found) != 1 else ''}; fixing {'them' if len(found) != 1 else 'it'}.",
        [ToolCallSpec("configure_interface", {"device": f.device, "interface": f.interface, **f.fix}) for f in found],
    )
    pcs = [d.name for d in lab.of_kind("pc")]
    proof = ""
    if len(pcs) >= 2:
        [ping] = yield LLMReply("Checking end to end.", [ToolCallSpec("ping", {"source": pcs[0], "destination": pcs[-1]})])
        ok = isinstance(ping.output, dict) and ping.output.get("success")
        proof = f"\n\nPing {pcs[0]} → {pcs[-1]}: {'success' if ok else 'still failing'}."
    yield LLMReply(f"## Fixed\n\n{listing}{proof}")
