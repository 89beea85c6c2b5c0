"""What playing online looks like (pytest-textual-snapshot): the queue with a bot on
offer, and a leaderboard page with the player's own place far off it, from a session
whose state the test sets (no server, no clock: the seconds waited are the server's
word, fixed here). Names a hostile server might send are among them. Update after an
intended change with ``--snapshot-update`` and look at the report before committing."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from spit.net.addresses import Address
from spit.net.online_client import OnlineClient
from spit.net.protocol import (
    AccountView,
    BoardKind,
    BoardLine,
    BoardPage,
    BotOffer,
    Queued,
    QueueStatus,
    Signed,
)
from spit.net.variants import GameVariant
from spit.settings.model import Settings
from spit.tui.app import SpitApp
from spit.tui.net.leaderboard import LeaderboardScreen
from spit.tui.net.online import OnlineScreen, QueueScreen
from tests.tui.shots import SMALL, SnapCompare, hold_still

ADDRESS = Address("club.example.org", 7788)


class StillSession(OnlineClient):
    """A session whose state the test sets, and whose board is a fixed page."""

    def __init__(self) -> None:
        super().__init__()
        self.signed = Signed(v=3, account=AccountView(id="a" * 32, name="Ann", named=True))
        self.online = 12

    async def board(
        self, game: str, variant: str, board: BoardKind = "all", page: int = 0
    ) -> BoardPage:
        entries = [
            BoardLine(rank=1, name="Zoë", rating=1912, games=240, wins=181),
            BoardLine(rank=2, name="Eve\x1b]2;OWNED\x07[red]x", rating=1890, games=96, wins=70),
            *(
                BoardLine(rank=n, name=f"Player {n}", rating=1890 - 9 * n, games=50, wins=25)
                for n in range(3, 11)
            ),
        ]
        return BoardPage(
            game=game,
            variant=variant,
            board=board,
            period="all",
            total=4321,
            page=page,
            size=10,
            entries=entries,
            own=BoardLine(rank=1234, name="Ann", rating=1402, games=17, wins=8),
            history=[1500, 1461, 1483, 1440, 1402],
        )


def _app(session: StillSession) -> SpitApp:
    async def connect(_fresh: bool) -> OnlineClient:
        return session

    screen = OnlineScreen(ADDRESS, connect)
    return SpitApp(settings=Settings(practice_offered=True), start_screen=screen)


async def _signed_in(pilot: Pilot[Any]) -> None:
    for _ in range(50):
        await pilot.pause(0.02)
        if "You are Ann" in str(pilot.app.screen.query_one("#online-status").render()):
            break


def test_the_queue_with_a_bot_on_offer(snap_compare: SnapCompare) -> None:
    session = StillSession()
    session.queued = Queued(game="spit", variant="standard", rating=1402)
    session.status = QueueStatus(waited_s=21, waiting=3, online=12)
    session.offer = BotOffer(level="normal", rating=1500)

    async def queued(pilot: Pilot[Any]) -> None:
        await _signed_in(pilot)
        pilot.app.push_screen(QueueScreen(session, GameVariant("spit", "standard")))
        await hold_still(pilot)

    assert snap_compare(_app(session), run_before=queued, terminal_size=SMALL)


def test_a_leaderboard_with_ones_place_off_the_page(snap_compare: SnapCompare) -> None:
    session = StillSession()

    async def boards(pilot: Pilot[Any]) -> None:
        await _signed_in(pilot)
        await pilot.press("l")
        for _ in range(50):
            await pilot.pause(0.02)
            screen = pilot.app.screen
            if isinstance(screen, LeaderboardScreen) and screen.shown is not None:
                break
        await hold_still(pilot)

    assert snap_compare(_app(session), run_before=boards, terminal_size=SMALL)
