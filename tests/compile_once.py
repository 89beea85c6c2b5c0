"""Compile the package and rewrite the test modules' asserts once, before pytest-xdist
starts its workers (``tests/conftest.py``, ``pytest_sessionstart``).

On a fresh clone nothing is compiled yet, and every worker collects the whole suite:
each one compiled ``spit/`` and rewrote the asserts of every test module itself, about
8 s of CPU a worker of which some 6 s was this work, done four times over at the same
moment. Done here first, split over the cores, every worker finds the compiled files
(``__pycache__``, ignored by git) and only loads them. Files already compiled are left
as they are, so a second run costs only a look at each file's header.

The assert rewriting is pytest's own (``_pytest.assertion.rewrite``, the same function
and file format its import hook uses); if a pytest release moves it, nothing is
compiled here and each worker does it again, as before: slower, never different.
"""

from __future__ import annotations

import compileall
import importlib.util
import multiprocessing
import os
import struct
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

_config: pytest.Config | None = None
"""The session's configuration, for the forked processes (the rewriting reads it)."""


def compile_once(config: pytest.Config, folders: list[Path], processes: int) -> None:
    """Compile every module under ``folders``, rewriting the asserts of test modules and
    ``conftest.py`` files as pytest's import hook would, in ``processes`` processes."""
    global _config
    if config.getoption("assertmode") != "rewrite":
        return
    try:
        from _pytest.assertion import rewrite

        rewrite.get_cache_dir, rewrite.PYC_TAIL, rewrite._rewrite_test, rewrite._write_pyc_fp  # noqa: B018
    except (ImportError, AttributeError):
        return
    _config = config
    paths = sorted(str(p) for folder in folders for p in folder.rglob("*.py"))
    context = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(max_workers=processes, mp_context=context) as pool:
        list(pool.map(_compile, paths, chunksize=8))


def _compile(path: str) -> None:
    from _pytest.assertion import rewrite

    source = Path(path)
    if source.name.startswith("test_") or source.name == "conftest.py":
        pyc = rewrite.get_cache_dir(source) / (source.name[:-3] + rewrite.PYC_TAIL)
        if _fresh(source, pyc):
            return
        stat, code = rewrite._rewrite_test(source, _config)  # type: ignore[arg-type]
        pyc.parent.mkdir(exist_ok=True)
        partial = pyc.with_name(f"{pyc.name}.{os.getpid()}")
        with open(partial, "wb") as file:
            rewrite._write_pyc_fp(file, stat, code)
        os.replace(partial, pyc)  # whole or not at all, as pytest writes it
    else:
        compileall.compile_file(source, quiet=2)


def _fresh(source: Path, pyc: Path) -> bool:
    """Whether ``pyc`` holds ``source`` as it is now (the header pytest checks)."""
    try:
        with open(pyc, "rb") as file:
            head = file.read(16)
        stat = source.stat()
    except OSError:
        return False
    stamp = struct.pack("<LL", int(stat.st_mtime) & 0xFFFFFFFF, stat.st_size & 0xFFFFFFFF)
    return head[:4] == importlib.util.MAGIC_NUMBER and head[8:16] == stamp
