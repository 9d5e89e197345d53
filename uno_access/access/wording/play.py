"""The line-mode game: prompts, windows out of turn, questions, quitting."""

from __future__ import annotations

from collections.abc import Iterable

from ...engine.cards import Card
from ...engine.rules import RuleSet
from .cards import card_list, card_name
from .forms import Who, _capital
from .keys import TYPED, How
from .quoted import TYPED_LIMIT, cut


def hand_sorted(order: str) -> str:
    return f"Your hand is sorted by {order}."


def count_out_of_range(most: int) -> str:
    return f"Type how many identical cards from 1 to {most}, as g6 x2."


HAND_OVER_PROMPT = "ready? "


PACE_PROMPT = "next? "


def take_the_keyboard(name: str, how: How = TYPED) -> str:
    go_on = "press Space" if how.keys else "press Enter"
    return f"{name}, please take the keyboard, then {go_on}; nothing of your hand is shown before."


def now_playing(name: str) -> str:
    return f"{name} has the keyboard."


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
