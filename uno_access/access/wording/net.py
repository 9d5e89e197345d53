"""Network play: the server's command line, the lobby and its commands, a seat
played over plain ssh.

``{number}`` is a table's number, ``{seat}`` a seat's, ``{player}`` a person's name;
``NET_YOU_…`` is said to the person themselves, ``NET_THEY_…`` about them to the others.
``{typed}`` is what the person typed, quoted.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .forms import LIST_SEPARATOR, Plural, plural
from .language import N_, NP_, tr

HELP_SERVE = N_("a game server over SSH: people join with ssh, each at their own terminal")
HELP_SERVE_HOST = N_("the address to listen on (default 127.0.0.1; 0.0.0.0 for every address)")
HELP_SERVE_PORT = N_("the port to listen on (default 8022; 0 picks a free one)")
PORT_RANGE = N_("the port is a whole number from 0 to 65535 (0 picks a free one)")
HELP_SERVE_DATA = N_("the server's folder: its host key and accounts")
HELP_SERVE_OPEN = N_("let any new key claim a free name, without the invite code")
HELP_SERVE_SEED = N_("seed the tables' deals (table N deals from SEED + N), for tests")
SAY_WORD = "say"
NET_ALREADY_CONNECTED = N_("You are already connected from elsewhere; this connection closes.")
NET_NO_TABLES = N_("No tables yet. Type new to make one.")
NET_LOBBY_HINT = N_("You are in the lobby. Type help for the commands.")
NET_NOT_AT_WAITING_TABLE = N_("You are not at a table that is waiting to start.")
NET_NOT_AT_TABLE = N_("You are not at a table.")
NET_TOO_FEW = N_("A game needs at least two players: wait for someone to join, or type bot.")
NET_BACK_IN_LOBBY = N_("You are back in the lobby.")
NOT_YOUR_TURN_NET = N_("It is not your turn. Enter says whose turn it is.")
NET_LOBBY_HELP = (
    N_("The lobby's commands, typed and sent with Enter:"),
    N_("tables: the tables, their rules, who sits and how many seats are free."),
    N_("new, or new RULES (as --rules takes them): make a table and sit at it."),
    N_("join N: sit at table N. watch N: watch table N."),
    N_("bot, or bot STRENGTH (easy, normal, hard): a bot in the next seat of your table."),
    N_("start: the table's maker starts the game."),
    N_("say TEXT: a line to the lobby, or to your table."),
    N_("leave: leave your table. who: who is connected. help: this. quit: leave the server."),
    N_("keys on or keys off, verbosity brief, normal or full: how your games take keys and speak."),
    N_("bell on or bell off: your terminal beeps when it is your turn, beside the words."),
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
# Translators: a chat line; {said} is the person's own words, as they typed them.
CHAT_LINE = N_("{player} says: {said}")


def net_listening(host: str, port: int) -> str:
    """The server's first line on standard output (INTERFACE.md)."""
    return NET_LISTENING.format(host=host, port=port)


def net_invite(code: str) -> str:
    return tr(NET_INVITE).format(code=code)


def net_welcome(name: str) -> str:
    return tr(NET_WELCOME).format(player=name)


def chat_line(name: str, said: str) -> str:
    return tr(CHAT_LINE).format(player=name, said=said)


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
NET_NOTHING_SINCE = N_("Nothing happened at the table while you were away.")
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
NET_KEYS_VALUES = N_("Type keys on or keys off.")
NET_BELL_ON = N_("Bell on: your terminal beeps when it is your turn; the words are said too.")
NET_BELL_OFF = N_("Bell off: no beep when it is your turn.")
NET_BELL_VALUES = N_("Type bell on or bell off.")


def net_bell_set(on: bool) -> str:
    return tr(NET_BELL_ON) if on else tr(NET_BELL_OFF)


NET_VERBOSITY_VALUES = N_("Type verbosity brief, verbosity normal or verbosity full.")


def net_keys_set(on: bool) -> str:
    return tr(NET_KEYS_ON) if on else tr(NET_KEYS_OFF)


def net_verbosity_set(value: str) -> str:
    return tr(NET_VERBOSITY_SET).format(verbosity=value)


def net_setting_values(word: str) -> str:
    return tr(NET_KEYS_VALUES) if word == "keys" else tr(NET_VERBOSITY_VALUES)


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
NET_TABLES_NOT_SAVED = N_("The tables are not saved from now on: {why}.")
NET_TABLES_FILE_DAMAGED = N_(
    "The tables file {path} is damaged; it is kept as {aside}, and a new one is started."
)
# To everyone at a table brought back, told first when they take up their seat again.
NET_SERVER_RESTARTED = N_("The server was restarted; the game goes on from where it was.")


# --------------------------------------------------------------------- the full client
HELP_JOIN = N_(
    "join a game server with the full client (your own speech, braille display, settings)"
)
HELP_JOIN_ADDRESS = N_("the server, as HOST:PORT")
HELP_JOIN_NAME = N_("your name on the server (default: your login name)")
HELP_JOIN_INVITE = N_("the invite code the server printed, the first time you join")
NET_SERVER_CLOSED = N_("The connection to the server is closed.")
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
NET_REFUSED_COUNT = N_("Refused: that is no action (a count of cards out of range).")
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


# --- the language of a seat (issue 15) -----------------------------------------------------
NET_LOBBY_HELP_LANG = N_(
    "lang es or lang en: the language your lobby and your games speak, from now on."
)
# Translators: {name} is the language in its own words ("español"), said in it.
NET_LANG_SET = N_("Language: {name}.")
# Translators: {languages} are the codes the game speaks, as "en, es".
NET_LANG_VALUES = N_("lang takes a language: {languages}.")


def net_lang_set(name: str) -> str:
    return tr(NET_LANG_SET).format(name=name)


def net_lang_values(languages: Iterable[str]) -> str:
    return tr(NET_LANG_VALUES).format(languages=", ".join(languages))
