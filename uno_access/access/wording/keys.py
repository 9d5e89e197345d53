"""Keys and typed commands: how the player asks for each thing, the help, the registry's words."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...text import LINE_LIMIT
from ..message import Parts
from .devices import SPEECH_OFF, SPEECH_ON
from .forms import (
    SAID_AS_BRAILLE,
    Fixed,
    Line,
    Plural,
    Whole,
    plural,
    register,
    register_whole,
)
from .language import N_, NP_, tr


@dataclass(frozen=True, slots=True)
class Keyed:
    """The keys (or typed words) that answer a question, as a braille form shows them
    after it, tersely: "Catch Ann? x", "Drew r8: Enter or k" (``How.key``).
    """

    play: str
    keep: str
    uno: str
    catch: str
    challenge: str
    accept: str
    jump: str
    go_on: str
    next_round: str
    yes: str
    no: str
    quit: str

    def __getattribute__(self, name: str) -> Any:
        """Each key in the current language (the fields are marked templates)."""
        value = object.__getattribute__(self, name)
        return tr(value) if isinstance(value, str) else value


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
    # the same, as a braille form shows them after its question: the key, or the word typed
    key: Keyed

    def __getattribute__(self, name: str) -> Any:
        """Each phrase in the current language (the fields are marked templates)."""
        value = object.__getattribute__(self, name)
        return tr(value) if isinstance(value, str) else value


TYPED = How(
    keys=False,
    draw=N_("type d"),
    play_drawn=N_("type play"),
    play_drawn_wild=N_("type play and a colour to play it, as play red"),
    keep=N_("type k"),
    uno=N_("type u"),
    catch=N_("type x"),
    catch_named=N_("type x and a name"),
    challenge=N_("type h"),
    accept=N_("type a"),
    jump=N_("type j"),
    jump_wild=N_("type j and a colour to jump in, as j red"),
    next_round=N_("type n"),
    go_on=N_("press Enter"),
    quit=N_("type q"),
    yes=N_("type y"),
    help=N_("type help"),
    turn=N_("Type a card to play it, d to draw, l for your hand, or help."),
    anniversary=N_("type play, or an with its colour, whom to give to and the card you keep"),
    # Translators: each is what a player types, as a braille line shows it after a question
    key=Keyed(
        play=N_("play"),
        keep=N_("k"),
        uno=N_("u"),
        catch=N_("x"),
        challenge=N_("h"),
        accept=N_("a"),
        jump=N_("j"),
        go_on=N_("Enter"),
        next_round=N_("n"),
        yes=N_("y"),
        no=N_("n"),
        quit=N_("q"),
    ),
)


KEYED = How(
    keys=True,
    draw=N_("press D"),
    play_drawn=N_("press Enter"),
    play_drawn_wild=N_("press Enter to play it, then the first letter of its colour"),
    keep=N_("press K"),
    uno=N_("press U"),
    catch=N_("press X"),
    catch_named=N_("press slash and type catch and a name"),
    challenge=N_("press H"),
    accept=N_("press A"),
    jump=N_("press J"),
    jump_wild=N_("press J, then the first letter of a colour"),
    next_round=N_("press Space"),
    go_on=N_("press Space"),
    quit=N_("press Q"),
    yes=N_("press Y"),
    help=N_("press F1"),
    turn=N_("Left and Right choose a card, Enter plays it, D draws, F1 for help."),
    anniversary=N_("press Enter, then say its colour, whom to give to and the card you keep"),
    # Translators: each is a key's name, as a braille line shows it after a question
    key=Keyed(
        play=N_("Enter"),
        keep=N_("k"),
        uno=N_("u"),
        catch=N_("x"),
        challenge=N_("h"),
        accept=N_("a"),
        jump=N_("j"),
        go_on=N_("Space"),
        next_round=N_("Space"),
        yes=N_("y"),
        no=N_("n"),
        quit=N_("q"),
    ),
)


NO_SUCH_KEY = N_("That key does nothing here: press F1 to hear the keys.")
no_such_key = Fixed(NO_SUCH_KEY, N_("No such key: F1 for help"))


SPEECH_NONE = N_("There is no speech to switch on or off: the game is silent on this machine.")
speech_none = Fixed(SPEECH_NONE, N_("No speech on this machine"))


def speech_switched(on: bool) -> str:
    return tr(SPEECH_ON) if on else tr(SPEECH_OFF)


def _b_speech_switched(on: bool) -> Parts:
    return (speech_switched(on),)  # "Speech on.": brief as it stands


register(speech_switched, braille=_b_speech_switched, brief=SAID_AS_BRAILLE)


REFERENCE_CARD = N_("{heading}. {step}")  # a Quick Play Reference card's heading, one step
HELP_NOW = N_("Now: {what}")  # what the player can do now, said first by F1 and help
B_HELP_NOW = N_("Now: {what}")  # {what}: the braille form of what the player can do


def reference_card(heading: str, step: str) -> str:
    return tr(REFERENCE_CARD).format(heading=heading, step=step)


register_whole(reference_card, Whole.TEXT)


def help_now(what_to_do: Line) -> str:
    return tr(HELP_NOW).format(what=what_to_do.sentence())


def _b_help_now(what_to_do: Line) -> Parts:
    before, _, after = tr(B_HELP_NOW).partition("{what}")
    return tuple(part for part in (before, *what_to_do.brief(), after) if part != "")


register(help_now, braille=_b_help_now, brief=SAID_AS_BRAILLE)


def help_told(line: str) -> str:
    """A line of F1's help (a key, or the typed words, then what it does): read whole."""
    return line


register_whole(help_told, Whole.TEXT)


# --- keys and typed input ---
# What each command of the registry (ui/keys.py) does, said by F1 (with keys) and by help
# (typed), by the command's name; the key names and typed words are added to each.
KEY_HELP: dict[str, str] = {
    "previous": N_(
        "the card before in your hand; each card is said with its place and "
        "whether it can be played"
    ),
    "next": N_("the next card in your hand"),
    "first": N_("the first card of your hand"),
    "last": N_("the last card of your hand"),
    "sort": N_("sort your hand by colour or by number"),
    "play": N_(
        "play the selected card (after drawing: the card you drew); a Wild asks for "
        "its colour: R, G, B or Y, or 1 to 4"
    ),
    "draw": N_("draw a card; then Enter plays it, K keeps it"),
    "keep": N_("keep the card you drew"),
    "uno": N_("call UNO"),
    "catch": N_("catch a player who has one card and did not call UNO"),
    "challenge": N_("challenge a Wild Draw Four played on you"),
    "accept": N_("accept a Wild Draw Four played on you, or a stack you owe"),
    "jump": N_("jump in with a card identical to the top card (Speed UNO)"),
    "card_check": N_("card check: how many cards everyone holds"),
    "touch": N_("touch the top card: the card, its code and the colour in play"),
    "hand": N_("your whole hand, and what you can play"),
    "whose_turn": N_("whose turn it is and the direction of play"),
    "scores": N_("the scores"),
    "pile": N_("how many cards the DRAW pile has"),
    "repeat": N_("repeat the last message"),
    "older": N_("step back through the game's history, one message at a time"),
    "newer": N_("step forward through the messages"),
    "switch_history": N_("switch the history between the game and the answers to your questions"),
    "quick_reference": N_("the four Quick Play Reference cards"),
    "speech": N_("speech off or on"),
    "go_on": N_("let play go on, hear the next bot's move, deal the next round"),
    "skip_ahead": N_("skip ahead to your turn"),
    "command_line": N_(
        "the command line: type a command (play b7, b#g, blue 7, catch Ann) "
        "and press Enter, Escape to close it; a key with no meaning of its own opens it too"
    ),
    "help": N_("this help"),
    "quit": N_("quit (asks first)"),
}


TYPED_HELP: dict[str, str] = {
    "play": N_("play the card you drew (play red for a Wild); play b7 plays a card"),
    "draw": N_("draw a card; a card that cannot be played is kept at once"),
    "keep": N_("keep the card you drew"),
    "uno": N_(
        "call UNO just before or right after your next-to-last card, or when you are "
        "handed a single card"
    ),
    "catch": N_(
        "catch the player who has one card and did not call UNO; add a name or "
        "seat number when you like: x Ann"
    ),
    "challenge": N_("challenge a Wild Draw Four played on you"),
    "accept": N_(
        "accept a Wild Draw Four, or a stack of cards you owe (a card of its kind "
        "adds to it, Stacking)"
    ),
    "jump": N_(
        "Speed UNO: jump in out of turn with a card identical to the top card (j red "
        "for a Wild, j uno); identical cards are dropped together as g6 g6 or g6 x2"
    ),
    "anniversary": N_(
        "play an Anniversary card: an red give Bob keep r5 uno; what you leave "
        "out is asked, and Enter alone plays nothing"
    ),
    "card_check": N_("card check: how many cards everyone holds"),
    "touch": N_("touch the top card"),
    "hand": N_("your hand, and what you can play"),
    "whose_turn": N_("the direction and order of play"),
    "scores": N_("the scores"),
    "pile": N_("the DRAW pile's size"),
    "sort": N_("sort your hand by colour or by number"),
    "repeat": N_("the last message again"),
    "older": N_("step back through the messages; ] steps forward"),
    "switch_history": N_("switch the history between the game and the answers"),
    "quick_reference": N_("the Quick Play Reference cards"),
    "speech": N_("speech off or on"),
    "go_on": N_("let play go on; deal the next round"),
    "help": N_("this help"),
    "quit": N_("leave the game (asks first)"),
}


TYPED_HELP_START = (
    N_("Commands (any case):"),
    N_(
        "A card plays it: b7, B#G or blue 7 (a blank card: the card it stands for). A Wild "
        "takes its colour: wi red, wi+4 b; without one you are asked. Add uno to call UNO with "
        "the play: r5 uno."
    ),
)


TYPED_HELP_END = (
    N_(
        "rate 250, volume 0.8, verbosity brief, speech off: change speech or the wording for "
        "this game."
    ),
    N_("Enter alone: whose turn it is and what to do."),
)


KEY_HELP_LINE = N_("{keys}: {what}.")  # {keys}: the keys' names; {what}: KEY_HELP's
TYPED_HELP_LINE = N_("{words}: {what}.")  # {words}: the typed words; {what}: TYPED_HELP's
TYPED_WORDS_SEPARATOR = N_(" or ")


def key_help_line(keys: str, what: str) -> str:
    return tr(KEY_HELP_LINE).format(keys=keys, what=what)


def typed_help_line(words: Sequence[str], what: str) -> str:
    """A command's typed words (the first three) and what it does."""
    return tr(TYPED_HELP_LINE).format(words=tr(TYPED_WORDS_SEPARATOR).join(words[:3]), what=what)


COMMAND_LINE_OPEN = N_("Command line: type a command and press Enter, Escape to close.")
command_line_open = Fixed(COMMAND_LINE_OPEN, N_("Command line open"))


COMMAND_LINE_CLOSED = N_("Command line closed.")
command_line_closed = Fixed(COMMAND_LINE_CLOSED, N_("Command line closed"))


LINE_CLEARED = N_("The line is cleared.")
line_cleared = Fixed(LINE_CLEARED)


NO_SUCH_KEY_TYPED = N_("That key does nothing here: type a command and press Enter.")
no_such_key_typed = Fixed(NO_SUCH_KEY_TYPED, N_("No such key: type a command"))


# Translators: a typed line longer than the game reads; {count} is how many characters
# it may hold at most. The second is said as the key mode's command line closes with it.
LINE_TOO_LONG_FORMS: Plural = NP_(
    "That line is too long, more than {count} character: nothing was done.",
    "That line is too long, more than {count} characters: nothing was done.",
)
LINE_TOO_LONG_CLOSED_FORMS: Plural = NP_(
    "That line is too long, more than {count} character: nothing was done. Command line closed.",
    "That line is too long, more than {count} characters: nothing was done. Command line closed.",
)


B_LINE_TOO_LONG = N_("Too long, over {count}: not done")
B_LINE_TOO_LONG_CLOSED = N_("Too long, over {count}: closed")


def line_too_long(closed: bool = False) -> str:
    """A line past ``LINE_LIMIT`` refused (and the command line closed, when ``closed``)."""
    forms = LINE_TOO_LONG_CLOSED_FORMS if closed else LINE_TOO_LONG_FORMS
    return plural(LINE_LIMIT, forms).format(count=LINE_LIMIT)


def _b_line_too_long(closed: bool = False) -> Parts:
    said = tr(B_LINE_TOO_LONG_CLOSED) if closed else tr(B_LINE_TOO_LONG)
    return (said.format(count=LINE_LIMIT),)


register(line_too_long, braille=_b_line_too_long, brief=SAID_AS_BRAILLE)


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
    "rate": N_("Type rate and the words a minute, 80 to 450: rate 250."),
    "volume": N_("Type volume and a number from 0 to 1: volume 0.8."),
    "verbosity": N_("Type verbosity and brief, normal or full: verbosity brief."),
    "speech": N_("Type speech on or speech off."),
    "sounds": N_("Type sounds on or sounds off."),
}
SETTING_CHANGED = N_("The {name} is now {value} for this game.")  # {name}: the setting's word
B_SETTING_USAGES = {
    "rate": N_("rate 80 to 450: rate 250"),
    "volume": N_("volume 0 to 1: volume 0.8"),
    "verbosity": N_("verbosity brief, normal or full"),
    "speech": N_("speech on or speech off"),
    "sounds": N_("sounds on or sounds off"),
}
B_SETTING_CHANGED = N_("{name} {value} for this game")


def setting_usage(word: str) -> str:
    return tr(SETTING_USAGES[SETTING_WORDS[word]])


def _b_setting_usage(word: str) -> Parts:
    return (tr(B_SETTING_USAGES[SETTING_WORDS[word]]),)


register(setting_usage, braille=_b_setting_usage, brief=SAID_AS_BRAILLE)


def setting_changed(name: str, value: str) -> str:
    return tr(SETTING_CHANGED).format(name=name, value=value)


def _b_setting_changed(name: str, value: str) -> Parts:
    return (tr(B_SETTING_CHANGED).format(name=name, value=value),)


register(setting_changed, braille=_b_setting_changed, brief=SAID_AS_BRAILLE)


GIVE_WORDS = ("give", "to")


KEEP_WORDS = ("keep",)


TIMES_MARKS = ("x", "*", "\u00d7")  # g6 x2: how many identical cards are dropped


UNO_WORD = "uno"


YES_WORDS = ("y", "yes")


SELF_WORDS = ("you", "me")


# --- the keys' names, as F1 says them (issue 15) -------------------------------------------
# by the registry's name of the key (ui/keys.py); a letter or F1 is said as it is
KEY_NAMES: dict[str, str] = {
    "left": N_("Left"),
    "right": N_("Right"),
    "up": N_("Up"),
    "down": N_("Down"),
    "home": N_("Home"),
    "end": N_("End"),
    "enter": N_("Enter"),
    "space": N_("Space"),
    "tab": N_("Tab"),
    "pageup": N_("Page Up"),
    "pagedown": N_("Page Down"),
    "/": N_("slash"),
}


def key_name(name: str) -> str:
    """A key as F1 names it: "Left", "Page Up", "slash", "D", "F1"."""
    if name in KEY_NAMES:
        return tr(KEY_NAMES[name])
    return name.upper() if len(name) == 1 or name[0] == "f" else name.capitalize()


def key_names(names: Sequence[str]) -> str:
    """Several keys for one command: "Left or Up"."""
    return tr(TYPED_WORDS_SEPARATOR).join(key_name(name) for name in names)
