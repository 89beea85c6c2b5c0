"""``spit-tui daily``: the day's deal, the same cards and bot for everyone on a UTC day,
opened on its card (whether the game counts; Enter plays it, Esc or q quits).

``--date`` plays a past day's deal (as practice: only a day's own deal played on the
day counts); a day still to come is refused with a message and status 2, as any bad
option is. The rules are ``spit.games.spit.daily``'s.
"""

from __future__ import annotations

import argparse
from datetime import date

from spit.commands._args import add_recording_options, parsed_by, recorded_settings


def _day(text: str) -> date:
    from spit.core.dates import playable_day, utc_today

    return playable_day(text, utc_today())


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--date",
        type=parsed_by(_day),
        metavar="YYYY-MM-DD",
        help="play the deal of this UTC day instead of today's (a past day's counts as practice)",
    )
    add_recording_options(parser)


def run(args: argparse.Namespace) -> int:
    from spit.tui.app import SpitApp
    from spit.tui.spit.daily_card import DailyCard

    settings = recorded_settings(args)
    result = SpitApp(start_screen=DailyCard(day=args.date, settings=settings)).run()
    return result or 0
