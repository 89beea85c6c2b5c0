"""Play online: the menu's "Play online" and ``spit-tui online``.

``OnlineScreen`` signs in to a server with accounts (``spit-tui serve``) as the account
this machine keeps for it (a new guest account on first contact: its token is kept
in the data folder, ``spit.net.credentials``) and offers, one key each:

- ``m`` quick match: choose a game and a variant (``ChooseGame``), then wait in the
  server's queue (``QueueScreen``: the seconds waited, the players waiting and online,
  and after a while the bot nearest one's rating, ``b``); ``c``, ``q`` or Escape
  cancels;
- ``i`` invite a friend by name; an invite to this player shows at once, over the
  queue too, and after a game one that came during it (``InviteDialog``: ``y``
  accept, ``n`` decline);
- ``d`` today's deal against the day's bot (one counted attempt a UTC day);
- ``l`` the leaderboards (``spit.tui.net.leaderboard``), ``a`` the account
  (``spit.tui.net.account``); ``?`` the keys, ``q`` or Escape back.

A match is a room on the server: the game's network table is opened over this screen
(through the connecting and waiting screens, as a joined game is) with the seat the
server kept, and this screen comes back when the game is left; the result says how
the rating moved. The screen follows the session without polling
(``OnlineClient.changed``). A token the server refuses is said, and a new guest
account offered (``y``).

Everything the server sends (names, reasons) is made safe before it is drawn.
"""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable, Sequence
from ssl import SSLContext
from typing import Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import Worker
from websockets.exceptions import WebSocketException

from spit.core.safe_text import safe_text
from spit.games import registry
from spit.net.addresses import Address
from spit.net.credentials import AccountTokens, CredentialsError
from spit.net.online_client import AccountRefused, OnlineClient, sign_in
from spit.net.protocol import Invited, Matched, ProtocolError
from spit.net.variants import GameVariant, online_games, variants
from spit.tui.net.account import AccountDialog
from spit.tui.net.keys_help import KeysHelp
from spit.tui.net.leaderboard import LeaderboardScreen
from spit.tui.net.link import NetFailure, NetLink, open_join, reaching
from spit.tui.net.screens import ConnectingScreen, NetOutcome, leave_failed
from spit.tui.shared.ascii_widgets import Separated
from spit.tui.shared.ask_text import AskText
from spit.tui.shared.confirm import Confirm
from spit.tui.shared.navigation import LeaveScreen
from spit.tui.shared.screen_base import ShellModal, ShellScreen

Connector = Callable[[bool], Awaitable[OnlineClient]]
"""How the screen signs in: ``fresh`` (a new guest account) or not; raises
``AccountRefused`` or ``NetFailure``. Tests give one of their own."""

ENTRIES = (
    ("match", "m", "Quick match: an opponent near your rating"),
    ("invite", "i", "Invite a friend by name"),
    ("daily", "d", "Today's deal, against the day's bot"),
    ("boards", "l", "Leaderboards"),
    ("account", "a", "Your account: name, ratings, other devices"),
)
"""Entry id, key, label."""

KEYS = (
    *((key, label) for _, key, label in ENTRIES),
    ("?", "these keys"),
    ("escape, q", "back"),
    ("ctrl+c", "quit spit-tui"),
)


def title_of(game: str) -> str:
    try:
        return registry.by_name(game).title
    except registry.UnknownGame:
        return safe_text(game, limit=24)


def variant_label(game: str, variant: str) -> str:
    """``Spit (points)``."""
    return f"{title_of(game)} ({safe_text(variant, limit=32)})"


def default_connector(
    address: Address, tokens: AccountTokens, tls: SSLContext | None = None
) -> Connector:
    """Sign in to the server at ``address`` with this machine's token for it."""

    async def connect(fresh: bool) -> OnlineClient:
        try:
            with reaching(address):
                return await sign_in(address, tokens, ssl=tls if address.tls else None, fresh=fresh)
        except CredentialsError as error:
            raise NetFailure(str(error)) from None

    return connect


class ChooseGame(ShellModal[GameVariant | None]):
    """A game and a variant, one entry each (their number is their key)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "dismiss(None)", "Back", id="choose.back"),
    ]

    def __init__(self, title: str, games: Sequence[str] | None = None) -> None:
        super().__init__()
        self.title_text = title
        self.choices = [each for game in games or online_games() for each in variants(game)]

    def compose_content(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.title_text, classes="dialog-title", markup=False)
            yield OptionList(
                *(
                    Option(f"{number}  {variant_label(each.game, each.key)}", id=str(number))
                    for number, each in enumerate(self.choices, start=1)
                ),
                id="choose-game",
            )
            yield Separated(["number or enter: choose", "escape or q: back"], classes="dialog-hint")

    def on_key(self, event: Any) -> None:
        key = getattr(event, "character", None)
        if key is not None and key.isdigit() and 1 <= int(key) <= len(self.choices):
            event.stop()
            self.dismiss(self.choices[int(key) - 1])

    @on(OptionList.OptionSelected, "#choose-game")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.choices[int(str(event.option_id)) - 1])


class InviteDialog(ShellModal[bool]):
    """An invite to this player: ``y`` accepts, ``n`` (or Escape) declines."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "dismiss(True)", "Accept", id="invite.accept"),
        Binding("n,escape,q", "dismiss(False)", "Decline", id="invite.decline"),
    ]

    def __init__(self, invite: Invited) -> None:
        super().__init__()
        self.invite = invite

    def compose_content(self) -> ComposeResult:
        invite = self.invite
        who = safe_text(invite.name, limit=24)
        with Vertical(classes="dialog"):
            yield Static(f"{who} invites you", classes="dialog-title", markup=False)
            yield Static(
                f"A game of {variant_label(invite.game, invite.variant)}, rated.",
                markup=False,
            )
            yield Separated(["y: accept", "n, escape or q: decline"], classes="dialog-hint")


class QueueScreen(ShellModal[None]):
    """Waiting in the quick-match queue: the seconds waited, who else waits and who is
    online, as the server says each second; a bot offer when it comes (``b``).
    ``c``, ``q`` or Escape cancels. The screen below (``OnlineScreen``) follows the
    session and calls ``show`` at each change; it closes this one on a match."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("b", "bot", "Play the bot", id="queue.bot"),
        Binding("c,escape,q", "cancel", "Cancel", id="queue.cancel"),
        Binding("question_mark", "help", "Keys", id="queue.help"),
    ]

    def __init__(self, client: OnlineClient, chosen: GameVariant) -> None:
        super().__init__()
        self.client = client
        self.chosen = chosen
        self._problems_before = len(client.problems)

    def compose_content(self) -> ComposeResult:
        with Vertical(classes="dialog", id="queue-dialog"):
            yield Static(
                f"Quick match: {variant_label(self.chosen.game, self.chosen.key)}",
                classes="dialog-title",
                markup=False,
            )
            yield Static("", id="queue-wait", markup=False)
            yield Static("", id="queue-counts", markup=False)
            yield Static("", id="queue-offer", markup=False)
            yield Separated(
                ["c, escape or q: cancel", "? keys"], classes="dialog-hint", id="queue-hint"
            )

    def on_mount(self) -> None:
        self._drawn = True
        self.show()

    def show(self) -> None:
        """Draw the queue as the session last heard of it (once it is drawn at all)."""
        if not getattr(self, "_drawn", False):
            return
        client = self.client
        queued, status, offer = client.queued, client.status, client.offer
        rating = "" if queued is None else f" near your rating, {queued.rating}"
        waited = 0 if status is None else status.waited_s
        self.query_one("#queue-wait", Static).update(f"Waiting for an opponent{rating}: {waited} s")
        if status is None:
            counts = "Joining the queue..."
        else:
            waiting = "player waits" if status.waiting == 1 else "players wait"
            online = "player online" if status.online == 1 else "players online"
            counts = f"{status.waiting} {waiting} in this queue · {status.online} {online}"
        self.query_one("#queue-counts", Static).update(counts)
        offer_line = self.query_one("#queue-offer", Static)
        refused = [p for p in client.problems[self._problems_before :] if p.about == "queue"]
        if refused and queued is None:
            offer_line.update(f"The server refused: {safe_text(refused[-1].reason)}.")
        elif offer is None:
            offer_line.update("")
        else:
            rated = f"rated {offer.rating}" if offer.rating is not None else "not rated"
            offer_line.update(
                f"No one near your rating yet. b: play the {offer.level} bot ({rated})."
            )

    async def action_bot(self) -> None:
        if self.client.offer is not None:
            with contextlib.suppress(ProtocolError, WebSocketException):
                await self.client.accept_bot()

    async def action_cancel(self) -> None:
        with contextlib.suppress(ProtocolError, WebSocketException):
            await self.client.cancel()
        self.dismiss(None)

    def action_help(self) -> None:
        keys = [
            ("b", "play the bot offered (after a while without an opponent)"),
            ("c, escape, q", "leave the queue"),
        ]
        note = (
            "Players are matched by rating; the longer you wait, the wider the range. "
            "After about 20 s the server offers the bot whose rating is nearest yours."
        )
        self.app.push_screen(KeysHelp("Keys: the queue", keys, note))


class OnlineScreen(ShellScreen):
    """See the module docstring. ``connect`` signs in (tests give their own);
    ``game`` limits the choices to one game (``spit-tui online --game``)."""

    DEFAULT_CSS = """
    OnlineScreen #online-options {
        height: auto;
        max-height: 9;
    }
    OnlineScreen #online-note {
        margin-top: 1;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(key, id_, label, id=f"online.{id_}", show=False) for id_, key, label in ENTRIES),
        Binding("c", "cancel_invite", "Cancel the invite", id="online.cancel", show=False),
        Binding("question_mark", "help", "Keys", id="online.help"),
        Binding("escape,q", "back", "Back", id="online.back"),
    ]

    def __init__(
        self,
        address: Address,
        connect: Connector,
        outcome: NetOutcome | None = None,
        *,
        game: str | None = None,
        tls: SSLContext | None = None,
        tokens: AccountTokens | None = None,
    ) -> None:
        super().__init__()
        self.address = address
        self._connect = connect
        self.outcome = outcome or NetOutcome()
        self.games = [game] if game is not None else None
        self.tls = tls
        self.tokens = tokens
        self.client: OnlineClient | None = None
        self._follower: Worker[None] | None = None
        self._queue: QueueScreen | None = None
        self._invites_shown: set[int] = set()
        self._answers_seen: set[int] = set()
        self._problems_seen = 0
        self._playing: Matched | None = None
        self._leaving = False

    def compose_content(self) -> ComposeResult:
        with Vertical(classes="net-body"):
            yield Static(
                f"Play online at {safe_text(str(self.address))}",
                classes="screen-title",
                markup=False,
            )
            yield Static("Signing in...", id="online-status", markup=False)
            yield OptionList(
                *(Option(f"{key}  {label}", id=id_) for id_, key, label in ENTRIES),
                id="online-options",
                disabled=True,
            )
            yield Static("", id="online-note", markup=False)
            yield Separated(
                ["enter or its key: choose", "? keys", "escape or q: back"], classes="screen-hint"
            )

    def on_mount(self) -> None:
        self.run_worker(self._sign_in(fresh=False), name="sign in", group="online")

    # --- the session ----------------------------------------------------------------

    async def _sign_in(self, *, fresh: bool) -> None:
        try:
            client = await self._connect(fresh)
        except AccountRefused as refused:
            question = (
                f"{self.address} refused this machine's account: {safe_text(refused)}. "
                "Start a new guest account there?"
            )
            self.app.push_screen(Confirm(question), self._new_guest)
            return
        except NetFailure as failure:
            self._fail(str(failure))
            return
        self.client = client
        options = self.query_one("#online-options", OptionList)
        options.disabled = False
        options.focus()
        self._follower = self.run_worker(self._follow(client), name="follow", group="online")

    def _new_guest(self, yes: bool | None) -> None:
        if yes:
            self.run_worker(self._sign_in(fresh=True), name="sign in", group="online")
        else:
            self.action_back()

    async def _follow(self, client: OnlineClient) -> None:
        while True:
            client.changed.clear()
            self._changed()
            if client.ended is not None:
                return
            await client.changed.wait()

    def _changed(self) -> None:
        """Draw what the session last heard, and act on news: an invite, a match."""
        client = self.client
        if client is None or self._leaving:
            return
        signed = client.signed
        name = "?" if signed is None else safe_text(signed.account.name, limit=24)
        if signed is not None and not signed.account.named:
            name += " (a guest name: a, then r, chooses yours)"
        online = "player online" if client.online == 1 else "players online"
        self.query_one("#online-status", Static).update(
            f"You are {name} · {client.online} {online}"
        )
        if client.ended is not None:
            stack = self.app.screen_stack
            above = stack[stack.index(self) + 1 :] if self in stack else []
            if any(not isinstance(screen, ModalScreen) for screen in above):
                return  # a game or the boards over this screen: once it is left (resumed)
            while self.app.screen is not self:  # the queue, a dialog
                self.app.pop_screen()
            self._fail(f"the server ended the session: {safe_text(client.ended)}")
            return
        self._note()
        if self._queue is not None:
            self._queue.show()
        for invite in list(client.invites.values()):
            if not (self.is_current or isinstance(self.app.screen, QueueScreen)):
                break  # shown when the player comes back here (on_screen_resume)
            if invite.id not in self._invites_shown:
                self._invites_shown.add(invite.id)
                self.app.push_screen(InviteDialog(invite), self._answer(invite))
        matched = client.matched
        if matched is not None and matched is not self._playing:
            self._playing = matched
            self._play(matched)

    def on_screen_resume(self) -> None:
        super().on_screen_resume()
        self._changed()

    def _note(self) -> None:
        """The line under the entries: an invite out, or what last came to nothing."""
        client = self.client
        assert client is not None
        note = ""
        if client.sent is not None:
            who = safe_text(client.sent.name, limit=24)
            note = f"Invited {who}: waiting for their answer (c: cancel)."
        answer = client.answer
        if answer is not None and answer.id not in self._answers_seen and client.sent is None:
            who = safe_text(answer.name, limit=24)
            note = f"The invite to {who} came to nothing: {safe_text(answer.reason)}."
        if len(client.problems) > self._problems_seen:
            self._problems_seen = len(client.problems)
            note = safe_text(client.problems[-1].reason)
        if note or client.sent is None:
            self.query_one("#online-note", Static).update(note)

    def _answer(self, invite: Invited) -> Callable[[bool | None], None]:
        def answered(accept: bool | None) -> None:
            client = self.client
            if client is not None and client.connected:
                self.run_worker(client.answer_invite(invite.id, bool(accept)), group="online-send")

        return answered

    # --- playing a match -------------------------------------------------------------

    def _play(self, matched: Matched) -> None:
        """Sit down in the room the server opened for the match."""
        self._queue = None
        while self.app.screen is not self:  # the queue, a dialog: the match comes first
            self.app.pop_screen()
        address, tls = self.address, self.tls
        opponent = safe_text(matched.opponent, limit=24)
        what = f"{variant_label(matched.game, matched.variant)} against {opponent}..."

        async def opener() -> NetLink:
            link = await open_join(address, matched.room, "online", token=matched.token, tls=tls)
            link.game = matched.game
            return link

        self.app.push_screen(ConnectingScreen(what, opener))

    # --- the entries -----------------------------------------------------------------

    @on(OptionList.OptionSelected, "#online-options")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        getattr(self, f"action_{event.option_id}")()

    def _session(self) -> OnlineClient | None:
        client = self.client
        return client if client is not None and client.connected else None

    def action_match(self) -> None:
        client = self._session()
        if client is None:
            return

        def chosen(choice: GameVariant | None) -> None:
            if choice is None:
                return
            self._queue = QueueScreen(client, choice)
            self.app.push_screen(self._queue, lambda _: self._queue_gone())
            self.run_worker(client.join_queue(choice.game, choice.key), group="online-send")

        self.app.push_screen(ChooseGame("Quick match: which game?", self.games), chosen)

    def _queue_gone(self) -> None:
        self._queue = None

    def action_invite(self) -> None:
        client = self._session()
        if client is None:
            return

        def named(name: str | None) -> None:
            if not name:
                return

            def chosen(choice: GameVariant | None) -> None:
                if choice is not None:
                    self.run_worker(
                        client.invite(name, choice.game, choice.key), group="online-send"
                    )

            self.app.push_screen(ChooseGame(f"Invite {safe_text(name)} to:", self.games), chosen)

        ask = AskText("Invite whom? Their name on this server", "", hint="they must be online")
        self.app.push_screen(ask, named)

    def action_cancel_invite(self) -> None:
        client = self._session()
        if client is not None and client.sent is not None:
            self.run_worker(client.cancel(), group="online-send")
            self.query_one("#online-note", Static).update("The invite was withdrawn.")

    def action_daily(self) -> None:
        client = self._session()
        if client is None:
            return
        games = self.games or online_games()

        def chosen(choice: GameVariant | None) -> None:
            if choice is not None:
                self.run_worker(client.play_daily(choice.game), group="online-send")

        if len(games) == 1:
            self.run_worker(client.play_daily(games[0]), group="online-send")
            return
        dialog = ChooseGame("Today's deal: which game?", games)
        dialog.choices = [variants(game)[0] for game in games]  # the day decides the variant
        self.app.push_screen(dialog, chosen)

    def action_boards(self) -> None:
        client = self._session()
        if client is not None:
            screen = LeaderboardScreen(client, games=self.games, server=str(self.address))
            self.app.push_screen(screen)

    def action_account(self) -> None:
        client = self._session()
        if client is not None:
            self.app.push_screen(AccountDialog(client), lambda _: self._changed())

    def action_help(self) -> None:
        note = (
            "Games here are rated: your rating moves with each result the server "
            "records. Leaving a game loses it. Today's deal counts once a day (UTC)."
        )
        self.app.push_screen(KeysHelp("Keys: play online", KEYS, note))

    # --- leaving ---------------------------------------------------------------------

    def action_back(self) -> None:
        if self._leaving:
            return
        self._leaving = True
        client = self.client

        async def close() -> None:
            if client is not None:
                with contextlib.suppress(OSError, WebSocketException):
                    await client.close()
            self.post_message(LeaveScreen(self))

        self.run_worker(close(), name="sign out", group="online-close")

    def _fail(self, message: str) -> None:
        if self._leaving:
            return
        self._leaving = True
        leave_failed(self, self.outcome, message)
