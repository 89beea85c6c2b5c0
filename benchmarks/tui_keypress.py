"""Key press to the frame that shows the played card, spit-tui against the bare app.

    python benchmarks/tui_keypress.py --games 20

Both programs run in real pseudo-terminals (tui_pty.py), in the same run, press for
press. For spit-tui each game is ``spit-tui play --seed N --no-record`` (two players);
the benchmark follows the same deal in a headless ``Session`` to know which keys play a
card, presses them (either player's), and times each press until the pile under the
card shows its new size. The bare app's presses are timed until its counter changes.
Targets: median at most 1.3x the bare app's, 99th percentile at most 2x.

Each game's first press waits until the "SPIT!" banner has gone. Its going is a frame
the game draws by itself, and Textual paints at most one frame per period (1/60 s): a
key pressed just after such a frame waits for the next period, some 10 ms, which the
bare app, drawing nothing by itself, never does. Pressing while the banner goes would
put that wait into the figures at the rate this script's fixed timing happens to meet
it (a tenth of the presses in some runs, none in others).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from tui_pty import PtyProgram, percentile, python

from spit.engine import Play, legal_actions
from spit.engine.timers import StagePhase, Timing
from spit.games.spit.game import new_session
from spit.settings.keymap import PRESETS, key_label
from spit.tui.spit.board.presenter import SPIT_MS

SIDES = ("left", "right")


def key_bytes(player: int, play: Play) -> bytes:
    key = PRESETS["qwerty"][f"p{player + 1}.play.{play.stock + 1}.{SIDES[play.pile]}"]
    return key_label(key).lower().encode()


def pile_text(size: int) -> str:
    """How the board labels a spit pile of ``size`` cards (the needle we wait for)."""
    return f" {size} card{'s' if size != 1 else ''} "


class Deal:
    """A seed's game followed in a headless match, to know which keys play a card."""

    def __init__(self, seed: int) -> None:
        self.match = new_session(seed=seed, timing=Timing())
        self.time = Timing().start_countdown_ms
        self.match.advance_to(self.time)

    def next_press(self) -> tuple[int, Play, str] | None:
        """A card play whose result shows as a pile size nothing else on screen shows."""
        state = self.match.state
        if self.match.stage.phase is not StagePhase.PLAYING:
            return None
        sizes = [len(pile) for pile in state.piles]
        for player in (0, 1):
            for action in legal_actions(state, player):
                if isinstance(action, Play):
                    new = sizes[action.pile] + 1
                    if new not in sizes and new < 10:
                        return player, action, pile_text(new)
        return None

    def played(self, player: int, play: Play) -> None:
        self.time += 1
        self.match.submit_at(self.time, player, play)


def wait_until_playing(program: PtyProgram) -> None:
    """Until the first card is on the piles and the banner has gone (module docstring)."""
    program.wait_for(pile_text(1), timeout=20)
    program.drain(SPIT_MS / 1000 + 0.3)


class Game:
    """A game on screen and the same game in a headless match, kept in step."""

    def __init__(
        self,
        seed: int,
        argv: list[str],
        env: dict[str, str] | None = None,
        cpus: frozenset[int] | None = None,
    ) -> None:
        self.deal = Deal(seed)
        self.program = PtyProgram(argv, env=env, cpus=cpus)
        try:
            wait_until_playing(self.program)
        except BaseException:
            self.program.close()
            raise

    def next_press(self) -> tuple[int, Play, str] | None:
        return self.deal.next_press()

    def press(self, player: int, play: Play, needle: str) -> float:
        since = len(self.program.text)
        start = self.program.press(key_bytes(player, play))
        seen = self.program.wait_for(needle, since=since)
        self.deal.played(player, play)
        return seen - start

    def close(self) -> None:
        self.program.close()


def measure(
    args: argparse.Namespace, bare: PtyProgram, spit: list[float], base: list[float]
) -> None:
    """Press for press, spit-tui games and the bare app: times go to ``spit`` and ``base``."""
    bare_count = 0
    gaps = random.Random(0)
    for seed in range(args.first_seed, args.first_seed + args.games):
        game = Game(seed, python("-m", "spit.cli", "play", "--seed", str(seed), "--no-record"))
        try:
            for _ in range(args.presses):
                chosen = game.next_press()
                if chosen is None:
                    break
                spit.append(game.press(*chosen))
                time.sleep(gaps.uniform(0.05, 0.15))
                bare_count += 1
                since = len(bare.text)
                start = bare.press(b"x")
                base.append(bare.wait_for(f"presses: {bare_count}", since=since) - start)
                time.sleep(gaps.uniform(0.05, 0.15))
        finally:
            game.close()


def options(doc: str, games: int) -> argparse.ArgumentParser:
    """The options of the key-press benchmarks (this one and ``net_keypress.py``, which
    adds its own)."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=games)
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--presses", type=int, default=8, help="at most this many per game")
    return parser


def arguments(doc: str, games: int) -> argparse.Namespace:
    return options(doc, games).parse_args()


def load_average() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    args = arguments(__doc__, games=20)
    print(f"load average before: {load_average()}")
    spit: list[float] = []
    base: list[float] = []
    with PtyProgram(python("benchmarks/bare_app.py")) as bare:
        bare.wait_for("presses: 0", timeout=20)
        measure(args, bare, spit, base)
    print(f"{len(spit)} presses over {args.games} games (seeds from {args.first_seed})")
    for name, values in (("bare app", base), ("spit-tui", spit)):
        ms = [v * 1000 for v in values]
        print(
            f"{name:9} median {statistics.median(ms):6.2f} ms   p99 {percentile(ms, 0.99):6.2f} ms"
            f"   max {max(ms):6.2f} ms"
        )
    median_ratio = statistics.median(spit) / statistics.median(base)
    p99_ratio = percentile(spit, 0.99) / percentile(base, 0.99)
    print(
        f"ratio     median {median_ratio:.2f}x (target <= 1.3)   p99 {p99_ratio:.2f}x (target <= 2)"
    )
    print(f"load average after: {load_average()}")


if __name__ == "__main__":
    main()
