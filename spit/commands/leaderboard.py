"""``spit-tui leaderboard [--server URL] [--game G] [--board all|week|daily] [--json]``:
a server's leaderboard, with this machine's account's place (even when it is off the
page) and its rating history.

The three boards of each game (``spit.online.boards``): all time (by the conservative
rating), this week (by the rating gained), and today's deal (a win first, then fewer
rounds, then less time; for the day's variant). ``--variant`` chooses the variant of
the first two (the game's first by default), ``--page N`` a later page. ``--json``
prints the board as one JSON object, the shape ``GET /leaderboard`` answers with, plus
``history``. Names are the server's text, made safe.
"""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING

from spit.commands._args import int_between
from spit.commands._online import (
    OnlineFailure,
    add_server_options,
    asking,
    run_online,
    server_of,
    session,
)
from spit.commands.output import complain, emit

if TYPE_CHECKING:
    from spit.net.protocol import BoardLine, BoardPage

BOARDS = {"all": "all", "week": "week", "daily": "day"}
"""The ``--board`` choices -> the protocol's names."""
TITLES = {"all": "all time", "week": "this week", "day": "today's deal"}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from spit.net.variants import online_games

    games = online_games()
    add_server_options(parser)
    parser.add_argument("--game", choices=games, default=games[0], help="the game's boards")
    parser.add_argument("--variant", metavar="V", help="the variant (default: the game's first)")
    parser.add_argument("--board", choices=list(BOARDS), default="all", help="which board")
    parser.add_argument("--page", type=int_between(1, 100_000), default=1, metavar="N")
    parser.add_argument("--json", action="store_true", help="print the board as JSON")


def run(args: argparse.Namespace) -> int:
    from spit.net.credentials import AccountTokens, CredentialsError
    from spit.net.tls import TLSError
    from spit.net.variants import variant

    try:
        address, tls = server_of(args)
        chosen = variant(args.game, args.variant)
    except (TLSError, ValueError) as error:
        complain("leaderboard", str(error))
        return 2

    async def work() -> int:
        try:
            client = await session(address, tls, AccountTokens())
        except OnlineFailure as failure:
            complain("leaderboard", str(failure))
            return 1
        try:
            page = await asking(
                client.board(chosen.game, chosen.key, BOARDS[args.board], args.page - 1)  # type: ignore[arg-type]
            )
        except (OnlineFailure, CredentialsError) as failure:
            complain("leaderboard", str(failure))
            return 1
        finally:
            await client.close()
        if args.json:
            emit(json.dumps(board_json(page), ensure_ascii=False))
        else:
            for line in board_lines(page):
                emit(line)
        return 0

    return run_online(work)


def board_json(page: BoardPage) -> dict[str, object]:
    """The board as ``--json`` prints it: every field, the places with the figures
    their board has."""
    import msgspec

    def place(line: BoardLine | None) -> object:
        return None if line is None else msgspec.to_builtins(line)

    return {
        "game": page.game,
        "variant": page.variant,
        "board": page.board,
        "period": page.period,
        "total": page.total,
        "page": page.page,
        "size": page.size,
        "entries": [place(line) for line in page.entries],
        "own": place(page.own),
        "history": page.history,
        "note": page.note,
    }


def figure(board: str, line: BoardLine) -> str:
    """A place's figure as the board ranks it."""
    if board == "day":
        seconds = (line.time_ms or 0) // 1000
        rounds = -(line.points or 0)
        outcome = "won" if line.won else "lost"
        return f"{outcome} in {seconds // 60}:{seconds % 60:02d}, {rounds} rounds"
    games = f"{line.games} game{'s' if line.games != 1 else ''}, {line.wins} won"
    if board == "week":
        return f"{line.rating or 0:+d} ({games})"
    return f"{line.rating} ({games})"


def board_lines(page: BoardPage) -> list[str]:
    """The board as text: a title, its places, the viewer's place and history."""
    from spit.core.safe_text import safe_text

    title = f"{page.game} {page.variant}, {TITLES[page.board]} ({page.period})"
    lines = [f"{title}: {page.total} place{'s' if page.total != 1 else ''}"]
    if page.note:
        lines.append(safe_text(page.note))
    if not page.entries:
        lines.append("Nobody on this page yet.")
    for line in page.entries:
        lines.append(
            f"{line.rank:>5}. {safe_text(line.name, limit=24):<21} {figure(page.board, line)}"
        )
    own = page.own
    if own is None:
        lines.append("You have no place on this board yet.")
    else:
        lines.append(f"You: {own.rank}. {safe_text(own.name, limit=24)}  {figure(page.board, own)}")
    if page.history:
        shown = " → ".join(str(r) for r in page.history[-10:])
        lines.append(f"Your rating, game by game: {shown}")
    return lines
