"""The TLS options the network commands share: ``--tls-cert``/``--tls-key`` for a
server (``serve``, ``host``) and ``--tls-ca`` for a client (``join``), turned into
``ssl`` contexts by ``spit.net.tls``. A command catches ``TLSError`` and prints its
message (``complain``) with status 2: a file that cannot be used is bad input."""

from __future__ import annotations

import argparse
from dataclasses import replace
from ssl import SSLContext

from spit.commands._args import folder
from spit.net.addresses import Address
from spit.net.tls import TLSError, client_context, server_context


def add_server_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("TLS (wss://; without them, plain ws://)")
    group.add_argument(
        "--tls-cert", type=folder, metavar="FILE", help="the server's certificate chain (PEM)"
    )
    group.add_argument("--tls-key", type=folder, metavar="FILE", help="its private key (PEM)")


def server_tls(args: argparse.Namespace) -> SSLContext | None:
    """The server's context, or ``None`` for plain ``ws://``. Raises ``TLSError``."""
    if (args.tls_cert is None) != (args.tls_key is None):
        raise TLSError("--tls-cert and --tls-key come together")
    if args.tls_cert is None:
        return None
    return server_context(args.tls_cert, args.tls_key)


def add_client_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--tls-ca",
        type=folder,
        metavar="FILE",
        help="trust the server's certificate if this CA file (PEM) signed it "
        "(a server with a self-signed certificate); for wss:// addresses",
    )


def client_tls(args: argparse.Namespace) -> tuple[Address, SSLContext | None]:
    """The address to reach (``wss://`` when ``--tls-ca`` is given: a CA file is for a
    server that speaks TLS) and the context for it: ``None`` for ``ws://``. Raises
    ``TLSError``."""
    address: Address = args.address
    if args.tls_ca is not None:
        address = replace(address, tls=True)
    if not address.tls:
        return address, None
    return address, client_context(args.tls_ca)
