"""The answers to the player's questions (C, T, L, S, W, a selected card): each answer, one
after another, as its whole sentences, its braille form and its brief form side by side,
then registered together (see ``forms``).
"""

from __future__ import annotations

from collections.abc import Iterable

from ...engine.cards import Card, Color, Kind
from ..message import Parts
from .cards import card_list, card_name, color_name
from .events import (
    _b_turn_started,
    _counts,
    named,
    score_list,
    team_numbers,
    team_scores,
    totals_items,
    totals_list,
)
from .forms import (
    LIST_SEPARATOR,
    SAID_AS_BRAILLE,
    Plural,
    Who,
    _with_cards,
    capital,
    fill,
    pick,
    plural,
    register,
)
from .keys import TYPED, How, keyed
from .language import N_, NP_, tr

# --- card check (C): how many cards each holds --------------------------------------------
CARD_CHECK = N_("Card check: {counts}.")
YOUR_CARD_COUNT: Plural = NP_("you {count} card", "you {count} cards")
THEIR_CARD_COUNT: Plural = NP_("{player} {count} card", "{player} {count} cards")
# the braille form: each player's count after the fewest letters that tell them apart,
# so that four players fit 20 cells: "y7 A7 B6 C6"
B_CARD_CHECK = N_("{counts}")
# Translators: the viewer in a braille form's tally, before their number ("y7": you, 7);
# one letter or two, told apart from the other players' initials by being lowercase
B_YOU_TALLY = N_("y{number}")
B_THEIR_TALLY = N_("{initials}{number}")
W_CARD_CHECK = N_("Cards: {counts}")  # the brief verbosity's words


def initials(names: Iterable[str]) -> list[str]:
    """Each name's fewest first letters that no other name of the list begins with (the
    whole name, when another begins with all of it): "Ann", "Abe", "Bob" -> An, Ab, B."""
    names = list(names)
    folded = [name.casefold() for name in names]
    short: list[str] = []
    for index, name in enumerate(names):
        others = [other for at, other in enumerate(folded) if at != index]
        size = 1
        while size < len(name) and any(o.startswith(folded[index][:size]) for o in others):
            size += 1
        short.append(name[:size])
    return short


def tally(counts: Iterable[tuple[Who, int]]) -> str:
    """A braille form's numbers, one a player, each after its player's initials."""
    counts = list(counts)
    letters = initials(who.name for who, _ in counts)
    return " ".join(
        tr(B_YOU_TALLY).format(number=n)
        if who.you
        else tr(B_THEIR_TALLY).format(initials=short, number=n)
        for (who, n), short in zip(counts, letters, strict=True)
    )


def card_counts(counts: Iterable[tuple[Who, int]]) -> str:
    """ "Ann 5 cards, Bob 1 card, you 7 cards"."""
    return LIST_SEPARATOR.join(
        plural(n, pick(who, YOUR_CARD_COUNT, THEIR_CARD_COUNT)).format(player=who.name, count=n)
        for who, n in counts
    )


def card_check(counts: Iterable[tuple[Who, int]]) -> str:
    """ "Card check: Ann 5 cards, Bob 1 card, you 7 cards."."""
    return tr(CARD_CHECK).format(counts=card_counts(counts))


def _b_card_check(counts: Iterable[tuple[Who, int]]) -> Parts:
    return (tr(B_CARD_CHECK).format(counts=tally(counts)),)


def _w_card_check(counts: Iterable[tuple[Who, int]]) -> str:
    """The brief verbosity says each name whole: "Cards: you 5, Bob 6"."""
    return tr(W_CARD_CHECK).format(counts=_counts(counts))


register(card_check, braille=_b_card_check, brief=_w_card_check)


# --- touching the top card (T): a Wild's colour too ---------------------------------------
TOP_CARD = N_("Top card: {card}.")
TOP_WILD = N_("Top card: {card}, colour in play {color}.")
TOP_WILD_NO_COLOR = N_("Top card: {card}, no colour chosen yet.")
B_TOP_CARD = N_("Top {card}")
B_TOP_WILD = N_("Top {card} {color}")
B_TOP_WILD_NO_COLOR = N_("Top {card} no colour")


def top_card(card: Card, color: Color | None) -> str:
    """Touching the top card; ``color`` is said for a Wild (None: not chosen yet)."""
    if not card.is_wild:
        return tr(TOP_CARD).format(card=card_name(card))
    if color is None:
        return tr(TOP_WILD_NO_COLOR).format(card=card_name(card))
    return tr(TOP_WILD).format(card=card_name(card), color=color_name(color))


def _b_top_card(card: Card, color: Color | None) -> Parts:
    if not card.is_wild:
        return fill(tr(B_TOP_CARD), card=card)
    if color is None:
        return fill(tr(B_TOP_WILD_NO_COLOR), card=card)
    return fill(tr(B_TOP_WILD), card=card, color=color_name(color).lower())


register(top_card, braille=_b_top_card, brief=SAID_AS_BRAILLE)


# --- the braille display's table line: the top card, then how many cards each holds -------
TABLE_LINE = N_("{top} {counts}")  # the top card's sentence, then the card check's
B_TABLE_TOP = N_("{card}")
B_TABLE_TOP_WILD = N_("{card} {color}")
B_TABLE_TOP_WILD_NO_COLOR = N_("{card} no colour")
B_TABLE_COUNTS = "; "  # then the counts, a part of their own


def table_line(card: Card, color: Color | None, counts: Iterable[tuple[Who, int]]) -> str:
    """The braille display's table line: the top card, then how many cards each holds."""
    return tr(TABLE_LINE).format(top=top_card(card, color), counts=card_check(counts))


def _b_table_line(card: Card, color: Color | None, counts: Iterable[tuple[Who, int]]) -> Parts:
    if not card.is_wild:
        top = fill(tr(B_TABLE_TOP), card=card)
    elif color is None:
        top = fill(tr(B_TABLE_TOP_WILD_NO_COLOR), card=card)
    else:
        top = fill(tr(B_TABLE_TOP_WILD), card=card, color=color_name(color).lower())
    counts = list(counts)  # the others': the viewer's own are the hand line's, above
    names = initials(who.name for who, _ in counts)
    others = " ".join(
        tr(B_THEIR_TALLY).format(initials=short, number=n)
        for (who, n), short in zip(counts, names, strict=True)
        if not who.you
    )
    return (*top, B_TABLE_COUNTS, others)


register(table_line, braille=_b_table_line, brief=SAID_AS_BRAILLE)


# --- the hand, in deck order --------------------------------------------------------------
YOUR_HAND: Plural = NP_("Your hand, {count} card: {cards}.", "Your hand, {count} cards: {cards}.")
YOUR_HAND_IS_EMPTY = N_("Your hand is empty.")
B_YOUR_HAND = N_("Hand {count}: {cards}")
B_YOUR_HAND_IS_EMPTY = N_("Hand empty")


def your_hand(cards: Iterable[Card], count: int) -> str:
    if count == 0:
        return tr(YOUR_HAND_IS_EMPTY)
    names = card_list(card_name(c) for c in cards)
    return plural(count, YOUR_HAND).format(count=count, cards=names)


def _b_your_hand(cards: Iterable[Card], count: int) -> Parts:
    return (
        fill(tr(B_YOUR_HAND), count=count, cards=list(cards))
        if count
        else (tr(B_YOUR_HAND_IS_EMPTY),)
    )


register(your_hand, braille=_b_your_hand, brief=SAID_AS_BRAILLE)


# --- what the player can play -------------------------------------------------------------
# A bluff Wild Draw Four (issue 14): listed as playable, with the warning that it is a
# bluff, which a challenge would punish. {color} is the colour in play the player holds.
ONLY_AS_A_BLUFF = N_("only as a bluff: you hold {color}")
CARD_AS_A_BLUFF = N_("{card} ({bluff})")  # {bluff}: ONLY_AS_A_BLUFF
YOU_CAN_PLAY = N_("You can play: {cards}.")
NOTHING_MATCHES = N_("None of your cards matches: you must draw.")
B_YOU_CAN_PLAY = N_("Playable: {cards}")
B_NOTHING_MATCHES = N_("Nothing playable, {draw_key} draws")  # the letter, lowercase


def only_as_bluff(color: Color) -> str:
    return tr(ONLY_AS_A_BLUFF).format(color=color_name(color).lower())


def you_can_play(cards: Iterable[Card], how: How = TYPED, bluff: Color | None = None) -> str:
    names = [
        tr(CARD_AS_A_BLUFF).format(card=card_name(c), bluff=only_as_bluff(bluff))
        if bluff is not None and c.kind is Kind.WILD_DRAW_FOUR
        else card_name(c)
        for c in cards
    ]
    if not names:
        return tr(NOTHING_MATCHES)
    return tr(YOU_CAN_PLAY).format(cards=card_list(names))


def _b_you_can_play(cards: Iterable[Card]) -> Parts:
    cards = list(cards)
    if not cards:
        return (keyed(tr(B_NOTHING_MATCHES), keys=False),)
    return fill(tr(B_YOU_CAN_PLAY), cards=cards)


register(you_can_play, braille=_b_you_can_play, brief=SAID_AS_BRAILLE)


# --- the scores (S), and what wins --------------------------------------------------------
# {scores} is the scores' sentence ("Scores: you 57, Ann 0.")
SCORES_FIRST_TO = N_("{scores} First to {target} wins.")
SCORES_LOWEST = N_("{scores} At {target} points the lowest score wins.")
B_SCORES = N_("Scores: {scores}; to {target}")


def scores_line(scores: Iterable[tuple[Who, int]], target: int, lowest: bool) -> str:
    said = tr(SCORES_LOWEST) if lowest else tr(SCORES_FIRST_TO)
    return said.format(scores=score_list(scores), target=target)


def _b_scores_line(scores: Iterable[tuple[Who, int]], target: int, lowest: bool) -> Parts:
    return (tr(B_SCORES).format(scores=_counts(scores), target=target),)


register(scores_line, braille=_b_scores_line, brief=SAID_AS_BRAILLE)


# --- the scores of partners ---------------------------------------------------------------
TEAM_SCORES_FIRST_TO = N_("{scores} The first pair to {target} wins.")


def team_scores_line(scores: Iterable[tuple[Iterable[Who], int]], target: int) -> str:
    return tr(TEAM_SCORES_FIRST_TO).format(scores=team_scores(scores), target=target)


def _b_team_scores_line(scores: Iterable[tuple[Iterable[Who], int]], target: int) -> Parts:
    return (tr(B_SCORES).format(scores=team_numbers(scores), target=target),)


register(team_scores_line, braille=_b_team_scores_line, brief=SAID_AS_BRAILLE)


# --- Challenge UNO's running totals -------------------------------------------------------
TOTALS_LINE = N_("{scores} Reaching {target} points puts a player out; the last one left wins.")
B_TOTALS = N_("Scores: {scores}; out at {target}")


def totals_line(scores: Iterable[tuple[Who, int, bool]], target: int) -> str:
    return tr(TOTALS_LINE).format(scores=totals_list(scores), target=target)


def _b_totals_line(scores: Iterable[tuple[Who, int, bool]], target: int) -> Parts:
    return (tr(B_TOTALS).format(scores=totals_items(scores), target=target),)


register(totals_line, braille=_b_totals_line, brief=SAID_AS_BRAILLE)


# --- whose turn it is ---------------------------------------------------------------------
IT_IS_YOUR_TURN = N_("It is your turn.")
IT_IS_THEIR_TURN = N_("It is {player}'s turn.")


def whose_turn(who: Who) -> str:
    return pick(who, tr(IT_IS_YOUR_TURN), tr(IT_IS_THEIR_TURN)).format(player=who.name)


def _b_whose_turn(who: Who) -> Parts:
    return _b_turn_started(who)


register(whose_turn, braille=_b_whose_turn, brief=SAID_AS_BRAILLE)


# --- the direction and order of play, from the player to move -----------------------------
PLAY_GOES_LEFT_ORDER = N_("Play goes to the left, clockwise: {order}.")
PLAY_GOES_RIGHT_ORDER = N_("Play goes to the right, counterclockwise: {order}.")
ORDER_SEPARATOR = N_(", then ")
B_PLAY_GOES_LEFT_ORDER = N_("Play goes left: {order}")
B_PLAY_GOES_RIGHT_ORDER = N_("Play goes right: {order}")


def play_order(clockwise: bool, order: Iterable[Who]) -> str:
    said = tr(PLAY_GOES_LEFT_ORDER) if clockwise else tr(PLAY_GOES_RIGHT_ORDER)
    return said.format(order=tr(ORDER_SEPARATOR).join(named(who) for who in order))


def _b_play_order(clockwise: bool, order: Iterable[Who]) -> Parts:
    said = tr(B_PLAY_GOES_LEFT_ORDER) if clockwise else tr(B_PLAY_GOES_RIGHT_ORDER)
    return (said.format(order=LIST_SEPARATOR.join(named(who) for who in order)),)


register(play_order, braille=_b_play_order, brief=SAID_AS_BRAILLE)


# --- W: whose turn it is (between rounds: nobody's), then the order of play ---------------
TURN_AND_ORDER = N_("{turn} {order}")  # whose turn's sentence, then the order's
B_YOUR_TURN_LEFT = N_("Your turn, left: {order}")
B_YOUR_TURN_RIGHT = N_("Your turn, right: {order}")
B_THEIR_TURN_LEFT = N_("{player}'s turn, left: {order}")
B_THEIR_TURN_RIGHT = N_("{player}'s turn, right: {order}")


def turn_and_order(whose: Who | None, clockwise: bool, order: Iterable[Who]) -> str:
    """W: whose turn it is (None between rounds), then the direction and order of play."""
    goes = play_order(clockwise, order)
    return goes if whose is None else tr(TURN_AND_ORDER).format(turn=whose_turn(whose), order=goes)


def _b_turn_and_order(whose: Who | None, clockwise: bool, order: Iterable[Who]) -> Parts:
    if whose is None:
        return _b_play_order(clockwise, order)
    names = [named(who) for who in order]
    rest = names[1:] if names and names[0] == named(whose) else names
    if clockwise:
        said = pick(whose, tr(B_YOUR_TURN_LEFT), tr(B_THEIR_TURN_LEFT))
    else:
        said = pick(whose, tr(B_YOUR_TURN_RIGHT), tr(B_THEIR_TURN_RIGHT))
    return (said.format(player=whose.name, order=LIST_SEPARATOR.join(rest)),)


register(turn_and_order, braille=_b_turn_and_order, brief=SAID_AS_BRAILLE)


# --- the large-text hand's heading, and the DRAW pile (P) ---------------------------------
HAND_HEADING: Plural = NP_("Your hand, {count} card:", "Your hand, {count} cards:")
HAND_LEGEND = N_("> marks the selected card, * a card you can play.")
DRAW_PILE: Plural = NP_("The DRAW pile has {count} card.", "The DRAW pile has {count} cards.")


B_HAND_HEADING = N_("Hand {count}")
B_DRAW_PILE = N_("Pile {count}")


def hand_heading(count: int) -> str:
    return plural(count, HAND_HEADING).format(count=count) if count else tr(YOUR_HAND_IS_EMPTY)


def _b_hand_heading(count: int) -> Parts:
    return (tr(B_HAND_HEADING).format(count=count) if count else tr(B_YOUR_HAND_IS_EMPTY),)


register(hand_heading, braille=_b_hand_heading, brief=SAID_AS_BRAILLE)


def draw_pile(count: int) -> str:
    return plural(count, DRAW_PILE).format(count=count)


def _b_draw_pile(count: int) -> Parts:
    return (tr(B_DRAW_PILE).format(count=count),)


register(draw_pile, braille=_b_draw_pile, brief=SAID_AS_BRAILLE)


# --- the selected card, as the hand is moved through --------------------------------------
CARD_AT = N_("{card}, {place} of {count}.")
CARD_AT_PLAYABLE = N_("{card}, {place} of {count}, can be played.")
CARD_AT_NOT_PLAYABLE = N_("{card}, {place} of {count}, cannot be played now.")
CARD_AT_BLUFF = N_("{card}, {place} of {count}, can be played {bluff}.")  # ONLY_AS_A_BLUFF
# at the first or last card: {said} is the sentence above
EDGE_CARD = N_("{edge} card: {said}")
# Translators: the first or last card of the hand, reached by Home/End or an arrow key.
EDGES = {"first": N_("First"), "last": N_("Last")}
# braille: "g#b #d/#i can play, first"
# Translators: {place}/{count} is the card's place in the hand ("4/9").
B_CARD_AT = N_("{card} {place}/{count}{plays}{edge}")
B_CARD_AT_BLUFF = N_("{card} bluff {place}/{count} hold {color}{edge}")
B_CAN_PLAY = N_(" can play")
B_CANNOT_PLAY = N_(" cannot play")
B_EDGE = N_(", {edge}")
# brief speech and print, where "4/9" would not be spoken well: "Green 2, 4 of 9, can play."
W_CARD_AT = N_("{card}, {place} of {count}{plays}{edge}.")
W_CAN_PLAY = N_(", can play")
W_CANNOT_PLAY = N_(", cannot play")
W_BLUFF = N_(", bluff: you hold {color}")
W_EDGE = N_(", {edge}")


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
    if playable and bluff is not None:
        said = tr(CARD_AT_BLUFF)
    elif playable is not None:
        said = tr(CARD_AT_PLAYABLE) if playable else tr(CARD_AT_NOT_PLAYABLE)
    else:
        said = tr(CARD_AT)
    bluffing = only_as_bluff(bluff) if bluff is not None else ""
    said = said.format(card=card_name(card), place=place, count=count, bluff=bluffing)
    if edge is not None:
        said = tr(EDGE_CARD).format(
            edge=tr(EDGES[edge]) if edge in EDGES else capital(edge), said=said
        )
    return said


def _b_card_at(
    card: Card,
    place: int,
    count: int,
    playable: bool | None,
    edge: str | None = None,
    bluff: Color | None = None,
) -> Parts:
    end = tr(B_EDGE).format(edge=edge) if edge is not None else ""
    if playable and bluff is not None:  # "bluff" next to the code, in the first 20 cells
        return fill(
            tr(B_CARD_AT_BLUFF),
            card=card,
            place=place,
            count=count,
            color=color_name(bluff).lower(),
            edge=end,
        )
    plays = "" if playable is None else (tr(B_CAN_PLAY) if playable else tr(B_CANNOT_PLAY))
    return fill(tr(B_CARD_AT), card=card, place=place, count=count, plays=plays, edge=end)


def _w_card_at(
    card: Card,
    place: int,
    count: int,
    playable: bool | None,
    edge: str | None = None,
    bluff: Color | None = None,
) -> str:
    plays = "" if playable is None else (tr(W_CAN_PLAY) if playable else tr(W_CANNOT_PLAY))
    if playable and bluff is not None:
        plays = tr(W_BLUFF).format(color=color_name(bluff).lower())
    end = tr(W_EDGE).format(edge=edge) if edge is not None else ""
    return tr(W_CARD_AT).format(
        card=card_name(card), place=place, count=count, plays=plays, edge=end
    )


register(card_at, braille=_b_card_at, brief=_w_card_at)


# --- L: the hand in the order the player sorted it, and on their turn what plays ----------
HAND_AND_PLAYABLE = N_("{hand} {playable}")  # the hand's sentence, then what can be played
B_NONE_PLAYABLE = N_("; none playable")
B_PLAYABLE_AFTER_HAND = N_("; play: ")
B_BLUFF = N_(" bluff")  # after a Wild Draw Four that is a bluff


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
    if playable is None:
        return said
    return tr(HAND_AND_PLAYABLE).format(hand=said, playable=you_can_play(playable, how, bluff))


def _b_hand_answer(
    cards: Iterable[Card],
    count: int,
    playable: Iterable[Card] | None,
    how: How = TYPED,
    bluff: Color | None = None,
) -> Parts:
    if not count:
        return (tr(B_YOUR_HAND_IS_EMPTY),)
    hand = _with_cards("", cards)[1:]
    if playable is None:
        return hand
    playable = list(playable)
    if not playable:
        return (*hand, tr(B_NONE_PLAYABLE))
    plays = _with_cards(tr(B_PLAYABLE_AFTER_HAND), playable)
    if bluff is not None:  # the Wild Draw Four marked where it is listed
        plays = tuple(
            part
            for item in plays
            for part in (
                (item, tr(B_BLUFF))
                if isinstance(item, Card) and item.kind is Kind.WILD_DRAW_FOUR
                else (item,)
            )
        )
    return (*hand, *plays)


register(hand_answer, braille=_b_hand_answer, brief=SAID_AS_BRAILLE)
