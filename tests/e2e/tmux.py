"""A tmux server of the end-to-end tests' own: its own socket, so nothing else is
touched, and every command bounded in time; sessions that run ``spit-tui`` in a home
of their own."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
import uuid
from pathlib import Path


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

    def start(self, name: str, home: Path, *words: str) -> None:
        """A session ``name`` of 80x24 running ``spit-tui WORDS`` with ``home`` as its
        ``SPIT_TUI_HOME``, in UTF-8."""
        command = shlex.join(
            [
                "env",
                f"SPIT_TUI_HOME={home}",
                "LANG=C.UTF-8",
                "LC_ALL=C.UTF-8",
                "TERM=xterm-256color",
                sys.executable,
                "-m",
                "spit.cli",
                *words,
            ]
        )
        self.run("new-session", "-d", "-s", name, "-x", "80", "-y", "24", command)

    def close(self) -> None:
        """Kill the server, and remove its socket (which may stay behind)."""
        self.run("kill-server")
        path = Path(os.environ.get("TMUX_TMPDIR", "/tmp")) / f"tmux-{os.getuid()}" / self.socket
        path.unlink(missing_ok=True)
