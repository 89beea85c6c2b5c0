"""The other games' key maps in the settings file (``game_keys``): a file of the
current release reads exactly as before, a remapped Spades key is saved by editing the
file in place, and an entry that cannot be used is a warning at its line."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from msgspec.structs import replace

from spit.settings.file import SettingsWriter, read_settings
from spit.settings.game_keys import key_problem, usable_game_keys, with_game_key
from spit.settings.model import Settings
from spit.tui.spades.key_map import CARD_LETTERS, SPADES_KEYS, spades_keys

RELEASE_FILE = """\
# spit-tui settings. The Settings screen changes only the
# lines it must; comments and other lines are kept.
theme = "nord"
keymap_preset = "azerty"
spades_target = 250

[key_overrides]
"p1.play.1.left" = "1"
"""
"""A file as the current release writes it: no game_keys."""


def test_a_file_of_the_current_release_reads_as_before(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_text(RELEASE_FILE)
    settings, warnings = read_settings(path)
    assert warnings == []
    assert settings.game_keys == {}
    assert settings.key_overrides == {"p1.play.1.left": "1"}
    assert settings.game_options == {"spades_target": 250}
    assert spades_keys(settings.game_keys)["spades.pick"] == "space"


def test_a_remapped_spades_key_is_added_and_the_rest_kept(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_text(RELEASE_FILE)
    old, _ = read_settings(path)
    new = replace(old, game_keys={"spades.pick": "p"})
    assert SettingsWriter(path).write(old, new) == []
    text = path.read_text()
    assert text.startswith(RELEASE_FILE), "every line written before is kept as it was"
    assert tomllib.loads(text)["game_keys"] == {"spades.pick": "p"}
    assert read_settings(path) == (new, [])
    SettingsWriter(path).write(new, old)  # back to the default: the entry goes
    assert read_settings(path) == (old, [])
    assert "spades.pick" not in path.read_text()


@pytest.mark.parametrize(
    ("entry", "warning"),
    [
        ('"spades.pik" = "p"', 'there is no remappable game key "spades.pik"'),
        ('"spades.pick" = "a"', "A is a fixed key of Spades (a card's letter)"),
        ('"spades.help" = "ctrl+q"', "Ctrl+Q is a fixed key of Spades (quit spit-tui)"),
        ('"spades.pick" = "enter"', "Enter is already the key for play, bid, swap"),
        ('"spades.pick" = 3', 'spades.pick: a key must be text in quotes, like "p"'),
        ('"spades.pick" = "pp"', 'spades.pick: "pp" is not one key'),
    ],
)
def test_an_entry_that_cannot_be_used_is_a_warning_at_its_line(
    tmp_path: Path, entry: str, warning: str
) -> None:
    path = tmp_path / "settings.toml"
    path.write_text(f'bell = true\n\n[game_keys]\n"spades.erase" = "delete"\n{entry}\n')
    settings, warnings = read_settings(path)
    assert len(warnings) == 1
    assert warnings[0].startswith("line 5: "), warnings
    assert warning in warnings[0]
    assert warnings[0].endswith("that key is not remapped")
    assert settings.game_keys == {"spades.erase": "delete"}, "the good entry is kept"
    assert settings.bell is True


def test_a_game_keys_that_is_no_table_is_a_warning(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_text('game_keys = "p"\n')
    settings, warnings = read_settings(path)
    assert warnings == [
        'line 1: game_keys must be a table of binding = "key" lines, not "p"; '
        "using the games' own keys"
    ]
    assert settings == Settings()


def test_a_clash_within_the_game_is_refused_and_a_swap_needs_a_free_key() -> None:
    assert key_problem(SPADES_KEYS, {}, "spades.pick", "enter") == (
        "Enter is already the key for play, bid, swap, next hand (confirm) in Spades"
    )
    moved = with_game_key({}, SPADES_KEYS, "spades.confirm", "p")
    assert key_problem(SPADES_KEYS, moved, "spades.pick", "enter") is None
    assert with_game_key(moved, SPADES_KEYS, "spades.confirm", "enter") == {}
    kept, problems = usable_game_keys({"spades.confirm": "p", "spades.pick": "p"})
    assert kept == {"spades.confirm": "p"}
    assert [binding for binding, _ in problems] == ["spades.pick"]


def test_the_fixed_letters_are_the_hands() -> None:
    from spit.games.spades.keys import HAND_KEYS

    assert CARD_LETTERS == HAND_KEYS + "n"
    assert all(letter in SPADES_KEYS.fixed for letter in CARD_LETTERS)
    assert not any(choice.default in SPADES_KEYS.fixed for choice in SPADES_KEYS.keys)
