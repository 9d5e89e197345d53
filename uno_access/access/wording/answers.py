"""The answers to the player's questions (L, C, T, W, S, a selected card): sentences and
brief forms.
"""

from __future__ import annotations

from collections.abc import Iterable

from ...engine.cards import Card, Color, Kind
from ..message import Parts
from .cards import card_list, card_name, color_name, count_cards
from .events import _b_turn_started, _counts, _team_counts, score_list, team_scores, totals_list
from .forms import _BRIEF, _BRIEF_WORDS, Who, _capital, _with_cards
from .keys import TYPED, How


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


_BRIEF.update(
    {
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
        card_at: _b_card_at,
        hand_answer: _b_hand_answer,
        turn_and_order: _b_turn_and_order,
    }
)
_BRIEF_WORDS.update(
    {
        card_at: _w_card_at,
    }
)
