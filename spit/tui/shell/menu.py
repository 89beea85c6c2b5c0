"""The main menu, the first thing `spit-tui` shows, and the bot chooser it opens.

Nothing here runs on a timer: an idle menu only waits for keys, and, when the settings
name an online server this machine has an account on, for that server's news. The
menu then keeps a quiet session there once its first frame is out
(``spit.tui.net.presence``), so that friends can invite the player by name: an invite
shows over the menu (``y`` accept: the game's table; ``n`` decline: the inviter is
told). "Play online" has a session of its own, so the menu's is closed while it is
open.
"""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, ClassVar

from msgspec.structs import replace
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from spit.games import registry
from spit.tui.shared.front_ends import MenuEntry, front_ends
from spit.tui.shared.navigation import StartChallenge, StartGame, StartPractice
from spit.tui.shared.screen_base import ShellModal, ShellScreen

if TYPE_CHECKING:
    from pathlib import Path

    from textual.worker import Worker

    from spit.net.addresses import Address
    from spit.net.online_client import OnlineClient
    from spit.net.protocol import Invited, Matched
    from spit.tui.net.link import NetLink
    from spit.tui.net.online import InviteDialog, OnlineScreen
    from spit.tui.net.presence import MenuPresence
    from spit.tui.shell.network import HostChoice, JoinChoice

TITLE = "♠ ♥  S P I T  ♦ ♣"
ASCII_TITLE = "-=  S P I T  =-"
SUBTITLE = "the real-time card game, in the terminal"


def _game_entries() -> dict[str, tuple[str, MenuEntry]]:
    """Each registered game's entries (``FrontEnds.menu``), in the registry's order:
    entry id -> the game's name and the entry."""
    found: dict[str, tuple[str, MenuEntry]] = {}
    for game in registry.games():
        for entry in front_ends(game.name).menu:
            if entry.id in found:
                raise ValueError(f"two menu entries are called {entry.id!r}")
            found[entry.id] = (game.name, entry)
    return found


SHELL_ENTRIES = (
    ("network", "4", "Play over the network"),
    ("online", "n", "Play online"),
    ("leaderboards", "b", "Leaderboards"),
    ("replays", "5", "Replays"),
    ("statistics", "6", "Statistics"),
    ("how_to_play", "7", "How to play"),
    ("settings", "8", "Settings"),
)
"""The shell's entries, after the games' (whose keys their front ends give)."""


def _entries() -> tuple[tuple[str, str, str], ...]:
    """The games' entries, then the shell's. Every key is fixed: a game brings its
    own (``FrontEnds.menu``), so adding one moves no other entry's key; and no key
    looks like another in common fonts (no ``l`` beside ``1``)."""
    games = tuple((entry.id, entry.key, entry.label) for _, entry in _game_entries().values())
    entries = (*games, *SHELL_ENTRIES, ("quit", "q", "Quit"))
    keys = [key for _, key, _ in entries]
    ids = [entry_id for entry_id, _, _ in entries]
    if "" in keys or len(set(keys)) != len(keys) or len(set(ids)) != len(ids):
        raise ValueError(f"every menu entry needs a key and an id of its own, not {entries}")
    return entries


ENTRIES = _entries()
"""Menu entry id, hotkey, label. The action is ``action_<id>``, or ``entry(<id>)`` for
a game's entry (``_action``)."""


def _action(entry_id: str) -> str:
    return f"entry({entry_id!r})" if entry_id in _game_entries() else entry_id


PRACTICE_OFFER = (
    "New to Spit? Press p for a short practice round with hints, against a very slow "
    "bot (it is in How to play too)."
)
"""Under the menu, the first time it is shown (``Settings.practice_offered``)."""


class MainMenu(ShellScreen):
    DEFAULT_CSS = """
    MainMenu #menu-rating {
        display: none;
        width: 100%;
        text-align: center;
        color: $text-muted;
    }
    MainMenu #challenge-status {
        width: 100%;
        text-align: center;
        color: $text-muted;
    }
    MainMenu #menu-online {
        display: none;
        width: 100%;
        text-align: center;
        color: $text-muted;
    }
    MainMenu #practice-offer {
        width: 100%;
        margin-top: 1;
        text-align: center;
        text-style: bold;
        color: $text-warning;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        *(
            Binding(key, _action(id_), label, id=f"menu.{id_}", show=False)
            for id_, key, label in ENTRIES
        ),
        Binding("p", "practice", "Practice", id="menu.practice", show=False),
    ]

    def compose_content(self) -> ComposeResult:
        with Vertical(id="menu-body"):
            yield Static(self._title(), id="menu-title")
            yield Static(SUBTITLE, id="menu-subtitle")
            yield Static("", id="menu-rating", markup=False)
            with Center():
                yield OptionList(
                    *(
                        Option(Text.assemble((key, "bold"), "  ", label), id=id_)
                        for id_, key, label in ENTRIES
                    ),
                    id="menu-options",
                )
            yield Static("", id="challenge-status", markup=False)
            yield Static("", id="menu-online", markup=False)
            if not self.services.settings.practice_offered:
                yield Static(PRACTICE_OFFER, id="practice-offer")
        yield Footer()

    def on_mount(self) -> None:
        """Offer the practice round once, to a player whose settings say it never was."""
        # The offer is saved when the menu closes, into the settings file as it is then:
        # looking at the menu writes nothing, and what Settings saved meanwhile is kept.
        self._offered = not self.services.settings.practice_offered
        self._presence: MenuPresence | None = None
        self._presence_worker: Worker[None] | None = None
        self._online_screen: OnlineScreen | None = None
        self._invites_shown: set[int] = set()
        self._invite_dialog: InviteDialog | None = None
        self._playing: Matched | None = None

    def _show_rating(self) -> None:
        """Ask for the rating line once the menu is drawn: the statistics are read in
        a thread, and imported there, so that neither holds up the menu's first frame."""
        self.run_worker(self._read_rating, name="rating", thread=True, exit_on_error=False)

    def _read_rating(self) -> None:
        from spit.stats import your_rating
        from spit.tui.shared.records import rating_text

        found = your_rating()
        if found is not None:
            shown = rating_text(found.after, ascii_only=self.painter.ascii)
            self.app.call_from_thread(self._rating_shown, f"Your rating: {shown}")

    def _rating_shown(self, line: str) -> None:
        rating = self.query_one("#menu-rating", Static)
        rating.update(line)
        rating.display = True

    # -- the day's deal and the ladder ------------------------------------------------

    def _load_challenge_status(self) -> None:
        """Where today's deal stands, the streak and the ladder's step, under the
        entries: read in a thread after the first frame (``spit.stats`` is imported
        there), so that the menu never waits for the database."""
        replays = self.services.replay_dir()
        self.run_worker(
            lambda: self._find_challenge_status(replays),
            name="challenges",
            group="challenges",
            thread=True,
            exclusive=True,
        )

    def _find_challenge_status(self, replays: Path) -> None:
        import sqlite3
        from datetime import UTC, datetime

        from spit.saved_games import left_unfinished
        from spit.stats import DailyStatus, LadderStatus, StatsDB
        from spit.tui.shared.daily_status import DailyStanding, played_text

        today = datetime.now(UTC).date()
        unfinished = left_unfinished(replays, today)
        try:
            # only read: the Statistics screen is where a missing database is rebuilt
            db = StatsDB.peek()
            if db is None and not unfinished:  # nothing played yet: nothing to say
                return
            daily, ladder = DailyStatus(today, 0, None, 0), LadderStatus(0, 0, 0)
            if db is not None:
                with db:
                    daily, ladder = db.daily_status(today), db.ladder_status()
        except (sqlite3.Error, OSError, ValueError):
            return
        standing = DailyStanding(daily, unfinished)
        played = played_text(standing)
        line = (
            f"Today's deal: {played}{self.painter.dot}streak {standing.streak}"
            f"{self.painter.dot}ladder step {ladder.step} (best {ladder.highest})"
        )
        self.app.call_from_thread(self._show_challenge_status, line)

    def _show_challenge_status(self, line: str) -> None:
        self.query_one("#challenge-status", Static).update(line)

    # ----------------------------------------------------------------------------------

    def on_unmount(self) -> None:
        from spit.settings.file import SettingsWriter

        settings = self.services.settings
        if self._offered and not settings.practice_offered:
            # Only that one line is written (the file is edited, not regenerated).
            with contextlib.suppress(OSError):  # offered again next time: no harm
                SettingsWriter(self.services.settings_file).write(
                    settings, replace(settings, practice_offered=True)
                )

    def action_practice(self) -> None:
        self.post_message(StartPractice())

    def on_screen_resume(self) -> None:
        """Shown for the first time, or back from Settings (the card style may have
        changed) or from a game (the rating may have). What is read in threads is asked
        for once the menu is drawn, once each time."""
        self.query_one("#menu-title", Static).update(self._title())
        self.call_after_refresh(self._show_rating)  # a game may have moved it
        # or used up today's deal, or left it unfinished
        self.call_after_refresh(self._load_challenge_status)
        # the server may have changed, or an account been made
        self.call_after_refresh(self._start_presence)
        if self._presence is not None:
            self._presence_changed(self._presence.client)  # invites that came meanwhile

    def _title(self) -> str:
        return ASCII_TITLE if self.painter.ascii else TITLE

    @on(OptionList.OptionSelected, "#menu-options")
    async def _chosen(self, event: OptionList.OptionSelected) -> None:
        await self.run_action(_action(str(event.option_id)))

    def action_entry(self, entry_id: str) -> None:
        """A game's entry (``FrontEnds.menu``): a game of two players, a challenge, or
        a game against a bot at the level chosen first."""
        name, entry = _game_entries()[entry_id]
        if entry.start == "two_players":
            self.post_message(StartGame(name))
        elif entry.start == "screen":
            self.post_message(StartChallenge(name, entry.id))
        else:
            self._choose_level(name, entry)

    def _choose_level(self, name: str, entry: MenuEntry) -> None:
        """The bot chooser of the game called ``name``, then its table at that level
        (``FrontEnds.table``)."""
        from spit.settings.model import BOT_LEVEL, game_setting

        game = registry.by_name(name)
        try:
            levels = game.bots.levels()
            header = None if entry.header is None else entry.header()
        except ImportError:
            self.notify(f"{game.title} is not available in this version.", severity="warning")
            return

        def chosen(level: str | None) -> None:
            if level is not None:
                self.post_message(StartGame(game.name, level))

        chooser = BotChooser(
            f"{entry.label}: choose its level",
            [(level, game.bots.describe(level)) for level in levels],
            game.bots.default or str(game_setting(self.services.settings, game.name, BOT_LEVEL)),
            header=header,
            note=entry.note,
        )
        self.app.push_screen(chooser, chosen)

    def action_network(self) -> None:
        """Host a game or join one (``spit.tui.shell.network``)."""
        from spit.tui.shell.network import HostChoice, JoinDialog, NetworkMenu, WatchDialog

        def chosen(choice: HostChoice | str | None) -> None:
            recent = self.services.settings.recent_addresses
            if choice in ("join", "server"):
                self.app.push_screen(JoinDialog(recent, server=choice == "server"), self._join)
            elif choice == "watch":
                self.app.push_screen(WatchDialog(recent), self._watch)
            elif isinstance(choice, HostChoice):
                self._host(choice)

        self.app.push_screen(NetworkMenu(), chosen)

    def _host(self, choice: HostChoice) -> None:
        from spit.net.addresses import DEFAULT_PORT
        from spit.tui.net.link import default_name, open_host
        from spit.tui.net.screens import ConnectingScreen

        game = registry.by_name(choice.game)
        settings = self.services.settings
        folder = self.services.replay_dir() if settings.record_replays else None
        room_options = front_ends(game.name).room_options
        options = {} if room_options is None else dict(room_options(settings))

        def opener() -> Awaitable[NetLink]:
            return open_host(
                game,
                port=DEFAULT_PORT,
                name=default_name(),
                public=choice.public,
                replay_dir=folder,
                options=options,
            )

        self.app.push_screen(ConnectingScreen(f"Starting a game of {game.title}...", opener))

    def _join(self, choice: JoinChoice | None) -> None:
        if choice is None:
            return
        from spit.tui.net.link import default_name, open_join
        from spit.tui.net.screens import ConnectingScreen

        self._remember(choice.address)

        if choice.code is None:  # the server's rooms: join one, or open one
            from spit.tui.net.lobby import LobbyScreen

            self.app.push_screen(LobbyScreen(choice.address, default_name(), choice.password))
            return

        def opener() -> Awaitable[NetLink]:
            return open_join(choice.address, choice.code, default_name(), choice.password)

        self.app.push_screen(ConnectingScreen(f"Connecting to {choice.address}...", opener))

    def _remember(self, address: Address) -> None:
        """Keep ``address`` first among the recent ones (the settings' file, in place)."""
        from spit.settings.file import SettingsWriter
        from spit.settings.model import remember_address

        services = self.services
        old = services.settings
        new = remember_address(old, str(address))
        with contextlib.suppress(OSError):  # not remembered this time: no harm
            SettingsWriter(services.settings_file).write(old, new, in_place=True)
        services.settings = new

    def _watch(self, choice: JoinChoice | None) -> None:
        """Watch the room chosen: connect, then the game's watch screen over the menu;
        a failure is a notice."""
        if choice is None or choice.code is None:
            return
        from spit.tui.net.link import NetFailure, open_watch
        from spit.tui.net.spectator import watch_screen

        self._remember(choice.address)
        code = choice.code

        async def watch() -> None:
            try:
                client = await open_watch(choice.address, code, choice.password)
            except NetFailure as failure:
                self.notify(str(failure), title="Network", severity="error", markup=False)
                return
            try:
                screen = watch_screen(client, self.services.settings, self.services.clock)
            except NetFailure as failure:
                await client.close()
                self.notify(str(failure), title="Network", severity="error", markup=False)
                return
            self.app.push_screen(screen)

        self.run_worker(watch(), name="watch", group="net")

    # -- the quiet presence on the settings' server (``spit.tui.net.presence``) --------

    def _start_presence(self) -> None:
        """Sign in to the settings' server in the background, unless a session is
        already kept there (or there is no server: then nothing at all is loaded)."""
        online = self._online_screen
        if online is not None and online in self.app.screen_stack:
            return  # "Play online" is open, with its own session
        self._online_screen = None
        server = self.services.settings.online_server
        presence, worker = self._presence, self._presence_worker
        running = worker is not None and not worker.is_finished
        if running and presence is not None and str(presence.address) == server:
            return
        self._stop_presence()
        if not server:
            return
        from spit.net.addresses import parse_address
        from spit.net.credentials import AccountTokens
        from spit.tui.net.presence import MenuPresence

        try:
            address = parse_address(server)
        except ValueError:
            return
        self._presence = MenuPresence(address, AccountTokens(), self._presence_changed)
        self._presence_worker = self.run_worker(
            self._presence.run(), name="presence", group="presence", exit_on_error=False
        )

    def _stop_presence(self) -> None:
        if self._presence_worker is not None:
            self._presence_worker.cancel()
        self._presence = self._presence_worker = None
        self._presence_changed(None)

    def _presence_changed(self, client: OnlineClient | None) -> None:
        """Say whether friends can invite the player; show an invite (on the menu
        only: one that comes meanwhile is shown on coming back to it) or sit down at
        the match an accepted one made."""
        line = self.query_one("#menu-online", Static)
        signed = None if client is None or not client.connected else client.signed
        line.display = signed is not None
        if signed is None or client is None:
            return
        from spit.core.safe_text import safe_text

        name = safe_text(signed.account.name, limit=24)
        line.update(f"Online at {self._presence_server()} as {name}: friends can invite you")
        dialog = self._invite_dialog
        if dialog is not None and dialog.invite.id not in client.invites:
            self._invite_dialog = None  # withdrawn or lapsed while on the screen
            if self.app.screen is dialog:
                self.app.pop_screen()
        matched = client.matched
        if matched is not None and matched is not self._playing:
            self._playing = matched
            self._sit_down(matched)
            return
        if self.app.screen is not self:  # not over a dialog or another screen
            return
        for invite in list(client.invites.values()):
            if invite.id not in self._invites_shown:
                self._show_invite(client, invite)
                return

    def _presence_server(self) -> str:
        from spit.core.safe_text import safe_text

        presence = self._presence
        return "?" if presence is None else safe_text(str(presence.address))

    def _show_invite(self, client: OnlineClient, invite: Invited) -> None:
        from spit.tui.net.online import InviteDialog

        self._invites_shown.add(invite.id)
        dialog = InviteDialog(invite)
        self._invite_dialog = dialog

        async def answer(accept: bool) -> None:
            from websockets.exceptions import WebSocketException

            from spit.net.protocol import ProtocolError

            with contextlib.suppress(ProtocolError, WebSocketException):  # the session ended
                await client.answer_invite(invite.id, accept)

        def answered(accept: bool | None) -> None:
            if self._invite_dialog is dialog:
                self._invite_dialog = None
            if client.connected:
                self.run_worker(answer(bool(accept)), group="invite")

        self.app.push_screen(dialog, answered)

    def _sit_down(self, matched: Matched) -> None:
        """The seat the server kept for the match of an invite accepted here."""
        from spit.core.safe_text import safe_text
        from spit.tui.net.link import open_join
        from spit.tui.net.online import variant_label
        from spit.tui.net.screens import ConnectingScreen

        presence = self._presence
        if presence is None:
            return
        address = presence.address
        opponent = safe_text(matched.opponent, limit=24)
        what = f"{variant_label(matched.game, matched.variant)} against {opponent}..."

        async def opener() -> NetLink:
            link = await open_join(address, matched.room, "online", token=matched.token)
            link.game = matched.game
            return link

        self.app.push_screen(ConnectingScreen(what, opener))

    # -- online: a server with accounts ---------------------------------------------

    def action_online(self) -> None:
        """Play online (``spit.tui.net.online``) on the server asked for."""
        self._ask_server("Play online", self._play_online)

    def action_leaderboards(self) -> None:
        """The leaderboards (``spit.tui.net.leaderboard``) of the server asked for."""
        self._ask_server("Leaderboards", self._show_boards)

    def _ask_server(self, what: str, then: Callable[[Address], None]) -> None:
        """Ask for the server, starting from the settings' (or the last address joined);
        keep the one given as the settings' ``online_server``."""
        from spit.net.addresses import parse_address
        from spit.tui.shared.ask_text import AskText

        settings = self.services.settings
        start = settings.online_server or next(iter(settings.recent_addresses), "")

        def problem(text: str) -> str | None:
            try:
                parse_address(text)
            except ValueError as error:
                return str(error)
            return None

        def given(text: str | None) -> None:
            if not text:
                return
            address = parse_address(text)
            self._keep_server(str(address))
            then(address)

        question = f"{what}: the server's address (a spit-tui serve with accounts)"
        hint = "host:7788, or wss://host:7788 over TLS"
        self.app.push_screen(AskText(question, start, hint=hint, problem=problem), given)

    def _keep_server(self, address: str) -> None:
        from spit.settings.file import SettingsWriter

        services = self.services
        old = services.settings
        if old.online_server == address:
            return
        new = replace(old, online_server=address)
        with contextlib.suppress(OSError):  # asked again next time: no harm
            SettingsWriter(services.settings_file).write(old, new, in_place=True)
        services.settings = new

    def _play_online(self, address: Address) -> None:
        from spit.net.credentials import AccountTokens
        from spit.tui.net.online import OnlineScreen, default_connector

        tokens = AccountTokens()
        screen = OnlineScreen(address, default_connector(address, tokens), tokens=tokens)
        self._stop_presence()  # the screen's session does its work; back here, it reopens
        self._online_screen = screen
        self.app.push_screen(screen)

    def _show_boards(self, address: Address) -> None:
        from spit.net.credentials import AccountTokens
        from spit.tui.net.leaderboard import LeaderboardScreen
        from spit.tui.net.online import default_connector

        connect = default_connector(address, AccountTokens())
        self.app.push_screen(LeaderboardScreen(sign_in=lambda: connect(False), server=str(address)))

    def action_replays(self) -> None:
        from spit.tui.shell.replays import ReplayBrowser

        self.app.push_screen(ReplayBrowser())

    def action_statistics(self) -> None:
        from spit.tui.shell.statistics import StatisticsScreen

        self.app.push_screen(StatisticsScreen())

    def action_how_to_play(self) -> None:
        from spit.tui.shell.how_to_play import HowToPlay

        self.app.push_screen(HowToPlay())

    def action_settings(self) -> None:
        from spit.tui.shell.settings_screen import SettingsScreen

        self.app.push_screen(SettingsScreen())

    def action_quit(self) -> None:
        self.app.exit(0)


def _level_option(level: str, description: str) -> Option:
    prompt = Text(description)
    prompt.stylize("bold", 0, len(level))
    return Option(prompt, id=level)


class BotChooser(ShellModal[str | None]):
    """Pick the bot's level among ``levels`` (level, description starting with the
    level); the result is the level, or ``None`` if the player backed out. ``header``
    heads the descriptions' columns, if they have any; ``note`` explains them."""

    DEFAULT_CSS = """
    BotChooser .bot-levels-header {
        color: $text-muted;
        text-style: bold;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "dismiss(None)", "Back", id="dialog.back"),
        Binding("question_mark", "help", "Help", id="dialog.help"),
    ]

    def __init__(
        self,
        title: str,
        levels: list[tuple[str, str]],
        default_level: str,
        *,
        header: str | None = None,
        note: str | None = None,
    ) -> None:
        super().__init__()
        self.heading = title
        self.levels = levels
        self.default_level = default_level
        self.header = header
        self.note = note

    def compose_content(self) -> ComposeResult:
        options = OptionList(
            *(_level_option(level, description) for level, description in self.levels),
            id="bot-levels",
        )
        names = [level for level, _ in self.levels]
        if self.default_level in names:
            options.highlighted = names.index(self.default_level)
        with Vertical(classes="dialog"):
            yield Static(self.heading, classes="dialog-title", markup=False)
            if self.header is not None:
                yield Static(self.header, classes="bot-levels-header", markup=False)
            yield options
            if self.note is not None:
                yield Static(self.note, classes="dialog-hint", markup=False)
            yield Static(
                self.painter.dot.join(["enter play", "escape or q back", "? help"]),
                classes="dialog-hint",
            )

    def action_help(self) -> None:
        """The picker's keys, and what its columns say."""
        from spit.tui.net.keys_help import KeysHelp

        keys = [
            ("up, down", "choose a level"),
            ("enter", "play against the level chosen"),
            ("escape, q", "back to the menu"),
            ("ctrl+c", "quit spit-tui"),
        ]
        self.app.push_screen(KeysHelp(self.heading, keys, self.note))

    @on(OptionList.OptionSelected, "#bot-levels")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option_id)
