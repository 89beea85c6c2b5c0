"""A descriptor's replay parts made from a game's ``spit.replay.format.ReplayFormat``:
``format_files`` and ``format_replays``. Each part loads the format (the game's replay
module) and the replay code written once only when first called, so that listing the
games loads neither (``spit.games.descriptor``)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from spit.core.replay.fields import PlayerInfo
from spit.games.descriptor import GameReplay, ListedEnd, ReplayFiles, ReplayHeader, Replays

if TYPE_CHECKING:
    from spit.core.replay.verification import Verification
    from spit.replay.format import ReplayFormat

    Format = ReplayFormat[Any, Any, Any, Any, Any, Any, Any, Any, Any]


def format_files(
    load: Callable[[], Format],
    suffix: str,
    new_round: tuple[str, str],
    mode_text: Callable[[tuple[PlayerInfo, PlayerInfo], bool], str],
) -> ReplayFiles:
    """How the replays of the format ``load`` gives look in a folder."""

    def header(obj: dict[str, object], version: tuple[int, int]) -> ReplayHeader:
        made: ReplayHeader = load().header.from_json(obj, version)
        return made

    def end(obj: dict[str, object], line: int) -> ListedEnd:
        return load().lines.read_end(dict(obj), line)

    return ReplayFiles(suffix, new_round, header, end, mode_text)


def format_replays(load: Callable[[], Format], describe: Callable[[GameReplay], str]) -> Replays:
    """Reading and checking the replays of the format ``load`` gives."""

    def read(data: bytes, path: Path | None) -> GameReplay:
        from spit.replay.reader import parse_replay

        replay: GameReplay = parse_replay(load(), data, path)
        return replay

    def verify(replay: GameReplay) -> Verification:
        from spit.replay.verify import verify_own

        return verify_own(load(), replay)

    return Replays(read=read, verify=verify, describe=describe)
