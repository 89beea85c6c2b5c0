"""Run a Textual program headless at 80x24 and end it at its first frame with content:
what an instruction count of the start-up measures (load does not change it).

    valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \\
        python benchmarks/first_frame.py benchmarks/bare_app.py
    valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \\
        python benchmarks/first_frame.py -m spit.cli play --seed 1 --no-record

Run each once first, so that the bytecode is cached (``PYTHONDONTWRITEBYTECODE`` unset),
and give ``SPIT_TUI_HOME`` an empty folder, as a first start would find. ``App.run`` is
made headless at 80x24, and the process ends (``os._exit``) right after the first frame
whose screen has children: a blank default screen before the program's own does not
count. The count includes the interpreter's start, the same for both programs.
"""

from __future__ import annotations

import os
import runpy
import sys
from typing import Any

import textual.app

_run = textual.app.App.run
_display = textual.app.App._display


def _headless_run(self: textual.app.App[Any], *args: Any, **kwargs: Any) -> Any:
    kwargs["headless"], kwargs["size"] = True, (80, 24)
    return _run(self, *args, **kwargs)


def _display_once(self: textual.app.App[Any], screen: Any, renderable: Any) -> None:
    _display(self, screen, renderable)
    if screen.children:
        os._exit(0)


def main() -> None:
    textual.app.App.run = _headless_run  # type: ignore[method-assign]
    textual.app.App._display = _display_once  # type: ignore[method-assign]
    if sys.argv[1] == "-m":
        sys.argv = sys.argv[2:]
        runpy.run_module(sys.argv[0], run_name="__main__", alter_sys=True)
    else:
        sys.argv = sys.argv[1:]
        runpy.run_path(sys.argv[0], run_name="__main__")


if __name__ == "__main__":
    main()
