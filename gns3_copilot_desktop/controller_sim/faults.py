"""Fault switches, for tests: off unless a request carries `X-Demo-Fault`, or a test
sets `TurnSettings.faults` on a running controller (for clients that send no header).

    X-Demo-Fault: drop-after=3, malformed, unknown-event, http-500, stall=2.5, slow-tools=1

- drop-after=N   cut the connection after N events (no `done`, no end of the body)
- malformed      send a `data:` line that is not JSON after the first event
- unknown-event  send an event of a type no client knows after the first event
- http-500       answer 500 before any event
- stall=S        stay silent S seconds before the first event
- slow-tools=S   every tool runs S seconds (heartbeats meanwhile)
- play=NAME      play a case of the hostile corpus (hostile.py) verbatim, instead of
                 the scripted agent; in-process, `Faults(play=Play(answer=...))` plays
                 any answer, tool call and output
"""

from __future__ import annotations

from dataclasses import dataclass

from .hostile import Play


@dataclass(frozen=True)
class Faults:
    drop_after: int | None = None
    malformed: bool = False
    unknown_event: bool = False
    http_500: bool = False
    stall_s: float = 0.0
    slow_tools_s: float | None = None
    play: Play | None = None

    @classmethod
    def parse(cls, header: str | None) -> "Faults":
        if not header:
            return cls()
        values: dict[str, object] = {}
        for part in header.split(","):
            name, _, value = part.strip().partition("=")
            name = name.strip().lower()
            try:
                if name == "drop-after":
                    values["drop_after"] = int(value)
                elif name == "stall":
                    values["stall_s"] = float(value)
                elif name == "slow-tools":
                    values["slow_tools_s"] = float(value)
                elif name == "play":
                    from .hostile import cases

                    values["play"] = cases().get(value.strip())
                elif name in ("malformed", "unknown-event", "http-500"):
                    values[name.replace("-", "_")] = True
            except ValueError:
                continue
        return cls(**values)  # type: ignore[arg-type]
