"""Opening a store: the server's key file, and databases that cannot be used."""

from __future__ import annotations

import stat
import time
from pathlib import Path

import pytest

from spit.online.errors import StoreError
from spit.online.keys import KEY_FILE, server_keys
from tests.online.conftest import run


def test_the_key_file_is_made_once_and_kept_secret(tmp_path: Path) -> None:
    keys = server_keys(tmp_path)
    assert len(keys) == 1 and len(keys[0]) == 32
    assert stat.S_IMODE((tmp_path / KEY_FILE).stat().st_mode) == 0o600
    assert server_keys(tmp_path) == keys
    with (tmp_path / KEY_FILE).open("a") as file:
        file.write("00" * 32 + "\n")
    assert server_keys(tmp_path) == [*keys, bytes(32)], "a key added rotates"


@pytest.mark.parametrize("content", ["", "not hex\n", "abcd\n"])
def test_a_bad_key_file_is_refused_clearly(tmp_path: Path, content: str) -> None:
    (tmp_path / KEY_FILE).write_text(content)
    with pytest.raises(StoreError, match=KEY_FILE):
        server_keys(tmp_path)


def test_a_key_file_that_cannot_be_made_is_refused_clearly(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="cannot use the key file"):
        server_keys(tmp_path / "no-such-folder")


def test_a_database_that_cannot_be_reached_is_refused_at_once() -> None:
    began = time.monotonic()
    with pytest.raises(StoreError, match="cannot reach the database"):
        run("postgresql://nobody@127.0.0.1:1/nothing", lambda store: store.db.version())
    assert time.monotonic() - began < 5


def test_a_sqlite_file_that_cannot_be_made_is_refused(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="cannot open the database"):
        run(str(tmp_path / "no-such-folder" / "online.db"), lambda store: store.db.version())


def test_a_file_that_is_no_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "online.db"
    path.write_bytes(b"this is not a database" * 100)
    with pytest.raises(StoreError):
        run(str(path), lambda store: store.db.version())
