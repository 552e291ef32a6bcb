"""`gns3-copilot-demo-controller`: the reference controller on the command line.

Prints one JSON line `{"url", "username", "password"}` once it answers; stops cleanly on
SIGINT or SIGTERM.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import signal
import sys

from .engine import BEHAVIOURS
from .server import DemoController


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="gns3-copilot-demo-controller",
        description="A reference GNS3 controller with a scripted Copilot that enforces the runtime limits.",
    )
    parser.add_argument("--port", type=int, default=0, help="port on 127.0.0.1 (default: any free port)")
    parser.add_argument("--password", help="the admin password (default: a random one, printed)")
    parser.add_argument("--pace", type=float, default=0.05, metavar="SECONDS",
                        help="seconds between streamed pieces of text (0 for tests; default 0.05)")
    parser.add_argument("--behave", choices=BEHAVIOURS, default="design",
                        help="'design': enforce the runtime limits as designed (default); 'upstream': "
                        "behave like today's real GNS3 Copilot, which ignores them")
    parser.add_argument("--log-level", default="warning")
    parser.add_argument("--bench-history", nargs="?", const="2000", metavar="SIZES",
                        help="add sessions 'bench-history-N' of N messages (comma-separated sizes, "
                        "default 2000) to the first project (benchmarks)")
    args = parser.parse_args(argv)
    if args.pace < 0:
        parser.error("--pace must be 0 or more")
    try:
        controller = DemoController(
            port=args.port, password=args.password, pace_s=args.pace, log_level=args.log_level, behave=args.behave,
        )
        for size in (args.bench_history or "").split(","):
            if size.strip():
                controller.state.seed_bench_history(int(size))
    except OSError as exc:
        print(f"gns3-copilot-demo-controller: cannot listen on 127.0.0.1:{args.port}: {exc.strerror}", file=sys.stderr)
        return 1

    async def run() -> None:
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, controller.stop_soon)
        serving = asyncio.create_task(controller.serve())
        while not controller.server.started and not serving.done():
            await asyncio.sleep(0.02)
        if controller.server.started:
            creds = controller.credentials
            print(json.dumps({"url": creds.url, "username": creds.username, "password": creds.password}), flush=True)
        await serving

    asyncio.run(run())
    return 0


if __name__ == "__main__":
    sys.exit(main())
