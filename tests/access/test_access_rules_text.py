"""The standard rules in ``uno_access/assets/rules.md`` say what RULES.md rules (issue 14):
a Wild is played on your turn, a Wild Draw Four may be played as a bluff and challenged, the DRAW
pile is rebuilt from the discards, UNO may be called just before the card, forced draws
do not begin a turn.
"""

from __future__ import annotations

from uno_access.access import document
from uno_access.access.document import Block, BlockKind

RULES = document.as_text(document.rules())


def block(key: str) -> Block:
    return next(b for b in document.rules() if b.key == key)


def test_a_wild_is_played_on_your_turn_not_at_any_time() -> None:
    wild = block("wild")
    assert wild.kind is BlockKind.ITEM
    assert wild.text.startswith("Wild: you play it on your turn, on any card, even when you hold")
    assert "at any time" not in wild.text


def test_a_wild_draw_four_may_be_played_as_a_bluff_and_challenged() -> None:
    four = block("wild-draw-four").text
    assert "a card of the same number or symbol in another colour does not count" in four
    assert "You may still play it while you hold that colour, as a bluff" in four
    challenge = block("challenge").text
    assert challenge.startswith("Only the player who must draw the 4 cards may challenge")
    assert "the challenger plays as usual, in the colour chosen" in challenge
    assert "the challenger draws 6 cards" in challenge


def test_the_draw_pile_is_reshuffled_from_the_discards_when_it_runs_out() -> None:
    assert block("reshuffle").text == (
        "When the DRAW pile runs out, the DISCARD pile, all but its top card, is shuffled to "
        "make a new DRAW pile, and play goes on."
    )


def test_uno_may_be_called_just_before_the_card_and_forced_draws_begin_no_turn() -> None:
    assert "You may call it on your turn just before you play that card" in block("uno").text
    catch = block("catch").text
    assert "until the next player begins a turn, by drawing from the DRAW pile" in catch
    assert "If you call UNO before anyone catches you, you are safe." in catch
    assert "or challenging or accepting a Wild Draw Four, does not begin a turn" in catch


def test_ties_for_dealer_draw_again_and_the_deal_passes_to_the_left() -> None:
    assert "Players who tie for the highest draw again." in RULES
    assert "the deal passes to the left, and a new round begins" in RULES


def test_a_card_drawn_that_plays_may_be_kept_and_no_other_card_follows_a_draw() -> None:
    assert "you may play it at once or keep it" in block("draw").text
    assert "you may play only that card, no other card from your hand" in block("renege").text


def test_the_keys_and_placeholders_of_the_texts_are_never_shown() -> None:
    assert "<!--" not in RULES and "{" not in RULES and "}" not in RULES
    assert "uno_penalty" not in RULES
