"""``spit-tui account [--server URL]``: this machine's account on a server.

Without an option it shows the account (its name, or the guest name it goes by until
it chooses one, and its ratings); on first contact with a server the server makes a
guest account, whose token is kept in the player's data folder (mode 0600, one per
server: ``spit.net.credentials``). ``--rename NAME`` chooses a name (3 to 20
characters, unique on the server, told apart from look-alikes), ``--link`` makes a
one-time code for another device (10 minutes), ``--redeem CODE`` makes this machine
that code's account, and ``--forget`` forgets this machine's token for the server
(the next contact starts a new guest account; the old one stays on the server, for
any other device linked to it).

A refusal (a name taken, a code that is not valid, a token the server refuses) is
one line on stderr and status 1; a bad option, status 2.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from spit.commands._online import (
    OnlineFailure,
    add_server_options,
    asking,
    run_online,
    server_of,
    session,
)
from spit.commands.output import complain, emit

if TYPE_CHECKING:
    from spit.net.protocol import AccountInfo


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_server_options(parser)
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--rename", metavar="NAME", help="choose the account's name")
    what.add_argument(
        "--link", action="store_true", help="make a one-time code to link another device"
    )
    what.add_argument(
        "--redeem", metavar="CODE", help="make this machine the account a link code is for"
    )
    what.add_argument(
        "--forget",
        action="store_true",
        help="forget this machine's token for the server (a new guest account next time)",
    )


def run(args: argparse.Namespace) -> int:
    from spit.net.credentials import AccountTokens, CredentialsError
    from spit.net.tls import TLSError

    try:
        address, tls = server_of(args)
    except (TLSError, ValueError) as error:
        complain("account", str(error))
        return 2
    tokens = AccountTokens()
    if args.forget:
        try:
            forgotten = tokens.forget(address)
        except CredentialsError as error:
            complain("account", str(error))
            return 1
        emit(
            f"Forgot this machine's account on {address}: the next contact starts a new guest "
            "account."
            if forgotten
            else f"This machine keeps no account for {address}."
        )
        return 0

    async def work() -> int:
        from spit.net.online_client import redeem

        try:
            client = await session(address, tls, tokens)
        except OnlineFailure as failure:
            complain("account", str(failure))
            return 1
        try:
            if args.rename is not None:
                renamed = await asking(client.rename(args.rename))
                for line in account_lines(renamed, str(address)):
                    emit(line)
                return 0
            if args.link:
                code = await asking(client.make_link_code())
                emit(
                    f"Link code: {code.code} (for {code.minutes} minutes, once). On the other "
                    f"device: spit-tui account --server {address} --redeem {code.code}"
                )
                return 0
            if args.redeem is not None:
                signed = await asking(redeem(client, address, tokens, args.redeem))
                emit(f"This machine is now {signed.account.name} on {address}.")
                return 0
            for line in account_lines(await asking(client.account()), str(address)):
                emit(line)
            return 0
        except OnlineFailure as failure:
            complain("account", str(failure))
            return 1
        except CredentialsError as error:
            complain("account", str(error))
            return 1
        finally:
            await client.close()

    return run_online(work)


def account_lines(info: AccountInfo, server: str) -> list[str]:
    """The account as ``spit-tui account`` prints it."""
    from spit.core.safe_text import safe_text

    account = info.account
    name = safe_text(account.name, limit=24)
    lines = [
        f"Account on {server}: {name}" + ("" if account.named else " (a guest: no name chosen yet)")
    ]
    if not account.named:
        lines.append(f"Choose a name: spit-tui account --server {server} --rename NAME")
    if not info.ratings:
        lines.append("No rated game yet.")
    for rating in info.ratings:
        lines.append(
            f"  {rating.game} {rating.variant}: {rating.rating} ± {rating.spread} "
            f"({rating.games} games, {rating.wins} won)"
        )
    return lines
