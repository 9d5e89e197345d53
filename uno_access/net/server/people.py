"""What one person does to or with another in the lobby (and at a table's command line):
private messages (``tell``, ``reply``, ``messages``), friends (``friend``, ``unfriend``,
``friends``), blocks (``block``, ``unblock``) and invitations (``invite``); the lobby's
chat kept out of a game (``lobbychat``); and what a person is told as they come in
(``arrived``: the messages that waited, friends' requests; their friends told).

Each command runs on the server's event loop (the tables' one writer) and returns the
lines its person is told. A block is structural and silent: what the blocked one sends
is answered exactly as if it had gone, and goes nowhere. Private messages and
invitations spend the chat's own limit (``limits``): a flood of them reaches no one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ... import text
from ...access import messages
from ..seat import CHAT_LIMIT
from ..wire.said import Heard, Said, Words
from . import moderators
from .limits import Chat
from .social import ARRIVALS_WORD, LOBBY_CHAT_WORD, MESSAGES_WORD, Asked, Privacy, Social
from .tables import Lobby, Where

if TYPE_CHECKING:
    from .lobby import Person

Command = Callable[["Person", str], list[str]]
MESSAGE_LIMIT = CHAT_LIMIT  # characters of a private message, as of a chat line


def _social(person: Person) -> Social | None:
    return person.lobby.social


def _account(person: Person, typed: str) -> tuple[str | None, str]:
    """The account named by ``typed`` (as it spells itself), or None and why not."""
    name = text.name(typed)
    lobby = person.lobby
    owner = lobby.owner_of(name) if name else None
    if owner is None:
        return None, messages.net_no_such_person(text.shown(typed, 20))
    if owner.lower() == person.name.lower():
        return None, messages.tr(messages.NET_THAT_IS_YOU)
    return owner, ""


def _named(
    person: Person, rest: str, bare: Callable[[Social], list[str]]
) -> tuple[Social, str] | list[str]:
    """The store and the account ``rest`` names; else the lines that say why not
    (``bare``: what the command alone answers)."""
    social = _social(person)
    if social is None:
        return [messages.tr(messages.NET_SOCIAL_NOT_HERE)]
    if not rest.strip():
        return bare(social)
    other, why = _account(person, rest.strip())
    if other is None:
        return [why]
    return social, other


def _friend_how(social: Social) -> list[str]:
    return [messages.tr(messages.NET_FRIEND_HOW)]


def limited(lobby: Lobby, name: str) -> list[str] | None:
    """None when ``name`` may send one more line now (a private message, an invitation,
    a report: the chat's limit); else what they are told (nothing: told already)."""
    chat = lobby.chat_limits.line(name)
    if chat is Chat.SENT:
        return None
    return [messages.tr(messages.NET_CHAT_TOO_FAST)] if chat is Chat.DROPPED_TOLD else []


def tell_one(lobby: Lobby, name: str, line: Words, kind: Said) -> bool:
    """``line`` to ``name`` if they are connected; whether they were."""
    connected = lobby.connected(name)
    if connected is None:
        return False
    lobby.people[connected](Heard(line, kind))
    return True


# ----------------------------------------------------------------- private messages


def tell(person: Person, rest: str) -> list[str]:
    """``tell NAME TEXT``: a private message, or kept until NAME comes."""
    typed, _, said = rest.partition(" ")
    said = text.shown(said, MESSAGE_LIMIT).strip()
    if not typed or not said:
        return [messages.tr(messages.NET_TELL_HOW)]
    return _send(person, typed, said)


def reply(person: Person, rest: str) -> list[str]:
    """``reply TEXT``: to the last person who told this one something."""
    said = text.shown(rest, MESSAGE_LIMIT).strip()
    last = person.lobby.last_told.get(person.name.lower())
    if last is None:
        return [messages.tr(messages.NET_REPLY_NOBODY)]
    if not said:
        return [messages.tr(messages.NET_REPLY_HOW)]
    return _send(person, last, said)


def _send(person: Person, typed: str, said: str) -> list[str]:
    social = _social(person)
    if social is None:
        return [messages.tr(messages.NET_SOCIAL_NOT_HERE)]
    reader, why = _account(person, typed)
    if reader is None:
        return [why]
    lobby = person.lobby
    muted = moderators.muted(lobby.moderation, person.name)
    if muted is not None:  # said to them, reaching no one
        return [muted]
    over = limited(lobby, person.name)
    if over is not None:
        return over
    online = lobby.connected(reader) is not None
    far = lobby.far
    elsewhere = not online and far is not None and far.connected(reader)  # another server's
    if not social.blocked(reader, person.name):  # else it goes nowhere, as if it went
        privacy = social.choice(reader, MESSAGES_WORD)
        if privacy == Privacy.NOBODY.value:
            return [messages.net_tell_refused(reader, friends_only=False)]
        if privacy == Privacy.FRIENDS.value and not social.are_friends(reader, person.name):
            return [messages.net_tell_refused(reader, friends_only=True)]
        if online:
            tell_one(lobby, reader, Words(messages.net_tells_you, (person.name, said)), Said.CHAT)
            lobby.last_told[reader.lower()] = person.name
        elif elsewhere and far is not None:  # there; kept for them if they left meanwhile
            sender = person.name
            far.tell(reader, sender, said, lambda: social.post(sender, reader, said))
        elif not social.post(person.name, reader, said):
            return [messages.net_tell_full(reader)]
    if not online and not elsewhere:
        return [messages.net_tell_kept(reader)]
    person.tell(Heard(Words(messages.net_you_tell, (reader, said)), Said.CHAT))
    return []


def privacy(person: Person, rest: str) -> list[str]:
    """``messages everyone|friends|nobody``: who may tell this person things; alone,
    the choice now."""
    social = _social(person)
    if social is None:
        return [messages.tr(messages.NET_SOCIAL_NOT_HERE)]
    value = rest.strip().lower()
    if not value:
        return [messages.net_messages_set(social.choice(person.name, MESSAGES_WORD) or "")]
    if value not in {p.value for p in Privacy}:
        return [messages.tr(messages.NET_MESSAGES_HOW)]
    social.choose(person.name, MESSAGES_WORD, value)
    return [messages.net_messages_set(value)]


# ----------------------------------------------------------------- friends


def friend(person: Person, rest: str) -> list[str]:
    """``friend NAME``: ask NAME to be friends, or agree to their request."""
    found = _named(person, rest, _friend_how)
    if isinstance(found, list):
        return found
    social, other = found
    asked = social.ask(person.name, other)
    lobby = person.lobby
    heard = not social.blocked(other, person.name)
    if asked is Asked.AGREED:
        if heard:
            tell_one(lobby, other, Words(messages.net_friend_agreed, (person.name,)), Said.NOTICE)
        return [messages.net_friend_agreed(other)]
    if asked is Asked.ASKED:
        if heard:
            request = Words(messages.net_friend_request, (person.name,))
            tell_one(lobby, other, request, Said.PRESENCE)
        return [messages.net_friend_asked(other)]
    if asked is Asked.ALREADY:
        return [messages.net_friend_already(other)]
    if asked is Asked.PENDING:
        return [messages.net_friend_pending(other)]
    return [messages.tr(messages.NET_FRIEND_TOO_MANY)]


def unfriend(person: Person, rest: str) -> list[str]:
    """``unfriend NAME``: no longer friends, or a request declined or taken back."""
    found = _named(person, rest, _friend_how)
    if isinstance(found, list):
        return found
    social, other = found
    return [messages.net_unfriended(other, social.unfriend(person.name, other))]


def friends(person: Person, rest: str) -> list[str]:
    """``friends``: where each friend is (those connected first), and the requests
    waiting; ``friends on``/``off``: told when a friend comes in, or not."""
    social = _social(person)
    if social is None:
        return [messages.tr(messages.NET_SOCIAL_NOT_HERE)]
    value = rest.strip().lower()
    if value in ("on", "off"):
        social.choose(person.name, ARRIVALS_WORD, value)
        return [messages.net_arrivals_set(value == "on")]
    if value:
        return [messages.tr(messages.NET_FRIENDS_HOW)]
    lobby = person.lobby
    found = [(lobby.where(name), name) for name in social.friends(person.name)]
    found.sort(key=lambda item: item[0][0] is Where.AWAY)  # those connected first
    lines = [
        messages.net_friend_where(name, where.value, number) for (where, number), name in found
    ]
    if not lines:
        lines.append(messages.tr(messages.NET_FRIENDS_NONE))
    asking = social.asking(person.name)
    if asking:
        lines.append(messages.net_friends_asking(asking))
    asked = social.asked(person.name)
    if asked:
        lines.append(messages.net_friends_asked(asked))
    return lines


# ----------------------------------------------------------------- blocks


def block(person: Person, rest: str) -> list[str]:
    """``block NAME``: nothing of NAME's reaches this person (never said to NAME); alone:
    whom they block."""
    found = _named(person, rest, lambda social: _blocked(social, person))
    if isinstance(found, list):
        return found
    social, other = found
    return [messages.net_blocked(other, already=not social.block(person.name, other))]


def unblock(person: Person, rest: str) -> list[str]:
    found = _named(person, rest, lambda social: _blocked(social, person))
    if isinstance(found, list):
        return found
    social, other = found
    return [messages.net_unblocked(other, social.unblock(person.name, other))]


def _blocked(social: Social, person: Person) -> list[str]:
    return [messages.net_block_list(social.blocked_by(person.name))]


# ----------------------------------------------------------------- invitations


def invite(person: Person, rest: str) -> list[str]:
    """``invite NAME``: NAME is asked to this person's table (told its code if it is
    private)."""
    table = person.table
    if table is None:
        return [messages.tr(messages.NET_NOT_AT_TABLE)]
    if not rest.strip():
        return [messages.tr(messages.NET_INVITE_HOW)]
    other, why = _account(person, rest.strip())
    if other is None:
        return [why]
    lobby = person.lobby
    if lobby.connected(other) is None:
        return [messages.net_invite_away(other)]
    muted = moderators.muted(lobby.moderation, person.name)
    if muted is not None:
        return [muted]
    over = limited(lobby, person.name)
    if over is not None:
        return over
    if not lobby.blocks(other, person.name):
        line = Words(messages.net_invited, (person.name, table.number, table.code))
        tell_one(lobby, other, line, Said.PRESENCE)
    return [messages.net_invite_sent(other, table.number)]


# ----------------------------------------------------------------- the lobby's chat


def lobby_chat(person: Person, rest: str) -> list[str]:
    """``lobbychat on``/``off``: the lobby's chat told during this person's games, or
    kept out of them (as it is unless they choose)."""
    social = _social(person)
    if social is None:
        return [messages.tr(messages.NET_SOCIAL_NOT_HERE)]
    value = rest.strip().lower()
    if not value:
        return [messages.net_lobby_chat_set(person.lobby.lobby_chat_in_games(person.name))]
    if value not in ("on", "off"):
        return [messages.tr(messages.NET_LOBBY_CHAT_HOW)]
    social.choose(person.name, LOBBY_CHAT_WORD, value)
    return [messages.net_lobby_chat_set(value == "on")]


# ----------------------------------------------------------------- coming in


def arrived(person: Person) -> None:
    """``person`` has come in: the private messages that waited for them, the friends'
    requests waiting; their friends connected told (unless they chose not to be)."""
    social = _social(person)
    if social is None:
        return
    lobby = person.lobby
    name = person.name
    for letter in social.letters(name):
        line = Words(messages.net_told_while_away, (letter.sender, letter.said))
        person.tell(Heard(line, Said.CHAT))
        lobby.last_told[name.lower()] = letter.sender
    asking = social.asking(name)
    if asking:
        person.tell(Heard(Words(messages.net_friends_asking, (asking,)), Said.PRESENCE))
    friends_told(lobby, name)


def friends_told(lobby: Lobby, name: str) -> None:
    """``name``'s friends connected here told that ``name`` has come in (here, or to
    another server of a cluster), but those who chose not to be, or block ``name``."""
    social = lobby.social
    if social is None:
        return
    for other in social.friends(name):
        if social.choice(other, ARRIVALS_WORD) == "off" or social.blocked(other, name):
            continue
        tell_one(lobby, other, Words(messages.net_friend_came, (name,)), Said.PRESENCE)


COMMANDS: dict[str, Command] = {
    messages.TELL_WORD: tell,
    messages.REPLY_WORD: reply,
    MESSAGES_WORD: privacy,
    messages.FRIEND_WORD: friend,
    messages.UNFRIEND_WORD: unfriend,
    messages.FRIENDS_WORD: friends,
    messages.BLOCK_WORD: block,
    messages.UNBLOCK_WORD: unblock,
    messages.INVITE_WORD: invite,
    LOBBY_CHAT_WORD: lobby_chat,
}
