"""A throwaway PostgreSQL server for the tests and the benchmark: Debian's binaries,
``initdb`` into a fresh folder, ``pg_ctl start`` on a free loopback port.

PostgreSQL refuses to run as root, and CI runs as root: then the cluster is made and
run as the ``postgres`` user (``runuser``), in a folder of its own under the system's
temporary folder (pytest's are root's, mode 0700). The server trusts every local
connection (``--auth=trust``): it listens on 127.0.0.1 only, and lives as long as the
test session or the benchmark. ``fsync`` is off, to make the tests quick: the
durability test kills the process that writes results, never PostgreSQL itself, and
what PostgreSQL has acknowledged survives that without a flush to disk.
"""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Final

BIN_DIRS: Final = tuple(Path(f"/usr/lib/postgresql/{v}/bin") for v in (17, 16, 15, 14, 13))
"""Where Debian puts each major version's server binaries, newest first."""

RUN_AS: Final = "postgres"
"""The user the server runs as when this process is root."""


def binaries() -> Path | None:
    """The folder holding ``initdb`` and ``pg_ctl``: the ``PG_BIN`` environment
    variable, else Debian's newest, else the ``PATH``'s; ``None`` if there is none."""
    given = os.environ.get("PG_BIN")
    candidates = [Path(given)] if given else list(BIN_DIRS)
    on_path = shutil.which("pg_ctl")
    if on_path:
        candidates.append(Path(on_path).parent)
    return next(
        (d for d in candidates if (d / "initdb").is_file() and (d / "pg_ctl").is_file()), None
    )


def missing_reason() -> str | None:
    """Why no throwaway server can be run here; ``None`` if one can."""
    if binaries() is None:
        return "PostgreSQL is not installed (apt-get install postgresql; .ci/run does)"
    if os.geteuid() == 0:
        try:
            pwd.getpwnam(RUN_AS)
        except KeyError:
            return f"running as root and there is no {RUN_AS!r} user to run PostgreSQL as"
    return None


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class ThrowawayPostgres:
    """A PostgreSQL cluster of its own: ``start()``, ``new_database()`` for each test,
    ``stop()`` (which also removes its files)."""

    def __init__(self) -> None:
        found = binaries()
        if found is None:
            raise RuntimeError(missing_reason())
        self.bin = found
        self.folder = Path(tempfile.mkdtemp(prefix="spit-pg-"))
        self.data = self.folder / "data"
        self.port = 0
        self._user: pwd.struct_passwd | None = pwd.getpwnam(RUN_AS) if os.geteuid() == 0 else None
        if self._user is not None:
            os.chown(self.folder, self._user.pw_uid, self._user.pw_gid)

    def _run(self, *args: str) -> None:
        command = [str(self.bin / args[0]), *args[1:]]
        if self._user is not None:
            command = ["runuser", "-u", RUN_AS, "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            raise RuntimeError(f"{args[0]} failed: {done.stdout}{done.stderr}")

    def start(self) -> None:
        self._run(
            "initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust",
            "--no-sync", "-E", "UTF8", "--locale=C",
        )  # fmt: skip
        for _ in range(5):  # another program may take the free port first
            self.port = _free_port()
            options = (
                f"-p {self.port} -c listen_addresses=127.0.0.1 "
                f"-k {self.folder} -c fsync=off -c full_page_writes=off"
            )
            try:
                self._run(
                    "pg_ctl", "start", "-w", "-D", str(self.data),
                    "-l", str(self.folder / "log"), "-o", options,
                )  # fmt: skip
                return
            except RuntimeError:
                continue
        raise RuntimeError("PostgreSQL did not start: " + self.log())

    def log(self) -> str:
        path = self.folder / "log"
        return path.read_text(errors="replace") if path.exists() else ""

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """A new, empty database; its URL."""
        import psycopg

        name = "t_" + uuid.uuid4().hex[:16]
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')  # a name of our own making
        return self.url(name)

    def stop(self) -> None:
        with contextlib.suppress(RuntimeError, subprocess.TimeoutExpired):
            self._run("pg_ctl", "stop", "-D", str(self.data), "-m", "immediate", "-w")
        shutil.rmtree(self.folder, ignore_errors=True)


@contextlib.contextmanager
def throwaway_postgres() -> Iterator[ThrowawayPostgres]:
    server = ThrowawayPostgres()
    try:
        server.start()
        yield server
    finally:
        server.stop()
