"""The Settings screen: every change is applied and saved at once.

Saving on each change (rather than on a Save button) means leaving the screen never
loses anything, and the file on disk always matches what the player sees.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from types import MappingProxyType
from typing import Any, ClassVar

from msgspec.structs import replace
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Horizontal, Vertical
from textual.widgets import Footer, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from spit.core.safe_text import safe_path, safe_text
from spit.games import registry
from spit.paths import replays_dir
from spit.settings import game_keys
from spit.settings.game_keys import GameKeys, key_problem, resolve_game_keys, with_game_key
from spit.settings.keymap import (
    GAME_KEYS,
    PRESET_NAMES,
    PRESETS,
    keymap_errors,
    normalize_key,
    resolve,
    spelt_key_label,
)
from spit.settings.model import (
    CardStyle,
    Refused,
    game_setting,
    game_settings,
    replay_dir_from_text,
    setting_of,
    theme_names,
    with_game_setting,
)
from spit.tui.shared.ascii_widgets import Checkbox, Select, Separated
from spit.tui.shared.confirm import Confirm
from spit.tui.shared.front_ends import front_ends
from spit.tui.shared.screen_base import ShellModal, ShellScreen

PATH_SHOWN = 120
"""How much of a folder typed (or pasted) a message quotes."""
KEY_WIDTH = 9
"""The key column of the key list: every key label fits ("Backspace")."""


def _theme_choices() -> list[tuple[str, str]]:
    from textual.theme import BUILTIN_THEMES

    return [
        (f"{name} ({'dark' if BUILTIN_THEMES[name].dark else 'light'})", name)
        for name in theme_names()
    ]


def _select(choices: list[tuple[str, Any]], value: Any, setting: str) -> Select[Any]:
    """A dropdown for one setting, never blank: every setting has a value (no ``Select.NULL``)."""
    return Select(choices, value=value, allow_blank=False, id=setting)


def _checkbox(label: str, value: bool, setting: str) -> Checkbox:
    return Checkbox(label, value, id=setting, compact=True)


def _setting(label: str, widget: Select[Any] | Input) -> ComposeResult:
    widget.compact = True
    with Horizontal(classes="setting"):
        yield Label(label, classes="setting-label")
        yield widget


KEY_LIST_HINT = ("enter: press a new key", "delete: back to the layout's key", "ctrl+r: reset all")
"""Under the key list, while it has the focus."""
OTHER_SETTINGS_HINT = ("tab: next setting", "shift+tab: previous", "enter: change it")
"""Under the key list, while another setting has the focus."""


class SettingsScreen(ShellScreen):
    AUTO_FOCUS = "#key-bindings"
    """The key list first: what most players come to change, and what the hint under
    it (enter: press a new key) speaks of. Shift+Tab goes up to the other settings."""

    DEFAULT_CSS = """
    SettingsScreen .game-keys-title { margin: 0 1; }
    SettingsScreen OptionList.key-list.game-key-list { height: 1fr; max-height: 9; margin: 0 1; }
    """

    _replay_text = ""
    """The replays folder's text as last checked, so that it is checked once."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "app.pop_screen", "Back", id="settings.back", key_display="esc/q"),
        Binding("delete", "default_key", "Layout's key", id="settings.default_key"),
        Binding("ctrl+r", "reset_keys", "Reset all keys", id="settings.reset_keys"),
    ]

    def compose_content(self) -> ComposeResult:
        settings = self.services.settings
        yield Static("Settings", classes="screen-title")
        yield Static(
            f"Saved as you go in {safe_path(self.services.settings_file)}",
            classes="screen-hint",
            markup=False,
        )
        with Grid(id="settings-general"):
            yield from _setting("Theme", _select(_theme_choices(), settings.theme, "theme"))
            yield from _setting(
                "Cards",
                _select([(s.value, s) for s in CardStyle], settings.card_style, "card_style"),
            )
            for game in registry.games():
                for choice in front_ends(game.name).settings:
                    key = setting_of(game.name, choice.setting).key
                    value = game_setting(settings, game.name, choice.setting)
                    choices = list(choice.choices())
                    if value not in [offered for _, offered in choices]:  # written by hand
                        choices.append((str(value), value))
                    yield from _setting(choice.label, _select(choices, value, key))
            yield _checkbox("Four-colour suits", settings.four_colour, "four_colour")
            yield _checkbox("Show which cards can play", settings.show_play_hint, "show_play_hint")
            yield _checkbox("Bell on a lost race or slap", settings.bell, "bell")
            yield _checkbox("Save replays", settings.record_replays, "record_replays")
        yield from _setting(
            "Replays in",
            Input(
                safe_text(settings.replay_dir or ""),
                placeholder=f"{safe_path(replays_dir())} (the default)",
                id="replay_dir",
            ),
        )
        with Vertical(id="settings-keys"):
            yield from _setting(
                "Keys",
                _select(
                    [(name, name) for name in PRESET_NAMES], settings.keymap_preset, "keymap_preset"
                ),
            )
            yield OptionList(id="key-bindings", classes="key-list")
            for declared in game_keys.declared():
                yield Label(f"{declared.title} keys", classes="setting-label game-keys-title")
                yield OptionList(id=f"game-keys-{declared.game}", classes="key-list game-key-list")
            yield Separated(KEY_LIST_HINT, classes="screen-hint", id="keys-hint")
        yield Footer()

    @on(events.DescendantFocus)
    def _hint_where_focus_is(self) -> None:
        """The hint under the key list speaks of the list only while it has the focus,
        so that Enter never does other than the hint says."""
        on_keys = self.focused is not None and self.focused.has_class("key-list")
        self.query_one("#keys-hint", Separated).show_parts(
            KEY_LIST_HINT if on_keys else OTHER_SETTINGS_HINT
        )

    def on_mount(self) -> None:
        self._replay_text = safe_text(self.services.settings.replay_dir or "")
        self._show_keys()
        self.services.card_style_signal.subscribe(self, lambda _: self._show_keys())

    def _show_keys(self) -> None:
        settings = self.services.settings
        keys = resolve(settings.keymap_preset, settings.key_overrides)
        label = partial(spelt_key_label, ascii_only=self.painter.ascii)
        bindings = self.query_one("#key-bindings", OptionList)
        highlighted = bindings.highlighted
        bindings.set_options(
            Option(
                Text.assemble(
                    (f"{label(keys[binding_id]):>{KEY_WIDTH}.{KEY_WIDTH}}", "bold"),
                    (" * " if binding_id in settings.key_overrides else "   "),
                    game_key.description,
                ),
                id=binding_id,
            )
            for binding_id, game_key in GAME_KEYS.items()
        )
        bindings.highlighted = highlighted if highlighted is not None else 0
        for game in game_keys.declared():
            self._show_game_keys(game)

    def _show_game_keys(self, game: GameKeys) -> None:
        """A game's own key map (``spit.settings.game_keys``), below Spit's."""
        remapped = self.services.settings.game_keys
        keys = resolve_game_keys(game, remapped)
        label = partial(spelt_key_label, ascii_only=self.painter.ascii)
        bindings = self.query_one(f"#game-keys-{game.game}", OptionList)
        highlighted = bindings.highlighted
        bindings.set_options(
            Option(
                Text.assemble(
                    (f"{label(keys[choice.id]):>{KEY_WIDTH}.{KEY_WIDTH}}", "bold"),
                    (" * " if choice.id in remapped else "   "),
                    choice.label,
                ),
                id=choice.id,
            )
            for choice in game.keys
        )
        bindings.highlighted = highlighted if highlighted is not None else 0

    def _set_game_keys(self, remapped: Mapping[str, str]) -> None:
        self._change(game_keys=MappingProxyType(dict(remapped)))
        self._show_keys()

    def _focused_game_key(self) -> tuple[GameKeys, str] | None:
        """The game and binding id highlighted in a game's key list that has the focus."""
        focused = self.focused
        if not isinstance(focused, OptionList) or focused.highlighted is None:
            return None
        binding_id = str(focused.get_option_at_index(focused.highlighted).id)
        game = game_keys.keys_of(binding_id)
        return None if game is None else (game, binding_id)

    def _change(self, **changes: Any) -> None:
        settings = replace(self.services.settings, **changes)
        if settings != self.services.settings:
            self.services.change_settings(settings)

    def _set_overrides(self, overrides: Mapping[str, str]) -> None:
        self._change(key_overrides=MappingProxyType(dict(overrides)))
        self._show_keys()

    @on(Select.Changed)
    def _selected(self, event: Select.Changed) -> None:
        if event.select.id is None:
            return
        if event.select.id == "keymap_preset":
            self._change_preset(str(event.value))
        elif event.select.id in game_settings():
            self._change_game(event.select.id, event.value)
        else:
            self._change(**{event.select.id: event.value})

    def _change_game(self, key: str, value: object) -> None:
        """One of a game's own settings, by its key in the file."""
        settings = self.services.settings
        setting = game_settings()[key]
        now = game_setting(settings, setting.game, setting.name)
        if isinstance(value, str | int) and now != value:
            self._change(game_options=with_game_setting(settings, key, value).game_options)

    def _change_preset(self, preset: str) -> None:
        overrides = self.services.settings.key_overrides
        if keymap_errors(preset, overrides):
            self.notify(
                f"Your remapped keys clash with the {preset} layout, so they were reset.",
                severity="warning",
            )
            overrides = MappingProxyType({})
        self._change(keymap_preset=preset, key_overrides=overrides)
        self._show_keys()

    @on(Checkbox.Changed)
    def _checked(self, event: Checkbox.Changed) -> None:
        if event.checkbox.id is not None:
            self._change(**{event.checkbox.id: event.value})

    @on(Input.Submitted, "#replay_dir")
    @on(Input.Blurred, "#replay_dir")
    def _replay_dir_entered(self, event: Input.Submitted | Input.Blurred) -> None:
        """Checked when it is entered, not when a game starts: a folder that cannot be
        one is refused with the reason (and the setting stays as it was); one that does
        not exist yet is taken, with word that it will be made. The field shows the
        folder escaped (``safe_text``), so text left as it was shown is never read back
        as a folder: its escapes would name another one."""
        text = event.value
        if text == self._replay_text:  # unchanged, or Enter then leaving: said once
            return
        self._replay_text = text
        try:
            directory = replay_dir_from_text(text)
        except Refused as refused:
            shown = safe_text(text, limit=PATH_SHOWN)
            self.notify(f"Replays in: {shown} {refused}", severity="error", markup=False)
            return
        self._change(replay_dir=directory)
        if directory is not None and not directory.exists():
            self.notify(
                f"{safe_path(directory)} does not exist yet: it will be made when a game is saved.",
                markup=False,
            )

    @on(OptionList.OptionSelected, "#key-bindings")
    def _remap(self, event: OptionList.OptionSelected) -> None:
        binding_id = str(event.option_id)
        settings = self.services.settings

        def remapped(key: str | None) -> None:
            if key is not None:
                self._set_overrides(
                    _with_key(settings.keymap_preset, settings.key_overrides, binding_id, key)
                )

        self.app.push_screen(
            KeyCapture(binding_id, settings.keymap_preset, settings.key_overrides), remapped
        )

    @on(OptionList.OptionSelected, ".key-list")
    def _remap_game_key(self, event: OptionList.OptionSelected) -> None:
        binding_id = str(event.option_id)
        game = game_keys.keys_of(binding_id)
        if game is None:  # Spit's list (``_remap``)
            return
        remapped = self.services.settings.game_keys

        def chosen(key: str | None) -> None:
            if key is not None and game is not None:
                self._set_game_keys(with_game_key(remapped, game, binding_id, key))

        self.app.push_screen(GameKeyCapture(game, binding_id, remapped), chosen)

    def action_default_key(self) -> None:
        if (found := self._focused_game_key()) is not None:
            game, binding_id = found
            remapped = self.services.settings.game_keys
            default = next(c.default for c in game.keys if c.id == binding_id)
            problem = key_problem(
                game, remapped, binding_id, default, ascii_only=self.painter.ascii
            )
            if problem is not None:
                label = spelt_key_label(default, ascii_only=self.painter.ascii)
                self.notify(f"Cannot go back to {label}: {problem}", severity="error")
            else:
                self._set_game_keys(with_game_key(remapped, game, binding_id, default))
            return
        bindings = self.query_one("#key-bindings", OptionList)
        if not bindings.has_focus or bindings.highlighted is None:
            return
        binding_id = str(bindings.get_option_at_index(bindings.highlighted).id)
        settings = self.services.settings
        default = PRESETS[settings.keymap_preset][binding_id]
        overrides = _with_key(settings.keymap_preset, settings.key_overrides, binding_id, default)
        problems = keymap_errors(settings.keymap_preset, overrides, ascii_only=self.painter.ascii)
        if problems:
            label = spelt_key_label(default, ascii_only=self.painter.ascii)
            self.notify(f"Cannot go back to {label}: {problems[0]}", severity="error")
        else:
            self._set_overrides(overrides)

    def action_reset_keys(self) -> None:
        if (found := self._focused_game_key()) is not None:
            self._reset_game_keys(found[0])
            return
        count = len(self.services.settings.key_overrides)
        if not count:
            self.notify("No key is remapped.")
            return

        def confirmed(yes: bool | None) -> None:
            if yes:
                self._set_overrides({})

        self.app.push_screen(
            Confirm(f"Forget your {count} remapped key(s) and use the layout's keys?"), confirmed
        )

    def _reset_game_keys(self, game: GameKeys) -> None:
        remapped = self.services.settings.game_keys
        ids = {choice.id for choice in game.keys}
        count = sum(binding_id in ids for binding_id in remapped)
        if not count:
            self.notify(f"No {game.title} key is remapped.")
            return

        def confirmed(yes: bool | None) -> None:
            if yes:
                kept = {k: v for k, v in self.services.settings.game_keys.items() if k not in ids}
                self._set_game_keys(kept)

        self.app.push_screen(
            Confirm(f"Forget your {count} remapped {game.title} key(s)?"), confirmed
        )


def _with_key(
    preset: str, overrides: Mapping[str, str], binding_id: str, key: str
) -> dict[str, str]:
    """``overrides`` with ``binding_id`` on ``key``; no entry when that is the preset's key."""
    changed = {k: v for k, v in overrides.items() if k != binding_id}
    if PRESETS[preset][binding_id] != key:
        changed[binding_id] = key
    return changed


class KeyCapture(ShellModal[str | None]):
    """Waits for the new key of one binding; refuses (and says why) a key already in use."""

    def __init__(self, binding_id: str, preset: str, overrides: Mapping[str, str]) -> None:
        super().__init__()
        self.binding_id = binding_id
        self.preset = preset
        self.overrides = overrides

    def describe(self) -> tuple[str, str]:
        """What the binding does, and its key now."""
        current = resolve(self.preset, self.overrides)[self.binding_id]
        return GAME_KEYS[self.binding_id].description, current

    def compose_content(self) -> ComposeResult:
        what, current = self.describe()
        with Vertical(classes="dialog"):
            yield Static("Press the new key", classes="dialog-title")
            yield Static(
                f"for {what} (now {spelt_key_label(current, ascii_only=self.painter.ascii)})",
                markup=False,
            )
            yield Static(id="capture-error", markup=False)
            yield Static("escape: cancel", classes="dialog-hint")

    def problem(self, key: str) -> str | None:
        """Why ``key`` cannot be this binding's key, or ``None`` if it can."""
        keys = resolve(self.preset, self.overrides)
        for other, other_key in keys.items():
            if other_key == key and other != self.binding_id:
                return (
                    f"{spelt_key_label(key, ascii_only=self.painter.ascii)} is already the key for "
                    f"{GAME_KEYS[other].description}. "
                    "Press another key."
                )
        problems = keymap_errors(
            self.preset,
            _with_key(self.preset, self.overrides, self.binding_id, key),
            ascii_only=self.painter.ascii,
        )
        return problems[0] if problems else None

    def on_key(self, event: events.Key) -> None:
        event.stop()
        event.prevent_default()
        if event.key == "escape":
            self.dismiss(None)
            return
        key = normalize_key(event.key)  # Shift or Caps Lock: "A" is the a key
        problem = self.problem(key)
        if problem is None:
            self.dismiss(key)
        else:
            self.query_one("#capture-error", Static).update(safe_text(problem))


class GameKeyCapture(KeyCapture):
    """Waits for the new key of one of a game's own bindings; refuses (and says why) a
    key already in use in that game, or one of its fixed keys."""

    def __init__(self, game: GameKeys, binding_id: str, remapped: Mapping[str, str]) -> None:
        super().__init__(binding_id, "", {})
        self.game = game
        self.remapped = remapped

    def describe(self) -> tuple[str, str]:
        current = resolve_game_keys(self.game, self.remapped)[self.binding_id]
        what = next(c.label for c in self.game.keys if c.id == self.binding_id)
        return f"{self.game.title}: {what}", current

    def problem(self, key: str) -> str | None:
        found = key_problem(
            self.game, self.remapped, self.binding_id, key, ascii_only=self.painter.ascii
        )
        return None if found is None else f"{found[:1].upper()}{found[1:]}. Press another key."
