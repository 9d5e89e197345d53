"""UNO Show 'Em No Mercy (preset ``no_mercy``, docs/rules.md "UNO Show 'Em No Mercy"): its
168-card deck, its coloured action cards and Wilds, stacking by value, the Mercy rule."""

from __future__ import annotations

import random
from collections import Counter

from engine_helpers import card, cards, hands, position, refuse, summary

from uno_access.engine.actions import Accept, ChooseColor, NextRound, Play
from uno_access.engine.cards import Color, Kind
from uno_access.engine.events import (
    CardPlayed,
    CardsDrawn,
    DirectionChanged,
    HandDiscarded,
    MercyKnockout,
    PlayerSkipped,
    Refusal,
    RouletteTurned,
    StackGrew,
    TurnStarted,
)
from uno_access.engine.game import Game
from uno_access.engine.rules import RuleSet
from uno_access.engine.setup import build_deck
from uno_access.engine.state import Phase

NO_MERCY = RuleSet.preset("no_mercy")
PILE = ["y5", "y6", "y7", "y8", "y9", "g9", "g8", "g6", "g5", "r9", "r8", "b1", "b2", "b3"]


def test_no_mercy_the_deck_is_its_168_cards_as_its_contents_list() -> None:
    deck = build_deck(NO_MERCY, 4)
    assert len(deck) == NO_MERCY.deck_size(4) == 168
    by_kind = Counter(c.kind for c in deck)
    assert by_kind == {
        Kind.NUMBER: 80,
        Kind.DRAW_TWO: 12,
        Kind.DRAW_FOUR: 8,
        Kind.SKIP: 12,
        Kind.SKIP_EVERYONE: 8,
        Kind.REVERSE: 12,
        Kind.DISCARD_ALL: 12,
        Kind.WILD_REVERSE_DRAW_FOUR: 8,
        Kind.WILD_DRAW_SIX: 4,
        Kind.WILD_DRAW_TEN: 4,
        Kind.WILD_COLOR_ROULETTE: 8,
    }
    assert NO_MERCY.seven_o and NO_MERCY.mercy_rule and NO_MERCY.draws_to_match


def test_no_mercy_a_round_starts_on_a_number_card() -> None:
    for seed in range(20):
        game = Game.new(["Ann", "Bob", "Cy"], NO_MERCY, rng=random.Random(seed))
        assert game.state.discard[-1].kind is Kind.NUMBER


def test_no_mercy_a_draw_card_is_answered_by_one_worth_as_many_or_more() -> None:
    hand = [["r+2", "g1"], ["b+2", "y+4", "g2"], ["wi+6", "g3", "g4"]]
    game = position(hand, "r3", PILE, rules=NO_MERCY)
    game.apply(Play(0, card("r+2")))
    assert game.state.phase is Phase.STACK and game.state.current == 1
    game.apply(Play(1, card("y+4")))  # a Draw Four on a Draw Two, another colour
    assert refuse(game, Play(2, card("g3"))).reason is Refusal.ANSWER_STACK
    result = game.apply(Play(2, card("wi+6"), Color.GREEN))
    assert StackGrew(0, 12) in result
    drawn = game.apply(Accept(0))
    took = [e for e in drawn if isinstance(e, CardsDrawn)]
    assert [(e.seat, e.count) for e in took] == [(0, 12)]
    assert PlayerSkipped(0) in drawn and game.state.current == 1


def test_no_mercy_a_smaller_draw_card_does_not_answer_a_bigger_one() -> None:
    game = position([["y+4", "g1"], ["b+2", "g2", "g7"], ["g3"]], "y3", PILE, rules=NO_MERCY)
    game.apply(Play(0, card("y+4")))
    assert refuse(game, Play(1, card("b+2"))).reason is Refusal.ANSWER_STACK
    assert Play(1, card("b+2")) not in game.legal_actions(1)


def test_no_mercy_skip_everyone_skips_every_other_player() -> None:
    game = position([["rska", "g1", "g5"], ["b1", "g2"], ["g3", "g4"]], "r3", PILE, rules=NO_MERCY)
    result = game.apply(Play(0, card("rska")))
    assert result[-3:] == [PlayerSkipped(1), PlayerSkipped(2), TurnStarted(0)]


def test_no_mercy_discard_all_takes_every_card_of_its_colour_with_it() -> None:
    game = position(
        [["rda", "r4", "rsk", "g1", "wi+6"], ["b1", "g2"], ["g3"]], "r3", PILE, rules=NO_MERCY
    )
    result = game.apply(Play(0, card("rda")))
    assert CardPlayed(0, card("rda"), 2) in result
    assert HandDiscarded(0, tuple(cards("r4", "rsk"))) in result
    assert hands(game)[0] == ["g1", "wi+6"]
    assert game.state.discard[-1] == card("rda") and game.state.color is Color.RED
    out = position([["rda", "r4"], ["b1"], ["g3"]], "r3", PILE, rules=NO_MERCY)
    out.apply(Play(0, card("rda")))  # its last cards: going out
    assert out.state.round_winner == 0


def test_no_mercy_wild_reverse_draw_four_turns_play_round_then_the_next_draws() -> None:
    game = position([["wirv+4", "g1"], ["b1", "g2"], ["g3", "g4"]], "r3", PILE, rules=NO_MERCY)
    result = game.apply(Play(0, card("wirv+4"), Color.GREEN))
    assert DirectionChanged in [type(e) for e in result]
    assert game.state.current == 2 and game.state.stack == 4  # the player before, now next


def test_no_mercy_colour_roulette_the_next_player_names_a_colour_and_turns_up_cards() -> None:
    pile = ["y3", "r1", "g7", "b2"]  # the top first
    game = position([["wiro", "g1"], ["b1", "g2"], ["g3", "g4"]], "r3", pile, rules=NO_MERCY)
    before = summary(game)
    refusal = refuse(game, Play(0, card("wiro"), Color.RED))
    assert refusal.reason is Refusal.ROULETTE_NAMES_NO_COLOR and summary(game) == before
    game.apply(Play(0, card("wiro")))
    assert game.state.phase is Phase.ROULETTE and game.state.current == 1
    assert refuse(game, Play(1, card("b1"))).reason is Refusal.NAME_ROULETTE_COLOR
    result = game.apply(ChooseColor(1, Color.GREEN))
    assert RouletteTurned(1, Color.GREEN, tuple(cards("y3", "r1", "g7"))) in result
    assert hands(game)[1] == ["b1", "g2", "y3", "r1", "g7"]
    assert game.state.color is Color.GREEN and game.state.current == 2


def test_no_mercy_the_mercy_rule_knocks_out_25_cards_and_the_last_left_wins() -> None:
    big = ["g1"] * 23
    pile = ["y5"] * 30
    game = position([["r+2", "g1", "g5"], [*big, "b1"], ["g3", "g4"]], "r3", pile, rules=NO_MERCY)
    game.apply(Play(0, card("r+2")))
    result = game.apply(Accept(1))  # 24 + 2: out of the round
    assert MercyKnockout(1, 26) in result
    assert game.state.eliminated[1] and hands(game)[1] == []
    assert game.state.current == 2 and game.state.phase is Phase.PLAY
    two = position([["r+2", "g1", "g5"], [*big, "b1"]], "r3", pile, rules=NO_MERCY)
    two.apply(Play(0, card("r+2")))
    two.apply(Accept(1))  # the last player left wins, with the knocked-out hand's points
    assert two.state.round_winner == 0
    assert two.state.scores[0] == 23 + 1 + 5 + 5  # 23 Green 1s, Blue 1, two Yellow 5s drawn
    if two.state.phase is Phase.ROUND_OVER:  # everyone back in the next round
        two.apply(NextRound(0))
        assert not any(two.state.eliminated)


def test_no_mercy_a_player_knocked_out_may_deal_the_next_round_and_is_told_why_not_before() -> None:
    big = ["g1"] * 23
    pile = ["y5"] * 30
    game = position([["r+2", "g1", "g5"], [*big, "b1"], ["g3", "g4"]], "r3", pile, rules=NO_MERCY)
    game.apply(Play(0, card("r+2")))
    game.apply(Accept(1))  # knocked out: out of this round, not the game
    assert game.legal_actions(1) == []
    assert refuse(game, Play(1, card("g1"))).reason is Refusal.KNOCKED_OUT
    assert refuse(game, NextRound(1)).reason is Refusal.KNOCKED_OUT  # the round goes on
    two = position([["r+2", "g1", "g5"], [*big, "b1"]], "r3", pile, rules=NO_MERCY)
    two.apply(Play(0, card("r+2")))
    two.apply(Accept(1))  # seat 0 wins the round; seat 1 is still knocked out
    assert two.state.phase is Phase.ROUND_OVER and two.state.eliminated[1]
    assert two.legal_actions(1) == [NextRound(1)]
    two.apply(NextRound(1))  # back in, and may deal
    assert two.state.phase is not Phase.ROUND_OVER and not any(two.state.eliminated)
