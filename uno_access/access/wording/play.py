"""The line-mode game: prompts, windows out of turn, questions, quitting: each line said,
as its whole sentence, its braille form and its brief form side by side, then registered
together (see ``forms``). A question's braille form ends with the keys that answer it
(``How.key``): "Catch Ann? x".
"""

from __future__ import annotations

from collections.abc import Iterable

from ...engine.cards import Card, Color
from ...engine.rules import RuleSet
from ..message import Parts
from .cards import card_list, card_name
from .forms import (
    LIST_SEPARATOR,
    SAID_AS_BRAILLE,
    Fixed,
    Who,
    Whole,
    and_list,
    capital,
    fill,
    register,
    register_whole,
)
from .keys import TYPED, How, keyed
from .language import N_, color_keys, tr
from .quoted import TYPED_LIMIT, cut

# O: the hand sorted, a whole sentence for each order (issue 23: "ordenada por colour")
HAND_SORTED = {
    "colour": N_("Your hand is sorted by colour."),
    "number": N_("Your hand is sorted by number."),
}
B_HAND_SORTED = {"colour": N_("Sorted by colour"), "number": N_("Sorted by number")}
COUNT_OUT_OF_RANGE = N_("Type how many identical cards from 1 to {most}, as g6 x2.")


B_COUNT_OUT_OF_RANGE = N_("Count 1 to {most}: g6 x2")


def hand_sorted(order: str) -> str:
    """``order``: "colour" or "number" (``seat.hand.Order``'s values)."""
    return tr(HAND_SORTED[order])


def _b_hand_sorted(order: str) -> Parts:
    return (tr(B_HAND_SORTED[order]),)


register(hand_sorted, braille=_b_hand_sorted, brief=SAID_AS_BRAILLE)


def count_out_of_range(most: int) -> str:
    return tr(COUNT_OUT_OF_RANGE).format(most=most)


def _b_count_out_of_range(most: int) -> Parts:
    return (tr(B_COUNT_OUT_OF_RANGE).format(most=most),)


register(count_out_of_range, braille=_b_count_out_of_range, brief=SAID_AS_BRAILLE)


HAND_OVER_PROMPT = N_("ready? ")


PACE_PROMPT = N_("next? ")


# hot seat: {player} is the person whose turn comes
TAKE_THE_KEYBOARD_KEYS = N_(
    "{player}, please take the keyboard, then press Space; nothing of your hand is shown before."
)
TAKE_THE_KEYBOARD_TYPED = N_(
    "{player}, please take the keyboard, then press Enter; nothing of your hand is shown before."
)
NOW_PLAYING = N_("{player} has the keyboard.")
B_TAKE_THE_KEYBOARD = N_("{player}, keyboard: {key}")  # {key}: Space, or Enter
B_NOW_PLAYING = N_("{player} has the keyboard")


def take_the_keyboard(name: str, how: How = TYPED) -> str:
    said = tr(TAKE_THE_KEYBOARD_KEYS) if how.keys else tr(TAKE_THE_KEYBOARD_TYPED)
    return said.format(player=name)


def _b_take_the_keyboard(name: str, how: How = TYPED) -> Parts:
    return (tr(B_TAKE_THE_KEYBOARD).format(player=name, key=how.key.go_on),)


register(take_the_keyboard, braille=_b_take_the_keyboard, brief=SAID_AS_BRAILLE)


def now_playing(name: str) -> str:
    return tr(NOW_PLAYING).format(player=name)


def _b_now_playing(name: str) -> Parts:
    return (tr(B_NOW_PLAYING).format(player=name),)


register(now_playing, braille=_b_now_playing, brief=SAID_AS_BRAILLE)


PROMPT = N_("uno> ")


COLOR_PROMPT = N_("colour> ")


CONFIRM_PROMPT = N_("quit? ")


WHICH_COLOR_TYPED = N_("Which colour? blue, green, red or yellow")
WHICH_COLOR_KEYS = N_(
    "Which colour? Press R for red, G for green, B for blue or Y for yellow; Enter for none."
)


# the colour keys of the language, in the order the question says them: "Colour? r g b y"
B_WHICH_COLOR = N_("Colour? {keys}")
_COLOR_ORDER = (Color.RED, Color.GREEN, Color.BLUE, Color.YELLOW)


def which_color(how: How = TYPED) -> str:
    return tr(WHICH_COLOR_KEYS) if how.keys else tr(WHICH_COLOR_TYPED)


def _b_which_color(how: How = TYPED) -> Parts:
    keys = color_keys()
    return (tr(B_WHICH_COLOR).format(keys=" ".join(keys[color] for color in _COLOR_ORDER)),)


register(which_color, braille=_b_which_color, brief=SAID_AS_BRAILLE)


TABLE_NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Finn", "Gus", "Hal", "Ivy", "Jo")


YOU = N_("You")


# {against}: the other players' names; {goal}: one of GOALS; {how_help}: "Press F1"
WELCOME_KEYS = N_("UNO against {against}: {goal}. {how_help} at any time to hear the keys.")
WELCOME_TYPED = N_("UNO against {against}: {goal}. {how_help} at any time to hear the commands.")
GOALS = {
    "standard": N_("first to {target} points wins"),
    "partners": N_("the first pair to {target} points wins"),
    "lowest": N_("when a score reaches {target} points, the lowest score wins"),
    "challenge": (
        N_(
            "the points you are caught holding add up, {target} puts a player out, and the "
            "last one left wins"
        )
    ),
}


# the welcome's braille form: whom against, and the goal in its fewest words
B_WELCOME = N_("UNO vs {against}: {goal}")
B_GOALS = {
    "standard": N_("first to {target}"),
    "partners": N_("pairs, first to {target}"),
    "lowest": N_("lowest wins at {target}"),
    "challenge": N_("out at {target}, last wins"),
}


def welcome(
    opponents: Iterable[str], target: int, scoring: str = "standard", how: How = TYPED
) -> str:
    """``scoring``: "standard", "partners", "lowest" or "challenge" (Challenge UNO)."""
    said = tr(WELCOME_KEYS) if how.keys else tr(WELCOME_TYPED)
    goal = tr(GOALS.get(scoring, GOALS["standard"])).format(target=target)
    return said.format(against=and_list(list(opponents)), goal=goal, how_help=capital(how.help))


def _b_welcome(
    opponents: Iterable[str], target: int, scoring: str = "standard", how: How = TYPED
) -> Parts:
    goal = tr(B_GOALS.get(scoring, B_GOALS["standard"])).format(target=target)
    return (tr(B_WELCOME).format(against=LIST_SEPARATOR.join(opponents), goal=goal),)


register(welcome, braille=_b_welcome, brief=SAID_AS_BRAILLE)


# what the table's options change, said once at the start (rules_intro); Speed UNO's
# rules are joined by "; " into one sentence
RULE_DRAW_UNTIL_PLAYABLE = N_("if you cannot play, you draw until a card matches, then play it")
RULE_NO_FOUR_FINISH = N_("nobody goes out on a Wild Draw Four")
RULE_JUMP_IN = N_(
    "anyone holding a card identical to the top card may jump in out of turn ({jump_key})"
)
RULE_DOUBLE_DOUBLE = N_("Draw Twos and Wild Draw Fours jumped in add up")
RULE_DROPPING = N_("identical cards may be played together (g6 g6)")
RULE_ROUND_N_ROUND = N_(
    "on a 0 every hand passes on, and whoever is handed one card must call UNO ({uno_key}) or "
    "draw {count}"
)
SPEED_RULES = N_("{rules}.")
SPEED_RULES_SEPARATOR = "; "
RULE_STACKING = N_(
    "Stacking: answer a Draw Two with a Draw Two, or a Wild Draw Four with a Wild Draw "
    "Four, and the next player owes them all, until the stack comes back to who began "
    "it; {accept_key} accepts them."
)
RULE_ANNIVERSARY = N_(
    "The deck has Anniversary cards: play one with its colour, whom you give your other "
    "cards to and the one you keep, as {anniversary_key} red {give_word} Bob {keep_word} r5 uno."
)
RULE_BLANK_CARDS = N_("Blank cards are written as {cards}: each plays as that card.")
RULE_PENALTIES = N_("Penalties: a card that does not match is taken back, and you draw 2.")
RULE_UNO_PENALTY = N_("A player caught without UNO draws {count}.")


def rule_told(line: str) -> str:
    """A line of the table's rules, said once at the start: a text read whole."""
    return line


register_whole(rule_told, Whole.TEXT)


def rules_intro(rules: RuleSet) -> list[str]:
    """What the table's options change, said once at the start: one line per group."""
    lines: list[str] = []
    speed: list[str] = []
    if rules.draw_until_playable:
        speed.append(tr(RULE_DRAW_UNTIL_PLAYABLE))
    if not rules.wild_draw_four_finish:
        speed.append(tr(RULE_NO_FOUR_FINISH))
    if rules.jump_in:
        speed.append(keyed(tr(RULE_JUMP_IN), keys=False))
    if rules.double_double:
        speed.append(tr(RULE_DOUBLE_DOUBLE))
    if rules.dropping:
        speed.append(tr(RULE_DROPPING))
    if rules.round_n_round:
        speed.append(
            keyed(tr(RULE_ROUND_N_ROUND), keys=False).format(count=rules.round_n_round_penalty)
        )
    if speed:
        lines.append(capital(tr(SPEED_RULES).format(rules=SPEED_RULES_SEPARATOR.join(speed))))
    if rules.stacking:
        lines.append(keyed(tr(RULE_STACKING), keys=False))
    if rules.anniversary_cards:
        lines.append(keyed(tr(RULE_ANNIVERSARY), keys=False))
    if rules.blank_cards:
        written = card_list(card_name(card) for card in rules.blank_cards)
        lines.append(tr(RULE_BLANK_CARDS).format(cards=written))
    if rules.penalties:
        lines.append(tr(RULE_PENALTIES))
    if rules.uno_penalty != 2:
        lines.append(tr(RULE_UNO_PENALTY).format(count=rules.uno_penalty))
    return lines


# The windows out of turn. {how_…} is what the player presses or types (keys.How), as
# "press J" or "type j"; {player} the player who may be caught.
JUMP_WINDOW = N_(
    "You hold {card}, the same as the top card: {how_jump} to jump in, or {how_go_on}."
)
JUMP_WINDOW_WILD = N_("You hold {card}, the same as the top card: {how_jump_wild}, or {how_go_on}.")
JUMP_WINDOW_NUMBER = N_(
    "You hold {card}, of the top card's number: {how_jump} to jump in, or {how_go_on}."
)
HANDED_ONE_WINDOW = N_(
    "You were handed a single card: {how_uno} to call UNO now, or you may be caught and "
    "draw {count}."
)
HANDED_ONE_CATCH = N_(
    "{player} was handed a single card and has not called UNO: {how_catch} to catch "
    "{player}, or {how_go_on} to let play go on."
)
NOT_YOUR_TURN = N_("It is not your turn: {how_go_on} to let play go on.")
NOT_YOUR_TURN_CHANCES = N_("It is not your turn: {choices}, or {how_go_on} to let play go on.")
CHOICE_CALL_UNO = N_("{how_uno} to call UNO")
CHOICE_JUMP_IN = N_("{how_jump} to jump in")
CHOICE_CATCH = N_("{how_catch} to catch {player}")
NOTHING_TO_JUMP_IN = N_(
    "You hold no card identical to the top card, {card}: nothing to jump in with."
)
NOTHING_TO_JUMP_IN_NUMBER = N_(
    "You hold no card of the top card's number, {card}, in any colour: nothing to jump in with."
)
CATCH_WHOM = N_("Several players can be caught: {how_catch_named}: {names}.")


# their braille forms: the question, then its key ({key}: "j", "u", "x")
B_JUMP_WINDOW = N_("Jump in {card}? {key}")
B_JUMP_WINDOW_WILD = N_("Jump in {card}? {key}, colour")
B_HANDED_ONE_WINDOW = N_("Handed 1: UNO? {key}")
B_CATCH_WINDOW = N_("Catch {player}? {key}")


def jump_window(card: Card, how: How = TYPED, identical: bool = True) -> str:
    """Speed UNO: the person may jump in with ``card``, identical to the top card (or, not
    ``identical``, jumping in with any colour, of its number)."""
    if not identical:
        said = tr(JUMP_WINDOW_NUMBER)
    elif card.is_wild:
        said = tr(JUMP_WINDOW_WILD)
    else:
        said = tr(JUMP_WINDOW)
    return said.format(
        card=card_name(card), how_jump=how.jump, how_jump_wild=how.jump_wild, how_go_on=how.go_on
    )


def _b_jump_window(card: Card, how: How = TYPED, identical: bool = True) -> Parts:
    said = tr(B_JUMP_WINDOW_WILD) if card.is_wild else tr(B_JUMP_WINDOW)
    return fill(said, card=card, key=how.key.jump)


register(jump_window, braille=_b_jump_window, brief=SAID_AS_BRAILLE)


def handed_one_window(penalty: int, how: How = TYPED) -> str:
    return tr(HANDED_ONE_WINDOW).format(how_uno=how.uno, count=penalty)


def _b_handed_one_window(penalty: int, how: How = TYPED) -> Parts:
    return (tr(B_HANDED_ONE_WINDOW).format(key=how.key.uno),)


register(handed_one_window, braille=_b_handed_one_window, brief=SAID_AS_BRAILLE)


def handed_one_catch(who: Who, how: How = TYPED) -> str:
    return tr(HANDED_ONE_CATCH).format(player=who.name, how_catch=how.catch, how_go_on=how.go_on)


def _b_handed_one_catch(who: Who, how: How = TYPED) -> Parts:
    return (tr(B_CATCH_WINDOW).format(player=who.name, key=how.key.catch),)


register(handed_one_catch, braille=_b_handed_one_catch, brief=SAID_AS_BRAILLE)

# what the person may do out of turn, reminded: "j jump, x Ann; Space goes on"
B_NOT_YOUR_TURN = N_("Not your turn: {key}")
B_NOT_YOUR_TURN_CHANCES = N_("{choices}; {key} goes on")
B_CHOICE_CALL_UNO = N_("{key} UNO")
B_CHOICE_JUMP_IN = N_("{key} jump")
B_CHOICE_CATCH = N_("{key} {player}")


def not_your_turn_chances(jump: bool, catch: Who | None, call: bool, how: How = TYPED) -> str:
    """What the person may do out of turn, as a reminder after a line that does nothing."""
    choices: list[str] = []
    if call:
        choices.append(tr(CHOICE_CALL_UNO).format(how_uno=how.uno))
    if jump:
        choices.append(tr(CHOICE_JUMP_IN).format(how_jump=how.jump))
    if catch is not None:
        choices.append(tr(CHOICE_CATCH).format(how_catch=how.catch, player=catch.name))
    if not choices:
        return tr(NOT_YOUR_TURN).format(how_go_on=how.go_on)
    return tr(NOT_YOUR_TURN_CHANCES).format(
        choices=LIST_SEPARATOR.join(choices), how_go_on=how.go_on
    )


def _b_not_your_turn_chances(jump: bool, catch: Who | None, call: bool, how: How = TYPED) -> Parts:
    key = how.key
    choices: list[str] = []
    if call:
        choices.append(tr(B_CHOICE_CALL_UNO).format(key=key.uno))
    if jump:
        choices.append(tr(B_CHOICE_JUMP_IN).format(key=key.jump))
    if catch is not None:
        choices.append(tr(B_CHOICE_CATCH).format(key=key.catch, player=catch.name))
    if not choices:
        return (tr(B_NOT_YOUR_TURN).format(key=key.go_on),)
    said = tr(B_NOT_YOUR_TURN_CHANCES)
    return (said.format(choices=LIST_SEPARATOR.join(choices), key=key.go_on),)


register(not_your_turn_chances, braille=_b_not_your_turn_chances, brief=SAID_AS_BRAILLE)

B_NOTHING_TO_JUMP_IN = N_("No {card} to jump in")
B_CATCH_WHOM = N_("Catch whom? {names}")


def nothing_to_jump_in(top: Card, any_color: bool = False) -> str:
    """No card to jump in with: none identical to ``top`` (nor, jumping in with any colour,
    of its number)."""
    if any_color and top.base.number is not None:
        return tr(NOTHING_TO_JUMP_IN_NUMBER).format(card=card_name(top))
    return tr(NOTHING_TO_JUMP_IN).format(card=card_name(top))


def _b_nothing_to_jump_in(top: Card, any_color: bool = False) -> Parts:
    return fill(tr(B_NOTHING_TO_JUMP_IN), card=top)


register(nothing_to_jump_in, braille=_b_nothing_to_jump_in, brief=SAID_AS_BRAILLE)


def catch_whom(names: Iterable[str], how: How = TYPED) -> str:
    return tr(CATCH_WHOM).format(how_catch_named=how.catch_named, names=LIST_SEPARATOR.join(names))


def _b_catch_whom(names: Iterable[str], how: How = TYPED) -> Parts:
    return (tr(B_CATCH_WHOM).format(names=LIST_SEPARATOR.join(names)),)


register(catch_whom, braille=_b_catch_whom, brief=SAID_AS_BRAILLE)


WHOM_PROMPT = N_("to whom> ")


KEEP_PROMPT = N_("keep> ")


NOTHING_GIVEN = N_("Nothing was played.")
nothing_given = Fixed(NOTHING_GIVEN)


# The Anniversary card's questions (issue 14): by keys they take a typed line only, so
# the player is told how to answer and how to play nothing.
ANSWER_BY_LINE = N_("Type your answer and press Enter; Escape or an empty line plays nothing.")
answer_by_line = Fixed(ANSWER_BY_LINE, N_("Type it, Enter; Escape: none"))


WHOM_TO_GIVE = N_("Whom do you give your other cards to? {names}")
WHICH_TO_KEEP = N_("Which card do you keep? {cards}")
ASKED_BY_LINE = N_("{asked}. {answer}")  # a question, then ANSWER_BY_LINE
NOT_TO_KEEP = N_("You can keep only a card you hold besides the Anniversary card, not {card}.")


# their braille forms: the question, then its answers (names, or the cards as codes)
B_WHOM_TO_GIVE = N_("Give to? {names}")  # {names}: separated by spaces
B_WHICH_TO_KEEP = N_("Keep? {cards}")
B_NOT_TO_KEEP = N_("Cannot keep {card}")


def whom_to_give(names: Iterable[str], how: How = TYPED) -> str:
    asked = tr(WHOM_TO_GIVE).format(names=LIST_SEPARATOR.join(names))
    return tr(ASKED_BY_LINE).format(asked=asked, answer=tr(ANSWER_BY_LINE)) if how.keys else asked


def _b_whom_to_give(names: Iterable[str], how: How = TYPED) -> Parts:
    return (tr(B_WHOM_TO_GIVE).format(names=" ".join(names)),)


register(whom_to_give, braille=_b_whom_to_give, brief=SAID_AS_BRAILLE)


def which_to_keep(cards: Iterable[Card], how: How = TYPED) -> str:
    asked = tr(WHICH_TO_KEEP).format(cards=card_list(card_name(c) for c in cards))
    return tr(ASKED_BY_LINE).format(asked=asked, answer=tr(ANSWER_BY_LINE)) if how.keys else asked


def _b_which_to_keep(cards: Iterable[Card], how: How = TYPED) -> Parts:
    return fill(tr(B_WHICH_TO_KEEP), cards=list(cards))


register(which_to_keep, braille=_b_which_to_keep, brief=SAID_AS_BRAILLE)


def not_to_keep(card: Card) -> str:
    return tr(NOT_TO_KEEP).format(card=card_name(card))


def _b_not_to_keep(card: Card) -> Parts:
    return fill(tr(B_NOT_TO_KEEP), card=card)


register(not_to_keep, braille=_b_not_to_keep, brief=SAID_AS_BRAILLE)


YOU_ARE_OUT = N_("You are out of this game: the others play on to the end while you listen.")
you_are_out = Fixed(YOU_ARE_OUT, N_("You are out; the others play on"))


WATCH_NEXT_ROUND_KEYS = N_("Press Space to hear the next round, or {how_quit} to leave.")
WATCH_NEXT_ROUND_TYPED = N_("Press Enter to hear the next round, or {how_quit} to leave.")
ROUND_OVER_HINT = N_("{how_next_round} to deal the next round.")  # "Press Space"
EXPOSED_WINDOW = N_(
    "{player} has one card and did not call UNO: {how_catch} to catch {player}, "
    "or {how_go_on} to let play go on."
)
EXPOSED_ON_YOUR_TURN = N_(
    "{player} has one card and did not call UNO: {how_catch} to catch {player}."
)


B_WATCH_NEXT_ROUND = N_("Next round? {key}; {quit} quits")
B_ROUND_OVER_HINT = N_("Next round: {key}")


def watch_next_round(how: How = TYPED) -> str:
    said = tr(WATCH_NEXT_ROUND_KEYS) if how.keys else tr(WATCH_NEXT_ROUND_TYPED)
    return said.format(how_quit=how.quit)


def _b_watch_next_round(how: How = TYPED) -> Parts:
    return (tr(B_WATCH_NEXT_ROUND).format(key=how.key.go_on, quit=how.key.quit),)


register(watch_next_round, braille=_b_watch_next_round, brief=SAID_AS_BRAILLE)


def round_over_hint(how: How = TYPED) -> str:
    return tr(ROUND_OVER_HINT).format(how_next_round=capital(how.next_round))


def _b_round_over_hint(how: How = TYPED) -> Parts:
    return (tr(B_ROUND_OVER_HINT).format(key=how.key.next_round),)


register(round_over_hint, braille=_b_round_over_hint, brief=SAID_AS_BRAILLE)


def exposed_window(who: Who, how: How = TYPED) -> str:
    return tr(EXPOSED_WINDOW).format(player=who.name, how_catch=how.catch, how_go_on=how.go_on)


def _b_exposed_window(who: Who, how: How = TYPED) -> Parts:
    return (tr(B_CATCH_WINDOW).format(player=who.name, key=how.key.catch),)


register(exposed_window, braille=_b_exposed_window, brief=SAID_AS_BRAILLE)


def exposed_on_your_turn(who: Who, how: How = TYPED) -> str:
    return tr(EXPOSED_ON_YOUR_TURN).format(player=who.name, how_catch=how.catch)


def _b_exposed_on_your_turn(who: Who, how: How = TYPED) -> Parts:
    return (tr(B_CATCH_WINDOW).format(player=who.name, key=how.key.catch),)


register(exposed_on_your_turn, braille=_b_exposed_on_your_turn, brief=SAID_AS_BRAILLE)


NOBODY_TO_CATCH = N_(
    "Nobody can be caught now: only a player who holds one card and did not call UNO."
)
nobody_to_catch = Fixed(NOBODY_TO_CATCH, N_("Nobody to catch"))


# {typed}: what was typed, quoted and cut short
NO_SUCH_PLAYER = N_(
    "{typed} is not a player here: type a name ({names}) or a seat number from 1 to {seats}."
)
UNKNOWN_COMMAND = N_(
    "{typed} is not a command or a card. Type a card (b7, blue 7, wi red), {draw_key} to draw, "
    "or {help_word} for all commands."
)
COLOR_ONLY_FOR_WILD = N_("Only a Wild takes a colour: type {code} alone to play {card}.")


B_NO_SUCH_PLAYER = N_("No player {typed}: {names}")
B_UNKNOWN_COMMAND = N_("Not a command: {typed}")
B_COLOR_ONLY_FOR_WILD = N_("{card} takes no colour")


def no_such_player(text: str, names: Iterable[str], seats: int) -> str:
    typed = repr(cut(text, TYPED_LIMIT))
    return tr(NO_SUCH_PLAYER).format(typed=typed, names=LIST_SEPARATOR.join(names), seats=seats)


def _b_no_such_player(text: str, names: Iterable[str], seats: int) -> Parts:
    typed = repr(cut(text, TYPED_LIMIT))
    return (tr(B_NO_SUCH_PLAYER).format(typed=typed, names=LIST_SEPARATOR.join(names)),)


register(no_such_player, braille=_b_no_such_player, brief=SAID_AS_BRAILLE)


def unknown_command(text: str) -> str:
    return keyed(tr(UNKNOWN_COMMAND), keys=False).format(typed=repr(cut(text, TYPED_LIMIT)))


def _b_unknown_command(text: str) -> Parts:
    return (tr(B_UNKNOWN_COMMAND).format(typed=repr(cut(text, TYPED_LIMIT))),)


register(unknown_command, braille=_b_unknown_command, brief=SAID_AS_BRAILLE)


def color_only_for_wild(card: Card) -> str:
    return tr(COLOR_ONLY_FOR_WILD).format(code=card.code, card=card_name(card))


def _b_color_only_for_wild(card: Card) -> Parts:
    return fill(tr(B_COLOR_ONLY_FOR_WILD), card=card)


register(color_only_for_wild, braille=_b_color_only_for_wild, brief=SAID_AS_BRAILLE)


NOTHING_PLAYED = N_("No colour chosen: nothing was played.")
nothing_played = Fixed(NOTHING_PLAYED, N_("No colour: nothing played"))


NOTHING_TO_REPEAT = N_("Nothing to repeat yet.")
nothing_to_repeat = Fixed(NOTHING_TO_REPEAT, N_("Nothing to repeat"))


QUIT_CONFIRM_KEYS = N_("Quit the game? {how_yes} to quit, or any other key to go on.")
QUIT_CONFIRM_TYPED = N_("Quit the game? {how_yes} to quit, or anything else to go on.")


B_QUIT_CONFIRM = N_("Quit? {key}")


def quit_confirm(how: How = TYPED) -> str:
    said = tr(QUIT_CONFIRM_KEYS) if how.keys else tr(QUIT_CONFIRM_TYPED)
    return said.format(how_yes=capital(how.yes))


def _b_quit_confirm(how: How = TYPED) -> Parts:
    return (tr(B_QUIT_CONFIRM).format(key=how.key.yes),)


register(quit_confirm, braille=_b_quit_confirm, brief=SAID_AS_BRAILLE)


QUIT_CANCELLED = N_("The game goes on.")
quit_cancelled = Fixed(QUIT_CANCELLED)


GAME_QUIT = N_("You left the game.")
game_quit = Fixed(GAME_QUIT, N_("You left"))


# Keys pressed before the first prompt of a game was shown (issue 23: Enters typed after
# the setup): dropped, not taken as moves, and said once.
TYPEAHEAD_DROPPED = N_("Keys pressed before the game was ready were not taken.")
B_TYPEAHEAD_DROPPED = N_("Early keys not taken")


def typeahead_dropped() -> str:
    return tr(TYPEAHEAD_DROPPED)


def _b_typeahead_dropped() -> Parts:
    return (tr(B_TYPEAHEAD_DROPPED),)


register(typeahead_dropped, braille=_b_typeahead_dropped, brief=SAID_AS_BRAILLE)


INPUT_CLOSED = N_("The input has closed: the game is stopped.")
input_closed = Fixed(INPUT_CLOSED, N_("Input closed: game stopped"))


GAME_INTERRUPTED = N_("Interrupted: the game is stopped.")
B_GAME_INTERRUPTED = N_("Interrupted: game stopped")
game_interrupted = Fixed(GAME_INTERRUPTED, B_GAME_INTERRUPTED)
GAME_STOPPED_SAVED = N_(
    "Stopped: game {number} is saved; uno-access resume {number} takes it up where it stopped."
)
B_GAME_STOPPED_SAVED = N_("Stopped; saved as {number}")
GAME_STOPPED_UNSAVED = N_("Stopped: this game could not be saved, so it cannot be resumed.")
B_GAME_STOPPED_UNSAVED = N_("Stopped; not saved")


def game_stopped(number: int | None) -> str:
    """The one line after Ctrl-C (or Ctrl-\\, or SIGTERM): game ``number`` is saved and how
    to take it up again, or (None) that it could not be saved."""
    if number is None:
        return tr(GAME_STOPPED_UNSAVED)
    return tr(GAME_STOPPED_SAVED).format(number=number)


def _b_game_stopped(number: int | None) -> Parts:
    if number is None:
        return (tr(B_GAME_STOPPED_UNSAVED),)
    return (tr(B_GAME_STOPPED_SAVED).format(number=number),)


register(game_stopped, braille=_b_game_stopped, brief=SAID_AS_BRAILLE)


NOT_YOUR_TURN_WINDOW = N_(
    "It is not your turn: {how_catch} to catch {player}, or {how_go_on} to let play go on."
)


def not_your_turn_window(who: Who, how: How = TYPED) -> str:
    return tr(NOT_YOUR_TURN_WINDOW).format(
        player=who.name, how_catch=how.catch, how_go_on=how.go_on
    )
