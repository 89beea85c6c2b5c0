"""Playing the Spades screen the way a person does: one real key press per decision.

``spades_app`` lands straight on a ``SpadesScreen`` through ``SpitApp(start_screen=...)``,
as ``spit-tui spades`` does, with the bot acting at once (no pause) so tests never wait
on a timer. ``Player`` picks its moves from what the screen shows the player and
presses the keys for them: a fixed, simple policy, so a seed always gives the same game.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual.pilot import Pilot

from spit.core.clock import Clock
from spit.games.spades.engine import Phase, PlayCard
from spit.games.spades.keys import display_order, hand_letters
from spit.settings.model import Settings
from spit.tui.app import SpitApp
from spit.tui.spades.screen import SpadesScreen

SEED = 3


def spades_app(
    *,
    seed: int = SEED,
    target: int = 500,
    replay_dir: Path | None = None,
    theme: str = "textual-dark",
    bot_delay: float = 0,
    clock: Clock | None = None,
    **options: object,
) -> SpitApp:
    screen = SpadesScreen(
        "hard",
        seed,
        replay_dir=replay_dir,
        record=replay_dir is not None,
        target=target,
        bot_delay=bot_delay,
        **options,  # type: ignore[arg-type]
    )
    return SpitApp(settings=Settings(theme=theme), start_screen=screen, clock=clock)


def screen_of(pilot: Pilot[int]) -> SpadesScreen:
    screen = pilot.app.screen_stack[1]
    assert isinstance(screen, SpadesScreen)
    return screen


class Player:
    """Declines blind nil, keeps high cards and spades, bids a third of its high cards,
    plays its lowest legal card (by key or by the arrows, in turn)."""

    def __init__(self, pilot: Pilot[int], screen: SpadesScreen | None = None) -> None:
        self.pilot = pilot
        self.screen = screen or screen_of(pilot)
        self.presses = 0

    async def press(self, *keys: str) -> None:
        self.presses += len(keys)
        await self.pilot.press(*keys)

    async def turn(self) -> None:
        """One decision of the player's (or Enter between hands)."""
        game = self.screen.game
        view = game.observe(0)
        match view.phase:
            case Phase.BLIND:
                await self.press("n")
            case Phase.DRAW:
                top = view.top_card
                assert top is not None
                await self.press("k" if top >> 2 >= 7 or top & 3 == 3 else "d")
            case Phase.BID:
                high = sum(1 for c in view.hand if c >> 2 >= 10)
                await self.press(*str(max(1, high // 2)), "enter")
            case Phase.PLAY:
                await self._play()
            case Phase.HAND_OVER:
                await self.press("enter")
            case _:
                raise AssertionError(f"unexpected phase {view.phase}")

    async def _play(self) -> None:
        game = self.screen.game
        hand = display_order(game.observe(0).hand)
        card = min(
            (a.card for a in game.legal_actions(0) if isinstance(a, PlayCard)), key=lambda c: c >> 2
        )
        index = hand.index(card)
        if len(hand) % 4:  # by its key (the one drawn under it); a few times by the arrows
            await self.press(hand_letters(game.observe(0))[card])
            return
        cursor = self.screen.controls.cursor  # by the arrows
        stops = self.screen.cursor_stops()
        moves = (stops.index(index) - stops.index(cursor)) % len(stops)
        await self.press(*(["right"] * moves), "enter")

    async def play_until(self, done: Callable[[SpadesScreen], bool], limit: int = 2000) -> None:
        """Take turns until ``done(screen)`` holds."""
        for _ in range(limit):
            if done(self.screen):
                return
            await self.turn()
        raise AssertionError("the game did not get there")
