"""Every phrase the game says, shows or brails: the one façade over ``access/wording/``,
whose modules hold the wording by audience (see its ``__init__``). Import phrases from
here; every public name of every wording module is one of this module's names.

A block of new phrases appended below (by a branch, until the lead moves it into its
wording module) sees every name this module had before the split. A new kind of line
registers its forms together: ``register(phrase, braille=_b_phrase, brief=SAID_AS_BRAILLE)``
(``_BRIEF[phrase] = …`` still works, but the wording tests ask for ``register``).
"""

# ruff: noqa: F405  (the blocks appended below use names of the star imports)
from __future__ import annotations

# The names messages.py defined or imported itself before it was split, for blocks of
# phrases appended at the end of this file (the lead moves them into wording/ modules).
import re  # noqa: F401
from collections.abc import Callable, Iterable, Sequence  # noqa: F401
from dataclasses import dataclass  # noqa: F401
from typing import Any  # noqa: F401

from .. import text as outside  # noqa: F401
from ..engine.cards import ANNIVERSARY, WILD_DRAW_FOUR, Card, Color, Kind  # noqa: F401
from ..engine.events import Refusal
from ..engine.rules import DealError, RulesConflict, RulesError, RuleSet  # noqa: F401
from ..text import LINE_LIMIT
from .message import Parts  # noqa: F401
from .wording.answers import *  # noqa: F403
from .wording.bots import *  # noqa: F403
from .wording.cards import *  # noqa: F403
from .wording.cli import *  # noqa: F403
from .wording.devices import *  # noqa: F403
from .wording.events import *  # noqa: F403
from .wording.events import _REFUSALS_BRIEF, _b_turn_started, _counts, _team_counts  # noqa: F401
from .wording.forms import *  # noqa: F403
from .wording.forms import _BRIEF, _BRIEF_WORDS, _capital, _with_cards  # noqa: F401
from .wording.history import *  # noqa: F403
from .wording.keys import *  # noqa: F403
from .wording.play import *  # noqa: F403
from .wording.quoted import *  # noqa: F403
from .wording.setup import *  # noqa: F403
from .wording.store import *  # noqa: F403
from .wording.store import _store_names  # noqa: F401
from .wording.turn import *  # noqa: F403

# === branch main: a line too long, refused at the pause after it (issue 17) ===
LINE_TOO_LONG_CLOSED = (
    f"That line is too long, more than {LINE_LIMIT} characters: nothing was done. "
    "Command line closed."
)


# === branch rulesdoc: the rules of every preset and option, read in the set-up ===


def rules_cards(cards: Iterable[Card]) -> str:
    """Cards inside a sentence of the rules: "Yellow 7 (y7) and Blue Draw Two (b+2)"."""
    names = [f"{card_name(card)} ({card.code})" for card in cards]
    if not names:
        return "no cards"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def setup_rules_read_hint(current: str) -> str:
    """After the presets' lines at the rules question: how to read a preset's rules."""
    return (
        f"Type ? and a preset, as ? {current}, to hear what it changes from the standard "
        f"rules; ?? and a preset for its whole rules (?? alone: those of {current})."
    )


def setup_rules_changes(rules: str) -> str:
    """Before the lines of what ``rules`` change."""
    return f"What the rules {rules} change from the standard rules:"


def setup_rules_unchanged(rules: str) -> str:
    return f"The rules {rules} are the standard ones, those of the Braille UNO sheet."


def setup_rules_whole(rules: str) -> str:
    """Before the whole rules of ``rules``, read at the set-up's rules question."""
    return f"The rules of {rules}, in full:"


def setup_rules_end(rules: str) -> str:
    """After the whole rules: where to read them again."""
    return f"End of the rules of {rules}. uno-access rules --rules {rules} gives them again."


def help_rules_document(presets: Iterable[str]) -> str:
    """``uno-access rules --rules``: whose rules to give."""
    return (
        "the rules to give: a preset (" + ", ".join(presets) + "), then any options, as "
        "--rules takes them for play; the standard rules with what they change, in place"
    )


# === branch hotseat: a hot-seat table that keeps each person's hand private ===
# (the lead moves this block into the right module when merging)


def hot_seat_welcome(
    people: Sequence[str],
    bots: Sequence[str],
    target: int,
    scoring: str = "standard",
    how: How = TYPED,
) -> str:
    """The first line of a hot-seat game: the people at this keyboard, the bots, the goal
    and the help key (as ``welcome`` says them).
    """
    said = f"UNO for {_and(people)} at this keyboard"
    if bots:
        said += f", against {_and(bots)}"
    return f"{said}: " + welcome(["-"], target, scoring, how).split(": ", 1)[1]


def _and(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def screen_cleared(name: str, previous: str) -> str:
    """The handover: the screen, its scrollback and the braille display were cleared."""
    return (
        f"The screen is cleared for {name}: nothing of {previous}'s hand is left on it, "
        f"nor on the braille display, and Page Up reads only {name}'s own history."
    )


def screen_not_cleared(name: str, previous: str) -> str:
    """The handover on a terminal that cannot be cleared (TERM=dumb, a pipe)."""
    return (
        f"This terminal cannot be cleared, so {previous}'s lines are still above this one: "
        f"{name}, read nothing above it. Page Up reads only {name}'s own history."
    )


def since_you_had_the_keyboard(name: str, count: int) -> str:
    """Before the lines told again at a handover: what happened while the person was away."""
    if count == 1:
        return f"{name}, while you were away, 1 thing happened:"
    return f"{name}, while you were away, {count} things happened:"


def speech_for_one_seat(speaker: str, name: str) -> str:
    """Said to a person at a hot-seat table whose lines speech does not speak."""
    return (
        f"Speech speaks only {speaker}'s hand and answers, since everyone in the room hears "
        f"it; {name}'s are shown and brailled, never spoken."
    )


HELP_SPEECH_SEAT = (
    "at a hot-seat table, the one seat whose hand and answers are spoken (0: the first "
    "person); the others' are shown, never spoken, since everyone in the room hears speech"
)
SPEECH_SEAT_RANGE = "the speech's seat is a whole number from 0 to 9"


def setup_speech_seat(people: Sequence[int]) -> str:
    """The set-up's question at a hot-seat table with speech on."""
    seats = ", ".join(str(seat) for seat in people[:-1]) + f" or {people[-1]}"
    return (
        "Speech is heard by everyone in the room, so use headphones; it speaks the table's "
        f"lines and one person's own. Whose: seat {seats}?"
    )


def setup_speech_seat_refused(people: Sequence[int]) -> str:
    """An answer to ``setup_speech_seat`` that is not a person's seat."""
    seats = ", ".join(str(seat) for seat in people[:-1]) + f" or {people[-1]}"
    return f"Speech speaks for a person at this keyboard: type the seat, {seats}."


SETUP_EXPLAIN_SPEECH_SEAT = (
    "The seat whose hand, draws and answers are spoken: 0 is you. The other people's are "
    "shown and brailled, never spoken."
)


# === branch houserules: the house rules players bring from other audio card games ===
# Seven-O, progressive draw responses, force play, draw to match, no bluffing (RULES.md,
# "House rules"): the events, the refusals, the Seven-O question, the one-line
# descriptions at the start of a game and in the setup's rules question.


# (hands_swapped, its braille and brief forms: in wording/events.py)

REFUSALS.update(
    {
        Refusal.SWAP_TARGET: "With Seven-O a 7 swaps your hand with another player's: name "
        "a player still in the game, as r7 Bob.",
        Refusal.NO_BLUFFING: "No bluffing: a Wild Draw Four may be played only when you hold "
        "no card of the colour in play.",
        Refusal.MUST_PLAY_DRAWN_CARD: "Force play: the card you drew can be played, so you "
        "must play it: {card}.",
        Refusal.DRAWN_TO_MATCH: "Draw to match: you drew until a card matched, so you must "
        "play it: {card}.",
        Refusal.NOTHING_TO_CHALLENGE: "No bluffing: a Wild Draw Four is played only when it "
        "is legal, so there is nothing to challenge; accept the cards.",
    }
)
_REFUSALS_BRIEF.update(
    {
        Refusal.MUST_PLAY_DRAWN_CARD: "{card} drawn, it plays: play it.",
        Refusal.DRAWN_TO_MATCH: "{card} drawn until one matched: play it.",
    }
)

SWAP_PROMPT = "with whom> "
SWAP_WORDS = ("with", "swap")
NOTHING_SWAPPED = "Nobody chosen to swap hands with: nothing was played."


def whom_to_swap(names: Iterable[str], how: How = TYPED) -> str:
    """Seven-O: the question after a 7 is chosen without saying whom it swaps with."""
    asked = f"Whom do you swap hands with? {', '.join(names)}"
    return f"{asked}. {ANSWER_BY_LINE}" if how.keys else asked


def drawn_kept_no_bluffing(card: Card, color: Color) -> str:
    """No bluffing: a drawn Wild Draw Four while the player holds the colour in play."""
    return (
        f"You may not play {card_name(card)}: you hold {color.word}, the colour in play "
        "(no bluffing), so you keep it."
    )


HOUSE_RULE_DESCRIPTIONS = {
    "seven_o": "Seven-O: a 7 swaps hands with a player you choose, a 0 passes every hand on",
    "draw_responses": "a Draw Two or Wild Draw Four answers a Draw Two, a Wild Draw Four "
    "answers a Wild Draw Four, and the total grows (not with stacking)",
    "force_play": "a card you draw that can be played must be played",
    "draw_to_match": "if you cannot play, draw until a card matches, then play it",
    "no_bluffing": "a Wild Draw Four only when you hold no card of the colour in play",
}


def setup_rules_with_house(presets: Iterable[str]) -> str:
    """The setup's rules question, naming the house rules that may be added as options."""
    return (
        f"Which rules? {', '.join(presets)} (options may follow, as speed,uno_penalty=4; "
        f"house rules: {', '.join(HOUSE_RULE_DESCRIPTIONS)}, as standard,seven_o=on)"
    )


def setup_explain_house_rules() -> list[str]:
    """After the presets, one line a house rule, added to any preset as option=on."""
    return [
        "House rules, added to any preset as option=on (standard,seven_o=on,no_bluffing=on):",
        *(f"{name}: {text}." for name, text in HOUSE_RULE_DESCRIPTIONS.items()),
    ]


def house_rules_intro(rules: RuleSet) -> list[str]:
    """What the house rules change, said once at the start of a game: one line each."""
    lines: list[str] = []
    if rules.seven_o:
        lines.append(
            "Seven-O: a 7 swaps your hand with a player you choose (r7 Bob), and a 0 passes "
            "every hand on in the direction of play; whoever is handed a single card must "
            f"call UNO (u) or draw {rules.handed_one_penalty}."
        )
    if rules.draw_responses:
        lines.append(
            "Draw responses: answer a Draw Two with a Draw Two or a Wild Draw Four, and a Wild "
            "Draw Four with a Wild Draw Four; the first player who does not answer draws them "
            "all (a accepts them)."
        )
    if rules.force_play:
        lines.append("Force play: a card you draw that can be played must be played.")
    if rules.draw_to_match and not rules.draw_until_playable:
        lines.append(
            "Draw to match: if you cannot play, you draw until a card matches, then play it."
        )
    if rules.no_bluffing:
        lines.append(
            "No bluffing: a Wild Draw Four is played only when you hold no card of the colour "
            "in play, so it is never challenged."
        )
    return lines


# === branch net: network play (uno-access serve, the lobby, a seat over plain ssh) ===

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


# === branch sounds: sound cues (issue 16) ===
SOUND_UNAVAILABLE = (
    "Sound cues have no sound device to play on; the game goes on without them, every "
    "event still said and brailled. uno-access doctor says why."
)
MINIAUDIO_MISSING = "the Python module miniaudio is missing ({error})"
NO_SOUND_DEVICE = "no sound device"
NO_SOUND_FILES = "there are no sound files in {folder}"
SOUNDS_ON = "Sounds on."
SOUNDS_OFF = "Sounds off."
SOUNDS_NONE = "There are no sounds to switch on or off: no sound device plays them here."


def sounds_switched(on: bool) -> str:
    return SOUNDS_ON if on else SOUNDS_OFF


KEY_HELP["sounds"] = "sound cues off or on (the words are always said too)"
TYPED_HELP["sounds"] = "sound cues off or on"
COMMAND_WORDS["sounds"] = ()  # typed, "sounds on" and "sounds off" are settings
SETTING_WORDS["sounds"] = "sounds"
DOCTOR_PARTS["sound"] = "sound cues (miniaudio)"
FIX_SOUND_MODULE = "scripts/setup.sh (it installs miniaudio into .venv)"
FIX_SOUND_FILES = "git checkout assets/sounds, or .venv/bin/python scripts/make_sounds.py"


def sound_detail(sounds: int, backend: str) -> str:
    return f"{sounds} sounds decoded, playing through {backend}"


# what each sound means, by its name (``access.sounds.Cue``): `uno-access sounds` says
# each with its sound, and the README lists them
SOUND_MEANINGS: dict[str, str] = {
    "your_turn": "your turn",
    "turn_other": "another player's turn",
    "play_mine": "you played a card",
    "play_other": "another player played a card, or the start card was turned up",
    "draw_one": "one card drawn",
    "draw_many": "several cards drawn, or a Wild Draw Four accepted",
    "keep": "a drawn card kept, or nothing left to draw",
    "skip": "a Skip: a player loses their turn",
    "reverse": "a Reverse: the direction of play changes",
    "draw_two": "a Draw Two",
    "wild": "a Wild",
    "wild_draw_four": "a Wild Draw Four",
    "color_blue": "blue chosen",
    "color_green": "green chosen",
    "color_red": "red chosen",
    "color_yellow": "yellow chosen",
    "stack": "a stack grows: more cards owed",
    "challenge": "a Wild Draw Four challenged",
    "challenge_won": "a challenge won (yours, or the challenger's)",
    "challenge_lost": "a challenge lost (yours, or the challenger's)",
    "uno_called": "UNO called",
    "uno_caught": "caught without calling UNO",
    "jump_in": "a jump-in",
    "penalty": "a penalty: a card taken back, a suggestion",
    "hands_passed": "hands passed on, or cards given to you",
    "anniversary": "an Anniversary card",
    "deal": "the deal: a new round begins",
    "shuffle": "the DISCARD pile shuffled into a new DRAW pile",
    "round_won": "the round won, by you or your partner",
    "round_lost": "the round won by another player",
    "eliminated": "a player is out (Challenge UNO)",
    "game_over": "the game is over",
    "refusal": "not allowed",
    "answer": "the answer to a question: card check, the top card, a hand shown",
    "chat": "a chat line",
}


def sound_line(name: str, meaning: str) -> str:
    """``uno-access sounds``: one sound, said as it plays."""
    return f"{name}: {meaning}."


SOUNDS_PLAYED = "That is every sound: {count} in all."


def sound_at(seconds: float, line: str) -> str:
    """``uno-access sounds --wav``: where in the file a sound begins, and its line."""
    return f"{seconds:6.2f} s  {line}"


SOUNDS_WRITTEN = "Wrote {count} sounds, one after another, to {path}."
HELP_SOUNDS = "play each sound cue with its name and meaning, one after another"
HELP_SOUNDS_WAV = "write every sound, one after another, into this WAV file instead"
HELP_SOUND = "sound cues: on or off (the words are always said too)"
HELP_SOUND_VOLUME = "the sound cues' volume, from 0 to 1"
SOUND_VOLUME_RANGE = "the sound volume is a number from 0 to 1"
HELP_SOUND_NEVER = "sounds never played, their names separated by commas (uno-access sounds)"
HELP_SOUND_NOT_MY_TURN = "sounds played only when it is not your turn, separated by commas"
SOUND_NAMES_BAD = "{name!r} is no sound; the sounds are: {names}."


# === branch netclient: uno-access join, the full client over the data channel ===
HELP_JOIN = "join a game server with the full client (your own speech, braille display, settings)"
HELP_JOIN_ADDRESS = "the server, as HOST:PORT"
HELP_JOIN_NAME = "your name on the server (default: your login name)"
HELP_JOIN_INVITE = "the invite code the server printed, the first time you join"
NET_SERVER_CLOSED = "The connection to the server is closed."


def net_host_key_changed(where: str, known: str) -> str:
    return (
        f"the server's host key for {where} has changed since you first joined it: "
        f"refusing to connect (it may be an impostor; the key you trusted is in {known})"
    )


def net_join_denied(login: str) -> str:
    return (
        f"the server refused {login}: the name is taken by another key, or it needs "
        "the invite code (--invite CODE)"
    )


def net_join_failed(where: str, why: str) -> str:
    return f"cannot join {where}: {why}"


def net_bad_address(address: str) -> str:
    return f"{address} is no server address: give it as HOST:PORT"


# the data channel's refusals: each line the server did not take, and why
NET_REFUSED_TOO_LONG = "Refused: the line is too long."
NET_REFUSED_NOT_JSON = "Refused: the line is not JSON."
NET_REFUSED_NOT_MESSAGE = "Refused: the line is no message object."
NET_REFUSED_NO_ID = "Refused: an action needs a whole-number id."
NET_REFUSED_NO_GAME = "Refused: you are at no game."
NET_REFUSED_NOT_YOUR_SEAT = "Refused: that action is for another seat."
NET_REFUSED_FAILED = "Refused: the action could not be applied."
NET_REFUSED_COUNT = "Refused: that is no action (a count of cards out of range)."


def net_refused_line_text(limit: int) -> str:
    return f"Refused: a lobby line is text of at most {limit} characters."


def net_refused_no_such_message(kind: str) -> str:
    return f"Refused: there is no message {kind!r}."


def net_refused_not_action(why: str) -> str:
    return f"Refused: that is no action ({why})."
