"""No text from outside reaches the terminal raw from a command (issue 10, section 4).

Each command runs as a user runs it (a subprocess) under a strict UTF-8 locale, on
replays and folders named with terminal escape sequences, C1 controls, bidi
overrides, Rich markup and bytes that are not UTF-8 (``tests.hostile``). Its stdout
and stderr must decode as UTF-8 (a raw undecodable byte would not) and hold nothing a
terminal obeys, and the name must be there, shown escaped.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.hostile import HOSTILE_STEMS, forbidden_in
from tests.replay.goldens import GOLDEN, broken_copy

pytestmark = pytest.mark.slow  # a command run in a process of its own for every hostile name

EACH_NAME = pytest.mark.parametrize("name_id", sorted(HOSTILE_STEMS))
FINISHED = GOLDEN / "standard_finished.spit.jsonl"


def spit_tui(home: Path, *args: str | bytes, cwd: Path | None = None) -> tuple[int, str, str]:
    """Run ``spit-tui ARGS`` with its own home, under a strict UTF-8 locale: the exit
    status, stdout and stderr, each checked to be UTF-8 without a forbidden character."""
    env = {
        **os.environ,
        "SPIT_TUI_HOME": str(home),
        "PYTHONIOENCODING": "utf-8:strict",
        "LC_ALL": "C.UTF-8",
    }
    done = subprocess.run(
        [sys.executable, "-m", "spit.cli", *args],
        capture_output=True,
        env=env,
        stdin=subprocess.DEVNULL,
        cwd=cwd,
        timeout=120,
    )
    out, err = done.stdout.decode("utf-8"), done.stderr.decode("utf-8")
    assert "Traceback" not in err
    assert forbidden_in(out) == [] and forbidden_in(err) == []
    return done.returncode, out, err


def saved(home: Path) -> Path:
    folder = home / "data" / "replays"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def named(folder: Path, stem: bytes, source: Path) -> bytes:
    """``source`` copied into ``folder`` as ``stem.spit.jsonl``; its path, as bytes."""
    target = os.fsencode(folder) + b"/" + stem + b".spit.jsonl"
    shutil.copy(source, os.fsdecode(target))
    return target


@EACH_NAME
@pytest.mark.parametrize("as_json", [False, True], ids=["text", "json"])
def test_check_reports_a_hostile_name_escaped(name_id: str, as_json: bool, tmp_path: Path) -> None:
    stem, shown = HOSTILE_STEMS[name_id]
    good = named(saved(tmp_path), stem, FINISHED)
    bad = named(saved(tmp_path), stem + b"-bad", broken_copy(FINISHED.name, tmp_path))
    extra = ["--json"] if as_json else []
    code, out, _ = spit_tui(tmp_path, "replay", good, "--check", *extra)
    assert code == 0
    if as_json:
        assert json.loads(out)["valid"] is True
    else:
        assert out.startswith(f"{shown}.spit.jsonl: consistent, finished")
    code, out, _ = spit_tui(tmp_path, "replay", bad, "--check", *extra)
    assert code == 1 and (as_json or f"{shown}-bad.spit.jsonl: NOT consistent" in out)


@EACH_NAME
def test_messages_on_stderr_quote_hostile_names_escaped(name_id: str, tmp_path: Path) -> None:
    stem, shown = HOSTILE_STEMS[name_id]
    folder = saved(tmp_path)
    unreadable = os.fsencode(folder) + b"/" + stem + b".spit.jsonl"
    Path(os.fsdecode(unreadable)).write_text("not json\n")
    code, out, err = spit_tui(tmp_path, "replay", unreadable, "--check")
    assert (code, out) == (2, "") and shown in err
    # Without FILE, the newest saved game opens: a name the user never typed.
    code, _, err = spit_tui(tmp_path, "replay")
    assert code == 2 and shown in err and "not valid JSON" in err
    missing = stem + b"-missing"
    code, _, err = spit_tui(tmp_path, "replay", missing)
    assert code == 2 and f"{shown}-missing" in err and "no file or saved game" in err
    code, _, err = spit_tui(tmp_path, "replays", os.fsencode(tmp_path) + b"/" + stem)
    assert code == 2 and shown in err and "does not exist" in err
    code, _, err = spit_tui(tmp_path, "sim", "--games", "1", "--save-replays", unreadable)
    assert code == 2 and shown in err and "is not a directory" in err


def test_option_values_are_quoted_escaped(tmp_path: Path) -> None:
    """What was typed on the command line is quoted safely in the error too."""
    for args in (
        ["play", "--bot", "\x1b]2;OWNED\x07"],
        ["play", "--seed", "\x1b[2J"],
        ["sim", "--p1", "\x9b31m"],
        ["replays", "~\x1b]2;nobody\x07/x"],
        ["play", "--replay-dir", "~\u202enobody/x"],
    ):
        code, out, err = spit_tui(tmp_path, *args)
        assert code == 2 and out == "" and err.count("\n") == 1, args


def test_a_file_name_that_is_not_utf8_never_raises(tmp_path: Path) -> None:
    """The case of the issue: ``--check`` on ``b'\\xff.spit.jsonl'``, strict UTF-8."""
    folder = saved(tmp_path)
    path = named(folder, b"\xff", FINISHED)
    code, out, _ = spit_tui(tmp_path, "replay", path, "--check")
    assert code == 0 and out.startswith("\\xff.spit.jsonl: consistent, finished")
    assert spit_tui(tmp_path, "replay", b"\xff.spit.jsonl", "--check", cwd=folder)[0] == 0
    assert spit_tui(tmp_path, "replay", b"\xff", "--check")[0] == 0  # a saved game's name
