"""The game commands refuse a bad option with status 2 and one line on stderr, naming
the command and the option (argparse would print its whole usage block first)."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

import pytest

from spit import cli
from spit.cli import main

NO_HOME = "~spit-tui-no-such-user/games"
"""A folder in the home of a user who does not exist."""
MAX_SEED_TEXT = "18446744073709551615"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "--variant", "speed"], "argument --variant: invalid choice: 'speed'"),
        (["play", "--seed", "-1"], "argument --seed: must be at least 0, not -1"),
        (["play", "--seed", "x"], "argument --seed: 'x' is not a whole number"),
        (["spades", "--level", "expert"], "argument --level: invalid choice: 'expert'"),
        (["spades", "--seed", "18446744073709551616"], "argument --seed: must be at most 18446"),
        (["spades", "--seed", "x"], "argument --seed: 'x' is not a whole number"),
        (["play", "--replay-dir", NO_HOME], f"argument --replay-dir: {NO_HOME}: Could not"),
        (["spades", "--replay-dir", NO_HOME], f"argument --replay-dir: {NO_HOME}: Could not"),
        (["sim", "--limit-minutes", "1e308"], "argument --limit-minutes: must be at most"),
        (["sim", "--limit-minutes", "inf"], "argument --limit-minutes: 'inf' is not a number"),
        (["sim", "--limit-minutes", "nan"], "argument --limit-minutes: 'nan' is not a number"),
        (["sim", "--limit-minutes", "0x10"], "argument --limit-minutes: '0x10' is not a number"),
        (
            ["sim", "--variant", "points", "--target", "1000001", "--save-replays", "D"],
            "argument --target: must be at most 1000000, not 1000001",
        ),
        (["sim", "--target", "0"], "argument --target: must be at least 1, not 0"),
        (["sim", "--games", "1_000"], "argument --games: '1_000' is not a whole number"),
        (["sim", "--games", " 5"], "argument --games: ' 5' is not a whole number"),
        (["sim", "--games", "1000000000000"], "argument --games: must be at most"),
        (["sim", "--jobs", "100000"], "argument --jobs: must be at most"),
        (["sim", "--seed", "-1"], "argument --seed: must be at least 0, not -1"),
        (["sim", "--seed", "18446744073709551616"], f"--seed: must be at most {MAX_SEED_TEXT}"),
        (["sim", "--seed", "٣"], "argument --seed: '٣' is not a whole number"),
        (["sim", "--seed", "+3"], "argument --seed: '+3' is not a whole number"),
        (["play", "--seed", "٣"], "argument --seed: '٣' is not a whole number"),
        (["spades", "--seed", "３"], "argument --seed: '３' is not a whole number"),
    ],
)
def test_a_bad_option_exits_2_with_one_line(
    argv: list[str],
    message: str,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each value is refused at parse time, before anything runs or is written (the
    replays folder of ``--save-replays`` is not even made). Numbers are ASCII digits
    within what the rest of the program takes."""
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as raised:
        main(argv)
    assert raised.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(f"spit-tui {argv[0]}: error: ") and err.count("\n") == 1
    assert message in err
    assert list(tmp_path.iterdir()) == []


def test_ctrl_c_while_a_command_loads_ends_quietly_with_130(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Importing a command's modules takes a moment at start-up: a Ctrl-C then is no
    traceback either."""

    def interrupted(command: str | None = None) -> argparse.ArgumentParser:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "build_parser", interrupted)
    assert main(["sim", "--games", "1"]) == 130
    assert capsys.readouterr() == ("", "")


def check_command(*args: str) -> list[str]:
    golden = Path(__file__).parent / "replay" / "golden" / "standard_finished.spit.jsonl"
    return [sys.executable, "-m", "spit.cli", "replay", "--check", *args, str(golden)]


@pytest.mark.parametrize(
    "command",
    [check_command(), check_command("--json"), [sys.executable, "-m", "spit.cli", "sim"]],
    ids=["check", "check-json", "sim"],
)
@pytest.mark.slow
def test_output_nobody_reads_ends_quietly(command: list[str]) -> None:
    """``spit-tui sim | head -c 0``: the reader has gone before the output is written."""
    read, write = os.pipe()
    os.close(read)
    try:
        done = subprocess.run(
            [*command, "--games", "2"] if "sim" in command else command,
            stdout=write,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
        )
    finally:
        os.close(write)
    assert done.returncode == 1
    assert done.stderr == ""


@pytest.mark.slow
@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("command", [check_command(), [sys.executable, "-m", "spit.cli", "sim"]])
def test_output_that_cannot_be_written_is_one_line(command: list[str]) -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [*command, "--games", "2"] if "sim" in command else command,
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
        )
    assert done.returncode == 1
    assert done.stderr == "spit-tui: cannot write the output: No space left on device\n"


def test_the_largest_values_are_taken(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["sim", "--games", "1", "--seed", MAX_SEED_TEXT, "--target", "1000000"])
    assert code == 0 and f"seed {MAX_SEED_TEXT}" in capsys.readouterr().out


def test_save_replays_expands_the_home_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    assert main(["sim", "--games", "2", "--save-replays", "~/games"]) == 0
    assert len(list((tmp_path / "home" / "games").iterdir())) == 2
    assert not (tmp_path / "~").exists()


@pytest.mark.parametrize("command", [None, *cli.commands()])
def test_every_help_starts_with_its_usage_line(command: str | None) -> None:
    argv = ["--help"] if command is None else [command, "--help"]
    done = subprocess.run(
        [sys.executable, "-m", "spit.cli", *argv], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0
    assert done.stdout.startswith(f"usage: spit-tui {command or ''}".rstrip() + " ")
