"""Network play: the server's command line, the lobby and its commands, a seat
played over plain ssh."""

from __future__ import annotations

from collections.abc import Sequence

HELP_SERVE = "a game server over SSH: people join with ssh, each at their own terminal"
HELP_SERVE_HOST = "the address to listen on (default 127.0.0.1; 0.0.0.0 for every address)"
HELP_SERVE_PORT = "the port to listen on (default 8022; 0 picks a free one)"
PORT_RANGE = "the port is a whole number from 0 to 65535 (0 picks a free one)"
HELP_SERVE_DATA = "the server's folder: its host key and accounts"
HELP_SERVE_OPEN = "let any new key claim a free name, without the invite code"
HELP_SERVE_SEED = "seed the tables' deals (table N deals from SEED + N), for tests"
SAY_WORD = "say"
NET_BOT_MARK = " (bot)"
NET_ALREADY_CONNECTED = "You are already connected from elsewhere; this connection closes."
NET_NO_TABLES = "No tables yet. Type new to make one."
NET_LOBBY_HINT = "You are in the lobby. Type help for the commands."
NET_NOT_AT_WAITING_TABLE = "You are not at a table that is waiting to start."
NET_NOT_AT_TABLE = "You are not at a table."
NET_TOO_FEW = "A game needs at least two players: wait for someone to join, or type bot."
NET_BACK_IN_LOBBY = "You are back in the lobby."
NOT_YOUR_TURN_NET = "It is not your turn. Enter says whose turn it is."
NET_LOBBY_HELP = (
    "The lobby's commands, typed and sent with Enter:",
    "tables: the tables, their rules, who sits and how many seats are free.",
    "new, or new RULES (as --rules takes them): make a table and sit at it.",
    "join N: sit at table N. watch N: watch table N.",
    "bot, or bot STRENGTH (easy, normal, hard): a bot in the next seat of your table.",
    "start: the table's maker starts the game.",
    "say TEXT: a line to the lobby, or to your table.",
    "leave: leave your table. who: who is connected. help: this. quit: leave the server.",
    "keys on or keys off, verbosity brief, normal or full: how your games take keys and speak.",
    "Once the game starts you play it exactly as uno-access play; say TEXT still chats.",
)


def net_listening(host: str, port: int) -> str:
    """The server's first line on standard output (INTERFACE.md)."""
    return f"Listening on {host}:{port}"


def net_invite(code: str) -> str:
    return (
        f"Invite code: {code} (a new player connects once with ssh -p PORT NAME+{code}@HOST; "
        "after that, ssh -p PORT NAME@HOST)"
    )


def net_welcome(name: str) -> str:
    return f"Welcome, {name}. You are in the lobby; type help for the commands."


def chat_line(name: str, said: str) -> str:
    return f"{name} says: {said}"


def net_table_line(number: int, rules: str, names: Sequence[str], free: int, stage: str) -> str:
    sitting = ", ".join(names) if names else "nobody"
    return f"Table {number}, {rules} rules, {stage}: {sitting}; {free} seats free."


def net_table_made(number: int) -> str:
    return (
        f"You made table {number} and sit in seat 1. Type bot to add a bot, start to begin; "
        f"others join with: join {number}."
    )


def net_already_at(number: int) -> str:
    return f"You are at table {number} already; type leave first."


def net_no_such_table(given: str) -> str:
    return f"There is no table {given!r}. Type tables to hear them."


def net_table_started(number: int) -> str:
    return f"Table {number} has started; type watch {number} to watch it."


def net_table_full(number: int) -> str:
    return f"Table {number} is full."


def net_sits(name: str, number: int, seat: int) -> str:
    return f"{name} sits at table {number}, seat {seat}."


def net_you_sit(number: int, seat: int) -> str:
    return f"You sit at table {number}, seat {seat}. The table's maker starts the game."


def net_bot_sits(name: str, number: int, seat: int) -> str:
    return f"The bot {name} sits at table {number}, seat {seat}."


def net_watches(name: str, number: int) -> str:
    return f"{name} watches table {number}."


def net_you_watch(number: int) -> str:
    return f"You watch table {number}. Type leave to stop."


def net_unknown_bot(given: str) -> str:
    return f"There is no bot {given!r}; the bots are easy, normal and hard."


def net_only_creator(name: str) -> str:
    return f"Only {name}, who made the table, can start it."


def net_left(name: str, number: int) -> str:
    return f"{name} left table {number}."


def net_you_left(number: int) -> str:
    return f"You left table {number}."


def net_left_bot_plays(name: str) -> str:
    return f"{name} left the table; a bot plays in their seat."


def net_back(name: str) -> str:
    return f"{name} is back at the table."


def net_you_are_back(number: int, seat: int) -> str:
    return f"You are back at table {number}, seat {seat}; a bot played for you meanwhile."


NET_SINCE_YOU_LEFT = "What happened since you left:"
NET_NOTHING_SINCE = "Nothing happened at the table while you were away."


def net_seat_waits(number: int) -> str:
    return f"Your seat at table {number} waits for you, a bot playing it: type join {number}."


def net_keys_set(on: bool) -> str:
    if on:
        return "Keys on: at the table, one key per command, as in uno-access play."
    return "Keys off: at the table, every command is typed and sent with Enter."


def net_verbosity_set(value: str) -> str:
    return f"Verbosity {value}, from your next game on."


def net_setting_values(word: str) -> str:
    if word == "keys":
        return "Type keys on or keys off."
    return "Type verbosity brief, verbosity normal or verbosity full."


def net_table_ended(number: int) -> str:
    return f"Table {number} has ended: every player has left it."


def net_who(names: Sequence[str]) -> str:
    return "Connected: " + ", ".join(names) + "."


def net_unknown_command(word: str) -> str:
    return f"There is no command {word!r} here. Type help for the commands."
