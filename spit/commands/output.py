"""A command's output, on stdout and stderr: written at once, made safe, and what to do
when it cannot be written.

Everything a command prints goes through ``safe_lines``: a report or a message quotes file
names, paths and error texts that come from outside (a replay named with terminal
escape sequences, a folder name that is not UTF-8), and ``safe_text`` makes each line
of it printable, so the terminal shows those names instead of obeying them, and a
strict UTF-8 stdout never meets an undecodable byte.

``spit-tui sim | head -c 0`` or ``spit-tui replay FILE --check > /dev/full`` must not
end in a traceback: ``emit`` turns a failed write into ``OutputError``, which
``spit.cli.main`` reports (nothing when the reader has simply gone) with status 1.
"""

from __future__ import annotations

import errno
import os
import sys

from spit.core.safe_text import safe_lines


class OutputError(Exception):
    """Stdout cannot be written: the program reading it has gone, or the disk is full."""

    def __init__(self, error: OSError) -> None:
        super().__init__(error.strerror or str(error))
        self.reader_gone = error.errno == errno.EPIPE


def emit(text: str) -> None:
    """Print ``text`` (made safe) and a newline on stdout, flushed. Raises ``OutputError``."""
    try:
        print(safe_lines(text), flush=True)
    except OSError as error:
        raise OutputError(error) from None


def complain(command: str, message: str) -> None:
    """``spit-tui COMMAND: message`` on stderr, made safe (``command`` ``""``: the
    program itself)."""
    prefix = f"spit-tui {command}" if command else "spit-tui"
    print(f"{prefix}: {safe_lines(message)}", file=sys.stderr)


def cannot_listen(command: str, host: str, port: int, error: OSError) -> None:
    """A server's address it cannot listen on (a port taken, an address that is not
    this machine's, a name that does not resolve), in the system's words: asyncio
    wraps the bind's error in a long sentence of its own."""
    code = error.errno or 0
    why = os.strerror(code) if code > 0 else error.strerror or str(error)
    complain(command, f"cannot listen on {host}:{port}: {why}")


def abandon_stdout() -> None:
    """Point stdout at the null device, so that the text still buffered for it is not
    written (and fails again) when Python exits."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError):  # no stdout at all
        pass
