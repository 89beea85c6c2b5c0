"""How to play: the keys, drawn as a keyboard, the keys every screen shares, the rules
in short, and the practice round (p) for learning by playing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Footer, Markdown, Static, TabbedContent, TabPane

from spit.games import registry
from spit.settings import game_keys
from spit.settings.game_keys import GameKeys, resolve_game_keys
from spit.settings.keymap import GAME_KEYS, key_label, resolve
from spit.tui.shared.navigation import StartPractice
from spit.tui.shared.screen_base import ShellScreen
from spit.tui.shell.keyboard import KeyboardMap, job_label

SCREEN_KEYS = """\
Every screen
  Esc      back one screen (in a game, {quit} asks before leaving)
  q        as Esc; on the menu it quits; in a text field it is typed.
           At a Spit table it is {q_job}
  ?        help: the keys of the screen you are on, or this page
  Ctrl+C   in a game: pause at once, cards face down, and ask to leave
           (Ctrl+C again leaves); anywhere else: quit spit-tui
  Ctrl+Q   quit spit-tui at once (a game's replay keeps what was played)

At the table
  +3       under a stockpile: 3 more cards face down, turned up one by one
  {can} {cannot}      beside a name: that player can play now (a key would), or not"""
"""The keys the shell and the games share, and what the table's marks mean; the
game's keys in it (``quit``, what ``q`` does at a Spit table) come from the key map."""


def screen_keys(keys: dict[str, str], ascii_only: bool) -> str:
    """``SCREEN_KEYS`` for the active key map ``keys`` (binding id -> key)."""
    can, cannot = ("*", "o") if ascii_only else ("●", "○")
    by_key = {key: binding_id for binding_id, key in keys.items()}
    q_job = "no key of the game"
    if "q" in by_key:
        game_key = GAME_KEYS[by_key["q"]]
        owner = "" if game_key.player is None else f"P{game_key.player + 1} "
        q_job = f"the game's key {owner}{job_label(game_key)} (above)"
    quit_key = key_label(keys["quit"], ascii_only=ascii_only)
    return SCREEN_KEYS.format(can=can, cannot=cannot, quit=quit_key, q_job=q_job)


def other_game_keys(game: GameKeys, remapped: Mapping[str, str], ascii_only: bool) -> str:
    """A game's own keys (``spit.settings.game_keys``) as the player has them: each
    remappable key and what it does, then its fixed keys, those doing one thing together
    and runs of letters or digits shortened (``A-N``)."""
    keys = resolve_game_keys(game, remapped)
    rows = [
        (key_label(keys[choice.id], ascii_only=ascii_only), choice.label) for choice in game.keys
    ]
    fixed: dict[str, list[str]] = {}
    for key, job in game.fixed.items():
        fixed.setdefault(job, []).append(key)
    rows += [
        (_key_runs(keys_for_job, ascii_only), f"{job} (fixed)")
        for job, keys_for_job in fixed.items()
    ]
    width = max(len(label) for label, _ in rows)
    return "\n".join([f"{game.title} keys", *(f"  {label:<{width}}  {job}" for label, job in rows)])


def _key_runs(keys: list[str], ascii_only: bool) -> str:
    """``keys`` for a line: runs of three or more consecutive characters as ``a-n``."""
    runs: list[list[str]] = []
    for key in keys:
        if runs and len(key) == 1 == len(runs[-1][-1]) and ord(key) == ord(runs[-1][-1]) + 1:
            runs[-1].append(key)
        else:
            runs.append([key])
    shown = []
    for run in runs:
        if len(run) >= 3:
            first, last = (key_label(key, ascii_only=ascii_only) for key in (run[0], run[-1]))
            shown.append(f"{first}-{last}")
        else:
            shown.extend(key_label(key, ascii_only=ascii_only) for key in run)
    return ", ".join(shown)


def rules_text() -> str:
    """Every registered game's rules in short (``GameDescriptor.rules``), in the menu's
    order, each under its title once there is more than one."""
    written = [(game.title, game.rules()) for game in registry.games() if game.rules is not None]
    if len(written) == 1:
        return written[0][1]
    return "\n\n".join(f"# {title}\n\n{text}" for title, text in written)


class HowToPlay(ShellScreen):
    DEFAULT_CSS = """
    HowToPlay #screen-keys {
        padding: 1 1;
    }
    HowToPlay .game-keys {
        padding: 0 1 1 1;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "app.pop_screen", "Back", id="help.back", key_display="esc/q"),
        Binding("k", "show_tab('keys')", "Keys", id="help.keys"),
        Binding("r", "show_tab('rules')", "Rules", id="help.rules"),
        Binding("p", "practice", "Practice round", id="help.practice"),
    ]

    def compose_content(self) -> ComposeResult:
        settings = self.services.settings
        with TabbedContent(id="help-tabs"):
            with TabPane("Keys", id="keys"), VerticalScroll():
                ascii_only = settings.card_style == "ascii"
                yield KeyboardMap(
                    settings.keymap_preset, settings.key_overrides, ascii_only=ascii_only
                )
                keys = resolve(settings.keymap_preset, settings.key_overrides)
                yield Static(screen_keys(keys, ascii_only), id="screen-keys", markup=False)
                for game in game_keys.declared():
                    yield Static(
                        other_game_keys(game, settings.game_keys, ascii_only),
                        id=f"{game.game}-keys",
                        classes="game-keys",
                        markup=False,
                    )
            with TabPane("Rules", id="rules"), VerticalScroll():
                yield Markdown(rules_text(), id="rules-text")
        yield Footer()

    def action_practice(self) -> None:
        """A short game with hints against a very slow bot (``spit.tui.spit.practice``)."""
        self.post_message(StartPractice())

    def action_show_tab(self, tab: str) -> None:
        self.query_one(TabbedContent).active = tab

    @on(TabbedContent.TabActivated)
    def _focus_page(self, event: TabbedContent.TabActivated) -> None:
        """So that the arrow and page keys scroll the page just chosen."""
        event.pane.query_one(VerticalScroll).focus()
