"""What happens at the table, said to one player (the viewer): each event, one after
another, as its whole sentences, its braille form and its brief form side by side, then
registered together (see ``forms``).

``YOU_…`` is said to the viewer about themselves, ``THEY_…`` about another player; a
``(singular, plural)`` pair holds a count; ``B_…`` is a braille form (the brief verbosity
says it too, each card by its name, unless the event gives a brief form of its own).
"""

from __future__ import annotations

from collections.abc import Iterable

from ...engine.cards import ANNIVERSARY, WILD_DRAW_FOUR, Card, Color
from ...engine.events import Refusal
from ..message import Parts
from .cards import card_list, card_name, cards_name, color_name, count_cards
from .forms import (
    LIST_SEPARATOR,
    SAID_AS_BRAILLE,
    Plural,
    Who,
    _with_cards,
    and_list,
    between,
    capital,
    fill,
    pick,
    plural,
    register,
)
from .language import N_, NP_, tr

# --- an action refused (the engine's Rejected) --------------------------------------------

REFUSALS: dict[Refusal, str] = {
    Refusal.NO_SUCH_SEAT: N_("There is no such seat at this table."),
    Refusal.GAME_OVER: N_("The game is over."),
    Refusal.ROUND_OVER: N_("The round is over; deal the next round first."),
    Refusal.ROUND_NOT_OVER: N_("The round is still being played."),
    Refusal.NOT_YOUR_TURN: N_("It is not your turn."),
    Refusal.NOT_IN_HAND: N_("You do not hold {card}."),
    Refusal.DOES_NOT_MATCH: N_(
        "{card} does not match the top card: match its colour, number or symbol, or play a Wild."
    ),
    Refusal.NEED_COLOR: N_("Choose a colour for {card}: blue, green, red or yellow."),
    Refusal.CHOOSE_START_COLOR: N_("First choose the colour for the Wild that started the pile."),
    Refusal.NO_COLOR_TO_CHOOSE: N_("There is no colour to choose now."),
    Refusal.ANSWER_CHALLENGE: N_("A Wild Draw Four was played on you: challenge it or accept it."),
    Refusal.NO_CHALLENGE: N_("There is no Wild Draw Four to challenge or accept."),
    Refusal.ALREADY_DREW: N_("You have already drawn this turn."),
    Refusal.NOTHING_DRAWN: N_("You have not drawn a card this turn."),
    Refusal.ONLY_DRAWN_CARD: N_(
        "After drawing you may play only the card you drew, {card}, or keep it."
    ),
    Refusal.DRAWN_NOT_PLAYABLE: N_("{card}, the card you drew, does not match: keep it."),
    Refusal.UNO_NOT_NOW: N_(
        "Call UNO just before you play your next-to-last card, as you play it, or right after it."
    ),
    Refusal.CATCH_SELF: N_("You cannot catch yourself."),
    Refusal.CATCH_SAFE: N_("That player is safe: they called UNO or do not hold one card."),
    Refusal.ANSWER_STACK: N_(
        "You owe the cards stacked on you: pass them on with a card that answers the stack, if "
        "you hold one, or accept them."
    ),
    Refusal.STACK_CANNOT_ADD: N_(
        "The stack has come back to you, who began it: you cannot add to it; accept it."
    ),
    Refusal.MUST_PLAY_DRAWN: N_(
        "In Speed UNO you play the card you drew until one matched: {card}."
    ),
    Refusal.NO_FOUR_FINISH: N_("In Speed UNO you may not go out on a Wild Draw Four."),
    Refusal.NO_DROPPING: N_("Several cards at once only with the Dropping rule of Speed UNO."),
    Refusal.NOT_ENOUGH_COPIES: N_("You do not hold that many of {card}."),
    Refusal.NO_JUMP_IN: N_("Jumping in needs the Exact Match rule of Speed UNO."),
    Refusal.JUMP_IN_NOT_YET: N_("You cannot jump in now: wait for the next card to be played."),
    Refusal.JUMP_IN_NOT_IDENTICAL: N_(
        "{card} is not identical to the top card: only the exact same card may jump in."
    ),
    Refusal.JUMP_IN_NOT_SAME_NUMBER: N_(
        "{card} cannot jump in: jump in with a card of the top card's number, in any colour, "
        "or with an action card identical to it."
    ),
    Refusal.JUMP_IN_AFTER_DRAWING: N_(
        "You drew since the last card was played: no jumping in until the next one."
    ),
    Refusal.JUMP_IN_TOO_LATE: N_("Too late: someone jumped in first."),
    Refusal.JUMP_IN_OWN_CARD: N_(
        "You played that card yourself: jumping in is for the others. "
        "To put identical cards down together, play them at once."
    ),
    Refusal.ANNIVERSARY_TARGET: N_(
        "An Anniversary card needs another player still in the game to give your hand to."
    ),
    Refusal.ANNIVERSARY_KEEP: N_(
        "Say which one of your cards you keep when you play the Anniversary card."
    ),
    Refusal.NO_PENALTIES: N_("This table does not play the penalties for table talk."),
    Refusal.ELIMINATED: N_("You are out of this game."),
}


def refusal(reason: Refusal, card: Card | None = None) -> str:
    """One self-contained sentence saying why an action was not allowed."""
    text = tr(REFUSALS[reason])
    return text.format(card=card_name(card)) if card is not None else text.replace(" {card}", "")


# every refusal's braille form, the card (where there is one) first; {wild4} is the Wild
# Draw Four's code
B_REFUSALS: dict[Refusal, str] = {
    Refusal.NO_SUCH_SEAT: N_("No such seat"),
    Refusal.GAME_OVER: N_("Game over"),
    Refusal.ROUND_OVER: N_("Round over: deal the next"),
    Refusal.ROUND_NOT_OVER: N_("Round not over"),
    Refusal.NOT_YOUR_TURN: N_("Not your turn"),
    Refusal.NOT_IN_HAND: N_("{card} not in your hand"),
    Refusal.DOES_NOT_MATCH: N_("{card} does not match"),
    Refusal.NEED_COLOR: N_("{card} needs a colour"),
    Refusal.CHOOSE_START_COLOR: N_("Choose the start colour"),
    Refusal.NO_COLOR_TO_CHOOSE: N_("No colour to choose"),
    Refusal.ANSWER_CHALLENGE: N_("{wild4} on you: challenge or accept"),
    Refusal.NO_CHALLENGE: N_("No {wild4} to challenge"),
    Refusal.ALREADY_DREW: N_("Already drew this turn"),
    Refusal.NOTHING_DRAWN: N_("Nothing drawn this turn"),
    Refusal.ONLY_DRAWN_CARD: N_("{card} drawn: play or keep it"),
    Refusal.DRAWN_NOT_PLAYABLE: N_("{card} drawn, no match: keep it"),
    Refusal.UNO_NOT_NOW: N_("UNO not now: at your 2nd-last card"),
    Refusal.CATCH_SELF: N_("Cannot catch yourself"),
    Refusal.CATCH_SAFE: N_("That player is safe"),
    Refusal.ANSWER_STACK: N_("Stack on you: add or accept"),
    Refusal.STACK_CANNOT_ADD: N_("Stack back to you: accept"),
    Refusal.MUST_PLAY_DRAWN: N_("{card} drawn until one matched: play it"),
    Refusal.NO_FOUR_FINISH: N_("No going out on {wild4}"),
    Refusal.NO_DROPPING: N_("One card at a time here"),
    Refusal.NOT_ENOUGH_COPIES: N_("{card}: not that many"),
    Refusal.NO_JUMP_IN: N_("No jumping in here"),
    Refusal.JUMP_IN_NOT_YET: N_("No jumping in yet"),
    Refusal.JUMP_IN_NOT_IDENTICAL: N_("{card} not identical to the top"),
    Refusal.JUMP_IN_NOT_SAME_NUMBER: N_("{card}: not the top's number"),
    Refusal.JUMP_IN_AFTER_DRAWING: N_("You drew: no jumping in"),
    Refusal.JUMP_IN_TOO_LATE: N_("Too late: jumped in first"),
    Refusal.JUMP_IN_OWN_CARD: N_("Your own card: no jumping in"),
    Refusal.ANNIVERSARY_TARGET: N_("Nobody to give your hand to"),
    Refusal.ANNIVERSARY_KEEP: N_("Name the card you keep"),
    Refusal.NO_PENALTIES: N_("No table-talk penalties here"),
    Refusal.ELIMINATED: N_("You are out of this game"),
}


def _b_refusal(reason: Refusal, card: Card | None = None) -> Parts:
    said = tr(B_REFUSALS[reason])
    if card is None:
        said = said.replace("{card} ", "").replace("{card}", "")
    return fill(said, card=card, wild4=WILD_DRAW_FOUR)


register(refusal, braille=_b_refusal, brief=SAID_AS_BRAILLE)


# --- players in lists: scores, points, teams ----------------------------------------------
# one player and a number inside a list of a sentence: "Scores: you 57, Ann 0."
# Translators: an item of a list after "Scores:" or in brackets; {number} is points.
YOUR_NUMBER = N_("you {number}")
THEIR_NUMBER = N_("{player} {number}")
# Challenge UNO's running totals: "(out)" after a player who reached the limit
YOUR_TOTAL_OUT = N_("you {number} (out)")
THEIR_TOTAL_OUT = N_("{player} {number} (out)")
# the same in a braille form's list, whose first item begins the line: "You 7, Ann 5"
B_YOUR_NUMBER_FIRST = N_("You {number}")
# a pair of partners and its number: "you and Cy 57"
TEAM_NUMBER = N_("{team} {number}")
# Translators: the viewer inside a list of names ("you and Cy", "then you").
YOU_NAMED = N_("you")

SCORES = N_("Scores: {scores}.")


def named(who: Who) -> str:
    """A player inside a list of names: "you" for the viewer."""
    return tr(YOU_NAMED) if who.you else who.name


def number_of(who: Who, number: int) -> str:
    return pick(who, tr(YOUR_NUMBER), tr(THEIR_NUMBER)).format(player=who.name, number=number)


def numbers(pairs: Iterable[tuple[Who, int]]) -> str:
    """ "you 57, Ann 0"."""
    return LIST_SEPARATOR.join(number_of(who, n) for who, n in pairs)


def score_list(scores: Iterable[tuple[Who, int]]) -> str:
    return tr(SCORES).format(scores=numbers(scores))


def team_name(members: Iterable[Who]) -> str:
    """Partners inside a sentence, the viewer first: "you and Cy", "Ann and Bob"."""
    return and_list([named(who) for who in sorted(members, key=lambda who: not who.you)])


def team_numbers(teams: Iterable[tuple[Iterable[Who], int]]) -> str:
    return LIST_SEPARATOR.join(
        tr(TEAM_NUMBER).format(team=team_name(team), number=n) for team, n in teams
    )


def team_scores(teams: Iterable[tuple[Iterable[Who], int]]) -> str:
    """Partners' scores, one per pair: "Scores: you and Cy 57, Ann and Bob 0."."""
    return tr(SCORES).format(scores=team_numbers(teams))


def totals_items(scores: Iterable[tuple[Who, int, bool]]) -> str:
    """Challenge UNO: each running total, "(out)" after a player who reached the limit."""
    return LIST_SEPARATOR.join(
        (
            pick(who, tr(YOUR_TOTAL_OUT), tr(THEIR_TOTAL_OUT))
            if out
            else pick(who, tr(YOUR_NUMBER), tr(THEIR_NUMBER))
        ).format(player=who.name, number=points)
        for who, points, out in scores
    )


def totals_list(scores: Iterable[tuple[Who, int, bool]]) -> str:
    """ "Scores: you 3, Ann 512 (out)."."""
    return tr(SCORES).format(scores=totals_items(scores))


def _counts(pairs: Iterable[tuple[Who, int]]) -> str:
    """A braille form's list: "You 7, Ann 5", "Ann 5, you 7"."""
    return LIST_SEPARATOR.join(
        (
            tr(B_YOUR_NUMBER_FIRST)
            if i == 0 and who.you
            else pick(who, tr(YOUR_NUMBER), tr(THEIR_NUMBER))
        ).format(player=who.name, number=n)
        for i, (who, n) in enumerate(pairs)
    )


_team_counts = team_numbers


# --- the dealer drawn for -----------------------------------------------------------------
YOU_DRAW_FOR_DEALER = N_("You draw {card} to choose the dealer.")
THEY_DRAW_FOR_DEALER = N_("{player} draws {card} to choose the dealer.")
B_YOU_DRAW_FOR_DEALER = N_("You draw {card} for dealer")
B_THEY_DRAW_FOR_DEALER = N_("{player} draws {card} for dealer")


def dealer_drew(who: Who, card: Card) -> str:
    said = pick(who, tr(YOU_DRAW_FOR_DEALER), tr(THEY_DRAW_FOR_DEALER))
    return said.format(player=who.name, card=card_name(card))


def _b_dealer_drew(who: Who, card: Card) -> Parts:
    return fill(
        pick(who, tr(B_YOU_DRAW_FOR_DEALER), tr(B_THEY_DRAW_FOR_DEALER)), player=who.name, card=card
    )


register(dealer_drew, braille=_b_dealer_drew, brief=SAID_AS_BRAILLE)


# --- the dealer chosen --------------------------------------------------------------------
YOU_DEAL_FIRST = N_("You have the highest card and deal.")
THEY_DEAL_FIRST = N_("{player} has the highest card and deals.")
B_YOU_DEAL = N_("You deal")
B_THEY_DEAL = N_("{player} deals")


def dealer_chosen(who: Who) -> str:
    return pick(who, tr(YOU_DEAL_FIRST), tr(THEY_DEAL_FIRST)).format(player=who.name)


def _b_dealer_chosen(who: Who) -> Parts:
    return (pick(who, tr(B_YOU_DEAL), tr(B_THEY_DEAL)).format(player=who.name),)


register(dealer_chosen, braille=_b_dealer_chosen, brief=SAID_AS_BRAILLE)


# --- a round begins -----------------------------------------------------------------------
ROUND_YOU_DEAL = N_("Round {number}: you deal.")
ROUND_THEY_DEAL = N_("Round {number}: {player} deals.")
B_ROUND_YOU_DEAL = N_("Round {number}, you deal")
B_ROUND_THEY_DEAL = N_("Round {number}, {player} deals")


def round_started(number: int, dealer: Who) -> str:
    return pick(dealer, tr(ROUND_YOU_DEAL), tr(ROUND_THEY_DEAL)).format(
        number=number, player=dealer.name
    )


def _b_round_started(number: int, dealer: Who) -> Parts:
    said = pick(dealer, tr(B_ROUND_YOU_DEAL), tr(B_ROUND_THEY_DEAL))
    return (said.format(number=number, player=dealer.name),)


register(round_started, braille=_b_round_started, brief=SAID_AS_BRAILLE)


# --- the viewer's hand dealt --------------------------------------------------------------
YOU_ARE_DEALT_CARDS: Plural = NP_(
    "You are dealt {count} card: {cards}.",
    "You are dealt {count} cards: {cards}.",
)
B_YOU_ARE_DEALT = N_("You get {count}: {cards}")


def hand_dealt(cards: Iterable[Card], count: int) -> str:
    names = card_list(card_name(c) for c in cards)
    return plural(count, YOU_ARE_DEALT_CARDS).format(count=count, cards=names)


def _b_hand_dealt(cards: Iterable[Card], count: int) -> Parts:
    return fill(tr(B_YOU_ARE_DEALT), count=count, cards=list(cards))


register(hand_dealt, braille=_b_hand_dealt, brief=SAID_AS_BRAILLE)


# --- another's hand dealt -----------------------------------------------------------------
YOU_ARE_DEALT: Plural = NP_("You are dealt {count} card.", "You are dealt {count} cards.")
THEY_ARE_DEALT: Plural = NP_("{player} is dealt {count} card.", "{player} is dealt {count} cards.")
B_YOU_GET = N_("You get {count}")
B_THEY_GET = N_("{player} gets {count}")


def hand_dealt_to(who: Who, count: int) -> str:
    said = plural(count, YOU_ARE_DEALT if who.you else THEY_ARE_DEALT)
    return said.format(player=who.name, count=count)


def _b_hand_dealt_to(who: Who, count: int) -> Parts:
    return (pick(who, tr(B_YOU_GET), tr(B_THEY_GET)).format(player=who.name, count=count),)


register(hand_dealt_to, braille=_b_hand_dealt_to, brief=SAID_AS_BRAILLE)


# --- the start card -----------------------------------------------------------------------
START_CARD = N_("The start card is {card}.")
B_START_CARD = N_("Start {card}")


def start_card(card: Card) -> str:
    return tr(START_CARD).format(card=card_name(card))


def _b_start_card(card: Card) -> Parts:
    return fill(tr(B_START_CARD), card=card)


register(start_card, braille=_b_start_card, brief=SAID_AS_BRAILLE)


# --- a start card that goes back (a Wild Draw Four) ---------------------------------------
START_CARD_RETURNED = N_(
    "{card} turned up to start: it goes back into the deck, which is shuffled."
)
B_START_CARD_RETURNED = N_("Start {card} back in deck")


def start_card_returned(card: Card) -> str:
    return tr(START_CARD_RETURNED).format(card=card_name(card))


def _b_start_card_returned(card: Card) -> Parts:
    return fill(tr(B_START_CARD_RETURNED), card=card)


register(start_card_returned, braille=_b_start_card_returned, brief=SAID_AS_BRAILLE)


# --- a turn begins ------------------------------------------------------------------------
# Translators: said as each turn begins; {player} is the name of the player whose turn it is.
YOUR_TURN = N_("Your turn.")
THEIR_TURN = N_("{player}'s turn.")
B_YOUR_TURN = N_("Your turn")
B_THEIR_TURN = N_("{player}'s turn")


def turn_started(who: Who) -> str:
    return pick(who, tr(YOUR_TURN), tr(THEIR_TURN)).format(player=who.name)


def _b_turn_started(who: Who) -> Parts:
    return (pick(who, tr(B_YOUR_TURN), tr(B_THEIR_TURN)).format(player=who.name),)


register(turn_started, braille=_b_turn_started, brief=SAID_AS_BRAILLE)


# --- a card played: one card, identical cards dropped together, or a jump-in --------------
# {card} is one card's name ("Blue 7"), {cards} several of one face ("two Green 6s")
# Translators: {player} is a name; the "You" sentences are said to that player themselves.
YOU_PLAY = N_("You play {card}.")
THEY_PLAY = N_("{player} plays {card}.")
YOU_PLAY_ONE_LEFT = N_("You play {card} and have one card left.")
THEY_PLAY_ONE_LEFT = N_("{player} plays {card} and has one card left.")
YOU_PLAY_OUT = N_("You play {card} and go out.")
THEY_PLAY_OUT = N_("{player} plays {card} and goes out.")
YOU_DROP = N_("You drop {cards}.")
THEY_DROP = N_("{player} drops {cards}.")
YOU_DROP_ONE_LEFT = N_("You drop {cards} and have one card left.")
THEY_DROP_ONE_LEFT = N_("{player} drops {cards} and has one card left.")
YOU_DROP_OUT = N_("You drop {cards} and go out.")
THEY_DROP_OUT = N_("{player} drops {cards} and goes out.")
YOU_JUMP_IN = N_("You jump in with {card}!")
THEY_JUMP_IN = N_("{player} jumps in with {card}!")
YOU_JUMP_IN_ONE_LEFT = N_("You jump in with {card} and have one card left!")
THEY_JUMP_IN_ONE_LEFT = N_("{player} jumps in with {card} and has one card left!")
YOU_JUMP_IN_OUT = N_("You jump in with {card} and go out!")
THEY_JUMP_IN_OUT = N_("{player} jumps in with {card} and goes out!")
# the braille form: the card, then how many ({times}) and what is left ({left})
# Translators: braille forms are as short as they can be; {times} is B_TIMES or empty,
# {left} B_ONE_LEFT, B_OUT or empty.
B_YOU_PLAY = N_("You: {card}{times}{left}")
B_THEY_PLAY = N_("{player}: {card}{times}{left}")
B_YOU_JUMP_IN = N_("You jump: {card}{times}{left}")
B_THEY_JUMP_IN = N_("{player} jumps: {card}{times}{left}")
B_TIMES = N_(" x{count}")
B_ONE_LEFT = N_(", 1 left")
B_OUT = N_(", out")

_PLAYED = {  # (jump-in, dropped, cards left): the viewer's sentence, another's
    (False, False, 2): (YOU_PLAY, THEY_PLAY),
    (False, False, 1): (YOU_PLAY_ONE_LEFT, THEY_PLAY_ONE_LEFT),
    (False, False, 0): (YOU_PLAY_OUT, THEY_PLAY_OUT),
    (False, True, 2): (YOU_DROP, THEY_DROP),
    (False, True, 1): (YOU_DROP_ONE_LEFT, THEY_DROP_ONE_LEFT),
    (False, True, 0): (YOU_DROP_OUT, THEY_DROP_OUT),
    (True, False, 2): (YOU_JUMP_IN, THEY_JUMP_IN),
    (True, False, 1): (YOU_JUMP_IN_ONE_LEFT, THEY_JUMP_IN_ONE_LEFT),
    (True, False, 0): (YOU_JUMP_IN_OUT, THEY_JUMP_IN_OUT),
}


def card_played(
    who: Who,
    card: Card,
    cards_left: int,
    count: int = 1,
    jump_in: bool = False,
    straight: bool = False,
) -> str:
    """A play: one card, ``count`` identical cards dropped at once, a jump-in, or a card
    played on in a straight (said alone; a whole straight is ``straight_played``)."""
    if straight:
        you, they = _PLAYED_ON[min(cards_left, 2)]
        return tr(pick(who, you, they)).format(player=who.name, card=card_name(card))
    what = card_name(card) if count == 1 else cards_name(card, count)
    you, they = _PLAYED[jump_in, count > 1 and not jump_in, min(cards_left, 2)]
    return tr(pick(who, you, they)).format(player=who.name, card=what, cards=what)


def _b_card_played(
    who: Who,
    card: Card,
    cards_left: int,
    count: int = 1,
    jump_in: bool = False,
    straight: bool = False,
) -> Parts:
    if straight:
        said = pick(who, tr(B_YOU_PLAY_ON), tr(B_THEY_PLAY_ON))
    elif jump_in:
        said = pick(who, tr(B_YOU_JUMP_IN), tr(B_THEY_JUMP_IN))
    else:
        said = pick(who, tr(B_YOU_PLAY), tr(B_THEY_PLAY))
    times = tr(B_TIMES).format(count=count) if count > 1 else ""
    return fill(said, player=who.name, card=card, times=times, left=_b_left(cards_left))


def _b_left(cards_left: int) -> str:
    return tr(B_ONE_LEFT) if cards_left == 1 else (tr(B_OUT) if cards_left == 0 else "")


register(card_played, braille=_b_card_played, brief=SAID_AS_BRAILLE)


# --- a straight (option straights): a number card, then the next or previous numbers ------
# of its colour; {cards} names them all ("Red 4, Red 5 and Red 6")
YOU_PLAY_STRAIGHT = N_("You play a straight: {cards}.")
THEY_PLAY_STRAIGHT = N_("{player} plays a straight: {cards}.")
YOU_PLAY_STRAIGHT_ONE_LEFT = N_("You play a straight: {cards}, and have one card left.")
THEY_PLAY_STRAIGHT_ONE_LEFT = N_("{player} plays a straight: {cards}, and has one card left.")
YOU_PLAY_STRAIGHT_OUT = N_("You play a straight: {cards}, and go out.")
THEY_PLAY_STRAIGHT_OUT = N_("{player} plays a straight: {cards}, and goes out.")
# one card of a straight said alone (the history's line for it)
YOU_PLAY_ON = N_("You play on with {card}, in a straight.")
THEY_PLAY_ON = N_("{player} plays on with {card}, in a straight.")
YOU_PLAY_ON_ONE_LEFT = N_("You play on with {card}, in a straight, and have one card left.")
THEY_PLAY_ON_ONE_LEFT = N_("{player} plays on with {card}, in a straight, and has one card left.")
YOU_PLAY_ON_OUT = N_("You play on with {card}, in a straight, and go out.")
THEY_PLAY_ON_OUT = N_("{player} plays on with {card}, in a straight, and goes out.")
# Translators: braille forms, as short as they can be: {cards} are the cards' codes,
# {left} B_ONE_LEFT, B_OUT or empty.
B_YOU_PLAY_STRAIGHT = N_("You run: {cards}{left}")
B_THEY_PLAY_STRAIGHT = N_("{player} runs: {cards}{left}")
B_YOU_PLAY_ON = N_("You on: {card}{times}{left}")
B_THEY_PLAY_ON = N_("{player} on: {card}{times}{left}")

_PLAYED_STRAIGHT = {  # cards left: the viewer's sentence, another's
    2: (YOU_PLAY_STRAIGHT, THEY_PLAY_STRAIGHT),
    1: (YOU_PLAY_STRAIGHT_ONE_LEFT, THEY_PLAY_STRAIGHT_ONE_LEFT),
    0: (YOU_PLAY_STRAIGHT_OUT, THEY_PLAY_STRAIGHT_OUT),
}
_PLAYED_ON = {
    2: (YOU_PLAY_ON, THEY_PLAY_ON),
    1: (YOU_PLAY_ON_ONE_LEFT, THEY_PLAY_ON_ONE_LEFT),
    0: (YOU_PLAY_ON_OUT, THEY_PLAY_ON_OUT),
}


def straight_played(who: Who, cards: Iterable[Card], cards_left: int) -> str:
    """Option straights: ``who`` played ``cards`` in one straight, in the order played."""
    names = card_list(card_name(c) for c in cards)
    you, they = _PLAYED_STRAIGHT[min(cards_left, 2)]
    return tr(pick(who, you, they)).format(player=who.name, cards=names)


def _b_straight_played(who: Who, cards: Iterable[Card], cards_left: int) -> Parts:
    said = pick(who, tr(B_YOU_PLAY_STRAIGHT), tr(B_THEY_PLAY_STRAIGHT))
    return fill(said, player=who.name, cards=list(cards), left=_b_left(cards_left))


register(straight_played, braille=_b_straight_played, brief=SAID_AS_BRAILLE)


# --- a colour chosen for a Wild -----------------------------------------------------------
YOU_CHOOSE = N_("You choose {color}.")
THEY_CHOOSE = N_("{player} chooses {color}.")
B_YOU_CHOOSE = N_("You: {color}")
B_THEY_CHOOSE = N_("{player}: {color}")


def color_chosen(who: Who, color: Color) -> str:
    return pick(who, tr(YOU_CHOOSE), tr(THEY_CHOOSE)).format(
        player=who.name, color=color_name(color)
    )


def _b_color_chosen(who: Who, color: Color) -> Parts:
    said = pick(who, tr(B_YOU_CHOOSE), tr(B_THEY_CHOOSE))
    return (said.format(player=who.name, color=color_name(color).lower()),)


register(color_chosen, braille=_b_color_chosen, brief=SAID_AS_BRAILLE)


# --- cards drawn: the viewer hears their cards ({cards}), the others only how many --------
YOU_DRAW_NOTHING = N_("You draw nothing: both piles are empty.")
THEY_DRAW_NOTHING = N_("{player} draws nothing: both piles are empty.")
YOU_DRAW: Plural = NP_("You draw a card.", "You draw {count} cards.")
THEY_DRAW: Plural = NP_("{player} draws a card.", "{player} draws {count} cards.")
YOU_DRAW_AND_LOSE_THE_TURN: Plural = NP_(
    "You draw a card and lose the turn.",
    "You draw {count} cards and lose the turn.",
)
THEY_DRAW_AND_LOSE_THE_TURN: Plural = NP_(
    "{player} draws a card and loses the turn.",
    "{player} draws {count} cards and loses the turn.",
)
YOU_DRAW_CARD = N_("You draw {card}.")
THEY_DRAW_CARD = N_("{player} draws {card}.")
YOU_DRAW_CARDS: Plural = NP_("You draw {count} card: {cards}.", "You draw {count} cards: {cards}.")
THEY_DRAW_CARDS: Plural = NP_(
    "{player} draws {count} card: {cards}.",
    "{player} draws {count} cards: {cards}.",
)
YOU_DRAW_CARDS_AND_LOSE_THE_TURN: Plural = NP_(
    "You draw {count} card and lose the turn: {cards}.",
    "You draw {count} cards and lose the turn: {cards}.",
)
THEY_DRAW_CARDS_AND_LOSE_THE_TURN: Plural = NP_(
    "{player} draws {count} card and loses the turn: {cards}.",
    "{player} draws {count} cards and loses the turn: {cards}.",
)
B_YOU_DRAW_NOTHING = N_("You draw nothing, piles empty")
B_THEY_DRAW_NOTHING = N_("{player} draws nothing, piles empty")
# the braille form: the cards first, then ", skipped" ({skipped}) when the turn is lost
B_YOU_DRAW = N_("You draw {count}{skipped}")
B_THEY_DRAW = N_("{player} draws {count}{skipped}")
B_YOU_DRAW_CARD = N_("You draw {cards}{skipped}")
B_THEY_DRAW_CARD = N_("{player} draws {cards}{skipped}")
B_YOU_DRAW_CARDS = N_("You draw {count}: {cards}{skipped}")
B_THEY_DRAW_CARDS = N_("{player} draws {count}: {cards}{skipped}")
B_SKIPPED = N_(", skipped")


def cards_drawn(who: Who, count: int, cards: Iterable[Card] | None, loses_turn: bool) -> str:
    """A draw; ``cards`` only for the viewer's own draw, ``loses_turn`` when skipped too."""
    you = who.you
    if count == 0:
        return pick(who, tr(YOU_DRAW_NOTHING), tr(THEY_DRAW_NOTHING)).format(player=who.name)
    if cards is None:
        if loses_turn:
            forms = YOU_DRAW_AND_LOSE_THE_TURN if you else THEY_DRAW_AND_LOSE_THE_TURN
        else:
            forms = YOU_DRAW if you else THEY_DRAW
        return plural(count, forms).format(player=who.name, count=count)
    names = [card_name(c) for c in cards]
    if count == 1 and not loses_turn:
        return pick(who, tr(YOU_DRAW_CARD), tr(THEY_DRAW_CARD)).format(
            player=who.name, card=names[0]
        )
    if loses_turn:
        forms = YOU_DRAW_CARDS_AND_LOSE_THE_TURN if you else THEY_DRAW_CARDS_AND_LOSE_THE_TURN
    else:
        forms = YOU_DRAW_CARDS if you else THEY_DRAW_CARDS
    return plural(count, forms).format(player=who.name, count=count, cards=card_list(names))


def _b_cards_drawn(who: Who, count: int, cards: Iterable[Card] | None, loses_turn: bool) -> Parts:
    skipped = tr(B_SKIPPED) if loses_turn else ""
    if count == 0:
        return (pick(who, tr(B_YOU_DRAW_NOTHING), tr(B_THEY_DRAW_NOTHING)).format(player=who.name),)
    if cards is None:
        said = pick(who, tr(B_YOU_DRAW), tr(B_THEY_DRAW))
        return (said.format(player=who.name, count=count, skipped=skipped),)
    if count > 1:
        said = pick(who, tr(B_YOU_DRAW_CARDS), tr(B_THEY_DRAW_CARDS))
    else:
        said = pick(who, tr(B_YOU_DRAW_CARD), tr(B_THEY_DRAW_CARD))
    return fill(said, player=who.name, count=count, cards=list(cards), skipped=skipped)


register(cards_drawn, braille=_b_cards_drawn, brief=SAID_AS_BRAILLE)


# --- nothing to draw ----------------------------------------------------------------------
YOU_FIND_THE_PILES_EMPTY = N_("You find both piles empty, so the turn passes without a draw.")
THEY_FIND_THE_PILES_EMPTY = N_(
    "{player} finds both piles empty, so the turn passes without a draw."
)
B_YOU_FIND_THE_PILES_EMPTY = N_("You: piles empty, turn passes")
B_THEY_FIND_THE_PILES_EMPTY = N_("{player}: piles empty, turn passes")


def could_not_draw(who: Who) -> str:
    return pick(who, tr(YOU_FIND_THE_PILES_EMPTY), tr(THEY_FIND_THE_PILES_EMPTY)).format(
        player=who.name
    )


def _b_could_not_draw(who: Who) -> Parts:
    said = pick(who, tr(B_YOU_FIND_THE_PILES_EMPTY), tr(B_THEY_FIND_THE_PILES_EMPTY))
    return (said.format(player=who.name),)


register(could_not_draw, braille=_b_could_not_draw, brief=SAID_AS_BRAILLE)


# --- a round no one can finish ------------------------------------------------------------
YOU_WIN_THE_BLOCKED_ROUND = N_(
    "No one can play or draw a card, so the round ends: you hold the fewest points and win it."
)
THEY_WIN_THE_BLOCKED_ROUND = N_(
    "No one can play or draw a card, so the round ends: {player} holds the fewest points "
    "and wins it."
)
B_YOU_WIN_THE_BLOCKED_ROUND = N_("Blocked: you win, fewest pts")
B_THEY_WIN_THE_BLOCKED_ROUND = N_("Blocked: {player} wins")


def round_blocked(who: Who) -> str:
    """Every player in turn passed with no card to play and none to draw: the round ends,
    won by the hand worth least (its score follows)."""
    return pick(who, tr(YOU_WIN_THE_BLOCKED_ROUND), tr(THEY_WIN_THE_BLOCKED_ROUND)).format(
        player=who.name
    )


def _b_round_blocked(who: Who) -> Parts:
    said = pick(who, tr(B_YOU_WIN_THE_BLOCKED_ROUND), tr(B_THEY_WIN_THE_BLOCKED_ROUND))
    return (said.format(player=who.name),)


register(round_blocked, braille=_b_round_blocked, brief=SAID_AS_BRAILLE)


# --- the drawn card kept ------------------------------------------------------------------
YOU_KEEP_THE_CARD = N_("You keep the card.")
THEY_KEEP_THE_CARD = N_("{player} keeps the card.")
B_YOU_KEEP_IT = N_("You keep it")
B_THEY_KEEP_IT = N_("{player} keeps it")


def drawn_card_kept(who: Who) -> str:
    return pick(who, tr(YOU_KEEP_THE_CARD), tr(THEY_KEEP_THE_CARD)).format(player=who.name)


def _b_drawn_card_kept(who: Who) -> Parts:
    return (pick(who, tr(B_YOU_KEEP_IT), tr(B_THEY_KEEP_IT)).format(player=who.name),)


register(drawn_card_kept, braille=_b_drawn_card_kept, brief=SAID_AS_BRAILLE)


# --- a player skipped ---------------------------------------------------------------------
YOU_ARE_SKIPPED = N_("You are skipped.")
THEY_ARE_SKIPPED = N_("{player} is skipped.")
B_YOU_ARE_SKIPPED = N_("You skipped")
B_THEY_ARE_SKIPPED = N_("{player} skipped")


def player_skipped(who: Who) -> str:
    return pick(who, tr(YOU_ARE_SKIPPED), tr(THEY_ARE_SKIPPED)).format(player=who.name)


def _b_player_skipped(who: Who) -> Parts:
    return (pick(who, tr(B_YOU_ARE_SKIPPED), tr(B_THEY_ARE_SKIPPED)).format(player=who.name),)


register(player_skipped, braille=_b_player_skipped, brief=SAID_AS_BRAILLE)


# --- the direction of play reversed -------------------------------------------------------
PLAY_GOES_LEFT = N_("Play now goes to the left, clockwise.")
PLAY_GOES_RIGHT = N_("Play now goes to the right, counterclockwise.")
B_PLAY_GOES_LEFT = N_("Play goes left")
B_PLAY_GOES_RIGHT = N_("Play goes right")


def direction_changed(clockwise: bool) -> str:
    return tr(PLAY_GOES_LEFT) if clockwise else tr(PLAY_GOES_RIGHT)


def _b_direction_changed(clockwise: bool) -> Parts:
    return (tr(B_PLAY_GOES_LEFT) if clockwise else tr(B_PLAY_GOES_RIGHT),)


register(direction_changed, braille=_b_direction_changed, brief=SAID_AS_BRAILLE)


# --- UNO called ---------------------------------------------------------------------------
YOU_CALL_UNO = N_("You call UNO!")
THEY_CALL_UNO = N_("{player} calls UNO!")
B_YOU_CALL_UNO = N_("You: UNO!")
B_THEY_CALL_UNO = N_("{player}: UNO!")


def uno_called(who: Who) -> str:
    return pick(who, tr(YOU_CALL_UNO), tr(THEY_CALL_UNO)).format(player=who.name)


def _b_uno_called(who: Who) -> Parts:
    return (pick(who, tr(B_YOU_CALL_UNO), tr(B_THEY_CALL_UNO)).format(player=who.name),)


register(uno_called, braille=_b_uno_called, brief=SAID_AS_BRAILLE)


# --- a player caught without UNO: {player} catches {target} -------------------------------
# Translators: {target} held one card without calling UNO and draws {count} cards.
YOU_CATCH = N_("You catch {target} without UNO: {target} draws {count}.")
THEY_CATCH_YOU = N_("{player} catches you without UNO: you draw {count}.")
THEY_CATCH = N_("{player} catches {target} without UNO: {target} draws {count}.")
B_YOU_CATCH = N_("{target} caught by you, draws {count}")
B_THEY_CATCH_YOU = N_("You caught by {player}, draw {count}")
B_THEY_CATCH = N_("{target} caught by {player}, draws {count}")


def uno_caught(catcher: Who, target: Who, penalty: int) -> str:
    said = between(catcher, target, tr(YOU_CATCH), tr(THEY_CATCH_YOU), tr(THEY_CATCH))
    return said.format(player=catcher.name, target=target.name, count=penalty)


def _b_uno_caught(catcher: Who, target: Who, penalty: int) -> Parts:
    said = between(catcher, target, tr(B_YOU_CATCH), tr(B_THEY_CATCH_YOU), tr(B_THEY_CATCH))
    return (said.format(player=catcher.name, target=target.name, count=penalty),)


register(uno_caught, braille=_b_uno_caught, brief=SAID_AS_BRAILLE)


# --- a Wild Draw Four challenged: {player} challenges {target}'s card ---------------------
# Translators: {player} challenged the Wild Draw Four that {target} played.
YOU_CHALLENGE = N_("You challenge {target}'s Wild Draw Four.")
THEY_CHALLENGE_YOU = N_("{player} challenges your Wild Draw Four.")
THEY_CHALLENGE = N_("{player} challenges {target}'s Wild Draw Four.")
B_YOU_CHALLENGE = N_("You challenge {target}")
B_THEY_CHALLENGE_YOU = N_("{player} challenges you")
B_THEY_CHALLENGE = N_("{player} challenges {target}")


def challenge_made(challenger: Who, target: Who) -> str:
    said = between(
        challenger, target, tr(YOU_CHALLENGE), tr(THEY_CHALLENGE_YOU), tr(THEY_CHALLENGE)
    )
    return said.format(player=challenger.name, target=target.name)


def _b_challenge_made(challenger: Who, target: Who) -> Parts:
    said = between(
        challenger, target, tr(B_YOU_CHALLENGE), tr(B_THEY_CHALLENGE_YOU), tr(B_THEY_CHALLENGE)
    )
    return (said.format(player=challenger.name, target=target.name),)


register(challenge_made, braille=_b_challenge_made, brief=SAID_AS_BRAILLE)


# --- the challenge's verdict: the guilty player draws 4, an innocent one's challenger 6 ---
YOU_CHALLENGE_GUILTY = N_(
    "You challenge {target}'s Wild Draw Four: {target} was guilty and draws {count}."
)
THEY_CHALLENGE_YOU_GUILTY = N_(
    "{player} challenges your Wild Draw Four: you were guilty and draw {count}."
)
THEY_CHALLENGE_GUILTY = N_(
    "{player} challenges {target}'s Wild Draw Four: {target} was guilty and draws {count}."
)
YOU_CHALLENGE_INNOCENT = N_(
    "You challenge {target}'s Wild Draw Four: {target} was innocent, so you draw {count} "
    "and lose the turn."
)
THEY_CHALLENGE_YOU_INNOCENT = N_(
    "{player} challenges your Wild Draw Four: you were innocent, so {player} draws {count} "
    "and loses the turn."
)
THEY_CHALLENGE_INNOCENT = N_(
    "{player} challenges {target}'s Wild Draw Four: {target} was innocent, so {player} draws "
    "{count} and loses the turn."
)
# the verdict first, then who draws, then who challenged (when it was not you)
B_YOU_CHALLENGE_GUILTY = N_("{target} guilty: draws {count}")
B_THEY_CHALLENGE_YOU_GUILTY = N_("You guilty: draw {count}, {player} challenged")
B_THEY_CHALLENGE_GUILTY = N_("{target} guilty: draws {count}, {player} challenged")
B_YOU_CHALLENGE_INNOCENT = N_("{target} innocent: draw {count}")
B_THEY_CHALLENGE_YOU_INNOCENT = N_("You innocent: {player} draws {count}")
B_THEY_CHALLENGE_INNOCENT = N_("{target} innocent: {player} draws {count}")


def challenge_resolved(challenger: Who, target: Who, guilty: bool, drawn: int | None = None) -> str:
    """``drawn``: what the loser draws (a stack of Wild Draw Fours makes it more than 4 or 6)."""
    if guilty:
        forms = (tr(YOU_CHALLENGE_GUILTY), tr(THEY_CHALLENGE_YOU_GUILTY), tr(THEY_CHALLENGE_GUILTY))
    else:
        forms = (
            tr(YOU_CHALLENGE_INNOCENT),
            tr(THEY_CHALLENGE_YOU_INNOCENT),
            tr(THEY_CHALLENGE_INNOCENT),
        )
    count = drawn if drawn is not None else (4 if guilty else 6)
    said = between(challenger, target, *forms)
    return said.format(player=challenger.name, target=target.name, count=count)


def _b_challenge_resolved(
    challenger: Who, target: Who, guilty: bool, drawn: int | None = None
) -> Parts:
    if guilty:
        forms = (
            tr(B_YOU_CHALLENGE_GUILTY),
            tr(B_THEY_CHALLENGE_YOU_GUILTY),
            tr(B_THEY_CHALLENGE_GUILTY),
        )
    else:
        forms = (
            tr(B_YOU_CHALLENGE_INNOCENT),
            tr(B_THEY_CHALLENGE_YOU_INNOCENT),
            tr(B_THEY_CHALLENGE_INNOCENT),
        )
    count = drawn if drawn is not None else (4 if guilty else 6)
    said = between(challenger, target, *forms)
    return (said.format(player=challenger.name, target=target.name, count=count),)


register(challenge_resolved, braille=_b_challenge_resolved, brief=SAID_AS_BRAILLE)


# --- a challenged hand shown: {player} shows {target}; its cards to the challenger alone ---
YOU_SHOW: Plural = NP_("You show {target} {count} card.", "You show {target} {count} cards.")
THEY_SHOW_YOU: Plural = NP_("{player} shows you {count} card.", "{player} shows you {count} cards.")
THEY_SHOW: Plural = NP_(
    "{player} shows {target} {count} card.",
    "{player} shows {target} {count} cards.",
)
YOU_SHOW_CARDS: Plural = NP_(
    "You show {target} {count} card: {cards}.",
    "You show {target} {count} cards: {cards}.",
)
THEY_SHOW_YOU_CARDS: Plural = NP_(
    "{player} shows you {count} card: {cards}.",
    "{player} shows you {count} cards: {cards}.",
)
THEY_SHOW_CARDS: Plural = NP_(
    "{player} shows {target} {count} card: {cards}.",
    "{player} shows {target} {count} cards: {cards}.",
)
B_YOU_SHOW = N_("You show {target} {count}")
B_THEY_SHOW_YOU = N_("{player} shows you {count}")
B_THEY_SHOW = N_("{player} shows {target} {count}")
B_YOUR_HAND_SHOWN = N_("Your hand: {cards}")
B_THEIR_HAND_SHOWN = N_("{player}'s hand: {cards}")


def hand_shown(owner: Who, to: Who, cards: Iterable[Card] | None, count: int) -> str:
    if cards is None:  # the viewer showed their own hand
        forms = between(owner, to, YOU_SHOW, THEY_SHOW_YOU, THEY_SHOW)
        names = ""
    else:
        forms = between(owner, to, YOU_SHOW_CARDS, THEY_SHOW_YOU_CARDS, THEY_SHOW_CARDS)
        names = card_list(card_name(c) for c in cards)
    said = plural(count, forms)
    return said.format(player=owner.name, target=to.name, count=count, cards=names)


def _b_hand_shown(owner: Who, to: Who, cards: Iterable[Card] | None, count: int) -> Parts:
    if cards is None:
        said = between(owner, to, tr(B_YOU_SHOW), tr(B_THEY_SHOW_YOU), tr(B_THEY_SHOW))
        return (said.format(player=owner.name, target=to.name, count=count),)
    # the lead is capitalized as a whole, as ever (str.capitalize): "Ann's hand: "
    lead = pick(owner, tr(B_YOUR_HAND_SHOWN), tr(B_THEIR_HAND_SHOWN)).partition("{cards}")[0]
    return _with_cards(lead.format(player=owner.name).capitalize(), cards)


register(hand_shown, braille=_b_hand_shown, brief=SAID_AS_BRAILLE)


# --- what is owed accepted: a Draw Two, a Wild Draw Four, or a stack ----------------------
YOU_ACCEPT_THE_DRAW_TWO = N_("You accept the Draw Two.")
THEY_ACCEPT_THE_DRAW_TWO = N_("{player} accepts the Draw Two.")
YOU_ACCEPT_THE_WILD_DRAW_FOUR = N_("You accept the Wild Draw Four.")
THEY_ACCEPT_THE_WILD_DRAW_FOUR = N_("{player} accepts the Wild Draw Four.")
YOU_ACCEPT_AN_EMPTY_STACK = N_(
    "You accept the stack, but both piles are empty: there is nothing to draw."
)
THEY_ACCEPT_AN_EMPTY_STACK = N_(
    "{player} accepts the stack, but both piles are empty: there is nothing to draw."
)
YOU_ACCEPT_THE_STACK: Plural = NP_(
    "You accept the stack and draw {count} card.",
    "You accept the stack and draw {count} cards.",
)
THEY_ACCEPT_THE_STACK: Plural = NP_(
    "{player} accepts the stack and draws {count} card.",
    "{player} accepts the stack and draws {count} cards.",
)
B_YOU_ACCEPT = N_("You accept, draw {count}")
B_THEY_ACCEPT = N_("{player} accepts, draws {count}")


def draw_accepted(who: Who, total: int = 4, stack: bool | None = None) -> str:
    """Accepting what is owed: a Wild Draw Four, a Draw Two, or a ``stack`` of ``total`` cards
    (by default a stack is any total but 2 or 4).
    """
    if stack is None:
        stack = total not in (2, 4)
    if not stack:
        if total == 2:
            said = pick(who, tr(YOU_ACCEPT_THE_DRAW_TWO), tr(THEY_ACCEPT_THE_DRAW_TWO))
        else:
            said = pick(who, tr(YOU_ACCEPT_THE_WILD_DRAW_FOUR), tr(THEY_ACCEPT_THE_WILD_DRAW_FOUR))
    elif total == 0:
        said = pick(who, tr(YOU_ACCEPT_AN_EMPTY_STACK), tr(THEY_ACCEPT_AN_EMPTY_STACK))
    else:
        said = plural(total, YOU_ACCEPT_THE_STACK if who.you else THEY_ACCEPT_THE_STACK)
    return said.format(player=who.name, count=total)


def _b_draw_accepted(who: Who, total: int = 4, stack: bool | None = None) -> Parts:
    return (pick(who, tr(B_YOU_ACCEPT), tr(B_THEY_ACCEPT)).format(player=who.name, count=total),)


register(draw_accepted, braille=_b_draw_accepted, brief=SAID_AS_BRAILLE)


# --- a stack grown, and on whom it now is -------------------------------------------------
STACK_ON_YOU: Plural = NP_(
    "The stack is now {count} card, on you.",
    "The stack is now {count} cards, on you.",
)
STACK_ON_THEM: Plural = NP_(
    "The stack is now {count} card, on {player}.",
    "The stack is now {count} cards, on {player}.",
)
# Translators: the cards stacked by Draw Twos or Wild Draw Fours, owed by that player.
B_STACK_ON_YOU = N_("Stack {count} on you")
B_STACK_ON_THEM = N_("Stack {count} on {player}")


def stack_grew(owes: Who, total: int) -> str:
    said = plural(total, STACK_ON_YOU if owes.you else STACK_ON_THEM)
    return said.format(player=owes.name, count=total)


def _b_stack_grew(owes: Who, total: int) -> Parts:
    return (
        pick(owes, tr(B_STACK_ON_YOU), tr(B_STACK_ON_THEM)).format(player=owes.name, count=total),
    )


register(stack_grew, braille=_b_stack_grew, brief=SAID_AS_BRAILLE)


# --- every hand passed on (Speed UNO's Round-n-Round) -------------------------------------
HANDS_PASS_LEFT = N_("Every hand passes to the left.")
HANDS_PASS_RIGHT = N_("Every hand passes to the right.")
B_HANDS_PASS_LEFT = N_("Hands pass left")
B_HANDS_PASS_RIGHT = N_("Hands pass right")


def hands_passed(clockwise: bool) -> str:
    return tr(HANDS_PASS_LEFT) if clockwise else tr(HANDS_PASS_RIGHT)


def _b_hands_passed(clockwise: bool) -> Parts:
    return (tr(B_HANDS_PASS_LEFT) if clockwise else tr(B_HANDS_PASS_RIGHT),)


register(hands_passed, braille=_b_hands_passed, brief=SAID_AS_BRAILLE)


# --- a hand received: {player} receives {giver}'s hand; its cards to its new owner alone ---
YOU_RECEIVE: Plural = NP_(
    "You receive {giver}'s hand: {count} card.",
    "You receive {giver}'s hand: {count} cards.",
)
THEY_RECEIVE_YOURS: Plural = NP_(
    "{player} receives your hand: {count} card.",
    "{player} receives your hand: {count} cards.",
)
THEY_RECEIVE: Plural = NP_(
    "{player} receives {giver}'s hand: {count} card.",
    "{player} receives {giver}'s hand: {count} cards.",
)
YOU_RECEIVE_CARDS: Plural = NP_(
    "You receive {giver}'s hand: {count} card: {cards}.",
    "You receive {giver}'s hand: {count} cards: {cards}.",
)
THEY_RECEIVE_YOURS_CARDS: Plural = NP_(
    "{player} receives your hand: {count} card: {cards}.",
    "{player} receives your hand: {count} cards: {cards}.",
)
THEY_RECEIVE_CARDS: Plural = NP_(
    "{player} receives {giver}'s hand: {count} card: {cards}.",
    "{player} receives {giver}'s hand: {count} cards: {cards}.",
)
B_YOU_RECEIVE = N_("You get {giver}'s {count}")
B_THEY_RECEIVE_YOURS = N_("{player} gets your {count}")
B_THEY_RECEIVE = N_("{player} gets {giver}'s {count}")
B_YOU_RECEIVE_CARDS = N_("You get from {giver}: {cards}")
B_THEY_RECEIVE_YOURS_CARDS = N_("{player} gets from you: {cards}")
B_THEY_RECEIVE_CARDS = N_("{player} gets from {giver}: {cards}")


def hand_received(who: Who, giver: Who, count: int, cards: Iterable[Card] | None) -> str:
    """Round-n-Round; ``cards`` only for the viewer's own new hand."""
    if cards is None:
        forms = (YOU_RECEIVE, THEY_RECEIVE_YOURS, THEY_RECEIVE)
        names = ""
    else:
        forms = (YOU_RECEIVE_CARDS, THEY_RECEIVE_YOURS_CARDS, THEY_RECEIVE_CARDS)
        names = card_list(card_name(c) for c in cards)
    said = plural(count, between(who, giver, *forms))
    return said.format(player=who.name, giver=giver.name, count=count, cards=names)


def _b_hand_received(who: Who, giver: Who, count: int, cards: Iterable[Card] | None) -> Parts:
    if cards is None:
        said = between(who, giver, tr(B_YOU_RECEIVE), tr(B_THEY_RECEIVE_YOURS), tr(B_THEY_RECEIVE))
        return (said.format(player=who.name, giver=giver.name, count=count),)
    said = between(
        who,
        giver,
        tr(B_YOU_RECEIVE_CARDS),
        tr(B_THEY_RECEIVE_YOURS_CARDS),
        tr(B_THEY_RECEIVE_CARDS),
    )
    return fill(said, player=who.name, giver=giver.name, cards=list(cards))


register(hand_received, braille=_b_hand_received, brief=SAID_AS_BRAILLE)


# --- hands swapped (Seven-O): {player} swaps hands with {target} ---------------------------
# For the house rules (branch houserules said it from a block appended to messages.py, with
# Who's verb forms; this is that phrase, word for word, as whole sentences).
# {holds} and {other_holds} are CARD_COUNT forms ("5 cards"); {cards} the viewer's new hand
YOU_SWAP = N_("You swap hands with {target}: you now hold {holds}; {target} holds {other_holds}.")
YOU_SWAP_CARDS = N_(
    "You swap hands with {target}: you now hold {holds}: {cards}; {target} holds {other_holds}."
)
THEY_SWAP_WITH_YOU = N_(
    "{player} swaps hands with you: you now hold {holds}; {player} holds {other_holds}."
)
THEY_SWAP_WITH_YOU_CARDS = N_(
    "{player} swaps hands with you: you now hold {holds}: {cards}; {player} holds {other_holds}."
)
THEY_SWAP = N_(
    "{player} swaps hands with {target}: {player} now holds {holds}, {target} {other_holds}."
)
B_YOU_SWAP = N_("You swap with {target}: {counts}")
B_THEY_SWAP_WITH_YOU = N_("{player} swaps with you: {counts}")
B_THEY_SWAP = N_("{player} swaps with {target}: {counts}")
B_YOU_SWAP_CARDS = N_("You swap with {target}: {cards}")
B_THEY_SWAP_WITH_YOU_CARDS = N_("{player} swaps with you: {cards}")
B_THEY_SWAP_CARDS = N_("{player} swaps with {target}: {cards}")


def hands_swapped(
    who: Who, target: Who, count: int, target_count: int, cards: Iterable[Card] | None
) -> str:
    """Seven-O: ``who`` played a 7 and swapped hands with ``target``; ``count`` and
    ``target_count`` the cards each now holds, ``cards`` the viewer's new hand when the
    viewer is one of the two (nobody else hears a card).
    """
    mine, theirs = (target_count, count) if target.you else (count, target_count)
    if cards is None:
        said = between(who, target, tr(YOU_SWAP), tr(THEY_SWAP_WITH_YOU), tr(THEY_SWAP))
        names = ""
    else:
        said = between(who, target, tr(YOU_SWAP_CARDS), tr(THEY_SWAP_WITH_YOU_CARDS), tr(THEY_SWAP))
        names = card_list(card_name(c) for c in cards)
    return said.format(
        player=who.name,
        target=target.name,
        holds=count_cards(mine),
        other_holds=count_cards(theirs),
        cards=names,
    )


def _b_hands_swapped(
    who: Who, target: Who, count: int, target_count: int, cards: Iterable[Card] | None
) -> Parts:
    fields = {"player": who.name, "target": target.name}
    if cards is None:
        said = between(who, target, tr(B_YOU_SWAP), tr(B_THEY_SWAP_WITH_YOU), tr(B_THEY_SWAP))
        counts = _counts([(who, count), (target, target_count)])
        return (said.format(counts=counts, **fields),)
    said = between(
        who, target, tr(B_YOU_SWAP_CARDS), tr(B_THEY_SWAP_WITH_YOU_CARDS), tr(B_THEY_SWAP_CARDS)
    )
    lead = said.partition("{cards}")[0].format(**fields)
    return _with_cards(lead, cards)


register(hands_swapped, braille=_b_hands_swapped, brief=SAID_AS_BRAILLE)


# --- an Anniversary card played: {player} keeps one card and gives {target} the rest ------
YOU_GIVE_NOTHING = N_(
    "You play an Anniversary card: Happy Anniversary! You keep one card and give {target} no cards."
)
THEY_GIVE_YOU_NOTHING = N_(
    "{player} plays an Anniversary card: Happy Anniversary! {player} keeps one card and "
    "gives you no cards."
)
THEY_GIVE_NOTHING = N_(
    "{player} plays an Anniversary card: Happy Anniversary! {player} keeps one card and "
    "gives {target} no cards."
)
YOU_GIVE: Plural = NP_(
    "You play an Anniversary card: Happy Anniversary! You keep one card and give {target} "
    "{count} card.",
    "You play an Anniversary card: Happy Anniversary! You keep one card and give {target} "
    "{count} cards.",
)
THEY_GIVE_YOU: Plural = NP_(
    "{player} plays an Anniversary card: Happy Anniversary! {player} keeps one card and "
    "gives you {count} card.",
    "{player} plays an Anniversary card: Happy Anniversary! {player} keeps one card and "
    "gives you {count} cards.",
)
THEY_GIVE: Plural = NP_(
    "{player} plays an Anniversary card: Happy Anniversary! {player} keeps one card and "
    "gives {target} {count} card.",
    "{player} plays an Anniversary card: Happy Anniversary! {player} keeps one card and "
    "gives {target} {count} cards.",
)
YOU_GIVE_CARDS: Plural = NP_(
    "You play an Anniversary card: Happy Anniversary! You keep one card and give {target} "
    "{count} card: {cards}.",
    "You play an Anniversary card: Happy Anniversary! You keep one card and give {target} "
    "{count} cards: {cards}.",
)
THEY_GIVE_YOU_CARDS: Plural = NP_(
    "{player} plays an Anniversary card: Happy Anniversary! {player} keeps one card and "
    "gives you {count} card: {cards}.",
    "{player} plays an Anniversary card: Happy Anniversary! {player} keeps one card and "
    "gives you {count} cards: {cards}.",
)
THEY_GIVE_CARDS: Plural = NP_(
    "{player} plays an Anniversary card: Happy Anniversary! {player} keeps one card and "
    "gives {target} {count} card: {cards}.",
    "{player} plays an Anniversary card: Happy Anniversary! {player} keeps one card and "
    "gives {target} {count} cards: {cards}.",
)
# {card} is the Anniversary card (its code in braille)
B_YOU_GIVE = N_("You: {card} give {target} {count}")
B_THEY_GIVE_YOU = N_("{player}: {card} gives you {count}")
B_THEY_GIVE = N_("{player}: {card} gives {target} {count}")
B_YOU_GIVE_CARDS = N_("You: {card} to {target}: {cards}")
B_THEY_GIVE_YOU_CARDS = N_("{player}: {card} to you: {cards}")
B_THEY_GIVE_CARDS = N_("{player}: {card} to {target}: {cards}")


def anniversary_played(giver: Who, target: Who, count: int, cards: Iterable[Card] | None) -> str:
    """ "Happy Anniversary!"; ``cards`` for the giver and the receiver only."""
    fields = {"player": giver.name, "target": target.name, "count": count}
    if not count:
        said = between(
            giver, target, tr(YOU_GIVE_NOTHING), tr(THEY_GIVE_YOU_NOTHING), tr(THEY_GIVE_NOTHING)
        )
        return said.format(**fields)
    if cards is None:
        forms = (YOU_GIVE, THEY_GIVE_YOU, THEY_GIVE)
        return plural(count, between(giver, target, *forms)).format(**fields)
    forms = (YOU_GIVE_CARDS, THEY_GIVE_YOU_CARDS, THEY_GIVE_CARDS)
    names = card_list(card_name(c) for c in cards)
    return plural(count, between(giver, target, *forms)).format(cards=names, **fields)


def _b_anniversary_played(
    giver: Who, target: Who, count: int, cards: Iterable[Card] | None
) -> Parts:
    if cards is None or not count:
        said = between(giver, target, tr(B_YOU_GIVE), tr(B_THEY_GIVE_YOU), tr(B_THEY_GIVE))
        return fill(said, player=giver.name, target=target.name, card=ANNIVERSARY, count=count)
    said = between(
        giver, target, tr(B_YOU_GIVE_CARDS), tr(B_THEY_GIVE_YOU_CARDS), tr(B_THEY_GIVE_CARDS)
    )
    return fill(said, player=giver.name, target=target.name, card=ANNIVERSARY, cards=list(cards))


register(anniversary_played, braille=_b_anniversary_played, brief=SAID_AS_BRAILLE)


# --- a card that does not match, taken back (the penalties) -------------------------------
YOU_PLAYED_A_WRONG_CARD = N_(
    "You played {card}, which does not match: you take it back and draw {count}."
)
THEY_PLAYED_A_WRONG_CARD = N_(
    "{player} played {card}, which does not match: {player} takes it back and draws {count}."
)
B_YOU_PLAYED_A_WRONG_CARD = N_("You: {card} wrong, draw {count}")
B_THEY_PLAYED_A_WRONG_CARD = N_("{player}: {card} wrong, draws {count}")


YOU_JUMPED_IN_WRONGLY = N_(
    "You jumped in with {card}, which cannot jump in on the top card: you take it back and "
    "draw {count}."
)
THEY_JUMPED_IN_WRONGLY = N_(
    "{player} jumped in with {card}, which cannot jump in on the top card: {player} takes it "
    "back and draws {count}."
)
B_YOU_JUMPED_IN_WRONGLY = N_("You: {card} wrong jump, draw {count}")
B_THEY_JUMPED_IN_WRONGLY = N_("{player}: {card} wrong jump, draws {count}")


def wrong_card(who: Who, card: Card, count: int = 2, jump_in: bool = False) -> str:
    """A card that may not be played taken back, and ``count`` drawn (option penalties; a
    jump-in with option jump_in_penalty)."""
    if jump_in:
        said = pick(who, tr(YOU_JUMPED_IN_WRONGLY), tr(THEY_JUMPED_IN_WRONGLY))
    else:
        said = pick(who, tr(YOU_PLAYED_A_WRONG_CARD), tr(THEY_PLAYED_A_WRONG_CARD))
    return said.format(player=who.name, card=card_name(card), count=count)


def _b_wrong_card(who: Who, card: Card, count: int = 2, jump_in: bool = False) -> Parts:
    if jump_in:
        said = pick(who, tr(B_YOU_JUMPED_IN_WRONGLY), tr(B_THEY_JUMPED_IN_WRONGLY))
    else:
        said = pick(who, tr(B_YOU_PLAYED_A_WRONG_CARD), tr(B_THEY_PLAYED_A_WRONG_CARD))
    return fill(said, player=who.name, card=card, count=count)


register(wrong_card, braille=_b_wrong_card, brief=SAID_AS_BRAILLE)


# --- a play suggested to another (the penalties) ------------------------------------------
YOU_SUGGESTED = N_("You suggested a play and draw {count}.")
THEY_SUGGESTED = N_("{player} suggested a play and draws {count}.")
B_YOU_SUGGESTED = N_("You suggested, draw {count}")
B_THEY_SUGGESTED = N_("{player} suggested, draws {count}")


def suggestion_penalty(who: Who, count: int = 2) -> str:
    return pick(who, tr(YOU_SUGGESTED), tr(THEY_SUGGESTED)).format(player=who.name, count=count)


def _b_suggestion_penalty(who: Who, count: int = 2) -> Parts:
    return (
        pick(who, tr(B_YOU_SUGGESTED), tr(B_THEY_SUGGESTED)).format(player=who.name, count=count),
    )


register(suggestion_penalty, braille=_b_suggestion_penalty, brief=SAID_AS_BRAILLE)


# --- a player put out (Challenge UNO) -----------------------------------------------------
YOU_ARE_OUT_AT = N_("You reach {score} points and are out of the game.")
THEY_ARE_OUT_AT = N_("{player} reaches {score} points and is out of the game.")
B_YOU_ARE_OUT_AT = N_("You out at {score}")
B_THEY_ARE_OUT_AT = N_("{player} out at {score}")


def player_eliminated(who: Who, score: int) -> str:
    return pick(who, tr(YOU_ARE_OUT_AT), tr(THEY_ARE_OUT_AT)).format(player=who.name, score=score)


def _b_player_eliminated(who: Who, score: int) -> Parts:
    return (
        pick(who, tr(B_YOU_ARE_OUT_AT), tr(B_THEY_ARE_OUT_AT)).format(player=who.name, score=score),
    )


register(player_eliminated, braille=_b_player_eliminated, brief=SAID_AS_BRAILLE)


# --- the DISCARD pile reshuffled ----------------------------------------------------------
RESHUFFLED: Plural = NP_(
    "The DISCARD pile is shuffled into a new DRAW pile of {count} card.",
    "The DISCARD pile is shuffled into a new DRAW pile of {count} cards.",
)
B_RESHUFFLED = N_("Reshuffled, draw pile {count}")


def reshuffled(count: int) -> str:
    return plural(count, RESHUFFLED).format(count=count)


def _b_reshuffled(count: int) -> Parts:
    return (tr(B_RESHUFFLED).format(count=count),)


register(reshuffled, braille=_b_reshuffled, brief=SAID_AS_BRAILLE)


# --- the partners, said once at the start -------------------------------------------------
# {team} is the viewer's pair ("you and Bob"), {others} the other pair or "the pairs …"
TEAMS = N_("{team} play against {others}.")
AGAINST_PAIRS = N_("the pairs {pairs}")
PAIRS_SEPARATOR = "; "


def teams_line(mine: Iterable[Who], theirs: Iterable[Iterable[Who]]) -> str:
    """The partners at the start: "You and Bob play against Ann and Cy."."""
    others = [team_name(team) for team in theirs]
    if len(others) == 1:
        against = others[0]
    else:
        against = tr(AGAINST_PAIRS).format(pairs=PAIRS_SEPARATOR.join(others))
    return capital(tr(TEAMS).format(team=team_name(mine), others=against))


def _b_teams_line(mine: Iterable[Who], theirs: Iterable[Iterable[Who]]) -> Parts:
    """The braille form is the whole sentence (said once, names only)."""
    return (teams_line(mine, theirs),)


register(teams_line, braille=_b_teams_line, brief=SAID_AS_BRAILLE)


# --- a round over: the winner scores the others' hands ({hands}: each hand's points) ------
# {scores} is the scores' sentence ("Scores: you 57, Ann 0.")
ROUND_YOU_GO_OUT = N_("The round is over: you go out. {scores}")
ROUND_THEY_GO_OUT = N_("The round is over: {player} goes out. {scores}")
# "{points} points" even for 1, as ever (a plural pair when the wording may change)
ROUND_YOU_WIN = N_("The round is over: you win {points} points. {scores}")
ROUND_THEY_WIN = N_("The round is over: {player} wins {points} points. {scores}")
ROUND_YOU_WIN_HANDS = N_("The round is over: you win {points} points ({hands}). {scores}")
ROUND_THEY_WIN_HANDS = N_("The round is over: {player} wins {points} points ({hands}). {scores}")
B_ROUND_YOU_WIN = N_("Round: you +{points}. {scores}")
B_ROUND_THEY_WIN = N_("Round: {player} +{points}. {scores}")
B_ROUND_YOU_GO_OUT = N_("Round: you out. {scores}")
B_ROUND_THEY_GO_OUT = N_("Round: {player} out. {scores}")


def round_ended(
    winner: Who,
    gained: int | None,
    scores: Iterable[tuple[Who, int]],
    hands: Iterable[tuple[Who, int]] = (),
) -> str:
    """``gained`` is what the winner scored, or None when each counts their own hand;
    ``hands``: the points left in each other hand, which make up ``gained``.
    """
    fields = {"player": winner.name, "points": gained, "scores": score_list(scores)}
    if gained is None:
        return pick(winner, tr(ROUND_YOU_GO_OUT), tr(ROUND_THEY_GO_OUT)).format(**fields)
    hands = list(hands)
    if len(hands) > 1:  # with one opponent, their hand is the whole score
        said = pick(winner, tr(ROUND_YOU_WIN_HANDS), tr(ROUND_THEY_WIN_HANDS))
        return said.format(hands=numbers(hands), **fields)
    return pick(winner, tr(ROUND_YOU_WIN), tr(ROUND_THEY_WIN)).format(**fields)


def _b_round_ended(
    winner: Who,
    gained: int | None,
    scores: Iterable[tuple[Who, int]],
    hands: Iterable[tuple[Who, int]] = (),
) -> Parts:
    if gained is None:
        said = pick(winner, tr(B_ROUND_YOU_GO_OUT), tr(B_ROUND_THEY_GO_OUT))
    else:
        said = pick(winner, tr(B_ROUND_YOU_WIN), tr(B_ROUND_THEY_WIN))
    return (said.format(player=winner.name, points=gained, scores=_counts(scores)),)


register(round_ended, braille=_b_round_ended, brief=SAID_AS_BRAILLE)


# --- a round over, partners: the pair of the player who went out scores both opposing hands ---
ROUND_YOU_GO_OUT_PARTNERS = N_(
    "The round is over: you go out, and {team} win {points} points. {scores}"
)
ROUND_THEY_GO_OUT_PARTNERS = N_(
    "The round is over: {player} goes out, and {team} win {points} points. {scores}"
)
B_ROUND_YOU_GO_OUT_PARTNERS = N_("Round: you out, {team} +{points}. {scores}")
B_ROUND_THEY_GO_OUT_PARTNERS = N_("Round: {player} out, {team} +{points}. {scores}")
# a round no one could finish (``round_blocked`` said who won it): no one went out
ROUND_BLOCKED_PARTNERS = N_("The round is over: {team} win {points} points. {scores}")
B_ROUND_BLOCKED_PARTNERS = N_("Round: {team} +{points}. {scores}")


def round_ended_partners(
    winner: Who,
    team: Iterable[Who],
    gained: int,
    scores: Iterable[tuple[Iterable[Who], int]],
    blocked: bool = False,
) -> str:
    """Partners: the pair of the player who went out scores both opposing hands
    (``blocked``: no one went out; the pair of the hand worth least scores them)."""
    if blocked:
        said = tr(ROUND_BLOCKED_PARTNERS)
    else:
        said = pick(winner, tr(ROUND_YOU_GO_OUT_PARTNERS), tr(ROUND_THEY_GO_OUT_PARTNERS))
    return said.format(
        player=winner.name, team=team_name(team), points=gained, scores=team_scores(scores)
    )


def _b_round_ended_partners(
    winner: Who,
    team: Iterable[Who],
    gained: int,
    scores: Iterable[tuple[Iterable[Who], int]],
    blocked: bool = False,
) -> Parts:
    if blocked:
        said = tr(B_ROUND_BLOCKED_PARTNERS)
    else:
        said = pick(winner, tr(B_ROUND_YOU_GO_OUT_PARTNERS), tr(B_ROUND_THEY_GO_OUT_PARTNERS))
    return (
        said.format(
            player=winner.name, team=team_name(team), points=gained, scores=team_numbers(scores)
        ),
    )


register(round_ended_partners, braille=_b_round_ended_partners, brief=SAID_AS_BRAILLE)


# --- a round over, each adding their own hand (lowest scoring, Challenge UNO) -------------
# {points}: each player's points ("Ann 12, Bob 3"); {scores} the scores' sentence
ROUND_YOU_GO_OUT_LEFT_IN_HANDS = N_(
    "The round is over: you go out. Points left in hands: {points}. {scores}"
)
ROUND_THEY_GO_OUT_LEFT_IN_HANDS = N_(
    "The round is over: {player} goes out. Points left in hands: {points}. {scores}"
)
ROUND_YOU_GO_OUT_CAUGHT_HOLDING = N_(
    "The round is over: you go out. Points caught holding: {points}. {scores}"
)
ROUND_THEY_GO_OUT_CAUGHT_HOLDING = N_(
    "The round is over: {player} goes out. Points caught holding: {points}. {scores}"
)


ROUND_BLOCKED_LEFT_IN_HANDS = N_("The round is over. Points left in hands: {points}. {scores}")
ROUND_BLOCKED_CAUGHT_HOLDING = N_("The round is over. Points caught holding: {points}. {scores}")
B_ROUND_BLOCKED = N_("Round over. {scores}")


def round_ended_own_hands(
    winner: Who,
    added: Iterable[tuple[Who, int]],
    scores: str,
    caught: bool,
    blocked: bool = False,
) -> str:
    """Lowest scoring or Challenge UNO: each adds the points left in their own hand
    (``caught``: Challenge UNO, the points they were caught holding); ``scores`` is said last.
    ``blocked``: no one went out (``round_blocked`` said who won the round).
    """
    added = list(added)
    if blocked:
        said = tr(ROUND_BLOCKED_CAUGHT_HOLDING) if caught else tr(ROUND_BLOCKED_LEFT_IN_HANDS)
    elif not added:
        said = pick(winner, tr(ROUND_YOU_GO_OUT), tr(ROUND_THEY_GO_OUT))
    elif caught:
        said = pick(
            winner, tr(ROUND_YOU_GO_OUT_CAUGHT_HOLDING), tr(ROUND_THEY_GO_OUT_CAUGHT_HOLDING)
        )
    else:
        said = pick(winner, tr(ROUND_YOU_GO_OUT_LEFT_IN_HANDS), tr(ROUND_THEY_GO_OUT_LEFT_IN_HANDS))
    return said.format(player=winner.name, points=numbers(added), scores=scores)


def _b_round_ended_own_hands(
    winner: Who,
    added: Iterable[tuple[Who, int]],
    scores: str,
    caught: bool,
    blocked: bool = False,
) -> Parts:
    if blocked:
        return (tr(B_ROUND_BLOCKED).format(scores=scores),)
    said = pick(winner, tr(B_ROUND_YOU_GO_OUT), tr(B_ROUND_THEY_GO_OUT))
    return (said.format(player=winner.name, scores=scores),)


register(round_ended_own_hands, braille=_b_round_ended_own_hands, brief=SAID_AS_BRAILLE)


# --- the game over ------------------------------------------------------------------------
GAME_YOU_WIN = N_("The game is over: you win the game. {scores}")
GAME_THEY_WIN = N_("The game is over: {player} wins the game. {scores}")
B_GAME_YOU_WIN = N_("Game: you win. {scores}")
B_GAME_THEY_WIN = N_("Game: {player} wins. {scores}")


def game_ended(winner: Who, scores: Iterable[tuple[Who, int]]) -> str:
    said = pick(winner, tr(GAME_YOU_WIN), tr(GAME_THEY_WIN))
    return said.format(player=winner.name, scores=score_list(scores))


def _b_game_ended(winner: Who, scores: Iterable[tuple[Who, int]]) -> Parts:
    said = pick(winner, tr(B_GAME_YOU_WIN), tr(B_GAME_THEY_WIN))
    return (said.format(player=winner.name, scores=_counts(scores)),)


register(game_ended, braille=_b_game_ended, brief=SAID_AS_BRAILLE)


# --- the game over, partners --------------------------------------------------------------
GAME_TEAM_WINS = N_("The game is over: {team} win the game. {scores}")
B_GAME_TEAM_WINS = N_("Game: {team} win. {scores}")


def game_ended_partners(team: Iterable[Who], scores: Iterable[tuple[Iterable[Who], int]]) -> str:
    return tr(GAME_TEAM_WINS).format(team=team_name(team), scores=team_scores(scores))


def _b_game_ended_partners(
    team: Iterable[Who], scores: Iterable[tuple[Iterable[Who], int]]
) -> Parts:
    return (tr(B_GAME_TEAM_WINS).format(team=team_name(team), scores=team_numbers(scores)),)


register(game_ended_partners, braille=_b_game_ended_partners, brief=SAID_AS_BRAILLE)


# --- the game over, the lowest score winning ----------------------------------------------
GAME_YOU_WIN_LOWEST = N_("The game is over: you win the game with the lowest score. {scores}")
GAME_THEY_WIN_LOWEST = N_(
    "The game is over: {player} wins the game with the lowest score. {scores}"
)


def game_ended_lowest(winner: Who, scores: Iterable[tuple[Who, int]]) -> str:
    said = pick(winner, tr(GAME_YOU_WIN_LOWEST), tr(GAME_THEY_WIN_LOWEST))
    return said.format(player=winner.name, scores=score_list(scores))


def _b_game_ended_lowest(winner: Who, scores: Iterable[tuple[Who, int]]) -> Parts:
    return _b_game_ended(winner, scores)


register(game_ended_lowest, braille=_b_game_ended_lowest, brief=SAID_AS_BRAILLE)


# --- the game over, Challenge UNO: the last player not out wins ---------------------------
GAME_YOU_ARE_LAST_LEFT = N_(
    "The game is over: you are the last player left and win the game. {scores}"
)
GAME_THEY_ARE_LAST_LEFT = N_(
    "The game is over: {player} is the last player left and wins the game. {scores}"
)


def game_ended_last_left(winner: Who, scores: str) -> str:
    """Challenge UNO: the last player not out wins."""
    said = pick(winner, tr(GAME_YOU_ARE_LAST_LEFT), tr(GAME_THEY_ARE_LAST_LEFT))
    return said.format(player=winner.name, scores=scores)


def _b_game_ended_last_left(winner: Who, scores: str) -> Parts:
    return (
        pick(winner, tr(B_GAME_YOU_WIN), tr(B_GAME_THEY_WIN)).format(
            player=winner.name, scores=scores
        ),
    )


register(game_ended_last_left, braille=_b_game_ended_last_left, brief=SAID_AS_BRAILLE)
