"""The runtime limits' ranges and defaults, from the design. Pure constants: importing
them costs nothing (the window's first paint does not wait for pydantic)."""

MAX_ITERATIONS_RANGE = (1, 100)
MAX_TOOL_CALLS_RANGE = (1, 50)
DEFAULT_MAX_ITERATIONS = 20
# Phase 2 of the design ("Future Enhancements"), held by this app where the controller
# does not know them.
MAX_MINUTES_RANGE = (1, 60)  # the time limit of a turn
MAX_CHANGES_RANGE = (0, 50)  # configuration changes: 0 means "diagnose only"
TOOL_LIMIT_RANGE = (0, 50)  # calls of one named tool

# The request's limit fields, in the order of the design.
LIMIT_FIELDS = ("max_iterations", "max_tool_calls", "max_execution_time_seconds", "tool_limits")
