"""A simulated network lab: routers, switches and PCs with interfaces, IPs and OSPF.

The scripted agent's tools act on it, so answers change as the user works: pings
between LANs fail until OSPF runs on the routers between them, a stopped node answers
nothing. Deterministic: no network, no randomness.
"""

from __future__ import annotations

import ipaddress
import uuid
from dataclasses import dataclass, field
from typing import Any

CONSOLE_BASE = 5000


@dataclass
class Interface:
    name: str
    ip: str | None = None  # with prefix, e.g. "10.0.1.1/24"
    status: str = "up"  # "up", "down", "administratively down"
    peer: str | None = None  # "SW1 Gi0/1"
    ospf_area: int | None = None  # this interface's area when it differs from the router's


@dataclass
class Device:
    name: str
    kind: str  # "router", "switch", "pc"
    node_id: str
    console: int
    x: int = 0
    y: int = 0
    status: str = "started"
    interfaces: list[Interface] = field(default_factory=list)
    ospf_area: int | None = None
    router_id: str | None = None

    @property
    def node_type(self) -> str:
        return {"router": "dynamips", "switch": "ethernet_switch", "pc": "vpcs"}[self.kind]

    def as_node(self, project_id: str) -> dict[str, Any]:
        """The device as the GNS3 API shows a node."""
        return {
            "node_id": self.node_id,
            "project_id": project_id,
            "name": self.name,
            "node_type": self.node_type,
            "status": self.status,
            "console": self.console,
            "console_type": "telnet",
            "console_host": "127.0.0.1",
            "x": self.x,
            "y": self.y,
            "ports": [{"name": i.name, "short_name": i.name} for i in self.interfaces],
        }


class Lab:
    def __init__(self, project_id: str, routers: int):
        self.project_id = project_id
        self.devices: dict[str, Device] = {}
        self.links: list[tuple[str, str, str, str]] = []
        if routers:
            self._build(routers)

    # -- building -----------------------------------------------------------------

    def _device(self, name: str, kind: str, x: int, y: int) -> Device:
        node_id = str(uuid.uuid5(uuid.NAMESPACE_URL, f"gns3-demo/{self.project_id}/{name}"))
        device = Device(name, kind, node_id, CONSOLE_BASE + len(self.devices), x, y)
        self.devices[name] = device
        return device

    def _link(self, a: Device, a_if: Interface, b: Device, b_if: Interface) -> None:
        a_if.peer, b_if.peer = f"{b.name} {b_if.name}", f"{a.name} {a_if.name}"
        self.links.append((a.name, a_if.name, b.name, b_if.name))

    def _build(self, count: int) -> None:
        """A chain of routers R1..Rn; the two end routers each have a LAN switch with
        two PCs."""
        routers = []
        for index in range(1, count + 1):
            router = self._device(f"R{index}", "router", -300 + 200 * index, 0)
            router.router_id = f"{index}.{index}.{index}.{index}"
            router.interfaces = [Interface(f"GigabitEthernet0/{n}") for n in range(4)]
            router.interfaces[3].status = "administratively down"  # unused, as shipped
            routers.append(router)
        for left, right in zip(routers, routers[1:]):
            a, b = int(left.name[1:]), int(right.name[1:])
            net = f"10.1.{a}{b}"
            left.interfaces[2].ip, right.interfaces[1].ip = f"{net}.1/30", f"{net}.2/30"
            self._link(left, left.interfaces[2], right, right.interfaces[1])
        lans = [routers[0]] if count == 1 else [routers[0], routers[-1]]
        pc_number = 1
        for lan_index, router in enumerate(lans, start=1):
            subnet = int(router.name[1:])
            switch = self._device(f"SW{lan_index}", "switch", router.x, 150)
            switch.interfaces = [Interface(f"Ethernet{n}") for n in range(8)]
            router.interfaces[0].ip = f"10.0.{subnet}.1/24"
            self._link(router, router.interfaces[0], switch, switch.interfaces[0])
            for host in range(2):
                pc = self._device(f"PC{pc_number}", "pc", router.x - 60 + 120 * host, 300)
                pc.interfaces = [Interface("eth0", ip=f"10.0.{subnet}.{10 + host}/24")]
                self._link(switch, switch.interfaces[1 + host], pc, pc.interfaces[0])
                pc_number += 1
        for device in self.devices.values():
            for interface in device.interfaces:
                if interface.peer is None and interface.status == "up" and device.kind != "switch":
                    interface.status = "down"
        for switch in (d for d in self.devices.values() if d.kind == "switch"):
            for interface in switch.interfaces:
                if interface.peer is None:
                    interface.status = "down"

    # -- looking up ---------------------------------------------------------------

    def find(self, name: str) -> Device | None:
        return self.devices.get(name) or next(
            (d for d in self.devices.values() if d.name.lower() == name.lower()), None
        )

    def of_kind(self, kind: str) -> list[Device]:
        return [d for d in self.devices.values() if d.kind == kind]

    def _require(self, name: str) -> Device:
        device = self.find(name)
        if device is None:
            raise LookupError(f"No node named {name!r} in this project")
        return device

    # -- the agent's tools --------------------------------------------------------

    def topology(self) -> dict[str, Any]:
        return {
            "project_id": self.project_id,
            "nodes": [
                {"name": d.name, "type": d.node_type, "status": d.status, "console": d.console}
                for d in self.devices.values()
            ],
            "links": [f"{a} {ai} <-> {b} {bi}" for a, ai, b, bi in self.links],
        }

    def show_interfaces(self, name: str) -> dict[str, Any]:
        device = self._require(name)
        if device.status != "started":
            return {"device": device.name, "error": "node is stopped: no console answer"}
        return {
            "device": device.name,
            "interfaces": [
                {
                    "name": i.name,
                    "ip": i.ip or "unassigned",
                    "status": i.status,
                    "protocol": "up" if i.status == "up" and i.peer else "down",
                    "connected_to": i.peer,
                }
                for i in device.interfaces
            ],
        }

    def configure_ospf(self, name: str, area: int = 0) -> dict[str, Any]:
        device = self._require(name)
        if device.kind != "router":
            return {"device": device.name, "error": "not a router"}
        if device.status != "started":
            return {"device": device.name, "error": "node is stopped: configuration not applied"}
        networks = []
        for interface in device.interfaces:
            if interface.ip:
                net = ipaddress.ip_interface(interface.ip).network
                networks.append(f"network {net.network_address} {net.hostmask} area {area}")
        device.ospf_area = area
        commands = ["router ospf 1", f"router-id {device.router_id}", *networks, "end", "write memory"]
        return {"device": device.name, "status": "success", "commands": commands}

    @staticmethod
    def area_of(device: Device, interface: Interface) -> int | None:
        if device.ospf_area is None:
            return None
        return interface.ospf_area if interface.ospf_area is not None else device.ospf_area

    def interface(self, device: Device, name: str) -> Interface:
        found = next((i for i in device.interfaces if i.name.lower() == name.lower()), None)
        if found is None:
            raise LookupError(f"{device.name} has no interface {name!r}")
        return found

    def adjacent(self, a: Device, a_if: Interface, b: Device, b_if: Interface) -> bool:
        """An OSPF adjacency forms over a link when both ends run OSPF, are up, sit in the
        same area and in the same subnet."""
        if a.status != "started" or b.status != "started" or a_if.status != "up" or b_if.status != "up":
            return False
        area_a, area_b = self.area_of(a, a_if), self.area_of(b, b_if)
        if area_a is None or area_a != area_b or not (a_if.ip and b_if.ip):
            return False
        return ipaddress.ip_interface(a_if.ip).network == ipaddress.ip_interface(b_if.ip).network

    def router_links(self) -> list[tuple[Device, Interface, Device, Interface]]:
        found = []
        for a, ai, b, bi in self.links:
            left, right = self.devices[a], self.devices[b]
            if left.kind == "router" and right.kind == "router":
                found.append((left, self.interface(left, ai), right, self.interface(right, bi)))
        return found

    def ospf_neighbors(self, name: str) -> dict[str, Any]:
        device = self._require(name)
        if device.kind != "router" or device.status != "started":
            return {"device": device.name, "neighbors": []}
        neighbors = []
        for left, left_if, right, right_if in self.router_links():
            if device not in (left, right):
                continue
            local_if, other, other_if = (left_if, right, right_if) if device is left else (right_if, left, left_if)
            if self.adjacent(left, left_if, right, right_if):
                neighbors.append({
                    "neighbor_id": other.router_id, "state": "FULL/DR", "address": other_if.ip.split("/")[0],
                    "interface": local_if.name,
                })
        interfaces = [
            {"interface": i.name, "area": self.area_of(device, i), "ip": i.ip, "status": i.status}
            for i in device.interfaces if i.ip
        ] if device.ospf_area is not None else []
        return {"device": device.name, "ospf": device.ospf_area is not None, "neighbors": neighbors,
                "ospf_interfaces": interfaces}

    def configure_interface(self, name: str, interface: str, *, area: int | None = None,
                            shutdown: bool | None = None, ip: str | None = None) -> dict[str, Any]:
        """Change one interface: its OSPF area, shut / no shut, its address."""
        device = self._require(name)
        if device.status != "started":
            return {"device": device.name, "error": "node is stopped: configuration not applied"}
        target = self.interface(device, interface)
        commands = [f"interface {target.name}"]
        if ip is not None:
            address = ipaddress.ip_interface(ip)
            target.ip = str(address)
            commands.append(f"ip address {address.ip} {address.netmask}")
        if shutdown is not None:
            target.status = "administratively down" if shutdown else ("up" if target.peer else "down")
            commands.append("shutdown" if shutdown else "no shutdown")
        if area is not None:
            target.ospf_area = None if area == device.ospf_area else int(area)
            if target.ip:
                net = ipaddress.ip_interface(target.ip).network
                commands += ["router ospf 1", f"network {net.network_address} {net.hostmask} area {area}"]
        return {"device": device.name, "status": "success", "commands": [*commands, "end", "write memory"]}

    def _gateway(self, pc: Device) -> Device | None:
        switch_name = pc.interfaces[0].peer.split()[0] if pc.interfaces[0].peer else None
        for a, _, b, _ in self.links:
            if switch_name in (a, b):
                other = self.devices[b if a == switch_name else a]
                if other.kind == "router":
                    return other
        return None

    def _router_path(self, first: Device, last: Device) -> list[Device]:
        routers = sorted(self.of_kind("router"), key=lambda r: int(r.name[1:]))
        i, j = sorted((routers.index(first), routers.index(last)))
        return routers[i : j + 1]

    def ping(self, source: str, destination: str) -> dict[str, Any]:
        src = self._require(source)
        target = self.find(destination)
        dst_ip = target.interfaces[0].ip.split("/")[0] if target and target.interfaces and target.interfaces[0].ip else destination
        dst = target or next(
            (d for d in self.devices.values() for i in d.interfaces if i.ip and i.ip.split("/")[0] == destination),
            None,
        )
        reason = None
        if src.status != "started":
            reason = f"{src.name} is stopped"
        elif dst is None:
            reason = f"{destination} is not in this lab"
        elif dst.status != "started":
            reason = f"{dst.name} is stopped"
        elif src.kind == "pc" and dst.kind == "pc":
            a, b = self._gateway(src), self._gateway(dst)
            if a is None or b is None:
                reason = "no default gateway"
            elif a is not b:
                path = self._router_path(a, b)
                down = [r.name for r in path if r.status != "started"]
                missing = [r.name for r in path if r.ospf_area is None]
                if down:
                    reason = f"router {', '.join(down)} is stopped"
                elif missing:
                    reason = f"no route to {dst_ip}: OSPF is not running on {', '.join(missing)}"
                elif not self._path_adjacent(path):
                    reason = f"no route to {dst_ip}"  # a broken adjacency: finding it is the exercise
        if reason:
            return {
                "source": src.name, "destination": dst_ip, "success": False,
                "output": f"host ({dst_ip}) not reachable", "reason": reason,
                "packets": {"sent": 5, "received": 0, "loss": "100%"},
            }
        return {
            "source": src.name, "destination": dst_ip, "success": True,
            "output": "\n".join(f"84 bytes from {dst_ip} icmp_seq={n} ttl=62 time={1.2 + n * 0.1:.1f} ms" for n in range(1, 6)),
            "packets": {"sent": 5, "received": 5, "loss": "0%"},
        }

    def _path_adjacent(self, path: list[Device]) -> bool:
        links = {(left.name, right.name): (left, li, right, ri) for left, li, right, ri in self.router_links()}
        for first, second in zip(path, path[1:]):
            link = links.get((first.name, second.name)) or links.get((second.name, first.name))
            if link is None or not self.adjacent(*link):
                return False
        return True

    def set_status(self, name: str, status: str) -> dict[str, Any]:
        device = self._require(name)
        previous, device.status = device.status, status
        return {"node": device.name, "status": status, "changed": previous != status}
