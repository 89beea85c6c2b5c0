"""What the subcommands' options share: one parser class whose errors are one safe
line, and value checks with a message fit for the user.

argparse reports an ``ArgumentTypeError`` as ``spit-tui CMD: error: argument --x:
<message>`` and exits with status 2, but prints the usage block first and quotes what
was typed as it is; ``CommandParser`` prints the one line alone (``--help`` still
starts with the usage line and lists every option), with outside text made safe.

Numbers are read from plain ASCII digits only: ``int()`` would also take ``٣``, ``1_0``
and `` 3 ``, which no shell user means as a number and a replay could not record as
typed. Each range is the one the rest of the program accepts (a replay's seed, target
and game time), so a value that passes here never fails later with a traceback.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn, TypeVar

from spit.core.dealer import MAX_SEED
from spit.core.safe_text import safe_text

if TYPE_CHECKING:
    from spit.settings.model import Settings

T = TypeVar("T")

_WHOLE = re.compile(r"-?[0-9]+")
_DECIMAL = re.compile(r"-?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?")


class CommandParser(argparse.ArgumentParser):
    """A parser whose errors are one line on stderr, outside text escaped, status 2.
    Subcommands' parsers are made of the same class (argparse's default)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {safe_text(message)}\n")


def whole_number(text: str) -> int:
    """A whole number in ASCII digits, optionally negative (so that the range check can
    say what is wrong with ``-1``)."""
    if not _WHOLE.fullmatch(text):
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number")
    return int(text)


def int_between(low: int, high: int) -> Callable[[str], int]:
    """An option type: a whole number from ``low`` to ``high``."""

    def convert(text: str) -> int:
        value = whole_number(text)
        if value < low:
            raise argparse.ArgumentTypeError(f"must be at least {low}, not {value}")
        if value > high:
            raise argparse.ArgumentTypeError(f"must be at most {high}, not {value}")
        return value

    return convert


def number_up_to(high: float) -> Callable[[str], float]:
    """An option type: a decimal number above 0 and at most ``high`` (no ``inf``,
    ``nan`` or hexadecimal: what a person types as a number)."""

    def convert(text: str) -> float:
        if not _DECIMAL.fullmatch(text):
            raise argparse.ArgumentTypeError(f"{text!r} is not a number")
        value = float(text)
        if not value > 0:
            raise argparse.ArgumentTypeError(f"must be a positive number, not {text}")
        if value > high:
            raise argparse.ArgumentTypeError(f"must be at most {high:.12g}, not {text}")
        return value

    return convert


seed = int_between(0, MAX_SEED)
"""A seed a replay can record."""


def folder(text: str) -> Path:
    """A path, ``~`` expanded (``~name`` for a user who does not exist is refused)."""
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


def recorded_settings(args: argparse.Namespace) -> Settings:
    """The saved settings with ``add_recording_options``' choices on top, for a command
    that opens a table from the settings (its warnings are the app's to show)."""
    from msgspec.structs import replace

    from spit.settings.file import read_settings
    from spit.settings.model import settings_path

    settings, _warnings = read_settings(settings_path())
    if args.replay_dir is not None:
        settings = replace(settings, replay_dir=args.replay_dir)
    if args.no_record:
        settings = replace(settings, record_replays=False)
    return settings


def add_ordering_option(parser: argparse.ArgumentParser) -> None:
    """``--ordering``, how a server's rooms order racing intents
    (``spit.net.fairness.Ordering``): fair by default; arrival order is kept to compare
    with (``docs/protocol.md``, "Fair races")."""
    from spit.net.fairness import Ordering

    def ordering(text: str) -> Ordering:  # its name is argparse's "invalid ordering value"
        return Ordering(text)

    parser.add_argument(
        "--ordering",
        type=ordering,
        choices=list(Ordering),
        default=Ordering.FAIR,
        metavar="{" + ",".join(Ordering) + "}",
        help="how racing presses are ordered: fair (by when they were sent, within what "
        "each line allows; the default) or arrival (the shorter line wins close races)",
    )


def add_port_option(parser: argparse.ArgumentParser, *, any_free: bool = False) -> None:
    """``--port``, the port a server listens on (``spit-tui host``, ``spit-tui serve``);
    with ``any_free``, 0 asks the system for any free one (printed at start)."""
    from spit.net.addresses import DEFAULT_PORT

    free = "; 0: any free one, printed at start" if any_free else ""
    parser.add_argument(
        "--port",
        type=int_between(0 if any_free else 1, 65535),
        default=DEFAULT_PORT,
        metavar="P",
        help=f"the port to listen on (default {DEFAULT_PORT}{free})",
    )
