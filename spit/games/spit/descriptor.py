"""Spit, as the game registry (``spit.games.registry``) knows it.

Importing this module costs next to nothing: the functions below import Spit's
replay, bot and session modules only when they are first called, so that the registry
can list every game at start-up without loading any of them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from spit.games.registry import (
    Bots,
    FrontEnds,
    GameDescriptor,
    LayerRef,
    ReplayFiles,
)
from spit.games.spit.identity import NAME as NAME
from spit.games.spit.identity import SUFFIX as SUFFIX

if TYPE_CHECKING:
    from spit.core.replay.fields import PlayerInfo
    from spit.core.replay.verification import Verification
    from spit.games.spit.net_table import SpitNetTable
    from spit.games.spit.replay.reader import Replay
    from spit.games.spit.session import Match


def _read(data: bytes, path: Path | None = None) -> Replay:
    from spit.games.spit.replay.reader import parse_replay

    return parse_replay(data, path)


def _verify(replay: Replay) -> Verification:
    from spit.games.spit.replay.verify import verify

    return verify(replay)


def _describe(replay: Replay) -> str:
    from spit.engine import Variant

    header = replay.header
    text = header.variant.value
    return f"{text} (to {header.target})" if header.variant is Variant.POINTS else text


def _header(obj: dict[str, Any], version: tuple[int, int]) -> object:
    from spit.games.spit.replay.records import Header

    return Header.from_json(obj, version)


def _end(obj: dict[str, Any]) -> tuple[int, int | None, int]:
    from spit.games.spit.replay.records import End

    end = End.from_json(obj, 0)
    return end.winner, end.t, end.rounds


def _mode_text(players: Sequence[PlayerInfo]) -> str:
    humans = [p.kind == "human" for p in players]
    levels = [p.level or "?" for p in players]
    if all(humans):
        return "Two players"
    if any(humans):
        return f"vs {levels[humans.index(True) ^ 1]} bot"
    return f"Bots: {levels[0]} vs {levels[1]}"


def _levels() -> Sequence[str]:
    from spit.games.spit.bots import LEVELS

    return LEVELS


def _bot_text(level: str) -> str:
    from spit.games.spit.bots import bot_description

    return bot_description(level)


def _session(
    *, seed: int, agents: Sequence[Any], recorders: Sequence[Any] = (), **options: Any
) -> Match:
    from spit.games.spit.session import seeded_match

    return seeded_match(seed=seed, agents=agents, recorders=recorders, **options)


def _net_table(
    names: tuple[str, str], *, seed: int, replay_dir: Path | None, **options: Any
) -> SpitNetTable:
    from spit.engine import Variant
    from spit.games.spit.net_table import SpitNetTable

    if "variant" in options:  # by name from a command line or a hello's options
        try:
            options["variant"] = Variant(options["variant"])
        except ValueError:
            known = " or ".join(variant.value for variant in Variant)
            raise ValueError(f"the variant is {known}, not {options['variant']!r}") from None
    return SpitNetTable(names, seed, replay_dir, **options)


def _net_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """A room's variant, the one option a client may choose (``{"variant": "points"}``)."""
    from spit.engine import Variant

    unknown = sorted(set(options) - {"variant"})
    if unknown:
        raise ValueError(f"Spit has no option {unknown[0]}; it has variant")
    if "variant" not in options:
        return {}
    values = [variant.value for variant in Variant]
    if options["variant"] not in values:
        raise ValueError(f"Spit's variant is one of {', '.join(values)}")
    return {"variant": Variant(options["variant"])}


DESCRIPTOR: Final[GameDescriptor[Replay]] = GameDescriptor(
    name=NAME,
    title="Spit",
    round_word="round",
    files=ReplayFiles(
        suffix=SUFFIX,
        new_round=("deal", "round"),
        read_header=_header,
        read_end=_end,
        mode_text=_mode_text,
    ),
    read_replay=_read,
    verify=_verify,
    describe=_describe,
    bots=Bots(levels=_levels, describe=_bot_text, default=None),
    front_ends=FrontEnds(
        viewer=LayerRef("spit.tui.spit.viewer:ReplayViewerScreen"),
        table=LayerRef("spit.tui.spit.game_screen:GameScreen"),
        menu_label=None,
        net_screen=LayerRef("spit.tui.spit.net_screen:SpitNetScreen"),
    ),
    summary=LayerRef("spit.stats.summary:spit_summary"),
    command=("play", LayerRef("spit.commands.play")),
    command_help="start a game: two players on one keyboard, or --bot LEVEL",
    session=_session,
    net_table=_net_table,
    net_options=_net_options,
)
