"""A room on virtual time: a player who drops, the countdown the other sees, the end by
forfeit or the bot that takes the seat, a rematch, and the replays of each, verified.

The room is pure (every time is passed in), so these drive it exactly, without
sockets: a minute's grace costs nothing."""

from __future__ import annotations

import json
import random
from pathlib import Path

import msgspec.structs

from spit.core.replay.seat_records import BotSeat, Forfeit
from spit.games.spit.replay import load_replay, verify
from spit.games.spit.wire import Table
from spit.net.protocol import Close, GraceOver, parse_server
from spit.net.room import CLAIM_MS, REJOIN_GRACE_MS, SPECTATORS, Room

from .loopback import FAST, greedy_intent


def _room(tmp_path: Path, seed: int = 5) -> Room:
    seeds = iter(range(seed, seed + 10))
    room = Room(
        "R00-M01-AAA",
        lambda names: Table(names, next(seeds), tmp_path, timing=FAST),
        game="spit",
    )
    room.sit("Ann", 0)
    room.sit("Bob", 0)
    return room


def _sent(outbox: list[tuple[int, str]]) -> list[tuple[int, str, dict]]:
    """(seat, type, fields) of each frame to a seat, every one checked as a client
    checks it (the spectators' frames are ``test_spectators``'s)."""
    out = []
    for seat, frame in outbox:
        message = parse_server(frame)
        if seat == SPECTATORS:
            continue
        out.append((seat, message.kind, msgspec.structs.asdict(message)))
    return out


def _play(
    room: Room, now: float, until: float, seats: tuple[int, ...], rng: random.Random
) -> float:
    """Step the room every 20 ms up to ``until`` (or the end), ``seats`` playing greedily
    from the views they are sent; returns the time reached."""
    while now < until and not (room.table is not None and room.table.finished):
        for seat, kind, fields in _sent(room.step(now)):
            if kind == "view" and seat in seats:
                intent = greedy_intent(fields["view"], rng)
                if intent is not None:
                    room.intent(seat, now, now, intent)
        now += 20
    room.step(now)
    return now


def test_the_other_player_sees_the_grace_count_down_then_may_take_the_win(tmp_path: Path) -> None:
    room = _room(tmp_path)
    now = _play(room, 0, 3000, (0, 1), random.Random(1))
    room.drop(1, now)
    assert room.paused
    game_time = room.table.now()  # type: ignore[union-attr]
    counts = []
    t = now
    while t < now + REJOIN_GRACE_MS + 1:
        for seat, kind, fields in _sent(room.step(t)):
            assert seat == 0
            if kind == "away":
                counts.append(fields["seconds_left"])
            if kind == "grace_over":
                assert fields == {"seat": 1, "seconds_left": CLAIM_MS // 1000}
        t += 250
    assert counts[0] == 60 and counts[-1] == 1
    assert counts == sorted(counts, reverse=True) and len(counts) == 60
    assert room.table.now() == game_time  # type: ignore[union-attr]  # paused all along
    assert room.cannot_rejoin(1) is not None  # too late now

    room.take_win(1, t)  # not the gone seat's to take: ignored
    assert not room.table.finished  # type: ignore[union-attr]
    room.take_win(0, t)
    sent = _sent(room.step(t))
    assert room.cannot_rejoin(1) == ("too late: the game was lost by forfeit", Close.FORFEIT)
    over = [fields for _, kind, fields in sent if kind == "over"]
    assert over and over[0]["winner"] == 0 and over[0]["reason"] == "forfeit"
    assert [kind for _, kind, _ in sent][-1] == "over"  # after the last view

    path = room.table.replay_path  # type: ignore[union-attr]
    assert path is not None and over[0]["replay"] == path.name
    replay = load_replay(path)
    assert replay.forfeit == Forfeit(game_time, 1)
    result = verify(replay)
    assert result.trusted and result.finished and result.winner == 0
    assert result.final_hash == over[0]["hash"] == room.table.state_hash()  # type: ignore[union-attr]


def test_silence_after_the_grace_takes_the_win_for_the_player_present(tmp_path: Path) -> None:
    room = _room(tmp_path)
    room.step(0)
    room.drop(0, 100)
    kinds = []
    for t in range(100, 100 + REJOIN_GRACE_MS + CLAIM_MS + 2000, 500):
        kinds += [(kind, fields) for _, kind, fields in _sent(room.step(t))]
    over = [fields for kind, fields in kinds if kind == "over"]
    assert len(over) == 1 and over[0]["winner"] == 1 and over[0]["reason"] == "forfeit"
    assert verify(load_replay(room.table.replay_path)).winner == 1  # type: ignore[union-attr,arg-type]


def test_a_player_back_in_time_resumes_the_game_where_it_stopped(tmp_path: Path) -> None:
    room = _room(tmp_path)
    now = _play(room, 0, 2000, (0, 1), random.Random(2))
    game_time = room.table.now()  # type: ignore[union-attr]
    room.drop(0, now)
    assert _sent(room.step(now + 10_000))[-1][2]["seconds_left"] == 50
    room.rejoin(0, now + 20_000)
    sent = _sent(room.step(now + 20_000))
    assert (1, "back", {"seat": 0}) in sent
    assert not room.paused
    # the 20 s away did not count as game time
    room.step(now + 20_000 + 100)
    assert room.table.now() - game_time <= 200  # type: ignore[union-attr]


def test_the_replay_is_given_a_few_times_a_game_and_only_after_it(tmp_path: Path) -> None:
    room = _room(tmp_path)
    assert room.replay_request(0) == (None, "the game is not over yet")
    room.leave(0, 10)
    room.step(10)
    path = room.table.replay_path  # type: ignore[union-attr]
    assert [room.replay_request(1) for _ in range(3)] == [(path, None)] * 3
    assert room.replay_request(1) == (None, "the replay was asked for too often")
    assert room.replay_request(0) == (path, None)  # each seat counts its own
    room.rematch(0, 20)
    room.rematch(1, 20)
    assert room.table is not None and not room.table.finished
    assert room.replay_request(0) == (path, None)  # the game just over: the one before


def test_a_bot_takes_the_gone_seat_and_the_game_goes_on_to_its_end(tmp_path: Path) -> None:
    room = _room(tmp_path)
    now = _play(room, 0, 2000, (0, 1), random.Random(3))
    room.drop(1, now)
    now += REJOIN_GRACE_MS
    room.step(now)
    room.play_bot(0, now)
    assert not room.paused and room.cannot_rejoin(1) is not None
    now = _play(room, now, now + 600_000, (0,), random.Random(4))
    table = room.table
    assert table is not None and table.finished
    assert isinstance(table, Table) and table.bots
    replay = load_replay(table.replay_path)  # type: ignore[arg-type]
    bots = [r for r in replay.records if isinstance(r, BotSeat)]
    assert len(bots) == 1 and bots[0].player == 1 and bots[0].level == "normal"
    bot_inputs = [r for r in replay.inputs if r.player == 1 and r.t > bots[0].t]
    assert bot_inputs  # the bot did play
    result = verify(replay)
    assert result.trusted and result.finished
    assert result.final_hash == table.state_hash()


def test_leaving_concedes_and_a_rematch_starts_a_new_game_with_a_new_replay(
    tmp_path: Path,
) -> None:
    room = _room(tmp_path)
    now = _play(room, 0, 1500, (0, 1), random.Random(5))
    first = room.table
    assert first is not None
    room.rematch(0, now)  # during a game: nothing
    assert not any(kind == "rematch" for _, kind, _ in _sent(room.step(now)))
    room.leave(1, now)
    over = [f for _, kind, f in _sent(room.step(now)) if kind == "over"]
    assert over == over[:2] and over[0]["winner"] == 0 and over[0]["reason"] == "left"
    room.rematch(1, now)
    assert (0, "rematch", {"seat": 1}) in _sent(room.step(now))
    room.rematch(0, now + 5)
    sent = _sent(room.step(now + 5))
    kinds = [kind for _, kind, _ in sent]
    assert kinds.count("new_game") == 2 and kinds.index("new_game") < kinds.index("view")
    assert room.table is not first and room.games == 2
    assert room.table.replay_path != first.replay_path  # type: ignore[union-attr]
    assert room.table.view(0) != first.view(0)  # a fresh seed: another deal
    assert not room.table.finished  # type: ignore[union-attr]


def test_every_frame_of_a_game_with_a_drop_is_one_a_client_accepts(tmp_path: Path) -> None:
    room = _room(tmp_path)
    now = _play(room, 0, 1000, (0, 1), random.Random(6))
    room.drop(0, now)
    for t in range(int(now), int(now) + 5000, 100):
        for _, frame in room.step(t):
            assert json.loads(frame)["type"] in ("away", "view")
            parse_server(frame)
    for frame in room.snapshot(1, now + 5000):
        parse_server(frame)


def test_views_say_whether_a_key_would_do_something_and_lost_races_by_how_much(
    tmp_path: Path,
) -> None:
    room = _room(tmp_path)
    rng = random.Random(7)
    can_play: set[bool] = set()
    margins: list[int] = []
    now = 0.0
    while now < 120_000 and not room.table.finished:  # type: ignore[union-attr]
        for seat, kind, fields in _sent(room.step(now)):
            if kind != "view":
                continue
            can_play.add(fields["view"]["can_play"])
            margins += [
                e["beaten_by_ms"]
                for e in fields["events"]
                if e.get("too_slow") and seat == e["seat"]
            ]
            intent = greedy_intent(fields["view"], rng)
            if intent is not None:  # both seats race for the same piles, a few ms apart
                room.intent(seat, now, now + rng.choice((0, 3, 7)), intent)
        now += 20
    assert can_play == {True, False}
    assert margins and all(0 <= m <= FAST.too_slow_ms for m in margins)


def test_each_game_starts_with_both_names_for_both_players(tmp_path: Path) -> None:
    room = _room(tmp_path)
    sent = _sent(room.step(0))
    starts = [(seat, fields) for seat, kind, fields in sent if kind == "new_game"]
    assert starts == [(0, {"names": ["Ann", "Bob"]}), (1, {"names": ["Ann", "Bob"]})]
    assert [kind for _, kind, _ in sent].index("view") > 1  # the views follow


def test_a_host_gone_before_the_game_starts_gets_the_whole_grace_from_its_start(
    tmp_path: Path,
) -> None:
    seeds = iter(range(3, 13))
    room = Room("R00-M02-AAA", lambda names: Table(names, next(seeds), tmp_path, timing=FAST))
    room.sit("Ann", 0)
    room.drop(0, 1_000)  # waiting for an opponent, the line drops
    room.sit("Bob", 500_000)  # long after
    away = [f for _, kind, f in _sent(room.step(500_000)) if kind == "away"]
    assert away == [{"seat": 0, "seconds_left": REJOIN_GRACE_MS // 1000}]
    assert room.cannot_rejoin(0) is None


def test_a_player_back_after_the_other_ran_out_of_time_may_still_choose(tmp_path: Path) -> None:
    room = _room(tmp_path)
    room.step(0)
    room.drop(1, 0)
    room.step(REJOIN_GRACE_MS)  # Bob's grace is over; Ann is told, and then drops too
    room.drop(0, REJOIN_GRACE_MS + 1_000)
    room.rejoin(0, REJOIN_GRACE_MS + 11_000)
    frames = [parse_server(f) for f in room.snapshot(0, REJOIN_GRACE_MS + 11_000)]
    assert [m.kind for m in frames] == ["view", "grace_over"]
    assert frames[1] == GraceOver(seat=1, seconds_left=CLAIM_MS // 1000 - 11)
    room.play_bot(0, REJOIN_GRACE_MS + 12_000)
    assert not room.paused


def test_a_player_back_after_the_game_learns_the_result_and_the_rematch_asked(
    tmp_path: Path,
) -> None:
    room = _room(tmp_path)
    room.step(0)
    room.leave(0, 10)
    room.step(10)
    room.drop(1, 20)
    room.rematch(0, 30)
    room.rejoin(1, 40)
    kinds = [parse_server(f).kind for f in room.snapshot(1, 40)]
    assert kinds == ["view", "over", "rematch"]
