"""The Spades screen: you against the Spades bot, one key per decision.

Turn-based, so nothing runs while the game waits for the player: a key press applies
the player's action at once, and when the bot is to move a one-shot timer gives the
player a moment to follow before it acts (shorter in the draw, where it shows
nothing). While the help or the leave question is up the bot waits. Every game is
recorded to a Spades replay, closed at the end of the game or when the player leaves.
"""

from __future__ import annotations

import secrets
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.timer import Timer

from spit.core.replay.fields import PlayerInfo
from spit.games.spades.bots import LEVELS
from spit.games.spades.engine import (
    MAX_EXCHANGE,
    TRICKS_PER_HAND,
    Action,
    Bid,
    DeclareBlindNil,
    DeclineBlindNil,
    Discard,
    Event,
    Exchange,
    HandStarted,
    Keep,
    Phase,
    PlayCard,
    Rejected,
)
from spit.games.spades.replay.writer import SpadesReplayWriter
from spit.tui.shared.cards import CardPainter
from spit.tui.shared.navigation import LeaveScreen
from spit.tui.shared.overlays import ConfirmQuit, Result, ResultOverlay
from spit.tui.shared.styles import GAME_CSS
from spit.tui.shared.unsaved import SaveWatch
from spit.tui.spades.board import SpadesBoard
from spit.tui.spades.draw import fits
from spit.tui.spades.game import BOT, HUMAN, TARGET, SpadesGame
from spit.tui.spades.help import SpadesHelp
from spit.tui.spades.notes import describe
from spit.tui.spades.view import HAND_KEYS, Controls, display_order, hand_letters, present

if TYPE_CHECKING:
    from spit.settings.model import Settings

BOT_DELAY = 0.8
"""Seconds the bot waits before a bid or a card, so the player can follow."""
BOT_DRAW_SHARE = 0.3
"""Its draws show nothing but "keeps" or "discards": these take this share of the pause."""
_KEYS = HAND_KEYS + "n"
"""Letter keys: a card each (a-m); b/n, k/d mean more in the blind and draw phases."""


class SpadesScreen(Screen[None]):
    """One game against a bot of ``level``, and its rematches.

    ``seed`` ``None`` picks a random one (shown at the end). ``bot_delay`` 0 makes the
    bot act at once (tests); ``target`` is the score that wins (``--target``, the
    setting ``spades_target``).
    """

    CSS_PATH: ClassVar = [*GAME_CSS, "spades.tcss"]
    AUTO_FOCUS = ""
    BINDINGS: ClassVar[list[BindingType]] = [
        *(  # the upper-case letter too: Caps Lock on
            Binding(f"{k},{k.upper()}", f"letter('{k}')", show=False, id=f"spades.key.{k}")
            for k in _KEYS
        ),
        *(Binding(str(d), f"digit({d})", show=False, id=f"spades.digit.{d}") for d in range(10)),
        Binding("left", "move(-1)", show=False, id="spades.left"),
        Binding("right", "move(1)", show=False, id="spades.right"),
        Binding("up", "bid_step(1)", show=False, id="spades.up"),
        Binding("down", "bid_step(-1)", show=False, id="spades.down"),
        Binding("space", "pick", show=False, id="spades.pick"),
        Binding("enter", "confirm", show=False, id="spades.confirm"),
        Binding("backspace", "erase", show=False, id="spades.erase"),
        Binding("question_mark", "help", show=False, id="spades.help"),
        Binding("q,Q,escape", "quit", show=False, id="spades.quit"),
    ]

    def __init__(
        self,
        level: str = "hard",
        seed: int | None = None,
        replay_dir: Path | None = None,
        record: bool = True,
        *,
        card_style: str = "unicode",
        four_colour: bool = False,
        target: int = TARGET,
        bot_delay: float = BOT_DELAY,
    ) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown Spades bot level {level!r}; choose {', '.join(LEVELS)}")
        super().__init__()
        self.level = level
        self.requested_seed = seed
        self.replay_dir = replay_dir
        self.record = record
        self.target = target
        self.bot_delay = bot_delay
        self.painter = CardPainter(card_style, four_colour)
        self.board = SpadesBoard(self.painter, id="spades-board")
        self.names = ("You", f"{level.capitalize()} bot")
        self.game: SpadesGame
        self.replay_path: Path | None = None
        self.controls = Controls()
        self._bot_timer: Timer | None = None
        self._holds: set[str] = set()
        """Why the bot must wait: "help", "quit", "result", "small" (the window is too
        small to show the table, so the player's keys wait too)."""

    @classmethod
    def from_settings(
        cls, settings: Settings, level: str = "hard", seed: int | None = None
    ) -> SpadesScreen:
        """A game with the player's card style, colours, replay settings and target."""
        return cls(
            level,
            seed,
            replay_dir=settings.replay_dir,
            record=settings.record_replays,
            card_style=settings.card_style,
            four_colour=settings.four_colour,
            target=settings.spades_target,
        )

    # -- lifecycle -----------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield self.board

    def on_mount(self) -> None:
        self._check_size(self.app.size.width, self.app.size.height)
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
        self.game.close()

    def _start(self, seed: int | None) -> None:
        """A new game: shuffled from ``seed`` (a random one if ``None``), recorded."""
        seed = secrets.randbits(32) if seed is None else seed
        self.game = SpadesGame(self.level, seed, self._open_writer(seed), target=self.target)
        self._save_watch = SaveWatch(self)
        opening = HandStarted(1, self.game.state.first)
        self.controls = Controls(notes=(describe([opening], self.names, self.painter),))
        self._after_change()

    def _open_writer(self, seed: int) -> SpadesReplayWriter | None:
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
            writer = SpadesReplayWriter.create(
                self.replay_dir or replays_dir(), players=players, seed=seed, target=self.target
            )
        except (OSError, ValueError) as error:
            self.notify(f"This game is not recorded: {error}", severity="warning", markup=False)
            return None
        self.replay_path = writer.path
        return writer

    def _leave(self) -> None:
        """Back to the screen below; out of the app if this game was all there was."""
        self.game.close()
        self.post_message(LeaveScreen(self))

    # -- the flow of the game ------------------------------------------------------

    def _after_change(self) -> None:
        """Redraw, then let the bot move (now or after its pause), or end the game."""
        self._save_watch.check(self.game.writer)
        if self.bot_delay <= 0:
            while self.game.to_move == BOT and not self._holds:
                self._bot_acts()
        self._redraw()
        if self.game.over:
            self._hold("result", True)
            if self.bot_delay > 0:  # a moment to see the last trick
                self.set_timer(self.bot_delay, self._show_result)
            else:
                self.call_after_refresh(self._show_result)
        elif self.game.to_move == BOT:
            self._wake_bot()

    def _wake_bot(self) -> None:
        if self._bot_timer is not None or self._holds or self.bot_delay <= 0:
            return
        draw = self.game.state.phase in (Phase.BLIND, Phase.DRAW)
        delay = self.bot_delay * (BOT_DRAW_SHARE if draw else 1)
        self._bot_timer = self.set_timer(delay, self.wake)

    def wake(self) -> None:
        """The bot's turn, after its pause: the timer calls this, tests may too."""
        if self._bot_timer is not None:
            self._bot_timer.stop()
            self._bot_timer = None
        if self.game.to_move != BOT or self._holds:
            return
        self._bot_acts()
        self._after_change()

    def _bot_acts(self) -> None:
        self._said(self.game.bot_turn())

    def _hold(self, reason: str, on: bool) -> None:
        """Keep the bot waiting while an overlay is up or the table cannot be seen."""
        if on:
            self._holds.add(reason)
            return
        self._holds.discard(reason)
        if not self._holds and self.game.to_move == BOT:
            self._after_change()

    def _submit(self, action: Action) -> None:
        """The player's action, applied and recorded at once."""
        events = self.game.submit(HUMAN, action)
        if isinstance(events, Rejected):
            self._set(replace(self.controls, error=events.message.capitalize() + "."))
            return
        self.controls = Controls(notes=self.controls.notes)
        self._said(events)
        self._after_change()

    def _said(self, events: tuple[Event, ...]) -> None:
        line = describe(events, self.names, self.painter)
        if line:
            self.controls = replace(self.controls, notes=(line, *self.controls.notes[:1]))

    def _set(self, controls: Controls) -> None:
        self.controls = controls
        self._redraw()

    def _redraw(self) -> None:
        stops = self.cursor_stops()
        if stops and self.controls.cursor not in stops:
            self.controls = replace(self.controls, cursor=stops[0])
        self.board.show_table(present(self.game.view, self.controls, self.names, self.painter))

    def cursor_stops(self) -> list[int]:
        """Where the cursor may rest in the laid-out hand: on the cards that may be
        played when playing, on any card otherwise."""
        hand = display_order(self.game.view.hand)
        if self.game.state.phase is Phase.PLAY and self.game.to_move == HUMAN:
            legal = {a.card for a in self.game.legal() if isinstance(a, PlayCard)}
            return [i for i, card in enumerate(hand) if card in legal]
        return list(range(len(hand)))

    # -- keys ----------------------------------------------------------------------

    def _my_turn(self) -> bool:
        return self.game.to_move == HUMAN and not self._holds

    def action_letter(self, key: str) -> None:
        if not self._my_turn():
            return
        phase = self.game.state.phase
        if phase is Phase.BLIND and key in "bn":
            self._submit(DeclareBlindNil() if key == "b" else DeclineBlindNil())
        elif phase is Phase.DRAW and key in "kd":
            self._submit(Keep() if key == "k" else Discard())
        elif phase in (Phase.EXCHANGE, Phase.PLAY) and key in HAND_KEYS:
            view = self.game.view
            card = next((c for c, k in hand_letters(view).items() if k == key), None)
            if card is not None:
                self.controls = replace(self.controls, cursor=display_order(view.hand).index(card))
                self._use(card)

    def _use(self, card: int) -> None:
        """The card chosen by its key or the cursor: played, or picked for the exchange."""
        if self.game.state.phase is Phase.PLAY:
            self._submit(PlayCard(card))
            return
        chosen = self.controls.chosen
        if card in chosen:
            self._set(replace(self.controls, chosen=chosen - {card}, error=""))
        elif len(chosen) >= MAX_EXCHANGE:
            error = "At most three cards: press a chosen card's key to put it back."
            self._set(replace(self.controls, error=error))
        else:
            self._set(replace(self.controls, chosen=chosen | {card}, error=""))

    def action_move(self, step: int) -> None:
        if not self._my_turn() or self.game.state.phase not in (Phase.EXCHANGE, Phase.PLAY):
            return
        stops = self.cursor_stops()
        if stops:
            at = stops.index(self.controls.cursor) if self.controls.cursor in stops else 0
            self._set(replace(self.controls, cursor=stops[(at + step) % len(stops)]))

    def action_pick(self) -> None:
        if self._my_turn() and self.game.state.phase is Phase.EXCHANGE:
            self._use(display_order(self.game.view.hand)[self.controls.cursor])

    def action_confirm(self) -> None:
        phase = self.game.state.phase
        if phase is Phase.HAND_OVER and not self._holds:
            self.controls = Controls()
            self._said(self.game.next_hand())
            self._after_change()
        elif not self._my_turn():
            return
        elif phase is Phase.PLAY:
            self._use(display_order(self.game.view.hand)[self.controls.cursor])
        elif phase is Phase.EXCHANGE:
            self._submit(Exchange(tuple(self.controls.chosen)))
        elif phase is Phase.BID:
            self._bid()

    def _bid(self) -> None:
        text = self.controls.bid
        if not text:
            self._set(replace(self.controls, error="Type your bid first: 0 (nil) to 13 tricks."))
        elif int(text) > TRICKS_PER_HAND:
            error = f"{text} is too many: a bid is 0 (nil) to 13 tricks."
            self._set(replace(self.controls, error=error))
        else:
            self._submit(Bid(int(text)))

    def action_digit(self, digit: int) -> None:
        if self._my_turn() and self.game.state.phase is Phase.BID:
            text = ((self.controls.bid + str(digit)).lstrip("0") or "0")[-2:]
            error = "" if int(text) <= TRICKS_PER_HAND else "A bid is 0 (nil) to 13 tricks."
            self._set(replace(self.controls, bid=text, error=error))

    def action_erase(self) -> None:
        if self._my_turn() and self.game.state.phase is Phase.BID:
            self._set(replace(self.controls, bid=self.controls.bid[:-1], error=""))

    def action_bid_step(self, step: int) -> None:
        if self._my_turn() and self.game.state.phase is Phase.BID:
            bid = self.controls.bid
            current = int(bid) if bid else (-1 if step > 0 else TRICKS_PER_HAND + 1)
            bid = str(max(0, min(TRICKS_PER_HAND, current + step)))
            self._set(replace(self.controls, bid=bid, error=""))

    def action_help(self) -> None:
        if self._holds - {"small"}:  # another overlay is up or due
            return
        self._hold("help", True)
        self.app.push_screen(SpadesHelp(self.painter.ascii), lambda _: self._hold("help", False))

    def action_quit(self) -> None:
        if self._holds - {"small"}:
            return
        self._hold("quit", True)
        ask = ConfirmQuit(recorded=self.replay_path is not None, ascii_only=self.painter.ascii)
        self.app.push_screen(ask, self._quit_answered)

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
                f"Seed {self.game.seed}: spit-tui spades --seed {self.game.seed} "
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
            self.game.close()
            seed = None if self.requested_seed is None else self.game.seed + 1
            self._start(seed)
        else:
            self._leave()
