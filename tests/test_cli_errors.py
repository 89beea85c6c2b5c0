"""The game commands refuse a bad option with status 2 and one line on stderr, naming
the command and the option (argparse would print its whole usage block first)."""

from __future__ import annotations

import argparse

import pytest

from spit import cli
from spit.cli import main


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "--variant", "speed"], "argument --variant: invalid choice: 'speed'"),
        (["play", "--seed", "-1"], "argument --seed: must be between 0 and 18446744073709551615"),
        (["play", "--seed", "x"], "argument --seed: 'x' is not a whole number"),
        (["spades", "--level", "expert"], "argument --level: invalid choice: 'expert'"),
        (["spades", "--seed", "-1"], "argument --seed: must be between 0 and"),
        (["spades", "--seed", "x"], "argument --seed: 'x' is not a whole number"),
    ],
)
def test_a_bad_option_exits_2_with_one_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as raised:
        main(argv)
    assert raised.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(f"spit-tui {argv[0]}: error: ") and err.count("\n") == 1
    assert message in err


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
