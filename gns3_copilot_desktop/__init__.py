"""GNS3 Copilot Desktop: a desktop window for the AI Copilot of a GNS3 controller."""

__version__ = "0.1.0"
