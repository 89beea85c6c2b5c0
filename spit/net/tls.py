"""TLS for the game server and its clients, with the standard ``ssl`` module.

A server given a certificate and its key (``--tls-cert``/``--tls-key``) speaks
``wss://``; a client checks the server's certificate against the system's authorities,
or against one CA file (``--tls-ca``) for a server with a self-signed certificate. Plain
``ws://`` stays the default: ``host`` listens on 127.0.0.1 unless told otherwise, and a
public server usually sits behind a reverse proxy that holds the certificate
(``docs/deploy.md``).

Both functions turn every way the files can be wrong (missing, unreadable, not PEM, a
key that does not fit the certificate) into ``TLSError`` with a message for the user,
its paths made safe, so a command can print it and exit without a traceback.
"""

from __future__ import annotations

import ssl
from pathlib import Path

from spit.core.safe_text import safe_path


class TLSError(Exception):
    """A certificate, key or CA file that cannot be used; the message says why."""


def server_context(cert: Path, key: Path) -> ssl.SSLContext:
    """A server's context: TLS 1.2 or newer, the certificate chain from ``cert`` (PEM,
    the server's certificate first) and its private key from ``key``."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    for path in (cert, key):
        _readable(path)
    try:
        context.load_cert_chain(cert, key)
    except ssl.SSLError as error:
        raise TLSError(
            f"cannot use the certificate {safe_path(cert)} with the key {safe_path(key)}"
            f"{_reason(error)}: both must be PEM files, and the key the certificate's own"
        ) from None
    return context


def client_context(ca_file: Path | None = None) -> ssl.SSLContext:
    """A client's context: the server's certificate and name checked, against the
    system's authorities or, given ``ca_file``, against the certificates in it only."""
    if ca_file is None:
        return ssl.create_default_context()
    _readable(ca_file)
    try:
        return ssl.create_default_context(cafile=ca_file)
    except ssl.SSLError as error:
        raise TLSError(
            f"cannot use {safe_path(ca_file)} as a CA file{_reason(error)}: "
            "it must hold PEM certificates"
        ) from None


def pinned_context(cert: Path) -> ssl.SSLContext:
    """A client's context that trusts exactly the certificates in ``cert`` (a server's
    own chain file), whatever name they were made for: for the host's own client,
    which connects to its own server on 127.0.0.1, where a certificate for the
    machine's public name would fail the name check. Pinning the certificate itself
    is a stronger check than the name: nothing else will do."""
    _readable(cert)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.check_hostname = False
    context.verify_flags |= ssl.VERIFY_X509_PARTIAL_CHAIN  # the leaf itself is trusted
    try:
        context.load_verify_locations(cafile=cert)
    except ssl.SSLError as error:
        raise TLSError(
            f"cannot use the certificate {safe_path(cert)}{_reason(error)}: it must be a PEM file"
        ) from None
    return context


def _readable(path: Path) -> None:
    try:
        with path.open("rb"):
            pass
    except OSError as error:
        raise TLSError(f"cannot read {safe_path(path)}: {error.strerror or error}") from None


def _reason(error: ssl.SSLError) -> str:
    """OpenSSL's short reason in brackets (``no certificate or crl found``), if any: its
    full text names C source lines, of no use to the user."""
    return f" ({error.reason.replace('_', ' ').lower()})" if error.reason else ""
