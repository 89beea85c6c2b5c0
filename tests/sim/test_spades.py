"""``spit-tui sim --game spades``: the shared runner, paired deals, the same games for
any number of jobs, replays that verify, and bad arguments."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from spit.cli import main
from spit.games.spades.replay import load_spades_replay, verify_spades
from spit.games.spades.sim import SIMULATOR
from spit.sim import Result, run_games

from .cli import assert_usage_error, run_sim


def run(games: int, jobs: int = 1) -> Result:
    return run_games(SIMULATOR, games, 7, "easy", "random", target=100, jobs=jobs)


def run_cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    return run_sim(capsys, "--game", "spades", *args)


@pytest.mark.slow
def test_the_same_games_whatever_the_number_of_jobs() -> None:
    one = run(6, jobs=1)
    two = run(6, jobs=2)
    assert one.records == two.records
    assert [r.index for r in one.records] == list(range(6))


def test_games_come_in_pairs_with_the_same_hands_and_the_seats_swapped() -> None:
    result = run(4)
    records = result.records
    for pair in (records[0:2], records[2:4]):
        assert pair[0].deal_seed == pair[1].deal_seed
        assert (pair[0].p1_seat, pair[1].p1_seat) == (0, 1)
    assert records[0].deal_seed != records[2].deal_seed
    assert result.wins(0) == 4 and result.p1_interval[0] > 0.4  # easy beats random


def test_json_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(
        capsys, "--games", "4", "--p1", "easy", "--p2", "random", "--target", "100", "--json"
    )
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["game"] == "spades" and data["games"] == 4 and data["target"] == 100
    assert data["p1_wins"] + data["p2_wins"] + data["unfinished"] == 4
    low, high = data["p1_win_rate_ci95"]
    assert 0 <= low <= data["p1_win_rate"] <= high <= 1
    assert 0 <= data["p1_bids_made_share"] <= 1 and data["p2_nils_made"] <= data["p2_nils"]


def test_text_summary(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(
        capsys, "--games", "2", "--p1", "easy", "--p2", "scripted", "--target", "100"
    )
    assert code == 0
    assert out.startswith("Spades, easy vs scripted: 2 games to 100, seed 1")
    assert "95% CI" in out and "of bids made" in out and "hands a game" in out


def test_saved_replays_pass_the_check(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    folder = tmp_path / "replays"
    code, _, _ = run_cli(
        capsys,
        "--games",
        "2",
        "--p1",
        "easy",
        "--p2",
        "random",
        "--target",
        "100",
        "--save-replays",
        str(folder),
    )
    assert code == 0
    files = sorted(folder.iterdir())
    assert len(files) == 2 and all(f.name.endswith(".spades.jsonl") for f in files)
    for path in files:
        replay = load_spades_replay(path)
        assert {p.level for p in replay.header.players} == {"easy", "random"}
        assert verify_spades(replay).finished
        assert main(["replay", str(path), "--check", "--json"]) == 0  # as a user checks it
        assert json.loads(capsys.readouterr().out)["valid"] is True


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--p1", "normal"], "argument --p1: unknown Spades player 'normal'"),
        (["--p2", "hard/naive"], "argument --p2: unknown Spades player 'hard/naive'"),
        (["--variant", "points"], "argument --variant: an option of Spit's, not of Spades"),
        (["--limit-minutes", "3"], "argument --limit-minutes: an option of Spit's"),
        (["--games", "0"], "--games: must be at least 1"),
        (["--target", "0"], "--target: must be at least 1"),
    ],
)
def test_bad_arguments_exit_2_with_one_line(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    assert_usage_error(capsys, ["--game", "spades", *args], message)


def test_an_unknown_game_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    try:
        code = main(["sim", "--game", "chess"])
    except SystemExit as exit_:
        code = int(exit_.code or 0)
    _, err = capsys.readouterr()
    assert code == 2 and "invalid choice: 'chess'" in err and err.count("\n") == 1
