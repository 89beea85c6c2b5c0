"""Playing the game screen the way people do: key presses, on a clock moved by hand.

``GameApp`` shows just a ``SpitScreen`` (over Textual's empty default screen, as
``spit-tui play`` does) in a fixed theme. ``Driver`` presses the real key of an
action, found by reverse lookup in the screen's keymap, and moves the FakeClock past
countdowns; ``play`` follows a simple fixed policy, so a seed always gives the same
game.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.app import App
from textual.pilot import Pilot

from spit.core.clock import FakeClock
from spit.engine import Action, Move, Play, Slap, legal_actions
from spit.engine.timers import StagePhase
from spit.games.spit.game import Session
from spit.tui.spit.game_config import GameConfig
from spit.tui.spit.game_screen import SpitScreen

SEED = 7
"""A deal the fixed policy plays to the end in 3 rounds (83 inputs, 2 slaps)."""


class GameApp(App[None]):
    def __init__(self, config: GameConfig, clock: FakeClock, theme: str = "textual-dark") -> None:
        super().__init__()
        self.game = SpitScreen(config, clock)
        self._theme_name = theme

    def on_mount(self) -> None:
        self.theme = self._theme_name
        self.push_screen(self.game)


def game_app(clock: FakeClock, **options: object) -> GameApp:
    """An app for a game with ``options`` (GameConfig fields); seeded, not recorded."""
    theme = str(options.pop("theme", "textual-dark"))
    settings: dict[str, object] = {"seed": SEED, "record": False, **options}
    return GameApp(GameConfig(**settings), clock, theme)  # type: ignore[arg-type]


def binding_id(player: int, action: Action) -> str:
    """The binding that makes ``player`` do ``action`` (a slap uses stockpile 1's key)."""
    p = f"p{player + 1}"
    if isinstance(action, Play):
        return f"{p}.play.{action.stock + 1}.{'left' if action.pile == 0 else 'right'}"
    if isinstance(action, Move):
        return f"{p}.move.{action.stock + 1}"
    if isinstance(action, Slap):
        return f"{p}.play.1.{'left' if action.pile == 0 else 'right'}"
    raise ValueError(f"no key for {action}")


class Driver:
    """``fast`` skips the key events and calls the screen's key action directly: for
    getting a snapshot to the right moment quickly (Pilot waits ~60 ms per key)."""

    def __init__(self, pilot: Pilot[None], clock: FakeClock, fast: bool = False) -> None:
        self.pilot = pilot
        self.clock = clock
        self.fast = fast
        app = pilot.app
        assert isinstance(app, GameApp)
        self.screen = app.game
        self.turn = 0

    @property
    def match(self) -> Session:
        return self.screen.match

    @property
    def text(self) -> str:
        return self.screen.board.text()

    async def press(self, player: int, action: Action) -> None:
        binding = binding_id(player, action)
        if self.fast:
            self.screen.action_game_key(binding)
        else:
            await self.pilot.press(self.screen.keys[binding])

    async def wait(self, ms: int) -> None:
        """Let ``ms`` of game time pass."""
        self.clock.advance(ms)
        self.screen.tick()
        await self.pilot.pause()

    async def to_deadline(self) -> None:
        """Move the clock to the current timer (a countdown, the slap window, a deal)."""
        assert self.match.stage.deadline is not None
        await self.wait(self.match.stage.deadline - self.match.now())

    async def step(self) -> None:
        """One step of the fixed policy: wait out a timer, slap the smaller pile as
        player 2, or press a key for whichever player (alternating) has a play or a move."""
        match = self.match
        if match.stage.phase in (StagePhase.COUNTDOWN, StagePhase.ROUND_OVER):
            await self.to_deadline()
        elif match.stage.phase is StagePhase.SLAP:
            left, right = (len(p) for p in match.state.piles)
            await self.press(1, Slap(0 if left < right else 1))
        else:
            for player in (self.turn, 1 - self.turn):
                actions = legal_actions(match.state, player)
                if actions:
                    plays = [a for a in actions if isinstance(a, Play)]
                    await self.press(player, (plays or actions)[0])
                    break
            self.turn = 1 - self.turn

    async def story_told(self) -> None:
        """Once the game is over, wait for the result and its story: the overlay comes
        after a refresh and its story's worker starts when it is mounted, so on a busy
        machine every worker can be done before that one has begun."""
        from spit.tui.spit.board.story import StoryPanel

        app = self.pilot.app
        for _ in range(500):
            panels = app.screen.query(StoryPanel)
            if panels and (panels.first().story is not None or panels.first().failure):
                break
            await app.workers.wait_for_complete()
            await self.pilot.pause(0.01)
        await self.pilot.pause()

    async def play_until(self, done: Callable[[Session], bool], limit: int = 1000) -> None:
        for _ in range(limit):
            if done(self.match):
                return
            await self.step()
        raise AssertionError("the game did not get there")
