"""``spit-tui spades``: a game of Spades against the computer, straight to the table.

The card style, colours, theme and replay settings come from the saved settings; the
options override them for this game. Bad options end with a one-line message and
status 2 (``spit.commands._args``).
"""

from __future__ import annotations

import argparse
from dataclasses import replace

from spit.commands._args import add_recording_options, seed


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from spit.spades_bot import LEVELS

    parser.add_argument(
        "--level",
        default="hard",
        choices=LEVELS,
        help="the bot's level (default: hard)",
    )
    parser.add_argument(
        "--seed",
        type=seed,
        metavar="N",
        help="shuffle from this seed (the same seed, the same hands)",
    )
    add_recording_options(parser)


def run(args: argparse.Namespace) -> int:
    from spit.tui.app import SpitApp
    from spit.tui.settings import load_settings, settings_path
    from spit.tui.spades import SpadesScreen

    settings, _warnings = load_settings(settings_path())  # the app shows the warnings
    if args.replay_dir is not None:
        settings = replace(settings, replay_dir=args.replay_dir)
    if args.no_record:
        settings = replace(settings, record_replays=False)
    screen = SpadesScreen.from_settings(settings, args.level, seed=args.seed)
    result = SpitApp(start_screen=screen).run()
    return result or 0
