"""Every phrase the game says, shows or brails, in one place (ready for translation)."""

from __future__ import annotations

from collections.abc import Iterable

from ..engine.cards import Card, Color, Kind
from ..engine.events import Refusal
from ..engine.rules import PRESETS, RulesError, RuleSet

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
}
# other words people type for a kind, beside its name (lowercase, without spaces)
KIND_WORDS: dict[Kind, tuple[str, ...]] = {
    Kind.DRAW_TWO: ("drawtwo", "draw2", "+2", "plustwo", "plus2"),
    Kind.REVERSE: ("reverse", "rev", "rv"),
    Kind.SKIP: ("skip", "sk"),
    Kind.WILD: ("wild", "wi"),
    Kind.WILD_DRAW_FOUR: ("wilddrawfour", "wilddraw4", "wild+4", "wi+4", "wildplusfour", "wild4"),
}


def card_name(card: Card) -> str:
    """The spoken name: "Blue 7", "Red Draw Two", "Wild Draw Four"."""
    if card.is_wild:
        return KIND_NAMES[card.kind]
    assert card.color is not None
    color = COLOR_NAMES[card.color]
    if card.kind is Kind.NUMBER:
        return f"{color} {card.number}"
    return f"{color} {KIND_NAMES[card.kind]}"


def color_name(color: Color) -> str:
    return COLOR_NAMES[color]


CARD_FORMS_HELP = (
    "Type a card as its code (b7, r+2, gsk, yrv, wi, wi+4), its braille form "
    "(B#G, WI\"6#D, WI-#D) or in words (blue 7, red skip, wild draw four)."
)
COLOR_FORMS_HELP = "A colour is blue, green, red or yellow."


def not_a_card(text: str) -> str:
    return f"{text!r} is not a card. {CARD_FORMS_HELP}"


def not_a_color(text: str) -> str:
    return f"{text!r} is not a colour. {COLOR_FORMS_HELP}"


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
    Refusal.UNO_NOT_NOW: "Call UNO as you play your next-to-last card, or right after it.",
    Refusal.CATCH_SELF: "You cannot catch yourself.",
    Refusal.CATCH_SAFE: "That player is safe: they called UNO or do not hold one card.",
}


def refusal(reason: Refusal, card: Card | None = None) -> str:
    """One self-contained sentence saying why an action was not allowed."""
    text = REFUSALS[reason]
    return text.format(card=card_name(card)) if card is not None else text.replace(" {card}", "")


# --------------------------------------------------------------------- files and options

SCENARIO_NOT_OBJECT = "The scenario must be one JSON object with players, hands and start."


def scenario_unreadable(path: str, why: str | None) -> str:
    return f"Cannot read the scenario file {path}: {why or 'unknown error'}."


def scenario_not_json(line: int, why: str) -> str:
    return f"The scenario file is not valid JSON: line {line}: {why}."


def scenario_field(field: str, wanted: str) -> str:
    return f"In the scenario, {field} must be {wanted}."


def scenario_unknown_act(where: str, name: object, known: list[str]) -> str:
    return f"In the scenario, {where}.act is {name!r}; it must be one of: {', '.join(known)}."


def rules_error(error: RulesError) -> str:
    """A rule option with a value it cannot take."""
    allowed = ", ".join(str(a).lower() if isinstance(a, bool) else str(a) for a in error.allowed)
    if error.option == "preset":
        return f"There is no rules preset {error.value!r}; the presets are: {allowed}."
    if error.allowed and error.option not in RuleSet.__dataclass_fields__:
        return f"There is no rule option {error.option!r}; the options are: {allowed}."
    return f"The rule option {error.option} cannot be {error.value!r}; it takes: {allowed}."


def rules_not_yet(options: tuple[str, ...]) -> str:
    playable = [name for name, rules in PRESETS.items() if not rules.unsupported()]
    return (
        f"Not playable yet in this version: {', '.join(options)}. "
        f"Presets playable now: {', '.join(playable)}."
    )


LIBLOUIS_MISSING = (
    "Braille needs liblouis and its Python binding: run scripts/setup.sh, or install the "
    "Debian packages liblouis20 liblouis-data python3-louis."
)
LIBLOUIS_TABLE_MISSING = (
    "liblouis cannot load its English braille table en-ueb-g2.ctb: install the Debian "
    "package liblouis-data."
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
HELP_BOTS = "bot strength per bot seat, comma-separated (random)"
HELP_NAME = "your name at the table"
PLAYERS_RANGE = "the number of players is a whole number from 2 to 10"
WHOLE_NUMBER = "a whole number of 1 or more"
INTERRUPTED = "uno-access: stopped."


def help_rules(presets: Iterable[str]) -> str:
    return "the rules preset: " + ", ".join(presets)


def unknown_bot(name: str, known: tuple[str, ...]) -> str:
    return f"There is no bot {name!r}; the bots are: {', '.join(known)}."


def simulation_summary(record: dict[str, object]) -> str:
    return (
        f"{record['games']} games of {record['players']} players in {record['seconds']} seconds: "
        f"{record['games_per_second']} games a second, {record['rounds']} rounds, "
        f"{record['actions']} actions; wins by seat {record['wins']}; errors {record['errors']}."
    )


def card_row(row: dict[str, object]) -> str:
    return f"{row['code']}\t{row['name']}\t{row['brf']}\t{row['unicode']}\t{row['points']} points"
