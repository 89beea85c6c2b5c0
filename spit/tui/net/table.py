"""The base of every game's network table: following the server, and the game's
stops (a player away, the grace over, the connection lost, the result), which are the
same for every game.

A game's table (``FrontEnds.net_screen``) subclasses ``NetTableScreen`` and draws
``self.client.view`` in ``net_changed``, which is called in the app's loop each time
the server has said something (``spit.tui.net.watch``); it sends its player's keys
with ``send``. It decides nothing: what a key does, whether the game is paused, who
won, all come from the server. At the end the server's replay is fetched and saved in
the player's replays folder (``save_replay``), unless the settings say not to record
games, or the same file is already there (the host's own server wrote it there).

A line that drops during a game is taken up again by itself: the table tries to
take its seat back with the welcome's token (``NetClient.rejoin``) once a second for
``REJOIN_TRY_S``, a little less than the server keeps the seat, saying so meanwhile;
the server then sends the full table. A refusal (the seat was lost by forfeit, a bot
plays it) or the time running out ends the game for this player, as a lost line did.
"""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path
from typing import Any, ClassVar

from textual.screen import Screen
from textual.worker import Worker
from websockets.exceptions import WebSocketException

from spit.core.clock import Clock, MonotonicClock
from spit.core.safe_text import safe_path, safe_text
from spit.net.client import NetClient
from spit.net.protocol import Over, Payload, ProtocolError, Rated
from spit.settings.model import Settings
from spit.tui.net import client_state as state
from spit.tui.net.overlays import (
    AwayOverlay,
    GraceOverOverlay,
    LostOverlay,
    NetOverlay,
    NetResultOverlay,
    ReconnectingOverlay,
)
from spit.tui.net.watch import follow
from spit.tui.shared.services import services
from spit.tui.shared.styles import GAME_CSS, style_classes

REASONS = {
    "cards": "got rid of every card",
    "points": "wins on points",  # the lower total in Spit, the higher in Spades
    "forfeit": "wins by forfeit: {loser} did not come back",
    "left": "wins: {loser} left the game",
}
"""The server's ``over`` reasons, as the result's line says them: ``"left"`` when the
other player chose to leave (``leave``), ``"forfeit"`` when they lost the connection
and their grace ran out. ``{loser}`` is the other player's name, made safe."""


def said_of(reason: str, loser: str) -> str:
    """What the winner did, by the server's ``reason``, ``loser`` the other player's
    name (already made safe); a reason this version does not know is quoted, made safe."""
    said = REASONS.get(reason)
    if said is None:
        return f"wins ({safe_text(reason, limit=20)})"
    return said.format(loser=loser)


def rating_lines(rated: Rated | None, seat: int) -> list[str]:
    """What the server's ``rated`` says of this seat's rating, as the result shows it
    (nothing before it comes, or on a server without accounts)."""
    if rated is None:
        return []
    lines = []
    for change in rated.seats:
        if change.seat == seat:
            moved = change.after - change.before
            lines.append(f"Your rating: {change.before} → {change.after} ({moved:+d}).")
    if rated.unrated is not None:
        lines.append(f"Not rated: {safe_text(rated.unrated, limit=80)}.")
    if rated.note is not None:
        lines.append(safe_text(rated.note, limit=100).capitalize() + ".")
    return lines


REJOIN_TRY_S = 55
"""How long a dropped line is tried again: within the server's 60 s grace
(``spit.net.room.REJOIN_GRACE_MS``), with time to spare for the last try."""

SEND_WAIT_S = 0.05
"""How long a key's handler waits for a full line buffer (``send_now``)."""


async def _quietly(work: Any) -> None:
    """Await a send; a connection that is gone is told by the overlay, not here."""
    with contextlib.suppress(OSError, WebSocketException, AssertionError):
        await work


class NetTableScreen(Screen[None]):
    """See the module docstring. ``clock`` is for the overlays' key grace (tests
    freeze it); the game's own time is the server's."""

    CSS_PATH: ClassVar = list(GAME_CSS)
    AUTO_FOCUS = ""

    def __init__(
        self, client: NetClient, settings: Settings, *, clock: Clock | None = None
    ) -> None:
        super().__init__(classes=style_classes(settings.card_style == "ascii"))
        self.client = client
        self.settings = settings
        self.clock: Clock = clock or MonotonicClock()
        self.seat = state.seat(client)
        self.names = state.names(client)
        self._overlay: NetOverlay | None = None
        self._events_seen = 0
        self._over: Over | None = None
        self.replay_note = ""
        """What became of the server's replay: saved where, or why not."""
        self._tasks: set[asyncio.Task[Any]] = set()
        self._follower: Worker[None] | None = None
        self._leaving = False
        self._rejoining: str | None = None
        """Why the line dropped, while it is being tried again."""
        self._gave_up: str | None = None
        """The garbage collection due after the last frame of news, until it runs."""

    # -- for the game's table --------------------------------------------------------

    def net_changed(self) -> None:
        """Draw what the server sent (``self.client.view``, ``new_events()``)."""
        raise NotImplementedError

    def new_game(self) -> None:
        """A rematch started: forget what belonged to the last game."""

    def new_events(self) -> list[Payload]:
        """The news items (``docs/protocol.md``) that came since the last call."""
        events = self.client.events
        fresh = events[self._events_seen :]
        self._events_seen = len(events)
        return fresh

    def send(self, intent: str) -> None:
        """Send a key's intent; a connection that is gone is told by the overlay."""
        self._spawn(self.client.intent(intent))

    async def send_now(self, intent: str) -> None:
        """``send`` from within the key's own (``async``) handler: the intent is on the wire
        before Textual has finished with the key, not when the loop next runs a task
        (docs/performance.md, "Network play")."""
        # A send waits only while the line's buffer is full; after SEND_WAIT_S the handler
        # stops waiting, the intent queued, so that a jammed line never holds up the screen.
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(SEND_WAIT_S):
                await _quietly(self.client.intent(intent))

    def rtt_text(self, dot: str) -> str:
        """Both players' round-trip times ("You 12 ms · Bob 40 ms")."""
        times = state.rtt(self.client)
        parts = []
        for index in (self.seat, 1 - self.seat):
            who = "You" if index == self.seat else self.names[index]
            ms = times[index]
            parts.append(f"{who} {'?' if ms is None else round(ms)} ms")
        return dot.join(parts)

    def confirm_leave(self) -> None:
        from spit.tui.shared.overlays import ConfirmQuit

        ask = ConfirmQuit(self.clock, recorded=True, ascii_only=self.settings.card_style == "ascii")
        self.app.push_screen(ask, lambda leave: self.leave() if leave else None)

    def interrupt(self) -> None:
        """Ctrl+C (``spit.tui.shared.interrupt``): the help is closed and the player is
        asked to leave, as the quit key asks (a game over the network cannot pause; the
        dialogs the table shows answer Ctrl+C themselves, ``NetOverlay.interrupt``)."""
        if self.app.screen is not self:  # the help, the only dialog that passes it on
            self.app.screen.dismiss(None)
        self.confirm_leave()

    def leave(self) -> None:
        """Say goodbye to the server and close the table (the connection closing
        then is no news to show)."""
        if self._leaving:
            return
        self._leaving = True
        if self._follower is not None:
            self._follower.cancel()

        async def close() -> None:
            with contextlib.suppress(OSError, WebSocketException):
                await self.client.close()
            self.dismiss(None)

        self.run_worker(close(), name="leave", group="net-close")

    # -- following the server ----------------------------------------------------------

    def on_mount(self) -> None:
        self._follower = follow(self, self.client, self._server_changed)

    def _spawn(self, work: Any) -> None:
        task = asyncio.get_running_loop().create_task(_quietly(work))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _server_changed(self) -> None:
        if self._leaving:
            return
        self.names = state.names(self.client)
        over = state.over(self.client)
        if self._over is not None and over is None:
            self._events_seen = len(self.client.events)
            self.new_game()
        if over is not None and self._over is None:
            self.replay_note = ""
            self.run_worker(self._save_replay(over), name="save replay", group="net-replay")
        self._over = over
        self.net_changed()
        gone = state.lost(self.client)
        if gone is not None and over is None and self._gave_up is None:
            if self._rejoining is None and hasattr(self.client, "rejoin"):
                self._rejoining = gone
                self.run_worker(self._rejoin(), name="rejoin", group="net-rejoin")
            if self._rejoining is not None:
                gone = None  # the overlay says that it is being tried again
        self._show_stop(gone if self._gave_up is None else self._gave_up)

    async def _rejoin(self) -> None:
        """Take the seat back (see the module docstring); follow the server again."""
        loop = asyncio.get_running_loop()
        stop = loop.time() + REJOIN_TRY_S
        failure = self._rejoining or "the connection was lost"
        while not self._leaving and loop.time() < stop:
            try:
                await self.client.rejoin()
            except ProtocolError as refused:  # the server will not give the seat back
                failure = safe_text(str(refused))
                break
            except (OSError, WebSocketException, TimeoutError):
                await asyncio.sleep(1.0)  # no line yet: try again
                continue
            self._rejoining = None
            self._follower = follow(self, self.client, self._server_changed)
            return
        self._rejoining = None
        self._gave_up = failure
        self._show_stop(failure)

    def _show_stop(self, gone: str | None) -> None:
        """Bring up (or update, or close) the dialog the game's state calls for."""
        client = self.client
        other = self.names[1 - self.seat]
        wanted: tuple[type[NetOverlay], tuple[Any, ...]] | None = None
        over = self._over
        grace = state.grace_over(client)
        away = state.away(client)
        if over is not None:
            wanted = (NetResultOverlay, self._result_texts(over))
        elif gone is not None:
            wanted = (LostOverlay, (gone,))
        elif self._rejoining is not None:
            wanted = (ReconnectingOverlay, (self._rejoining,))
        elif grace is not None and grace != self.seat:
            wanted = (GraceOverOverlay, (other,))
        elif away is not None and away[0] != self.seat:
            wanted = (AwayOverlay, (other, away[1]))
        current = self._overlay
        if current is not None and (wanted is None or type(current) is not wanted[0]):
            self._overlay = None
            if self.app.screen is current:
                current.dismiss(None)
        if wanted is None:
            return
        kind, texts = wanted
        if self._overlay is not None:
            if kind is AwayOverlay:
                self._overlay.show(*AwayOverlay.texts(*texts))
            elif kind is NetResultOverlay:
                self._overlay.show(*texts)
            return
        overlay: NetOverlay
        if kind is NetResultOverlay:
            overlay = NetResultOverlay(texts[0], texts[1], self.clock, self._rematch)
        else:
            overlay = kind(*texts)
        self._overlay = overlay
        self.app.push_screen(overlay, self._answered)

    def _answered(self, answer: str | None) -> None:
        if answer is None:
            return
        self._overlay = None
        if answer == "leave":
            self.leave()
        elif answer in ("take_win", "play_bot"):
            action = getattr(self.client, answer, None)
            if action is not None:
                self._spawn(action())

    def _rematch(self) -> None:
        action = getattr(self.client, "rematch", None)
        if action is not None:
            self._spawn(action())
        if self._over is not None and self._overlay is not None:
            self._overlay.show(*self._result_texts(self._over, asked=True))

    def _result_texts(self, over: Over, asked: bool = False) -> tuple[str, str]:
        winner, reason = over.winner, over.reason
        me = self.seat
        if winner == me:
            title = "You win!"
            if reason == "left":  # the other player chose to go: that is the news
                title = f"{self.names[1 - me]} left the game"
        elif winner is not None:
            title = f"{self.names[winner]} wins!"
        else:
            title = "The game is over"
        lines = []
        if winner is not None:
            who = "You" if winner == me else self.names[winner]
            loser = "you" if winner != me else self.names[1 - me]
            said = said_of(reason, loser)
            if who == "You":
                said = said.replace("has ", "have ").replace("wins", "win")
            lines.append(f"{who} {said}.")
        lines += self.result_lines()
        lines += rating_lines(getattr(self.client, "rated", None), me)
        asking = state.rematch_asked(self.client)
        other = self.names[1 - me]
        if asked or me in asking:
            lines.append(f"Waiting for {other} to want a rematch too...")
        elif (1 - me) in asking:
            lines.append(f"{other} wants a rematch.")
        if self.replay_note:
            lines.append(self.replay_note)
        return title, "\n".join(lines)

    def result_lines(self) -> list[str]:
        """The game's own lines under the result (the cards or points left)."""
        return []

    # -- the replay ---------------------------------------------------------------------

    async def _save_replay(self, over: Over) -> None:
        fetch = getattr(self.client, "fetch_replay", None)
        if not self.settings.record_replays or fetch is None or over.replay is None:
            return
        try:
            name, text = await fetch(timeout_s=10)
        except Exception as error:  # a failure here is a line, not a crash
            self.replay_note = f"The server's replay could not be fetched: {safe_text(error)}"
        else:
            self.replay_note = self._store(str(name), str(text))
        if self._over is not None:
            self._show_stop(state.lost(self.client))

    def _store(self, name: str, text: str) -> str:
        from spit.net import client as net_client

        folder = services(self).replay_dir()
        same = folder / name
        if Path(name).name == name and not name.startswith("."):
            with contextlib.suppress(OSError, UnicodeDecodeError):
                if same.is_file() and same.read_text(encoding="utf-8") == text:
                    return f"Replay saved: {safe_path(same)}"
        save = getattr(net_client, "save_replay", None)
        if save is None:
            return ""
        try:
            path = save(folder, name, text)
        except (OSError, ValueError) as error:
            return f"The replay could not be saved: {safe_text(error)}"
        return f"Replay saved: {safe_path(path)}"
