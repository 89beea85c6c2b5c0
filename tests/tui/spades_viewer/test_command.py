"""``spit-tui replay [FILE]`` on Spades files: the Spades viewer, told from the Spit
one by the file's header, with the Spit viewer's exit statuses."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from spit.commands.replay import viewer_for
from spit.paths import replays_dir
from spit.tui.shared.viewer_base import ViewerScreen
from spit.tui.spades.viewer import SpadesViewerScreen
from spit.tui.spit.viewer import SpitViewerScreen
from tests.replay.goldens import GOLDEN
from tests.tui.spades_viewer.driver import FINISHED, UNFINISHED, broken
from tests.tui.start_screens import catch_start_screens
from tests.tui.viewer.test_command import run


def opened(monkeypatch: pytest.MonkeyPatch) -> list[ViewerScreen]:
    """The viewer screens the command starts the app on from now on (the app is not run)."""
    return catch_start_screens(monkeypatch, ViewerScreen)


def test_a_spades_file_opens_in_the_spades_viewer(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    screens = opened(monkeypatch)
    assert run(capsys, str(FINISHED)) == (0, "", "")
    assert run(capsys, str(UNFINISHED)) == (0, "", "")  # unfinished is not a problem
    assert [type(s) for s in screens] == [SpadesViewerScreen] * 2
    assert [s.path for s in screens] == [FINISHED, UNFINISHED]
    assert all(s.problem is None for s in screens)


def test_the_latest_saved_game_may_be_a_spades_one(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    screens = opened(monkeypatch)
    saved = replays_dir()
    saved.mkdir(parents=True)
    spit, spades = saved / "a.spit.jsonl", saved / "b.spades.jsonl"
    shutil.copy(GOLDEN / "standard_finished.spit.jsonl", spit)
    shutil.copy(FINISHED, spades)
    os.utime(spit, (1_000_000, 1_000_000))
    assert run(capsys)[0] == 0
    os.utime(spades, (500_000, 500_000))
    assert run(capsys)[0] == 0
    assert [(type(s), s.path) for s in screens] == [
        (SpadesViewerScreen, spades),
        (SpitViewerScreen, spit),
    ]


def test_an_inconsistent_spades_file_opens_on_its_problem_and_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    screens = opened(monkeypatch)
    assert run(capsys, str(broken(tmp_path)))[0] == 1
    header_only = tmp_path / "header.spades.jsonl"
    header_only.write_text(FINISHED.read_text(encoding="utf-8").splitlines()[0] + "\n")
    assert run(capsys, str(header_only))[0] == 1
    assert [type(s) for s in screens] == [SpadesViewerScreen] * 2
    assert all(s.problem is not None and not s.problem.unreadable for s in screens)
    assert screens[0].problem is not None and screens[0].problem.line is not None


def test_an_unreadable_spades_file_exits_2_before_the_app_starts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    screens = opened(monkeypatch)
    cut = tmp_path / "cut.spades.jsonl"
    cut.write_bytes(FINISHED.read_bytes()[:40])  # the header line cut short
    code, out, err = run(capsys, str(cut))
    assert (code, out) == (2, "") and err.startswith(f"spit-tui replay: {cut}: ")
    assert err.count("\n") == 1 and screens == []


def test_the_viewer_is_chosen_by_the_header_not_the_name(tmp_path: Path) -> None:
    spades_named_spit = tmp_path / "odd.spit.jsonl"
    shutil.copy(FINISHED, spades_named_spit)
    assert isinstance(viewer_for(spades_named_spit), SpadesViewerScreen)
    assert isinstance(viewer_for(GOLDEN / "hand_written.spit.jsonl"), SpitViewerScreen)
    assert isinstance(viewer_for(tmp_path), SpitViewerScreen)  # a folder: Spit's says why
