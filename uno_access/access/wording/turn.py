"""The player's own turn, and what they may do after drawing: each line, one after another,
as its whole sentences, its braille form and its brief form side by side, then registered
together (see ``forms``).

``{how_…}`` placeholders are what the player presses or types (``keys.How``: "press D",
"type d"), at the start of a sentence with a capital.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...engine.cards import ANNIVERSARY, WILD_DRAW_FOUR, Card, Color
from ..message import Parts
from .answers import top_card
from .cards import KIND_NAMES, card_name, color_name
from .forms import (
    LIST_SEPARATOR,
    SAID_AS_BRAILLE,
    Plural,
    Who,
    capital,
    fill,
    plural,
    register,
)
from .keys import TYPED, How, keyed
from .language import N_, NP_, tr

# Translators: the last two choices of a list: "D to draw, K to keep, or A to accept".
LIST_OR = N_("{items}, or {last}")


def or_list(choices: Sequence[str]) -> str:
    if len(choices) == 1:
        return choices[0]
    return tr(LIST_OR).format(items=LIST_SEPARATOR.join(choices[:-1]), last=choices[-1])


# --- your turn: the top card (after a Wild the colour in play) and your hand's size -------
# {top} is the top card's sentence ("Top card: Blue 7."); {hint} what the keys do, the
# first turns and always at full verbosity
YOUR_TURN_HOLDING: Plural = NP_(
    "Your turn. {top} You hold {count} card.",
    "Your turn. {top} You hold {count} cards.",
)
YOUR_TURN_HINT = N_("{said} {hint}")
B_YOUR_TURN_TOP = N_("Your turn. {card}")
# Translators: after a Wild, the colour in play (what must be matched) and the Wild's code,
# both within 20 braille cells: "Turn: yellow wi+4" (the shorter "Turn" makes room)
B_YOUR_TURN_WILD = N_("Turn: {color} {card}")
W_YOUR_TURN = N_("Your turn, {card}.")
W_YOUR_TURN_WILD = N_("Your turn, {card}, {color}.")


def your_turn(card: Card, color: Color | None, count: int, hint: str = "") -> str:
    """Your turn: the top card (and the colour in play after a Wild), how many cards you
    hold, then ``hint`` (what the keys do: the first turns, and always at full verbosity).
    """
    said = plural(count, YOUR_TURN_HOLDING).format(top=top_card(card, color), count=count)
    return tr(YOUR_TURN_HINT).format(said=said, hint=hint) if hint else said


def _b_your_turn(card: Card, color: Color | None, count: int, hint: str = "") -> Parts:
    if card.is_wild and color is not None:
        return fill(tr(B_YOUR_TURN_WILD), card=card, color=color_name(color).lower())
    return fill(tr(B_YOUR_TURN_TOP), card=card)


def _w_your_turn(card: Card, color: Color | None, count: int, hint: str = "") -> str:
    if card.is_wild and color is not None:
        return tr(W_YOUR_TURN_WILD).format(card=card_name(card), color=color_name(color))
    return tr(W_YOUR_TURN).format(card=card_name(card))


register(your_turn, braille=_b_your_turn, brief=_w_your_turn)


# --- Space (or N) on your own turn: nothing goes on until you move (issue 23) ----------------
# {how_draw}: "press D", "type d"
STILL_YOUR_TURN = N_("Still your turn: play a card, or {how_draw} to draw.")
B_STILL_YOUR_TURN = N_("Still your turn, {draw_key} draws")


def still_your_turn(how: How = TYPED) -> str:
    return tr(STILL_YOUR_TURN).format(how_draw=how.draw)


def _b_still_your_turn(how: How = TYPED) -> Parts:
    return (keyed(tr(B_STILL_YOUR_TURN), keys=False),)


register(still_your_turn, braille=_b_still_your_turn, brief=SAID_AS_BRAILLE)


# --- your turn, a Wild turned up to start: you choose its colour --------------------------
YOUR_TURN_START_COLOR = N_("Your turn: a Wild started the DISCARD pile, so you choose its colour.")
B_YOUR_TURN_START_COLOR = N_("Your turn. Choose the colour")


def your_turn_start_color() -> str:
    return tr(YOUR_TURN_START_COLOR)


def _b_your_turn_start_color() -> Parts:
    return (tr(B_YOUR_TURN_START_COLOR),)


register(your_turn_start_color, braille=_b_your_turn_start_color, brief=SAID_AS_BRAILLE)

# A Wild turned up to start (issue 14): its colour is asked by the one colour question;
# Enter alone leaves it for later.
START_COLOR_LATER_KEYS = N_("No colour chosen yet: press Enter when you are ready to choose it.")
START_COLOR_LATER_TYPED = N_(
    "No colour chosen yet: type it when you are ready: blue, green, red or yellow."
)


B_START_COLOR_LATER_KEYS = N_("No colour yet: {key} chooses")
B_START_COLOR_LATER_TYPED = N_("No colour yet: type it")


def start_color_later(how: How = TYPED) -> str:
    return tr(START_COLOR_LATER_KEYS) if how.keys else tr(START_COLOR_LATER_TYPED)


def _b_start_color_later(how: How = TYPED) -> Parts:
    if how.keys:
        return (tr(B_START_COLOR_LATER_KEYS).format(key=how.key.play),)
    return (tr(B_START_COLOR_LATER_TYPED),)


register(start_color_later, braille=_b_start_color_later, brief=SAID_AS_BRAILLE)


# --- your turn, a Wild Draw Four on you: challenge it or accept it ------------------------
# {player} played it; {choices} is the list of what you may do (the choices below)
WILD_DRAW_FOUR_ON_YOU = N_("Your turn: {player} played a Wild Draw Four on you. {choices}.")
WILD_DRAW_FOUR_ON_YOU_OWE: Plural = NP_(
    "Your turn: {player} played a Wild Draw Four on you, and you owe {count} card. {choices}.",
    "Your turn: {player} played a Wild Draw Four on you, and you owe {count} cards. {choices}.",
)
# Translators: {how_challenge} is "Press H" or "Type h"; {how_accept} "press A" or "type a".
CHOICE_CHALLENGE = N_("{how_challenge} to challenge it")
CHOICE_ACCEPT_AND_DRAW = N_("{how_accept} to accept it and draw {count}")
CHOICE_ADD_A_WILD_DRAW_FOUR = N_("play a Wild Draw Four to add to the stack")
CHOICE_JUMP_IN_WITH = N_("{how_jump} to jump in with your {card}")
# {challenge} and {accept}: the keys ("h", "a")
B_WILD_DRAW_FOUR_ON_YOU = N_("{player}'s {card}: {challenge}/{accept}")
B_WILD_DRAW_FOUR_ON_YOU_OWE = N_("{card}, owe {count}: {challenge}/{accept}")
W_WILD_DRAW_FOUR_ON_YOU = N_("{player}'s Wild Draw Four on you: challenge or accept.")
W_WILD_DRAW_FOUR_ON_YOU_OWE = N_(
    "{player}'s Wild Draw Four on you, you owe {count}: challenge or accept."
)


def your_turn_challenge(
    who: Who, owed: int = 4, add: bool = False, jump: Card | None = None, how: How = TYPED
) -> str:
    """A Wild Draw Four on you; ``owed`` more than 4 when a stack grew; ``add`` when you may
    stack a Wild Draw Four on it, ``jump`` the card you may jump in with (Double-Double).
    """
    choices = [
        tr(CHOICE_CHALLENGE).format(how_challenge=capital(how.challenge)),
        tr(CHOICE_ACCEPT_AND_DRAW).format(how_accept=how.accept, count=owed),
    ]
    if add:
        choices.append(tr(CHOICE_ADD_A_WILD_DRAW_FOUR))
    if jump is not None:
        choices.append(tr(CHOICE_JUMP_IN_WITH).format(how_jump=how.jump, card=card_name(jump)))
    said = tr(WILD_DRAW_FOUR_ON_YOU) if owed == 4 else plural(owed, WILD_DRAW_FOUR_ON_YOU_OWE)
    return said.format(player=who.name, count=owed, choices=or_list(choices))


def _b_your_turn_challenge(
    who: Who, owed: int = 4, add: bool = False, jump: Card | None = None, how: How = TYPED
) -> Parts:
    said = tr(B_WILD_DRAW_FOUR_ON_YOU) if owed == 4 else tr(B_WILD_DRAW_FOUR_ON_YOU_OWE)
    key = how.key
    return fill(
        said,
        player=who.name,
        card=WILD_DRAW_FOUR,
        count=owed,
        challenge=key.challenge,
        accept=key.accept,
    )


def _w_your_turn_challenge(
    who: Who, owed: int = 4, add: bool = False, jump: Card | None = None, how: How = TYPED
) -> str:
    said = tr(W_WILD_DRAW_FOUR_ON_YOU) if owed == 4 else tr(W_WILD_DRAW_FOUR_ON_YOU_OWE)
    return said.format(player=who.name, count=owed)


register(your_turn_challenge, braille=_b_your_turn_challenge, brief=_w_your_turn_challenge)


# --- your turn, a stack on you: add to it or accept it ------------------------------------
YOU_OWE: Plural = NP_(
    "Your turn. You owe {count} card: {choices}.",
    "Your turn. You owe {count} cards: {choices}.",
)
STACK_CAME_BACK: Plural = NP_(
    "Your turn. The stack has come back to you, who began it: you owe {count} card: {choices}.",
    "Your turn. The stack has come back to you, who began it: you owe {count} cards: {choices}.",
)
# {kind}: "Draw Two", "Wild Draw Four"
CHOICE_ADD_TO_THE_STACK = N_("play a {kind} to add to the stack")
# {card}: a card held that passes the stack on (stack_deflect), as "Blue Skip"
CHOICE_PASS_THE_STACK_ON = N_("play {card} to pass the stack on")
CHOICE_ACCEPT_THEM = N_("{how_accept} to accept them")
# {accept}: the key that accepts ("a")
B_YOU_OWE = N_("You owe {count}: {accept}")
B_STACK_CAME_BACK = N_("Stack back, owe {count}: {accept}")
B_YOU_OWE_ADD = N_("You owe {count}: {card} or {accept}")
B_STACK_CAME_BACK_ADD = N_("Stack back, owe {count}: {card} or {accept}")


def you_owe(
    owed: int,
    add: Card | None,
    jump: Card | None,
    came_back: bool,
    how: How = TYPED,
    deflect: Card | None = None,
) -> str:
    """A stack on you: ``add`` the kind of card that adds to it, ``jump`` a card identical to
    the top card (Double-Double); ``came_back`` when you began the stack; ``deflect`` a card
    held that passes it on (``stack_deflect``).
    """
    choices: list[str] = []
    if add is not None:
        choices.append(tr(CHOICE_ADD_TO_THE_STACK).format(kind=tr(KIND_NAMES[add.kind])))
    if deflect is not None:
        choices.append(tr(CHOICE_PASS_THE_STACK_ON).format(card=card_name(deflect)))
    if jump is not None:
        choices.append(tr(CHOICE_JUMP_IN_WITH).format(how_jump=how.jump, card=card_name(jump)))
    choices.append(tr(CHOICE_ACCEPT_THEM).format(how_accept=how.accept))
    said = plural(owed, STACK_CAME_BACK if came_back else YOU_OWE)
    return said.format(count=owed, choices=or_list(choices))


def _b_you_owe(
    owed: int,
    add: Card | None,
    jump: Card | None,
    came_back: bool,
    how: How = TYPED,
    deflect: Card | None = None,
) -> Parts:
    accept = how.key.accept
    add = add if add is not None else deflect  # the card that answers it, either way
    if add is None:
        said = tr(B_STACK_CAME_BACK) if came_back else tr(B_YOU_OWE)
        return (said.format(count=owed, accept=accept),)
    said = tr(B_STACK_CAME_BACK_ADD) if came_back else tr(B_YOU_OWE_ADD)
    return fill(said, count=owed, card=add, accept=accept)


register(you_owe, braille=_b_you_owe, brief=SAID_AS_BRAILLE)


# --- a drawn card that plays: play it or keep it ------------------------------------------
# {how_play}: "press Enter", "type play"; {how_keep}: "press K", "k"
DRAWN_PLAYABLE = N_("You may play {card} now: {how_play} to play it, or {how_keep} to keep it.")
# {play}, {keep}: the keys ("Enter/k"), or the words typed ("play/k")
B_DRAWN_PLAYABLE = N_("Drew {card} {play}/{keep}")


def drawn_playable(card: Card, how: How = TYPED) -> str:
    keep = how.keep.removeprefix("type ") if not how.keys else how.keep
    return tr(DRAWN_PLAYABLE).format(card=card_name(card), how_play=how.play_drawn, how_keep=keep)


def _b_drawn_playable(card: Card, how: How = TYPED) -> Parts:
    return fill(tr(B_DRAWN_PLAYABLE), card=card, play=how.key.play, keep=how.key.keep)


register(drawn_playable, braille=_b_drawn_playable, brief=SAID_AS_BRAILLE)

DRAWN_KEPT = N_("{card} does not match the top card, so you keep it.")
B_DRAWN_KEPT = N_("Kept {card}: no match")


def drawn_kept(card: Card) -> str:
    return tr(DRAWN_KEPT).format(card=card_name(card))


def _b_drawn_kept(card: Card) -> Parts:
    return fill(tr(B_DRAWN_KEPT), card=card)


register(drawn_kept, braille=_b_drawn_kept, brief=SAID_AS_BRAILLE)


# --- Speed UNO's draw until a card plays: the card that matched is played -----------------
# Said after the draw, and again at L, at D and when asked what to do (issue 14), with the
# key or the command that plays it ({how}: the keys below).
YOU_MUST_PLAY = N_("You must play {card} ({how}).")
MUST_PLAY_BY_KEY = N_("Enter")
MUST_PLAY_WILD_BY_KEY = N_("Enter, then its colour")
MUST_PLAY_TYPED = N_("type {play_word}")
MUST_PLAY_WILD_TYPED = N_("type {play_word} and a colour, as {play_word} red")
B_YOU_MUST_PLAY = N_("Play {card}: {key}")  # {key}: "Enter", or "play" typed


def drawn_must_play(card: Card, how: How = TYPED) -> str:
    """Speed UNO: the card that matched after drawing is played."""
    if how.keys:
        play = tr(MUST_PLAY_WILD_BY_KEY) if card.is_wild else tr(MUST_PLAY_BY_KEY)
    else:
        play = keyed(tr(MUST_PLAY_WILD_TYPED) if card.is_wild else tr(MUST_PLAY_TYPED), False)
    return tr(YOU_MUST_PLAY).format(card=card_name(card), how=play)


def _b_drawn_must_play(card: Card, how: How = TYPED) -> Parts:
    return fill(tr(B_YOU_MUST_PLAY), card=card, key=how.key.play)


register(drawn_must_play, braille=_b_drawn_must_play, brief=SAID_AS_BRAILLE)


# --- an Anniversary card drawn ------------------------------------------------------------
DRAWN_ANNIVERSARY = N_("You may play the Anniversary card you drew: {how}.")  # how.anniversary


def drawn_anniversary(how: How = TYPED) -> str:
    return tr(DRAWN_ANNIVERSARY).format(how=how.anniversary)


def _b_drawn_anniversary(how: How = TYPED) -> Parts:
    return fill(tr(B_DRAWN_PLAYABLE), card=ANNIVERSARY, play=how.key.play, keep=how.key.keep)


register(drawn_anniversary, braille=_b_drawn_anniversary, brief=SAID_AS_BRAILLE)
