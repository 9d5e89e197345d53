"""Keys and typed commands: how the player asks for each thing, the help, the registry's words."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...text import LINE_LIMIT
from .devices import SPEECH_OFF, SPEECH_ON
from .forms import Plural, plural


@dataclass(frozen=True, slots=True)
class How:
    """How the player asks for each thing: by typed commands, or by keys. The phrases
    below that tell the player what they can do take one.
    """

    keys: bool
    draw: str
    play_drawn: str
    play_drawn_wild: str
    keep: str
    uno: str
    catch: str
    catch_named: str
    challenge: str
    accept: str
    jump: str
    jump_wild: str
    next_round: str
    go_on: str
    quit: str
    yes: str
    help: str
    turn: str  # the reminder on your turn
    anniversary: str


TYPED = How(
    keys=False,
    draw="type d",
    play_drawn="type play",
    play_drawn_wild="type play and a colour to play it, as play red",
    keep="type k",
    uno="type u",
    catch="type x",
    catch_named="type x and a name",
    challenge="type h",
    accept="type a",
    jump="type j",
    jump_wild="type j and a colour to jump in, as j red",
    next_round="type n",
    go_on="press Enter",
    quit="type q",
    yes="type y",
    help="type help",
    turn="Type a card to play it, d to draw, l for your hand, or help.",
    anniversary="type play, or an with its colour, whom to give to and the card you keep",
)


KEYED = How(
    keys=True,
    draw="press D",
    play_drawn="press Enter",
    play_drawn_wild="press Enter to play it, then the first letter of its colour",
    keep="press K",
    uno="press U",
    catch="press X",
    catch_named="press slash and type catch and a name",
    challenge="press H",
    accept="press A",
    jump="press J",
    jump_wild="press J, then the first letter of a colour",
    next_round="press Space",
    go_on="press Space",
    quit="press Q",
    yes="press Y",
    help="press F1",
    turn="Left and Right choose a card, Enter plays it, D draws, F1 for help.",
    anniversary="press Enter, then say its colour, whom to give to and the card you keep",
)


NO_SUCH_KEY = "That key does nothing here: press F1 to hear the keys."


SPEECH_NONE = "There is no speech to switch on or off: the game is silent on this machine."


def speech_switched(on: bool) -> str:
    return SPEECH_ON if on else SPEECH_OFF


REFERENCE_CARD = "{heading}. {step}"  # a Quick Play Reference card's heading, one step
HELP_NOW = "Now: {what}"  # what the player can do now, said first by F1 and help


def reference_card(heading: str, step: str) -> str:
    return REFERENCE_CARD.format(heading=heading, step=step)


def help_now(what_to_do: str) -> str:
    return HELP_NOW.format(what=what_to_do)


# --- keys and typed input ---
# What each command of the registry (ui/keys.py) does, said by F1 (with keys) and by help
# (typed), by the command's name; the key names and typed words are added to each.
KEY_HELP: dict[str, str] = {
    "previous": "the card before in your hand; each card is said with its place and "
    "whether it can be played",
    "next": "the next card in your hand",
    "first": "the first card of your hand",
    "last": "the last card of your hand",
    "sort": "sort your hand by colour or by number",
    "play": "play the selected card (after drawing: the card you drew); a Wild asks for "
    "its colour: R, G, B or Y, or 1 to 4",
    "draw": "draw a card; then Enter plays it, K keeps it",
    "keep": "keep the card you drew",
    "uno": "call UNO",
    "catch": "catch a player who has one card and did not call UNO",
    "challenge": "challenge a Wild Draw Four played on you",
    "accept": "accept a Wild Draw Four played on you, or a stack you owe",
    "jump": "jump in with a card identical to the top card (Speed UNO)",
    "card_check": "card check: how many cards everyone holds",
    "touch": "touch the top card: the card, its code and the colour in play",
    "hand": "your whole hand, and what you can play",
    "whose_turn": "whose turn it is and the direction of play",
    "scores": "the scores",
    "pile": "how many cards the DRAW pile has",
    "repeat": "repeat the last message",
    "older": "step back through the game's history, one message at a time",
    "newer": "step forward through the messages",
    "switch_history": "switch the history between the game and the answers to your questions",
    "quick_reference": "the four Quick Play Reference cards",
    "speech": "speech off or on",
    "go_on": "let play go on, hear the next bot's move, deal the next round",
    "skip_ahead": "skip ahead to your turn",
    "command_line": "the command line: type a command (play b7, b#g, blue 7, catch Ann) "
    "and press Enter, Escape to close it; a key with no meaning of its own opens it too",
    "help": "this help",
    "quit": "quit (asks first)",
}


TYPED_HELP: dict[str, str] = {
    "play": "play the card you drew (play red for a Wild); play b7 plays a card",
    "draw": "draw a card; a card that cannot be played is kept at once",
    "keep": "keep the card you drew",
    "uno": "call UNO just before or right after your next-to-last card, or when you are "
    "handed a single card",
    "catch": "catch the player who has one card and did not call UNO; add a name or "
    "seat number when you like: x Ann",
    "challenge": "challenge a Wild Draw Four played on you",
    "accept": "accept a Wild Draw Four, or a stack of cards you owe (a card of its kind "
    "adds to it, Stacking)",
    "jump": "Speed UNO: jump in out of turn with a card identical to the top card (j red "
    "for a Wild, j uno); identical cards are dropped together as g6 g6 or g6 x2",
    "anniversary": "play an Anniversary card: an red give Bob keep r5 uno; what you leave "
    "out is asked, and Enter alone plays nothing",
    "card_check": "card check: how many cards everyone holds",
    "touch": "touch the top card",
    "hand": "your hand, and what you can play",
    "whose_turn": "the direction and order of play",
    "scores": "the scores",
    "pile": "the DRAW pile's size",
    "sort": "sort your hand by colour or by number",
    "repeat": "the last message again",
    "older": "step back through the messages; ] steps forward",
    "switch_history": "switch the history between the game and the answers",
    "quick_reference": "the Quick Play Reference cards",
    "speech": "speech off or on",
    "go_on": "let play go on; deal the next round",
    "help": "this help",
    "quit": "leave the game (asks first)",
}


TYPED_HELP_START = (
    "Commands (any case):",
    "A card plays it: b7, B#G or blue 7 (a blank card: the card it stands for). A Wild "
    "takes its colour: wi red, wi+4 b; without one you are asked. Add uno to call UNO with "
    "the play: r5 uno.",
)


TYPED_HELP_END = (
    "rate 250, volume 0.8, verbosity brief, speech off: change speech or the wording for "
    "this game.",
    "Enter alone: whose turn it is and what to do.",
)


KEY_HELP_LINE = "{keys}: {what}."  # {keys}: the keys' names; {what}: KEY_HELP's
TYPED_HELP_LINE = "{words}: {what}."  # {words}: the typed words; {what}: TYPED_HELP's
TYPED_WORDS_SEPARATOR = " or "


def key_help_line(keys: str, what: str) -> str:
    return KEY_HELP_LINE.format(keys=keys, what=what)


def typed_help_line(words: Sequence[str], what: str) -> str:
    """A command's typed words (the first three) and what it does."""
    return TYPED_HELP_LINE.format(words=TYPED_WORDS_SEPARATOR.join(words[:3]), what=what)


COMMAND_LINE_OPEN = "Command line: type a command and press Enter, Escape to close."


COMMAND_LINE_CLOSED = "Command line closed."


LINE_CLEARED = "The line is cleared."


NO_SUCH_KEY_TYPED = "That key does nothing here: type a command and press Enter."


# Translators: a typed line longer than the game reads; {count} is how many characters
# it may hold at most. The second is said as the key mode's command line closes with it.
LINE_TOO_LONG_FORMS: Plural = (
    "That line is too long, more than {count} character: nothing was done.",
    "That line is too long, more than {count} characters: nothing was done.",
)
LINE_TOO_LONG_CLOSED_FORMS: Plural = (
    "That line is too long, more than {count} character: nothing was done. Command line closed.",
    "That line is too long, more than {count} characters: nothing was done. Command line closed.",
)
LINE_TOO_LONG = plural(LINE_LIMIT, LINE_TOO_LONG_FORMS).format(count=LINE_LIMIT)
LINE_TOO_LONG_CLOSED = plural(LINE_LIMIT, LINE_TOO_LONG_CLOSED_FORMS).format(count=LINE_LIMIT)


# the words typed for each command of the registry (ui/keys.py), by its name, beside the
# key's own character (lowercase; a phrase of several words is typed whole)
COMMAND_WORDS: dict[str, tuple[str, ...]] = {
    "play": ("play",),
    "draw": ("draw",),
    "keep": ("keep",),
    "uno": ("uno",),
    "catch": ("catch",),
    "challenge": ("ch", "challenge"),
    "accept": ("accept",),
    "jump": ("jump",),
    "anniversary": ("an", "anniversary"),
    "card_check": ("cc", "check", "card check"),
    "touch": ("top", "touch", "top card", "touch the top card"),
    "hand": ("hand",),
    "whose_turn": ("order", "whose turn"),
    "scores": ("scores", "score"),
    "pile": ("pile",),
    "sort": ("sort",),
    "repeat": ("repeat",),
    "quick_reference": ("reference", "quick"),
    "speech": (),
    "go_on": ("next",),
    "help": ("help",),
    "quit": ("quit", "exit"),
}


# settings changed while playing, by the word typed: "rate 250", "verbosity brief"
SETTING_WORDS: dict[str, str] = {
    "rate": "rate",
    "volume": "volume",
    "verbosity": "verbosity",
    "speech": "speech",
}


SETTING_USAGES = {
    "rate": "Type rate and the words a minute, 80 to 450: rate 250.",
    "volume": "Type volume and a number from 0 to 1: volume 0.8.",
    "verbosity": "Type verbosity and brief, normal or full: verbosity brief.",
    "speech": "Type speech on or speech off.",
    "sounds": "Type sounds on or sounds off.",
}
SETTING_CHANGED = "The {name} is now {value} for this game."  # {name}: the setting's word


def setting_usage(word: str) -> str:
    return SETTING_USAGES[SETTING_WORDS[word]]


def setting_changed(name: str, value: str) -> str:
    return SETTING_CHANGED.format(name=name, value=value)


GIVE_WORDS = ("give", "to")


KEEP_WORDS = ("keep",)


TIMES_MARKS = ("x", "*", "\u00d7")  # g6 x2: how many identical cards are dropped


UNO_WORD = "uno"


YES_WORDS = ("y", "yes")


SELF_WORDS = ("you", "me")
