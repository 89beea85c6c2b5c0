"""Time to the first drawn frame: ``spit-tui play`` and the menu against the bare app.

    python benchmarks/tui_startup.py --runs 15

Each run spawns the program in a fresh pseudo-terminal (tui_pty.py) and times from the
spawn to the first output that shows its content: the table's labels for
``spit-tui play --seed 1 --no-record``, the title for the menu, the counter for the
bare app. Each program is started once untimed first (so that its bytecode is compiled
and cached, as an installed program's is: see tui_pty.py), then runs are interleaved so
that caches warm up for all alike ("cold-ish": the files are in the page cache, the
interpreter starts afresh each time).
Target: ``spit-tui play`` at most 1.5x the bare app's median.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile

from tui_pty import PtyProgram, python


def first_frame(argv: list[str], needle: str, env: dict[str, str]) -> float:
    program = PtyProgram(argv, env=env)
    try:
        return program.wait_for(needle, timeout=30) - program.spawned_at
    finally:
        program.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    programs = {
        "bare app": (python("benchmarks/bare_app.py"), "presses: 0"),
        "spit-tui play": (
            python("-m", "spit.cli", "play", "--seed", "1", "--no-record"),
            "left pile",
        ),
        "spit-tui (menu)": (python("-m", "spit.cli"), "S P I T"),
    }
    times: dict[str, list[float]] = {name: [] for name in programs}
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with tempfile.TemporaryDirectory() as home:
        env = {"SPIT_TUI_HOME": home}
        for argv, needle in programs.values():
            first_frame(argv, needle, env)
        for _ in range(args.runs):
            for name, (argv, needle) in programs.items():
                times[name].append(first_frame(argv, needle, env))
    bare = statistics.median(times["bare app"])
    for name, values in times.items():
        median = statistics.median(values)
        print(
            f"{name:16} median {median * 1000:6.0f} ms   min {min(values) * 1000:6.0f} ms"
            f"   {median / bare:.2f}x the bare app"
        )
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
