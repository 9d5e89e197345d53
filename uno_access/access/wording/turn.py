"""The player's own turn, and what they may do after drawing: sentences and brief forms."""

from __future__ import annotations

from ...engine.cards import ANNIVERSARY, WILD_DRAW_FOUR, Card, Color
from ..message import Parts
from .answers import top_card
from .cards import KIND_NAMES, card_name, color_name, count_cards
from .forms import _BRIEF, _BRIEF_WORDS, Who, _capital
from .keys import TYPED, How


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


_BRIEF.update(
    {
        your_turn: _b_your_turn,
        your_turn_start_color: _b_your_turn_start_color,
        your_turn_challenge: _b_your_turn_challenge,
        you_owe: _b_you_owe,
        drawn_playable: _b_drawn_playable,
        drawn_must_play: _b_drawn_must_play,
        drawn_anniversary: _b_drawn_anniversary,
    }
)
_BRIEF_WORDS.update(
    {
        your_turn: _w_your_turn,
        your_turn_challenge: _w_your_turn_challenge,
    }
)
