"""Qt widgets only: they render state and emit what the user wants. No HTTP, no JSON."""
