"""The ``spit-tui`` command: a thin dispatcher over ``spit.commands``.

Each subcommand lives in its own module, imported only when chosen, so that
``spit-tui --help`` and ``spit-tui sim`` never pay for importing Textual.
Argument errors exit with status 2 and a one-line message (``CommandParser``);
nothing here may end in a traceback, and nothing printed may hold a character the
terminal would obey or its encoding could not write (``spit.commands.output``).
"""

from __future__ import annotations

import spit._start_time  # noqa: F401  (first: the start the app's log line counts from)

# isort: split
import argparse
import functools
import importlib
import importlib.util
import io
import sys
from collections.abc import Sequence

from spit import __version__, composition
from spit.commands._args import CommandParser
from spit.commands.output import OutputError, abandon_stdout, complain

COMMANDS: dict[str, tuple[str, str]] = {
    "play": (
        "spit.commands.play",
        "start a game: two players on one keyboard, or --bot LEVEL",
    ),
    "spades": ("spit.commands.spades", "play Spades against the computer"),
    "daily": ("spit.commands.daily", "the day's deal: the same game for everyone today"),
    "ladder": ("spit.commands.ladder", "the ladder: each win a step up, the bot faster"),
    "replay": ("spit.commands.replay", "watch a saved game, or --check it"),
    "replays": ("spit.commands.replays", "browse saved games"),
    "sim": ("spit.commands.sim", "play bot-against-bot games headless, for statistics"),
    "host": ("spit.commands.host", "host a game over the network and wait for the other player"),
    "join": ("spit.commands.join", "join a game someone hosts: ADDRESS [CODE]"),
    "watch": ("spit.commands.watch", "watch a network game as a spectator: ADDRESS CODE"),
    "serve": ("spit.commands.serve", "run a server for many rooms (a club's, the internet's)"),
    "web": ("spit.commands.web", "play in a web browser: serve the menu to browser tabs"),
    "online": ("spit.commands.online", "play online: quick match, invites and the daily deal"),
    "account": ("spit.commands.account", "your account on a server: show, rename, link, forget"),
    "leaderboard": ("spit.commands.leaderboard", "a server's leaderboards, and your place"),
}
"""Subcommand name -> (module, one-line help): each game's own command first (Spit's
``play``, Spades' ``spades``), then the others. A module defines
``add_arguments(parser)`` and ``run(args) -> int``."""


def commands() -> dict[str, tuple[str, str]]:
    """Every subcommand."""
    return COMMANDS


@functools.cache
def _available() -> dict[str, tuple[str, str]]:
    """The subcommands whose modules this installation has, looked for once: the parser
    and the dispatch both ask, and each look is a search of the import path."""
    return {
        name: entry
        for name, entry in commands().items()
        if importlib.util.find_spec(entry[0]) is not None
    }


def _chosen(argv: Sequence[str]) -> str | None:
    """The subcommand named on the command line: the first word that is not an option
    (the top-level options take no values)."""
    return next((word for word in argv if not word.startswith("-")), None)


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser, with the options of ``command`` only: other subcommands' modules are
    not imported, so starting one never pays for the others' imports. A known
    ``command`` is its only subcommand (a parser each costs a start-up some
    milliseconds); otherwise every subcommand is listed, for the help and the error."""
    parser = CommandParser(
        prog="spit-tui",
        description="Spit (Speed / Slam), the real-time card game, in the terminal. "
        "With no command, opens the menu.",
    )
    parser.add_argument("--version", action="version", version=f"spit-tui {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    available = _available()
    listed = {command: available[command]} if command in available else available
    for name, (module, text) in listed.items():
        cmd = sub.add_parser(name, help=text, description=text)
        if name == command:
            importlib.import_module(module).add_arguments(cmd)
    return parser


def _lenient_output() -> None:
    """A character the terminal's encoding cannot write (a name in Greek under an ASCII
    locale) comes out as a ``\\u`` escape instead of ending the command."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="backslashreplace")


def main(argv: Sequence[str] | None = None) -> int:
    words = sys.argv[1:] if argv is None else argv
    composition.install()
    _lenient_output()
    try:  # Ctrl-C while the command's modules load, too, ends quietly
        args = build_parser(_chosen(words)).parse_args(words)
        command = args.command or "menu"
        module = _available().get(command, ("spit.commands.menu", ""))[0]
        return int(importlib.import_module(module).run(args))
    except KeyboardInterrupt:
        return 130
    except OutputError as error:
        abandon_stdout()
        if not error.reader_gone:  # `| head` stopping early is no error to report
            complain("", f"cannot write the output: {error}")
        return 1


if __name__ == "__main__":
    sys.exit(main())
