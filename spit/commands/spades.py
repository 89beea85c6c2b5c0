"""``spit-tui spades``: a game of Spades against the computer, straight to the table.

The card style, colours, theme, replay settings and target score come from the saved
settings; the options override them for this game. Bad options end with a one-line
message and status 2 (``spit.commands._args``).
"""

from __future__ import annotations

import argparse

from msgspec.structs import replace

from spit.commands._args import add_recording_options, seed, whole_number


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from spit.games.spades.bots import LEVELS

    parser.add_argument(
        "--level",
        default="hard",
        choices=[level.value for level in LEVELS],  # plain strings: argparse shows their reprs
        help="the bot's level (default: hard)",
    )
    parser.add_argument(
        "--seed",
        type=seed,
        metavar="N",
        help="shuffle from this seed (the same seed, the same hands)",
    )
    parser.add_argument(
        "--target",
        type=target,
        metavar="N",
        help="the score that wins the game (default: the Settings one, 500 unless changed; "
        "150 or 250 make a short game)",
    )
    add_recording_options(parser)


def target(text: str) -> int:
    """A winning score a replay can record: any whole number from 1, not only the
    lengths Settings offers (``spit.tui.spades.front_ends.TARGETS``), for a player who
    wants 100 or 1000."""
    from spit.core.replay import MAX_TARGET

    value = whole_number(text)
    if not 1 <= value <= MAX_TARGET:
        raise argparse.ArgumentTypeError(f"must be between 1 and {MAX_TARGET}, not {value}")
    return value


def run(args: argparse.Namespace) -> int:
    from spit.settings.file import read_settings
    from spit.settings.model import settings_path, with_game_setting
    from spit.tui.app import SpitApp
    from spit.tui.spades.screen import SpadesScreen

    settings, _warnings = read_settings(settings_path())  # the app shows the warnings
    if args.replay_dir is not None:
        settings = replace(settings, replay_dir=args.replay_dir)
    if args.no_record:
        settings = replace(settings, record_replays=False)
    if args.target is not None:
        settings = with_game_setting(settings, "spades_target", args.target)
    screen = SpadesScreen.from_settings(settings, args.level, seed=args.seed)
    result = SpitApp(start_screen=screen).run()
    return result or 0
