"""What a seat's game may tell it of its connection, as values: the seat at any network
table (``net.seat.NetTable``) tells them, whichever way in drives it, and the full client's
link (``net.client.Link``) makes them. A game whose table is on its own server (plain ssh)
has none to tell. Both ends take these from here, so the full client loads no module of
the server's.

- ``Notice``: what happened to the connection since the seat last asked (lost, trying,
  refused, back, connected again, restarted, gone), with the words the network gave.
- ``NotSent``: an action the connection could not carry (the seat says so and asks
  again where the table is).
- ``Restarted`` and ``Gone``: the game at this seat ends here (the server deals it again;
  the server has no game for this seat any more), raised by the seat for its driver.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ...access import messages


class Connection(Enum):
    LOST = "lost"  # the connection dropped; trying again
    TRYING = "trying"  # still not back after a while (said once)
    REFUSED = "refused"  # the server refused the seat's return (said once)
    BACK = "back"  # back at the game: what was missed follows
    RECONNECTED = "reconnected"  # back in the lobby
    RESTARTED = "restarted"  # the server was restarted: the game is dealt again
    GONE = "gone"  # the server has no game for this seat any more
    MOVED = "moved"  # connected again, to another server of the cluster (``why``: which)


@dataclass(frozen=True, slots=True)
class Notice:
    """One thing that happened to the connection, and the words the network or the server
    gave for it (made safe already; empty when none)."""

    kind: Connection
    why: str = ""


def notice_line(notice: Notice) -> str:
    """What the player is told of ``notice``."""
    kind, why = notice.kind, notice.why
    if kind is Connection.LOST:
        return messages.tr(messages.NET_CONNECTION_LOST)
    if kind is Connection.TRYING:
        return messages.net_still_trying(why)
    if kind is Connection.REFUSED:
        return messages.net_reconnect_refused(why)
    if kind is Connection.GONE:
        return messages.tr(messages.NET_GAME_GONE)
    if kind is Connection.BACK:
        return messages.tr(messages.NET_BACK_AT_TABLE)
    if kind is Connection.MOVED:
        return messages.net_moved(why)
    return messages.tr(messages.NET_RECONNECTED)


class NotSent(Exception):
    """An action not answered: the connection dropped (it may or may not have arrived)."""


class Restarted(Exception):
    """The server was restarted: this game ends here, and starts again from its ``start``."""


class Gone(Exception):
    """The server has no game for this seat any more."""
