"""The game screen: a game of Spit on the table, played from the keyboard in real time.

Keys are screen-level priority bindings with ids (see ``spit.settings.keymap``), so no
focused widget can swallow a player's key, and a press is handled the moment it
arrives: its intent goes to the session's ``submit`` at once (the game decides what it
means), then the board redraws. A 30 Hz interval runs the game's timers and bots
through the session's ``update()``; game time always comes from the clock, never from counting
ticks (Textual drops late ticks), and the interval is paused when nothing is due and
no effect is fading, so an idle game costs no CPU.

Every game is recorded as it is played: a ``ReplayWriter`` gets every call the session
makes to its recorders, and is closed at game over or when the player leaves. It is
opened just after the table's first frame, so that the game shows without waiting for
``spit.games.spit.replay``; until then a ``WriterFeed`` keeps the session's calls (the
deal, any early key) and hands them to the writer as it opens, so the file misses
nothing (``spit.replay.feed``). A ``GameLog`` keeps the same game in memory
for the result screen's story (``spit.tui.spit.board.story``); a finished game's
replay is also added to the statistics database, in a worker thread. The overlays
(help, leaving, the result) are imported when first shown, and the bots only for a
game against one.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from pathlib import Path
from random import SystemRandom
from typing import TYPE_CHECKING, ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingsMap, BindingType
from textual.screen import Screen
from textual.timer import Timer

from spit.core.clock import Clock, MonotonicClock
from spit.core.seats import SEATS, Seat
from spit.engine import Slapped
from spit.engine.timers import SlapWindowClosed, StagePhase, Timing
from spit.game import TimedEvent
from spit.games.spit.events import Event
from spit.games.spit.game import Recorder, Session, card_played, new_session
from spit.games.spit.identity import NAME
from spit.games.spit.intents import KeyIntent
from spit.play.events import InputHandled, IntentRefused, Stopped
from spit.replay.feed import GameLog, WriterFeed
from spit.settings.keymap import BINDING_IDS, GAME_KEYS, GameKey, KeymapError, key_label, resolve
from spit.settings.model import Settings
from spit.tui.shared.cards import CardPainter
from spit.tui.shared.styles import GAME_CSS, style_classes
from spit.tui.shared.unsaved import SaveWatch
from spit.tui.spit.board.draw import fits
from spit.tui.spit.board.presenter import Cursor, Players, Presenter
from spit.tui.spit.board.widget import SpitBoard
from spit.tui.spit.game_config import GameConfig
from spit.tui.spit.intent_keys import intent_of, key_intent

if TYPE_CHECKING:
    from spit.core.replay.fields import PlayerInfo
    from spit.engine import Action, Orders, Reason, State
    from spit.games.spit.bots import BotAgent
    from spit.games.spit.replay import Header, ReplayWriter
    from spit.tui.shared.overlays import Result

TICK_HZ = 30
TARGET = 100
"""Points variant: the total that ends the game (R20)."""
RESUME_MS = 3000
"""The countdown from the end of a pause (or of a window too small) to play going on
again: time to look at the cards, which were hidden, before anyone can play."""


def resolved_keys(config: GameConfig) -> tuple[dict[str, str], list[str]]:
    """The resolved keymap, falling back to the plain preset if the overrides clash."""
    try:
        ascii_only = config.card_style == "ascii"
        return resolve(config.keymap_preset, config.key_overrides, ascii_only=ascii_only), []
    except KeymapError as error:
        try:
            return resolve(config.keymap_preset), error.problems
        except KeymapError:
            return resolve(), error.problems


def key_in_use(key: GameKey, vs_bot: bool) -> bool:
    """Player 2's keys only with two humans; the arrow scheme only against a bot."""
    if key.kind == "cursor":
        return vs_bot
    return not (vs_bot and key.player == 1)


class SpitScreen(Screen[None]):
    """One game, and its rematches. See the module docstring."""

    CSS_PATH: ClassVar = list(GAME_CSS)
    AUTO_FOCUS = ""
    BINDINGS: ClassVar[list[BindingType]] = []
    """None: each screen's bindings are made from its config's keymap."""

    @classmethod
    def from_settings(
        cls,
        settings: Settings,
        level: str | None = None,
        seed: int | None = None,
        *,
        clock: Clock | None = None,
    ) -> SpitScreen:
        """A game as the settings ask for; ``level`` ``None``: two players on one keyboard."""
        return cls(GameConfig.from_settings(settings, bot_level=level, seed=seed), clock)

    def __init__(self, config: GameConfig, clock: Clock | None = None) -> None:
        super().__init__(classes=style_classes(config.card_style == "ascii"))
        self.config = config
        self.clock: Clock = clock or MonotonicClock()
        self.keys, self.keymap_problems = resolved_keys(config)
        self.players = Players.for_game(config.bot_level, config.names)
        self.vs_bot = config.bot_level is not None
        ids = [i for i in BINDING_IDS if key_in_use(GAME_KEYS[i], self.vs_bot)]
        # Textual has no public per-instance bindings, and each game's keys come from
        # its config (remap with GameConfig.key_overrides: the labels on the table
        # follow it). The ids are kept, as every binding should have one.
        self._bindings = BindingsMap(
            Binding(self.keys[i], f"game_key({i!r})", show=False, priority=True, id=i) for i in ids
        )
        self._id_by_key = {self.keys[i]: i for i in ids}
        self._intents = {i: intent for i in ids if (intent := intent_of(GAME_KEYS[i]))}
        """What each player key sends to the session."""
        self.painter = CardPainter(config.card_style, config.four_colour)
        self.board = SpitBoard(self.painter, id="board")
        self.presenter = self._presenter()
        self.match: Session
        self.seed = 0
        self.replay_path: Path | None = None
        self._feed: WriterFeed[ReplayWriter, State, Action, Orders, Reason] | None = None
        self._log: GameLog[State, Action, Orders, Reason]
        self._timing = Timing()
        self._policy: str | None = None
        """The bot's policy, for the replay's header."""
        self._timer: Timer | None = None
        self._ticking = False
        self._pauses: set[str] = set()
        """Why the match is paused: "user", "help", "quit", "small", and "resume" while
        it counts down to play again (``RESUME_MS``)."""
        self._resume_at: int | None = None
        """When the countdown after a pause ends, on the screen's clock."""
        self._cursor = Cursor(0, 0)
        self._cursor_used = False
        self._shown_seconds: tuple[int | None, int | None] = (None, None)
        """The deadline's and the resume countdown's seconds, as last drawn."""
        self.watchers: list[Recorder] = []
        """More recorders for every game of this screen (the practice round's coach)."""

    @property
    def ticking(self) -> bool:
        """Whether the tick interval is running (it stops when nothing is due)."""
        return self._ticking

    @property
    def pause_reasons(self) -> frozenset[str]:
        """Why the match is paused, if it is: "user", "help", "quit", "small", "resume"."""
        return frozenset(self._pauses)

    def _presenter(self) -> Presenter:
        return Presenter(
            self.players, self.painter, self._label, play_hint=self.config.show_play_hint
        )

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
        # The system's random source, as ``secrets.randbits`` reads it: ``secrets`` would
        # import ``hmac`` and ``hashlib`` (OpenSSL) before the first frame (issue 13).
        self.seed = SystemRandom().getrandbits(32) if seed is None else seed
        self._timing = timing = self.config.timing or Timing()
        bots = self.make_bots(self.seed)
        self._policy = bots[0].policy.name if bots else None
        self.replay_path = None
        feed: WriterFeed[ReplayWriter, State, Action, Orders, Reason] | None = None
        if self.config.record:
            feed = WriterFeed(card_played, SaveWatch(self).check)
            feed.keep = self.start_counts()
        self._feed = feed
        self._log = GameLog(NAME)
        recorders: list[Recorder] = [feed, self._log] if feed is not None else [self._log]
        recorders += self.watchers
        self.match = new_session(
            seed=self.seed,
            variant=self.config.variant,
            target=TARGET,
            timing=timing,
            agents=bots,
            recorders=recorders,
            clock=self.clock,
        )
        if feed is not None:
            self.call_after_refresh(self._open_writer, feed)
        self._finished = False
        self._pauses -= {"user", "resume"}
        self._resume_at = None
        if self._pauses:
            self.match.pause()
        self.presenter = self._presenter()
        self.presenter.absorb(self.match.drain(), self.match, self.clock.now_ms())
        self._redraw()
        self._schedule()

    def make_bots(self, seed: int) -> list[BotAgent]:
        """The bot of a new game (none for two players); the practice round overrides
        this with its own slow bot (``spit.tui.spit.practice``)."""
        if self.config.bot_level is None:
            return []
        from spit.games.spit.bots import make_bot

        return [make_bot(self.config.bot_level, SEATS[1], self._bot_seed(seed))]

    def _bot_seed(self, seed: int) -> int:
        return seed if self.config.bot_seed is None else self.config.bot_seed

    def on_redraw(self) -> None:
        """Called after every redraw of the table: for a screen built on this one."""

    def _player_infos(self) -> tuple[PlayerInfo, PlayerInfo]:
        """Who plays, as the replay records it."""
        from spit.core.replay.fields import PlayerInfo

        names = self.players.names
        second = PlayerInfo("human", names[1])
        if self.config.bot_level is not None:
            second = PlayerInfo(
                "bot",
                names[1],
                level=self.config.bot_level,
                policy=self._policy,
                seed=self._bot_seed(self.seed),
            )
        return PlayerInfo("human", names[0]), second

    def _header(self) -> Header:
        """The game's replay header, as the in-memory log gives it to the story."""
        from spit.games.spit.replay import Header

        players = self._player_infos()
        return Header(
            self.config.variant,
            TARGET,
            self._timing,
            players,
            seed=self.seed,
            challenge=self.config.challenge,
        )

    def _open_writer(self, feed: WriterFeed[ReplayWriter, State, Action, Orders, Reason]) -> None:
        """Open this game's replay file and give ``feed`` to it; a notice if it cannot be
        made. Nothing, if the game was left (or another one started) in the meantime."""
        if feed is not self._feed:
            return
        from spit.games.spit.replay import ReplayWriter
        from spit.paths import replays_dir

        try:
            writer = ReplayWriter.create(
                self.config.replay_dir or replays_dir(),
                players=self._player_infos(),
                variant=self.config.variant,
                target=TARGET,
                timing=self._timing,
                seed=self.seed,
                created=self.created_at(),
                challenge=self.config.challenge,
            )
        except (OSError, ValueError) as error:
            self._feed = None
            feed.close()
            self.notify(f"This game is not recorded: {error}", severity="warning", markup=False)
            return
        self.replay_path = writer.path
        feed.open(writer)

    def start_counts(self) -> bool:
        """Whether starting the game counts, so that its replay is kept even if no card
        is played (the day's deal: ``spit.tui.spit.challenges``); a game left before
        anyone played otherwise leaves no file (``spit.core.replay.unplayed``)."""
        return False

    def created_at(self) -> datetime | None:
        """The start time the replay records; ``None``: now (a screen built on this one
        with a wall clock of its own gives it)."""
        return None

    def _close_writer(self) -> None:
        feed, self._feed = self._feed, None
        if feed is not None:
            feed.close()

    def _leave(self) -> None:
        """Back to the screen below; out of the app if the game was all there was: the
        app's own screen (``spit-tui play``, ``SpitApp.get_default_screen``) or pushed
        over nothing but a blank one."""
        self._close_writer()
        stack = self.app.screen_stack
        if stack[0] is self or (len(stack) == 2 and stack[-1] is self and type(stack[0]) is Screen):
            self.app.exit()
        else:
            self.dismiss(None)

    # -- time ----------------------------------------------------------------------

    def tick(self) -> None:
        """Bring the match up to the clock and redraw if anything changed. The interval
        calls this; tests call it after moving a FakeClock."""
        now = self.clock.now_ms()
        if self._resume_at is not None and now >= self._resume_at:
            self._resume_at = None
            self._set_pause("resume", False)
        changed = self._absorb()
        changed = self.presenter.expire(now) or changed
        if changed or (self._seconds_left(), self._resume_in()) != self._shown_seconds:
            self._redraw()
        self._schedule()

    def _absorb(self) -> bool:
        """Catch the match up with the clock and take in what happened."""
        events = self.match.update()
        changed = self.presenter.absorb(events, self.match, self.clock.now_ms())
        if self.config.bell and _lost_a_race(events, self.players.humans):
            self.app.bell()
        if self.match.stage.phase is StagePhase.GAME_OVER and not self._finished:
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
        want = due or self.presenter.fading or self._resume_at is not None
        if want != self._ticking and self._timer is not None:
            if want:
                self._timer.resume()
            else:
                self._timer.pause()
            self._ticking = want

    def _resume_in(self) -> int | None:
        """Whole seconds until play goes on after a pause, while that counts down."""
        if self._resume_at is None:
            return None
        return max(1, -(-(self._resume_at - self.clock.now_ms()) // 1000))

    def _seconds_left(self) -> int | None:
        """Whole seconds to the deadline, in the phases where the table shows them."""
        stage = self.match.stage
        if stage.deadline is None or stage.phase not in (StagePhase.SLAP, StagePhase.ROUND_OVER):
            return None
        return max(0, -(-(stage.deadline - self.match.now()) // 1000))

    # -- pausing -------------------------------------------------------------------

    def _set_pause(self, reason: str, on: bool) -> None:
        """Keep the match paused while any reason holds: the player asked, an overlay is
        up, or the window is too small; then, in play or at the slap, for a countdown
        (``RESUME_MS``), which any new reason ends at once."""
        if on:
            self._pauses.add(reason)
            self._pauses.discard("resume")
            self._resume_at = None
        elif reason in self._pauses:
            self._pauses.discard(reason)
            racing = self.match.stage.phase in (StagePhase.PLAYING, StagePhase.SLAP)
            if not self._pauses and reason != "resume" and racing:
                self._pauses.add("resume")
                self._resume_at = self.clock.now_ms() + RESUME_MS
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
            from spit.tui.shared.overlays import HelpOverlay, KeyHelp

            self._set_pause("help", True)
            help = KeyHelp(
                self.keys, self.players.names, self.players.humans, self.vs_bot, self.painter.ascii
            )
            self.app.push_screen(HelpOverlay(help), lambda _: self._set_pause("help", False))
        elif key.kind == "quit":
            self._ask_to_leave()
        elif key.kind == "cursor":
            self._cursor_key(str(key.cursor))
        else:
            intent = self._intents[binding_id]
            assert key.player is not None
            self._press(key.player, intent)

    def on_key(self, event: events.Key) -> None:
        """With Caps Lock on, an upper-case letter plays as its key. Other keys (and
        modifier-only presses, where a terminal reports them) do nothing."""
        binding_id = self._id_by_key.get(event.key.lower()) if len(event.key) == 1 else None
        if binding_id is not None:
            event.stop()
            self.action_game_key(binding_id)

    def _ask_to_leave(self) -> None:
        """Pause (the cards face down) and ask "Leave this game?"."""
        from spit.tui.shared.overlays import ConfirmQuit

        self._set_pause("quit", True)
        ask = ConfirmQuit(
            self.clock, recorded=self._feed is not None, ascii_only=self.painter.ascii
        )
        self.app.push_screen(ask, self._quit_answered)

    def interrupt(self) -> None:
        """Ctrl+C (``spit.tui.shared.interrupt``): the game's help is closed, and the
        game pauses at once and asks to leave, as its quit key does."""
        if self.app.screen is not self:  # the help, the only dialog that passes it on
            self.app.screen.dismiss(None)
        self._ask_to_leave()

    def _quit_answered(self, leave: bool | None) -> None:
        if leave:
            self._leave()
        else:
            self._set_pause("quit", False)

    def _cursor_key(self, name: str) -> None:
        self._cursor_used = True
        if name in ("play", "move"):
            cursor = self._cursor
            self._press(SEATS[0], key_intent(name == "move", cursor.stock, cursor.pile))
            return
        self._cursor = self._cursor.moved(name)
        self._redraw()

    def _press(self, player: Seat, intent: KeyIntent) -> None:
        """A player's key: its intent, sent to the session at once; the game decides what
        it means now. A refused intent is told only when the pause held it up (a move key
        at the slap simply does nothing); what an action became, the session's events say."""
        result = self.match.submit(player, intent)
        if isinstance(result, IntentRefused):
            if result.reason is not Stopped.PAUSED:
                return
            why = "wait for it" if "resume" in self._pauses else "paused"
            self.presenter.note(player, why, None, self.clock.now_ms())
        else:
            self._absorb()
        self._redraw()
        self._schedule()

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
        from spit.tui.shared.overlays import ResultOverlay
        from spit.tui.spit.board.story import StoryPanel

        again = self.again_command()
        result = self.presenter.result(self.match, self.seed, self.replay_path, again)
        replay = self._log.replay(self._header())
        story = StoryPanel(replay, self.players.shorts, ascii_only=self.painter.ascii)
        result = self.dress_result(replace(result, story=story))
        overlay = ResultOverlay(result, self.clock, ascii_only=self.painter.ascii)
        self.app.push_screen(overlay, self._result_answered)

    def again_command(self) -> str | None:
        """The command that plays this deal again; ``None``: ``spit-tui play --seed``."""
        return None

    def dress_result(self, result: Result) -> Result:
        """The result overlay's content; a screen built on this one adds to it."""
        return result

    def _result_answered(self, rematch: bool | None) -> None:
        if rematch:
            self.rematch()
        else:
            self._leave()

    def rematch(self) -> None:
        """The next game at this table: the next deal of a chosen seed, else a new one."""
        self._start(None if self.config.seed is None else self.seed + 1)

    def _redraw(self) -> None:
        seconds, resume_in = self._shown_seconds = self._seconds_left(), self._resume_in()
        view = self.presenter.view(
            self.match,
            paused="user" in self._pauses,
            seconds=seconds,
            cursor=self._cursor if self.vs_bot and self._cursor_used else None,
            hidden=bool(self._pauses - {"resume"}),
            resume_in=resume_in,
        )
        self.board.show(view)
        self.on_redraw()


def _lost_a_race(events: list[TimedEvent[Event]], humans: tuple[int, ...]) -> bool:
    """Whether a player at the keyboard lost a race among ``events``: a key that was
    "too slow", or the slap won by the other player (not the default slap when nobody
    slapped in time)."""
    nobody_slapped = False
    for item in events:
        event = item.event
        if isinstance(event, InputHandled):
            if event.record.too_slow and event.record.player in humans:
                return True
        elif isinstance(event, SlapWindowClosed):
            nobody_slapped = True
        elif isinstance(event, Slapped) and not nobody_slapped and 1 - event.player in humans:
            return True
    return False
