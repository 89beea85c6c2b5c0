"""``spit-tui play``: straight to the table, two players on one keyboard or against a bot.

Options override the saved settings for this game only; keys, card style and theme
come from the settings. Bad options end with a one-line message and status 2.
"""

from __future__ import annotations

import argparse

from msgspec.structs import replace

from spit.commands._args import add_recording_options, seed
from spit.commands.output import complain


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--bot",
        metavar="LEVEL",
        help="play against the computer at LEVEL, from beginner (the weakest) through "
        "novice, easy, casual, steady, normal, skilled, hard and veteran to expert "
        "(without it, two players share the keyboard)",
    )
    parser.add_argument(
        "--variant",
        choices=("standard", "points"),
        help="standard: get rid of all your cards; points: lowest total when someone "
        "reaches 100 (default: from the settings)",
    )
    parser.add_argument(
        "--seed", type=seed, metavar="N", help="deal from this seed (the same seed, the same deal)"
    )
    parser.add_argument(
        "--names",
        type=player_names,
        metavar="NAME,NAME",
        help="the two players' names, left half of the keyboard first (each rated by name "
        "in the statistics; without it: Player 1 and Player 2)",
    )
    add_recording_options(parser)


def run(args: argparse.Namespace) -> int:
    if args.bot is not None:
        from spit.games.spit.bots import (
            LEVELS,  # only for a game against a bot: it costs start-up time
        )

        if args.bot not in LEVELS:
            choices = ", ".join(LEVELS)
            complain("play", f"unknown bot level {args.bot!r} (choose {choices})")
            return 2
    if args.names is not None and args.bot is not None:
        complain("play", "--names is for two players on one keyboard, not a game against a bot")
        return 2
    from spit.engine import Variant
    from spit.settings.file import read_settings
    from spit.settings.model import settings_path
    from spit.tui.spit.game_config import GameConfig

    settings, _warnings = read_settings(settings_path())  # the app shows the warnings
    config = GameConfig.from_settings(settings, bot_level=args.bot, seed=args.seed)
    if args.names is not None:
        config = replace(config, names=args.names)
    if args.variant is not None:
        config = replace(config, variant=Variant(args.variant))
    if args.replay_dir is not None:
        config = replace(config, replay_dir=args.replay_dir)
    if args.no_record:
        config = replace(config, record=False)

    from spit.tui.app import SpitApp

    result = SpitApp(start_game=config).run()
    return result or 0


NAME_LENGTH = 16
"""The longest name a player may give: the table's and the result's lines fit it."""


def player_names(text: str) -> tuple[str, str]:
    """``"Ann,Bob"`` as the two players' names: two different, printable names of at
    most ``NAME_LENGTH`` characters (a name is drawn on the table and rates its player,
    so neither may be blank, unprintable, or the same as the other)."""
    parts = tuple(part.strip() for part in text.split(","))
    if len(parts) != 2:
        raise argparse.ArgumentTypeError("give two names, separated by a comma: Ann,Bob")
    for part in parts:
        if not part or not part.isprintable() or len(part) > NAME_LENGTH:
            raise argparse.ArgumentTypeError(
                f"a name is 1 to {NAME_LENGTH} printable characters, not {part!a}"
            )
    if parts[0].casefold() == parts[1].casefold():
        raise argparse.ArgumentTypeError("the two players need different names")
    return parts[0], parts[1]
