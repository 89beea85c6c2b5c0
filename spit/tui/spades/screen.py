"""The Spades screen: you against the Spades bot, one key per decision.

The game is a session (``spit.games.spades.game.new_session``) on the app's clock: each
key goes to it as an intent (``Key``, ``Confirm``), and the game decides what the key
means at that moment (a letter in the exchange picks a card, which the screen keeps).
The screen keeps only what the player is composing (the cursor, the cards chosen for
an exchange, the digits of a bid) and draws; the keys and the drawing are
``spit.tui.spades.table_keys``, which the network table shares. The bot waits a moment
before it acts, so the player can follow (shorter in the draw, where it shows nothing):
that is the bot's own pace (``BotPace``), timed by the session; a one-shot timer wakes
the screen when the bot is due. While the help or the leave question is up, or the
window is too small, the session is paused: the bot waits and keys are refused.
Every game is recorded to a Spades replay, closed at the end of the game or when the
player leaves.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.screen import Screen
from textual.timer import Timer

from spit.core.clock import Clock, MonotonicClock
from spit.core.replay.fields import PlayerInfo
from spit.core.replay.unplayed import close_recording
from spit.games.spades.bots import LEVELS, make_bot
from spit.games.spades.bots.agent import BotAgent, BotPace
from spit.games.spades.engine import PlayerView
from spit.games.spades.game import Session, card_played, new_session, picked, steps
from spit.games.spades.identity import NAME
from spit.games.spades.intents import Intent, NextHand
from spit.games.spades.replay import ReplayWriter
from spit.play.events import DealAsked, InputRecord
from spit.settings.model import CardStyle, game_setting
from spit.tui.shared.cards import CardPainter
from spit.tui.shared.navigation import LeaveScreen
from spit.tui.shared.overlays import ConfirmQuit, Result, ResultOverlay
from spit.tui.shared.services import services
from spit.tui.shared.styles import GAME_CSS
from spit.tui.shared.table_settings import table_options
from spit.tui.shared.unsaved import SaveWatch
from spit.tui.spades.board import SpadesBoard
from spit.tui.spades.draw import fits
from spit.tui.spades.help import SpadesHelp
from spit.tui.spades.key_map import spades_keys
from spit.tui.spades.seats import BOT, HUMAN, TARGET
from spit.tui.spades.table_keys import TABLE_BINDINGS, TableKeys
from spit.tui.spades.view import Controls

if TYPE_CHECKING:
    from spit.settings.model import Settings

BOT_DELAY = 0.8
"""Seconds the bot waits before a bid or a card, so the player can follow."""
BOT_DRAW_SHARE = 0.3
"""Its draws show nothing but "keeps" or "discards": these take this share of the pause."""


class SpadesScreen(TableKeys, Screen[None]):
    """One game against a bot of ``level``, and its rematches.

    ``seed`` ``None`` picks a random one (shown at the end). ``bot_delay`` 0 makes the
    bot act at once (tests); ``target`` is the score that wins (``--target``, the
    setting ``spades_target``).
    """

    CSS_PATH: ClassVar = [*GAME_CSS, "spades.tcss"]
    AUTO_FOCUS = ""
    BINDINGS: ClassVar[list[BindingType]] = TABLE_BINDINGS

    def __init__(
        self,
        level: str = "hard",
        seed: int | None = None,
        replay_dir: Path | None = None,
        record: bool = True,
        *,
        card_style: CardStyle = CardStyle.UNICODE,
        four_colour: bool = False,
        target: int = TARGET,
        bot_delay: float = BOT_DELAY,
        clock: Clock | None = None,
        keys: Mapping[str, str] | None = None,
    ) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown Spades bot level {level!r}; choose {', '.join(LEVELS)}")
        super().__init__()
        self._clock = clock
        """The clock the game runs on; ``None``: the app's."""
        self.level = level
        self.requested_seed = seed
        self.replay_dir = replay_dir
        self.record = record
        self.target = target
        self.bot_delay = bot_delay
        self.keys = spades_keys(keys or {})
        self.painter = CardPainter(card_style, four_colour)
        self.board = SpadesBoard(self.painter, id="spades-board")
        self.names = ("You", f"{level.capitalize()} bot")
        self.game: Session
        self.seed = 0
        """The seed of the game on the table (``--seed`` deals it again)."""
        self.writer: ReplayWriter | None = None
        self.replay_path: Path | None = None
        self.controls = Controls()
        self._bot_timer: Timer | None = None
        self._holds: set[str] = set()
        """Why the bot must wait: "help", "quit", "result", "small" (the window is too
        small to show the table, so the player's keys wait too)."""

    @classmethod
    def from_settings(
        cls,
        settings: Settings,
        level: str | None = None,
        seed: int | None = None,
        *,
        clock: Clock | None = None,
    ) -> SpadesScreen:
        """A game with the player's card style, colours, replay settings and target."""
        return cls(
            level or "hard",
            seed,
            target=int(game_setting(settings, NAME, "target")),
            clock=clock,
            keys=settings.game_keys,
            **table_options(settings),
        )

    # -- lifecycle -----------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield self.board

    def on_mount(self) -> None:
        self.app.update_keymap(dict(self.keys))
        if not fits(self.app.size.width, self.app.size.height):
            self._holds.add("small")  # the game starts paused (``_start``)
        self._start(self.requested_seed)

    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size.width, event.size.height)

    def on_screen_resume(self) -> None:
        self._check_size(self.app.size.width, self.app.size.height)

    def _check_size(self, width: int, height: int) -> None:
        small = not fits(width, height)
        if small != ("small" in self._holds):
            self._hold("small", small)

    def on_unmount(self) -> None:
        self._close()

    def _close(self) -> None:
        """Stop recording: the file keeps what was played, and goes if no card was
        (``spit.core.replay.unplayed``)."""
        if self.writer is not None:
            close_recording(self.writer, card_played(self.game.state))

    def _start(self, seed: int | None) -> None:
        """A new game: shuffled from ``seed`` (a random one if ``None``), recorded."""
        seed = secrets.randbits(32) if seed is None else seed
        self.seed = seed
        self.writer = self._open_writer(seed)
        delay = round(self.bot_delay * 1000)
        pace = BotPace(max(delay, 0), max(round(delay * BOT_DRAW_SHARE), 0))
        self.game = new_session(
            seed=seed,
            target=self.target,
            first=HUMAN,
            agents=[BotAgent(BOT, make_bot(self.level, BOT, seed), pace)],
            recorders=() if self.writer is None else (self.writer,),
            clock=self._clock or services(self).clock or MonotonicClock(),
            auto_deal=False,
        )
        if self._holds:
            self.game.pause()
        self._save_watch = SaveWatch(self)
        self.controls = Controls()
        self._after_change()

    def _open_writer(self, seed: int) -> ReplayWriter | None:
        """A replay file for this game, or ``None`` (with a notice) if it cannot be made."""
        self.replay_path = None
        if not self.record:
            return None
        from spit.paths import replays_dir

        players = (
            PlayerInfo("human", self.names[HUMAN]),
            PlayerInfo("bot", self.names[BOT], level=self.level, seed=seed),
        )
        try:
            writer = ReplayWriter.create(
                self.replay_dir or replays_dir(), players=players, seed=seed, target=self.target
            )
        except (OSError, ValueError) as error:
            self.notify(f"This game is not recorded: {error}", severity="warning", markup=False)
            return None
        self.replay_path = writer.path
        return writer

    def _leave(self) -> None:
        """Back to the screen below; out of the app if this game was all there was."""
        self._close()
        self.post_message(LeaveScreen(self))

    # -- the flow of the game ------------------------------------------------------

    def _after_change(self) -> None:
        """Let the bot act if it is due, redraw, then wake up when it is next due, or
        end the game."""
        self._save_watch.check(self.writer)
        self._take_steps()
        self.redraw()
        if self.game.stage.over:
            if "result" in self._holds:
                return
            self._hold("result", True)
            if self.bot_delay > 0:  # a moment to see the last trick
                self.set_timer(self.bot_delay, self._show_result)
            else:
                self.call_after_refresh(self._show_result)
            return
        due = self.game.next_due()  # None while paused
        if due is not None and self._bot_timer is None:
            wait = max(due - self.game.now(), 1) / 1000  # Textual's timers need a delay
            self._bot_timer = self.set_timer(wait, self.wake)

    def wake(self) -> None:
        """The bot's pause is over by the clock: the timer calls this, tests may too."""
        if self._bot_timer is not None:
            self._bot_timer.stop()
            self._bot_timer = None
        self._after_change()

    def _take_steps(self) -> None:
        """Catch up with the clock (the bot acts if it is due), and take what happened
        since the last look as notes: one line per input or deal."""
        for step in steps(self.game.update(HUMAN)):
            self.said(step.events, dealt=step.record is None and bool(step.events))

    def _hold(self, reason: str, on: bool) -> None:
        """Pause the game (the bot waits, keys are refused) while an overlay is up or
        the table cannot be seen."""
        if on:
            self._holds.add(reason)
            self.game.pause()
            return
        self._holds.discard(reason)
        if not self._holds:
            self.game.resume()
            self._after_change()

    # -- the table's hooks (``TableKeys``) -----------------------------------

    def player_view(self) -> PlayerView:
        return self.game.observe(HUMAN)

    def seat_names(self) -> tuple[str, str]:
        return self.names

    def send_intent(self, intent: Intent) -> None:
        """The player's intent, handled by the session at once (a letter in the
        exchange picks a card, kept here until Enter); the table follows."""
        card = None if self.game.paused else picked(self.game.state, HUMAN, intent)
        if card is not None:
            self.answered(None, picked=card)
            return
        handled = self.game.submit(HUMAN, intent)
        if isinstance(handled, InputRecord):
            self.answered(handled.action, refusal=handled.reason)
        elif isinstance(handled, DealAsked):
            self.answered(NextHand())
        else:
            self.answered(None, refusal=handled.reason)

    def may_act(self) -> bool:
        return not self._holds

    def accepted(self) -> None:
        self._after_change()

    # -- keys ----------------------------------------------------------------------

    def action_help(self) -> None:
        if self._holds - {"small"}:  # another overlay is up or due
            return
        self._hold("help", True)
        self.app.push_screen(
            SpadesHelp(self.painter.ascii, self.key_names()), lambda _: self._hold("help", False)
        )

    def action_quit(self) -> None:
        if self._holds - {"small"}:
            return
        self._ask_to_leave()

    def _ask_to_leave(self) -> None:
        self._hold("quit", True)
        ask = ConfirmQuit(recorded=self.replay_path is not None, ascii_only=self.painter.ascii)
        self.app.push_screen(ask, self._quit_answered)

    def interrupt(self) -> None:
        """Ctrl+C (``spit.tui.shared.interrupt``): the help is closed, and the game
        asks to leave, as q and Esc do."""
        if self.app.screen is not self:  # the help, the only dialog that passes it on
            self.app.screen.dismiss(None)
        self._ask_to_leave()

    def _quit_answered(self, leave: bool | None) -> None:
        if leave:
            self._leave()
        else:
            self._hold("quit", False)

    # -- the end -------------------------------------------------------------------

    def _show_result(self) -> None:
        overlay = ResultOverlay(self._result(), ascii_only=self.painter.ascii)
        self.app.push_screen(overlay, self._result_answered)

    def _result(self) -> Result:
        state = self.game.state
        you, bot = state.scores
        if state.winner == HUMAN:
            headline = f"You win, {you} to {bot}!"
        else:
            headline = f"The {self.names[BOT].lower()} wins, {bot} to {you}."
        return Result(
            headline,
            (
                f"{state.hand} hands played. Bags: you {state.bags[HUMAN]}, "
                f"the bot {state.bags[BOT]}.",
                f"Seed {self.seed}: spit-tui spades --seed {self.seed} "
                f"--level {self.level}{self._target_option()} deals these hands again.",
            ),
            self.replay_path,
        )

    def _target_option(self) -> str:
        """``--target N`` for the command that plays the game again, unless the usual."""
        return "" if self.target == TARGET else f" --target {self.target}"

    def _result_answered(self, rematch: bool | None) -> None:
        self._holds.discard("result")
        if rematch:
            self._close()
            seed = None if self.requested_seed is None else self.seed + 1
            self._start(seed)
        else:
            self._leave()
