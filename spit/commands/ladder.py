"""``spit-tui ladder``: the endless ladder, a step up for each win, a step down for
each loss, at the step the statistics say the player reached (or ``--step``).

The rules are ``spit.games.spit.ladder``'s; the step is read from the statistics
before the table opens (``spit.tui.spit.challenges.ladder_step``).
"""

from __future__ import annotations

import argparse

from spit.commands._args import add_recording_options, int_between, recorded_settings


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from spit.core.replay.challenge import MAX_STEP

    parser.add_argument(
        "--step",
        type=int_between(0, MAX_STEP),
        metavar="N",
        help="start at this step (0: beginner, 9: expert, 10 on: faster still; "
        "default: where your last ladder game left you)",
    )
    add_recording_options(parser)


def run(args: argparse.Namespace) -> int:
    from spit.tui.app import SpitApp
    from spit.tui.spit.challenges import ladder_screen, ladder_step

    settings = recorded_settings(args)
    step = ladder_step() if args.step is None else args.step
    result = SpitApp(start_screen=ladder_screen(settings, step)).run()
    return result or 0
