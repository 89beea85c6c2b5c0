"""Writing the settings file: a change edits that one value and keeps every other byte,
a file that did not read cleanly is copied first, the mode and owner are kept, and a
file that cannot be written over is left alone."""

from __future__ import annotations

import os
import re
import stat
import tomllib
from pathlib import Path
from types import MappingProxyType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from spit.settings.file import SettingsWriter, read_settings
from spit.settings.model import Settings

HAND_WRITTEN = """\
# My settings: hands off!
theme = "nord"          # easy on the eyes
colour = "red"          # a key spit-tui does not know
variant = "speed"       # a typo: read as the default

[key_overrides]
# my keys
"p1.move.1" = "1"   # one
pause = "F5"
"p9.move.1" = "2"   # no such binding

[my_own_table]
x = [1, 2, 3]
"""


def path_with(tmp_path: Path, text: str | bytes, mode: int = 0o640) -> Path:
    path = tmp_path / "settings.toml"
    path.write_bytes(text.encode() if isinstance(text, str) else text)
    path.chmod(mode)
    return path


def change(path: Path, **changes: Any) -> tuple[Settings, list[str]]:
    """Read the file, change some settings as the Settings screen would, write."""
    old, _ = read_settings(path)
    new = replace(old, **changes)
    return new, SettingsWriter(path).write(old, new)


def only_line_changed(before: str, after: str, old_line: str | None, new_line: str) -> None:
    """``after`` is ``before`` with ``old_line`` replaced by ``new_line`` (or, with no
    ``old_line``, ``new_line`` added), every other byte the same."""
    if old_line is None:
        lines = after.splitlines(keepends=True)
        assert new_line + "\n" in lines
        lines.remove(new_line + "\n")
        assert "".join(lines) == before
    else:
        assert before.count(old_line) == 1
        assert after == before.replace(old_line, new_line)


@pytest.mark.parametrize(
    ("changes", "old_line", "new_line"),
    [
        ({"theme": "gruvbox"}, 'theme = "nord"', 'theme = "gruvbox"'),
        ({"game_options": {"variant": "points"}}, 'variant = "speed"', 'variant = "points"'),
        ({"bell": True}, None, "bell = true"),
        ({"game_options": {"spades_target": 150}}, None, "spades_target = 150"),
        ({"replay_dir": Path("/tmp/my games")}, None, 'replay_dir = "/tmp/my games"'),
        (
            {"key_overrides": {"p1.move.1": "3", "pause": "f5"}},
            '"p1.move.1" = "1"',
            '"p1.move.1" = "3"',
        ),
    ],
    ids=[
        "theme",
        "the bad value itself",
        "a new key",
        "spades target",
        "replay dir",
        "one binding",
    ],
)
def test_a_change_edits_one_value_and_keeps_every_other_byte(
    tmp_path: Path, changes: dict[str, Any], old_line: str | None, new_line: str
) -> None:
    path = path_with(tmp_path, HAND_WRITTEN)
    new, _ = change(path, **changes)
    only_line_changed(HAND_WRITTEN, path.read_text(), old_line, new_line)
    assert read_settings(path)[0] == new


def test_a_remapped_key_gains_and_loses_its_own_line_only(tmp_path: Path) -> None:
    path = path_with(tmp_path, HAND_WRITTEN)
    old, _ = read_settings(path)
    writer = SettingsWriter(path)
    added = replace(old, key_overrides={**old.key_overrides, "p2.move.1": "3"})
    writer.write(old, added)
    after = path.read_text()
    assert after == HAND_WRITTEN.replace(
        '"p9.move.1" = "2"   # no such binding\n',
        '"p9.move.1" = "2"   # no such binding\n"p2.move.1" = "3"\n',
    )
    gone = replace(added, key_overrides={"p2.move.1": "3", "pause": "f5"})
    writer.write(added, gone)
    assert path.read_text() == after.replace('"p1.move.1" = "1"   # one\n', "")
    writer.write(gone, replace(gone, key_overrides={}))  # every key reset: the table empties
    data = tomllib.loads(path.read_text())
    assert data["key_overrides"] == {}
    assert "# my keys" in path.read_text()
    assert data["my_own_table"] == {"x": [1, 2, 3]}


@pytest.mark.parametrize("mode", [0o600, 0o640, 0o644, 0o604])
def test_the_files_mode_is_kept(tmp_path: Path, mode: int) -> None:
    path = path_with(tmp_path, 'theme = "nord"\n', mode)
    before = path.stat()
    change(path, theme="gruvbox")
    after = path.stat()
    assert stat.S_IMODE(after.st_mode) == mode
    assert (after.st_uid, after.st_gid) == (before.st_uid, before.st_gid)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["settings.toml"]  # no temporary left


@pytest.mark.skipif(os.geteuid() != 0, reason="only root can make a file another user's")
def test_the_files_owner_is_kept(tmp_path: Path) -> None:
    path = path_with(tmp_path, 'theme = "nord"\n')
    os.chown(path, 12345, 54321)
    change(path, theme="gruvbox")
    assert (path.stat().st_uid, path.stat().st_gid) == (12345, 54321)


def test_a_new_file_follows_the_umask(tmp_path: Path) -> None:
    path = tmp_path / "config" / "settings.toml"
    previous = os.umask(0o027)
    try:
        SettingsWriter(path).write(Settings(), Settings(bell=True))
    finally:
        os.umask(previous)
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert read_settings(path) == (Settings(bell=True), [])


@pytest.mark.parametrize(
    "text",
    [
        HAND_WRITTEN,  # a bad value and unknown keys: edited in place
        "theme = [unclosed\n# my comment\n",  # no TOML: replaced
        b'theme = "nord"\n\xff\n',  # no text: replaced
        "bell = true\nbig = " + "9" * 5000 + "\n",  # tomllib cannot read it: replaced
        "#" * 70_000,  # too big: moved aside
    ],
    ids=["bad values", "not TOML", "not UTF-8", "long number", "too big"],
)
def test_a_file_that_did_not_read_cleanly_is_kept_as_a_copy_first(
    tmp_path: Path, text: str | bytes
) -> None:
    original = text.encode() if isinstance(text, str) else text
    path = path_with(tmp_path, original, 0o640)
    new, notices = change(path, theme="gruvbox")
    backup = tmp_path / "settings.toml.bak"
    assert backup.read_bytes() == original
    assert stat.S_IMODE(backup.stat().st_mode) == 0o640
    assert notices == [
        f"{path} did not read cleanly, so a copy of it was kept as {backup} "
        "before your change was saved"
    ]
    assert read_settings(path)[0] == new


def test_a_replaced_file_keeps_the_settings_in_use(tmp_path: Path) -> None:
    path = path_with(tmp_path, "theme = [unclosed\n")
    old = Settings(card_style="ascii", key_overrides=MappingProxyType({"pause": "f5"}))
    SettingsWriter(path).write(old, replace(old, bell=True))
    assert read_settings(path) == (replace(old, bell=True), [])
    assert path.read_text().startswith("# spit-tui settings.")


def test_backups_are_numbered_and_one_session_makes_one(tmp_path: Path) -> None:
    path = path_with(tmp_path, HAND_WRITTEN)
    (tmp_path / "settings.toml.bak").write_text("an older backup")
    old, _ = read_settings(path)
    writer = SettingsWriter(path)
    for theme in ("gruvbox", "dracula", "nord"):  # three changes, one copy
        new = replace(old, theme=theme)
        notices = writer.write(old, new)
        assert bool(notices) == (theme == "gruvbox")
        old = new
    assert (tmp_path / "settings.toml.bak").read_text() == "an older backup"
    assert (tmp_path / "settings.toml.bak.2").read_text() == HAND_WRITTEN
    assert not (tmp_path / "settings.toml.bak.3").exists()
    path.write_text(HAND_WRITTEN)  # the same broken file again, in a later session
    change(path, theme="gruvbox")
    assert not (tmp_path / "settings.toml.bak.3").exists()  # an equal copy is there


def test_a_clean_file_is_not_copied(tmp_path: Path) -> None:
    path = path_with(tmp_path, 'theme = "nord"  # mine\n')
    assert change(path, bell=True)[1] == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["settings.toml"]


def test_a_symlinked_file_is_edited_where_it_lives(tmp_path: Path) -> None:
    real = path_with(tmp_path, 'theme = "nord"\n')
    link = tmp_path / "link.toml"
    link.symlink_to(real)
    change(link, bell=True)
    assert link.is_symlink()
    assert real.read_text() == 'theme = "nord"\nbell = true\n'


@pytest.mark.parametrize(
    ("make", "reason"),
    [
        (os.mkfifo, "not a file but a named pipe (FIFO)"),
        (os.mkdir, "not a file but a folder"),
        (lambda path: os.symlink("/dev/zero", path), "a link to /dev/zero, which is a device"),
    ],
    ids=["fifo", "folder", "/dev/zero"],
)
def test_what_is_no_file_is_never_written_over(tmp_path: Path, make: Any, reason: str) -> None:
    path = tmp_path / "settings.toml"
    make(path)
    with pytest.raises(OSError, match=re.escape(reason)):
        SettingsWriter(path).write(Settings(), Settings(bell=True))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["settings.toml"]


@settings(deadline=None, max_examples=60)  # a shared CI machine may pause any example
@given(
    st.text(st.characters(exclude_categories=("Cs",), exclude_characters="\0")).filter(str.strip),
    st.dictionaries(st.sampled_from(["pause", "help", "quit"]), st.sampled_from(["f2", "f3"])),
)
def test_any_replay_dir_and_keys_round_trip(directory: str, keys: dict[str, str]) -> None:
    from tempfile import TemporaryDirectory

    with TemporaryDirectory() as home:
        path = Path(home) / "settings.toml"
        path.write_text("# comment\n")
        chosen = Settings(replay_dir=Path(home, directory), key_overrides=MappingProxyType(keys))
        if len(set(keys.values())) < len(keys):
            return  # a clash: the Settings screen never makes one
        try:
            SettingsWriter(path).write(Settings(), chosen)
        except OSError:
            return  # a name the file system refuses; never half a file
        settings_read, warnings = read_settings(path)
        if not warnings:
            assert settings_read == chosen
        assert path.read_text().startswith("# comment\n")
