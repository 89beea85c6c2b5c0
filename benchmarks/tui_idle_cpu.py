"""CPU use of spit-tui: idle in the menu, a paused game, a game nobody plays, and a
bot-against-bot game at real speed (tui_bots_game.py). Side by side with the bare app.

    python benchmarks/tui_idle_cpu.py --seconds 10

Each program runs in a real pseudo-terminal (see tui_pty.py); CPU is the process's
user + system time from /proc over the window, as a share of one core, starting half a
second after the table (or menu) is drawn. Targets: bot against bot under 10 %,
menu and paused under 2 %.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time

from tui_pty import PtyProgram, python

PAUSE = b"\x7f"
"""Backspace, the pause key on every layout."""


def cpu_share(
    argv: list[str], ready: str, seconds: float, keys: bytes, env: dict[str, str]
) -> tuple[float, int]:
    """Share of one core ``argv`` uses over ``seconds`` once ``ready`` is drawn (and
    ``keys`` have been pressed), and how many characters it drew meanwhile (to show
    whether anything was happening)."""
    program = PtyProgram(argv, env=env)
    try:
        program.wait_for(ready, timeout=20)
        if keys:
            program.press(keys)
        program.drain(0.5)
        start_cpu, start, drawn = program.cpu_seconds(), time.perf_counter(), len(program.text)
        deadline = start + seconds
        while time.perf_counter() < deadline:
            program.read(deadline - time.perf_counter())
        share = (program.cpu_seconds() - start_cpu) / (time.perf_counter() - start)
        return share, len(program.text) - drawn
    finally:
        program.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--level", default="expert", help="the bots' level (fastest: expert)")
    args = parser.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with tempfile.TemporaryDirectory() as home:
        env = {"SPIT_TUI_HOME": home}
        play = python("-m", "spit.cli", "play", "--seed", "1", "--no-record")
        rows = [
            ("bare app, idle", python("benchmarks/bare_app.py"), "presses: 0", b""),
            ("spit-tui menu, idle", python("-m", "spit.cli"), "S P I T", b""),
            ("spit-tui game, paused", play, "left pile", PAUSE),
            ("spit-tui game, nobody plays", play, "left pile", b""),
            (
                f"bot ({args.level}) against bot",
                python("benchmarks/tui_bots_game.py", args.level, "1"),
                "left pile",
                b"",
            ),
        ]
        for name, argv, ready, keys in rows:
            share, drawn = cpu_share(argv, ready, args.seconds, keys, env)
            print(
                f"{name:32} {share * 100:6.2f} % of one core over {args.seconds:.0f} s"
                f"   ({drawn} characters drawn)"
            )
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
