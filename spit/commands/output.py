"""A command's output on stdout, written at once, and what to do when it cannot be.

``spit-tui sim | head -c 0`` or ``spit-tui replay FILE --check > /dev/full`` must not
end in a traceback: ``emit`` turns a failed write into ``OutputError``, which
``spit.cli.main`` reports (nothing when the reader has simply gone) with status 1.
"""

from __future__ import annotations

import errno
import os
import sys


class OutputError(Exception):
    """Stdout cannot be written: the program reading it has gone, or the disk is full."""

    def __init__(self, error: OSError) -> None:
        super().__init__(error.strerror or str(error))
        self.reader_gone = error.errno == errno.EPIPE


def emit(text: str) -> None:
    """Print ``text`` and a newline on stdout, flushed. Raises ``OutputError``."""
    try:
        print(text, flush=True)
    except OSError as error:
        raise OutputError(error) from None


def abandon_stdout() -> None:
    """Point stdout at the null device, so that the text still buffered for it is not
    written (and fails again) when Python exits."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError):  # no stdout at all
        pass
