"""A tmux server of the end-to-end tests' own: its own socket, so nothing else is
touched, and every command bounded in time."""

from __future__ import annotations

import subprocess
import uuid


class TmuxServer:
    """Runs tmux commands on a socket named ``prefix`` plus a random tail."""

    def __init__(self, prefix: str) -> None:
        self.socket = f"{prefix}-{uuid.uuid4().hex[:12]}"

    def run(self, *args: str) -> str:
        result = subprocess.run(
            ["tmux", "-u", "-L", self.socket, *args],
            capture_output=True,
            text=True,
            timeout=10,
            check=False,
        )
        return result.stdout
