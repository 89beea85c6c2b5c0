"""The form that opens a room on a server for many rooms: the game, the game's own
options (``GameDescriptor.room_choices``), public or private, and a password.

The form is a list of lines, one a setting, in the way of a settings menu: up and down
pick a line, Enter (or Space, or the arrows left and right) changes it, and Enter on
the last line opens the room. Every key works without a mouse and no drop-down hides
another line; a number or a password is asked for in a one-line question.

A room is private unless the player chooses otherwise, as the protocol's default is:
it is shown to strangers only when its opener says so.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from spit.core.safe_text import safe_text
from spit.game import Option as GameOption  # beside Textual's Option, a list's line
from spit.games import registry
from spit.games.descriptor import GameDescriptor
from spit.net.addresses import Address
from spit.net.protocol import MAX_PASSWORD
from spit.tui.net.keys_help import KeysHelp
from spit.tui.net.link import NewRoom, check_password
from spit.tui.shared.ascii_widgets import Separated
from spit.tui.shared.ask_text import AskText
from spit.tui.shared.front_ends import front_ends
from spit.tui.shared.screen_base import ShellModal

FORM_KEYS = (
    ("up/down", "choose a line"),
    ("enter", "change it (a number or a password is asked for), or open the room"),
    ("space", "change it; left/right: to the previous or next value"),
    ("escape, q", "back to the rooms, opening none"),
    ("?", "these keys"),
)
LABEL_WIDTH = 15
OPEN = "open"


def network_games() -> list[GameDescriptor]:
    """The games a room can be opened for: playable over the network, with a table."""
    return [
        game
        for game in registry.games()
        if game.net is not None and front_ends(game.name).net_screen is not None
    ]


@dataclass
class RoomForm:
    """What the form holds, apart from how it is drawn: the game and each game's
    choices, so that going to another game and back keeps what was chosen."""

    games: list[GameDescriptor]
    game: int = 0
    chosen: dict[tuple[str, str], str | int] = field(default_factory=dict)
    public: bool = False
    password: str | None = None

    @property
    def current(self) -> GameDescriptor:
        return self.games[self.game]

    def value(self, choice: GameOption) -> str | int:
        default = choice.values[0] if choice.values else choice.default
        return self.chosen.get((self.current.name, choice.key), default)

    def step(self, line: str, by: int) -> None:
        """Change ``line`` to its next value (``by`` 1) or its previous one (-1)."""
        if line == "game":
            self.game = (self.game + by) % len(self.games)
        elif line == "public":
            self.public = not self.public
        else:
            choice = self.choice(line)
            if choice is not None and choice.values:
                values = choice.values
                at = values.index(str(self.value(choice)))
                self.chosen[self.current.name, choice.key] = values[(at + by) % len(values)]

    def choice(self, key: str) -> GameOption | None:
        return next((c for c in self.current.room_choices if c.key == key), None)

    def room(self) -> NewRoom:
        options = {c.key: self.value(c) for c in self.current.room_choices}
        return NewRoom(self.current.name, options, self.public, self.password)


class NewRoomDialog(ShellModal[NewRoom | None]):
    """Open a room on the server at ``address``; the result is the room to open, or
    ``None`` if the player backed out."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "dismiss(None)", "Cancel", id="room.cancel"),
        Binding("question_mark", "help", show=False, id="room.help"),
        Binding("left", "step(-1)", show=False, id="room.previous"),
        Binding("right,space", "step(1)", show=False, id="room.next"),
    ]

    def __init__(self, address: Address) -> None:
        super().__init__()
        self.address = address
        self.form = RoomForm(network_games())

    def compose_content(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(
                f"Open a room on {safe_text(str(self.address))}",
                classes="dialog-title",
                markup=False,
            )
            yield OptionList(*self._lines(), id="room-form")
            yield Separated(
                ["up/down: choose", "enter/space: change, or open", "escape or q: cancel"],
                classes="dialog-hint",
            )

    def _lines(self) -> list[Option]:
        form = self.form
        dot = self.painter.dot
        lines = [("game", "Game", form.current.title)]
        for choice in form.current.room_choices:
            lines.append((choice.key, choice.label, str(form.value(choice))))
        listed = (
            f"public{dot}listed to everyone on the server"
            if form.public
            else f"private{dot}only who has the code can join"
        )
        lines.append(("public", "Room", listed))
        lines.append(("password", "Password", "set" if form.password else "none"))
        options = [
            Option(Text(f"{label:<{LABEL_WIDTH}}{value}"), id=key) for key, label, value in lines
        ]
        return [*options, Option(Text("Open the room"), id=OPEN)]

    def _redraw(self) -> None:
        shown = self.query_one("#room-form", OptionList)
        at = shown.highlighted
        shown.set_options(self._lines())
        if at is not None:
            shown.highlighted = min(at, shown.option_count - 1)

    def _line(self) -> str | None:
        shown = self.query_one("#room-form", OptionList)
        if shown.highlighted is None:
            return None
        return shown.get_option_at_index(shown.highlighted).id

    def action_help(self) -> None:
        self.app.push_screen(KeysHelp("Keys: opening a room", FORM_KEYS))

    def action_step(self, by: int) -> None:
        line = self._line()
        if line is None or line == OPEN:
            return
        choice = self.form.choice(line)
        if line == "password" or (choice is not None and not choice.values):
            self._ask(line)
            return
        self.form.step(line, by)
        self._redraw()

    @on(OptionList.OptionSelected, "#room-form")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_id == OPEN:
            self.dismiss(self.form.room())
        else:
            self.action_step(1)

    def _ask(self, line: str) -> None:
        form = self.form
        if line == "password":

            def password(text: str | None) -> None:
                if text is not None:
                    form.password = text or None
                    self._redraw()

            self.app.push_screen(
                AskText(
                    "The room's password (empty: none)",
                    "",
                    hint=f"up to {MAX_PASSWORD} characters",
                    problem=_password_problem,
                    secret=True,
                ),
                password,
            )
            return
        choice = form.choice(line)
        assert choice is not None
        game = form.current.name

        def number(text: str | None) -> None:
            if text is not None:
                form.chosen[game, choice.key] = int(text)
                self._redraw()

        self.app.push_screen(
            AskText(
                f"{choice.label} ({choice.lowest} to {choice.highest})",
                str(form.value(choice)),
                problem=lambda text: _number_problem(text, choice),
            ),
            number,
        )


def _password_problem(text: str) -> str | None:
    if not text:
        return None
    try:
        check_password(text)
    except ValueError as error:
        return str(error)
    return None


def _number_problem(text: str, choice: GameOption) -> str | None:
    words = text.strip()
    if not words.isdigit() or not choice.lowest <= int(words) <= choice.highest:
        return f"a whole number from {choice.lowest} to {choice.highest}"
    return None
