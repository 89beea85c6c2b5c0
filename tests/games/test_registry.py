"""The game registry: every game registered once, found by name, header and suffix,
a clear error for a game it does not know, and every dotted path a descriptor gives
for a higher layer naming a real object of the right kind."""

from __future__ import annotations

import argparse
import inspect
import subprocess
import sys
from pathlib import Path

import msgspec
import pytest
from textual.screen import Screen

from spit.core.replay.reading import UnreadableReplay
from spit.games import registry
from spit.games.replays import game_of, load_any_replay, parse_any_replay
from spit.tui.shared.viewer_base import ViewerScreen

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "replay" / "golden"
GAMES = registry.games()


def test_every_game_package_registers_one_game() -> None:
    assert len(GAMES) == len(registry.GAME_PACKAGES) >= 2
    for package, game in zip(registry.GAME_PACKAGES, GAMES, strict=True):
        assert type(game).__module__ == "spit.games.registry"
        assert sys.modules[f"{package}.descriptor"].DESCRIPTOR is game
    for what in ("name", "suffix", "title"):
        values = [getattr(game, what) for game in GAMES]
        assert len(set(values)) == len(values), what
    assert len({game.command[0] for game in GAMES}) == len(GAMES)


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name)
def test_lookups(game: registry.GameDescriptor[object]) -> None:
    assert registry.by_name(game.name) is game
    assert registry.by_header({"format": "spit-replay", "game": game.name}) is game
    for name in (f"x{game.suffix}", f"/a/b/2026-01-01{game.suffix}", Path(f"c{game.suffix}")):
        assert registry.by_path(name) is game
    assert registry.stem(f"my game{game.suffix}") == "my game"
    assert game.suffix in registry.suffixes()


def test_a_header_naming_no_game_is_the_first_games() -> None:
    assert registry.by_header({"format": "spit-replay"}) is GAMES[0]


@pytest.mark.parametrize("name", ["chess", "", "SPADES", "spit ", "\x1b]2;x\x07"])
def test_an_unknown_game_is_a_clear_error(name: str) -> None:
    for lookup in (registry.by_name, lambda n: registry.by_header({"game": n})):
        with pytest.raises(registry.UnknownGame) as caught:
            lookup(name)
        message = str(caught.value)
        assert repr(name)[:30] in message and "\x1b" not in message
        assert all(game.name in message for game in GAMES)


@pytest.mark.parametrize("name", ["x.jsonl", "game.spit", "spades.jsonl.bak", ""])
def test_a_file_of_no_game(name: str) -> None:
    assert registry.by_path(name) is None
    assert registry.stem(name) == name


def test_a_replay_of_an_unknown_game_is_unreadable() -> None:
    data = b'{"format": "spit-replay", "version": "1.1", "game": "chess"}\n'
    with pytest.raises(UnreadableReplay, match="'chess', which this spit-tui"):
        parse_any_replay(data)


@pytest.mark.parametrize("path", sorted(GOLDEN.iterdir()), ids=lambda path: path.name)
def test_each_golden_is_read_by_the_game_its_suffix_names(path: Path) -> None:
    game = registry.by_path(path)
    assert game is not None
    replay = load_any_replay(path)
    assert game_of(replay) is game
    assert game.describe(replay)
    assert game.files.mode_text(replay.header.players, replay.over_the_network)


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name)
def test_every_layer_path_names_the_right_object(game: registry.GameDescriptor[object]) -> None:
    """The front ends, the summary and the command are named by path (the games layer
    may not import them): each must exist and be what its user calls."""
    viewer = game.front_ends.viewer.load()
    assert issubclass(viewer, ViewerScreen)
    table = game.front_ends.table.load()
    assert issubclass(table, Screen)
    if game.front_ends.menu_label is not None:
        assert callable(table.from_settings)
    summary = game.summary.load()
    assert list(inspect.signature(summary).parameters) == ["replay", "path"]
    module = game.command[1].load()
    assert callable(module.run)
    parser = argparse.ArgumentParser()
    game.add_options(parser)
    assert parser.parse_args([]) is not None


def _paths(value: object) -> list[registry.LayerRef]:
    """Every path a descriptor holds, in its fields and theirs: the refs themselves and
    the refs whose ``load`` fills a field (a value read when first asked for)."""
    if isinstance(value, registry.LayerRef):
        return [value]
    owner = getattr(value, "__self__", None)
    if isinstance(owner, registry.LayerRef):
        return [owner]
    if isinstance(value, tuple):
        return [ref for item in value for ref in _paths(item)]
    if isinstance(value, msgspec.Struct):
        return [ref for name in value.__struct_fields__ for ref in _paths(getattr(value, name))]
    return []


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name)
def test_every_headless_path_names_a_real_object(game: registry.GameDescriptor[object]) -> None:
    """A descriptor names its game's headless parts by path too (``Deferred``, a
    ``LayerRef``'s ``load``), which mypy cannot follow: each must load, and a
    ``Deferred`` must name something to call."""
    paths = _paths(game)
    assert any(isinstance(ref, registry.Deferred) for ref in paths)
    for ref in paths:
        found = ref.load()
        assert found is not None, ref.path
        if isinstance(ref, registry.Deferred):
            assert callable(found), ref.path


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name)
def test_bot_levels(game: registry.GameDescriptor[object]) -> None:
    levels = game.bots.levels()
    assert levels and len(set(levels)) == len(levels)
    assert game.bots.default is None or game.bots.default in levels
    assert all(game.bots.describe(level) for level in levels)


def test_the_spit_session_factory_plays_a_game() -> None:
    from spit.games.spit.bots import make_bot

    game = GAMES[0]
    assert game.session is not None
    session = game.session(seed=3, agents=[make_bot("expert", seat, seed=seat) for seat in (0, 1)])
    session.run_to_end(10 * 60 * 1000)
    assert session.time > 0


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name)
def test_every_game_simulates_two_games_by_its_plan(game: registry.GameDescriptor[object]) -> None:
    """``spit-tui sim --game NAME`` knows a game only by its simulator: the defaults
    make a plan, its two games play, and both reports speak of them."""
    from spit.games.simulation import SimRequest
    from spit.sim import run_indexed

    assert game.simulator is not None
    simulator = game.simulator()
    assert simulator.players_help and simulator.target_help
    assert all(option.choices or option.maximum for option in simulator.options)
    player = simulator.default_player
    request = SimRequest(2, 7, player, player, simulator.default_target, 1, None)
    plan = simulator.plan(request)
    run = run_indexed(plan.play, plan.setup, 2)
    assert run.games == 2 and "2 games" in plan.report(run)
    assert plan.to_json(run)["games"] == 2 and plan.to_json(run)["seed"] == 7
    with pytest.raises(ValueError, match=r"^argument --p2: "):
        simulator.plan(SimRequest(2, 7, player, "no such player", 1, 1, None))


def _modules_after(code: str) -> set[str]:
    code = f"import sys\n{code}\nprint('\\n'.join(sorted(sys.modules)))\n"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    return set(done.stdout.split())


def test_listing_the_games_imports_no_game() -> None:
    """``spit-tui`` lists the games at start-up: the descriptors must not load any game's
    engine, replay, bots or screens, nor Textual."""
    loaded = _modules_after("from spit.games import registry\nregistry.games()")
    heavy = {m for m in loaded if m.startswith(("spit.engine", "spit.tui", "textual"))}
    small = ("descriptor", "identity")
    heavy |= {m for m in loaded if m.startswith("spit.games.") and not m.endswith(small)}
    assert heavy <= {"spit.games.registry", *registry.GAME_PACKAGES}


def test_starting_a_spit_command_loads_no_other_game() -> None:
    """``spit-tui play`` parses its options without a module of any other game."""
    loaded = _modules_after("import spit.cli\nspit.cli.build_parser('play')")
    others = [package for package in registry.GAME_PACKAGES[1:]]
    assert {m for m in loaded if m.startswith(tuple(others))} == {
        *others,
        *(f"{package}.descriptor" for package in others),
        *(f"{package}.identity" for package in others),
    }
