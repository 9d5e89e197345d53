"""Network play: the server's command line, the lobby and its commands, a seat
played over plain ssh.

``{number}`` is a table's number, ``{seat}`` a seat's, ``{player}`` a person's name;
``NET_YOU_…`` is said to the person themselves, ``NET_THEY_…`` about them to the others.
``{typed}`` is what the person typed, quoted.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...engine.cards import Card, Color
from ..message import Parts
from .answers import _b_top_card, _b_whose_turn, _b_your_hand, top_card, whose_turn, your_hand
from .forms import (
    LIST_SEPARATOR,
    SAID_AS_BRAILLE,
    Fixed,
    Plural,
    Who,
    Whole,
    plural,
    register,
    register_whole,
)
from .keys import keyed
from .language import N_, NP_, tr
from .trouble import Reason

HELP_SERVE_HOST = N_("the address to listen on (default 127.0.0.1; 0.0.0.0 for every address)")
HELP_SERVE_PORT = N_("the port to listen on (default 8022; 0 picks a free one)")
PORT_RANGE = N_("the port is a whole number from 0 to 65535 (0 picks a free one)")
HELP_SERVE_DATA = N_("the server's folder: its host key and accounts")
HELP_SERVE_OPEN = N_("let any new key claim a free name, without the invite code")
HELP_SERVE_SEED = N_("seed the tables' deals (table N deals from SEED + N), for tests")
SAY_WORD = "say"
NET_ALREADY_CONNECTED = N_("You are already connected from elsewhere; this connection closes.")
NET_NAME_TAKEN_MEANWHILE = N_(
    "Someone took that name on another server just now; this connection closes. Choose "
    "another name."
)
NET_REPLACED = N_(
    "You connected again from elsewhere; this connection closes. Your seat goes with you."
)
NET_NO_TABLES = N_("No tables yet. Type new to make one.")
NET_LOBBY_HINT = N_("You are in the lobby. Type help for the commands.")
NET_NOT_AT_WAITING_TABLE = N_("You are not at a table that is waiting to start.")
NET_NOT_AT_TABLE = N_("You are not at a table.")
NET_TOO_FEW = N_("A game needs at least two players: wait for someone to join, or type bot.")
NET_BACK_IN_LOBBY = N_("You are back in the lobby.")
NOT_YOUR_TURN_NET = N_("It is not your turn. Enter says whose turn it is.")
not_your_turn_net = Fixed(NOT_YOUR_TURN_NET, N_("Not your turn: Enter says whose"))


def net_told(line: str) -> str:
    """A line of the server's (the lobby's, a chat line, a notice, the connection's), worded
    there or by the connection: a text read whole. Lines a seat's table says are ``Line``s
    of their own phrases; a ``Words`` line of a registered phrase keeps its braille form
    (``net.said.heard_line``).
    """
    return line


register_whole(net_told, Whole.TEXT)
# F1 at a network table, after the keys: what is typed there alone
NET_TABLE_HELP = (
    N_("At this network table, typed (with keys on, press / first):"),
    N_("say TEXT: a line to your table and its watchers."),
    N_(
        "grace SECONDS, standin NAME, wait NAME: the table's maker chooses for a seat whose "
        "player's connection dropped (a bot plays it, or the game waits)."
    ),
)
NET_LOBBY_HELP = (
    N_("The lobby's commands, typed and sent with Enter:"),
    N_("tables: the tables, their rules, who sits and how many seats are free."),
    N_("new, or new RULES (as --rules takes them): make a table and sit at it."),
    N_("new private, or new private RULES: a table joined only with the code you are told."),
    N_("join N: sit at table N. watch N: watch table N. join CODE: sit at a private table."),
    N_("timer SECONDS or timer off: the table's maker sets how long a turn may take."),
    N_("password: choose a password, to log in with when you come without your key."),
    N_("bot, or bot STRENGTH (easy, normal, hard): a bot in the next seat of your table."),
    N_("start: the table's maker starts the game."),
    N_("say TEXT: a line to the lobby, or to your table."),
    N_("leave: leave your table. who: who is connected. help: this. quit: leave the server."),
    N_("keys on or keys off, verbosity brief, normal or full: how your games take keys and speak."),
    N_(
        "braille ueb2, ueb1 or computer: after each line its braille as Unicode dots, the cards "
        "as their corner codes; braille off stops it."
    ),
    N_(
        "bell on or bell off: your terminal beeps when it is your turn, beside the words; "
        "bell chat: at each chat line too."
    ),
    N_(
        "chat: read the chat's lines again, with [ (back) and ] (forward); chat mute, chat "
        "unmute: chat spoken or not (muted, it is still shown, brailled and kept)."
    ),
    N_(
        "grace SECONDS: how long a seat whose player's connection dropped waits before the "
        "table's maker is asked what to do (60 seconds unless set)."
    ),
    N_(
        "standin NAME: a bot plays the seat of NAME, who is away, until they are back. "
        "wait NAME: the game waits for NAME at their turn (the stand-in, if any, stops)."
    ),
    N_("Once the game starts you play it exactly as uno-access play; say TEXT still chats."),
)


# the server's first line, read by programs (INTERFACE.md): the same in every language
NET_LISTENING = "Listening on {host}:{port}"
# Translators: PORT, NAME and HOST stand for what the player puts there; the rest is typed
# as it is ("ssh -p PORT NAME+{code}@HOST").
NET_INVITE = N_(
    "Invite code: {code} (a new player connects once with ssh -p PORT NAME+{code}@HOST; "
    "after that, ssh -p PORT NAME@HOST)"
)
NET_WELCOME = N_("Welcome, {player}. You are in the lobby; type help for the commands.")
# Translators: the first line to a person who comes back to the seat held for them at a
# table since their connection dropped; the next line says which table and seat.
NET_WELCOME_BACK = N_("Welcome back, {player}.")
# Translators: a chat line; {said} is the person's own words, as they typed them.
CHAT_LINE = N_("{player} says: {said}")


def net_listening(host: str, port: int) -> str:
    """The server's first line on standard output (INTERFACE.md)."""
    return NET_LISTENING.format(host=host, port=port)


def net_invite(code: str) -> str:
    return tr(NET_INVITE).format(code=code)


def net_welcome(name: str) -> str:
    return tr(NET_WELCOME).format(player=name)


def net_welcome_back(name: str) -> str:
    return tr(NET_WELCOME_BACK).format(player=name)


def chat_line(name: str, said: str) -> str:
    """A chat line that makes sense alone: "Sam says: hello." (a full stop added)."""
    return tr(CHAT_LINE).format(player=name, said=ended(said))


def ended(said: str) -> str:
    """A person's own words ended as a sentence: a full stop added when they have no
    ending of their own."""
    if said and said[-1] not in CHAT_ENDS:
        said += CHAT_FULL_STOP
    return said


# --- the tables, as the lobby lists them ---------------------------------------------------
# Translators: a bot's name in the list of who sits at a table: "Cy (bot)".
NET_BOT_NAME = N_("{player} (bot)")
# Translators: the stage of a table, in NET_TABLE_LINE: "waiting" to start, "playing", "over".
NET_STAGES = {"waiting": N_("waiting"), "playing": N_("playing"), "over": N_("over")}
# who sits at a table where nobody does
NET_NOBODY = N_("nobody")
# Translators: {rules} is the rules as typed (speed,uno_penalty=4); {stage} one of
# NET_STAGES; {names} who sits there, separated by commas; {count} the seats free.
NET_TABLE_LINE: Plural = NP_(
    "Table {number}, {rules} rules, {stage}: {names}; {count} seat free.",
    "Table {number}, {rules} rules, {stage}: {names}; {count} seats free.",
)


def net_bot_name(name: str) -> str:
    """A bot in the list of who sits at a table."""
    return tr(NET_BOT_NAME).format(player=name)


def net_table_line(number: int, rules: str, names: Sequence[str], free: int, stage: str) -> str:
    return plural(free, NET_TABLE_LINE).format(
        number=number,
        rules=rules,
        stage=tr(NET_STAGES.get(stage, stage)),
        names=LIST_SEPARATOR.join(names) if names else tr(NET_NOBODY),
        count=free,
    )


NET_TABLE_MADE = N_(
    "You made table {number} and sit in seat 1. Type bot to add a bot, start to begin; "
    "others join with: join {number}."
)
NET_ALREADY_AT = N_("You are at table {number} already; type leave first.")
NET_NO_SUCH_TABLE = N_("There is no table {typed}. Type tables to hear them.")
NET_TABLE_STARTED = N_("Table {number} has started; type watch {number} to watch it.")
NET_TABLE_FULL = N_("Table {number} is full.")


def net_table_made(number: int) -> str:
    return tr(NET_TABLE_MADE).format(number=number)


def net_already_at(number: int) -> str:
    return tr(NET_ALREADY_AT).format(number=number)


def net_no_such_table(given: str) -> str:
    return tr(NET_NO_SUCH_TABLE).format(typed=repr(given))


def net_table_started(number: int) -> str:
    return tr(NET_TABLE_STARTED).format(number=number)


def net_table_full(number: int) -> str:
    return tr(NET_TABLE_FULL).format(number=number)


# --- who sits, watches, leaves and comes back ---------------------------------------------
NET_THEY_SIT = N_("{player} sits at table {number}, seat {seat}.")
NET_YOU_SIT = N_("You sit at table {number}, seat {seat}. The table's maker starts the game.")
NET_BOT_SITS = N_("The bot {player} sits at table {number}, seat {seat}.")
NET_THEY_WATCH = N_("{player} watches table {number}.")
NET_YOU_WATCH = N_("You watch table {number}. Type leave to stop.")


def net_sits(name: str, number: int, seat: int) -> str:
    return tr(NET_THEY_SIT).format(player=name, number=number, seat=seat)


def net_you_sit(number: int, seat: int) -> str:
    return tr(NET_YOU_SIT).format(number=number, seat=seat)


def net_bot_sits(name: str, number: int, seat: int) -> str:
    return tr(NET_BOT_SITS).format(player=name, number=number, seat=seat)


def net_watches(name: str, number: int) -> str:
    return tr(NET_THEY_WATCH).format(player=name, number=number)


def net_you_watch(number: int) -> str:
    return tr(NET_YOU_WATCH).format(number=number)


# Translators: {typed} is the strength typed; easy, normal and hard are typed as they are.
NET_UNKNOWN_BOT = N_("There is no bot {typed}; the bots are easy, normal and hard.")
# Translators: said to another person at the table; {player} made it.
NET_ONLY_CREATOR = N_("Only {player}, who made the table, can start it.")


def net_unknown_bot(given: str) -> str:
    return tr(NET_UNKNOWN_BOT).format(typed=repr(given))


def net_only_creator(name: str) -> str:
    return tr(NET_ONLY_CREATOR).format(player=name)


NET_THEY_LEFT = N_("{player} left table {number}.")
NET_YOU_LEFT = N_("You left table {number}.")
# Translators: said to the others at the table while the game goes on.
NET_LEFT_BOT_PLAYS = N_("{player} left the table; a bot plays in their seat.")
NET_THEY_ARE_BACK = N_("{player} is back at the table.")
NET_YOU_ARE_BACK = N_(
    "You are back at table {number}, seat {seat}; a bot played for you meanwhile."
)


def net_left(name: str, number: int) -> str:
    return tr(NET_THEY_LEFT).format(player=name, number=number)


def net_you_left(number: int) -> str:
    return tr(NET_YOU_LEFT).format(number=number)


def net_left_bot_plays(name: str) -> str:
    return tr(NET_LEFT_BOT_PLAYS).format(player=name)


def net_back(name: str) -> str:
    return tr(NET_THEY_ARE_BACK).format(player=name)


def net_you_are_back(number: int, seat: int) -> str:
    return tr(NET_YOU_ARE_BACK).format(number=number, seat=seat)


NET_SINCE_YOU_LEFT = N_("What happened since you left:")
net_since_you_left = Fixed(NET_SINCE_YOU_LEFT, N_("Since you left:"))
NET_NOTHING_SINCE = N_("Nothing happened at the table while you were away.")
net_nothing_since = Fixed(NET_NOTHING_SINCE, N_("Nothing happened since"))
NET_SEAT_WAITS = N_(
    "Your seat at table {number} waits for you, a bot playing it: type join {number}."
)


def net_seat_waits(number: int) -> str:
    return tr(NET_SEAT_WAITS).format(number=number)


# --- the person's settings, typed in the lobby --------------------------------------------
NET_KEYS_ON = N_("Keys on: at the table, one key per command, as in uno-access play.")
NET_KEYS_OFF = N_("Keys off: at the table, every command is typed and sent with Enter.")
# Translators: {verbosity} is brief, normal or full, as typed.
NET_VERBOSITY_SET = N_("Verbosity {verbosity}, from your next game on.")
NET_BELL_ON = N_("Bell on: your terminal beeps when it is your turn; the words are said too.")
NET_BELL_OFF = N_("Bell off: no beep when it is your turn.")
NET_BELL_VALUES = N_("Type bell on or bell off.")


def net_bell_set(on: bool) -> str:
    return tr(NET_BELL_ON) if on else tr(NET_BELL_OFF)


def net_keys_set(on: bool) -> str:
    return tr(NET_KEYS_ON) if on else tr(NET_KEYS_OFF)


def net_verbosity_set(value: str) -> str:
    return tr(NET_VERBOSITY_SET).format(verbosity=value)


# --- a plain ssh session's braille line (``braille TABLE``, ``braille off``) -------------
# Translators: {table} is the braille table's word as typed (ueb2, ueb1, computer).
NET_BRAILLE_ON = N_(
    "Braille line on, in {table}: after each line, its braille as Unicode dots, with each "
    "card as its corner code, for a screen reader that passes braille dots through to your "
    "display. braille off stops it."
)
NET_BRAILLE_OFF = N_("Braille line off: your screen reader brailles the lines themselves.")
# Translators: {tables} lists the braille tables' words as typed.
NET_BRAILLE_VALUES = N_("Type braille and one of {tables}, or braille off.")


def net_braille_set(table: str | None) -> str:
    return tr(NET_BRAILLE_OFF) if table is None else tr(NET_BRAILLE_ON).format(table=table)


def net_braille_values(tables: Sequence[str]) -> str:
    return tr(NET_BRAILLE_VALUES).format(tables=LIST_SEPARATOR.join(tables))


# --- accounts: passwords, uno-access users; private tables; the turn timer ---------------
# The prompts of a password login are ssh's own (keyboard-interactive): OpenSSH writes
# each, and shows nothing of what is typed after it.
# Translators: {player} is the name the person logs in as.
NET_PASSWORD_PROMPT = N_("Password for {player}: ")
# Translators: {player} is a name no account has yet, as the person typed it.
NET_INVITE_ASKED = N_(
    "{player} is a new name on this server. Type the server's invite code to claim it; "
    "then you choose a password."
)
NET_INVITE_PROMPT = N_("Invite code: ")
# Translators: {player} is the name asked for, {other} the name of another account it
# could be taken for (a Cyrillic "a" for the Latin one, "1" for "l").
# Keep "Name refused" first: on a braille display the name asked for (in another
# alphabet, say) may take most of the first 20 cells.
NET_NAME_LOOKS_LIKE = N_(
    "Name refused: {player} looks like {other}, someone else's name. "
    "Log in again with another name."
)
# Translators: {player} is the name asked for, kept for the server (root, admin...).
# Keep "Name refused" first, as above.
NET_NAME_RESERVED = N_(
    "Name refused: {player} is kept for the server. Log in again with another name."
)
# Translators: {count} is the fewest characters a password may have.
NET_CHOOSE_PASSWORD: Plural = NP_(
    "Choose a password for {player}, at least {count} character; nothing you type is "
    "shown, Enter sends it, Ctrl-C gives up.",
    "Choose a password for {player}, at least {count} characters; nothing you type is "
    "shown, Enter sends it, Ctrl-C gives up.",
)
NET_CURRENT_PASSWORD_PROMPT = N_("Current password: ")
NET_CURRENT_PASSWORD_WRONG = N_("That is not your current password.")
NET_NEW_PASSWORD_PROMPT = N_("New password: ")
NET_PASSWORD_AGAIN_PROMPT = N_("The same password again: ")
NET_PASSWORDS_DIFFER = N_("The two passwords are not the same; choose again.")
NET_PASSWORD_TOO_SHORT: Plural = NP_(
    "A password needs at least {count} character; choose again.",
    "A password needs at least {count} characters; choose again.",
)
NET_PASSWORD_TOO_LONG: Plural = NP_(
    "A password has at most {count} character; choose again.",
    "A password has at most {count} characters; choose again.",
)
NET_PASSWORD_SET = N_(
    "Your password is set: it logs you in from a web browser, and over ssh"
    " (ssh -p PORT {player}@HOST) when you come without your key."
)
NET_PASSWORD_UNCHANGED = N_("Your password is unchanged.")
NET_PASSWORD_NOT_HERE = N_(
    "The full client logs in with its own key; to set a password, connect with plain ssh "
    "and type password in the lobby."
)


def net_password_prompt(name: str) -> str:
    return tr(NET_PASSWORD_PROMPT).format(player=name)


def net_name_looks_like(name: str, other: str) -> str:
    return tr(NET_NAME_LOOKS_LIKE).format(player=name, other=other)


def net_name_reserved(name: str) -> str:
    return tr(NET_NAME_RESERVED).format(player=name)


def net_invite_asked(name: str) -> str:
    return tr(NET_INVITE_ASKED).format(player=name)


def net_choose_password(name: str, shortest: int) -> str:
    return plural(shortest, NET_CHOOSE_PASSWORD).format(player=name, count=shortest)


def net_password_too_short(shortest: int) -> str:
    return plural(shortest, NET_PASSWORD_TOO_SHORT).format(count=shortest)


def net_password_too_long(longest: int) -> str:
    return plural(longest, NET_PASSWORD_TOO_LONG).format(count=longest)


def net_password_set(name: str) -> str:
    return tr(NET_PASSWORD_SET).format(player=name)


# ``uno-access users``, on the server's machine: answers on standard output, errors one
# line on standard error
HELP_USERS_LIST = N_("every name, its key, whether it has a password, and when it was last seen")
HELP_USERS_REMOVE = N_("forget a name, its key and its password (the name is free again)")
HELP_USERS_NAME = N_("the name to remove")
USERS_NONE = N_("No accounts yet.")
# Translators: one account of ``uno-access users list``: {key} is USERS_KEY or USERS_NO_KEY,
# {password} USERS_PASSWORD or USERS_NO_PASSWORD, {seen} USERS_SEEN or USERS_NEVER_SEEN.
USERS_LINE = N_("{player}: {key}, {password}, {seen}.")
# Translators: an account with a role on the server; {role} is operator or moderator.
USERS_LINE_ROLE = N_("{player}, {role}: {key}, {password}, {seen}.")
# Translators: {fingerprint} is the key's SHA256 fingerprint, as ssh-keygen -l shows it.
USERS_KEY = N_("key {fingerprint}")
USERS_NO_KEY = N_("no key")
USERS_PASSWORD = N_("password set")
USERS_NO_PASSWORD = N_("no password")
# Translators: {when} is a date and time, as 2026-12-01 14:50 UTC.
USERS_SEEN = N_("last seen {when}")
USERS_NEVER_SEEN = N_("not seen since it was made")
USERS_REMOVED = N_("Removed {player}: the name, its key and its password are forgotten.")
# Translators: an error on standard error; {typed} is the name given, quoted.
USERS_NO_SUCH = N_("there is no account {typed} on this server (uno-access users list names them)")
# Translators: an error on standard error; {path} is the folder given with --data.
USERS_NO_FOLDER = N_("there is no server folder {path}: give the --data DIR of uno-access serve")


def users_line(
    name: str, fingerprint: str | None, password: bool, seen: str | None, role: str | None = None
) -> str:
    return tr(USERS_LINE if role is None else USERS_LINE_ROLE).format(
        player=name,
        role=role,
        key=tr(USERS_NO_KEY)
        if fingerprint is None
        else tr(USERS_KEY).format(fingerprint=fingerprint),
        password=tr(USERS_PASSWORD) if password else tr(USERS_NO_PASSWORD),
        seen=tr(USERS_NEVER_SEEN) if seen is None else tr(USERS_SEEN).format(when=seen),
    )


def users_removed(name: str) -> str:
    return tr(USERS_REMOVED).format(player=name)


def users_no_such(given: str) -> str:
    return tr(USERS_NO_SUCH).format(typed=repr(given))


def users_no_folder(path: str) -> str:
    return tr(USERS_NO_FOLDER).format(path=path)


# private tables: made with ``new private [RULES]``, joined with ``join CODE``
PRIVATE_WORD = "private"
# Translators: {code} is the table's code, typed as it is.
NET_PRIVATE_TABLE_MADE = N_(
    "You made private table {number} and sit in seat 1. Its code is {code}: others join "
    "with join {code}. Type bot to add a bot, start to begin."
)
# Translators: a private table in the list, as others hear it: who sits there is not said.
NET_PRIVATE_TABLE_LINE: Plural = NP_(
    "Table {number}, private, {rules} rules, {stage}; {count} seat free; joined with its code.",
    "Table {number}, private, {rules} rules, {stage}; {count} seats free; joined with its code.",
)
# Translators: a private table in the list, as the people at it hear it.
NET_PRIVATE_TABLE_YOURS: Plural = NP_(
    "Table {number}, private, code {code}, {rules} rules, {stage}: {names}; {count} seat free.",
    "Table {number}, private, code {code}, {rules} rules, {stage}: {names}; {count} seats free.",
)
NET_PRIVATE_NEEDS_CODE = N_(
    "Table {number} is private: join it with its code, join CODE; its host can tell you the code."
)
# Translators: {typed} is the code typed, quoted.
NET_NO_SUCH_CODE = N_("No table has the code {typed}; check the code with the table's host.")


def net_private_table_made(number: int, code: str) -> str:
    return tr(NET_PRIVATE_TABLE_MADE).format(number=number, code=code)


def net_private_table_line(
    number: int, rules: str, free: int, stage: str, code: str | None, names: Sequence[str]
) -> str:
    """A private table in the list: for those at it (``code`` given), as any other table
    with its code; for the others, without who sits there.
    """
    forms = NET_PRIVATE_TABLE_LINE if code is None else NET_PRIVATE_TABLE_YOURS
    return plural(free, forms).format(
        number=number,
        rules=rules,
        stage=tr(NET_STAGES[stage]) if stage in NET_STAGES else stage,
        count=free,
        code=code,
        names=LIST_SEPARATOR.join(names) if names else tr(NET_NOBODY),
    )


def net_private_needs_code(number: int) -> str:
    return tr(NET_PRIVATE_NEEDS_CODE).format(number=number)


def net_no_such_code(given: str) -> str:
    return tr(NET_NO_SUCH_CODE).format(typed=repr(given))


# the turn timer of a table: ``timer SECONDS`` or ``timer off``, by the table's host
TIMER_OFF_WORD = "off"
NET_TIMER_SET: Plural = NP_(
    "Turn timer at table {number}: {count} second a turn. When it runs out, the turn is "
    "passed for the player: they draw, or take the cards they owe, and play goes on.",
    "Turn timer at table {number}: {count} seconds a turn. When it runs out, the turn is "
    "passed for the player: they draw, or take the cards they owe, and play goes on.",
)
NET_TIMER_OFF = N_("Turn timer off at table {number}: a turn takes as long as it takes.")
# Translators: {least} and {most} are numbers of seconds.
NET_TIMER_VALUES = N_(
    "Type timer off, or timer and the seconds a turn may take, from {least} to {most}: timer 30."
)
# Translators: said to another person at the table; {player} made it.
NET_TIMER_ONLY_HOST = N_("Only {player}, who made the table, can set its turn timer.")
# Translators: a sentence after a table's line in the list, when it has a turn timer.
NET_TABLE_TIMER: Plural = NP_(
    "Turn timer {count} second.",
    "Turn timer {count} seconds.",
)
# said once in a turn, to the player whose turn it is alone
NET_TIMER_WARNING: Plural = NP_(
    "{count} second left in your turn.",
    "{count} seconds left in your turn.",
)
# the turn timer ran out: said to everyone at the table, then what was done is told as
# every move is
NET_YOUR_TIME_RAN_OUT = N_("Your time ran out: your turn is passed for you.")
NET_THEIR_TIME_RAN_OUT = N_("{player}'s time ran out: their turn is passed for them.")


def net_timer_set(number: int, seconds: int | None) -> str:
    if seconds is None:
        return tr(NET_TIMER_OFF).format(number=number)
    return plural(seconds, NET_TIMER_SET).format(number=number, count=seconds)


def net_timer_values(least: int, most: int) -> str:
    return tr(NET_TIMER_VALUES).format(least=least, most=most)


def net_timer_only_host(name: str) -> str:
    return tr(NET_TIMER_ONLY_HOST).format(player=name)


def net_table_timer(seconds: int) -> str:
    return plural(seconds, NET_TABLE_TIMER).format(count=seconds)


def net_timer_warning(seconds: int) -> str:
    return plural(seconds, NET_TIMER_WARNING).format(count=seconds)


def net_time_ran_out(name: str, you: bool) -> str:
    return tr(NET_YOUR_TIME_RAN_OUT) if you else tr(NET_THEIR_TIME_RAN_OUT).format(player=name)


NET_TABLE_ENDED = N_("Table {number} has ended: every player has left it.")
# {names}: who is connected, separated by commas
NET_WHO = N_("Connected: {names}.")
# Translators: {typed} is the word typed, quoted.
NET_UNKNOWN_COMMAND = N_("There is no command {typed} here. Type help for the commands.")


def net_table_ended(number: int) -> str:
    return tr(NET_TABLE_ENDED).format(number=number)


def net_who(names: Sequence[str]) -> str:
    return tr(NET_WHO).format(names=LIST_SEPARATOR.join(names))


def net_unknown_command(word: str) -> str:
    return tr(NET_UNKNOWN_COMMAND).format(typed=repr(word))


# the server's tables saved and brought back after a restart: on the server's standard
# error, one line each. {number}: a table's number; {why}: a few words
# (saved_setup_unreadable, move_unreadable, move_replay_fails…); {path}: a file.
NET_TABLE_SET_ASIDE = N_(
    "Table {number} cannot be brought back: {why}. It is set aside in {path}; "
    "the other tables go on."
)
NET_TABLES_NOT_SAVED = N_(
    "The tables are not saved from now on: {why}. What was saved before is kept, and the "
    "games go on. {advice}"
)
CANNOT_SERVE = N_("The server cannot start: {why}. Nothing was changed. {advice}")
SERVER_DATA_UNUSABLE = N_("The server's data in {folder} cannot be used: {why}. {advice}")


def net_tables_not_saved(why: Reason) -> str:
    return tr(NET_TABLES_NOT_SAVED).format(why=why.why, advice=why.advice)


def cannot_serve(why: Reason) -> str:
    return tr(CANNOT_SERVE).format(why=why.why, advice=why.advice)


def server_data_unusable(folder: str, why: Reason) -> str:
    return tr(SERVER_DATA_UNUSABLE).format(folder=folder, why=why.why, advice=why.advice)


NET_TABLES_FILE_DAMAGED = N_(
    "The tables file {path} is damaged; it is kept as {aside}, and a new one is started."
)
# To everyone at a table brought back, told first when they take up their seat again.
NET_SERVER_RESTARTED = N_("The server was restarted; the game goes on from where it was.")


def net_server_restarted() -> str:
    return tr(NET_SERVER_RESTARTED)


# --------------------------------------------------------------------- the full client
HELP_JOIN_ADDRESS = N_("the server, as HOST:PORT")
HELP_JOIN_NAME = N_("your name on the server (default: your login name)")
HELP_JOIN_INVITE = N_("the invite code the server printed, the first time you join")
NET_SERVER_CLOSED = N_("The connection to the server is closed.")
net_server_closed = Fixed(NET_SERVER_CLOSED, N_("Connection closed"))
# Translators: {where} is [HOST]:PORT; {known} the client's known_hosts file
NET_HOST_KEY_CHANGED = N_(
    "the server's host key for {where} has changed since you first joined it: refusing to "
    "connect (it may be an impostor; the key you trusted is in {known})"
)
NET_JOIN_DENIED = N_(
    "the server refused {login}: the name is taken by another key, or it needs the invite "
    "code (--invite CODE)"
)
NET_JOIN_FAILED = N_("cannot join {where}: {why}")
NET_BAD_ADDRESS = N_("{address} is no server address: give it as HOST:PORT")


def net_host_key_changed(where: str, known: str) -> str:
    return tr(NET_HOST_KEY_CHANGED).format(where=where, known=known)


def net_join_denied(login: str) -> str:
    return tr(NET_JOIN_DENIED).format(login=login)


def net_join_failed(where: str, why: str) -> str:
    return tr(NET_JOIN_FAILED).format(where=where, why=why)


def net_bad_address(address: str) -> str:
    return tr(NET_BAD_ADDRESS).format(address=address)


# the data channel's refusals: each line the server did not take, and why
NET_REFUSED_TOO_LONG = N_("Refused: the line is too long.")
NET_REFUSED_NOT_JSON = N_("Refused: the line is not JSON.")
NET_REFUSED_NOT_MESSAGE = N_("Refused: the line is no message object.")
NET_REFUSED_NO_ID = N_("Refused: an action needs a whole-number id.")
NET_REFUSED_NO_GAME = N_("Refused: you are at no game.")
NET_REFUSED_NOT_YOUR_SEAT = N_("Refused: that action is for another seat.")
NET_REFUSED_FAILED = N_("Refused: the action could not be applied.")
NET_REFUSED_LINE_TEXT = N_("Refused: a lobby line is text of at most {limit} characters.")
# Translators: {kind} is what the client sent as the message's kind, quoted
NET_REFUSED_NO_SUCH_MESSAGE = N_("Refused: there is no message {kind}.")
NET_REFUSED_NOT_ACTION = N_("Refused: that is no action ({why}).")


def net_refused_line_text(limit: int) -> str:
    return tr(NET_REFUSED_LINE_TEXT).format(limit=limit)


def net_refused_no_such_message(kind: str) -> str:
    return tr(NET_REFUSED_NO_SUCH_MESSAGE).format(kind=repr(kind))


def net_refused_not_action(why: str) -> str:
    return tr(NET_REFUSED_NOT_ACTION).format(why=why)


# --------------------------------------------------------------------- drops and returns
# A seat whose player's connection dropped is held for them; after the grace the table's
# maker (the host) chooses: a bot stands in ("standin NAME"), or the game waits ("wait
# NAME"). The words standin, wait and grace are typed as they are.
# Translators: said to everyone at the table.
NET_THEY_DROPPED = N_("{player}'s connection dropped; their seat waits for them.")
NET_BACK_FROM_BOT = N_("{player} is back and takes their seat back from the bot.")
NET_YOU_ARE_BACK_WAITED = N_(
    "You are back at table {number}, seat {seat}; your seat waited for you."
)
# Translators: in the list of who sits at a table, a person whose connection dropped.
NET_AWAY_NAME = N_("{player} (away)")
NET_STANDIN_NAME = N_("{player} (away, a bot plays)")
NET_NOT_PLAYING = N_("Your table is not playing a game.")
# Translators: {player} is the table's maker, who chooses for a seat whose player is away.
NET_ONLY_HOST = N_("Only {player}, who made the table, can choose that.")
NET_NOBODY_AWAY = N_("Nobody at your table is away.")
# Translators: {typed} is the name typed, quoted; {names} who is away; {word} the command.
NET_WHOM_AWAY = N_("Nobody away is called {typed}. Type {word} and one of: {names}.")
NET_STANDIN_ALREADY = N_("A bot plays {player}'s seat already. Type wait {player} to stop it.")
# Translators: said to everyone at the table; {host} chose.
NET_STANDIN_PLAYS = N_("{host} chose: a bot plays {player}'s seat until they are back.")
NET_GAME_WAITS = N_("{host} chose: the game waits for {player}.")
NET_GRACE_VALUES = N_("Type grace and a number of seconds from 0 to {most}.")
NET_GRACE_SET = N_(
    "At table {number}, a seat whose player's connection dropped waits {seconds:g} seconds "
    "before the table's maker is asked."
)
# Translators: said to the table's maker alone, once, when the grace is over.
NET_GRACE_OVER = N_(
    "{player} has been away {seconds:g} seconds. Type standin {player} for a bot to play "
    "their seat until they are back, or wait {player} to go on waiting for them (with keys "
    "on, press / first)."
)
# the full client, when its connection drops: told once each, as they happen
NET_CONNECTION_LOST = N_("Connection to the server lost. Reconnecting.")
NET_BACK_AT_TABLE = N_("Back at the table.")
net_back_at_table = Fixed(NET_BACK_AT_TABLE)
NET_RECONNECTED = N_("Connected to the server again.")
# Translators: {address} is the other server's, as HOST:PORT.
NET_MOVED = N_("Your server stopped; connected to another server of the same service, {address}.")
# Translators: {why} is a few words from the network, as they came.
NET_STILL_TRYING = N_(
    "The server does not answer ({why}); still trying. Type quit, or {quit_key} at the table, "
    "to stop."
)
NET_RECONNECT_REFUSED = N_(
    "The server refused to take you back ({why}); still trying. Type quit, or {quit_key} at "
    "the table, to stop."
)
NET_NOT_CONNECTED = N_("Not connected to the server, so that was not sent; reconnecting.")
net_not_connected = Fixed(NET_NOT_CONNECTED, N_("Not sent: reconnecting"))
NET_GAME_GONE = N_("Your game at the server is gone; you are in the lobby.")
net_game_gone = Fixed(NET_GAME_GONE, N_("Game gone: in the lobby"))
# Translators: the one line told on return: the hand, the top card, whose turn it is.
WHERE_YOU_ARE = N_("Where you are: {hand} {top} {turn}")
B_WHERE_YOU_ARE = N_("Where: ")
B_WHERE_SEPARATOR = "; "


def net_dropped(name: str) -> str:
    return tr(NET_THEY_DROPPED).format(player=name)


def net_back_from_bot(name: str) -> str:
    return tr(NET_BACK_FROM_BOT).format(player=name)


def net_you_are_back_waited(number: int, seat: int) -> str:
    return tr(NET_YOU_ARE_BACK_WAITED).format(number=number, seat=seat)


def net_away_name(name: str, standin: bool) -> str:
    return (tr(NET_STANDIN_NAME) if standin else tr(NET_AWAY_NAME)).format(player=name)


def net_only_host(name: str) -> str:
    return tr(NET_ONLY_HOST).format(player=name)


def net_whom_away(typed: str, names: Sequence[str], word: str) -> str:
    return tr(NET_WHOM_AWAY).format(typed=repr(typed), names=LIST_SEPARATOR.join(names), word=word)


def net_standin_already(name: str) -> str:
    return tr(NET_STANDIN_ALREADY).format(player=name)


def net_standin_plays(name: str, host: str) -> str:
    return tr(NET_STANDIN_PLAYS).format(player=name, host=host)


def net_game_waits(name: str, host: str) -> str:
    return tr(NET_GAME_WAITS).format(player=name, host=host)


def net_grace_values(most: int) -> str:
    return tr(NET_GRACE_VALUES).format(most=most)


def net_grace_set(number: int, seconds: float) -> str:
    return tr(NET_GRACE_SET).format(number=number, seconds=seconds)


def net_grace_over(name: str, seconds: float) -> str:
    return tr(NET_GRACE_OVER).format(player=name, seconds=seconds)


def net_moved(address: str) -> str:
    return tr(NET_MOVED).format(address=address)


def net_still_trying(why: str) -> str:
    return keyed(tr(NET_STILL_TRYING)).format(why=why)


def net_reconnect_refused(why: str) -> str:
    return keyed(tr(NET_RECONNECT_REFUSED)).format(why=why)


def where_you_are(
    cards: Sequence[Card], count: int, card: Card, color: Color | None, who: Who | None
) -> str:
    """On return to a seat: the hand, the top card (and colour), whose turn, in one line."""
    turn = whose_turn(who) if who is not None else ""
    return (
        tr(WHERE_YOU_ARE)
        .format(hand=your_hand(cards, count), top=top_card(card, color), turn=turn)
        .strip()
    )


def _b_where_you_are(
    cards: Sequence[Card], count: int, card: Card, color: Color | None, who: Who | None
) -> Parts:
    turn: Parts = (B_WHERE_SEPARATOR, *_b_whose_turn(who)) if who is not None else ()
    return (
        tr(B_WHERE_YOU_ARE),
        *_b_your_hand(cards, count),
        B_WHERE_SEPARATOR,
        *_b_top_card(card, color),
        *turn,
    )


register(where_you_are, braille=_b_where_you_are, brief=SAID_AS_BRAILLE)
# --- the chat: its own history, muted speech, its sounds (issue 18, issue 16) -------------
# (its history's name, keys and words are ``history``'s and ``keys``': every seat has them)
# a chat line ends as a sentence: these end one already, else CHAT_FULL_STOP is added
CHAT_ENDS = ".!?…"
CHAT_FULL_STOP = "."
NET_CHAT_MUTED = N_(
    "Chat speech off: chat lines are still shown, brailled and kept in the chat's history "
    "(I or F6, or type chat); chat unmute speaks them again."
)
NET_CHAT_UNMUTED = N_("Chat speech on: chat lines are spoken again.")
# Translators: a person typed too many wrong codes of private tables in a short time (a
# few at once, then one every 20 seconds).
NET_CODES_TOO_FAST = N_(
    "Too many wrong codes: wait a minute, then type the code your host gave you again."
)
# Translators: a person sent chat lines faster than the server passes them on (a few at
# once, then one a second); the lines over it reach no one.
NET_CHAT_TOO_FAST = N_(
    "You are chatting too fast: your lines reach no one for a moment. Wait a second between lines."
)
# over plain ssh, where the player's screen reader speaks whatever the terminal shows
NET_CHAT_HIDDEN = N_(
    "Chat muted: your screen reader speaks what your terminal shows, so chat lines are no "
    "longer shown as they come; they are kept in the chat's history (type chat, then [ and "
    "], or I at the table); chat unmute shows them again."
)
NET_CHAT_SHOWN = N_("Chat unmuted: chat lines are shown as they come again.")
# said once, at the first chat line not spoken, when the settings muted the chat
NET_CHAT_SILENT = N_(
    "Chat lines are not spoken (chat_speech is off in your settings): they are shown, "
    "brailled and kept in the chat's history (I or F6, or type chat); chat unmute speaks them."
)
NET_BELL_CHAT = N_(
    "Bell on for your turn and for chat: your terminal beeps at each; the words are said too."
)
NET_BELL_VALUES_CHAT = N_("Type bell on, bell chat or bell off.")
# the full client: a line from the server it does not take, and why (one line each)
# Translators: {why} is a few words: "no such message 'xyz'", "not JSON", "a bad event".
NET_CLIENT_REFUSED = N_("The server sent a line this client does not take ({why}); it is ignored.")
NET_CLIENT_NOT_JSON = N_("not JSON")
NET_CLIENT_NOT_MESSAGE = N_("no message object")
NET_CLIENT_TOO_LONG = N_("too long")
NET_CLIENT_NO_SUCH_MESSAGE = N_("no such message {kind}")
NET_CLIENT_BAD_FIELD = N_("a bad {field}")
NET_CLIENT_NO_ANSWER = N_("no answer to your action within 30 seconds")


def chat_muted(muted: bool, shown: bool = True) -> str:
    """``chat mute``, ``chat unmute``; ``shown``: muted chat is still shown (not over ssh)."""
    if not shown:
        return tr(NET_CHAT_HIDDEN) if muted else tr(NET_CHAT_SHOWN)
    return tr(NET_CHAT_MUTED) if muted else tr(NET_CHAT_UNMUTED)


B_CHAT_MUTED = N_("Chat speech off")
B_CHAT_UNMUTED = N_("Chat speech on")
B_CHAT_HIDDEN = N_("Chat hidden: in its history")
B_CHAT_SHOWN = N_("Chat shown again")


def _b_chat_muted(muted: bool, shown: bool = True) -> Parts:
    if not shown:
        return (tr(B_CHAT_HIDDEN) if muted else tr(B_CHAT_SHOWN),)
    return (tr(B_CHAT_MUTED) if muted else tr(B_CHAT_UNMUTED),)


register(chat_muted, braille=_b_chat_muted, brief=SAID_AS_BRAILLE)


def net_client_refused(why: str) -> str:
    return tr(NET_CLIENT_REFUSED).format(why=why)


def net_client_no_such_message(kind: str) -> str:
    return tr(NET_CLIENT_NO_SUCH_MESSAGE).format(kind=repr(kind))


def net_client_bad_field(field: str) -> str:
    return tr(NET_CLIENT_BAD_FIELD).format(field=field)


# --- the language of a seat (issue 15) -----------------------------------------------------
NET_LOBBY_HELP_LANG = N_(
    "lang es or lang en: the language your lobby and your games speak, from now on."
)
# Translators: {name} is the language in its own words ("español"), said in it.
NET_LANG_SET = N_("Language: {name}.")


def net_lang_set(name: str) -> str:
    return tr(NET_LANG_SET).format(name=name)
