"""Drive a terminal program through a real pseudo-terminal, for the TUI benchmarks.

The program gets a pty as its terminal (so Textual draws exactly as for a person);
the benchmark writes key bytes to it and reads what it draws. Output is kept with
escape sequences removed, so a test for "the frame shows X" is a plain substring search;
``wait_for`` reports when the bytes that completed X arrived, not when this process
had finished cleaning them up.

Every program runs this checkout's code (``PYTHONPATH``), whatever an editable install
points at, with its compiled bytecode cached in a directory of the run's own (as an
installed program has it: without that, a shell that sets ``PYTHONDONTWRITEBYTECODE``
would have each start compile every spit module again, while Textual's come compiled
from site-packages). Programs are ended by ``close`` (call it in a ``finally``), when the
benchmark exits or is killed by a signal, and, should it die at once, by the kernel
(the parent-death signal) or the pty's hangup.
"""

from __future__ import annotations

import atexit
import codecs
import ctypes
import fcntl
import functools
import os
import re
import select
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import termios
import time
from collections.abc import Sequence
from pathlib import Path
from types import FrameType

ESCAPES = re.compile(rb"\x1b(\[[0-9;?<>=]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[@-Z\\-_])")
REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))  # the benchmark's own imports of spit: this checkout too
_PYCACHE = tempfile.mkdtemp(prefix="spit-tui-bench-pyc-")
_PR_SET_PDEATHSIG = 1
_libc = ctypes.CDLL(None, use_errno=True)


def _take_terminal(cpus: frozenset[int] | None = None) -> None:
    """In the child: a session of its own with the pty as its controlling terminal, so
    that it gets SIGHUP if the benchmark dies without closing it, and SIGKILL from the
    kernel as soon as the benchmark's process is gone; kept to ``cpus`` if given."""
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    _libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    if cpus:
        os.sched_setaffinity(0, cpus)


_running: set[PtyProgram] = set()


@atexit.register
def _close_all() -> None:
    for program in list(_running):
        program.close()
    shutil.rmtree(_PYCACHE, ignore_errors=True)


def _exit_on_signal(signum: int, _frame: FrameType | None) -> None:
    """SIGTERM or SIGHUP: leave through ``finally`` blocks and atexit, which close
    every program."""
    raise SystemExit(128 + signum)


signal.signal(signal.SIGTERM, _exit_on_signal)
signal.signal(signal.SIGHUP, _exit_on_signal)


class PtyProgram:
    """One program running in its own pty of ``size`` (columns, rows); on the CPUs
    ``cpus`` only, if given (its threads too: the set is inherited), as a program on a
    machine of its own (``net_keypress.py``)."""

    def __init__(
        self,
        argv: Sequence[str],
        size: tuple[int, int] = (80, 24),
        env: dict[str, str] | None = None,
        cpus: frozenset[int] | None = None,
    ) -> None:
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", size[1], size[0], 0, 0))
        environment = {**os.environ, "TERM": "xterm-256color", "COLORTERM": "truecolor"}
        environment.pop("TEXTUAL", None)
        environment.pop("PYTHONDONTWRITEBYTECODE", None)
        environment["PYTHONPYCACHEPREFIX"] = _PYCACHE
        paths = [str(REPO), *filter(None, environment.get("PYTHONPATH", "").split(os.pathsep))]
        environment["PYTHONPATH"] = os.pathsep.join(paths)
        self.spawned_at = time.perf_counter()
        self.process = subprocess.Popen(
            list(argv),
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env={**environment, **(env or {})},
            preexec_fn=functools.partial(_take_terminal, cpus),
            cwd=REPO,
        )
        _running.add(self)
        os.close(slave)
        self.fd = master
        self.text = ""
        """Everything drawn so far, escape sequences removed."""
        self.arrived = 0.0
        """When (perf_counter) the last chunk of output was read."""
        self._pending = b""
        self._decoder = codecs.getincrementaldecoder("utf-8")("replace")

    def read(self, timeout: float) -> bool:
        """Add to ``text`` what arrives within ``timeout`` seconds (returns at the first
        chunk); False if nothing came."""
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return False
        try:
            chunk = os.read(self.fd, 1 << 16)
        except OSError:
            return False
        self.arrived = time.perf_counter()
        data = self._pending + chunk
        # An escape sequence may be cut at the end of a read: keep it for the next one.
        last = data.rfind(b"\x1b")
        if last >= 0 and not ESCAPES.match(data, last) and len(data) - last < 64:
            data, self._pending = data[:last], data[last:]
        else:
            self._pending = b""
        self.text += self._decoder.decode(ESCAPES.sub(b"", data))
        return True

    def wait_for(self, needle: str, timeout: float = 10.0, since: int = 0) -> float:
        """Time (perf_counter) at which the output that completed ``needle`` (after
        offset ``since``) arrived. Raises TimeoutError."""
        deadline = time.perf_counter() + timeout
        while needle not in self.text[since:]:
            left = deadline - time.perf_counter()
            if left <= 0:
                tail = self.text[-400:]
                raise TimeoutError(f"{needle!r} did not appear; last output: {tail!r}")
            if not self.read(left) and self.process.poll() is not None:
                raise RuntimeError(f"exited with {self.process.returncode}: {self.text[-400:]!r}")
        return self.arrived

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
        """End the program (and anything it started) and close its pty; safe to repeat."""
        if self not in _running:
            return
        _running.discard(self)
        try:
            if self.process.poll() is None:
                os.killpg(self.process.pid, signal.SIGTERM)
                try:
                    self.process.wait(5)
                except subprocess.TimeoutExpired:
                    os.killpg(self.process.pid, signal.SIGKILL)
                    self.process.wait()
        except ProcessLookupError:  # it ended between the poll and the kill
            self.process.wait()
        finally:
            os.close(self.fd)

    def __enter__(self) -> PtyProgram:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()


def python(*args: str) -> list[str]:
    """argv running this interpreter, so the benchmark uses the same environment."""
    return [sys.executable, *args]


def percentile(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]
