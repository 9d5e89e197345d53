"""Every phrase the game says, shows or brails, in one place (ready for translation)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from .. import text as outside
from ..engine.cards import ANNIVERSARY, WILD_DRAW_FOUR, Card, Color, Kind
from ..engine.events import Refusal
from ..engine.rules import DealError, RulesConflict, RulesError, RuleSet
from ..text import LINE_LIMIT
from .message import Parts

COLOR_NAMES: dict[Color, str] = {
    Color.BLUE: "Blue",
    Color.GREEN: "Green",
    Color.RED: "Red",
    Color.YELLOW: "Yellow",
}
NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
KIND_NAMES: dict[Kind, str] = {
    Kind.DRAW_TWO: "Draw Two",
    Kind.REVERSE: "Reverse",
    Kind.SKIP: "Skip",
    Kind.WILD: "Wild",
    Kind.WILD_DRAW_FOUR: "Wild Draw Four",
    Kind.ANNIVERSARY: "Anniversary card",
}
# several cards of one face: "two Green 6s", "three Red Draw Twos"
KIND_PLURALS: dict[Kind, str] = {
    Kind.DRAW_TWO: "Draw Twos",
    Kind.REVERSE: "Reverses",
    Kind.SKIP: "Skips",
    Kind.WILD: "Wilds",
    Kind.WILD_DRAW_FOUR: "Wild Draw Fours",
    Kind.ANNIVERSARY: "Anniversary cards",
}
# other words people type for a kind, beside its name (lowercase, without spaces)
KIND_WORDS: dict[Kind, tuple[str, ...]] = {
    Kind.DRAW_TWO: ("drawtwo", "draw2", "+2", "plustwo", "plus2"),
    Kind.REVERSE: ("reverse", "rev", "rv"),
    Kind.SKIP: ("skip", "sk"),
    Kind.WILD: ("wild", "wi"),
    Kind.WILD_DRAW_FOUR: ("wilddrawfour", "wilddraw4", "wild+4", "wi+4", "wildplusfour", "wild4"),
    Kind.ANNIVERSARY: ("anniversary", "anniversarycard", "an"),
}


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


def card_name(card: Card) -> str:
    """The spoken name: "Blue 7", "Red Draw Two", "Wild Draw Four"."""
    if card.is_wild:
        return KIND_NAMES[card.kind]
    assert card.color is not None
    color = COLOR_NAMES[card.color]
    if card.kind is Kind.NUMBER:
        return f"{color} {card.number}"
    return f"{color} {KIND_NAMES[card.kind]}"


def cards_name(card: Card, count: int) -> str:
    """Several of one face: "two Green 6s", "three Red Draw Twos", "12 Wilds"."""
    number = NUMBER_WORDS[count] if 0 <= count < len(NUMBER_WORDS) else str(count)
    if card.is_wild:
        return f"{number} {KIND_PLURALS[card.kind]}"
    assert card.color is not None
    color = COLOR_NAMES[card.color]
    if card.kind is Kind.NUMBER:
        return f"{number} {color} {card.number}s"
    return f"{number} {color} {KIND_PLURALS[card.kind]}"


def color_name(color: Color) -> str:
    return COLOR_NAMES[color]


CARD_FORMS_HELP = (
    "Type a card as its code (b7, r+2, gsk, yrv, wi, wi+4), its braille form "
    '(B#G, WI"6#D, WI-#D) or in words (blue 7, red skip, wild draw four).'
)
COLOR_FORMS_HELP = "A colour is blue, green, red or yellow."


def not_a_card(text: str) -> str:
    return f"{cut(text, TYPED_LIMIT)!r} is not a card. {CARD_FORMS_HELP}"


def not_a_color(text: str) -> str:
    return f"{cut(text, TYPED_LIMIT)!r} is not a colour. {COLOR_FORMS_HELP}"


REFUSALS: dict[Refusal, str] = {
    Refusal.NO_SUCH_SEAT: "There is no such seat at this table.",
    Refusal.GAME_OVER: "The game is over.",
    Refusal.ROUND_OVER: "The round is over; deal the next round first.",
    Refusal.ROUND_NOT_OVER: "The round is still being played.",
    Refusal.NOT_YOUR_TURN: "It is not your turn.",
    Refusal.NOT_IN_HAND: "You do not hold {card}.",
    Refusal.DOES_NOT_MATCH: "{card} does not match the top card: match its colour, number "
    "or symbol, or play a Wild.",
    Refusal.NEED_COLOR: "Choose a colour for {card}: blue, green, red or yellow.",
    Refusal.CHOOSE_START_COLOR: "First choose the colour for the Wild that started the pile.",
    Refusal.NO_COLOR_TO_CHOOSE: "There is no colour to choose now.",
    Refusal.ANSWER_CHALLENGE: "A Wild Draw Four was played on you: challenge it or accept it.",
    Refusal.NO_CHALLENGE: "There is no Wild Draw Four to challenge or accept.",
    Refusal.ALREADY_DREW: "You have already drawn this turn.",
    Refusal.NOTHING_DRAWN: "You have not drawn a card this turn.",
    Refusal.ONLY_DRAWN_CARD: "After drawing you may play only the card you drew, {card}, "
    "or keep it.",
    Refusal.DRAWN_NOT_PLAYABLE: "{card}, the card you drew, does not match: keep it.",
    Refusal.UNO_NOT_NOW: "Call UNO just before you play your next-to-last card, as you play "
    "it, or right after it.",
    Refusal.CATCH_SELF: "You cannot catch yourself.",
    Refusal.CATCH_SAFE: "That player is safe: they called UNO or do not hold one card.",
    Refusal.ANSWER_STACK: "You owe the cards stacked on you: add a card of the same kind if "
    "you may, or accept them.",
    Refusal.STACK_CANNOT_ADD: "The stack has come back to you, who began it: you cannot add "
    "to it; accept it.",
    Refusal.MUST_PLAY_DRAWN: "In Speed UNO you play the card you drew until one matched: {card}.",
    Refusal.NO_FOUR_FINISH: "In Speed UNO you may not go out on a Wild Draw Four.",
    Refusal.NO_DROPPING: "Several cards at once only with the Dropping rule of Speed UNO.",
    Refusal.NOT_ENOUGH_COPIES: "You do not hold that many of {card}.",
    Refusal.NO_JUMP_IN: "Jumping in needs the Exact Match rule of Speed UNO.",
    Refusal.JUMP_IN_NOT_YET: "You cannot jump in now: wait for the next card to be played.",
    Refusal.JUMP_IN_NOT_IDENTICAL: "{card} is not identical to the top card: only the exact "
    "same card may jump in.",
    Refusal.JUMP_IN_AFTER_DRAWING: "You drew since the last card was played: no jumping in "
    "until the next one.",
    Refusal.JUMP_IN_TOO_LATE: "Too late: someone jumped in first.",
    Refusal.JUMP_IN_OWN_CARD: "You played that card yourself: jumping in is for the others. "
    "To put identical cards down together, play them at once.",
    Refusal.ANNIVERSARY_TARGET: "An Anniversary card needs another player still in the game "
    "to give your hand to.",
    Refusal.ANNIVERSARY_KEEP: "Say which one of your cards you keep when you play the "
    "Anniversary card.",
    Refusal.NO_PENALTIES: "This table does not play the penalties for table talk.",
    Refusal.ELIMINATED: "You are out of this game.",
}


def refusal(reason: Refusal, card: Card | None = None) -> str:
    """One self-contained sentence saying why an action was not allowed."""
    text = REFUSALS[reason]
    return text.format(card=card_name(card)) if card is not None else text.replace(" {card}", "")


# --------------------------------------------------------------------- files and options

SCENARIO_FOUR_START = (
    "In the scenario, a Wild Draw Four start card goes back into the deck and another card "
    "is turned, so draw_pile must hold a card that is not a Wild Draw Four."
)
SCENARIO_ONE_TABLE = (
    "A scenario is one table: a partner schedule (rotation, two tables) is not, so use "
    "the partners preset."
)


def scenario_players_for_rules(wanted: str) -> str:
    return f"In the scenario, these rules need {wanted} players."


SCENARIO_NOT_OBJECT = "The scenario must be one JSON object with players, hands and start."


def scenario_unreadable(path: str, why: str | None) -> str:
    return f"Cannot read the scenario file {path}: {why or 'unknown error'}."


SCENARIO_TOO_DEEP = "The scenario file nests its JSON too deeply to be a scenario."


def scenario_not_text(path: str) -> str:
    return f"The scenario file {path} is not UTF-8 text; a scenario is a JSON text file."


def scenario_not_json(line: int, why: str) -> str:
    return f"The scenario file is not valid JSON: line {line}: {why}."


def scenario_field(field: str, wanted: str) -> str:
    return f"In the scenario, {field} must be {wanted}."


def scenario_unknown_act(where: str, name: object, known: list[str]) -> str:
    return f"In the scenario, {where}.act is {given(name)}; it must be one of: {', '.join(known)}."


# scenario positions the rules' deck cannot hold (scenario.py)


def scenario_more_cards_than_deck(total: int, deck: int) -> str:
    return (
        f"In the scenario, the hands, start and draw_pile hold {total} cards, "
        f"but these rules play with a deck of {deck}."
    )


def scenario_more_copies_than_deck(where: str, card: Card, count: int, deck: int) -> str:
    return (
        f"In the scenario, {where} makes {count} of {card_name(card)}, "
        f"but these rules' deck has {deck}."
    )


def scenario_card_not_in_deck(where: str, card: Card) -> str:
    if card.kind is Kind.ANNIVERSARY:
        return (
            f"In the scenario, {where} is an Anniversary card, but these rules have "
            "none (the option anniversary_cards)."
        )
    return (
        f"In the scenario, {where} is a blank card for {card_name(card)}, but these "
        "rules have no such blank card (the option blank_cards)."
    )


SCENARIO_NO_CARDS = "In the scenario, every hand is empty: at least one player must hold a card."


def rules_error(error: RulesError) -> str:
    """A rule option with a value it cannot take (what was given cut short, made safe)."""
    if isinstance(error, DealError):
        return cannot_deal(error.players, error.hand_size, error.reserve, error.deck, error.most)
    if isinstance(error, RulesConflict):
        return rules_conflict(error.option, error.other)
    allowed = ", ".join(str(a).lower() if isinstance(a, bool) else str(a) for a in error.allowed)
    if error.option == "preset":
        return f"There is no rules preset {given(error.value)}; the presets are: {allowed}."
    if error.allowed and error.option not in RuleSet.__dataclass_fields__:
        return f"There is no rule option {given(error.option)}; the options are: {allowed}."
    return f"The rule option {error.option} cannot be {given(error.value)}; it takes: {allowed}."


# --- settings ---
# Rules that cannot be dealt, and what came from outside (a settings file, the command
# line, a scenario) quoted back in a message: made safe and cut short.

GIVEN_LIMIT = 40
"""The most characters of a given value that a message quotes back."""


def given(value: object, limit: int = GIVEN_LIMIT) -> str:
    """``value`` as a message quotes it: its repr without control characters, cut to
    ``limit`` characters with an ellipsis.
    """
    try:
        written = repr(value)
    except (RecursionError, ValueError):  # nested too deep, or an int too long to write
        written = f"<{type(value).__name__}>"
    return cut(written, limit)


# --------------------------------------------------------------------- fault campaign
TYPED_LIMIT = 40
"""The most of a typed line that a refusal names ("'zq zq…' is not a card"): a pasted line
of 100,000 characters is not spoken, brailled and printed again."""


def cut(text: str, limit: int = GIVEN_LIMIT) -> str:
    """Outside text shown in a message: made safe, at most ``limit`` characters."""
    safe = outside.shown(text, limit + 1)
    return safe if len(safe) <= limit else safe[: limit - 1] + "…"


def cannot_deal(players: int, size: int, reserve: int, deck: int, most: int) -> str:
    return (
        f"{players} players with {size} cards each need {players * size} cards, and "
        f"{reserve} more must be left to turn a start card; the deck has {deck}: "
        f"at most {most} cards each."
    )


def settings_not_regular(path: str) -> str:
    return f"{path} is not a file: the default settings are used."


def settings_too_big(path: str, limit: int) -> str:
    return (
        f"{path} is larger than {limit:,} bytes, too big to be a settings file: "
        "the default settings are used."
    )


SETTINGS_TOO_DEEP = "its values nest too deeply"


def settings_unknown_keys(path: str, count: int, first: Sequence[str], known: Iterable[str]) -> str:
    """Several keys that are not settings, in one line: the first few named."""
    more = count - len(first)
    named = ", ".join(first) + (f" and {more:,} more" if more else "")
    return (
        f"{path}: {count:,} unknown settings ignored: {named}; the settings are {', '.join(known)}."
    )


def rules_need_players(rules: str, wanted: str, players: int) -> str:
    return f"The rules {rules} are for {wanted} players, not {players}."


def settings_rules_for_players(path: str, problem: str, default: str) -> str:
    """``rules`` and ``players`` of one file that do not go together."""
    return (
        f"{path}: the rules and the players do not go together: {problem} "
        f"The default rules, {default}, are used."
    )


def scenario_not_regular(path: str) -> str:
    return f"The scenario {path} is not a file; a scenario is a JSON text file."


def scenario_too_long(where: str, limit: int) -> str:
    return f"In the scenario, {where} is longer than {limit} characters: it is no card or colour."


def scenario_too_big(path: str, limit: int) -> str:
    return f"The scenario file {path} is larger than {limit:,} bytes, too big to be a scenario."


def games_range(most: int) -> str:
    return f"the number of games is a whole number from 1 to {most:,}"


def cannot_write_output(why: str | None) -> str:
    return f"cannot write to standard output: {why or 'unknown error'}."


LIBLOUIS_MISSING = (
    "Braille needs liblouis and its Python binding: run scripts/setup.sh, or install the "
    "Debian packages liblouis20 liblouis-data python3-louis."
)


def liblouis_table_missing(table: str) -> str:
    return (
        f"liblouis cannot load its braille table {table}: install the Debian package liblouis-data."
    )


# --------------------------------------------------------------------- the command line

PROGRAM_DESCRIPTION = (
    "UNO for the keyboard, with speech, braille and large text. "
    "Commands: play, simulate, scenario, cards."
)
HELP_PLAY = "play a game against bots on this machine (the default)"
HELP_SIMULATE = "bots play whole games; prints figures"
HELP_SCENARIO = "replay a scenario file; prints one JSON object per event, then the state"
HELP_CARDS = "every card face with its code, name, braille and points"
HELP_JSON = "print JSON"
HELP_RULES = "the rules and the Quick Play Reference cards, to read, emboss or hear"
HELP_RULES_FORMAT = "text to read, brf to emboss (40 cells, 25 lines a page), wav to hear"
HELP_QUICK = "only the four Quick Play Reference cards"
HELP_BRAILLE_TABLE = "braille code: ueb2 (Grade 2, the default), ueb1 (Grade 1), computer"


def cannot_write(path: str, why: str | None) -> str:
    return f"cannot write {path}: {why or 'unknown error'}."


def written(path: str) -> str:
    return f"Written: {path}"


def no_wav(path: str, why: str) -> str:
    return f"cannot speak the rules into {path}: {why}"


HELP_NAME = "your name at the table"
HELP_NAMES = "the other players' names, comma-separated"
HELP_PLAY_SCENARIO = "start from a scenario file's position, its actions applied; you are seat 0"
HELP_SPEECH = "speak every message (on) or not (off)"
HELP_BRAILLE_DISPLAY = (
    "a braille display through BrlAPI (brlapi), the braille as dots on screen (screen), "
    "the display if one answers, else none (auto), or none (off)"
)
HELP_LARGE_TEXT = "large, high-contrast text with big letters for the top card"
HELP_VERBOSITY = "how much is said: brief, normal or full (with each card's code)"
HELP_KEYS = "one key per command (on), or every command typed and sent with Enter (off)"
HELP_BOT_PACE = "seconds between the bots' moves, 0 to 5 (0: at once; a key skips ahead)"
HELP_SETUP = "choose the players, the rules and how the game speaks and shows, and keep them"
PACE_RANGE = "a number of seconds from 0 to 5"
PLAYERS_RANGE = "the number of players is a whole number from 2 to 10"
WHOLE_NUMBER = "a whole number of 1 or more"
INTERRUPTED = "uno-access: stopped."


def usage_error(message: str, prog: str) -> str:
    """An argument the command line cannot take, as one line."""
    return f"{prog}: {message} (see {prog} --help)"


def help_rules(presets: Iterable[str]) -> str:
    return (
        "the rules: a preset (" + ", ".join(presets) + "), then any options, "
        "such as standard,uno_penalty=4,target_score=200 or standard,blank_cards=y7/b+2"
    )


def players_for_rules(rules: str, wanted: str) -> str:
    return f"The rules {rules} are for {wanted} players: use --players {wanted}."


PLAY_NO_SCHEDULE = (
    "A partner schedule (partners_rotation, partners_two_tables) is a match of several "
    "tables, which uno-access play does not run yet: play partners, or simulate the schedule."
)


def unknown_bot(name: str, known: tuple[str, ...]) -> str:
    return f"There is no bot {name!r}; the bots are: {', '.join(known)}."


def simulation_summary(record: dict[str, object]) -> str:
    return (
        f"{record['games']} games of {record['players']} players in {record['seconds']} seconds: "
        f"{record['games_per_second']} games a second, {record['rounds']} rounds, "
        f"{record['actions']} actions; wins by seat {record['wins']}; errors {record['errors']}."
    )


def card_row(row: dict[str, object]) -> str:
    points = row["points"]
    unit = "point" if points == 1 else "points"
    return f"{row['code']}\t{row['name']}\t{row['brf']}\t{row['unicode']}\t{points} {unit}"


# ==================================


# Speech and the line-mode game (uno_access/access/speech.py, uno_access/ui/)
# Everything below is said about the game to one player, the "viewer": the
# viewer is "you", everyone else is named. speech.py and ui/ pick the phrase.
# ==================================


class Who:
    """A player as a phrase names them: "You" for the viewer, else their name."""

    __slots__ = ("name", "you")

    def __init__(self, name: str, you: bool) -> None:
        self.name = name
        self.you = you

    @property
    def subject(self) -> str:
        """At the start of a sentence: "You", "Ann"."""
        return "You" if self.you else self.name

    @property
    def obj(self) -> str:
        """Inside a sentence: "you", "Ann"."""
        return "you" if self.you else self.name

    @property
    def possessive(self) -> str:
        """Inside a sentence: "your", "Ann's"."""
        return "your" if self.you else f"{self.name}'s"

    def verb(self, third: str, base: str) -> str:
        """The verb that goes with this player: "Ann plays", "you play"."""
        return base if self.you else third


def card_with_code(card: Card) -> str:
    """A card with its code, for typing it back: "Blue 7 (b7)", "Yellow 7 (blank card bly7)"."""
    if card.blank_of is not None:
        return f"{card_name(card)} (blank card {card.code})"
    return f"{card_name(card)} ({card.code})"


def card_list(names: Iterable[str]) -> str:
    return ", ".join(names)


def count_cards(count: int) -> str:
    return "1 card" if count == 1 else f"{count} cards"


def dealer_drew(who: Who, card: Card) -> str:
    return f"{who.subject} {who.verb('draws', 'draw')} {card_name(card)} to choose the dealer."


def dealer_chosen(who: Who) -> str:
    deals = who.verb("deals", "deal")
    return f"{who.subject} {who.verb('has', 'have')} the highest card and {deals}."


def round_started(number: int, dealer: Who) -> str:
    return f"Round {number}: {dealer.obj} {dealer.verb('deals', 'deal')}."


def hand_dealt(cards: Iterable[Card], count: int) -> str:
    return f"You are dealt {count_cards(count)}: {card_list(card_name(c) for c in cards)}."


def hand_dealt_to(who: Who, count: int) -> str:
    return f"{who.subject} {who.verb('is', 'are')} dealt {count_cards(count)}."


def start_card(card: Card) -> str:
    return f"The start card is {card_name(card)}."


def start_card_returned(card: Card) -> str:
    return f"{card_name(card)} turned up to start: it goes back into the deck, which is shuffled."


def turn_started(who: Who) -> str:
    return "Your turn." if who.you else f"{who.name}'s turn."


def card_played(
    who: Who, card: Card, cards_left: int, count: int = 1, jump_in: bool = False
) -> str:
    """A play: one card, ``count`` identical cards dropped at once, or a jump-in."""
    what = card_name(card) if count == 1 else cards_name(card, count)
    if jump_in:
        play = f"{who.subject} {who.verb('jumps', 'jump')} in with {what}"
    elif count > 1:
        play = f"{who.subject} {who.verb('drops', 'drop')} {what}"
    else:
        play = f"{who.subject} {who.verb('plays', 'play')} {what}"
    end = "!" if jump_in else "."
    if cards_left == 1:
        return f"{play} and {who.verb('has', 'have')} one card left{end}"
    if cards_left == 0:
        return f"{play} and {who.verb('goes', 'go')} out{end}"
    return f"{play}{end}"


def color_chosen(who: Who, color: Color) -> str:
    return f"{who.subject} {who.verb('chooses', 'choose')} {color_name(color)}."


def cards_drawn(who: Who, count: int, cards: Iterable[Card] | None, loses_turn: bool) -> str:
    """A draw; ``cards`` only for the viewer's own draw, ``loses_turn`` when skipped too."""
    if count == 0:
        return f"{who.subject} {who.verb('draws', 'draw')} nothing: both piles are empty."
    skip = f" and {who.verb('loses', 'lose')} the turn" if loses_turn else ""
    draws = f"{who.subject} {who.verb('draws', 'draw')}"
    if cards is None:
        what = "a card" if count == 1 else f"{count} cards"
        return f"{draws} {what}{skip}."
    names = [card_name(c) for c in cards]
    if count == 1 and not skip:
        return f"{draws} {names[0]}."
    return f"{draws} {count_cards(count)}{skip}: {card_list(names)}."


def could_not_draw(who: Who) -> str:
    return (
        f"{who.subject} {who.verb('finds', 'find')} both piles empty, so the turn passes "
        "without a draw."
    )


def drawn_card_kept(who: Who) -> str:
    return f"{who.subject} {who.verb('keeps', 'keep')} the card."


def player_skipped(who: Who) -> str:
    return f"{who.subject} {who.verb('is', 'are')} skipped."


def direction_changed(clockwise: bool) -> str:
    if clockwise:
        return "Play now goes to the left, clockwise."
    return "Play now goes to the right, counterclockwise."


def uno_called(who: Who) -> str:
    return f"{who.subject} {who.verb('calls', 'call')} UNO!"


def uno_caught(catcher: Who, target: Who, penalty: int) -> str:
    return (
        f"{catcher.subject} {catcher.verb('catches', 'catch')} {target.obj} without UNO: "
        f"{target.obj} {target.verb('draws', 'draw')} {penalty}."
    )


def challenge_made(challenger: Who, target: Who) -> str:
    return (
        f"{challenger.subject} {challenger.verb('challenges', 'challenge')} "
        f"{target.possessive} Wild Draw Four."
    )


def challenge_resolved(challenger: Who, target: Who, guilty: bool, drawn: int | None = None) -> str:
    """``drawn``: what the loser draws (a stack of Wild Draw Fours makes it more than 4 or 6)."""
    made = (
        f"{challenger.subject} {challenger.verb('challenges', 'challenge')} "
        f"{target.possessive} Wild Draw Four"
    )
    if guilty:
        return (
            f"{made}: {target.obj} {target.verb('was', 'were')} guilty and "
            f"{target.verb('draws', 'draw')} {4 if drawn is None else drawn}."
        )
    return (
        f"{made}: {target.obj} {target.verb('was', 'were')} innocent, so {challenger.obj} "
        f"{challenger.verb('draws', 'draw')} {6 if drawn is None else drawn} and "
        f"{challenger.verb('loses', 'lose')} the turn."
    )


def hand_shown(owner: Who, to: Who, cards: Iterable[Card] | None, count: int) -> str:
    if cards is None:  # the viewer showed their own hand
        return f"{owner.subject} {owner.verb('shows', 'show')} {to.obj} {count_cards(count)}."
    names = card_list(card_name(c) for c in cards)
    return f"{owner.subject} {owner.verb('shows', 'show')} {to.obj} {count_cards(count)}: {names}."


def draw_accepted(who: Who, total: int = 4, stack: bool | None = None) -> str:
    """Accepting what is owed: a Wild Draw Four, a Draw Two, or a ``stack`` of ``total`` cards
    (by default a stack is any total but 2 or 4).
    """
    accepts = f"{who.subject} {who.verb('accepts', 'accept')}"
    if stack is None:
        stack = total not in (2, 4)
    if not stack:
        return f"{accepts} the {'Draw Two' if total == 2 else 'Wild Draw Four'}."
    if total == 0:
        return f"{accepts} the stack, but both piles are empty: there is nothing to draw."
    return f"{accepts} the stack and {who.verb('draws', 'draw')} {count_cards(total)}."


def stack_grew(owes: Who, total: int) -> str:
    return f"The stack is now {count_cards(total)}, on {owes.obj}."


def hands_passed(clockwise: bool) -> str:
    return f"Every hand passes to the {'left' if clockwise else 'right'}."


def hand_received(who: Who, giver: Who, count: int, cards: Iterable[Card] | None) -> str:
    """Round-n-Round; ``cards`` only for the viewer's own new hand."""
    got = (
        f"{who.subject} {who.verb('receives', 'receive')} {giver.possessive} hand: "
        f"{count_cards(count)}"
    )
    if cards is None:
        return f"{got}."
    return f"{got}: {card_list(card_name(c) for c in cards)}."


def anniversary_played(giver: Who, target: Who, count: int, cards: Iterable[Card] | None) -> str:
    """ "Happy Anniversary!"; ``cards`` for the giver and the receiver only."""
    given = (
        f"{giver.subject} {giver.verb('plays', 'play')} an Anniversary card: Happy Anniversary! "
        f"{giver.subject} {giver.verb('keeps', 'keep')} one card and "
        f"{giver.verb('gives', 'give')} {target.obj} {count_cards(count) if count else 'no cards'}"
    )
    if cards is None or not count:
        return f"{given}."
    return f"{given}: {card_list(card_name(c) for c in cards)}."


def wrong_card(who: Who, card: Card, count: int = 2) -> str:
    return (
        f"{who.subject} played {card_name(card)}, which does not match: {who.obj} "
        f"{who.verb('takes', 'take')} it back and {who.verb('draws', 'draw')} {count}."
    )


def suggestion_penalty(who: Who, count: int = 2) -> str:
    return f"{who.subject} suggested a play and {who.verb('draws', 'draw')} {count}."


def player_eliminated(who: Who, score: int) -> str:
    return (
        f"{who.subject} {who.verb('reaches', 'reach')} {score} points and "
        f"{who.verb('is', 'are')} out of the game."
    )


def reshuffled(count: int) -> str:
    return f"The DISCARD pile is shuffled into a new DRAW pile of {count_cards(count)}."


def score_list(scores: Iterable[tuple[Who, int]]) -> str:
    return "Scores: " + ", ".join(f"{who.obj} {points}" for who, points in scores) + "."


def team_name(members: Iterable[Who]) -> str:
    """Partners inside a sentence, the viewer first: "you and Cy", "Ann and Bob"."""
    names = [who.obj for who in sorted(members, key=lambda who: not who.you)]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def team_scores(teams: Iterable[tuple[Iterable[Who], int]]) -> str:
    """Partners' scores, one per pair: "Scores: you and Cy 57, Ann and Bob 0."."""
    return "Scores: " + ", ".join(f"{team_name(team)} {points}" for team, points in teams) + "."


def totals_list(scores: Iterable[tuple[Who, int, bool]]) -> str:
    """Challenge UNO: each running total, "(out)" after a player who reached the limit."""
    return (
        "Scores: "
        + ", ".join(f"{who.obj} {points}{' (out)' if out else ''}" for who, points, out in scores)
        + "."
    )


def teams_line(mine: Iterable[Who], theirs: Iterable[Iterable[Who]]) -> str:
    """The partners at the start: "You and Bob play against Ann and Cy."."""
    others = [team_name(team) for team in theirs]
    against = others[0] if len(others) == 1 else "the pairs " + "; ".join(others)
    return f"{_capital(team_name(mine))} play against {against}."


def round_ended(
    winner: Who,
    gained: int | None,
    scores: Iterable[tuple[Who, int]],
    hands: Iterable[tuple[Who, int]] = (),
) -> str:
    """``gained`` is what the winner scored, or None when each counts their own hand;
    ``hands``: the points left in each other hand, which make up ``gained``.
    """
    if gained is None:
        what = f"{winner.obj} {winner.verb('goes', 'go')} out"
    else:
        what = f"{winner.obj} {winner.verb('wins', 'win')} {gained} points"
        hands = list(hands)
        if len(hands) > 1:  # with one opponent, their hand is the whole score
            what += " (" + ", ".join(f"{who.obj} {points}" for who, points in hands) + ")"
    return f"The round is over: {what}. {score_list(scores)}"


def round_ended_partners(
    winner: Who, team: Iterable[Who], gained: int, scores: Iterable[tuple[Iterable[Who], int]]
) -> str:
    """Partners: the pair of the player who went out scores both opposing hands."""
    return (
        f"The round is over: {winner.obj} {winner.verb('goes', 'go')} out, and "
        f"{team_name(team)} win {gained} points. {team_scores(scores)}"
    )


def round_ended_own_hands(
    winner: Who, added: Iterable[tuple[Who, int]], scores: str, caught: bool
) -> str:
    """Lowest scoring or Challenge UNO: each adds the points left in their own hand
    (``caught``: Challenge UNO, the points they were caught holding); ``scores`` is said last.
    """
    added = list(added)
    out = f"The round is over: {winner.obj} {winner.verb('goes', 'go')} out."
    if not added:
        return f"{out} {scores}"
    what = "Points caught holding" if caught else "Points left in hands"
    points = ", ".join(f"{who.obj} {n}" for who, n in added)
    return f"{out} {what}: {points}. {scores}"


def game_ended(winner: Who, scores: Iterable[tuple[Who, int]]) -> str:
    return (
        f"The game is over: {winner.obj} {winner.verb('wins', 'win')} the game. "
        f"{score_list(scores)}"
    )


def game_ended_partners(team: Iterable[Who], scores: Iterable[tuple[Iterable[Who], int]]) -> str:
    return f"The game is over: {team_name(team)} win the game. {team_scores(scores)}"


def game_ended_lowest(winner: Who, scores: Iterable[tuple[Who, int]]) -> str:
    return (
        f"The game is over: {winner.obj} {winner.verb('wins', 'win')} the game with the "
        f"lowest score. {score_list(scores)}"
    )


def game_ended_last_left(winner: Who, scores: str) -> str:
    """Challenge UNO: the last player not out wins."""
    return (
        f"The game is over: {winner.obj} {winner.verb('is', 'are')} the last player left and "
        f"{winner.verb('wins', 'win')} the game. {scores}"
    )


def card_check(counts: Iterable[tuple[Who, int]]) -> str:
    """ "Card check: Ann 5 cards, Bob 1 card, you 7 cards."."""
    return "Card check: " + ", ".join(f"{who.obj} {count_cards(n)}" for who, n in counts) + "."


def top_card(card: Card, color: Color | None) -> str:
    """Touching the top card; ``color`` is said for a Wild (None: not chosen yet)."""
    top = f"Top card: {card_name(card)}"
    if not card.is_wild:
        return f"{top}."
    if color is None:
        return f"{top}, no colour chosen yet."
    return f"{top}, colour in play {color_name(color)}."


def table_line(card: Card, color: Color | None, counts: Iterable[tuple[Who, int]]) -> str:
    """The braille display's table line: the top card, then how many cards each holds."""
    return f"{top_card(card, color)} {card_check(counts)}"


def your_hand(cards: Iterable[Card], count: int) -> str:
    if count == 0:
        return "Your hand is empty."
    return f"Your hand, {count_cards(count)}: {card_list(card_name(c) for c in cards)}."


# A bluff Wild Draw Four (issue 14): listed as playable, with the warning that it is a
# bluff, which a challenge would punish.
def only_as_bluff(color: Color) -> str:
    return f"only as a bluff: you hold {color.word}"


def you_can_play(cards: Iterable[Card], how: How = TYPED, bluff: Color | None = None) -> str:
    names = [
        f"{card_name(c)} ({only_as_bluff(bluff)})"
        if bluff is not None and c.kind is Kind.WILD_DRAW_FOUR
        else card_name(c)
        for c in cards
    ]
    if not names:
        return "None of your cards matches: you must draw."
    return f"You can play: {card_list(names)}."


def scores_line(scores: Iterable[tuple[Who, int]], target: int, lowest: bool) -> str:
    if lowest:
        return f"{score_list(scores)} At {target} points the lowest score wins."
    return f"{score_list(scores)} First to {target} wins."


def team_scores_line(scores: Iterable[tuple[Iterable[Who], int]], target: int) -> str:
    return f"{team_scores(scores)} The first pair to {target} wins."


def totals_line(scores: Iterable[tuple[Who, int, bool]], target: int) -> str:
    return (
        f"{totals_list(scores)} Reaching {target} points puts a player out; the last one left wins."
    )


def whose_turn(who: Who) -> str:
    return "It is your turn." if who.you else f"It is {who.possessive} turn."


def play_order(clockwise: bool, order: Iterable[Who]) -> str:
    way = "to the left, clockwise" if clockwise else "to the right, counterclockwise"
    return f"Play goes {way}: " + ", then ".join(who.obj for who in order) + "."


def hand_heading(count: int) -> str:
    return f"Your hand, {count_cards(count)}:" if count else "Your hand is empty."


HAND_LEGEND = "> marks the selected card, * a card you can play."


def draw_pile(count: int) -> str:
    return f"The DRAW pile has {count_cards(count)}."


# ==================================


# The brief forms: each event's phrase in the fewest words, as text and cards.
# Braille shows them with each card as its corner code ("Ann: b#g"); the brief
# verbosity says them with card names ("Ann: Blue 7"). Who and which card come
# first, so the first cells of a small display hold what matters.
# ==================================


def _with_cards(lead: str, cards: Iterable[Card]) -> Parts:
    """``lead`` then the cards, separated by spaces: "Your 3 cards: b#g r#e wi"."""
    parts: list[str | Card] = [lead]
    for index, card in enumerate(cards):
        if index:
            parts.append(" ")
        parts.append(card)
    return tuple(parts)


def _counts(pairs: Iterable[tuple[Who, int]]) -> str:
    return ", ".join(
        f"{who.subject if i == 0 else who.obj} {n}" for i, (who, n) in enumerate(pairs)
    )


def _team_counts(teams: Iterable[tuple[Iterable[Who], int]]) -> str:
    return ", ".join(f"{team_name(team)} {points}" for team, points in teams)


def _b_dealer_drew(who: Who, card: Card) -> Parts:
    return (f"{who.subject} {who.verb('draws', 'draw')} ", card, " for dealer")


def _b_dealer_chosen(who: Who) -> Parts:
    return (f"{who.subject} {who.verb('deals', 'deal')}",)


def _b_round_started(number: int, dealer: Who) -> Parts:
    return (f"Round {number}, {dealer.obj} {dealer.verb('deals', 'deal')}",)


def _b_hand_dealt(cards: Iterable[Card], count: int) -> Parts:
    return _with_cards(f"You get {count}: ", cards)


def _b_hand_dealt_to(who: Who, count: int) -> Parts:
    return (f"{who.subject} {who.verb('gets', 'get')} {count}",)


def _b_start_card(card: Card) -> Parts:
    return ("Start ", card)


def _b_start_card_returned(card: Card) -> Parts:
    return ("Start ", card, " back in deck")


def _b_turn_started(who: Who) -> Parts:
    return ("Your turn",) if who.you else (f"{who.possessive} turn",)


def _b_card_played(
    who: Who, card: Card, cards_left: int, count: int = 1, jump_in: bool = False
) -> Parts:
    lead = (
        f"{who.subject} jumps in: "
        if jump_in and not who.you
        else ("You jump in: " if jump_in else f"{who.subject}: ")
    )
    times = f" x{count}" if count > 1 else ""
    end = ", 1 left" if cards_left == 1 else (", out" if cards_left == 0 else "")
    return (lead, card, times + end)


def _b_color_chosen(who: Who, color: Color) -> Parts:
    return (f"{who.subject}: {color_name(color).lower()}",)


def _b_cards_drawn(who: Who, count: int, cards: Iterable[Card] | None, loses_turn: bool) -> Parts:
    draws = f"{who.subject} {who.verb('draws', 'draw')}"
    skip = ", skipped" if loses_turn else ""
    if count == 0:
        return (f"{draws} nothing, piles empty",)
    if cards is None:
        return (f"{draws} {count}{skip}",)
    lead = f"{draws} {count}: " if count > 1 else f"{draws} "
    drawn = _with_cards(lead, cards)
    return (*drawn, skip) if skip else drawn  # the cards first: "You draw 2: g9 r4, skipped"


def _b_could_not_draw(who: Who) -> Parts:
    return (f"{who.subject}: piles empty, turn passes",)


def _b_drawn_card_kept(who: Who) -> Parts:
    return (f"{who.subject} {who.verb('keeps', 'keep')} it",)


def _b_player_skipped(who: Who) -> Parts:
    return (f"{who.subject} skipped",)


def _b_direction_changed(clockwise: bool) -> Parts:
    return (f"Play goes {'left' if clockwise else 'right'}",)


def _b_uno_called(who: Who) -> Parts:
    return (f"{who.subject}: UNO!",)


def _b_uno_caught(catcher: Who, target: Who, penalty: int) -> Parts:
    return (f"{target.subject} caught by {catcher.obj}, {target.verb('draws', 'draw')} {penalty}",)


def _b_challenge_made(challenger: Who, target: Who) -> Parts:
    return (f"{challenger.subject} {challenger.verb('challenges', 'challenge')} {target.obj}",)


def _b_challenge_resolved(
    challenger: Who, target: Who, guilty: bool, drawn: int | None = None
) -> Parts:
    challenges = f"{challenger.subject} {challenger.verb('challenges', 'challenge')}"
    if guilty:
        n = 4 if drawn is None else drawn
        return (f"{challenges}: {target.obj} guilty, {target.verb('draws', 'draw')} {n}",)
    n = 6 if drawn is None else drawn
    return (
        f"{challenges}: {target.obj} innocent, {challenger.obj} "
        f"{challenger.verb('draws', 'draw')} {n}",
    )


def _b_hand_shown(owner: Who, to: Who, cards: Iterable[Card] | None, count: int) -> Parts:
    if cards is None:
        return (f"{owner.subject} {owner.verb('shows', 'show')} {to.obj} {count}",)
    return _with_cards(f"{owner.possessive.capitalize()} hand: ", cards)


def _b_draw_accepted(who: Who, total: int = 4, stack: bool | None = None) -> Parts:
    return (f"{who.subject} {who.verb('accepts', 'accept')}, {who.verb('draws', 'draw')} {total}",)


def _b_stack_grew(owes: Who, total: int) -> Parts:
    return (f"Stack {total} on {owes.obj}",)


def _b_hands_passed(clockwise: bool) -> Parts:
    return (f"Hands pass {'left' if clockwise else 'right'}",)


def _b_hand_received(who: Who, giver: Who, count: int, cards: Iterable[Card] | None) -> Parts:
    gets = f"{who.subject} {who.verb('gets', 'get')}"
    if cards is None:
        return (f"{gets} {giver.possessive} {count}",)
    return _with_cards(f"{gets} from {giver.obj}: ", cards)


def _b_anniversary_played(
    giver: Who, target: Who, count: int, cards: Iterable[Card] | None
) -> Parts:
    if cards is None or not count:
        gives = f" {giver.verb('gives', 'give')} {target.obj} {count}"
        return (f"{giver.subject}: ", ANNIVERSARY, gives)
    return (f"{giver.subject}: ", ANNIVERSARY, *_with_cards(f" to {target.obj}: ", cards))


def _b_wrong_card(who: Who, card: Card, count: int = 2) -> Parts:
    return (f"{who.subject}: ", card, f" wrong, {who.verb('draws', 'draw')} {count}")


def _b_suggestion_penalty(who: Who, count: int = 2) -> Parts:
    return (f"{who.subject} suggested, {who.verb('draws', 'draw')} {count}",)


def _b_player_eliminated(who: Who, score: int) -> Parts:
    return (f"{who.subject} out at {score}",)


def _b_reshuffled(count: int) -> Parts:
    return (f"Reshuffled, draw pile {count}",)


def _b_round_ended(
    winner: Who,
    gained: int | None,
    scores: Iterable[tuple[Who, int]],
    hands: Iterable[tuple[Who, int]] = (),
) -> Parts:
    won = f"+{gained}" if gained is not None else "out"
    return (f"Round: {winner.obj} {won}. {_counts(scores)}",)


def _b_round_ended_partners(
    winner: Who, team: Iterable[Who], gained: int, scores: Iterable[tuple[Iterable[Who], int]]
) -> Parts:
    return (f"Round: {winner.obj} out, {team_name(team)} +{gained}. {_team_counts(scores)}",)


def _b_round_ended_own_hands(
    winner: Who, added: Iterable[tuple[Who, int]], scores: str, caught: bool
) -> Parts:
    return (f"Round: {winner.obj} out. {scores}",)


def _b_game_ended(winner: Who, scores: Iterable[tuple[Who, int]]) -> Parts:
    return (f"Game: {winner.obj} {winner.verb('wins', 'win')}. {_counts(scores)}",)


def _b_game_ended_partners(
    team: Iterable[Who], scores: Iterable[tuple[Iterable[Who], int]]
) -> Parts:
    return (f"Game: {team_name(team)} win. {_team_counts(scores)}",)


def _b_game_ended_last_left(winner: Who, scores: str) -> Parts:
    return (f"Game: {winner.obj} {winner.verb('wins', 'win')}. {scores}",)


def _b_card_check(counts: Iterable[tuple[Who, int]]) -> Parts:
    return (f"Cards: {_counts(counts)}",)


def _b_top_card(card: Card, color: Color | None) -> Parts:
    if not card.is_wild:
        return ("Top ", card)
    return ("Top ", card, f" {color_name(color).lower()}" if color else " no colour")


def _b_table_line(card: Card, color: Color | None, counts: Iterable[tuple[Who, int]]) -> Parts:
    return (*_b_top_card(card, color)[1:], "; ", _counts(counts))  # without "Top"


def _b_your_hand(cards: Iterable[Card], count: int) -> Parts:
    return _with_cards(f"Hand {count}: ", cards) if count else ("Hand empty",)


def _b_you_can_play(cards: Iterable[Card]) -> Parts:
    cards = list(cards)
    return _with_cards("Playable: ", cards) if cards else ("Nothing playable, d draws",)


def _b_scores_line(scores: Iterable[tuple[Who, int]], target: int, lowest: bool) -> Parts:
    return (f"Scores: {_counts(scores)}; to {target}",)


def _b_team_scores_line(scores: Iterable[tuple[Iterable[Who], int]], target: int) -> Parts:
    return (f"Scores: {_team_counts(scores)}; to {target}",)


def _b_totals_line(scores: Iterable[tuple[Who, int, bool]], target: int) -> Parts:
    return (totals_list(scores).rstrip(".") + f"; out at {target}",)


def _b_whose_turn(who: Who) -> Parts:
    return _b_turn_started(who)


def _b_play_order(clockwise: bool, order: Iterable[Who]) -> Parts:
    way = "left" if clockwise else "right"
    return (f"Play goes {way}: " + ", ".join(who.obj for who in order),)


# --- braille and brief: the first cells (the wording and its renderings) ---
# What a player needs first, in the first 20 cells of a small display: at their turn the
# top card's code (after a Wild its colour first: what must be matched), a selected card's
# code, place and whether it plays, the hand as its codes, whose turn. Key hints are in
# the sentences (speech and print) only. ``_BRIEF_WORDS`` says a brief form in words where
# braille's shorthand ("4/9") would not be spoken well.


# refusals whose card comes late in the sentence: their brief form leads with it
_REFUSALS_BRIEF: dict[Refusal, str] = {
    Refusal.NEED_COLOR: "{card} needs a colour: blue, green, red or yellow.",
    Refusal.ONLY_DRAWN_CARD: "{card} drawn: play it or keep it.",
    Refusal.MUST_PLAY_DRAWN: "{card} drawn until one matched: play it.",
    Refusal.NOT_ENOUGH_COPIES: "{card}: you do not hold that many.",
}


def _b_refusal(reason: Refusal, card: Card | None = None) -> Parts:
    if card is None:
        return (refusal(reason),)
    before, _, after = _REFUSALS_BRIEF.get(reason, REFUSALS[reason]).partition("{card}")
    return tuple(part for part in (before, card, after) if part != "")


def _b_your_turn(card: Card, color: Color | None, count: int, hint: str = "") -> Parts:
    if card.is_wild and color is not None:
        return ("Your turn. ", f"{color_name(color).lower()} ", card)
    return ("Your turn. ", card)


def _w_your_turn(card: Card, color: Color | None, count: int, hint: str = "") -> str:
    if card.is_wild and color is not None:
        return f"Your turn, {card_name(card)}, {color_name(color)}."
    return f"Your turn, {card_name(card)}."


def _b_your_turn_start_color() -> Parts:
    return ("Your turn. Choose the colour",)


def _b_your_turn_challenge(
    who: Who, owed: int = 4, add: bool = False, jump: Card | None = None, how: How = TYPED
) -> Parts:
    owe = f", owe {owed}" if owed != 4 else ""
    return (f"{who.name}'s ", WILD_DRAW_FOUR, f" on you{owe}")


def _w_your_turn_challenge(
    who: Who, owed: int = 4, add: bool = False, jump: Card | None = None, how: How = TYPED
) -> str:
    owe = f", you owe {owed}" if owed != 4 else ""
    return f"{who.name}'s Wild Draw Four on you{owe}: challenge or accept."


def _b_you_owe(
    owed: int, add: Card | None, jump: Card | None, came_back: bool, how: How = TYPED
) -> Parts:
    lead = f"Stack back, you owe {owed}" if came_back else f"You owe {owed}"
    return (lead,) if add is None else (f"{lead}; add ", add)


def _b_drawn_playable(card: Card, how: How = TYPED) -> Parts:
    return ("Drew ", card, ": play or keep")


def _b_drawn_must_play(card: Card, how: How = TYPED) -> Parts:
    return ("Drew ", card, ": play it")


def _b_drawn_anniversary(how: How = TYPED) -> Parts:
    return ("Drew ", ANNIVERSARY, ": play it")


def _b_card_at(
    card: Card,
    place: int,
    count: int,
    playable: bool | None,
    edge: str | None = None,
    bluff: Color | None = None,
) -> Parts:
    plays = "" if playable is None else (" can play" if playable else " cannot play")
    end = f", {edge}" if edge is not None else ""
    if playable and bluff is not None:  # "bluff" next to the code, in the first 20 cells
        return (card, f" bluff {place}/{count} hold {bluff.word}{end}")
    return (card, f" {place}/{count}{plays}{end}")


def _w_card_at(
    card: Card,
    place: int,
    count: int,
    playable: bool | None,
    edge: str | None = None,
    bluff: Color | None = None,
) -> str:
    plays = "" if playable is None else (", can play" if playable else ", cannot play")
    if playable and bluff is not None:
        plays = f", bluff: you hold {bluff.word}"
    end = f", {edge}" if edge is not None else ""
    return f"{card_name(card)}, {place} of {count}{plays}{end}."


def _b_hand_answer(
    cards: Iterable[Card],
    count: int,
    playable: Iterable[Card] | None,
    how: How = TYPED,
    bluff: Color | None = None,
) -> Parts:
    if not count:
        return ("Hand empty",)
    hand = _with_cards("", cards)[1:]
    if playable is None:
        return hand
    playable = list(playable)
    if not playable:
        return (*hand, "; none playable")
    plays = _with_cards("; play: ", playable)
    if bluff is not None:  # the Wild Draw Four marked where it is listed
        plays = tuple(
            part
            for item in plays
            for part in (
                (item, " bluff")
                if isinstance(item, Card) and item.kind is Kind.WILD_DRAW_FOUR
                else (item,)
            )
        )
    return (*hand, *plays)


def _b_turn_and_order(whose: Who | None, clockwise: bool, order: Iterable[Who]) -> Parts:
    if whose is None:
        return _b_play_order(clockwise, order)
    names = [who.obj for who in order]
    rest = names[1:] if names and names[0] == whose.obj else names
    way = "left" if clockwise else "right"
    return (f"{_b_turn_started(whose)[0]}, {way}: " + ", ".join(rest),)


_BRIEF: dict[Callable[..., str], Callable[..., Parts]] = {
    dealer_drew: _b_dealer_drew,
    dealer_chosen: _b_dealer_chosen,
    round_started: _b_round_started,
    hand_dealt: _b_hand_dealt,
    hand_dealt_to: _b_hand_dealt_to,
    start_card: _b_start_card,
    start_card_returned: _b_start_card_returned,
    turn_started: _b_turn_started,
    card_played: _b_card_played,
    color_chosen: _b_color_chosen,
    cards_drawn: _b_cards_drawn,
    could_not_draw: _b_could_not_draw,
    drawn_card_kept: _b_drawn_card_kept,
    player_skipped: _b_player_skipped,
    direction_changed: _b_direction_changed,
    uno_called: _b_uno_called,
    uno_caught: _b_uno_caught,
    challenge_made: _b_challenge_made,
    challenge_resolved: _b_challenge_resolved,
    hand_shown: _b_hand_shown,
    draw_accepted: _b_draw_accepted,
    stack_grew: _b_stack_grew,
    hands_passed: _b_hands_passed,
    hand_received: _b_hand_received,
    anniversary_played: _b_anniversary_played,
    wrong_card: _b_wrong_card,
    suggestion_penalty: _b_suggestion_penalty,
    player_eliminated: _b_player_eliminated,
    reshuffled: _b_reshuffled,
    round_ended: _b_round_ended,
    round_ended_partners: _b_round_ended_partners,
    round_ended_own_hands: _b_round_ended_own_hands,
    game_ended: _b_game_ended,
    game_ended_partners: _b_game_ended_partners,
    game_ended_lowest: _b_game_ended,
    game_ended_last_left: _b_game_ended_last_left,
    card_check: _b_card_check,
    top_card: _b_top_card,
    table_line: _b_table_line,
    your_hand: _b_your_hand,
    you_can_play: _b_you_can_play,
    scores_line: _b_scores_line,
    team_scores_line: _b_team_scores_line,
    totals_line: _b_totals_line,
    whose_turn: _b_whose_turn,
    play_order: _b_play_order,
    refusal: _b_refusal,
}
# the phrases of the turn and the hand, defined further down, join _BRIEF there
_BRIEF_WORDS: dict[Callable[..., str], Callable[..., str]] = {}


def brief(phrase: Callable[..., str], args: tuple[Any, ...]) -> Parts:
    """``phrase`` with ``args`` in its fewest words; a phrase with no brief form (a refusal, a
    prompt) is its whole sentence.
    """
    short = _BRIEF.get(phrase)
    return short(*args) if short is not None else (phrase(*args),)


def brief_words(phrase: Callable[..., str], args: tuple[Any, ...]) -> str | None:
    """``phrase`` in its fewest words where they differ from its braille form; None where
    the brief form's parts say it (each card by its name).
    """
    words = _BRIEF_WORDS.get(phrase)
    return words(*args) if words is not None else None


# a card's code in brackets after its name: "Blue 7 (b7)", "Yellow 7 (blank card bly7)"
_SPOKEN_CODE = re.compile(r" \((?:blank card )?([a-z0-9+]{2,6})\)")


def with_codes(sentence: str, cards: Iterable[Card]) -> str:
    """The full verbosity: each of ``cards`` named in ``sentence`` followed by its code
    ("Ann plays Blue 7 (b7)."), where the sentence does not give it already.
    """
    codes = {card_name(card): card.code for card in cards}
    if not codes:
        return sentence
    names = "|".join(re.escape(name) for name in sorted(codes, key=len, reverse=True))
    pattern = re.compile(rf"\b({names})(?![\w+]| \(| Draw)")
    return pattern.sub(lambda m: f"{m.group(1)} ({codes[m.group(1)]})", sentence)


def spoken(text: str) -> str:
    """A line as the speech engine should say it: a card's code in brackets is spelled out
    between commas ("Blue 7 (b7)." → "Blue 7, b 7."; "Wild (wi) and" → "Wild, w i, and").
    """
    return _SPOKEN_CODE.sub(_spoken_code, text)


def _spoken_code(match: re.Match[str]) -> str:
    more = match.string[match.end() : match.end() + 2]
    pause = "," if len(more) == 2 and more[0] == " " and more[1].isalnum() else ""
    return f", {_spell(match.group(1))}{pause}"


def _spell(code: str) -> str:
    words = []
    for ch in code:
        words.append("plus" if ch == "+" else ch)
    return " ".join(words)


# --------------------------------------------------------------------- keys

NO_SUCH_KEY = "That key does nothing here: press F1 to hear the keys."
SPEECH_NONE = "There is no speech to switch on or off: the game is silent on this machine."


def speech_switched(on: bool) -> str:
    return SPEECH_ON if on else SPEECH_OFF


def card_at(
    card: Card,
    place: int,
    count: int,
    playable: bool | None,
    edge: str | None = None,
    bluff: Color | None = None,
) -> str:
    """The selected card as the hand is moved through: "Blue 7, 3 of 7, can be played.";
    ``bluff`` the colour in play the player holds, for a Wild Draw Four played only as one.
    """
    said = f"{card_name(card)}, {place} of {count}"
    if playable and bluff is not None:
        said += f", can be played {only_as_bluff(bluff)}"
    elif playable is not None:
        said += ", can be played" if playable else ", cannot be played now"
    if edge is not None:
        said = f"{_capital(edge)} card: {said}"
    return f"{said}."


def hand_sorted(order: str) -> str:
    return f"Your hand is sorted by {order}."


def history_line(number: int, total: int, line: str) -> str:
    return f"{number} of {total}: {line}"


# ---------------------------------------------------------------- history (two buffers)
# the buffer names, as the edges and the switch say them
HISTORY_NAMES = {"game": "the game's history", "answers": "the answers"}


def history_edge(buffer: str, start: bool) -> str:
    """Page Up before the first line, or Page Down past the newest, of one buffer."""
    where = "Start" if start else "End"
    return f"{where} of {HISTORY_NAMES[buffer]}."


def history_empty(buffer: str) -> str:
    return f"Nothing in {HISTORY_NAMES[buffer]} yet."


def history_switched(buffer: str, count: int) -> str:
    """The other buffer is now the one Page Up reads."""
    lines = "1 line" if count == 1 else f"{count} lines"
    return f"Reading {HISTORY_NAMES[buffer]}: {lines}; Page Up reads back."


def reference_card(heading: str, step: str) -> str:
    return f"{heading}. {step}"


def help_now(what_to_do: str) -> str:
    return f"Now: {what_to_do}"


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


def key_help_line(keys: str, what: str) -> str:
    return f"{keys}: {what}."


def typed_help_line(words: Sequence[str], what: str) -> str:
    """A command's typed words (the first three) and what it does."""
    return f"{' or '.join(words[:3])}: {what}."


COMMAND_LINE_OPEN = "Command line: type a command and press Enter, Escape to close."
COMMAND_LINE_CLOSED = "Command line closed."
LINE_CLEARED = "The line is cleared."
NO_SUCH_KEY_TYPED = "That key does nothing here: type a command and press Enter."
LINE_TOO_LONG = f"That line is too long, more than {LINE_LIMIT} characters: nothing was done."


def count_out_of_range(most: int) -> str:
    return f"Type how many identical cards from 1 to {most}, as g6 x2."


HAND_OVER_PROMPT = "ready? "
PACE_PROMPT = "next? "


def take_the_keyboard(name: str, how: How = TYPED) -> str:
    go_on = "press Space" if how.keys else "press Enter"
    return f"{name}, please take the keyboard, then {go_on}; nothing of your hand is shown before."


def now_playing(name: str) -> str:
    return f"{name} has the keyboard."


# --------------------------------------------------------------------- setting up a game

FROM_SCENARIO = "This game starts from a scenario file, so it is not saved."
SETUP_START = (
    "Setting up a game. Answer each question and press Enter; Enter alone keeps the answer "
    "in brackets."
)
SETUP_PROMPT = "setup> "
SETUP_PLAYERS = "How many players, 2 to 10, you included?"
SETUP_NAME = "Your name?"
SETUP_SPEECH = "Speak every message: on or off?"
SETUP_BRAILLE = (
    "Braille: auto (a display if one answers, else none), brlapi, screen (dots on screen) or off?"
)
SETUP_LARGE = "Large, high-contrast text: on or off?"
SETUP_VERBOSITY = "How much is said: brief, normal or full?"
SETUP_KEYS = "One key per command: on, or off to type every command and press Enter?"
SETUP_PACE = "Seconds between the bots' moves, 0 to 5 (0: at once; a key skips ahead)?"
SETUP_SAVED = "Your choices are kept for the next games. uno-access play --setup changes them."
SETUP_BAD_NAME = "A name is 1 to 30 characters, without commas."
SETUP_ON_OFF = "Answer on or off."
PLAYERS_RANGE_SENTENCE = "The number of players is a whole number from 2 to 10."
PACE_RANGE_SENTENCE = "The pace is a number of seconds from 0 to 5."


def setup_question(question: str, default: str) -> str:
    return f"{question} [{default}]"


def setup_kept(default: str) -> str:
    """Enter alone kept the answer in brackets: said, so that nothing passes unheard."""
    return f"Kept: {default}."


def setup_chosen(answer: str) -> str:
    return f"Chosen: {answer}."


SETUP_HELP_HINT = "Type ? for an explanation."


def setup_seat(number: int) -> str:
    """Seats are counted from 0, you, as everywhere in the game."""
    return (
        f"Seat {number} (you are seat 0): a bot (easy, normal or hard) or a person at this "
        "keyboard (person)?"
    )


def setup_seat_name(number: int) -> str:
    return f"The name of the player in seat {number}?"


# what ? says at each question of the set-up
SETUP_EXPLAIN_PLAYERS = "Everyone at the table, you included: 2 to 10 players."
SETUP_EXPLAIN_NAME = "The name the others and the game call you by, 1 to 30 characters."
SETUP_EXPLAIN_SEAT = (
    "easy plays a random card and forgets UNO now and then; normal plays sensibly; hard "
    "thinks ahead. person: one more person at this keyboard, who takes it for their turns."
)
SETUP_EXPLAIN_SPEECH = "on: every message is spoken. off: you read the screen or a display."
SETUP_EXPLAIN_BRAILLE = (
    "auto: a braille display through brltty if one answers, else no braille. brlapi: a "
    "display through brltty. screen: braille dots on the screen. off: no braille."
)
SETUP_EXPLAIN_LARGE = "on: big letters for the top card and colours with their names."
SETUP_EXPLAIN_VERBOSITY = (
    "brief: the fewest words. normal: whole sentences. full: sentences with each card's code."
)
SETUP_EXPLAIN_KEYS = (
    "on: each action is one key, as D to draw. off: every command is typed, then Enter."
)
SETUP_EXPLAIN_PACE = (
    "How long each bot's move waits before the next, so that you can follow; a key skips ahead."
)
PRESET_DESCRIPTIONS = {
    "standard": "the Braille UNO sheet: 7 cards, first to 500 points",
    "lowest": "the lowest total wins when someone reaches 500",
    "anniversary": "the 30th Anniversary edition, with 4 Anniversary cards",
    "partners": "4 players, partners across the table",
    "partners_rotation": "4 players, each partnered once with every other",
    "partners_two_tables": "8 players at two tables, partners rotating",
    "challenge_uno": "reaching 500 eliminates; the last one in wins",
    "speed": "Speed UNO: jump in with an identical card, draw until you can play",
    "stacking": "a Draw Two on a Draw Two adds up",
    "penalties": "a card that does not match costs 2 cards, so does a suggestion",
}


def setup_explain_rules(presets: Iterable[str]) -> list[str]:
    """One line a preset, each alone on its line."""
    return [f"{name}: {PRESET_DESCRIPTIONS.get(name, name)}." for name in presets]


def setup_one_of(options: Iterable[str]) -> str:
    return f"Answer one of: {', '.join(options)}."


def setup_rules(presets: Iterable[str]) -> str:
    return f"Which rules? {', '.join(presets)} (options may follow, as speed,uno_penalty=4)"


# --------------------------------------------------------------------- the line-mode game

PROMPT = "uno> "
COLOR_PROMPT = "colour> "
CONFIRM_PROMPT = "quit? "


def which_color(how: How = TYPED) -> str:
    if not how.keys:
        return "Which colour? blue, green, red or yellow"
    return "Which colour? Press R for red, G for green, B for blue or Y for yellow; Enter for none."


TABLE_NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Finn", "Gus", "Hal", "Ivy", "Jo")
YOU = "You"


def welcome(
    opponents: Iterable[str], target: int, scoring: str = "standard", how: How = TYPED
) -> str:
    """``scoring``: "standard", "partners", "lowest" or "challenge" (Challenge UNO)."""
    names = list(opponents)
    against = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    goal = {
        "partners": f"the first pair to {target} points wins",
        "lowest": f"when a score reaches {target} points, the lowest score wins",
        "challenge": (
            f"the points you are caught holding add up, {target} puts a player out, and the "
            "last one left wins"
        ),
    }.get(scoring, f"first to {target} points wins")
    hear = "the keys" if how.keys else "the commands"
    return f"UNO against {against}: {goal}. {_capital(how.help)} at any time to hear {hear}."


def rules_intro(rules: RuleSet) -> list[str]:
    """What the table's options change, said once at the start: one line per group."""
    lines: list[str] = []
    speed: list[str] = []
    if rules.draw_until_playable:
        speed.append("if you cannot play, you draw until a card matches, then play it")
    if not rules.wild_draw_four_finish:
        speed.append("nobody goes out on a Wild Draw Four")
    if rules.jump_in:
        speed.append("anyone holding a card identical to the top card may jump in out of turn (j)")
    if rules.double_double:
        speed.append("Draw Twos and Wild Draw Fours jumped in add up")
    if rules.dropping:
        speed.append("identical cards may be played together (g6 g6)")
    if rules.round_n_round:
        speed.append(
            "on a 0 every hand passes on, and whoever is handed one card must call UNO (u) or "
            f"draw {rules.round_n_round_penalty}"
        )
    if speed:
        lines.append(_capital("; ".join(speed)) + ".")
    if rules.stacking:
        lines.append(
            "Stacking: answer a Draw Two with a Draw Two, or a Wild Draw Four with a Wild Draw "
            "Four, and the next player owes them all, until the stack comes back to who began "
            "it; a accepts them."
        )
    if rules.anniversary_cards:
        lines.append(
            "The deck has Anniversary cards: play one with its colour, whom you give your other "
            "cards to and the one you keep, as an red give Bob keep r5 uno."
        )
    if rules.blank_cards:
        written = card_list(card_name(card) for card in rules.blank_cards)
        lines.append(f"Blank cards are written as {written}: each plays as that card.")
    if rules.penalties:
        lines.append("Penalties: a card that does not match is taken back, and you draw 2.")
    if rules.uno_penalty != 2:
        lines.append(f"A player caught without UNO draws {rules.uno_penalty}.")
    return lines


def your_turn(card: Card, color: Color | None, count: int, hint: str = "") -> str:
    """Your turn: the top card (and the colour in play after a Wild), how many cards you
    hold, then ``hint`` (what the keys do: the first turns, and always at full verbosity).
    """
    said = f"Your turn. {top_card(card, color)} You hold {count_cards(count)}."
    return f"{said} {hint}" if hint else said


YOUR_TURN_START_COLOR = "Your turn: a Wild started the DISCARD pile, so you choose its colour."


def your_turn_start_color() -> str:
    return YOUR_TURN_START_COLOR


# A Wild turned up to start (issue 14): its colour is asked by the one colour question;
# Enter alone leaves it for later.
def start_color_later(how: How = TYPED) -> str:
    if how.keys:
        return "No colour chosen yet: press Enter when you are ready to choose it."
    return "No colour chosen yet: type it when you are ready: blue, green, red or yellow."


def hand_answer(
    cards: Iterable[Card],
    count: int,
    playable: Iterable[Card] | None,
    how: How = TYPED,
    bluff: Color | None = None,
) -> str:
    """L: the hand in the order the player sorted it; ``playable`` on their turn (``bluff``:
    the colour in play the player holds, when a Wild Draw Four there is a bluff)."""
    said = your_hand(cards, count)
    return said if playable is None else f"{said} {you_can_play(playable, how, bluff)}"


def turn_and_order(whose: Who | None, clockwise: bool, order: Iterable[Who]) -> str:
    """W: whose turn it is (None between rounds), then the direction and order of play."""
    goes = play_order(clockwise, order)
    return goes if whose is None else f"{whose_turn(whose)} {goes}"


def your_turn_challenge(
    who: Who, owed: int = 4, add: bool = False, jump: Card | None = None, how: How = TYPED
) -> str:
    """A Wild Draw Four on you; ``owed`` more than 4 when a stack grew; ``add`` when you may
    stack a Wild Draw Four on it, ``jump`` the card you may jump in with (Double-Double).
    """
    played = f"Your turn: {who.name} played a Wild Draw Four on you"
    if owed != 4:
        played += f", and you owe {count_cards(owed)}"
    options = [
        f"{_capital(how.challenge)} to challenge it",
        f"{how.accept} to accept it and draw {owed}",
    ]
    if add:
        options.append("play a Wild Draw Four to add to the stack")
    if jump is not None:
        options.append(f"{how.jump} to jump in with your {card_name(jump)}")
    return f"{played}. {', '.join(options[:-1])}, or {options[-1]}."


def you_owe(
    owed: int, add: Card | None, jump: Card | None, came_back: bool, how: How = TYPED
) -> str:
    """A stack on you: ``add`` the kind of card that adds to it, ``jump`` a card identical to
    the top card (Double-Double); ``came_back`` when you began the stack.
    """
    options: list[str] = []
    if add is not None:
        options.append(f"play a {KIND_NAMES[add.kind]} to add to the stack")
    if jump is not None:
        options.append(f"{how.jump} to jump in with your {card_name(jump)}")
    options.append(f"{how.accept} to accept them")
    owe = f"You owe {count_cards(owed)}"
    if came_back:
        owe = f"The stack has come back to you, who began it: you owe {count_cards(owed)}"
    choices = options[0] if len(options) == 1 else ", ".join(options[:-1]) + ", or " + options[-1]
    return f"Your turn. {owe}: {choices}."


def drawn_playable(card: Card, how: How = TYPED) -> str:
    keep = how.keep.removeprefix("type ") if not how.keys else how.keep
    return f"You may play {card_name(card)} now: {how.play_drawn} to play it, or {keep} to keep it."


def drawn_kept(card: Card) -> str:
    return f"{card_name(card)} does not match the top card, so you keep it."


# Speed UNO's draw until a card plays (issue 14): said after the draw, and again at L,
# at D and when asked what to do, with the key or the command that plays it.
def drawn_must_play(card: Card, how: How = TYPED) -> str:
    """Speed UNO: the card that matched after drawing is played."""
    if how.keys:
        play = "Enter, then its colour" if card.is_wild else "Enter"
    else:
        play = "type play and a colour, as play red" if card.is_wild else "type play"
    return f"You must play {card_name(card)} ({play})."


def drawn_anniversary(how: How = TYPED) -> str:
    return f"You may play the Anniversary card you drew: {how.anniversary}."


# --- braille and brief: the turn's phrases join their brief forms (above, with _BRIEF) ---
_BRIEF.update(
    {
        your_turn: _b_your_turn,
        your_turn_start_color: _b_your_turn_start_color,
        your_turn_challenge: _b_your_turn_challenge,
        you_owe: _b_you_owe,
        drawn_playable: _b_drawn_playable,
        drawn_must_play: _b_drawn_must_play,
        drawn_anniversary: _b_drawn_anniversary,
        card_at: _b_card_at,
        hand_answer: _b_hand_answer,
        turn_and_order: _b_turn_and_order,
    }
)
_BRIEF_WORDS.update(
    {
        your_turn: _w_your_turn,
        your_turn_challenge: _w_your_turn_challenge,
        card_at: _w_card_at,
    }
)


def jump_window(card: Card, how: How = TYPED) -> str:
    """Speed UNO: the person may jump in with ``card``, identical to the top card."""
    jump = how.jump_wild if card.is_wild else f"{how.jump} to jump in"
    return f"You hold {card_name(card)}, the same as the top card: {jump}, or {how.go_on}."


def handed_one_window(penalty: int, how: How = TYPED) -> str:
    return (
        f"You were handed a single card: {how.uno} to call UNO now, or you may be caught and "
        f"draw {penalty}."
    )


def handed_one_catch(who: Who, how: How = TYPED) -> str:
    return (
        f"{who.name} was handed a single card and has not called UNO: {how.catch} to catch "
        f"{who.name}, or {how.go_on} to let play go on."
    )


def not_your_turn_chances(jump: bool, catch: Who | None, call: bool, how: How = TYPED) -> str:
    """What the person may do out of turn, as a reminder after a line that does nothing."""
    options: list[str] = []
    if call:
        options.append(f"{how.uno} to call UNO")
    if jump:
        options.append(f"{how.jump} to jump in")
    if catch is not None:
        options.append(f"{how.catch} to catch {catch.name}")
    if not options:
        return f"It is not your turn: {how.go_on} to let play go on."
    return f"It is not your turn: {', '.join(options)}, or {how.go_on} to let play go on."


def nothing_to_jump_in(top: Card) -> str:
    return f"You hold no card identical to the top card, {card_name(top)}: nothing to jump in with."


def catch_whom(names: Iterable[str], how: How = TYPED) -> str:
    return f"Several players can be caught: {how.catch_named}: {', '.join(names)}."


WHOM_PROMPT = "to whom> "
KEEP_PROMPT = "keep> "
NOTHING_GIVEN = "Nothing was played."


# The Anniversary card's questions (issue 14): by keys they take a typed line only, so
# the player is told how to answer and how to play nothing.
ANSWER_BY_LINE = "Type your answer and press Enter; Escape or an empty line plays nothing."


def whom_to_give(names: Iterable[str], how: How = TYPED) -> str:
    asked = f"Whom do you give your other cards to? {', '.join(names)}"
    return f"{asked}. {ANSWER_BY_LINE}" if how.keys else asked


def which_to_keep(cards: Iterable[Card], how: How = TYPED) -> str:
    asked = f"Which card do you keep? {card_list(card_name(c) for c in cards)}"
    return f"{asked}. {ANSWER_BY_LINE}" if how.keys else asked


def not_to_keep(card: Card) -> str:
    return f"You can keep only a card you hold besides the Anniversary card, not {card_name(card)}."


YOU_ARE_OUT = "You are out of this game: the others play on to the end while you listen."


def watch_next_round(how: How = TYPED) -> str:
    go_on = "Space" if how.keys else "Enter"
    return f"Press {go_on} to hear the next round, or {how.quit} to leave."


def round_over_hint(how: How = TYPED) -> str:
    return f"{_capital(how.next_round)} to deal the next round."


def exposed_window(who: Who, how: How = TYPED) -> str:
    return (
        f"{who.name} has one card and did not call UNO: {how.catch} to catch {who.name}, "
        f"or {how.go_on} to let play go on."
    )


def exposed_on_your_turn(who: Who, how: How = TYPED) -> str:
    return f"{who.name} has one card and did not call UNO: {how.catch} to catch {who.name}."


NOBODY_TO_CATCH = "Nobody can be caught now: only a player who holds one card and did not call UNO."


def no_such_player(text: str, names: Iterable[str], seats: int) -> str:
    return (
        f"{cut(text, TYPED_LIMIT)!r} is not a player here: type a name "
        f"({', '.join(names)}) or a seat number from 1 to {seats}."
    )


def unknown_command(text: str) -> str:
    return (
        f"{cut(text, TYPED_LIMIT)!r} is not a command or a card. Type a card "
        "(b7, blue 7, wi red), d to draw, or help for all commands."
    )


def color_only_for_wild(card: Card) -> str:
    return f"Only a Wild takes a colour: type {card.code} alone to play {card_name(card)}."


NOTHING_PLAYED = "No colour chosen: nothing was played."
NOTHING_TO_REPEAT = "Nothing to repeat yet."


def quit_confirm(how: How = TYPED) -> str:
    other = "any other key" if how.keys else "anything else"
    return f"Quit the game? {_capital(how.yes)} to quit, or {other} to go on."


QUIT_CANCELLED = "The game goes on."
GAME_QUIT = "You left the game."
INPUT_CLOSED = "The input has closed: the game is stopped."
GAME_INTERRUPTED = "Interrupted: the game is stopped."


def not_your_turn_window(who: Who, how: How = TYPED) -> str:
    return (
        f"It is not your turn: {how.catch} to catch {who.name}, or {how.go_on} to let play go on."
    )


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


def setting_usage(word: str) -> str:
    what = {
        "rate": "rate and the words a minute, 80 to 450: rate 250",
        "volume": "volume and a number from 0 to 1: volume 0.8",
        "verbosity": "verbosity and brief, normal or full: verbosity brief",
        "speech": "speech on or speech off",
        "sounds": "sounds on or sounds off",
    }[SETTING_WORDS[word]]
    return f"Type {what}."


def setting_changed(name: str, value: str) -> str:
    return f"The {name} is now {value} for this game."


GIVE_WORDS = ("give", "to")
KEEP_WORDS = ("keep",)
TIMES_MARKS = ("x", "*", "\u00d7")  # g6 x2: how many identical cards are dropped
UNO_WORD = "uno"
YES_WORDS = ("y", "yes")
SELF_WORDS = ("you", "me")


# --- store ---
# Saving, resuming and exporting games; the settings file.


def _store_names(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


HELP_RESUME = "continue an unfinished game (the latest by default) exactly where it stopped"
HELP_EXPORT = "write a game (the latest by default) as a scenario file"
HELP_GAME = "the game's number (uno-access export and resume name it)"
HELP_OUTPUT = "the file to write (standard output by default)"
GAME_NUMBER = "a game's number: a whole number from 1 to 9223372036854775807"
DISK_FULL = "the disk is full"


def not_saving(why: str) -> str:
    return f"Your game is not being saved: {why}. Play goes on."


def read_only(folder: str) -> str:
    return f"the folder {folder} cannot be written to"


def db_locked(path: str) -> str:
    return f"the saved games file {path} is in use by another program"


def db_unusable(path: str) -> str:
    return f"the saved games file {path} cannot be used"


def db_damaged(path: str, aside: str) -> str:
    return (
        f"The saved games file {path} was damaged: it is kept as {aside}, "
        "and a new one is started. Your game is being saved."
    )


def scenario_dealt_by_seed(key: str) -> str:
    return f'In the scenario, {key} cannot be given with "deal": "seed" (the seed deals).'


def resume_offer(
    number: int, started: str, others: Sequence[str], round_number: int, how: How = TYPED
) -> str:
    answer = "Press Y or N" if how.keys else "Type y or n"
    return (
        f"You have an unfinished game, number {number}, against {_store_names(others)}, "
        f"started {started}, in round {round_number}. Resume it? {answer}."
    )


RESUME_PROMPT = "resume? "


def another_game(how: How = TYPED) -> str:
    """The game is over: the same table may play again."""
    answer = "Press Y for yes, any other key to leave" if how.keys else "Type y, or n to leave"
    return f"Play another game at the same table? {answer}."


ANOTHER_PROMPT = "again? "
ANOTHER_STARTS = "A new game at the same table."


def resumed(number: int, others: Sequence[str], round_number: int) -> str:
    return (
        f"Game {number} against {_store_names(others)} resumed where it stopped, "
        f"in round {round_number}. What you were last told follows."
    )


RESUMED_END = "That is where the game stopped."
NO_UNFINISHED_GAME = "There is no unfinished game to resume: uno-access play starts a new one."
NO_SAVED_GAME = "There is no saved game yet: play one with uno-access play."
NOTHING_SAVED = "Saved games cannot be read here"


def no_such_game(number: int) -> str:
    return f"There is no game number {number}."


def game_finished(number: int) -> str:
    return f"Game {number} is finished: uno-access export {number} writes it as a scenario file."


def saved_game_unreadable(number: int, why: str) -> str:
    return f"Game {number} cannot be read back: {why}."


def saved_game_not_offered(line: str) -> str:
    """``line``: ``saved_game_unreadable``, said when the game would have been offered."""
    return f"{line} It is not offered again; a new game starts."


# --- store: damaged games, locks, read-only files (issue 17) ---
# A saved game that is read back only in part, a file of another program, a lock held by
# another program. ``why`` is a few words, ``move`` a move's number from 1.

MOVE_MISSING = "a move before it is missing"


def move_unreadable(why: str) -> str:
    return f"it cannot be read ({why})"


def move_replay_fails(why: str) -> str:
    return f"replaying it fails ({why})"


def saved_setup_fails(why: str) -> str:
    return f"its players and rules cannot be dealt ({why})"


def saved_setup_unreadable(why: str) -> str:
    return f"its players and rules cannot be read ({why})"


def game_damaged(number: int, move: int, why: str) -> str:
    since = "from its deal" if move == 1 else f"from before it, after move {move - 1}"
    return f"Move {move} of game {number} is damaged: {why}. The game goes on {since}."


def export_damaged(number: int, move: int, why: str) -> str:
    return f"Move {move} of game {number} is damaged: {why}. The scenario has the moves before it."


def db_foreign(path: str, aside: str) -> str:
    return (
        f"The file {path} is not a saved games file of this version: it is kept as {aside}, "
        "and a new one is started. Your game is being saved."
    )


def saving_delayed(path: str) -> str:
    return (
        f"Saving is delayed: the saved games file {path} is in use by another program. "
        "Your moves are kept and saved as soon as it is free. Play goes on."
    )


SAVING_CAUGHT_UP = "The saved games file is free again: every move is saved."


def saving_lost(path: str, moves: int) -> str:
    return (
        f"The saved games file {path} is still in use by another program: "
        f"the last {moves} moves of this game could not be saved."
    )


def cannot_read_games(why: str) -> str:
    return f"The saved games cannot be read: {why}."


def export_unwritable(path: str, why: str | None) -> str:
    return f"The scenario cannot be written to {path}: {why or 'unknown error'}."


def exported(number: int, path: str) -> str:
    return f"Game {number} is written to {path}; uno-access scenario {path} replays it."


def settings_bad_value(
    path: str, line: int | None, key: str, value: str, allowed: str, default: str
) -> str:
    """``value`` and ``default`` as they are written in the file."""
    where = f"{path}, line {line}" if line is not None else path
    return f"{where}: {key} = {value} is not allowed ({allowed}); the default, {default}, is used."


def settings_unknown_key(path: str, line: int | None, key: str, known: Iterable[str]) -> str:
    where = f"{path}, line {line}" if line is not None else path
    return f"{where}: there is no setting {key}; the settings are {', '.join(known)}."


def settings_not_toml(path: str, why: str) -> str:
    return f"{path} is not a valid settings file ({why}): the default settings are used."


def settings_unreadable(path: str, why: str | None) -> str:
    return f"{path} cannot be read ({why or 'unknown error'}): the default settings are used."


def settings_unwritable(path: str, why: str | None) -> str:
    return f"Your settings cannot be saved to {path}: {why or 'unknown error'}."


# --- devices ---
# Notices from the speech and braille devices (each told once), and the doctor's lines.
# what the player is told names no library or program: uno-access doctor gives the {reason}
SPEECH_UNAVAILABLE = (
    "Speech is not available on this machine; the game goes on without it. "
    "uno-access doctor says why."
)
SPEECH_NO_AUDIO = (
    "Speech has no sound device to play on; the game goes on without it. "
    "uno-access doctor says why."
)
SPEECH_ON = "Speech on."
SPEECH_OFF = "Speech off."
BRAILLE_AUTO_OFF = "No braille display found; braille is off."
BRAILLE_DISPLAY_WAITING = "No braille display yet; the game goes on and connects when one appears."
BRAILLE_DISPLAY_CONNECTED = "Braille display connected: {cells} cells."
BRAILLE_DISPLAY_LOST = (
    "The braille display went away; the game goes on and reconnects when it returns."
)
BRAILLE_ON_SCREEN = "Braille is shown on screen as a line of braille dots."

DOCTOR_TITLE = "uno-access doctor: what works on this machine"
DOCTOR_OK = "ok"
DOCTOR_FAIL = "FAILED"
DOCTOR_OPTIONAL = "not found"
DOCTOR_FIX = "fix: {command}"
DOCTOR_ALL_GOOD = "Everything uno-access needs works."


def doctor_without(parts: Iterable[str], silent: bool) -> str:
    """All that is needed works, but not ``parts`` (their names); ``silent``: no sound device,
    so speech cannot be heard.
    """
    said = f"uno-access runs, without: {', '.join(parts)}; the fixes are above."
    return f"{said} Without a sound device speech is silent." if silent else said


DOCTOR_SOME_FAILED = "Some parts uno-access needs do not work; the fixes are above."
DOCTOR_PARTS = {
    "liblouis": "braille translation (liblouis)",
    "speech": "speech engine (pyttsx3)",
    "audio": "sound device",
    "braille_display": "braille display (BrlAPI)",
    "terminal": "terminal",
}
FIX_LIBLOUIS = "sudo apt-get install liblouis20 liblouis-data python3-louis, then scripts/setup.sh"
FIX_SPEECH = "sudo apt-get install espeak-ng libespeak-ng1, then scripts/setup.sh"
FIX_AUDIO_PLAYER = "sudo apt-get install alsa-utils"
FIX_AUDIO_DEVICE = (
    "connect speakers or headphones, and check that `aplay -l` lists a sound card "
    "(add yourself to the audio group: sudo adduser $USER audio)"
)
FIX_BRLAPI_MODULE = "sudo apt-get install brltty python3-brlapi, then scripts/setup.sh"
FIX_BRLTTY = "connect the display, then start brltty: sudo systemctl start brltty"
FIX_TERMINAL = "run uno-access in a terminal (not through a pipe)"


def doctor_line(part: str, ok: bool, detail: str, *, needed: bool = True) -> str:
    status = DOCTOR_OK if ok else (DOCTOR_FAIL if needed else DOCTOR_OPTIONAL)
    return f"{DOCTOR_PARTS.get(part, part)}: {status}: {detail}"


def liblouis_detail(version: str, tables: list[str]) -> str:
    return f"liblouis {version}, tables {', '.join(tables)}"


def speech_detail(driver: str, voices: int, default_voice: str) -> str:
    return f"{driver}, {voices} voices, default voice {default_voice}"


def braille_display_detail(driver: str, columns: int, rows: int) -> str:
    return f"{driver} display, {columns} cells, {rows} line{'s' if rows != 1 else ''}"


def terminal_detail(is_tty: bool, term: str, columns: int, lines: int) -> str:
    where = "a terminal" if is_tty else "not a terminal (a pipe or file)"
    return f"{where}, TERM={term or 'unset'}, {columns} columns, {lines} lines"


HELP_DOCTOR = (
    "what works on this machine: liblouis, speech, sound, a braille display, the terminal; "
    "and how to fix what does not"
)
# the reasons the devices give (inside the notices and doctor lines above)
BRLAPI_MODULE_MISSING = "the Python module brlapi is missing"
BRAILLE_NOT_READY = "the braille display is not ready yet"
BRAILLE_NO_ANSWER = "brltty did not answer (it may be waiting for its display)"
BRAILLE_NO_DISPLAY = "brltty runs but has no display"
PYTTSX3_MISSING = "pyttsx3 cannot be imported ({error})"
SPEECH_UNFINISHED = "the speech engine did not finish the utterance"
SPEECH_NO_AUDIO_MADE = "the speech engine made no audio"
SPEECH_NOT_A_FILE = "the place to write the audio is a device or a link, not a file"
AUDIO_PLAYER_FAILED = "{player} failed"
AUDIO_PLAYER_MISSING = "{player} is missing"
AUDIO_PLAYER_WORKS = "{player} plays sound"


# --- bots ---

HELP_BOTS_STRENGTHS = (
    "bot strength per bot seat, comma-separated: easy, normal or hard (hard:MS gives the "
    "hard bot MS milliseconds a move); random is easy"
)
HELP_BOT_BUDGET = "the hard bot's time budget per move, in milliseconds (default 200)"
BOT_BUDGET_RANGE = "the bot budget is a number of milliseconds from 1 to 60000"


def unknown_bot_strength(name: str, known: tuple[str, ...]) -> str:
    """A bot name the command line cannot take, as one line."""
    return (
        f"There is no bot {name!r}; the bots are: {', '.join(known)}, "
        "and hard:MS for the hard bot with MS milliseconds a move."
    )


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


def hands_swapped(
    who: Who, target: Who, count: int, target_count: int, cards: Iterable[Card] | None
) -> str:
    """Seven-O: ``who`` played a 7 and swapped hands with ``target``; ``count`` and
    ``target_count`` the cards each now holds, ``cards`` the viewer's new hand when the
    viewer is one of the two (nobody else hears a card).
    """
    swapped = f"{who.subject} {who.verb('swaps', 'swap')} hands with {target.obj}"
    if not (who.you or target.you):
        return (
            f"{swapped}: {who.name} now holds {count_cards(count)}, "
            f"{target.name} {count_cards(target_count)}."
        )
    other, mine, theirs = (target, count, target_count) if who.you else (who, target_count, count)
    held = f"you now hold {count_cards(mine)}"
    if cards is not None:
        held += f": {card_list(card_name(c) for c in cards)}"
    return f"{swapped}: {held}; {other.name} holds {count_cards(theirs)}."


def _b_hands_swapped(
    who: Who, target: Who, count: int, target_count: int, cards: Iterable[Card] | None
) -> Parts:
    lead = f"{who.subject} {who.verb('swaps', 'swap')} with {target.obj}"
    if cards is None:
        return (f"{lead}: {_counts([(who, count), (target, target_count)])}",)
    return _with_cards(f"{lead}: ", cards)


_BRIEF[hands_swapped] = _b_hands_swapped

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


def rules_conflict(option: str, other: str) -> str:
    """Two rule options that cannot be played together (``draw_responses`` and ``stacking``)."""
    return (
        f"The rule options {option} and {other} cannot be played together: {other} is the "
        f'"+ card round" (the stack goes round once), {option} the progressive form; '
        "choose one."
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
