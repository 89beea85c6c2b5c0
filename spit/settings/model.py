"""The player's settings: what each one may be, and how a value from the file is checked.

A game's own settings are not written here: they are its options and its bot level,
as its descriptor declares them (``game_settings``), kept in ``Settings.game_options``
under their key in the file.

Reading is lenient, like a PGN reader: whatever is wrong with a value (a wrong type, an
unknown choice, a folder that cannot be one, a key that is no key, a clash) becomes a
warning in the player's words, and that setting keeps its default; the rest is used. The
file itself (bounded reading, the line a warning points at, editing it in place, the
backup) is ``spit.settings.file``, whose ``read_settings`` is the way in for the commands.
"""

from __future__ import annotations

import difflib
import os
import stat
from collections.abc import Callable, Mapping, Sequence
from enum import StrEnum
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final, TypeVar

from msgspec import Struct, field
from msgspec.structs import replace

from spit.core.safe_text import safe_path, safe_text

if TYPE_CHECKING:
    from spit.game import Option

DEFAULT_THEME = "textual-dark"
SETTINGS_FILE = "settings.toml"
RECENT_ADDRESSES = 5
"""How many addresses joined over the network the settings remember."""

E = TypeVar("E", bound=StrEnum)


class CardStyle(StrEnum):
    """How cards and frames are drawn: Unicode suits and box lines, or plain ASCII. The
    values are what ``settings.toml`` holds."""

    UNICODE = "unicode"
    ASCII = "ascii"


class Settings(Struct, frozen=True):
    """Everything the player can change in the Settings screen."""

    theme: str = DEFAULT_THEME
    """A built-in Textual theme name; dark and light ones are offered."""
    card_style: CardStyle = CardStyle.UNICODE
    """Suit symbols and box lines, or only plain characters."""
    four_colour: bool = False
    """Give each suit its own colour, so diamonds and hearts never look alike."""
    keymap_preset: str = "qwerty"
    key_overrides: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    """Binding id -> key, for the bindings the player remapped."""
    game_keys: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    """Binding id -> key, for the other games' keys the player remapped
    (``spit.settings.game_keys``: ``spades.pick``)."""
    replay_dir: Path | None = None
    """Where replays are saved; ``None`` means the default data directory."""
    record_replays: bool = True
    show_play_hint: bool = True
    """Mark the stockpiles that can play ("● can play"); off for players who want no help."""
    bell: bool = False
    """Ring the terminal bell on a lost race or a lost slap (off by default: a shared room)."""
    practice_offered: bool = False
    """Whether the guided practice round has been offered once to this new player."""
    recent_addresses: tuple[str, ...] = ()
    """The last few addresses joined over the network, the latest first, offered by the
    menu's Join (at most ``RECENT_ADDRESSES``)."""
    online_server: str = ""
    """The server of "Play online" and the leaderboards (``spit-tui online`` without
    ``--server``): an address as ``spit-tui join`` takes it; empty for none yet (the
    menu asks, and keeps the one that answered)."""
    game_options: Mapping[str, str | int] = field(default_factory=lambda: MappingProxyType({}))
    """The games' own settings the player chose, by their key in the file
    (``game_settings``: Spit's ``variant``, Spades' ``spades_target``); the others
    are the games' defaults (``game_setting``)."""


class GameSetting(Struct, frozen=True):
    """One of a game's own settings: an option of a room of the game, or the level its
    bot chooser starts at, as the settings file names it."""

    key: str
    """Its key in the file."""
    game: str
    name: str
    """The option's key (``variant``, ``target``), or ``bot_level``."""
    check: Callable[[Any], str | int]
    """A value from the file as the setting holds it; raises ``Refused``."""
    default: Callable[[], str | int]
    first_look: Callable[[Any], str | int] | None = None
    """For a setting whose ``check`` loads the game's code (a bot level: its bots), the
    check made while the file is read, which loads nothing (a level is text): ``check``
    itself waits until the program is drawn (``late_problems``)."""


BOT_LEVEL = "bot_level"
"""The name of a game's bot level among its settings."""


def setting_key(game: str, name: str, *, first: bool) -> str:
    """A game's setting's key in the file: ``variant`` for the first registered game
    (the only one when settings were first written), ``spades_target`` for others."""
    return name if first else f"{game}_{name}"


def game_settings() -> dict[str, GameSetting]:
    """Each registered game's own settings, by their key in the file: the options a
    room of the game takes (``GameDescriptor.room_choices``), each checked as the
    option checks it, and, for a game whose bot chooser starts where the settings say
    (``Bots.default`` ``None``), the bot's level, one of its levels (its middle one by
    default; its bots are loaded only to check a level the file holds). None before
    the games are registered."""
    from spit.games import registry

    try:
        games = registry.games()
    except RuntimeError:
        return {}
    found: dict[str, GameSetting] = {}
    for index, game in enumerate(games):
        for option in game.room_choices:
            key = setting_key(game.name, option.key, first=index == 0)
            check, default = _option_check(game.title, option), _option_default(option)
            found[key] = GameSetting(key, game.name, option.key, check, default)
        if game.bots.default is None:
            key = setting_key(game.name, BOT_LEVEL, first=index == 0)
            levels = game.bots.levels
            check, default = _level_check(levels), _middle(levels)
            found[key] = GameSetting(
                key, game.name, BOT_LEVEL, check, default, first_look=_text_or(check)
            )
    return found


def _option_check(title: str, option: Option) -> Callable[[Any], str | int]:
    def check(value: Any) -> str | int:
        if option.values:
            return str(_one_of(lambda: option.values)(value))
        if isinstance(value, bool) or not isinstance(value, int):
            raise Refused(f"must be a whole number, not {shown(value)}")
        try:
            return option.check(title, value)
        except ValueError:
            span = f"from {option.lowest} to {option.highest}"
            raise Refused(f"must be a whole number {span}, not {shown(value)}") from None

    return check


def _option_default(option: Option) -> Callable[[], str | int]:
    return lambda: option.values[0] if option.values else option.default


def _level_check(levels: Callable[[], Sequence[str]]) -> Callable[[Any], str | int]:
    check = _one_of(lambda: tuple(levels()))
    return lambda value: str(check(value))


def _text_or(check: Callable[[Any], str | int]) -> Callable[[Any], str | int]:
    """Text as it is; anything else as ``check`` refuses it."""
    return lambda value: value if isinstance(value, str) else check(value)


def late_problems(settings: Settings) -> tuple[Settings, list[Problem]]:
    """``settings`` less the games' settings whose full check (``GameSetting.check``)
    refuses what the file's first look took, and a problem for each: what reading the
    file leaves to after the first frame (checking a bot level loads the bots)."""
    games = game_settings()
    kept = dict(settings.game_options)
    problems = []
    for key, value in settings.game_options.items():
        setting = games.get(key)
        if setting is None or setting.first_look is None:
            continue
        try:
            kept[key] = setting.check(value)
        except Refused as refused:
            del kept[key]
            problems.append(Problem(f"{key} {refused}; using {default_shown(key)}", key))
    return replace(settings, game_options=MappingProxyType(kept)), problems


def _middle(levels: Callable[[], Sequence[str]]) -> Callable[[], str | int]:
    def middle() -> str:
        found = levels()
        return str(found[len(found) // 2])

    return middle


def setting_of(game: str, name: str) -> GameSetting:
    """The setting ``name`` of ``game`` (an option's key, or ``BOT_LEVEL``). Raises
    ``KeyError`` for a setting the game has not."""
    for setting in game_settings().values():
        if (setting.game, setting.name) == (game, name):
            return setting
    raise KeyError(f"{game} has no setting {name!r}")


def game_setting(settings: Settings, game: str, name: str) -> str | int:
    """The player's choice of the setting ``name`` of ``game``, or the game's default.
    Raises ``KeyError`` for a setting the game has not."""
    setting = setting_of(game, name)
    chosen = settings.game_options.get(setting.key)
    return setting.default() if chosen is None else chosen


def with_game_setting(settings: Settings, key: str, value: str | int) -> Settings:
    """``settings`` with the game's setting of file key ``key`` set to ``value``."""
    return replace(settings, game_options=MappingProxyType({**settings.game_options, key: value}))


def settings_path() -> Path:
    from spit.paths import config_dir

    return config_dir() / SETTINGS_FILE


def changed_settings(old: Settings, new: Settings) -> dict[str, Any]:
    """Setting name -> its value in ``new``, for each setting that differs from ``old``;
    a game's setting by its key in the file (``None``: no longer set)."""
    changed = {
        name: getattr(new, name)
        for name in Settings.__struct_fields__
        if name != "game_options" and getattr(old, name) != getattr(new, name)
    }
    for key in {**old.game_options, **new.game_options}:
        if old.game_options.get(key) != new.game_options.get(key):
            changed[key] = new.game_options.get(key)
    return changed


def every_setting(settings: Settings) -> dict[str, Any]:
    """Setting name (a game's by its key in the file) -> its value, for each setting
    that is not at its default."""
    return changed_settings(Settings(), settings)


CARD_STYLES: Final = tuple(style.value for style in CardStyle)
"""The card styles' names, in the order the Settings screen offers them."""

THEMES: Final = (
    "textual-dark", "textual-light", "nord", "gruvbox", "catppuccin-mocha", "dracula",
    "tokyo-night", "monokai", "flexoki", "catppuccin-latte", "catppuccin-frappe",
    "catppuccin-macchiato", "solarized-light", "solarized-dark", "rose-pine",
    "rose-pine-moon", "rose-pine-dawn", "atom-one-dark", "atom-one-light",
)  # fmt: skip
"""Textual's built-in themes, its own first, less the ANSI ones (the terminal's palette
cannot promise the table's contrast). Written out so that settings load without
Textual; ``tests/settings/test_themes.py`` checks the list against Textual's."""


# --- checking values -----------------------------------------------------------------


class Refused(ValueError):
    """A value that cannot be used; the message ends the sentence "<setting> ...", in
    the player's words (no Python reprs or enum names)."""


def theme_names() -> tuple[str, ...]:
    """The themes the settings offer (``THEMES``)."""
    return THEMES


def _presets() -> tuple[str, ...]:
    from spit.settings.keymap import PRESET_NAMES

    return PRESET_NAMES


SHOWN_LENGTH = 40
"""How much of a value from the file a message quotes: enough to recognise it."""


def shown(value: Any) -> str:
    """A value from the file as a player would write it in TOML, short and safe to print."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + safe_text(value, limit=SHOWN_LENGTH) + '"'
    if isinstance(value, int | float):
        return safe_text(value, limit=SHOWN_LENGTH)
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    return "a date or time"


def _either(choices: tuple[str, ...]) -> str:
    quoted = [f'"{choice}"' for choice in choices]
    return quoted[0] if len(quoted) == 1 else f"{', '.join(quoted[:-1])} or {quoted[-1]}"


def _one_of(choices: Callable[[], tuple[str, ...]], many: str | None = None) -> Reader:
    """A reader accepting only ``choices()``; ``many`` names them where they are too many
    to list ("one of the themes offered in Settings")."""

    def check(value: Any) -> Any:
        allowed = choices()
        if not isinstance(value, str) or value not in allowed:
            expected = many or _either(allowed)
            raise Refused(f"must be {expected}, not {shown(value)}")
        return value

    return check


def _boolean(value: Any) -> bool:
    if not isinstance(value, bool):
        raise Refused(f"must be true or false, not {shown(value)}")
    return value


def _member_of(choices: type[E]) -> Callable[[Any], E]:
    """A reader accepting only the values of the enum ``choices``, giving its member:
    what the rest of the program is given is typed, never the file's bare string."""
    names = tuple(member.value for member in choices)
    check = _one_of(lambda: names)
    return lambda value: choices(check(value))


def replay_dir_from_text(text: str) -> Path | None:
    """The replays folder a player typed or wrote in the file: ``~`` expanded, blank for
    the default. Raises ``Refused`` (its message fit to follow "the replays folder") for
    a path that cannot be the folder: a NUL character, a ``~user`` that does not exist,
    a file or a device in its place, a part of it that is a file, a name too long."""
    if not text.strip():
        return None
    if "\0" in text:
        raise Refused("contains a NUL character, which no file name can hold")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise Refused("is not UTF-8 text, so it cannot be saved in the settings") from None
    try:
        path = Path(text).expanduser()
    except RuntimeError:  # "Could not determine home directory."
        user = safe_text(text.split("/")[0], limit=20)
        raise Refused(f'starts with "{user}", but there is no such user') from None
    problem = folder_problem(path)
    if problem is not None:
        raise Refused(problem)
    return path


def folder_problem(path: Path) -> str | None:
    """Why ``path`` cannot be a folder to save games in (the end of a sentence about it),
    or ``None`` if it is one or can be made: games are saved by making the missing
    folders, so a path that does not exist yet is fine when its nearest existing parent
    is a folder."""
    probe = path
    while True:
        try:
            mode = os.stat(probe).st_mode
        except (FileNotFoundError, NotADirectoryError):  # look at its parent
            if probe.parent == probe:
                return None
            probe = probe.parent
            continue
        except OSError as error:  # a name too long, a part of it that is a file
            return f"cannot be used: {safe_text(error.strerror or error)}"
        break
    if stat.S_ISDIR(mode):
        if os.access(probe, os.W_OK | os.X_OK):
            return None
        where = "in it" if probe == path else f"in {safe_path(probe)}"
        return f"cannot be used: there is no permission to write {where}"
    kind = kind_of(mode)
    if probe == path:
        return f"is {kind}, not a folder"
    return f"cannot be made: {safe_path(probe)} is {kind}, not a folder"


def kind_of(mode: int) -> str:
    """What a file system entry that is no folder is, in words."""
    if stat.S_ISREG(mode):
        return "a file"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISDIR(mode):
        return "a folder"
    return "a special file"


def _replay_dir(value: Any) -> Path | None:
    if not isinstance(value, str):
        raise Refused(
            f'must be a folder\'s path in quotes ("" for the default), not {shown(value)}'
        )
    return replay_dir_from_text(value)


def _addresses(value: Any) -> tuple[str, ...]:
    """A list of addresses as ``spit-tui join`` takes them; one that is not an address
    makes the whole setting refused (it is only a convenience: the menu starts empty)."""
    from spit.net.addresses import parse_address

    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise Refused(
            f'must be a list of addresses in quotes, like ["host:7788"], not {shown(value)}'
        )
    kept = []
    for item in value[:RECENT_ADDRESSES]:
        try:
            kept.append(str(parse_address(item)))
        except ValueError:
            raise Refused(f"holds {shown(item)}, which is not an address") from None
    return tuple(dict.fromkeys(kept))


def _server(value: Any) -> str:
    """One address as ``spit-tui join`` takes it, or empty for none."""
    from spit.net.addresses import parse_address

    if not isinstance(value, str):
        raise Refused(f'must be an address in quotes, like "host:7788", not {shown(value)}')
    if not value.strip():
        return ""
    try:
        return str(parse_address(value))
    except ValueError:
        raise Refused(f"is {shown(value)}, which is not an address") from None


def remember_address(settings: Settings, address: str) -> Settings:
    """``settings`` with ``address`` first among the recent ones (once)."""
    recent = (address, *(a for a in settings.recent_addresses if a != address))
    return replace(settings, recent_addresses=recent[:RECENT_ADDRESSES])


def _key_overrides(value: Any) -> Mapping[str, str]:
    if not isinstance(value, dict):
        raise Refused(f'must be a table of binding = "key" lines, not {shown(value)}')
    return MappingProxyType(value)


Reader = Callable[[Any], Any]

_READERS: dict[str, Reader] = {
    "theme": _one_of(theme_names, "one of the themes offered in Settings"),
    "card_style": _member_of(CardStyle),
    "four_colour": _boolean,
    "keymap_preset": _one_of(_presets),
    "key_overrides": _key_overrides,
    "game_keys": _key_overrides,
    "replay_dir": _replay_dir,
    "record_replays": _boolean,
    "show_play_hint": _boolean,
    "bell": _boolean,
    "practice_offered": _boolean,
    "recent_addresses": _addresses,
    "online_server": _server,
}
"""TOML key -> converter that raises ``Refused`` with the reason a value is refused."""

_DEFAULTS_SHOWN = {
    "replay_dir": "the default folder",
    "key_overrides": "the layout's keys",
    "game_keys": "the games' own keys",
    "recent_addresses": "none",
    "online_server": "none",
}
"""How a default is named in a warning, where its value would not say it."""


def default_shown(name: str) -> str:
    if name in _DEFAULTS_SHOWN:
        return _DEFAULTS_SHOWN[name]
    if name in _READERS:
        return shown(getattr(Settings(), name))
    return shown(game_settings()[name].default())


class Problem(Struct, frozen=True):
    """Something in the file that could not be used, and where it is: the setting
    ``key`` (and ``entry``, a line of its table), for the file reader to find the line."""

    reason: str | None
    """What is wrong, in the player's words; ``None`` for a key that is no setting
    (``text`` then looks for the setting meant, only when the warning is shown: a file
    of thousands of unknown keys must not cost a second of guessing)."""
    key: str | None = None
    entry: str | None = None
    line: int | None = None
    """Where it is, when the reader knew (a syntax error); else found from ``key``."""
    column: int | None = None

    @property
    def text(self) -> str:
        if self.reason is not None:
            return self.reason
        key = self.key or ""
        text = f'there is no setting "{safe_text(key, limit=SHOWN_LENGTH)}" (left as it is)'
        close = (
            difflib.get_close_matches(key, [*_READERS, *game_settings()], n=1, cutoff=0.8)
            if len(key) <= SHOWN_LENGTH
            else []
        )
        return f"{text}; did you mean {close[0]}?" if close else text


def settings_from_data(data: Mapping[str, Any]) -> tuple[Settings, list[Problem]]:
    """Settings from a file's parsed TOML: every value checked, every refusal a problem,
    in the order of the file."""
    values: dict[str, Any] = {}
    options: dict[str, str | int] = {}
    problems: list[Problem] = []
    games = game_settings()
    for key, raw in data.items():
        reader = _READERS.get(key)
        game = games.get(key)
        if reader is None and game is None:
            problems.append(Problem(None, key))
            continue
        try:
            if reader is not None:
                values[key] = reader(raw)
            elif game is not None:
                options[key] = (game.first_look or game.check)(raw)
        except Refused as refused:
            using = default_shown(key)
            problems.append(Problem(f"{key} {refused}; using {using}", key))
    settings = Settings(**values, game_options=MappingProxyType(options))
    ascii_only = settings.card_style is CardStyle.ASCII
    overrides, key_problems = usable_overrides(
        settings.keymap_preset, settings.key_overrides, ascii_only=ascii_only
    )
    problems += key_problems
    from spit.settings.game_keys import usable_game_keys

    game_keys, game_key_problems = usable_game_keys(settings.game_keys, ascii_only=ascii_only)
    problems += [
        Problem(f"{why}; that key is not remapped", "game_keys", binding_id)
        for binding_id, why in game_key_problems
    ]
    return replace(settings, key_overrides=overrides, game_keys=game_keys), problems


def usable_overrides(
    preset: str, overrides: Mapping[str, Any], *, ascii_only: bool = False
) -> tuple[Mapping[str, str], list[Problem]]:
    """The remapped keys that can be used with ``preset``, and a problem for each one
    that cannot: an override that is wrong on its own (no such binding, no key, a
    modifier on a play key) is left out alone; then overrides that clash are left out
    until none does, so one mistake never costs the player every other remapped key.
    With ``ascii_only`` (the ASCII card style) the problems name keys in ASCII."""
    from spit.settings.keymap import (
        PRESETS,
        conflicts,
        normalize_key,
        override_problem,
        spelt_key_label,
    )

    if preset not in PRESETS:  # the preset's own problem is already reported
        preset = Settings().keymap_preset
    kept: dict[str, str] = {}
    problems = []
    for binding_id, key in overrides.items():
        problem = (
            f'{binding_id} = {shown(key)}: a key must be text in quotes, like "q"'
            if not isinstance(key, str)
            else override_problem(binding_id, key, ascii_only=ascii_only)
        )
        if problem is None:
            kept[binding_id] = normalize_key(key)
        else:
            text = f"{problem}; that key is not remapped"
            problems.append(Problem(text, "key_overrides", binding_id))
    while clashes := conflicts({**PRESETS[preset], **kept}):
        key, ids = next(iter(clashes.items()))
        dropped = [binding_id for binding_id in ids if binding_id in kept]
        for binding_id in dropped:
            del kept[binding_id]
        others = " and ".join(ids)
        problems.append(
            Problem(
                f"{spelt_key_label(key, ascii_only=ascii_only)} is bound to {others}; "
                f"{'that key is' if len(dropped) == 1 else 'those keys are'} not remapped",
                "key_overrides",
                dropped[0],
            )
        )
    return MappingProxyType(kept), problems
