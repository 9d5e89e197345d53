"""Between people on a server: private messages, friends, blocks, invitations, and the
lobby's chat kept out of a game.

Every line names its person first, so that a braille display's first cells say who;
``{player}`` is a person's name, ``{said}`` their own words as they typed them,
``{number}`` a table's number, ``{typed}`` what was typed, quoted.
"""

from __future__ import annotations

from collections.abc import Sequence

from .forms import LIST_SEPARATOR
from .language import N_, tr
from .net import ended

TELL_WORD = "tell"
REPLY_WORD = "reply"
FRIEND_WORD = "friend"
UNFRIEND_WORD = "unfriend"
FRIENDS_WORD = "friends"
BLOCK_WORD = "block"
UNBLOCK_WORD = "unblock"
INVITE_WORD = "invite"
MESSAGES_WORD = "messages"  # who may tell a person things (and the choice kept)
LOBBY_CHAT_WORD = "lobbychat"  # the lobby's chat during a game: on or off
# the lobby's commands between people that a table's command line takes too
PEOPLE_WORDS = (
    TELL_WORD,
    REPLY_WORD,
    FRIEND_WORD,
    UNFRIEND_WORD,
    FRIENDS_WORD,
    BLOCK_WORD,
    UNBLOCK_WORD,
    INVITE_WORD,
    MESSAGES_WORD,
    LOBBY_CHAT_WORD,
)

SOCIAL_HELP = (
    N_(
        "tell NAME TEXT: a private message, kept for NAME until they come if they are away. "
        "reply TEXT: to the last person who told you something."
    ),
    N_(
        "friend NAME: ask NAME to be your friend, or agree when they asked. unfriend NAME: "
        "no longer friends, or decline. friends: where your friends are."
    ),
    N_("friends on or friends off: told when a friend comes in, or not."),
    N_(
        "block NAME: nothing NAME says, sends or asks reaches you, and they never know. "
        "unblock NAME. block: whom you block."
    ),
    N_("invite NAME: ask NAME to your table."),
    N_("messages everyone, messages friends or messages nobody: who may tell you things."),
    N_(
        "lobbychat off or lobbychat on: the lobby's chat kept out of your games (as it is "
        "unless you choose), or told there too."
    ),
)

# --- private messages ----------------------------------------------------------------------
# Translators: a private message, to the one it is for; {said} is the sender's own words.
NET_TELLS_YOU = N_("{player} tells you: {said}")
# Translators: the sender's own copy of a private message.
NET_YOU_TELL = N_("To {player}: {said}")
# Translators: a private message that waited while its reader was not connected.
NET_TOLD_WHILE_AWAY = N_("{player} told you while you were away: {said}")
NET_TELL_KEPT = N_("{player} is not connected: your message waits for them, told when they come.")
NET_SOCIAL_NOT_HERE = N_("This server keeps no accounts: no friends, blocks or private messages.")
NET_TELL_HOW = N_("Type tell, a name, then your message: tell ann see you at table 2.")
NET_REPLY_HOW = N_("Type reply, then your message.")
NET_REPLY_NOBODY = N_("No one has told you anything yet: type tell NAME and your message.")
NET_NO_SUCH_PERSON = N_("No one here is called {typed}.")
NET_THAT_IS_YOU = N_("That is you: name someone else.")
NET_TELL_FRIENDS_ONLY = N_("Not sent: {player} takes private messages from friends only.")
NET_TELL_NOBODY = N_("Not sent: {player} takes no private messages.")
NET_TELL_FULL = N_("Not sent: too many messages wait for {player} already.")
NET_MESSAGES_EVERYONE = N_("Private messages: from everyone.")
NET_MESSAGES_FRIENDS = N_("Private messages: from your friends only.")
NET_MESSAGES_NOBODY = N_("Private messages: from no one.")
NET_MESSAGES_HOW = N_("Type messages everyone, messages friends or messages nobody.")


def net_tells_you(name: str, said: str) -> str:
    """A private message that makes sense alone, as a chat line does (a full stop added)."""
    return tr(NET_TELLS_YOU).format(player=name, said=ended(said))


def net_you_tell(name: str, said: str) -> str:
    return tr(NET_YOU_TELL).format(player=name, said=ended(said))


def net_told_while_away(name: str, said: str) -> str:
    return tr(NET_TOLD_WHILE_AWAY).format(player=name, said=ended(said))


def net_tell_kept(name: str) -> str:
    return tr(NET_TELL_KEPT).format(player=name)


def net_no_such_person(typed: str) -> str:
    return tr(NET_NO_SUCH_PERSON).format(typed=repr(typed))


def net_tell_refused(name: str, friends_only: bool) -> str:
    return tr(NET_TELL_FRIENDS_ONLY if friends_only else NET_TELL_NOBODY).format(player=name)


def net_tell_full(name: str) -> str:
    return tr(NET_TELL_FULL).format(player=name)


def net_messages_set(value: str) -> str:
    """Who may tell this person things: ``everyone``, ``friends`` or ``nobody``."""
    if value == "friends":
        return tr(NET_MESSAGES_FRIENDS)
    if value == "nobody":
        return tr(NET_MESSAGES_NOBODY)
    return tr(NET_MESSAGES_EVERYONE)


# --- friends -------------------------------------------------------------------------------
NET_FRIEND_ASKED = N_("{player} is asked to be your friend: friends once they agree.")
# Translators: to the person asked; {player} asked them. friend and unfriend are typed.
NET_FRIEND_REQUEST = N_(
    "{player} asks to be your friend: type friend {player} to agree, unfriend {player} to decline."
)
NET_FRIEND_AGREED = N_("{player} and you are friends now.")
NET_FRIEND_ALREADY = N_("{player} is your friend already.")
NET_FRIEND_PENDING = N_("{player} is asked already: friends once they agree.")
NET_FRIEND_TOO_MANY = N_("Too many friends and requests: unfriend someone first.")
NET_UNFRIENDED = N_("{player} is not your friend now.")
NET_NOT_FRIENDS = N_("{player} is not your friend, and no request waits between you.")
NET_FRIEND_HOW = N_("Type friend, then a name: friend ann.")
NET_FRIENDS_HOW = N_("Type friends, friends on or friends off.")
NET_FRIENDS_NONE = N_("No friends yet: type friend NAME to ask someone.")
NET_FRIEND_IN_LOBBY = N_("{player} is in the lobby.")
NET_FRIEND_AT_TABLE = N_("{player} is at table {number}.")
NET_FRIEND_WATCHING = N_("{player} is watching table {number}.")
NET_FRIEND_AWAY = N_("{player} is not connected.")
# Translators: {names} are people who asked to be friends with the reader.
NET_FRIENDS_ASKING = N_("Asking to be your friend: {names}. Type friend NAME to agree.")
# Translators: {names} are people the reader asked, who have not agreed yet.
NET_FRIENDS_ASKED = N_("Asked, not agreed yet: {names}.")
# Translators: said once, as a friend connects.
NET_FRIEND_CAME = N_("{player}, your friend, has come in.")
NET_ARRIVALS_ON = N_("Friends coming in: told.")
NET_ARRIVALS_OFF = N_("Friends coming in: not told.")


def net_friend_asked(name: str) -> str:
    return tr(NET_FRIEND_ASKED).format(player=name)


def net_friend_request(name: str) -> str:
    return tr(NET_FRIEND_REQUEST).format(player=name)


def net_friend_agreed(name: str) -> str:
    return tr(NET_FRIEND_AGREED).format(player=name)


def net_friend_already(name: str) -> str:
    return tr(NET_FRIEND_ALREADY).format(player=name)


def net_friend_pending(name: str) -> str:
    return tr(NET_FRIEND_PENDING).format(player=name)


def net_unfriended(name: str, were: bool) -> str:
    return tr(NET_UNFRIENDED if were else NET_NOT_FRIENDS).format(player=name)


def net_friend_where(name: str, where: str, number: int) -> str:
    """Where a friend is: ``lobby``, ``table`` or ``watching`` (table ``number``), or
    ``away``."""
    if where == "lobby":
        return tr(NET_FRIEND_IN_LOBBY).format(player=name)
    if where == "table":
        return tr(NET_FRIEND_AT_TABLE).format(player=name, number=number)
    if where == "watching":
        return tr(NET_FRIEND_WATCHING).format(player=name, number=number)
    return tr(NET_FRIEND_AWAY).format(player=name)


def net_friends_asking(names: Sequence[str]) -> str:
    return tr(NET_FRIENDS_ASKING).format(names=LIST_SEPARATOR.join(names))


def net_friends_asked(names: Sequence[str]) -> str:
    return tr(NET_FRIENDS_ASKED).format(names=LIST_SEPARATOR.join(names))


def net_friend_came(name: str) -> str:
    return tr(NET_FRIEND_CAME).format(player=name)


def net_arrivals_set(on: bool) -> str:
    return tr(NET_ARRIVALS_ON if on else NET_ARRIVALS_OFF)


# --- blocks --------------------------------------------------------------------------------
NET_BLOCKED = N_(
    "{player} is blocked: nothing they say, send or ask reaches you, and they are not told."
)
NET_BLOCKED_ALREADY = N_("{player} is blocked already.")
NET_UNBLOCKED = N_("{player} is not blocked now.")
NET_NOT_BLOCKED = N_("{player} is not blocked.")
# Translators: {names} are the people the reader blocks.
NET_BLOCK_LIST = N_("Blocked: {names}.")
NET_BLOCK_NONE = N_("You block no one.")


def net_blocked(name: str, already: bool) -> str:
    return tr(NET_BLOCKED_ALREADY if already else NET_BLOCKED).format(player=name)


def net_unblocked(name: str, were: bool) -> str:
    return tr(NET_UNBLOCKED if were else NET_NOT_BLOCKED).format(player=name)


def net_block_list(names: Sequence[str]) -> str:
    if not names:
        return tr(NET_BLOCK_NONE)
    return tr(NET_BLOCK_LIST).format(names=LIST_SEPARATOR.join(names))


# --- invitations ---------------------------------------------------------------------------
NET_INVITE_SENT = N_("{player} is invited to table {number}.")
# Translators: to the person invited; join is typed as it is.
NET_INVITED = N_("{player} invites you to table {number}: type join {number}.")
# Translators: to the person invited to a private table; {code} is typed to join it.
NET_INVITED_PRIVATE = N_("{player} invites you to private table {number}: type join {code}.")
NET_INVITE_AWAY = N_("{player} is not connected: invite them when they come.")
NET_INVITE_HOW = N_("Type invite, then a name: invite ann.")


def net_invite_sent(name: str, number: int) -> str:
    return tr(NET_INVITE_SENT).format(player=name, number=number)


def net_invited(name: str, number: int, code: str | None) -> str:
    if code is None:
        return tr(NET_INVITED).format(player=name, number=number)
    return tr(NET_INVITED_PRIVATE).format(player=name, number=number, code=code)


def net_invite_away(name: str) -> str:
    return tr(NET_INVITE_AWAY).format(player=name)


# --- the lobby's chat during a game --------------------------------------------------------
NET_LOBBY_CHAT_ON = N_("Lobby chat in your games: on. The lobby's chat reaches you there too.")
NET_LOBBY_CHAT_OFF = N_("Lobby chat in your games: off. Your table's chat still reaches you.")
NET_LOBBY_CHAT_HOW = N_("Type lobbychat on or lobbychat off.")


def net_lobby_chat_set(on: bool) -> str:
    return tr(NET_LOBBY_CHAT_ON if on else NET_LOBBY_CHAT_OFF)


# --- the host's moderation of their table --------------------------------------------------
KICK_WORD = "kick"
BAN_WORD = "ban"
UNBAN_WORD = "unban"
HOST_WORD = "host"
CLOSE_WORD = "close"
MODERATION_WORDS = (KICK_WORD, BAN_WORD, UNBAN_WORD, HOST_WORD, CLOSE_WORD)
MODERATION_HELP = (
    N_(
        "The table's host: kick NAME removes a person (in a game, a bot plays their seat), a "
        "bot before the start, or one watching; ban NAME also keeps them out; unban NAME."
    ),
    N_(
        "host NAME: NAME, at your table, is its host now. close: the host ends the table, its "
        "game too."
    ),
)
# Translators: to the person removed; {host} is the table's host.
NET_KICKED_YOU = N_("{host} removed you from table {number}.")
NET_BANNED_YOU = N_("{host} removed you from table {number}, and keeps you out of it.")
# Translators: to everyone at the table, the host too.
NET_KICKED = N_("{player} is removed from table {number}.")
NET_BANNED = N_("{player} is removed from table {number} and kept out of it.")
NET_BANNED_AWAY = N_("{player} is kept out of table {number}.")
# Translators: to everyone at a table in play but the one removed.
NET_KICKED_BOT_PLAYS = N_("{player} is removed from table {number}; a bot plays their seat.")
NET_BANNED_BOT_PLAYS = N_(
    "{player} is removed from table {number} and kept out; a bot plays their seat."
)
NET_KICK_PLAYING = N_("{player}'s seat is a bot's until the game ends.")
NET_UNBANNED = N_("{player} may come to table {number} again.")
NET_NOT_BANNED = N_("{player} is not kept out of table {number}.")
NET_NOT_AT_YOUR_TABLE = N_("No one called {typed} is at your table.")
NET_KEPT_OUT = N_("Table {number} is closed to you: its host keeps you out.")
NET_HOST_PASSED = N_("{player} is the host of table {number} now.")
NET_ONLY_THE_HOST = N_("Only {player}, the table's host, can do that.")
NET_CLOSED = N_("{host} closed table {number}.")
NET_MODERATE_HOW = N_("Type kick, ban, unban or host, then a name: kick ann.")


def net_kicked_you(host: str, number: int, banned: bool) -> str:
    return tr(NET_BANNED_YOU if banned else NET_KICKED_YOU).format(host=host, number=number)


def net_kicked(name: str, number: int, banned: bool) -> str:
    return tr(NET_BANNED if banned else NET_KICKED).format(player=name, number=number)


def net_kicked_bot_plays(name: str, number: int, banned: bool) -> str:
    return tr(NET_BANNED_BOT_PLAYS if banned else NET_KICKED_BOT_PLAYS).format(
        player=name, number=number
    )


def net_banned_away(name: str, number: int) -> str:
    return tr(NET_BANNED_AWAY).format(player=name, number=number)


def net_kick_playing(name: str) -> str:
    return tr(NET_KICK_PLAYING).format(player=name)


def net_unbanned(name: str, number: int, were: bool) -> str:
    return tr(NET_UNBANNED if were else NET_NOT_BANNED).format(player=name, number=number)


def net_not_at_your_table(typed: str) -> str:
    return tr(NET_NOT_AT_YOUR_TABLE).format(typed=repr(typed))


def net_kept_out(number: int) -> str:
    return tr(NET_KEPT_OUT).format(number=number)


def net_host_passed(name: str, number: int) -> str:
    return tr(NET_HOST_PASSED).format(player=name, number=number)


def net_only_the_host(name: str) -> str:
    return tr(NET_ONLY_THE_HOST).format(player=name)


def net_closed(host: str, number: int) -> str:
    return tr(NET_CLOSED).format(host=host, number=number)
