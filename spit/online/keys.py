"""The server's secret key for tokens: made once, kept in the server's data folder.

The key file holds one key a line, in hex, the newest last: the newest signs new
tokens and every one verifies (``spit.online.tokens``), so a key is rotated by adding
a line and, once the older tokens have been renewed (``RENEW_AFTER``) or may be let
go, removing the old one. The file is made with mode 0600: whoever reads it can sign
in as anyone.
"""

from __future__ import annotations

import contextlib
import os
import secrets
from pathlib import Path
from typing import Final

from spit.online.errors import StoreError
from spit.online.tokens import KEY_BYTES

KEY_FILE: Final = "account-keys"
"""The key file's name in the server's data folder."""


def server_keys(folder: Path) -> list[bytes]:
    """The keys in ``folder``'s key file, oldest first; a new file with one new key
    if there is none. Raises ``StoreError`` for a file that holds no key or a line
    that is not one, or that cannot be read or made."""
    path = folder / KEY_FILE
    try:
        if not path.exists():
            _make(path)
        return _read(path)
    except OSError as err:
        raise StoreError(f"cannot use the key file {path}: {err.strerror or err}") from None


def _make(path: Path) -> None:
    """A key file with one new key, written whole before it takes its name (a hard
    link, which fails if another process made the file first: its key is kept)."""
    draft = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
    fd = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "w", encoding="ascii") as file:
            file.write(secrets.token_hex(KEY_BYTES) + "\n")
            file.flush()
            os.fsync(file.fileno())
        with contextlib.suppress(FileExistsError):
            os.link(draft, path)
    finally:
        draft.unlink(missing_ok=True)


def _read(path: Path) -> list[bytes]:
    keys: list[bytes] = []
    for number, line in enumerate(path.read_text(encoding="ascii").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            key = bytes.fromhex(line.strip())
        except ValueError:
            raise StoreError(f"{path}: line {number} is not a key in hex") from None
        if len(key) < 16:
            raise StoreError(f"{path}: line {number} is a key of fewer than 16 bytes")
        keys.append(key)
    if not keys:
        raise StoreError(f"{path} holds no key")
    return keys
