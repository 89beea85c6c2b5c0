"""The player's settings and their TOML file.

Reading is lenient, like a PGN reader: whatever is wrong with the file (bad TOML,
a wrong type, an unknown value or key) becomes a warning and that setting keeps its
default, so a hand-edited file can never stop the game from starting. Writing is
strict and complete, so the file always reads back to the same settings.
"""

from __future__ import annotations

import os
import tempfile
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from spit.engine import Variant
from spit.tui.game_config import CARD_STYLES

if TYPE_CHECKING:
    from spit.tui.game_config import GameConfig

DEFAULT_THEME = "textual-dark"
SETTINGS_FILE = "settings.toml"
SPADES_TARGETS = (150, 250, 300, 500)
"""The game lengths of Spades offered: 500 is the usual game, the shorter ones last a few hands."""


@dataclass(frozen=True)
class Settings:
    """Everything the player can change in the Settings screen."""

    theme: str = DEFAULT_THEME
    """A built-in Textual theme name; dark and light ones are offered."""
    card_style: str = "unicode"
    """"unicode" draws suit symbols and box lines, "ascii" only plain characters."""
    four_colour: bool = False
    """Give each suit its own colour, so diamonds and hearts never look alike."""
    variant: Variant = Variant.STANDARD
    bot_level: str = "normal"
    """The level highlighted first when choosing a bot."""
    keymap_preset: str = "qwerty"
    key_overrides: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    """Binding id -> key, for the bindings the player remapped."""
    replay_dir: Path | None = None
    """Where replays are saved; ``None`` means the default data directory."""
    record_replays: bool = True
    show_play_hint: bool = True
    """Mark the stockpiles that can play ("● can play"); off for players who want no help."""
    bell: bool = False
    """Ring the terminal bell on a lost race or a lost slap (off by default: a shared room)."""
    spades_target: int = 500
    """The score that ends a game of Spades (one of ``SPADES_TARGETS``)."""
    practice_offered: bool = False
    """Whether the guided practice round has been offered once to this new player."""

    def game_config(self, *, bot_level: str | None = None, seed: int | None = None) -> GameConfig:
        """The game these settings ask for; ``bot_level`` ``None`` means two players."""
        from spit.tui.game_config import GameConfig

        return GameConfig(
            bot_level=bot_level,
            variant=self.variant,
            seed=seed,
            keymap_preset=self.keymap_preset,
            key_overrides=dict(self.key_overrides),
            card_style=self.card_style,
            four_colour=self.four_colour,
            replay_dir=self.replay_dir,
            record=self.record_replays,
            show_play_hint=self.show_play_hint,
            bell=self.bell,
        )


def settings_path() -> Path:
    from spit.paths import config_dir

    return config_dir() / SETTINGS_FILE


# --- reading -------------------------------------------------------------------------


def theme_names() -> tuple[str, ...]:
    """The themes offered: Textual's built-in ones, its own first. The ANSI themes are
    left out: their colours are the terminal's palette, so the table's contrast (the
    big countdown letters, the played card's highlight) cannot be promised."""
    from textual.theme import BUILTIN_THEMES

    names = [name for name in BUILTIN_THEMES if not name.startswith(("ansi-", "textual-ansi"))]
    return tuple(sorted(names, key=lambda name: not name.startswith("textual-")))


def _bot_levels() -> tuple[str, ...]:
    from spit.bots import LEVELS

    return tuple(LEVELS)


def _presets() -> tuple[str, ...]:
    from spit.tui.keymap import PRESET_NAMES

    return PRESET_NAMES


def _one_of(choices: Callable[[], tuple[str, ...]], shown: int = 6) -> Callable[[Any], Any]:
    """A reader accepting only ``choices()``; its warning names at most ``shown`` of them."""

    def check(value: Any) -> Any:
        allowed = choices()
        if not isinstance(value, str) or value not in allowed:
            listed = ", ".join(map(repr, allowed[:shown]))
            more = f" and {len(allowed) - shown} more" if len(allowed) > shown else ""
            raise ValueError(f"must be one of {listed}{more}")
        return value

    return check


def _boolean(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError("must be true or false")
    return value


def _spades_target(value: Any) -> int:
    if isinstance(value, bool) or value not in SPADES_TARGETS:
        raise ValueError(f"must be one of {', '.join(map(str, SPADES_TARGETS))}")
    return int(value)


def _variant(value: Any) -> Variant:
    return Variant(_one_of(lambda: tuple(Variant))(value))


def replay_dir_from_text(text: str) -> Path | None:
    """The replays directory a player typed: ``~`` expanded, blank for the default.
    Raises ValueError for a ``~user`` that does not exist."""
    if not text.strip():
        return None
    try:
        return Path(text).expanduser()
    except RuntimeError as error:
        raise ValueError(f"cannot expand {text!r}: {error}") from None


def _replay_dir(value: Any) -> Path | None:
    if not isinstance(value, str):
        raise ValueError("must be a string (a directory; empty for the default)")
    return replay_dir_from_text(value)


def _key_overrides(value: Any) -> Mapping[str, str]:
    if not isinstance(value, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in value.items()
    ):
        raise ValueError('must be a table of binding id = "key"')
    return MappingProxyType(dict(value))


_READERS: dict[str, Callable[[Any], Any]] = {
    "theme": _one_of(theme_names),
    "card_style": _one_of(lambda: CARD_STYLES),
    "four_colour": _boolean,
    "variant": _variant,
    "bot_level": _one_of(_bot_levels),
    "keymap_preset": _one_of(_presets),
    "key_overrides": _key_overrides,
    "replay_dir": _replay_dir,
    "record_replays": _boolean,
    "show_play_hint": _boolean,
    "bell": _boolean,
    "spades_target": _spades_target,
    "practice_offered": _boolean,
}
"""TOML key -> converter that raises ValueError with the reason a value is refused."""


def parse_settings(text: str) -> tuple[Settings, list[str]]:
    """Settings from TOML text, with a warning for everything that was ignored."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        return Settings(), [f"not valid TOML ({error}); using the defaults"]
    values: dict[str, Any] = {}
    warnings = []
    for key, raw in data.items():
        reader = _READERS.get(key)
        if reader is None:
            warnings.append(f"unknown setting {key!r} ignored")
            continue
        try:
            values[key] = reader(raw)
        except ValueError as error:
            warnings.append(f"{key} {error}; using the default")
    settings = Settings(**values)
    key_problems = keymap_problems(settings.keymap_preset, settings.key_overrides)
    if key_problems:
        settings = replace(settings, key_overrides=MappingProxyType({}))
        warnings.extend(f"{problem}; key remapping ignored" for problem in key_problems)
    return settings, warnings


def keymap_problems(preset: str, overrides: Mapping[str, str]) -> list[str]:
    """Why these overrides cannot be used (unknown ids, clashes), or nothing if they can."""
    from spit.tui.keymap import keymap_errors

    return list(keymap_errors(preset, overrides))


def load_settings(path: Path) -> tuple[Settings, list[str]]:
    """The settings in ``path`` (defaults if it does not exist), and what was wrong with it.

    Every warning starts with the file name, so the player knows which file to fix.
    """
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings(), []
    except (OSError, UnicodeDecodeError) as error:
        return Settings(), [f"{path}: cannot be read ({error}); using the defaults"]
    settings, warnings = parse_settings(text)
    return settings, [f"{path}: {warning}" for warning in warnings]


# --- writing -------------------------------------------------------------------------


def _toml_string(text: str) -> str:
    escaped = []
    for char in text:
        if char in '"\\':
            escaped.append("\\" + char)
        elif ord(char) < 0x20 or ord(char) == 0x7F:
            escaped.append(f"\\u{ord(char):04x}")
        else:
            escaped.append(char)
    return '"' + "".join(escaped) + '"'


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if value is None:
        return '""'
    return _toml_string(str(value))


def to_toml(settings: Settings) -> str:
    """The TOML text that ``parse_settings`` reads back to ``settings``."""
    lines = ["# spit-tui settings, written by the Settings screen.", ""]
    tables = []
    for item in fields(settings):
        value = getattr(settings, item.name)
        if isinstance(value, Mapping):
            tables.append((item.name, value))
        else:
            lines.append(f"{item.name} = {_toml_value(value)}")
    for name, table in tables:
        lines += ["", f"[{name}]"]
        lines += [f"{_toml_string(k)} = {_toml_string(v)}" for k, v in sorted(table.items())]
    return "\n".join(lines) + "\n"


def save_settings(settings: Settings, path: Path) -> None:
    """Write ``settings`` atomically, so a crash never leaves half a file. Raises OSError."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=".settings-", suffix=".toml")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as file:
            file.write(to_toml(settings))
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
