"""The game screen: a match on the table, played from the keyboard in real time.

Keys are screen-level priority bindings with ids (see ``spit.tui.keymap``), so no
focused widget can swallow a player's key, and a press is handled the moment it
arrives: ``match.submit`` at once, then the board redraws. A 30 Hz interval runs the
match's timers and bots through ``match.update()``; game time always comes from the
clock, never from counting ticks (Textual drops late ticks), and the interval is
paused when nothing is due and no effect is fading, so an idle game costs no CPU.

Every game is recorded as it is played: a ``ReplayWriter`` is one of the match's
recorders, closed at game over or when the player leaves. A ``GameLog`` keeps the same
game in memory for the result screen's story (``spit.tui.board.story``); a finished
game's replay is also added to the statistics database, in a worker thread.
"""

from __future__ import annotations

import secrets
from dataclasses import replace
from pathlib import Path
from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingsMap, BindingType
from textual.screen import Screen
from textual.timer import Timer

from spit.engine import Action, Move, Play, Slap
from spit.match import Clock, Match, MatchPhase, MonotonicClock, Recorder, SeededDeals, Timing
from spit.replay import Header, PlayerInfo, ReplayWriter
from spit.tui.board.draw import fits
from spit.tui.board.overlays import ConfirmQuit, HelpOverlay, KeyHelp, ResultOverlay
from spit.tui.board.presenter import Cursor, Players, Presenter
from spit.tui.board.widget import Board
from spit.tui.cards import CardPainter
from spit.tui.game_config import GameConfig
from spit.tui.game_log import GameLog
from spit.tui.keymap import BINDING_IDS, GAME_KEYS, GameKey, KeymapError, key_label, resolve

TICK_HZ = 30
TARGET = 100
"""Points variant: the total that ends the game (R20)."""


def _keys(config: GameConfig) -> tuple[dict[str, str], list[str]]:
    """The resolved keymap, falling back to the plain preset if the overrides clash."""
    try:
        return resolve(config.keymap_preset, config.key_overrides), []
    except KeymapError as error:
        try:
            return resolve(config.keymap_preset), error.problems
        except KeymapError:
            return resolve(), error.problems


def _in_use(key: GameKey, vs_bot: bool) -> bool:
    """Player 2's keys only with two humans; the arrow scheme only against a bot."""
    if key.kind == "cursor":
        return vs_bot
    return not (vs_bot and key.player == 1)


class GameScreen(Screen[None]):
    """One game, and its rematches. See the module docstring."""

    CSS_PATH = "game.tcss"
    AUTO_FOCUS = ""
    BINDINGS: ClassVar[list[BindingType]] = []
    """None: each screen's bindings are made from its config's keymap."""

    def __init__(self, config: GameConfig, clock: Clock | None = None) -> None:
        super().__init__()
        self.config = config
        self.clock: Clock = clock or MonotonicClock()
        self.keys, self.keymap_problems = _keys(config)
        self.players = Players.for_game(config.bot_level)
        self.vs_bot = config.bot_level is not None
        ids = [i for i in BINDING_IDS if _in_use(GAME_KEYS[i], self.vs_bot)]
        # Textual has no public per-instance bindings, and each game's keys come from
        # its config (remap with GameConfig.key_overrides: the labels on the table
        # follow it). The ids are kept, as every binding should have one.
        self._bindings = BindingsMap(
            Binding(self.keys[i], f"game_key({i!r})", show=False, priority=True, id=i) for i in ids
        )
        self._id_by_key = {self.keys[i]: i for i in ids}
        self.painter = CardPainter(config.card_style, config.four_colour)
        self.board = Board(self.painter, id="board")
        self.presenter = Presenter(self.players, self.painter, self._label)
        self.match: Match
        self.seed = 0
        self.replay_path: Path | None = None
        self._writer: ReplayWriter | None = None
        self._log: GameLog
        self._timer: Timer | None = None
        self._ticking = False
        self._pauses: set[str] = set()
        """Why the match is paused: "user", "help", "quit", "small"."""
        self._cursor = Cursor(0, 0)
        self._cursor_used = False
        self._shown_seconds: int | None = None

    @property
    def ticking(self) -> bool:
        """Whether the tick interval is running (it stops when nothing is due)."""
        return self._ticking

    @property
    def pause_reasons(self) -> frozenset[str]:
        """Why the match is paused, if it is: "user", "help", "quit", "small"."""
        return frozenset(self._pauses)

    def _label(self, binding_id: str) -> str:
        return key_label(self.keys[binding_id], ascii_only=self.painter.ascii)

    # -- lifecycle -----------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield self.board

    def on_mount(self) -> None:
        self._timer = self.set_interval(1 / TICK_HZ, self.tick, pause=True)
        for problem in self.keymap_problems:
            self.notify(f"{problem}; using the plain layout", severity="warning", markup=False)
        self._start(self.config.seed)
        self._check_size(self.app.size.width, self.app.size.height)

    def on_unmount(self) -> None:
        self._close_writer()

    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size.width, event.size.height)

    def on_screen_resume(self) -> None:
        self._check_size(self.app.size.width, self.app.size.height)

    def _start(self, seed: int | None) -> None:
        """Deal a new game and start its countdown."""
        self.seed = secrets.randbits(32) if seed is None else seed
        timing = self.config.timing or Timing()
        bots = []
        if self.config.bot_level is not None:
            from spit.bots import make_bot

            bots.append(make_bot(self.config.bot_level, 1, self.seed))
        players = self._player_infos(bots[0].policy.name if bots else None)
        self._writer = self._open_writer(timing, players)
        self._log = GameLog(Header(self.config.variant, TARGET, timing, players, seed=self.seed))
        recorders: list[Recorder] = [self._writer] if self._writer is not None else []
        self.match = Match(
            SeededDeals(self.seed),
            variant=self.config.variant,
            target=TARGET,
            timing=timing,
            agents=bots,
            recorders=[*recorders, self._log],
            clock=self.clock,
        )
        self._finished = False
        self._pauses.discard("user")
        if self._pauses:
            self.match.pause()
        self.presenter = Presenter(self.players, self.painter, self._label)
        self.presenter.absorb(self.match.drain(), self.match, self.clock.now_ms())
        self._redraw()
        self._schedule()

    def _player_infos(self, policy: str | None) -> tuple[PlayerInfo, PlayerInfo]:
        """Who plays, as the replay records it."""
        names = self.players.names
        second = PlayerInfo("human", names[1])
        if self.config.bot_level is not None:
            second = PlayerInfo(
                "bot", names[1], level=self.config.bot_level, policy=policy, seed=self.seed
            )
        return PlayerInfo("human", names[0]), second

    def _open_writer(
        self, timing: Timing, players: tuple[PlayerInfo, PlayerInfo]
    ) -> ReplayWriter | None:
        """A replay file for this game, or ``None`` (with a notice) if it cannot be made."""
        self.replay_path = None
        if not self.config.record:
            return None
        from spit.paths import replays_dir

        try:
            writer = ReplayWriter.create(
                self.config.replay_dir or replays_dir(),
                players=players,
                variant=self.config.variant,
                target=TARGET,
                timing=timing,
                seed=self.seed,
            )
        except (OSError, ValueError) as error:
            self.notify(f"This game is not recorded: {error}", severity="warning", markup=False)
            return None
        self.replay_path = writer.path
        return writer

    def _close_writer(self) -> None:
        writer, self._writer = self._writer, None
        if writer is None:
            return
        writer.close()
        if writer.error is not None:
            message = f"The replay could not be saved completely: {writer.error}"
            self.notify(message, severity="error", markup=False)

    def _leave(self) -> None:
        """Back to the screen below; out of the app if the game was all there was."""
        self._close_writer()
        stack = self.app.screen_stack
        if len(stack) == 2 and stack[-1] is self and type(stack[0]) is Screen:
            self.app.exit()
        else:
            self.dismiss(None)

    # -- time ----------------------------------------------------------------------

    def tick(self) -> None:
        """Bring the match up to the clock and redraw if anything changed. The interval
        calls this; tests call it after moving a FakeClock."""
        now = self.clock.now_ms()
        changed = self._absorb()
        changed = self.presenter.expire(now) or changed
        if changed or self._seconds_left() != self._shown_seconds:
            self._redraw()
        self._schedule()

    def _absorb(self) -> bool:
        """Catch the match up with the clock and take in what happened."""
        events = self.match.update()
        changed = self.presenter.absorb(events, self.match, self.clock.now_ms())
        if self.match.phase is MatchPhase.GAME_OVER and not self._finished:
            self._finished = True
            self._close_writer()
            if self.replay_path is not None:
                self._record_in_stats(self.replay_path)
            self.call_after_refresh(self._show_result)
        return changed

    def _schedule(self) -> None:
        """Run the interval only while a timer or bot is due or an effect is fading."""
        match = self.match
        due = not match.paused and match.next_due() is not None
        want = due or self.presenter.fading
        if want != self._ticking and self._timer is not None:
            if want:
                self._timer.resume()
            else:
                self._timer.pause()
            self._ticking = want

    def _seconds_left(self) -> int | None:
        """Whole seconds to the deadline, in the phases where the table shows them."""
        match = self.match
        if match.deadline is None or match.phase not in (MatchPhase.SLAP, MatchPhase.ROUND_OVER):
            return None
        return max(0, -(-(match.deadline - match.now()) // 1000))

    # -- pausing -------------------------------------------------------------------

    def _set_pause(self, reason: str, on: bool) -> None:
        """Keep the match paused while any reason holds: the player asked, an overlay is
        up, or the window is too small."""
        if on:
            self._pauses.add(reason)
        else:
            self._pauses.discard(reason)
        if self._pauses and not self.match.paused:
            self.match.pause()
        elif not self._pauses and self.match.paused:
            self.match.resume()
        self._absorb()
        self._redraw()
        self._schedule()

    def _check_size(self, width: int, height: int) -> None:
        small = not fits(width, height)
        if small != ("small" in self._pauses):
            self._set_pause("small", small)

    # -- keys ----------------------------------------------------------------------

    def action_game_key(self, binding_id: str) -> None:
        key = GAME_KEYS[binding_id]
        if key.kind == "pause":
            if not self.match.finished:
                self._set_pause("user", "user" not in self._pauses)
        elif key.kind == "help":
            self._set_pause("help", True)
            help = KeyHelp(
                self.keys, self.players.names, self.players.humans, self.vs_bot, self.painter.ascii
            )
            self.app.push_screen(HelpOverlay(help), lambda _: self._set_pause("help", False))
        elif key.kind == "quit":
            self._set_pause("quit", True)
            self.app.push_screen(ConfirmQuit(), self._quit_answered)
        elif key.kind == "cursor":
            self._cursor_key(str(key.cursor))
        else:
            assert key.player is not None and key.stock is not None
            self._press(key.player, key.kind == "move", key.stock, key.pile or 0)

    def on_key(self, event: events.Key) -> None:
        """With Caps Lock on, an upper-case letter plays as its key. Other keys (and
        modifier-only presses, where a terminal reports them) do nothing."""
        binding_id = self._id_by_key.get(event.key.lower()) if len(event.key) == 1 else None
        if binding_id is not None:
            event.stop()
            self.action_game_key(binding_id)

    def _quit_answered(self, leave: bool | None) -> None:
        if leave:
            self._leave()
        else:
            self._set_pause("quit", False)

    def _cursor_key(self, name: str) -> None:
        self._cursor_used = True
        stock, pile = self._cursor.stock, self._cursor.pile
        if name in ("left", "right"):
            self._cursor = Cursor((stock + (1 if name == "right" else -1)) % 5, pile)
        elif name in ("up", "down"):
            self._cursor = Cursor(stock, 0 if name == "up" else 1)
        else:
            self._press(0, name == "move", stock, pile)
            return
        self._redraw()

    def _press(self, player: int, move: bool, stock: int, pile: int) -> None:
        """A player's key: the action it means now, submitted at once."""
        match = self.match
        action = self._action(move, stock, pile)
        if action is None or match.finished:
            return
        if self._pauses:
            self.presenter.note(player, "paused", None, self.clock.now_ms())
        else:
            match.submit(player, action)
            self._absorb()
        self._redraw()
        self._schedule()

    def _action(self, move: bool, stock: int, pile: int) -> Action | None:
        """Play keys slap in the slap phase, and after it (a late slap is "too slow");
        in a one-pile round both play keys of a stockpile play onto the single pile."""
        if self.match.phase in (MatchPhase.SLAP, MatchPhase.ROUND_OVER):
            return None if move else Slap(pile)
        if move:
            return Move(stock)
        return Play(stock, 0 if len(self.match.state.piles) == 1 else pile)

    # -- results and drawing -------------------------------------------------------

    def _record_in_stats(self, path: Path) -> None:
        """Add the finished game to the statistics, in a thread: opening the database
        may mean rebuilding it from every replay. Run by the app, so that leaving the
        game does not abandon it; a failure is a notice, never an error."""
        app = self.app

        def record() -> None:
            from spit.stats import StatsDB

            try:
                with StatsDB.open() as db:
                    if db.notice:
                        app.notify(db.notice, title="Statistics", markup=False)
                    db.record_game(path)
            except Exception as error:  # a full disk, a locked or unusable database
                message = f"This game could not be added to the statistics: {error}"
                app.notify(message, title="Statistics", severity="warning", markup=False)

        app.run_worker(record, name="record game", group="stats", thread=True)

    def _show_result(self) -> None:
        result = self.presenter.result(self.match, self.seed, self.replay_path)
        result = replace(result, story=self._log.replay(), shorts=self.players.shorts)
        self.app.push_screen(ResultOverlay(result), self._result_answered)

    def _result_answered(self, rematch: bool | None) -> None:
        if rematch:
            self._start(None if self.config.seed is None else self.seed + 1)
        else:
            self._leave()

    def _redraw(self) -> None:
        self._shown_seconds = self._seconds_left()
        view = self.presenter.view(
            self.match,
            paused="user" in self._pauses,
            seconds=self._shown_seconds,
            cursor=self._cursor if self.vs_bot and self._cursor_used else None,
        )
        self.board.show(view)
