"""The account tokens a player's machine keeps: one per server, in one file of the
player's data folder (``spit.paths.data_dir``), readable by the player alone.

A token is an account's only credential (``spit.online.tokens``): whoever has it plays
as that account. So the file is made with mode 0600 and written whole before it takes
its name (a crash leaves the old file or the new one, never half of one), and its mode
is set again at each write, in case something loosened it.

The file is JSON: ``{"version": 1, "servers": {"club.example.org:7788": "<token>"}}``,
keyed by the server's address as a player types it (``spit.net.addresses.Address``,
with ``wss://`` for TLS), its host in lower case.
"""

from __future__ import annotations

import json
import os
import secrets
from pathlib import Path
from typing import Final

from spit.core.safe_text import safe_path
from spit.net.addresses import Address

FILE_NAME: Final = "online-accounts.json"
MAX_BYTES: Final = 256 * 1024
"""A token file larger than this is not one of ours."""


class CredentialsError(Exception):
    """The token file cannot be read or written; the message says why, safely."""


def server_key(address: Address) -> str:
    """The key a server's token is kept under: its address, host in lower case."""
    return str(Address(address.host.lower(), address.port, address.tls))


class AccountTokens:
    """The token file at ``path`` (by default in the player's data folder)."""

    def __init__(self, path: Path | None = None) -> None:
        if path is None:
            from spit.paths import data_dir

            path = data_dir() / FILE_NAME
        self.path = path

    def get(self, address: Address) -> str | None:
        """The token kept for the server at ``address``, if any."""
        return self._read().get(server_key(address))

    def put(self, address: Address, token: str) -> None:
        """Keep ``token`` for the server at ``address`` (in place of an older one)."""
        tokens = self._read()
        tokens[server_key(address)] = token
        self._write(tokens)

    def forget(self, address: Address) -> bool:
        """Forget the server's token; whether there was one."""
        tokens = self._read()
        if tokens.pop(server_key(address), None) is None:
            return False
        self._write(tokens)
        return True

    def _read(self) -> dict[str, str]:
        try:
            with self.path.open("rb") as file:
                data = file.read(MAX_BYTES + 1)
        except FileNotFoundError:
            return {}
        except OSError as error:
            raise CredentialsError(
                f"cannot read {safe_path(self.path)}: {error.strerror or error}"
            ) from None
        try:
            if len(data) > MAX_BYTES:
                raise ValueError("too large")
            parsed = json.loads(data.decode("utf-8"))
            servers = parsed["servers"]
            if not isinstance(servers, dict) or not all(
                isinstance(k, str) and isinstance(v, str) for k, v in servers.items()
            ):
                raise ValueError("not a table of tokens")
        except (ValueError, KeyError, TypeError, UnicodeDecodeError):
            raise CredentialsError(
                f"{safe_path(self.path)} is not a file of account tokens: move it away "
                "(the accounts it held are lost to this machine unless linked again)"
            ) from None
        return dict(servers)

    def _write(self, tokens: dict[str, str]) -> None:
        text = json.dumps({"version": 1, "servers": tokens}, indent=1, sort_keys=True) + "\n"
        draft = self.path.with_name(f".{self.path.name}.{secrets.token_hex(4)}")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as file:
                os.fchmod(file.fileno(), 0o600)  # whatever the umask said
                file.write(text)
                file.flush()
                os.fsync(file.fileno())
            os.replace(draft, self.path)
        except OSError as error:
            draft.unlink(missing_ok=True)
            raise CredentialsError(
                f"cannot write {safe_path(self.path)}: {error.strerror or error}"
            ) from None
