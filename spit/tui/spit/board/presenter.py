"""What the table says: turning a game's session and its events into a ``TableView``.

The presenter keeps the short-lived things a player needs to see and the session does
not keep: which key was just refused and why, which card just landed, that the spit
cards were turned up, how the round ended. It reads rules only from the engine
(``observe``) and the game (whether a player's keys would do anything:
``spit.games.spit.game.useful_intents``) and never decides anything itself.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Final

from msgspec import Struct

from spit.core.seats import SEATS, Seat
from spit.engine import (
    Action,
    CardMoved,
    CardPlayed,
    CardSpat,
    EndReason,
    GameEnd,
    Move,
    Play,
    Reason,
    RoundDealt,
    RoundEnded,
    RoundResolved,
    Slapped,
    Stalled,
    Variant,
    game_end,
    observe,
)
from spit.engine.timers import CountdownKind, CountdownTick, SlapWindowClosed, StagePhase
from spit.game import TimedEvent
from spit.games.spit.events import Event
from spit.games.spit.game import Session, useful_intents
from spit.play.events import InputHandled, InputRecord
from spit.tui.shared.cards import CardPainter
from spit.tui.spit.board.view import Centre, Pile, Side, TableView

if TYPE_CHECKING:
    from spit.tui.shared.overlays import Result

FLASH_MS = 450
"""How long a refused stockpile keeps its warning outline."""
MESSAGE_MS = 1300
"""How long a refusal ("too slow!") stays beside the player's row."""
HIGHLIGHT_MS = 700
"""How long the card that just landed on a pile stays highlighted."""
SPIT_MS = 700
"""How long "SPIT!" shows after the spit cards are turned up."""

_SIDES = ("left", "right")


class Players(Struct, frozen=True):
    """Who sits where, as the table names them."""

    names: tuple[str, str]
    shorts: tuple[str, str]
    humans: tuple[int, ...]
    """The players at the keyboard (the others are bots)."""
    bot_level: str | None = None

    @classmethod
    def for_game(cls, bot_level: str | None, names: tuple[str, str] | None = None) -> Players:
        """The seats' names; two people keep the short "P1"/"P2" where the table has
        little room, whatever their names."""
        if bot_level is None:
            return cls(names or ("Player 1", "Player 2"), ("P1", "P2"), (0, 1))
        return cls(("You", f"{bot_level.capitalize()} bot"), ("You", "Bot"), (0,), bot_level)


class Note(Struct, frozen=True):
    """A refused key, shown for a moment beside the player's row, its stockpile
    outlined for the first part of it (the local and the network tables' notes)."""

    text: str
    stock: int | None
    outline_until: int
    until: int

    @classmethod
    def shown(cls, text: str, stock: int | None, now: int) -> Note:
        """A note shown from ``now``: outlined for ``FLASH_MS``, gone after ``MESSAGE_MS``."""
        return cls(text, stock, now + FLASH_MS, now + MESSAGE_MS)

    def at(self, now: int) -> Note | None:
        """The note as it is at ``now``: itself, without its outline once that is
        over, or ``None`` once its time is up."""
        if self.until <= now:
            return None
        if self.stock is not None and self.outline_until <= now:
            return Note(self.text, None, 0, self.until)
        return self

    def next_change(self, now: int) -> int:
        """When, after ``now``, it will next look different by itself."""
        outlined = self.stock is not None and self.outline_until > now
        return self.outline_until if outlined else self.until


class Cursor(Struct, frozen=True):
    """The arrow-key selection against a bot: a stockpile and a spit pile."""

    stock: int
    pile: int

    def moved(self, arrow: str) -> Cursor:
        """The selection after an arrow key: left/right step through the five
        stockpiles (round the end), up/down choose the left or right spit pile."""
        if arrow in ("left", "right"):
            return Cursor((self.stock + (1 if arrow == "right" else -1)) % 5, self.pile)
        return Cursor(self.stock, 0 if arrow == "up" else 1)


def refusal(record: InputRecord[Action, Reason], phase: StagePhase) -> str:
    """What to tell a player whose key did nothing (at most 12 characters)."""
    if record.too_slow:
        return "too slow!"
    reason = record.reason
    if reason is Reason.NOT_PLAYING:
        return "round over" if phase is StagePhase.ROUND_OVER else "wait for it"
    if reason is None:
        return "refused"
    return _REFUSALS.get(reason, reason.replace("_", " "))[:12]


_REFUSALS: Final = {
    Reason.NOT_ADJACENT: "not playable",
    Reason.EMPTY_STOCKPILE: "no card",
    Reason.NO_EMPTY_SPACE: "no space",
    Reason.LONE_CARD: "can't move it",
    Reason.NOT_SLAPPING: "too late",
    Reason.BAD_INDEX: "no such pile",
}
"""A refusal in the few words the table has room for; the others by their names."""


def key_labels(label: Callable[[str], str], player: int) -> tuple[tuple[str, str, str], ...]:
    """Per stockpile, the keys that play it left, right and move it."""
    p = f"p{player + 1}"
    return tuple(
        (label(f"{p}.play.{n}.left"), label(f"{p}.play.{n}.right"), label(f"{p}.move.{n}"))
        for n in range(1, 6)
    )


def cursor_footer(label: Callable[[str], str]) -> str:
    """The table's footer for one player at the keyboard, who has the arrow keys too."""
    keys = "/".join(label(f"cursor.{d}") for d in ("left", "right", "up", "down"))
    play, move = label("cursor.play"), label("cursor.move")
    return f"Letter keys play at once; or {keys} select, {play} plays, {move} moves"


class Presenter:
    """Builds the board's view of one game; ``absorb`` each batch of match events."""

    def __init__(
        self,
        players: Players,
        painter: CardPainter,
        label: Callable[[str], str],
        *,
        play_hint: bool = True,
    ) -> None:
        """``label(binding_id)`` gives the key to show for a binding; ``play_hint``:
        say beside each player whether they can play ("● can play"), a help that
        some players would rather not have."""
        self.players = players
        self.painter = painter
        self.label = label
        self.play_hint = play_hint
        # What never changes during a game is worked out once, not at every key press.
        self._keys = {player: key_labels(label, player) for player in players.humans}
        self._hint = f"{label('pause')} pause  {label('help')} help  {label('quit')} quit"
        self._status = ("* can play", "o no play") if painter.ascii else ("● can play", "○ no play")
        self._idle_footer = self._default_footer()
        self._notes: dict[int, Note] = {}
        self._highlight: tuple[int, int] | None = None
        self._spat_until = 0
        self._countdown = 0
        self._footer = ""
        self._one_pile = False
        self._new_round()

    def _new_round(self) -> None:
        self._slapped: Slapped | None = None
        self._nobody_slapped = False
        self._ended: RoundEnded | None = None
        self._resolved: RoundResolved | None = None

    @property
    def fading(self) -> bool:
        """Whether something on the table will change by itself soon."""
        return bool(self._notes) or self._highlight is not None or self._spat_until > 0

    def absorb(self, timed: Sequence[TimedEvent[Event]], match: Session, now: int) -> bool:
        """Take note of what happened (``now`` on the screen's clock); True if anything did."""
        names = self.players.names
        for item in timed:
            event = item.event
            if isinstance(event, InputHandled):
                self._input(event.record, match.stage.phase, now)
            elif isinstance(event, CardPlayed):
                self._highlight = (event.pile, now + HIGHLIGHT_MS)
                pile = "pile" if self._one_pile else f"{_SIDES[event.pile]} pile"
                card = self.painter.name(event.card)
                self._footer = f"{names[event.player]} played {card} on the {pile}"
            elif isinstance(event, CardMoved):
                card = self.painter.name(event.card)
                self._footer = f"{names[event.player]} moved {card} to space {event.to + 1}"
            elif isinstance(event, CardSpat):
                self._spat_until = now + SPIT_MS
            elif isinstance(event, Stalled):
                self._footer = "Nobody can play: new spit cards are coming"
            elif isinstance(event, CountdownTick):
                self._countdown = event.seconds_left
            elif isinstance(event, RoundEnded):
                self._ended = event
                if event.reason is EndReason.STOCK_OUT and event.player is not None:
                    self._footer = f"{names[event.player]} played the last stockpile card!"
                else:
                    self._footer = "Nobody can play and no spit cards are left"
            elif isinstance(event, SlapWindowClosed):
                self._nobody_slapped = True
            elif isinstance(event, Slapped):
                self._slapped = event
            elif isinstance(event, RoundResolved):
                self._resolved = event
            elif isinstance(event, RoundDealt):
                self._new_round()
                self._one_pile = 0 in event.spit_cards  # R17: one spit pile this round
                self._footer = ""
        return bool(timed)

    def _input(self, record: InputRecord[Action, Reason], phase: StagePhase, now: int) -> None:
        if record.accepted:
            self._notes.pop(record.player, None)
        elif record.player in self.players.humans:
            action = record.action
            stock = action.stock if isinstance(action, Play | Move) else None
            self.note(record.player, refusal(record, phase), stock, now)

    def note(self, player: int, text: str, stock: int | None, now: int) -> None:
        """Show ``text`` beside ``player``'s row, and outline ``stock`` briefly."""
        self._notes[player] = Note.shown(text, stock, now)

    def expire(self, now: int) -> bool:
        """Let effects that have run their time go; True if any did."""
        changed = False
        for player, note in list(self._notes.items()):
            later = note.at(now)
            if later is None:
                del self._notes[player]
            elif later is not note:
                self._notes[player] = later
            changed |= later is not note
        if self._highlight is not None and self._highlight[1] <= now:
            self._highlight = None
            changed = True
        if self._spat_until and self._spat_until <= now:
            self._spat_until = 0
            changed = True
        return changed

    # -- the view ------------------------------------------------------------------

    def view(
        self,
        match: Session,
        *,
        paused: bool,
        seconds: int | None,
        cursor: Cursor | None,
        hidden: bool = False,
        resume_in: int | None = None,
    ) -> TableView:
        """The table now. ``paused``: the player paused (not an overlay); ``seconds``: the
        whole seconds left to the slap or the next deal; ``cursor``: the arrow selection;
        ``hidden``: the game is paused, so the cards are face down and nothing says
        what could be played; ``resume_in``: the seconds until play goes on after a
        pause."""
        state = match.state
        variant = "points to 100" if state.variant is Variant.POINTS else "standard game"
        header = f"Round {state.round}{self.painter.dot}{variant}"
        if self.players.bot_level is not None:
            header += f"{self.painter.dot}vs {self.players.bot_level} bot"
        target = None
        if cursor is not None and state.piles:
            target = min(cursor.pile, len(state.piles) - 1)
        return TableView(
            header=header,
            keys_hint=self._hint,
            sides=(
                self._side(match, SEATS[0], cursor, hidden),
                self._side(match, SEATS[1], None, hidden),
            ),
            piles=tuple(Pile(p[-1] if p else None, len(p)) for p in state.piles),
            centre=self._centre(match, paused, seconds or 0, resume_in),
            footer=self._idle_footer if hidden else self._footer or self._idle_footer,
            highlight_pile=self._highlight[0] if self._highlight is not None else None,
            target_pile=target,
            hidden=hidden,
        )

    def _default_footer(self) -> str:
        if self.players.bot_level is not None:
            return cursor_footer(self.label)
        return f"Player 1: left half of the keyboard{self.painter.dot}Player 2: right half"

    def _side(self, match: Session, player: Seat, cursor: Cursor | None, hidden: bool) -> Side:
        state = match.state
        status, status_role = "", "dim"
        if hidden:  # nothing that helps to plan while paused
            pass
        elif match.stage.phase is StagePhase.PLAYING and self.play_hint:
            if useful_intents(match.state, match.stage, player):  # a key would do something
                status, status_role = self._status[0], "good"
            else:
                status = self._status[1]
        elif match.stage.phase is StagePhase.SLAP:
            status, status_role = "slap!", "alert"
        if state.variant is Variant.POINTS:
            score = f"{state.scores[player]} points"
        else:
            held = state.cards_held(player)
            score = f"{held} card{'s' if held != 1 else ''}"
        note = self._notes.get(player)
        return Side(
            name=self.players.names[player],
            short=self.players.shorts[player],
            stocks=observe(state, player).own,
            spit_cards=len(state.hands[player]),
            keys=self._keys.get(player),
            status=status,
            status_role=status_role,
            score=score,
            message=note.text if note else "",
            flash_stock=note.stock if note else None,
            cursor_stock=cursor.stock if cursor is not None else None,
        )

    def _centre(self, match: Session, paused: bool, seconds: int, resume_in: int | None) -> Centre:
        state = match.state
        phase = match.stage.phase
        if paused:
            return Centre("Paused", "PAUSED", f"{self.label('pause')} to play on")
        if resume_in is not None:
            return Centre("Get ready: play goes on", str(resume_in))
        if phase is StagePhase.COUNTDOWN:
            if match.stage.countdown is CountdownKind.START:
                return Centre(f"Round {state.round}: get ready", str(self._countdown))
            return Centre("Nobody can play", str(self._countdown), "Spit cards are coming")
        if phase is StagePhase.PLAYING:
            return Centre("", "SPIT!") if self._spat_until else Centre()
        if phase is StagePhase.SLAP:
            a, b = (len(p) for p in state.piles)
            left, right = ("<", ">") if self.painter.ascii else ("◀", "▶")
            detail = f"{left} {a} cards     {b} cards {right}\n{seconds} s to slap"
            return Centre("Slap the smaller pile!", "SLAP!", detail, "alert")
        if phase is StagePhase.ROUND_OVER:
            return Centre(f"Round {state.round} over", "", self._summary(match, seconds))
        if phase is StagePhase.GAME_OVER and state.winner is not None:
            return Centre("Game over", self._winner_big(state.winner))
        return Centre("The recorded game ends here")

    def _summary(self, match: Session, seconds: int) -> str:
        names, shorts = self.players.names, self.players.shorts
        lines = []
        if self._nobody_slapped:
            lines.append("Nobody slapped: own piles taken")
        elif self._slapped is not None:
            pile = _SIDES[self._slapped.pile]
            lines.append(f"{names[self._slapped.player]} slapped the {pile} pile")
        elif self._ended is not None and self._ended.player is not None:
            lines.append(f"{names[self._ended.player]} went out first")
        resolved = self._resolved
        if resolved is not None:
            cards, scores, left = resolved.cards, resolved.scores, resolved.left
            lines.append(f"Cards: {shorts[0]} {cards[0]}{self.painter.dot}{shorts[1]} {cards[1]}")
            if match.state.variant is Variant.POINTS:
                lines.append(
                    f"Points: {shorts[0]} {scores[0]} (+{left[0]})"
                    f"{self.painter.dot}{shorts[1]} {scores[1]} (+{left[1]})"
                )
        lines.append(f"Next round in {seconds}")
        return "\n".join(lines)

    def _winner_big(self, winner: int) -> str:
        if self.players.bot_level is not None:
            return "YOU WIN" if winner == 0 else "BOT WINS"
        return f"P{winner + 1} WINS"

    def _why_over(self, match: Session) -> str:
        """Why the game ended, in words, for every way the engine ends one (``GameEnd``)."""
        state = match.state
        names = self.players.names
        winner = names[state.winner or 0]
        end = game_end(state)
        if end is GameEnd.NO_CARDS:
            return f"{winner} got rid of every card."
        a, b = state.scores
        if end is GameEnd.TARGET:
            high = names[0 if a > b else 1]
            return (
                f"{high} reached {max(a, b)} points: at {state.target} the game ends, "
                "and the lower total wins."
            )
        out = next((p for p in (0, 1) if not state.collected[p]), state.winner or 0)
        who = "You have" if names[out] == "You" else f"{names[out]} has"
        then = "the lower total wins" if a != b else "on equal totals the player without cards wins"
        return f"{who} no cards left, so no round can be dealt: {then}."

    def result(
        self, match: Session, seed: int, replay: Path | None, again: str | None = None
    ) -> Result:
        """The result overlay's text for a finished game; ``again``: the command that
        plays the deal again, if not ``spit-tui play --seed`` (the day's deal)."""
        from spit.tui.shared.overlays import Result  # not needed until the game is over

        state = match.state
        name = self.players.names[state.winner or 0]
        headline = "You win!" if name == "You" else f"{name} wins!"
        rounds = f"after {state.round} round{'s' if state.round != 1 else ''}"
        lines = [f"{self._why_over(match)}", f"The game ended {rounds}."]
        s = self.players.shorts
        if state.variant is Variant.POINTS:
            a, b = state.scores
            lines.append(f"Points (lowest wins): {s[0]} {a}{self.painter.dot}{s[1]} {b}")
        else:
            a, b = state.cards_held(0), state.cards_held(1)
            lines.append(f"Cards left: {s[0]} {a}{self.painter.dot}{s[1]} {b}")
        command = f"spit-tui play --seed {seed}"
        if self.players.bot_level is not None:
            command += f" --bot {self.players.bot_level}"
        if state.variant is Variant.POINTS:
            command += " --variant points"
        lines.append(f"This deal again: {again or command}")
        return Result(headline, tuple(lines), replay)
