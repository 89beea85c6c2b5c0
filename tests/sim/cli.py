"""``spit-tui sim`` run in this process, for the tests of each game's simulator."""

from __future__ import annotations

import pytest

from spit.cli import main


def run_sim(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """``spit-tui sim ARGS``: its exit code, output and error output."""
    try:
        code = main(["sim", *args])
    except SystemExit as exit_:
        code = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def assert_usage_error(capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    """Bad arguments: exit 2, nothing on the output, and one line of error that says
    ``message``, as argparse words it."""
    code, out, err = run_sim(capsys, *args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err and err.startswith("spit-tui sim: error:")
