"""Drive a terminal program through a real pseudo-terminal, for the TUI benchmarks.

The program gets a pty as its terminal (so Textual draws exactly as for a person);
the benchmark writes key bytes to it and reads what it draws. Output is kept with
escape sequences removed, so a test for "the frame shows X" is a plain substring search.
"""

from __future__ import annotations

import atexit
import codecs
import fcntl
import os
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Sequence
from pathlib import Path

ESCAPES = re.compile(rb"\x1b(\[[0-9;?<>=]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[@-Z\\-_])")
REPO = Path(__file__).resolve().parent.parent


def _take_terminal() -> None:
    """In the child: a session of its own with the pty as its controlling terminal, so
    that it gets SIGHUP (and ends) if the benchmark dies without closing it."""
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


_running: set[PtyProgram] = set()


@atexit.register
def _close_all() -> None:
    for program in list(_running):
        program.close()


class PtyProgram:
    """One program running in its own pty of ``size`` (columns, rows)."""

    def __init__(
        self,
        argv: Sequence[str],
        size: tuple[int, int] = (80, 24),
        env: dict[str, str] | None = None,
    ) -> None:
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", size[1], size[0], 0, 0))
        environment = {**os.environ, "TERM": "xterm-256color", "COLORTERM": "truecolor"}
        environment.pop("TEXTUAL", None)
        self.spawned_at = time.perf_counter()
        self.process = subprocess.Popen(
            list(argv),
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env={**environment, **(env or {})},
            preexec_fn=_take_terminal,
            cwd=REPO,
        )
        _running.add(self)
        os.close(slave)
        self.fd = master
        self.text = ""
        """Everything drawn so far, escape sequences removed."""
        self._pending = b""
        self._decoder = codecs.getincrementaldecoder("utf-8")("replace")

    def read(self, timeout: float) -> bool:
        """Add to ``text`` what arrives within ``timeout`` seconds (returns at the first
        chunk); False if nothing came."""
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return False
        try:
            data = self._pending + os.read(self.fd, 1 << 16)
        except OSError:
            return False
        # An escape sequence may be cut at the end of a read: keep it for the next one.
        last = data.rfind(b"\x1b")
        if last >= 0 and not ESCAPES.match(data, last) and len(data) - last < 64:
            data, self._pending = data[:last], data[last:]
        else:
            self._pending = b""
        self.text += self._decoder.decode(ESCAPES.sub(b"", data))
        return True

    def wait_for(self, needle: str, timeout: float = 10.0, since: int = 0) -> float:
        """Time (perf_counter) at which ``needle`` first shows in the output after
        offset ``since``. Raises TimeoutError."""
        deadline = time.perf_counter() + timeout
        while needle not in self.text[since:]:
            left = deadline - time.perf_counter()
            if left <= 0:
                tail = self.text[-400:]
                raise TimeoutError(f"{needle!r} did not appear; last output: {tail!r}")
            if not self.read(left) and self.process.poll() is not None:
                raise RuntimeError(f"exited with {self.process.returncode}: {self.text[-400:]!r}")
        return time.perf_counter()

    def drain(self, quiet: float = 0.05) -> None:
        """Read until nothing has arrived for ``quiet`` seconds."""
        while self.read(quiet):
            pass

    def press(self, key_bytes: bytes) -> float:
        """Write the bytes a key sends; returns the time just before the write."""
        now = time.perf_counter()
        os.write(self.fd, key_bytes)
        return now

    def cpu_seconds(self) -> float:
        """User + system CPU time the program has used so far (from /proc)."""
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def close(self) -> None:
        _running.discard(self)
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        os.close(self.fd)


def python(*args: str) -> list[str]:
    """argv running this interpreter, so the benchmark uses the same environment."""
    return [sys.executable, *args]


def percentile(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]
