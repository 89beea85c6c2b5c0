"""The ``spit-tui`` command."""

from __future__ import annotations

import argparse
import sys

from spit import __version__


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="spit-tui",
        description="Spit (Speed / Slam), the real-time card game, in the terminal.",
    )
    parser.add_argument("--version", action="version", version=f"spit-tui {__version__}")
    return parser


def main(argv: list[str] | None = None) -> int:
    build_parser().parse_args(argv)
    return 0


if __name__ == "__main__":
    sys.exit(main())
