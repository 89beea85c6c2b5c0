"""``spit-tui spades``: a game of Spades against the computer, straight to the table.

The card style, colours, theme and replay settings come from the saved settings; the
options override them for this game. Bad options end with a one-line message and
status 2 (argparse's convention).
"""

from __future__ import annotations

import argparse
from dataclasses import replace
from pathlib import Path

MAX_SEED = 2**64 - 1
"""The largest seed a replay can record."""


def _seed(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if not 0 <= value <= MAX_SEED:
        raise argparse.ArgumentTypeError(f"must be between 0 and {MAX_SEED}")
    return value


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
        type=_seed,
        metavar="N",
        help="shuffle from this seed (the same seed, the same hands)",
    )
    parser.add_argument(
        "--replay-dir", type=Path, metavar="DIR", help="save the replay here instead"
    )
    parser.add_argument(
        "--no-record", action="store_true", help="do not save a replay of this game"
    )


def run(args: argparse.Namespace) -> int:
    from spit.tui.app import SpitApp
    from spit.tui.settings import load_settings, settings_path
    from spit.tui.spades import SpadesScreen

    settings, _warnings = load_settings(settings_path())  # the app shows the warnings
    if args.replay_dir is not None:
        settings = replace(settings, replay_dir=args.replay_dir.expanduser())
    if args.no_record:
        settings = replace(settings, record_replays=False)
    screen = SpadesScreen.from_settings(settings, args.level, seed=args.seed)
    result = SpitApp(start_screen=screen).run()
    return result or 0
