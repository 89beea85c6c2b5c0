"""One room: two seats, a game's table, and the order in which intents reach it.

Pure and clock-free like the sessions below it: the server passes every time in
(milliseconds on its own monotonic clock), so the whole room can be driven exactly by
a test. The room

- keeps each chair's clock estimate (``ClockSync``) from the server's pings, on a
  schedule of its own (``ping``: the server's task calls it every
  ``ping_interval_ms``, once a second while a line is being measured, every few
  seconds once both are settled; nothing a player does sends the other one anything
  before the race is decided),
- credits each intent with a send time within what the server measured and the
  chair's lag-compensation quota, and holds it (``spit.net.fairness``),
- runs the table behind the server's clock (for each chair at most its allowance
  behind, less when its own frames have shown that nothing earlier is on its way:
  ``_safe``), so that held intents reach it in credited order and at their credited
  times, and its timers with them,
- pauses the table while a seat is disconnected (``drop``/``rejoin``), tells the other
  seat once a second how long the grace period has left (``away``), and when it runs
  out lets that player take the win or go on against a bot (``grace_over``,
  ``take_win``, ``play_bot``), taking the win for them after ``Limits.claim_ms`` of silence,
- says when a game is over (``over``) and starts the next one when both asked
  (``rematch``), and
- says, after each step, what each seat is to be sent: its own view, the public news
  and these notices; and what the room's spectators are to be sent (``SPECTATORS``):
  the public view (what both players can see) with the public news, each such frame
  kept in ``history`` for a spectator who comes late (``spectator_snapshot``).

The room knows no game: everything game-specific is behind ``NetTable``
(``spit.play.net_table``).
"""

from __future__ import annotations

import logging
import math
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Final

from msgspec import Struct

from spit.core import seats
from spit.net.clock_sync import ClockSync
from spit.net.fairness import Credit, FairQueue, LagQuota, Ordering, Verdict, credit
from spit.net.limits import Limits
from spit.net.protocol import (
    Away,
    Back,
    Close,
    GraceOver,
    NewGame,
    Over,
    Payload,
    Ping,
    RematchAsked,
    View,
    encode,
)
from spit.play.net_table import NetTable as NetTable

log = logging.getLogger(__name__)

REJOIN_GRACE_MS: Final = Limits().rejoin_grace_ms
"""How long a dropped player's seat is kept, by default (``Limits.rejoin_grace_ms``)."""

CLAIM_MS: Final = Limits().claim_ms
"""How long the remaining player has to choose after the grace, by default
(``Limits.claim_ms``)."""

AWAY_EVERY_MS: Final = 1_000
"""How often the remaining player is told how long the grace period has left."""

MAX_FETCHES: Final = 3
"""Replay requests a seat may make per game: a replay is up to 16 MiB to read and send."""

SPECTATORS: Final = -1
"""The address in an ``Outbox`` of a frame for every spectator of the room."""

MAX_HISTORY: Final = 20_000
"""Public frames a room keeps of its game for late spectators; a game longer than that
(far beyond any real one) keeps its later half."""


TableFactory = Callable[[tuple[str, str]], NetTable]
"""A new game for the players of these names, by seat: called for each game of a room
(a rematch too), with a fresh seed each time."""


@dataclass(slots=True)
class LagTally:
    """One chair's claims in one game: the measured one-way latency it was not credited
    (its quota ran short, or its claims disagreed with the server's measurement), and
    how many claims disagreed or were refused as implausible. Logged at the game's end
    and written into its replay (``lag`` line, ``docs/replay-format.md``)."""

    uncredited_ms: float = 0.0
    disagreed: int = 0
    refused: int = 0

    def as_json(self) -> dict[str, int]:
        return {
            "uncredited_ms": round(self.uncredited_ms),
            "disagreed": self.disagreed,
            "refused": self.refused,
        }


@dataclass
class Chair:
    """A player's chair in a room: who, how to recognise them when they come back,
    their line and what it has been credited. (``spit.core.seats.Seat`` is the seat
    number of a game; a chair is the room's record of the player in it.)"""

    name: str
    token: str = field(default_factory=lambda: secrets.token_hex(16))
    sync: ClockSync = field(default_factory=ClockSync)
    connected: bool = True
    dropped_at: float | None = None
    bot: bool = False
    """A bot plays this chair: its player was gone too long and the other chose a bot."""
    bad_intents: int = 0
    last_view: Payload | None = None
    wants_rematch: bool = False
    fetches: int = 0
    pings: dict[int, float] = field(default_factory=dict)
    """Ping id -> server time sent, for the pings not yet answered (a few at most)."""
    heard: float = -math.inf
    """The server time before which no more intents of this chair can be credited: its
    last intent's credited time, or its last pong's stamp on the server's clock. A
    connection delivers frames in order, and a client's clock runs forward, so what it
    sends later is stamped later (a client that lies about it only has its own intents
    applied late)."""
    quota: LagQuota = field(default_factory=LagQuota)
    """The chair's lag-compensation quota (``spit.net.fairness``)."""
    lag: LagTally = field(default_factory=LagTally)
    """What this game's claims came to (reset for each game)."""


def lag_of(chairs: Sequence[Chair]) -> list[dict[str, int]]:
    """What each chair's claims came to in this game so far (``LagTally``), by seat:
    what the table writes into its replay's closing line (``NetTable.lag_from``)."""
    return [chair.lag.as_json() for chair in chairs]


@dataclass(frozen=True, slots=True)
class _Intent:
    seat: int
    text: str
    arrival: float
    stamp: float
    """The client's own time of sending (for ``released``)."""


Outbox = list[tuple[int, str]]
"""Frames to send: (seat, message text)."""


class _FrameHead(Struct, frozen=True, gc=False):
    """The fields of ``View`` that every view frame of one step shares."""

    t: int
    rtt: list[float]
    finished: bool


class Room:
    """See the module docstring. ``make_table`` is called once both seats are taken,
    and again for each rematch; ``game`` is the game's registered name, which each view
    frame carries; ``limits`` give the times of the grace, the choice after it, the
    pings (a line is stale when a ping waits two intervals) and the quota's gain."""

    def __init__(
        self,
        code: str,
        make_table: TableFactory,
        *,
        game: str | None = None,
        ordering: Ordering = Ordering.FAIR,
        password: str | None = None,
        limits: Limits | None = None,
    ) -> None:
        self.code = code
        self.limits = limits or Limits()
        self.watch_code: str | None = None
        """The secret code that lets a spectator watch this room when it is not public
        (the server sets it, and tells the players in ``welcome``)."""
        self.played_at: float | None = None
        """The server time of the last real play: a game started, or an intent the
        table took. What keeps a client-opened room from closing as idle (a message
        that changes nothing, such as a ``rematch`` alone, does not)."""
        self.game = game
        self.password = password
        self.ordering = ordering
        self.chairs: list[Chair] = []
        self.table: NetTable | None = None
        self._previous: NetTable | None = None
        """The game before this one (a rematch), whose replay may still be asked for."""
        self.games = 0
        """Games started in this room."""
        self._make_table = make_table
        self._queue: FairQueue[_Intent] = FairQueue()
        self._released_to = -math.inf
        """The server time the table was last run to: no intent is credited before it."""
        self._origin = 0.0
        """Server time of the table's time 0 (moved on by each pause)."""
        self._session_now = 0
        self._next_ping = 0
        self.pings_due = 0.0
        """The server time of the next round of pings (``ping_interval_ms``): the
        server's task pings every connected chair then, and sets the next."""
        self._paused_since: float | None = None
        self._next_away = 0.0
        self._expired: int | None = None
        """The seat whose grace period ran out, until the other player chooses."""
        self._claim_by: float | None = None
        self._forfeited: int | None = None
        self._over_sent = False
        self._force = False
        """Send every connected seat its view at the next step (a new game, a forfeit)."""
        self._notices: Outbox = []
        self.released: list[tuple[float, float, float]] | None = None
        """``(arrival, client stamp, due)`` server times of each intent the last steps
        gave to the table, when the server measures itself (``spit.net.latency``; it
        empties the list); ``None``, the default: no times kept."""
        self.history: list[str] = []
        """The public frames of this game so far, sent to spectators as they were made:
        what a spectator who comes late is sent first (``spectator_snapshot``)."""
        self._last_public: Payload | None = None
        """The public view last sent to spectators, and whether the game was over then:
        two attributes rather than a pair, which would be a new tuple for the cycle
        collector at each change (``spit.commands.serve_collector``)."""
        self._last_finished = False

    # --- seats -------------------------------------------------------------------------

    def sit(self, name: str, now: float) -> Chair | None:
        """Give a newcomer the next free seat (``None`` if the room is full); the game
        starts when the second one is taken."""
        if len(self.chairs) == 2:
            return None
        chair = Chair(name, sync=self._new_sync(), quota=self._new_quota())
        self.chairs.append(chair)
        self._new_line(now)
        if len(self.chairs) == 2:
            self._start(now)
        return chair

    def reserve(self, name: str, now: float) -> Chair | None:
        """Keep the next free seat for a player the server matched, who takes it with its
        chair's ``token``: until then the seat counts as dropped, so the game waits for
        them and their grace runs (``Limits.rejoin_grace_ms``)."""
        return self._add(Chair(name, connected=False, dropped_at=now), now)

    def seat_bot(self, name: str, now: float) -> Chair | None:
        """A bot in the next free seat, from the game's start (a player chose to play
        one, or the day's deal): the table's own bot (``NetTable.bot_takes``)."""
        return self._add(Chair(name, connected=False, bot=True), now)

    def _add(self, chair: Chair, now: float) -> Chair | None:
        if len(self.chairs) == 2:
            return None
        chair.sync, chair.quota = self._new_sync(), self._new_quota()
        self.chairs.append(chair)
        if len(self.chairs) == 2:
            self._start(now)
        return chair

    def seat_of(self, token: str) -> int | None:
        for index, chair in enumerate(self.chairs):
            if secrets.compare_digest(chair.token, token):
                return index
        return None

    def cannot_rejoin(self, index: int) -> tuple[str, Close] | None:
        """Why the seat's player may not take it back now, and the close code to say
        it with, if they may not."""
        chair = self.chairs[index]
        if chair.connected:
            return "that seat is taken", Close.REFUSED
        if chair.bot:
            return "too late: a bot plays that seat now", Close.FORFEIT
        if self._forfeited == index:
            return "too late: the game was lost by forfeit", Close.FORFEIT
        if self._expired == index:
            return "too late: the 60 seconds to come back are over", Close.FORFEIT
        return None

    def drop(self, index: int, now: float) -> None:
        """A seat's connection is gone: the game waits for it (``Limits.rejoin_grace_ms``)."""
        chair = self.chairs[index]
        chair.connected = False
        chair.dropped_at = now
        chair.pings.clear()
        self._follow_pause(now)

    def rejoin(self, index: int, now: float) -> None:
        """The seat's player is back (``cannot_rejoin`` said they may be)."""
        chair = self.chairs[index]
        chair.connected = True
        chair.dropped_at = None
        chair.sync = self._new_sync()  # a new connection: a new line, measured afresh
        self._new_line(now)
        self._tell_others(index, encode(Back(seat=seats.Seat(index))))
        self._follow_pause(now)

    def _new_sync(self) -> ClockSync:
        limits = self.limits
        settled_s = max(limits.ping_interval_s, limits.settled_ping_interval_s)
        return ClockSync(
            stale_ms=2 * limits.ping_interval_s * 1000, silence_ms=2 * settled_s * 1000
        )

    def _new_line(self, now: float) -> None:
        """A connection came: its line is pinged within ``Limits.ping_interval_s``."""
        self.pings_due = min(self.pings_due, now + self.limits.ping_interval_s * 1000)

    def _new_quota(self) -> LagQuota:
        return LagQuota(gain_per_s=self.limits.quota_gain_per_s)

    @property
    def paused(self) -> bool:
        """A game is on and a seat no bot plays has no connection."""
        table = self.table
        return (
            table is not None
            and not table.finished
            and any(not s.connected and not s.bot for s in self.chairs)
        )

    def _follow_pause(self, now: float) -> None:
        """Start or end the pause; the pause does not count as game time."""
        if self.paused and self._paused_since is None:
            self._paused_since = self._next_away = now
        elif not self.paused and self._paused_since is not None:
            self._origin += now - self._paused_since
            self._paused_since = None
            self._expired = self._claim_by = None

    # --- what the players may decide -----------------------------------------------------

    def take_win(self, index: int, now: float) -> None:
        """The remaining player claims the win (only after ``grace_over``)."""
        if self._may_choose(index):
            assert self._expired is not None
            self._end_by_forfeit(self._expired, now)

    def play_bot(self, index: int, now: float) -> None:
        """The remaining player goes on against a bot (only after ``grace_over``)."""
        if self._may_choose(index):
            assert self.table is not None and self._expired is not None
            gone = self._expired
            self.table.bot_takes(seats.SEATS[gone])
            self.chairs[gone].bot = True
            self._force = True
            self._follow_pause(now)

    def leave(self, index: int, now: float) -> None:
        """A player leaves on purpose: a game still on is conceded, and ends at once
        with the reason ``"left"`` (not ``"forfeit"``, which says the player did not
        come back), so the other player and the spectators are told so now."""
        if self.table is not None and not self.table.finished:
            self._end_by_forfeit(index, now, left=True)

    def rematch(self, index: int, now: float) -> None:
        """The seat wants another game; it starts when every seat no bot plays asked."""
        if self.table is None or not self._over_sent:
            return
        self.chairs[index].wants_rematch = True
        frame = encode(RematchAsked(seat=seats.Seat(index)))
        for other, chair in enumerate(self.chairs):
            if chair.connected:
                self._notices.append((other, frame))
        self._notices.append((SPECTATORS, frame))
        if all(s.wants_rematch or s.bot for s in self.chairs):
            self.table.close()
            self._start(now)

    def replay_request(self, index: int) -> tuple[Path | None, str | None]:
        """The replay file to send the seat, or why there is none to send: of the game
        just over, or, once a rematch has started, of the one before it."""
        table = self.table
        if table is not None and not table.finished:
            table = self._previous
        chair = self.chairs[index]
        if table is None:
            return None, "the game is not over yet"
        chair.fetches += 1
        if chair.fetches > MAX_FETCHES:
            return None, "the replay was asked for too often"
        if table.replay_path is None:
            return None, "this server records no replays"
        return table.replay_path, None

    def _may_choose(self, index: int) -> bool:
        return (
            self._expired is not None
            and index != self._expired
            and self.chairs[index].connected
            and self.table is not None
            and not self.table.finished
        )

    def _end_by_forfeit(self, seat: int, now: float, *, left: bool = False) -> None:
        assert self.table is not None
        self.table.forfeit(seats.SEATS[seat], left=left)
        self._forfeited = seat
        self._force = True
        self._follow_pause(now)

    def _start(self, now: float) -> None:
        """A new game for the same seats (the first, or a rematch); each player is told
        (``new_game``, with both names: the first to sit learns who the other is)."""
        names = [s.name for s in self.chairs]
        self._previous = self.table
        self.table = self._make_table((names[0], names[1]))
        # not a bound method of the room: room, table and replay writer would form a
        # cycle, and an ended room would wait for the collector's full pass to be freed
        self.table.lag_from(partial(lag_of, self.chairs))
        self.games += 1
        self.played_at = now
        self._origin = now
        self._session_now = 0
        self._queue = FairQueue()
        self._released_to = -math.inf
        self._paused_since = self._expired = self._claim_by = self._forfeited = None
        self._over_sent = False
        self._force = True
        self.history = []
        self._last_public = None
        self._last_finished = False
        new_game = encode(NewGame(names=names))
        self._notices.append((SPECTATORS, new_game))
        for index, chair in enumerate(self.chairs):
            chair.wants_rematch = False
            chair.lag = LagTally()
            chair.fetches = 0
            chair.last_view = None
            if not chair.connected:
                chair.dropped_at = now  # the grace runs from the start of the game
            if chair.bot:
                self.table.bot_takes(seats.SEATS[index])
            if chair.connected:
                self._notices.append((index, new_game))
        self._follow_pause(now)

    # --- messages in -------------------------------------------------------------------

    def intent(self, index: int, client_t: float, arrival: float, text: str) -> Verdict | None:
        """Hold an intent sent at ``client_t`` on its sender's clock, credited as
        ``spit.net.fairness.credit`` says; what became of its claim (``None``: no game
        takes intents now, and it was dropped). A ``REFUSED`` intent is not applied."""
        if self.table is None or self.paused or self.table.finished:
            return None
        chair = self.chairs[index]
        if self.ordering is Ordering.ARRIVAL or chair.bot or not chair.sync.ready:
            found = Credit(arrival, Verdict.UNWEIGHED)
        else:
            one_way = chair.sync.one_way(arrival)
            found = credit(
                chair.sync.to_server(client_t),
                arrival,
                allowance=min(one_way, chair.quota.available(arrival)),
                one_way=one_way,
                jitter=chair.sync.jitter,
            )
        tally = chair.lag
        if found.verdict is Verdict.REFUSED:
            tally.refused += 1
            return found.verdict
        if found.verdict is Verdict.DISAGREED:
            tally.disagreed += 1
        # never before what the chair's own earlier frames showed (``Chair.heard``), nor
        # before what the table was already run to: an estimate revised since (a new
        # round trip, the quota earned back) may put a claim a little earlier
        credited = max(found.credited, chair.heard, self._released_to)
        if credited < arrival:
            chair.quota.spend(arrival - credited, arrival)
        tally.uncredited_ms += found.uncredited + max(0.0, credited - found.credited)
        self._queue.push(_Intent(index, text, arrival, client_t), credited)
        chair.heard = max(chair.heard, credited)
        return found.verdict

    def ping(self, index: int, now: float) -> str:
        """A ping frame for a chair, remembered until its answer. The server's task
        sends one to each chair every ``ping_interval_ms`` and at no other time: a
        ping that followed a game event would tell the other player that something
        happened before the race was decided."""
        self._next_ping += 1
        chair = self.chairs[index]
        if len(chair.pings) > 4:
            chair.pings.clear()  # unanswered ones: the line is bad, start over
        chair.pings[self._next_ping] = now
        chair.sync.asked(now)
        return encode(Ping(id=self._next_ping))

    def ping_interval_ms(self) -> float:
        """The time from this round of pings to the next, chosen as the pings leave:
        ``Limits.ping_interval_s`` while a connected player's line is young
        (``ClockSync.settled``), ``Limits.settled_ping_interval_s`` once every one is
        settled. It follows the lines' answers, never the game."""
        limits = self.limits
        dense = limits.ping_interval_s
        if all(c.sync.settled for c in self.chairs if c.connected and not c.bot):
            return max(dense, limits.settled_ping_interval_s) * 1000
        return dense * 1000

    @property
    def holding(self) -> bool:
        """Intents are held: a pong moves when they are due, so the server steps the
        room again."""
        return bool(self._queue)

    def pong(
        self,
        index: int,
        ping_id: int,
        c1: float,
        c2: float,
        arrival: float,
        kernel_rtt: float | None = None,
    ) -> None:
        """A chair's answer to a ping, with the kernel's round trip for its socket
        read as it came (``spit.net.tcp_rtt``; ``None`` when the server does not end
        the client's TCP connection itself, or cannot read it)."""
        chair = self.chairs[index]
        sent = chair.pings.pop(ping_id, None)
        chair.sync.note_kernel(kernel_rtt)
        if sent is not None and chair.sync.add(sent, c1, c2, arrival):
            # it answers a ping sent at ``sent``: what it sends next it sends later,
            # wherever a clock estimate, off on a lopsided line, puts ``c2``
            stamp = max(sent, min(arrival, chair.sync.to_server(c2)))
            chair.heard = max(chair.heard, stamp)
            if chair.pings:  # a later ping still waits: its time runs (the oldest first)
                chair.sync.asked(next(iter(chair.pings.values())))

    # --- time ---------------------------------------------------------------------------

    @property
    def origin(self) -> float:
        """The server time of the table's time 0."""
        return self._origin

    def allowance(self, index: int, now: float) -> float:
        """The most a press of this chair arriving at ``now`` can be credited, in ms:
        its line's measured one-way latency (0 once it stops answering pings), within
        its quota; 0 for a chair a bot plays, and with arrival ordering."""
        chair = self.chairs[index]
        if self.ordering is not Ordering.FAIR or chair.bot or not chair.sync.ready:
            return 0.0
        return min(chair.sync.one_way(now), chair.quota.available(now))

    def _safe(self, now: float) -> float:
        """The server time the table may be run to at ``now``: for each chair, the
        later of ``now`` minus its allowance (an intent of it credited at ``c`` arrives
        by ``c + allowance``) and the time its own frames have shown nothing earlier is
        on its way (``Chair.heard``); the earliest of those. Only what the server
        measured and the quotas bound it: no figure a client can raise by answering
        pings late."""
        safe = now
        for index, chair in enumerate(self.chairs):
            allowance = self.allowance(index, now)
            if allowance > 0:
                safe = min(safe, max(now - allowance, chair.heard))
        return safe

    def _safe_from(self, at: float) -> float:
        """The first server time at which ``_safe`` reaches ``at``, with the
        allowances as they are at ``at`` (a quota that fills meanwhile only makes the
        room look again a little later)."""
        when = at
        for index, chair in enumerate(self.chairs):
            if chair.heard < at:
                when = max(when, at + self.allowance(index, at))
        return when

    def step(self, now: float) -> Outbox:
        """Bring the table up to the time that is safe at ``now``; what to send."""
        table = self.table
        if table is None:
            return self._take_notices()
        if self.paused:
            self._absence(now)
            return self._take_notices()
        changed = self._force
        self._force = False
        if not table.finished:
            changed |= self._run_table(table, now)
        out = self._take_notices() + self._outbox(force=changed)
        if table.finished and not self._over_sent:
            self._over_sent = True
            self._log_lag()
            over = self._over()
            out += [(i, over) for i, s in enumerate(self.chairs) if s.connected]
            out.append((SPECTATORS, over))
        return out

    def _run_table(self, table: NetTable, now: float) -> bool:
        """Give the table its due intents and timers; whether an intent reached it."""
        behind = self._safe(now)
        self._released_to = max(self._released_to, behind)
        self._session_now = max(self._session_now, int(behind - self._origin))
        changed = False
        released = self.released
        for at, held in self._queue.release(behind):
            at_table = max(int(at - self._origin), table.now())
            try:
                table.submit(seats.SEATS[held.seat], held.text, at_table)
            except ValueError:
                self.chairs[held.seat].bad_intents += 1
                continue
            changed = True
            self.played_at = now
            if released is not None:
                released.append((held.arrival, held.stamp, at + now - behind))
        table.advance(max(self._session_now, table.now()))
        return changed

    def _absence(self, now: float) -> None:
        """While paused: tell the seats present how long the grace has left, and what
        happens when it runs out."""
        here = [i for i, s in enumerate(self.chairs) if s.connected]
        if not here:
            return  # nobody to tell, nobody to win: the room waits (or is closed)
        if self._expired is not None:
            if self._claim_by is not None and now >= self._claim_by:
                self._end_by_forfeit(self._expired, now)
            return
        for index, chair in enumerate(self.chairs):
            if chair.connected or chair.bot or chair.dropped_at is None:
                continue
            left = self.limits.rejoin_grace_ms - (now - chair.dropped_at)
            if left <= 0:
                claim_ms = self.limits.claim_ms
                self._expired, self._claim_by = index, now + claim_ms
                self._tell_others(
                    index,
                    encode(
                        GraceOver(seat=seats.Seat(index), seconds_left=math.ceil(claim_ms / 1000))
                    ),
                )
                return
            if now >= self._next_away:
                self._tell_others(
                    index, encode(Away(seat=seats.Seat(index), seconds_left=math.ceil(left / 1000)))
                )
        if now >= self._next_away:
            self._next_away = now + AWAY_EVERY_MS

    def wake_at(self) -> float | None:
        """The next server time at which ``step`` has something to do."""
        if self.table is None:
            return None
        if self._notices or self._force:
            return 0.0
        if self.paused:
            return self._absence_due()
        if self.table.finished:
            return None
        times = []
        held = self._queue.next_due()
        if held is not None:
            times.append(self._safe_from(held))
        due = self.table.next_due()
        if due is not None:
            times.append(self._safe_from(self._origin + due))
        return min(times) if times else None

    def _absence_due(self) -> float:
        if self._expired is not None:
            return self._claim_by if self._claim_by is not None else math.inf
        expiries = [
            s.dropped_at + self.limits.rejoin_grace_ms
            for s in self.chairs
            if not s.connected and not s.bot and s.dropped_at is not None
        ]
        return min([self._next_away, *expiries])

    # --- messages out ------------------------------------------------------------------

    def _tell_others(self, index: int, frame: str) -> None:
        """To the other seat, if it is here, and to the spectators."""
        for other, chair in enumerate(self.chairs):
            if other != index and chair.connected:
                self._notices.append((other, frame))
        self._notices.append((SPECTATORS, frame))

    def _take_notices(self) -> Outbox:
        """The notices so far, in a new list: the one kept stays (a fresh empty list
        at each step would live until the next, for the cycle collector to scan)."""
        out = self._notices.copy()
        self._notices.clear()
        return out

    def _view_frame(self, index: int, events: list[Payload], view: Payload | None = None) -> str:
        table = self.table
        assert table is not None
        view = table.view(seats.SEATS[index]) if view is None else view
        self.chairs[index].last_view = view
        return self._encode_view(view, events, self._frame_head(table))

    def _frame_head(self, table: NetTable) -> _FrameHead:
        """What every view frame of this step carries."""
        return _FrameHead(
            t=table.now(),
            rtt=[round(s.sync.round_trip, 1) for s in self.chairs],
            finished=table.finished,
        )

    def _encode_view(self, view: Payload, events: list[Payload], head: _FrameHead) -> str:
        frame = View(
            t=head.t,
            view=view,
            events=events,
            rtt=head.rtt,
            finished=head.finished,
            game=self.game,
        )
        return encode(frame)

    def _outbox(self, *, force: bool) -> Outbox:
        """A view for each seat whose view changed or who has news (or every seat after
        an input, whose sender waits to hear of it)."""
        table = self.table
        assert table is not None
        news = table.news()
        public = table.public_news()
        out: Outbox = []
        changed = force or bool(news)
        head: _FrameHead | None = None
        for index, chair in enumerate(self.chairs):
            if not chair.connected:
                continue
            events = [item for whom, item in news if whom is None or whom == index]
            view = table.view(seats.SEATS[index])
            if not (force or events or (view is not chair.last_view and view != chair.last_view)):
                continue
            changed = True
            chair.last_view = view
            if head is None:
                head = self._frame_head(table)
            out.append((index, self._encode_view(view, events, head)))
        if changed or public:  # what both see is part of what each sees
            self._public_frame(table, public, out, head)
        return out

    def _public_frame(
        self, table: NetTable, events: list[Payload], out: Outbox, head: _FrameHead | None
    ) -> None:
        """The spectators' frame, if the public view or news changed; kept in
        ``history``. A room without spectators keeps it too, for one who comes late."""
        view = table.public_view()
        finished = table.finished
        if not events and view == self._last_public and finished == self._last_finished:
            return
        self._last_public, self._last_finished = view, finished
        if head is None:
            head = self._frame_head(table)
        frame = self._encode_view(view, events, head)
        if len(self.history) >= MAX_HISTORY:
            del self.history[: MAX_HISTORY // 2]
        self.history.append(frame)
        out.append((SPECTATORS, frame))

    def _log_lag(self) -> None:
        """Log what each chair's claims came to in the game just over."""
        tallies = lag_of(self.chairs)
        log.info(
            "room %s game %d: uncredited lag %s",
            self.code,
            self.games,
            "; ".join(
                f"{chair.name}: {t['uncredited_ms']} ms, {t['disagreed']} claims "
                f"disagreed, {t['refused']} refused"
                for chair, t in zip(self.chairs, tallies, strict=True)
            ),
        )

    def _over(self) -> str:
        table = self.table
        assert table is not None
        winner, reason = table.result() or (None, "over")
        path = table.replay_path
        over = Over(
            winner=winner,
            reason=reason,
            replay=None if path is None else path.name,
            hash=table.state_hash(),
        )
        return encode(over)

    def spectator_snapshot(self, now: float) -> list[str]:
        """Everything a spectator who comes now must be sent to see the game from its
        start: the game's names, its public frames so far (``history``), and what is
        pending, as a player who rejoins is told it: the end and the rematch requests,
        a seat away and its seconds left, or an expired grace."""
        if self.table is None:
            return []
        frames = [encode(NewGame(names=[s.name for s in self.chairs])), *self.history]
        if self._over_sent:
            frames.append(self._over())
            frames += [
                encode(RematchAsked(seat=seats.Seat(i)))
                for i, s in enumerate(self.chairs)
                if s.wants_rematch
            ]
        if self._expired is not None and self._claim_by is not None:
            left = max(0, math.ceil((self._claim_by - now) / 1000))
            frames.append(encode(GraceOver(seat=seats.Seat(self._expired), seconds_left=left)))
        elif self.paused:
            for index, chair in enumerate(self.chairs):
                if not chair.connected and not chair.bot and chair.dropped_at is not None:
                    grace = self.limits.rejoin_grace_ms
                    left = max(0, math.ceil((grace - (now - chair.dropped_at)) / 1000))
                    frames.append(encode(Away(seat=seats.Seat(index), seconds_left=left)))
        return frames

    def snapshot(self, index: int, now: float) -> list[str]:
        """Everything a player who (re)joins must know: the seat's view, and what is
        pending: the end of the game and who asked for a rematch, or the other seat's
        expired grace (to answer ``take_win`` or ``play_bot``)."""
        assert self.table is not None
        frames = [self._view_frame(index, [])]
        if self._over_sent:
            frames.append(self._over())
            frames += [
                encode(RematchAsked(seat=seats.Seat(i)))
                for i, s in enumerate(self.chairs)
                if s.wants_rematch
            ]
        if self._expired is not None and self._claim_by is not None and index != self._expired:
            left = max(0, math.ceil((self._claim_by - now) / 1000))
            frames.append(encode(GraceOver(seat=seats.Seat(self._expired), seconds_left=left)))
        return frames
