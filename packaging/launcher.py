"""Entry point for the frozen app (PyInstaller needs a script, not a console-script)."""

import sys

from gns3_copilot_desktop.app import main

if __name__ == "__main__":
    sys.exit(main())
