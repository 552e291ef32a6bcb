"""Which tools change the lab, for the configuration-change limit: one list, in one
place, shown to the user as the limit's tooltip.

A tool counts as a change unless it is known to only read: a tool this list has never
heard of (a newer Copilot's) is treated as one that may change something, so the limit
errs on the side of the lab."""

from __future__ import annotations

from .translation import translate

# The real GNS3 Copilot (branch 3.0) and the reference controller.
CHANGE_TOOLS = frozenset({
    "execute_multiple_device_config_commands",
    "execute_vpcs_commands",
    "create_gns3_node",
    "create_gns3_link",
    "start_gns3_node",
    "stop_gns3_node",
    "suspend_gns3_node",
    "update_gns3_node_name",
    # the reference controller
    "configure_ospf",
    "configure_interface",
    "start_node",
    "stop_node",
})

READ_ONLY_TOOLS = frozenset({
    "get_gns3_templates",
    "execute_multiple_device_commands",
    "packet_analysis",
    "packet_analysis_skills",
    "device_skills",
    "get_project_topology",
    "get_gns3_project_topology",
    "list_gns3_nodes",
    # the reference controller
    "show_interface_status",
    "show_ospf_neighbors",
    "ping",
})


def is_change(tool_name: str) -> bool:
    return tool_name not in READ_ONLY_TOOLS


def explanation() -> str:
    """The tooltip of the limit: what counts (the tool names stay as the Copilot has them)."""
    text = translate(
        "ChangeTools",
        "Counts the tools that change devices or the topology:\n{changes}\n"
        "and any tool not known to only read. Known to only read:\n{read_only}",
    )
    return text.format(
        changes="\n".join("  " + name for name in sorted(CHANGE_TOOLS)),
        read_only="\n".join("  " + name for name in sorted(READ_ONLY_TOOLS)),
    )
