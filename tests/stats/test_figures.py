"""The per-game figures: checked by hand on a tiny game, against the replay's own
counts on random games."""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path

import pytest

from spit.engine import Play
from spit.games.spit.replay import load_replay, verify
from spit.stats import PlayerFigures, UnusableReplay, game_figures, summarize
from spit.stats.summary import Mode

from .games import HUMAN, bot, hand_game, play


def test_the_hand_checked_game(tmp_path: Path) -> None:
    figures = game_figures(load_replay(hand_game(tmp_path)))
    assert (figures.winner, figures.rounds, figures.duration_ms) == (0, 1, 3900)
    assert figures.playing_ms == 900  # from the spit at 3000 to the round's end at 3900
    short, long = figures.players
    assert short == PlayerFigures(
        cards_played=1,
        cards_per_minute=60_000 / 900,  # per minute of playing time
        reaction_ms=400.0,  # 3C was playable 3000-3200 (unused), then again from 3500
        reactions=1,
        rejected=1,  # the press during the countdown
        too_slow=0,
        fastest_run=1,
    )
    assert long == PlayerFigures(
        cards_played=2,
        cards_per_minute=2 * 60_000 / 900,
        reaction_ms=250.0,  # 3000 -> 3200, then 3200 (2D revealed) -> 3500
        reactions=2,
        rejected=0,
        too_slow=0,
        fastest_run=2,  # 300 ms apart
    )


def test_the_seats_do_not_matter(tmp_path: Path) -> None:
    first = game_figures(load_replay(hand_game(tmp_path, "a", short_seat=0)))
    second = game_figures(load_replay(hand_game(tmp_path, "b", short_seat=1)))
    assert second.players == first.players[::-1]
    assert (first.winner, second.winner) == (0, 1)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_agree_with_the_file_and_the_verifier(tmp_path: Path, seed: int) -> None:
    replay = load_replay(play(tmp_path, seed))
    figures = game_figures(replay)
    checked = verify(replay)
    assert checked.finished
    assert (figures.winner, figures.rounds) == (checked.winner, checked.rounds)
    assert (figures.duration_ms, figures.final_hash) == (checked.duration_ms, checked.final_hash)
    assert 0 < figures.playing_ms < figures.duration_ms
    for seat, player in enumerate(figures.players):
        inputs = [i for i in replay.inputs if i.player == seat]
        plays = [i.t for i in inputs if i.accepted and isinstance(i.action, Play)]
        assert player.cards_played == len(plays) == player.reactions
        assert player.rejected == sum(not i.accepted for i in inputs)
        assert 0 <= player.too_slow <= player.rejected
        assert player.cards_per_minute == pytest.approx(len(plays) * 60_000 / figures.playing_ms)
        assert player.reaction_ms is not None and player.reaction_ms > 0
        assert 1 <= player.fastest_run <= len(plays)
        assert player.fastest_run == longest_run(plays)


def longest_run(times: list[int]) -> int:
    best = run = 0
    for i, t in enumerate(times):
        run = run + 1 if i and t - times[i - 1] < 1000 else 1
        best = max(best, run)
    return best


def test_an_unfinished_game_has_no_winner(tmp_path: Path) -> None:
    figures = game_figures(load_replay(hand_game(tmp_path, finished=False)))
    assert figures.winner is None
    assert figures.duration_ms == 3500
    assert figures.playing_ms == 500  # still playing at the last line
    with pytest.raises(UnusableReplay, match="unfinished") as caught:
        summarize(hand_game(tmp_path, "b", finished=False))
    assert caught.value.unfinished


def test_summary_modes_and_the_human(tmp_path: Path) -> None:
    vs_bot = summarize(hand_game(tmp_path, "a", (bot("hard"), HUMAN), short_seat=1))
    assert (vs_bot.mode, vs_bot.human_seat, vs_bot.opponent_level) == (Mode.VS_BOT, 1, "hard")
    assert vs_bot.human is vs_bot.players[1] and vs_bot.human.won
    two = summarize(hand_game(tmp_path, "b", (HUMAN, HUMAN)))
    assert (two.mode, two.human, two.opponent_level) == (Mode.TWO_PLAYERS, None, None)
    bots = summarize(hand_game(tmp_path, "c", (bot("easy"), bot("hard"))))
    assert (bots.mode, bots.human) == (Mode.BOT_VS_BOT, None)
    assert vs_bot.started.isoformat() == "2026-03-01T11:00:00+00:00"
    assert [p.name for p in two.players] == ["Ann", "Ann"]


def test_without_a_start_time_the_file_tells_when(tmp_path: Path) -> None:
    path = hand_game(tmp_path, created=None)
    os.utime(path, (1_700_000_000, 1_700_000_000))
    assert summarize(path).started == datetime(2023, 11, 14, 22, 13, 20, tzinfo=UTC)


def test_copies_of_a_game_share_its_key_and_other_games_do_not(tmp_path: Path) -> None:
    path = hand_game(tmp_path, "a")
    copy = tmp_path / "copy.spit.jsonl"
    copy.write_text(path.read_text().replace("\n", "\r\n"))  # as read, the same game
    edited = hand_game(tmp_path, "b", created="2026-03-02T12:00:00+01:00", players=(HUMAN, HUMAN))
    other = tmp_path / "c.spit.jsonl"  # the early press a little later: another game
    other.write_text(path.read_text().replace('"t": 2500', '"t": 2600'))
    keys = [summarize(p).game_key for p in (path, copy, edited, other)]
    # Another start time and other players in the header: still the same deals and
    # inputs, the same game.
    assert keys[0] == keys[1] == keys[2] != keys[3]
    # Same final table, though: the final hash alone would take them for one game.
    assert summarize(path).final_hash == summarize(other).final_hash


@pytest.mark.parametrize(("last", "active"), [(3900, 900), (13_500, 10_500), (63_900, 10_500)])
def test_idle_stretches_count_for_at_most_ten_seconds(
    tmp_path: Path, last: int, active: int
) -> None:
    """The hand-checked game with its winning play ``last`` ms in: the stretch before
    it counts for at most ``IDLE_MS`` in the active time (what "fastest win" compares),
    while the playing time keeps all of it."""
    from spit.stats import IDLE_MS

    path = hand_game(tmp_path)
    path.write_text(path.read_text().replace('"t": 3900', f'"t": {last}'))
    figures = game_figures(load_replay(path))
    assert figures.playing_ms == last - 3000
    assert figures.active_ms == active == 200 + 300 + min(last - 3500, IDLE_MS)
