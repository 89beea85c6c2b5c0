"""The battery every registered game passes (after OpenSpiel's RandomSimTest): random
legal play with a deterministic state hash, serialize and clone round trips, replay
write, read and verify, tampering detected, the simulator's report, a statistics row
and a rating update, a network room that sends no seat what it cannot see, and a draw
counted everywhere. War (``tests/war``) is installed by ``extra_game`` for its turn.

What the battery cannot ask a game is in ``battery_games``; a part not yet written once
for every game is skipped for the games without it, saying what is missing."""

from __future__ import annotations

import copy
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spit.core.cards import DECK, card_name
from spit.core.replay.reading import UnreadableReplay
from spit.core.replay.seal import Seal
from spit.core.seats import SEATS
from spit.games import registry
from spit.games.descriptor import GameDescriptor
from spit.games.replays import parse_any_replay, verify_any
from spit.play.deals import ScriptedDeals, SeededDeals
from spit.play.events import InputRecord
from spit.play.net_table import read_event, read_observation
from spit.play.session import Session
from spit.sim import run_games
from spit.sim.report import text as report_text
from spit.sim.report import to_json
from spit.stats import StatsDB
from tests.replay.edits import edits

from .battery_games import ENTRIES, AnySession, Entry
from .cards_in import cards_in

NAMES = [*(game.name for game in registry.games()), "war"]
NOT_YET = "not yet written once for every game:"
SEEDS = st.integers(min_value=0, max_value=2**63 - 1)
FEW = settings(
    max_examples=4, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
CARD_NAMES = {card_name(card): card for card in DECK}


def test_every_registered_game_is_in_the_battery() -> None:
    assert {game.name for game in registry.games()} <= set(ENTRIES) and set(NAMES) == set(ENTRIES)


@pytest.fixture(params=NAMES)
def entry(
    request: pytest.FixtureRequest, extra_game: Callable[[GameDescriptor, Any], None]
) -> Entry:
    """The game, registered: the program's are; a game of the tests is installed now."""
    entry = ENTRIES[request.param]
    if entry.screens is not None:
        extra_game(entry.descriptor, entry.screens)
    assert registry.by_name(entry.name) is entry.descriptor
    return entry


# -- playing


class Played:
    """A recorder of everything a session dealt and handled."""

    def __init__(self) -> None:
        self.deals: list[Any] = []
        self.inputs: list[InputRecord[Any, Any]] = []

    def on_deal(self, t: int, round_no: int, deal: Any) -> None:
        self.deals.append(deal)

    def on_input(self, record: InputRecord[Any, Any], state: Any) -> None:
        self.inputs.append(record)

    def on_round_over(self, t: int, state: Any) -> None:
        pass

    def on_game_over(self, t: int, state: Any) -> None:
        pass


def new_session(entry: Entry, seed: int, **options: Any) -> AnySession:
    game = entry.game()
    return Session(game, SeededDeals(game, seed), **options)


def random_steps(session: AnySession, rng: random.Random, steps: int) -> Iterator[str]:
    """Play ``steps`` random inputs at random times (now and then a seat's action
    submitted by the other seat, which is refused unless both may take it); the state
    hash after each. Every legal action is accepted, its text as an action and as an
    intent means it (an action is an intent meaning itself, though its text may read
    as a key of the same meaning), and the outcome is known exactly when the game is
    over, when no seat has a legal action."""
    game = session.game
    codec = game.codec
    t = session.time
    for _ in range(steps):
        t += rng.randint(1, 300)
        session.advance_to(t)
        if session.finished:
            assert not session.stage.over or not any(map(session.legal_actions, SEATS))
            return
        seat = SEATS[rng.randrange(2)]
        legal = session.legal_actions(seat)
        others = session.legal_actions(SEATS[1 - seat])
        if legal and (not others or rng.random() < 0.9):
            action = rng.choice(legal)
            assert codec.parse_action(codec.action_text(action)) == action
            meant = codec.parse_intent(codec.intent_text(action))
            assert game.resolve(session.state, session.stage, seat, meant) == action
            record = session.submit_at(t, seat, action)
            assert isinstance(record, InputRecord) and record.accepted, record
        elif others:
            before = game.state_hash(session.state)
            action = rng.choice(others)
            record = session.submit_at(t, seat, action)
            if not record.accepted:
                assert game.state_hash(session.state) == before
        assert (game.outcome(session.state) is not None) == session.stage.over
        yield game.state_hash(session.state)


@FEW
@given(seed=SEEDS)
def test_random_legal_play_hashes_the_same_every_time(entry: Entry, seed: int) -> None:
    runs = [list(random_steps(new_session(entry, seed), random.Random(seed), 100)) for _ in "ab"]
    assert runs[0] == runs[1] and runs[0]
    assert all(re.fullmatch("[0-9a-f]{32}", digest) for digest in runs[0])


@FEW
@given(seed=SEEDS)
def test_a_clone_plays_on_as_the_original(entry: Entry, seed: int) -> None:
    session = new_session(entry, seed)
    list(random_steps(session, random.Random(seed), 40))
    twin = copy.deepcopy(session)
    rest = [list(random_steps(s, random.Random(seed + 1), 40)) for s in (session, twin)]
    assert rest[0] == rest[1]


@FEW
@given(seed=SEEDS)
def test_what_the_codec_writes_reads_back_and_plays_the_same(entry: Entry, seed: int) -> None:
    """Every deal and input through the codec's text and back, then played again from
    what was read: the same game, hash for hash (what a replay and the network rely
    on); and text the codec does not know is a ``ValueError`` saying so safely."""
    played = Played()
    session = new_session(entry, seed, recorders=[played])
    hashes = list(random_steps(session, random.Random(seed), 150))
    codec = session.game.codec
    deals = [codec.read_deal(codec.deal_fields(deal)) for deal in played.deals]
    assert deals == played.deals
    inputs = [
        (r.t, r.player, codec.parse_action(codec.action_text(r.action))) for r in played.inputs
    ]
    assert [action for _, _, action in inputs] == [r.action for r in played.inputs]
    again = Session(session.game, ScriptedDeals(deals), collect_events=False)
    for t, seat, action in inputs:
        again.submit_at(t, seat, action)
    again.advance_to(session.time)
    assert session.game.state_hash(again.state) == session.game.state_hash(session.state)
    assert hashes and played.inputs


def test_the_codec_refuses_text_it_does_not_know_safely(
    entry: Entry, request: pytest.FixtureRequest
) -> None:
    """Text the codec does not know is a ``ValueError`` whose message is fit to show:
    the text quoted safely and cut short (``spit.game.Codec``)."""
    codec = entry.game().codec
    for text in ("", "\x1b]2;pwned\x07", "flip flop " * 1000):
        for parse in (codec.parse_action, codec.parse_intent):
            with pytest.raises(ValueError) as refused:
                parse(text)
            assert "\x1b" not in str(refused.value) and len(str(refused.value)) < 300


def test_every_seat_observes_the_game(entry: Entry) -> None:
    """Observations are plain records (a network view is made of them), and what a seat
    or a spectator sees depends on the state alone: equal states, equal observations
    (a clone's)."""
    session = new_session(entry, 5)
    info = session.game.info
    assert info.key == entry.name and info.seats == 2
    for _ in random_steps(session, random.Random(5), 80):
        twin = copy.deepcopy(session.state)
        for seat in (*SEATS, None):
            seen = session.observe(seat)
            assert msgspec.json.encode(seen) == msgspec.json.encode(
                session.game.observe(twin, seat)
            )


# -- a whole game, recorded


def recorded(
    entry: Entry, directory: Path, seed: int, limit_ms: int | None = None
) -> tuple[Path, AnySession]:
    """A whole game between the entry's players (or its first ``limit_ms``), written by
    the game's writer."""
    if entry.writer is None:
        pytest.skip(
            f"{NOT_YET} the replay writer, reader and verifier (wt-replay), for {entry.name}"
        )
    writer = entry.writer(directory, seed)
    session = new_session(
        entry, seed, agents=entry.players(seed), recorders=[writer], collect_events=False
    )
    session.run_to_end(limit_ms or 3_600_000)
    assert session.stage.over or limit_ms
    writer.close()
    return writer.path, session


def test_a_replay_is_written_read_and_verified(entry: Entry, tmp_path: Path) -> None:
    path, session = recorded(entry, tmp_path, 11)
    game, outcome = session.game, session.game.outcome(session.state)
    data = path.read_bytes()
    replay = parse_any_replay(data, path)
    assert replay.game == entry.name and registry.by_path(path) is entry.descriptor
    checked = verify_any(replay)
    assert checked.trusted and checked.finished and checked.seal is Seal.SEALED
    assert checked.final_hash == game.state_hash(session.state)
    assert checked.winner == outcome.winner and checked.rounds == session.rounds
    assert entry.descriptor.replays.describe(replay)
    last = msgspec.json.decode(data.splitlines()[-1])
    assert entry.descriptor.files.read_end(last).winner == outcome.winner


def test_tampering_is_detected(entry: Entry, tmp_path: Path) -> None:
    """A sample of a hostile tester's edits (``tests/replay/edits.py``) of a game's first
    20 seconds, every one found, at the line edited."""
    path, _ = recorded(entry, tmp_path, 12, limit_ms=20_000)
    every = list(edits(path.read_bytes()))
    assert len(every) > 50
    for edit in every[:: max(1, len(every) // 12)]:
        try:
            checked = verify_any(parse_any_replay(edit.data, path))
        except UnreadableReplay:
            continue
        assert not checked.trusted, edit.what
        assert checked.seal is Seal.EDITED and checked.edit is not None, edit.what
        assert checked.edit.line == edit.line, edit.what


def test_a_statistics_row_and_a_rating_update(entry: Entry, tmp_path: Path) -> None:
    path, session = recorded(entry, tmp_path / "replays", 13)
    outcome = session.game.outcome(session.state)
    db = StatsDB.open(tmp_path / "stats.db", replays=tmp_path / "replays")
    try:
        summary = db.record_game(path)
        assert summary is not None and summary.game == entry.name
        assert summary.winner == outcome.winner and summary.rounds == session.rounds
        assert [game.final_hash for game in db.recent_games()] == [summary.final_hash]
        assert db.why_not_counted(summary) is None
        changes = {rated.name: rated for rated in db.rating_changes(summary)}
        assert set(changes) == {"Ann", "Bob"} and all(
            r.game == entry.name for r in changes.values()
        )
        if outcome.winner is None:  # a draw: both as they were, and surer of it
            assert changes["Ann"].change == changes["Bob"].change == 0
        else:
            winner, loser = ("Ann", "Bob") if outcome.winner == 0 else ("Bob", "Ann")
            assert changes[winner].change > 0 > changes[loser].change
    finally:
        db.close()


@pytest.mark.slow
def test_the_simulators_report(entry: Entry) -> None:
    assert entry.descriptor.simulator is not None, "every game brings its simulator"
    simulator = entry.descriptor.simulator()
    run = run_games(simulator, 2, 7)
    report = to_json(entry.descriptor.info, simulator, run)
    assert run.games == 2 and run.wins(0) + run.wins(1) + run.draws + run.unfinished == 2
    assert "2 games" in report_text(entry.descriptor.info, simulator, run) and report["games"] == 2
    assert report["draws"] == run.draws and report["game"] == entry.name
    assert run.records == run_games(simulator, 2, 7, jobs=2).records


# -- the network


def _card_names(payload: object) -> set[str]:
    """Every card a JSON value names, in any string (``"TD"``, ``"TD 3C"``, ``"play TD"``)."""
    if isinstance(payload, str):
        return {word for word in re.split(r"[^0-9A-Z]+", payload) if word in CARD_NAMES}
    if isinstance(payload, dict):
        return set().union(*map(_card_names, payload.values()))
    if isinstance(payload, list | tuple):
        return set().union(*map(_card_names, payload))
    return set()


def _named(hidden: frozenset[int]) -> set[str]:
    return {card_name(card) for card in hidden}


def _seen(entry: Entry, view: dict[str, Any], told: list[Any], shown: object) -> set[str]:
    """The cards a view and news name: by name, and, from the wire written once
    (``ObservedWire``: cards as numbers), the cards of the observation and events read
    back, where the observation must be ``shown``, the game's for that seat."""
    names = _card_names([view, *told])
    if "observation" not in view:
        return names
    assert set(view) <= {"observation", "ready", "forfeit", "can_play", "counts"}, "no more"
    counts = view.get("counts", {})  # a game's counts of cards, a spectator's
    assert all(all(type(n) is int for n in pair) for pair in counts.values())
    seen = read_observation(view, type(shown))
    assert seen == shown, "a seat is sent its observation, as it is"
    events = []
    for item in told:
        assert set(item) <= {"kind", "t", "seat", "action", "events", "why", "resolved", "level"}
        for sent in item.get("events", ()):
            events.append(event := read_event(sent, entry.events))
            assert msgspec.json.encode(event) == msgspec.json.encode(sent["data"]), "no more"
    return names | _named(frozenset(cards_in([seen, *events])))


def test_a_network_room_sends_no_seat_what_it_cannot_see(entry: Entry, tmp_path: Path) -> None:
    """The room's table played by random clients beside a session of the same game and
    deals: it is the game (the same hashes), and no view or news for a seat, nor for a
    spectator, names a card the rules hide from it then (where the other seat's view
    would, so the check can fail)."""
    net = entry.descriptor.net
    if net is None:
        pytest.skip(f"{NOT_YET} the network table (wt-nettable), for {entry.name}")
    seed, rng = 21, random.Random(21)
    table = net.table(("Ann", "Bob"), seed=seed, replay_dir=tmp_path, **entry.net_options)
    shadow = new_session(entry, seed, collect_events=False, auto_deal=entry.next_text is None)
    game, hid, leaks = shadow.game, 0, 0
    t = 0
    for _ in range(220):
        if table.finished:
            break
        t += rng.randint(1, 300)
        table.advance(t)
        shadow.advance_to(t)
        if entry.next_text is not None and shadow.stage.dealing:
            for seat in SEATS:
                table.submit(seat, entry.next_text, t)
                shadow.submit_at(t, seat, game.codec.parse_intent(entry.next_text))
        seat = SEATS[rng.randrange(2)]
        texts = entry.net_intents(shadow, seat)
        if texts:
            text = rng.choice(texts)
            table.submit(seat, text, t)
            shadow.submit_at(t, seat, game.codec.parse_intent(text))
        assert table.state_hash() == game.state_hash(shadow.state)
        news = table.news()
        for seat in SEATS:
            hidden = _named(entry.hidden(shadow.state, seat))
            hid += bool(hidden)
            told = [item for whom, item in news if whom in (None, seat)]
            assert not _seen(entry, table.view(seat), told, shadow.observe(seat)) & hidden, seat
            other = SEATS[1 - seat]
            leaks += bool(_seen(entry, table.view(other), [], shadow.observe(other)) & hidden)
        public = _named(entry.hidden(shadow.state, None))
        shown = _seen(entry, table.public_view(), table.public_news(), shadow.observe(None))
        assert not shown & public
    assert hid and t > 0 and (entry.next_text is None or shadow.rounds > 1)
    assert leaks or not game.info.hidden_information, "the other seat's view would not show"
    table.close()


# -- draws


def test_a_draw_is_counted_everywhere(entry: Entry, tmp_path: Path) -> None:
    """A game that can draw: some seed's game ends with no winner; its replay verifies
    to no winner and its listing says none; the statistics keep it with no winner and
    rate both players alike; the simulator counts draws."""
    if not entry.descriptor.info.can_draw:
        pytest.skip(f"{entry.name} cannot end in a draw")
    for seed in range(200):
        session = new_session(entry, seed, agents=entry.players(seed), collect_events=False)
        session.run_to_end(3_600_000)
        outcome = session.game.outcome(session.state)
        assert outcome is not None
        if outcome.draw:
            break
    else:
        pytest.fail("no draw in 200 games")
    assert outcome.winners == () and outcome.winner is None and session.stage.over
    assert outcome.scores[0] == outcome.scores[1]
    assert entry.descriptor.simulator is not None
    simulator = entry.descriptor.simulator()
    run = run_games(simulator, 40, 7)  # the simulator counts draws apart
    assert run.wins(0) + run.wins(1) + run.draws + run.unfinished == 40
    assert run.draws > 0 and to_json(entry.descriptor.info, simulator, run)["draws"] == run.draws
    assert f"draws: {run.draws};" in report_text(entry.descriptor.info, simulator, run)
    path, again = recorded(entry, tmp_path / "replays", seed)  # skips without a writer
    assert session.game.state_hash(again.state) == session.game.state_hash(session.state)
    checked = verify_any(parse_any_replay(path.read_bytes(), path))
    assert checked.trusted and checked.finished and checked.winner is None
    last = msgspec.json.decode(path.read_bytes().splitlines()[-1])
    assert entry.descriptor.files.read_end(last).winner is None
    db = StatsDB.open(tmp_path / "stats.db", replays=tmp_path / "replays")
    try:
        summary = db.record_game(path)
        assert summary is not None and summary.winner is None and summary.draw
        assert db.why_not_counted(summary) is None
        changes = [rated.change for rated in db.rating_changes(summary)]
        assert len(changes) == 2 and changes[0] == changes[1]
    finally:
        db.close()
