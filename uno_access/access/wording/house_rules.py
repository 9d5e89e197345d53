"""The house rules players bring from other audio card games (Seven-O, draw
responses, force play, draw to match, no bluffing): their refusals, the Seven-O
question, and their descriptions at the set-up and at the start of a game."""

from __future__ import annotations

from collections.abc import Iterable

from ...engine.cards import Card, Color
from ...engine.events import Refusal
from ...engine.rules import RuleSet
from .cards import card_name
from .events import _REFUSALS_BRIEF, REFUSALS
from .keys import TYPED, How
from .play import ANSWER_BY_LINE

# Seven-O, progressive draw responses, force play, draw to match, no bluffing (RULES.md,
# "House rules"): the events, the refusals, the Seven-O question, the one-line
# descriptions at the start of a game and in the setup's rules question.


# (hands_swapped, its braille and brief forms: in wording/events.py)

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
