"""Real ``spit-tui serve`` processes for the tests: started on a free loopback port,
their port read from the line they print, stopped with SIGTERM (or killed)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from .loopback import serve_command, served_port


@dataclass
class Served:
    """A ``spit-tui serve`` process, its port, and (once it ended) what it wrote on stderr."""

    process: asyncio.subprocess.Process
    port: int
    stderr: str = ""

    @property
    def uri(self) -> str:
        return f"ws://127.0.0.1:{self.port}"


@contextlib.asynccontextmanager
async def serve_started(
    data: Path, *, extra: Sequence[str] = (), scheme: str = "ws"
) -> AsyncIterator[Served]:
    """A ``spit-tui serve`` process on a free loopback port. At the end, one still
    running is stopped with SIGTERM (killed if it does not end); how it ended is the
    caller's to check."""
    env = {**os.environ, "SPIT_TUI_HOME": str(data / "home")}
    process = await asyncio.create_subprocess_exec(
        *serve_command(data, "--trust-proxy", "127.0.0.1", *extra),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env=env,
    )
    served: Served | None = None
    try:
        assert process.stdout is not None
        line = (await asyncio.wait_for(process.stdout.readline(), 30)).decode()
        served = Served(process, served_port(line, scheme))
        yield served
    finally:
        if process.returncode is None:
            process.send_signal(signal.SIGTERM)
        try:
            _, err = await asyncio.wait_for(process.communicate(), 30)
        except TimeoutError:
            process.kill()
            raise
        if served is not None:
            served.stderr = err.decode()


@contextlib.asynccontextmanager
async def serve_process(
    data: Path, *, extra: Sequence[str] = (), scheme: str = "ws"
) -> AsyncIterator[int]:
    """``serve_started``'s port; the process must exit cleanly (status 0) on SIGTERM."""
    async with serve_started(data, extra=extra, scheme=scheme) as served:
        yield served.port
    assert served.process.returncode == 0, served.stderr
