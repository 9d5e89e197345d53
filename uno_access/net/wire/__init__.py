"""What the server and its clients share, and nothing of either: the data channel's names,
one step of a table's log as one viewer may know it (``Entry``), the viewer that is no
seat, and the words and prompts of the lobby and the host's commands. The full client
(``net.client``) takes these from here and loads no module of the server's.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...access import messages
from ...access.sounds import Cue
from ...engine.actions import Action
from ...engine.events import Event
from ...engine.state import PlayerView
from .said import Line, Said

# the one ssh subsystem: the data channel of ``uno-access join``
SUBSYSTEM = "uno-access"
# The environment variable the client sets on its data channel when it connects again at
# a game: "EPOCH SEAT SEQ", the server's epoch and the seat it was told at the start, and
# the number of the last entry it received. The server sends the entries after it, then
# ``{"t": "resumed", "seat": N}`` (``null``: that game is gone); another epoch (the
# server was restarted since) is a new start. ``RESUME_LOBBY`` is a client back in the
# lobby: a seat it left while it could not tell the server is left, a bot standing in.
RESUME_ENV = "UNO_ACCESS_RESUME"
RESUME_LOBBY = "lobby"
# Set ("1") by a client that takes ``{"t": "servers", …}``: a cluster's other servers,
# sent to it alone (an older client would take it for a line it cannot read).
SERVERS_ENV = "UNO_ACCESS_SERVERS"

SPECTATOR = -1  # the viewer that is no seat: the public events alone
MOST_SEATS = 10

LOBBY_PROMPT = "lobby> "
WATCH_PROMPT = "watch> "
CHAT_WORD = messages.COMMAND_WORDS["chat_history"][0]
REVIEW_WORDS = {"[": -1, "]": 1}
STANDIN_WORD, WAIT_WORD, GRACE_WORD = "standin", "wait", "grace"  # the host's commands
HOST_WORDS = (STANDIN_WORD, WAIT_WORD, GRACE_WORD)
# what a table's command line sends to the server as the lobby takes it: the host's
# commands (those of a dropped seat, and the table's moderation), and those between
# people (private messages, friends, blocks)
TABLE_LOBBY_WORDS = (
    *HOST_WORDS,
    *messages.PEOPLE_WORDS,
    *messages.MODERATION_WORDS,
    messages.REPORT_WORD,
    messages.MOD_WORD,
    *messages.STANDINGS_WORDS,
)


@dataclass(frozen=True, slots=True)
class Entry:
    """One step of a table's log, as one viewer may know it: the events of one action
    (or of the opening), that viewer's view and legal actions after them; or a line of
    the table's own (``line``: a chat line, who came or went), already made safe, with
    the sound named for it where it came over the data channel (``cue``; None: the
    kind's own, ``said.SOUNDS``: the server's own entries name none).
    """

    seq: int
    events: tuple[Event, ...] = ()
    view: PlayerView | None = None
    legal: tuple[Action, ...] = ()
    line: Line | None = None  # worded for each hearer as it is told (``said.worded``)
    kind: Said = Said.NOTICE  # a line's kind: a chat line, someone coming or going
    cue: Cue | None = None  # the sound the server named for the line (the full client's)
    # the server's own, never sent: who said a chat line ("" for none), so that no one who
    # blocks them is told it
    by: str = ""
