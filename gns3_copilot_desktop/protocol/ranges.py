"""The runtime limits' ranges and defaults, from the design. Pure constants: importing
them costs nothing (the window's first paint does not wait for pydantic)."""

MAX_ITERATIONS_RANGE = (1, 100)
MAX_TOOL_CALLS_RANGE = (1, 50)
DEFAULT_MAX_ITERATIONS = 20
