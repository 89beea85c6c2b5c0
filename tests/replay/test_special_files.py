"""A replay path that is not a plain file is refused at once, never read to its end.

A FIFO or a device may block or never end, and a system file such as ``/proc/kmsg``
reports a size of 0 and blocks when read: each gets an answer (exit status 2) without
being read, whatever way it is reached (directly, or through a symlink).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from spit.core.replay.reading import UnreadableReplay, read_replay_bytes
from spit.games.replays import load_any_replay
from spit.games.spit.replay import load_replay

from .goldens import GOLDEN


def _fifo(tmp_path: Path) -> Path:
    path = tmp_path / "fifo.spit.jsonl"
    os.mkfifo(path)
    return path


def _empty(tmp_path: Path) -> Path:
    path = tmp_path / "empty.spit.jsonl"
    path.touch()
    return path


def _link_to(target: str) -> object:
    def make(tmp_path: Path) -> Path:
        if not Path(target).exists():
            pytest.skip(f"needs {target}")
        link = tmp_path / "link.spit.jsonl"
        link.symlink_to(target)
        return link

    return make


def _system(target: str) -> object:
    def make(tmp_path: Path) -> Path:
        if not Path(target).exists():
            pytest.skip(f"needs {target}")
        return Path(target)

    return make


SPECIAL = {
    "fifo": (_fifo, "not a regular file"),
    "dev-zero-behind-a-symlink": (_link_to("/dev/zero"), "not a regular file"),
    "dev-null": (_system("/dev/null"), "not a regular file"),
    "proc-file-of-size-0": (_system("/proc/self/status"), "reports no size"),
    "proc-file-behind-a-symlink": (_link_to("/proc/self/stat"), "reports no size"),
    "empty-file": (_empty, "the file is empty"),
    "directory": (lambda tmp_path: tmp_path, "directory"),
}


@pytest.mark.parametrize("name", sorted(SPECIAL))
def test_a_special_path_is_refused_without_being_read(name: str, tmp_path: Path) -> None:
    make, message = SPECIAL[name]
    path = make(tmp_path)  # type: ignore[operator]
    for load in (load_replay, load_any_replay, read_replay_bytes):
        with pytest.raises(UnreadableReplay, match=message):
            load(path)


def test_a_file_is_read_up_to_the_size_it_reports(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What a file holds beyond the size it reported (it grew, or it never ends) is
    not read: the answer comes from that many bytes."""
    data = (GOLDEN / "hand_written.spit.jsonl").read_bytes()
    path = tmp_path / "growing.spit.jsonl"
    path.write_bytes(data + b"x" * 10_000_000)
    real_fstat = os.fstat

    def fstat(fd: int) -> os.stat_result:
        info = real_fstat(fd)
        fields = list(info)
        fields[6] = len(data)  # st_size
        return os.stat_result(fields)

    monkeypatch.setattr(os, "fstat", fstat)
    assert read_replay_bytes(path) == data


@pytest.mark.parametrize("target", ["/proc/kmsg", "/proc/self/status", "/dev/zero"])
def test_the_check_command_answers_at_once_for_system_files(target: str) -> None:
    """``replay /proc/kmsg --check`` used to wait forever (the kernel log never ends)."""
    if not Path(target).exists():
        pytest.skip(f"needs {target}")
    done = subprocess.run(
        [sys.executable, "-m", "spit.cli", "replay", target, "--check"],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).parents[2])},
    )
    assert done.returncode == 2
    assert "is not read" in done.stderr
