"""What the subcommands' options share: value checks with a message fit for the user,
and errors on exactly one line.

argparse reports an ``ArgumentTypeError`` as ``spit-tui CMD: error: argument --x:
<message>`` and exits with status 2, but prints the usage block first; a subcommand
that calls ``one_line_errors`` leaves it out (``--help`` still lists every option).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from spit.engine import MAX_SEED

T = TypeVar("T")


def one_line_errors(parser: argparse.ArgumentParser) -> None:
    """A bad option ends with one line on stderr, and status 2."""
    parser.usage = argparse.SUPPRESS


def whole_number(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def positive_int(text: str) -> int:
    value = whole_number(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def positive_float(text: str) -> float:
    """A finite number above 0."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"must be a positive number, not {text}")
    return value


def seed(text: str) -> int:
    """A seed a replay can record."""
    value = whole_number(text)
    if not 0 <= value <= MAX_SEED:
        raise argparse.ArgumentTypeError(f"must be between 0 and {MAX_SEED}")
    return value


def folder(text: str) -> Path:
    """A folder's path, ``~`` expanded (``~name`` for a user who does not exist is
    refused)."""
    try:
        return Path(text).expanduser()
    except RuntimeError as err:  # "Could not determine home directory."
        raise argparse.ArgumentTypeError(f"{text}: {err}") from None


def parsed_by(parse: Callable[[str], T]) -> Callable[[str], T]:
    """An option type from a parser that raises ``ValueError`` with a message for the
    user: argparse would replace the message with a generic one."""

    def convert(text: str) -> T:
        try:
            return parse(text)
        except ValueError as err:
            raise argparse.ArgumentTypeError(str(err)) from None

    return convert


def add_recording_options(parser: argparse.ArgumentParser) -> None:
    """Where a game's replay goes, or that it is not recorded: ``--replay-dir`` and
    ``--no-record``, over the saved settings for this game only."""
    parser.add_argument(
        "--replay-dir", type=folder, metavar="DIR", help="save the replay here instead"
    )
    parser.add_argument(
        "--no-record", action="store_true", help="do not save a replay of this game"
    )
