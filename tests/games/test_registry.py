"""The game registry as the composition root installs it: every game registered once,
found by name, header and suffix, a clear error for a game it does not know, each
game's parts and screens there and working, and listing the games loading none."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

from spit import cli, composition
from spit.core.replay.reading import UnreadableReplay
from spit.games import registry
from spit.games.descriptor import GameDescriptor
from spit.games.replays import game_of, load_any_replay, parse_any_replay
from spit.tui.shared.front_ends import front_ends

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "replay" / "golden"
GAMES = registry.games()


def test_the_root_registers_every_game_once() -> None:
    assert tuple(game for game, _ in composition.GAMES) == GAMES and len(GAMES) >= 2
    for game, screens in composition.GAMES:
        package = f"spit.games.{game.name}"
        assert sys.modules[f"{package}.descriptor"].DESCRIPTOR is game
        assert front_ends(game.name) is screens
    for what in ("name", "suffix", "title"):
        values = [getattr(game, what) for game in GAMES]
        assert len(set(values)) == len(values), what


def test_two_games_of_one_name_are_refused() -> None:
    with pytest.raises(ValueError, match="same name"):
        registry.install((GAMES[0], GAMES[0]))
    assert registry.games() == GAMES


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name)
def test_lookups(game: GameDescriptor) -> None:
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
    assert game.replays.describe(replay)
    assert game.files.mode_text(replay.header.players, replay.over_the_network)


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name)
def test_every_game_has_its_screens_replay_format_and_command(game: GameDescriptor) -> None:
    """The parts in higher layers come from those layers' own tables: the screens
    (``spit.tui.shared.front_ends``), the command line's subcommands; the statistics,
    written once, re-play a game through its replay format (``Replays.format``)."""
    screens = front_ends(game.name)
    assert callable(screens.viewer) and callable(screens.table)
    assert (screens.net_screen is None) == (game.net is None)
    assert game.replays.format is not None and game.replays.format().key == game.name
    modules = [module for module, _ in cli.COMMANDS.values()]
    assert f"spit.commands.{game.name}" in modules or game is GAMES[0]


@pytest.mark.parametrize("game", [g for g in GAMES if g.net is not None], ids=lambda g: g.name)
def test_a_network_table_is_made_and_its_options_checked(game: GameDescriptor) -> None:
    assert game.net is not None
    table = game.net.table(("Ann", "Bob"), seed=3, replay_dir=None)
    assert table.now() == 0 and not table.finished
    table.close()
    with pytest.raises(TypeError):
        game.net.table(("Ann", "Bob"), seed=3, replay_dir=None, colour="red")
    with pytest.raises(ValueError):
        game.net.options({"colour": "red"})


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name)
def test_bot_levels(game: GameDescriptor) -> None:
    levels = game.bots.levels()
    assert levels and len(set(levels)) == len(levels)
    assert game.bots.default is None or game.bots.default in levels
    assert all(game.bots.describe(level) for level in levels)


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name)
def test_every_game_simulates_two_games_by_its_plan(game: GameDescriptor) -> None:
    """``spit-tui sim --game NAME`` knows a game only by its simulator: the defaults
    make a plan, its two games play, and both reports speak of them."""
    from spit.sim import run_games
    from spit.sim.report import text, to_json

    assert game.simulator is not None
    simulator = game.simulator()
    assert simulator.players_help() and simulator.target_help
    assert all(option.choices or option.maximum for option in simulator.options)
    run = run_games(simulator, 2, 7)
    assert run.games == 2 and "2 games" in text(game.info, simulator, run)
    data = to_json(game.info, simulator, run)
    assert data["game"] == game.name and data["games"] == 2 and data["seed"] == 7
    with pytest.raises(ValueError, match=r"^argument --p2: "):
        run_games(simulator, 2, 7, p2="no such player")


def _modules_after(code: str) -> set[str]:
    code = f"import sys\n{code}\nprint('\\n'.join(sorted(sys.modules)))\n"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    return set(done.stdout.split())


PACKAGES = tuple(f"spit.games.{game.name}" for game in GAMES)
SCREENS = tuple(f"spit.tui.{game.name}" for game in GAMES)


def light_screens(packages: tuple[str, ...]) -> set[str]:
    """What a game's screens may load at start-up: the package, its front ends and its
    declared key map (plain data, for reading the settings file) where it has one."""
    parts = ("front_ends", "key_map")
    found = {
        f"{p}.{part}" for p in packages for part in parts if importlib.util.find_spec(f"{p}.{part}")
    }
    return {*packages, *found}


def test_installing_the_games_imports_no_game() -> None:
    """``spit-tui`` installs the games at start-up: the descriptors and the screens'
    tables must not load any game's engine, replay, bots or screens, nor Textual."""
    loaded = _modules_after("from spit import composition\ncomposition.install()")
    assert not {m for m in loaded if m.startswith(("spit.engine", "textual"))}
    small = ("descriptor", "identity")
    games = {m for m in loaded if m.startswith(PACKAGES)}
    assert games == {*PACKAGES, *(f"{p}.{part}" for p in PACKAGES for part in small)}
    screens = {m for m in loaded if m.startswith("spit.tui")}
    shared = {"spit.tui", "spit.tui.shared", "spit.tui.shared.front_ends"}
    assert screens == shared | light_screens(SCREENS)


def test_starting_a_spit_command_loads_no_other_game() -> None:
    """``spit-tui play`` parses its options without a module of any other game."""
    code = "import spit.cli\nspit.composition.install()\nspit.cli.build_parser('play')"
    loaded = _modules_after(code)
    games, screens = PACKAGES[1:], SCREENS[1:]
    assert {m for m in loaded if m.startswith(games)} == {
        *games,
        *(f"{package}.descriptor" for package in games),
        *(f"{package}.identity" for package in games),
    }
    assert {m for m in loaded if m.startswith(screens)} == light_screens(screens)
