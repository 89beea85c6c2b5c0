"""Reading the settings file: lenient (a warning in the player's words, naming the file
and the line, never a crash), bounded (no file makes it hang or burn CPU), and checked
(no value is used, or shown, as it is when it cannot be)."""

from __future__ import annotations

import os
import re
from pathlib import Path
from types import MappingProxyType

import pytest

from spit.engine import Variant
from spit.games.spit.bots import LEVELS
from spit.settings.file import MAX_BYTES, MAX_WARNINGS, read_settings
from spit.settings.model import Settings, game_setting

LEVELS_LISTED = ", ".join(f'"{level}"' for level in LEVELS[:-1]) + f' or "{LEVELS[-1]}"'
PYTHON_INTERNALS = re.compile(r"<|Variant\.|Select\.|NULL|Traceback|Error\b|Errno")


def read(tmp_path: Path, text: str | bytes) -> tuple[Settings, list[str]]:
    path = tmp_path / "settings.toml"
    path.write_bytes(text.encode() if isinstance(text, str) else text)
    return read_settings(path)


def assert_readable(warnings: list[str], path: Path) -> None:
    """Every warning is printable, short and free of Python's words."""
    for warning in warnings:
        assert warning.isprintable(), warning
        assert len(warning.replace(str(path.parent), "")) < 200, warning  # no paragraph
        assert not PYTHON_INTERNALS.search(warning), warning


def test_missing_file_gives_defaults_without_warning(tmp_path: Path) -> None:
    assert read_settings(tmp_path / "nope.toml") == (Settings(), [])


def test_a_good_file_reads_without_warning(tmp_path: Path) -> None:
    settings, warnings = read(
        tmp_path,
        '# mine\ntheme = "nord"\nvariant = "points"\nspades_target = 250\nbell = true\n'
        'replay_dir = "~/games"\n[key_overrides]\n"p1.move.1" = "1"\npause = "F5"\n',
    )
    assert warnings == []
    assert settings == Settings(
        theme="nord",
        bell=True,
        replay_dir=Path("~/games").expanduser(),
        key_overrides={"p1.move.1": "1", "pause": "f5"},
        game_options={"variant": "points", "spades_target": 250},
    )
    assert isinstance(settings.key_overrides, MappingProxyType)
    assert game_setting(settings, "spit", "variant") == Variant.POINTS
    assert game_setting(settings, "spades", "target") == 250


@pytest.mark.parametrize(
    ("line", "warning"),
    [
        (
            'theme = "no-such-theme"',
            'theme must be one of the themes offered in Settings, not "no-such-theme"; '
            'using "textual-dark"',
        ),
        ("four_colour = 1", "four_colour must be true or false, not 1; using false"),
        (
            'variant = "speed"',
            'variant must be "standard" or "points", not "speed"; using "standard"',
        ),
        (
            'keymap_preset = "dvorak"',
            'keymap_preset must be "qwerty", "azerty" or "qwertz", not "dvorak"',
        ),
        (
            'card_style = "emoji"',
            'card_style must be "unicode" or "ascii", not "emoji"; using "unicode"',
        ),
        (
            "bot_level = []",
            "bot_level must be " + LEVELS_LISTED + ", not a list",
        ),
        (
            "spades_target = 0",
            "spades_target must be a whole number from 1 to 1000000, not 0; using 500",
        ),
        ("spades_target = true", "spades_target must be a whole number, not true; using 500"),
        ("show_play_hint = 1979-05-27", "show_play_hint must be true or false, not a date or time"),
        ("replay_dir = 3", "replay_dir must be a folder's path in quotes"),
        ('key_overrides = "q"', 'key_overrides must be a table of binding = "key" lines, not "q"'),
        ('colour = "red"', 'there is no setting "colour" (left as it is)'),
        (
            "four_color = true",
            'there is no setting "four_color" (left as it is); did you mean four_colour?',
        ),
        ('theme = "' + "x" * 5000 + '"', 'not "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…"'),
        ('theme = "\\u001b]2;pwned\\u0007"', 'not "\\e]2;pwned\\x07"'),
    ],
)
def test_a_bad_value_is_a_warning_at_its_line_and_the_rest_is_kept(
    tmp_path: Path, line: str, warning: str
) -> None:
    settings, warnings = read(tmp_path, f"# my settings\nbell = true\n\n{line}  # note\n")
    assert len(warnings) == 1
    assert warnings[0].startswith("line 4: ")
    assert warning in warnings[0]
    assert settings.bell is True
    assert_readable(warnings, tmp_path / "settings.toml")


@pytest.mark.parametrize(
    ("text", "line", "column", "reason"),
    [
        ("theme = [unclosed\n", 1, 10, "not valid TOML (invalid value)"),
        ("bell = true\nbell = false\n", 2, 13, "not valid TOML (cannot overwrite a value)"),
        ('bell = true\n\ntheme = "a\n', 3, 11, "not valid TOML (illegal character"),
        ('theme = "\x1b[2J"\n', 1, 10, "not valid TOML (illegal character"),
        ("[[[", 1, 3, "not valid TOML (invalid initial character for a key part)"),
    ],
)
def test_text_that_is_no_toml_warns_where_and_gives_the_defaults(
    tmp_path: Path, text: str, line: int, column: int, reason: str
) -> None:
    settings, warnings = read(tmp_path, text)
    assert settings == Settings()
    [warning] = warnings
    assert warning.startswith(f"line {line}, column {column}: ")
    assert reason in warning
    assert warning.endswith("using the default settings")
    assert_readable(warnings, tmp_path / "settings.toml")


@pytest.mark.parametrize(
    ("text", "warning"),
    [
        (b'theme = "nord"\n\xff\xfe\n', "line 2: not UTF-8 text"),
        ("a = " + "[" * 5000 + "]" * 5000 + "\n", "nested too deeply to read"),
        ("a = " + "{b = " * 3000 + "1" + "}" * 3000 + "\n", "nested too deeply to read"),
        ("bell = true\nbig = " + "9" * 5000 + "\n", "line 2: a number with too many digits"),
        (b"#" * (MAX_BYTES + 1), f"{MAX_BYTES + 1:,} bytes, more than a settings file can be"),
    ],
    ids=["not utf-8", "deep arrays", "deep tables", "long number", "too big"],
)
def test_a_file_that_cannot_be_read_warns_and_gives_the_defaults(
    tmp_path: Path, text: str | bytes, warning: str
) -> None:
    settings, warnings = read(tmp_path, text)
    assert settings == Settings()
    [shown] = warnings
    assert warning in shown
    assert shown.endswith("using the default settings")
    assert_readable(warnings, tmp_path / "settings.toml")


def _fifo(path: Path) -> None:
    os.mkfifo(path)  # nobody ever writes to it: reading it would block for good


def _folder(path: Path) -> None:
    path.mkdir()


def _dev_zero(path: Path) -> None:
    path.symlink_to("/dev/zero")  # reading it would never end


def _huge(path: Path) -> None:
    with path.open("wb") as file:
        file.truncate(10**12)  # a terabyte, sparse: reading it would take hours


def _link_loop(path: Path) -> None:
    path.symlink_to(path)


@pytest.mark.parametrize(
    ("make", "warning"),
    [
        (_fifo, "not a file but a named pipe (FIFO)"),
        (_folder, "not a file but a folder"),
        (_dev_zero, "a link to /dev/zero, which is a device, not a file"),
        (_huge, "1,000,000,000,000 bytes, more than a settings file can be (64 KiB)"),
        (_link_loop, "cannot be read (Too many levels of symbolic links)"),
    ],
    ids=["fifo", "folder", "/dev/zero", "huge", "link loop"],
)
def test_no_file_makes_reading_hang(tmp_path: Path, make: object, warning: str) -> None:
    path = tmp_path / "settings.toml"
    make(path)  # type: ignore[operator]
    settings, warnings = read_settings(path)
    assert settings == Settings()
    assert warnings == [f"{warning}; using the default settings"]


@pytest.mark.parametrize("count", [MAX_WARNINGS + 1, 5000])
def test_thousands_of_unknown_keys_give_a_few_warnings_and_a_count(
    tmp_path: Path, count: int
) -> None:
    text = 'theme = "nord"\n' + "".join(f"k{i} = 1\n" for i in range(count))
    settings, warnings = read(tmp_path, text)
    assert settings.theme == "nord"
    assert len(warnings) == MAX_WARNINGS + 1
    assert warnings[0] == 'line 2: there is no setting "k0" (left as it is)'
    assert warnings[-1] == (
        f"and {count - MAX_WARNINGS:,} more "
        + ("problem" if count - MAX_WARNINGS == 1 else "problems")
    )


@pytest.mark.parametrize(
    ("value", "warning"),
    [
        ("/tmp/a\\u0000b", "replay_dir contains a NUL character, which no file name can hold"),
        ("{file}", "replay_dir is a file, not a folder"),
        ("{file}/replays", "replay_dir cannot be made: {file} is a file, not a folder"),
        ("/dev/null", "replay_dir is a device, not a folder"),
        ("/tmp/" + "x" * 300, "replay_dir cannot be used: File name too long"),
        (
            "~no-such-user-here/replays",
            'replay_dir starts with "~no-such-user-here", but there is no such user',
        ),
    ],
    ids=["NUL", "a file", "under a file", "a device", "name too long", "no such user"],
)
def test_a_replay_folder_that_cannot_be_one_is_refused(
    tmp_path: Path, value: str, warning: str
) -> None:
    a_file = tmp_path / "a file"
    a_file.write_text("not a folder")
    settings, warnings = read(tmp_path, f'replay_dir = "{value.format(file=a_file)}"\n')
    assert settings.replay_dir is None
    [shown] = warnings
    assert shown == f"line 1: {warning.format(file=a_file)}; using the default folder"
    assert_readable(warnings, tmp_path / "settings.toml")


@pytest.mark.parametrize("value", ["", "  ", "{tmp}", "{tmp}/not/yet/made", "relative/replays"])
def test_a_replay_folder_that_exists_or_can_be_made_is_taken(tmp_path: Path, value: str) -> None:
    settings, warnings = read(tmp_path, f'replay_dir = "{value.format(tmp=tmp_path)}"\n')
    assert warnings == []
    assert settings.replay_dir == (Path(value.format(tmp=tmp_path)) if value.strip() else None)


@pytest.mark.parametrize(
    ("overrides", "warning"),
    [
        (
            '"p1.move.1" = "q"',
            "line 3: Q is bound to p1.play.1.left and p1.move.1; that key is not remapped",
        ),
        (
            '"p3.move.1" = "1"',
            'line 3: there is no key binding "p3.move.1"; that key is not remapped',
        ),
        ('"p1.move.1" = "ctrl+a"', "line 3: p1.move.1: Ctrl+A cannot be a play key"),
        ('"p1.move.1" = 1', 'line 3: p1.move.1 = 1: a key must be text in quotes, like "q"'),
        (
            'pause = "' + "x" * 3000 + '"',
            'line 3: pause: "xxxxxxxxxxxxxxxxxxxxxxx…" is not one key',
        ),
        ('pause = "q,w"', 'line 3: pause: "q,w" is not one key'),
        ('pause = "\\u001b[2J\\u0007"', 'line 3: pause: "\\e[2J\\x07" is not one key'),
        ('pause = "\\u202eevil"', 'line 3: pause: "\\u202eevil" is not one key'),
        ("'p1.move.1\u202e' = \"1\"", 'line 3: there is no key binding "p1.move.1\\u202e"'),
    ],
    ids=[
        "clash",
        "no such binding",
        "modifier",
        "not text",
        "long",
        "two keys",
        "escape",
        "bidi",
        "hostile id",
    ],
)
def test_an_unusable_remapping_is_dropped_alone(
    tmp_path: Path, overrides: str, warning: str
) -> None:
    text = f'bot_level = "hard"\n[key_overrides]\n{overrides}\n"p2.move.1" = "2"\n'
    settings, warnings = read(tmp_path, text)
    assert settings == Settings(
        game_options={"bot_level": "hard"}, key_overrides={"p2.move.1": "2"}
    )
    [shown] = warnings
    assert shown.startswith(warning)
    assert_readable(warnings, tmp_path / "settings.toml")


def test_overrides_that_clash_with_each_other_are_both_dropped(tmp_path: Path) -> None:
    text = '[key_overrides]\n"p1.move.1" = "1"\n"p1.move.2" = "1"\n"p1.move.3" = "3"\n'
    settings, warnings = read(tmp_path, text)
    assert settings.key_overrides == {"p1.move.3": "3"}
    assert warnings == [
        "line 2: 1 is bound to p1.move.1 and p1.move.2; those keys are not remapped"
    ]
