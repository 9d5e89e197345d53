"""The line-mode game: prompts, windows out of turn, questions, quitting."""

from __future__ import annotations

from collections.abc import Iterable

from ...engine.cards import Card
from ...engine.rules import RuleSet
from .cards import card_list, card_name
from .forms import LIST_SEPARATOR, Who, and_list, capital
from .keys import TYPED, How
from .language import N_, tr
from .quoted import TYPED_LIMIT, cut

HAND_SORTED = N_("Your hand is sorted by {order}.")  # {order}: "colour", "number"
COUNT_OUT_OF_RANGE = N_("Type how many identical cards from 1 to {most}, as g6 x2.")


def hand_sorted(order: str) -> str:
    return tr(HAND_SORTED).format(order=order)


def count_out_of_range(most: int) -> str:
    return tr(COUNT_OUT_OF_RANGE).format(most=most)


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


def take_the_keyboard(name: str, how: How = TYPED) -> str:
    said = tr(TAKE_THE_KEYBOARD_KEYS) if how.keys else tr(TAKE_THE_KEYBOARD_TYPED)
    return said.format(player=name)


def now_playing(name: str) -> str:
    return tr(NOW_PLAYING).format(player=name)


PROMPT = N_("uno> ")


COLOR_PROMPT = N_("colour> ")


CONFIRM_PROMPT = N_("quit? ")


WHICH_COLOR_TYPED = N_("Which colour? blue, green, red or yellow")
WHICH_COLOR_KEYS = N_(
    "Which colour? Press R for red, G for green, B for blue or Y for yellow; Enter for none."
)


def which_color(how: How = TYPED) -> str:
    return tr(WHICH_COLOR_KEYS) if how.keys else tr(WHICH_COLOR_TYPED)


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


def welcome(
    opponents: Iterable[str], target: int, scoring: str = "standard", how: How = TYPED
) -> str:
    """``scoring``: "standard", "partners", "lowest" or "challenge" (Challenge UNO)."""
    said = tr(WELCOME_KEYS) if how.keys else tr(WELCOME_TYPED)
    goal = tr(GOALS.get(scoring, GOALS["standard"])).format(target=target)
    return said.format(against=and_list(list(opponents)), goal=goal, how_help=capital(how.help))


# what the table's options change, said once at the start (rules_intro); Speed UNO's
# rules are joined by "; " into one sentence
RULE_DRAW_UNTIL_PLAYABLE = N_("if you cannot play, you draw until a card matches, then play it")
RULE_NO_FOUR_FINISH = N_("nobody goes out on a Wild Draw Four")
RULE_JUMP_IN = N_("anyone holding a card identical to the top card may jump in out of turn (j)")
RULE_DOUBLE_DOUBLE = N_("Draw Twos and Wild Draw Fours jumped in add up")
RULE_DROPPING = N_("identical cards may be played together (g6 g6)")
RULE_ROUND_N_ROUND = N_(
    "on a 0 every hand passes on, and whoever is handed one card must call UNO (u) or draw {count}"
)
SPEED_RULES = N_("{rules}.")
SPEED_RULES_SEPARATOR = "; "
RULE_STACKING = N_(
    "Stacking: answer a Draw Two with a Draw Two, or a Wild Draw Four with a Wild Draw "
    "Four, and the next player owes them all, until the stack comes back to who began "
    "it; a accepts them."
)
RULE_ANNIVERSARY = N_(
    "The deck has Anniversary cards: play one with its colour, whom you give your other "
    "cards to and the one you keep, as an red give Bob keep r5 uno."
)
RULE_BLANK_CARDS = N_("Blank cards are written as {cards}: each plays as that card.")
RULE_PENALTIES = N_("Penalties: a card that does not match is taken back, and you draw 2.")
RULE_UNO_PENALTY = N_("A player caught without UNO draws {count}.")


def rules_intro(rules: RuleSet) -> list[str]:
    """What the table's options change, said once at the start: one line per group."""
    lines: list[str] = []
    speed: list[str] = []
    if rules.draw_until_playable:
        speed.append(tr(RULE_DRAW_UNTIL_PLAYABLE))
    if not rules.wild_draw_four_finish:
        speed.append(tr(RULE_NO_FOUR_FINISH))
    if rules.jump_in:
        speed.append(tr(RULE_JUMP_IN))
    if rules.double_double:
        speed.append(tr(RULE_DOUBLE_DOUBLE))
    if rules.dropping:
        speed.append(tr(RULE_DROPPING))
    if rules.round_n_round:
        speed.append(tr(RULE_ROUND_N_ROUND).format(count=rules.round_n_round_penalty))
    if speed:
        lines.append(capital(tr(SPEED_RULES).format(rules=SPEED_RULES_SEPARATOR.join(speed))))
    if rules.stacking:
        lines.append(tr(RULE_STACKING))
    if rules.anniversary_cards:
        lines.append(tr(RULE_ANNIVERSARY))
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
CATCH_WHOM = N_("Several players can be caught: {how_catch_named}: {names}.")


def jump_window(card: Card, how: How = TYPED) -> str:
    """Speed UNO: the person may jump in with ``card``, identical to the top card."""
    said = tr(JUMP_WINDOW_WILD) if card.is_wild else tr(JUMP_WINDOW)
    return said.format(
        card=card_name(card), how_jump=how.jump, how_jump_wild=how.jump_wild, how_go_on=how.go_on
    )


def handed_one_window(penalty: int, how: How = TYPED) -> str:
    return tr(HANDED_ONE_WINDOW).format(how_uno=how.uno, count=penalty)


def handed_one_catch(who: Who, how: How = TYPED) -> str:
    return tr(HANDED_ONE_CATCH).format(player=who.name, how_catch=how.catch, how_go_on=how.go_on)


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


def nothing_to_jump_in(top: Card) -> str:
    return tr(NOTHING_TO_JUMP_IN).format(card=card_name(top))


def catch_whom(names: Iterable[str], how: How = TYPED) -> str:
    return tr(CATCH_WHOM).format(how_catch_named=how.catch_named, names=LIST_SEPARATOR.join(names))


WHOM_PROMPT = N_("to whom> ")


KEEP_PROMPT = N_("keep> ")


NOTHING_GIVEN = N_("Nothing was played.")


# The Anniversary card's questions (issue 14): by keys they take a typed line only, so
# the player is told how to answer and how to play nothing.
ANSWER_BY_LINE = N_("Type your answer and press Enter; Escape or an empty line plays nothing.")


WHOM_TO_GIVE = N_("Whom do you give your other cards to? {names}")
WHICH_TO_KEEP = N_("Which card do you keep? {cards}")
ASKED_BY_LINE = N_("{asked}. {answer}")  # a question, then ANSWER_BY_LINE
NOT_TO_KEEP = N_("You can keep only a card you hold besides the Anniversary card, not {card}.")


def whom_to_give(names: Iterable[str], how: How = TYPED) -> str:
    asked = tr(WHOM_TO_GIVE).format(names=LIST_SEPARATOR.join(names))
    return tr(ASKED_BY_LINE).format(asked=asked, answer=tr(ANSWER_BY_LINE)) if how.keys else asked


def which_to_keep(cards: Iterable[Card], how: How = TYPED) -> str:
    asked = tr(WHICH_TO_KEEP).format(cards=card_list(card_name(c) for c in cards))
    return tr(ASKED_BY_LINE).format(asked=asked, answer=tr(ANSWER_BY_LINE)) if how.keys else asked


def not_to_keep(card: Card) -> str:
    return tr(NOT_TO_KEEP).format(card=card_name(card))


YOU_ARE_OUT = N_("You are out of this game: the others play on to the end while you listen.")


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


def watch_next_round(how: How = TYPED) -> str:
    said = tr(WATCH_NEXT_ROUND_KEYS) if how.keys else tr(WATCH_NEXT_ROUND_TYPED)
    return said.format(how_quit=how.quit)


def round_over_hint(how: How = TYPED) -> str:
    return tr(ROUND_OVER_HINT).format(how_next_round=capital(how.next_round))


def exposed_window(who: Who, how: How = TYPED) -> str:
    return tr(EXPOSED_WINDOW).format(player=who.name, how_catch=how.catch, how_go_on=how.go_on)


def exposed_on_your_turn(who: Who, how: How = TYPED) -> str:
    return tr(EXPOSED_ON_YOUR_TURN).format(player=who.name, how_catch=how.catch)


NOBODY_TO_CATCH = N_(
    "Nobody can be caught now: only a player who holds one card and did not call UNO."
)


# {typed}: what was typed, quoted and cut short
NO_SUCH_PLAYER = N_(
    "{typed} is not a player here: type a name ({names}) or a seat number from 1 to {seats}."
)
UNKNOWN_COMMAND = N_(
    "{typed} is not a command or a card. Type a card (b7, blue 7, wi red), d to draw, or help "
    "for all commands."
)
COLOR_ONLY_FOR_WILD = N_("Only a Wild takes a colour: type {code} alone to play {card}.")


def no_such_player(text: str, names: Iterable[str], seats: int) -> str:
    typed = repr(cut(text, TYPED_LIMIT))
    return tr(NO_SUCH_PLAYER).format(typed=typed, names=LIST_SEPARATOR.join(names), seats=seats)


def unknown_command(text: str) -> str:
    return tr(UNKNOWN_COMMAND).format(typed=repr(cut(text, TYPED_LIMIT)))


def color_only_for_wild(card: Card) -> str:
    return tr(COLOR_ONLY_FOR_WILD).format(code=card.code, card=card_name(card))


NOTHING_PLAYED = N_("No colour chosen: nothing was played.")


NOTHING_TO_REPEAT = N_("Nothing to repeat yet.")


QUIT_CONFIRM_KEYS = N_("Quit the game? {how_yes} to quit, or any other key to go on.")
QUIT_CONFIRM_TYPED = N_("Quit the game? {how_yes} to quit, or anything else to go on.")


def quit_confirm(how: How = TYPED) -> str:
    said = tr(QUIT_CONFIRM_KEYS) if how.keys else tr(QUIT_CONFIRM_TYPED)
    return said.format(how_yes=capital(how.yes))


QUIT_CANCELLED = N_("The game goes on.")


GAME_QUIT = N_("You left the game.")


INPUT_CLOSED = N_("The input has closed: the game is stopped.")


GAME_INTERRUPTED = N_("Interrupted: the game is stopped.")
GAME_STOPPED_SAVED = N_(
    "Stopped: game {number} is saved; uno-access resume {number} takes it up where it stopped."
)
GAME_STOPPED_UNSAVED = N_("Stopped: this game could not be saved, so it cannot be resumed.")


def game_stopped(number: int | None) -> str:
    """The one line after Ctrl-C (or Ctrl-\\, or SIGTERM): game ``number`` is saved and how
    to take it up again, or (None) that it could not be saved."""
    if number is None:
        return tr(GAME_STOPPED_UNSAVED)
    return tr(GAME_STOPPED_SAVED).format(number=number)


NOT_YOUR_TURN_WINDOW = N_(
    "It is not your turn: {how_catch} to catch {player}, or {how_go_on} to let play go on."
)


def not_your_turn_window(who: Who, how: How = TYPED) -> str:
    return tr(NOT_YOUR_TURN_WINDOW).format(
        player=who.name, how_catch=how.catch, how_go_on=how.go_on
    )
