"""RULES.md, Setting up: choosing the dealer, the deal, and the start card's effect."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from engine_helpers import (
    COUNTERCLOCKWISE,
    card,
    cards,
    codes,
    draw_pile,
    expected,
    hands,
    position,
    refuse,
    summary,
)

from uno_access.engine.actions import ChooseColor, Draw, Play
from uno_access.engine.cards import Card, Color
from uno_access.engine.events import (
    CardPlayed,
    CardsDrawn,
    ColorChosen,
    DealerChosen,
    DealerDrew,
    DirectionChanged,
    DrawReason,
    Event,
    HandDealt,
    PlayerSkipped,
    Refusal,
    RoundStarted,
    StartCardReturned,
    StartCardTurned,
    TurnStarted,
)
from uno_access.engine.game import Game
from uno_access.engine.rules import RuleSet
from uno_access.engine.state import Phase


def _number_rank(c: Card) -> int:
    """Drawing for dealer under the default rules: the number, action cards zero."""
    return c.number if c.number is not None else 0


def _point_rank(c: Card) -> int:
    return {"wi": 50, "wi+4": 50}.get(c.code, 20 if c.number is None else c.number)


def _check_dealer_draw(
    game: Game,
    players: int,
    rank: Callable[[Card], int],
) -> list[list[tuple[int, str]]]:
    """Replay the dealer draw from ``game.opening``: every round all contenders draw one
    card each, the highest rank alone deals, a tie for highest draws again among the tied.
    Returns the rounds as (seat, code) pairs."""
    drew = [e for e in game.opening if isinstance(e, DealerDrew)]
    chosen = [e for e in game.opening if isinstance(e, DealerChosen)]
    rounds: list[list[tuple[int, str]]] = []
    contenders = list(range(players))
    i = 0
    while True:
        this_round = drew[i : i + len(contenders)]
        i += len(contenders)
        assert [e.seat for e in this_round] == contenders
        rounds.append([(e.seat, e.card.code) for e in this_round])
        best = max(rank(e.card) for e in this_round)
        contenders = [e.seat for e in this_round if rank(e.card) == best]
        if len(contenders) == 1:
            break
    assert i == len(drew), "more cards drawn for dealer than the ties called for"
    assert chosen == [DealerChosen(contenders[0])]
    assert game.state.dealer == contenders[0]
    # the dealer is chosen before the round is dealt
    order = [type(e) for e in game.opening]
    assert order.index(DealerChosen) < order.index(RoundStarted)
    return rounds


def _find(players: int, wanted: Callable[[Game], bool], rules: RuleSet | None = None) -> Game:
    """The first seeded new game that shows what a test needs (seeds are tried in order,
    so the test does not depend on how the engine shuffles)."""
    for seed in range(3000):
        game = Game.new(players, rules=rules, seed=seed)
        if wanted(game):
            return game
    raise AssertionError("no seed gives the position this test needs")


def _number_start(game: Game) -> bool:
    turned = [e.card for e in game.opening if isinstance(e, StartCardTurned)]
    return turned[0].number is not None


def _drew(game: Game) -> list[DealerDrew]:
    return [e for e in game.opening if isinstance(e, DealerDrew)]


def test_highest_number_deals_when_each_player_draws_a_card() -> None:
    dealers = set()
    for seed in range(60):
        for players in (2, 3, 4, 7):
            game = Game.new(players, seed=seed)
            _check_dealer_draw(game, players, _number_rank)
            dealers.add(game.state.dealer)
    assert len(dealers) >= 4  # not always the same seat

    # one draw, no tie: the highest number deals
    def no_tie(game: Game) -> bool:
        drew = _drew(game)
        return len(drew) == 4 and len({_number_rank(e.card) for e in drew}) == 4

    game = _find(4, no_tie)
    drew = _drew(game)
    highest = max(drew, key=lambda e: _number_rank(e.card))
    assert game.opening[:5] == (*drew, DealerChosen(highest.seat))
    assert game.state.dealer == highest.seat


def test_action_cards_count_as_zero_when_drawing_for_dealer() -> None:
    # a Wild or action card (20 or 50 points) loses to a number card 1-9 ...
    def action_loses(game: Game) -> bool:
        drew = _drew(game)
        return (
            len(drew) == 3
            and any(e.card.number is None for e in drew)
            and all(e.card.number is None or e.card.number > 0 for e in drew)
        )

    game = _find(3, action_loses)
    drew = _drew(game)
    numbers = [e for e in drew if e.card.number is not None]
    highest = max(numbers, key=lambda e: _number_rank(e.card))
    assert game.opening[:4] == (*drew, DealerChosen(highest.seat))

    # ... and ties with a 0: two players holding a 0 and an action card draw again
    def action_ties_zero(game: Game) -> bool:
        first = _drew(game)[:2]
        return {e.card.number is None for e in first} == {True, False} and all(
            _number_rank(e.card) == 0 for e in first
        )

    game = _find(2, action_ties_zero)
    rounds = _check_dealer_draw(game, 2, _number_rank)
    assert len(rounds) >= 2
    assert [seat for seat, _ in rounds[1]] == [0, 1]


def test_players_tied_for_highest_draw_again_until_one_is_highest() -> None:
    def tie_of_two(game: Game) -> bool:
        drew = _drew(game)[:4]
        ranks = [_number_rank(e.card) for e in drew]
        return ranks.count(max(ranks)) == 2 and len(_drew(game)) > 4

    game = _find(4, tie_of_two)
    first = _drew(game)[:4]
    best = max(_number_rank(e.card) for e in first)
    tied = [e.seat for e in first if _number_rank(e.card) == best]
    rounds = _check_dealer_draw(game, 4, _number_rank)
    assert [seat for seat, _ in rounds[1]] == tied  # only the tied players draw again
    assert game.state.dealer in tied


def test_dealer_by_points_option_makes_the_highest_point_value_deal() -> None:
    by_points = RuleSet(dealer_by_points=True)
    for seed in range(40):
        _check_dealer_draw(Game.new(3, seed=seed, rules=by_points), 3, _point_rank)

    # a Wild or action card beats every number card when drawing by points
    def action_beats_nine(game: Game) -> bool:
        drew = _drew(game)
        return (
            len(drew) == 3
            and any(e.card.number is not None and e.card.number > 0 for e in drew)
            and len({_point_rank(e.card) for e in drew}) == 3
            and max(drew, key=lambda e: _point_rank(e.card)).card.number is None
        )

    game = _find(3, action_beats_nine, by_points)
    drew = _drew(game)
    highest = max(drew, key=lambda e: _point_rank(e.card))
    assert highest.card.number is None
    assert game.opening[:4] == (*drew, DealerChosen(highest.seat))
    assert game.state.dealer == highest.seat


def test_dealer_deals_seven_cards_to_each_player_and_the_rest_is_the_draw_pile() -> None:
    game = _find(4, _number_start)  # a number card turned: nobody drew at the start
    s = game.state
    dealt = [e for e in game.opening if isinstance(e, HandDealt)]
    assert [(e.seat, e.count, codes(e.cards)) for e in dealt] == [
        (seat, 7, hands(game)[seat]) for seat in range(4)
    ]
    assert [len(hand) for hand in s.hands] == [7, 7, 7, 7]
    assert len(s.draw_pile) == 108 - 4 * 7 - 1
    assert len(s.discard) == 1
    assert s.scores == [0, 0, 0, 0]


def test_speed_uno_hand_size_deals_ten_cards_each() -> None:
    game = _find(4, _number_start, RuleSet(hand_size=10))
    assert [len(hand) for hand in game.state.hands] == [10, 10, 10, 10]
    assert [e.count for e in game.opening if isinstance(e, HandDealt)] == [10, 10, 10, 10]
    assert len(game.state.draw_pile) == 108 - 4 * 10 - 1


def test_top_card_of_the_draw_pile_is_turned_and_called_out_to_start_the_discard_pile() -> None:
    game = position([["r1"], ["r2"], ["r3"]], "b7", ["g4", "g5"])
    assert game.opening == (
        RoundStarted(1, 2),
        StartCardTurned(card("b7")),
        TurnStarted(0),
    )
    assert summary(game) == expected(
        hands=[["r1"], ["r2"], ["r3"]],
        draw_pile=["g4", "g5"],
        discard=["b7"],
        current=0,
        color=Color.BLUE,
    )
    # in a dealt game too: the start card is called out and lies alone on the DISCARD pile
    dealt = _find(4, _number_start)
    top = dealt.state.discard[-1]
    assert dealt.opening[-2:] == (StartCardTurned(top), TurnStarted((dealt.state.dealer + 1) % 4))
    assert len(dealt.state.discard) == 1
    assert dealt.state.color is top.color


def test_play_starts_with_the_player_to_the_dealers_left() -> None:
    for dealer, first in ((0, 1), (1, 2), (2, 3), (3, 0)):
        game = position([["r1"], ["r2"], ["r3"], ["r4"]], "b7", ["g4"], dealer=dealer)
        assert game.state.current == first
        assert game.opening[-1] == TurnStarted(first)
    for seed in range(30):
        dealt = Game.new(5, seed=seed)
        if _number_start(dealt):
            assert dealt.state.current == (dealt.state.dealer + 1) % 5
            assert dealt.state.direction == 1


def test_wild_draw_four_start_card_is_returned_to_the_deck_and_another_card_turned() -> None:
    game = position([["r1"], ["r2"], ["r3"]], "wi+4", ["b5"], seed=0)
    opening: Sequence[Event] = game.opening
    returned = [e for e in opening if isinstance(e, StartCardReturned)]
    assert returned and all(e == StartCardReturned(card("wi+4")) for e in returned)
    assert opening[-2:] == (StartCardTurned(card("b5")), TurnStarted(0))
    assert StartCardTurned(card("wi+4")) not in opening
    assert summary(game) == expected(
        hands=[["r1"], ["r2"], ["r3"]],
        draw_pile=["wi+4"],
        discard=["b5"],
        current=0,
        color=Color.BLUE,
    )
    # a longer DRAW pile: the Wild Draw Four goes back in, another card is turned
    game = position([["r1"], ["r2"], ["r3"]], "wi+4", ["b5", "g6", "y7", "r8"], seed=5)
    top = game.state.discard
    assert len(top) == 1 and top[0].code in {"b5", "g6", "y7", "r8"}
    assert Counter(draw_pile(game) + codes(top)) == Counter(["wi+4", "b5", "g6", "y7", "r8"])
    assert game.state.current == 0
    assert game.state.color is top[0].color
    # and in a dealt game
    dealt = _find(4, lambda g: any(isinstance(e, StartCardReturned) for e in g.opening))
    turned = [e for e in dealt.opening if isinstance(e, StartCardTurned)]
    assert len(turned) == 1 and turned[0].card != card("wi+4")
    assert [codes(dealt.state.discard)] == [[turned[0].card.code]]
    assert dealt.cards_in_play() == 108
    assert card("wi+4") in dealt.state.draw_pile


def test_wild_start_card_lets_the_player_left_of_the_dealer_choose_the_colour_then_play() -> None:
    game = position([["r1", "g5"], ["r2"], ["y3", "b3"], ["r4"]], "wi", ["g9"], dealer=1)
    assert game.opening == (RoundStarted(1, 1), StartCardTurned(card("wi")), TurnStarted(2))
    assert summary(game) == expected(
        hands=[["r1", "g5"], ["r2"], ["y3", "b3"], ["r4"]],
        draw_pile=["g9"],
        discard=["wi"],
        current=2,
        color=None,
        phase=Phase.START_COLOR,
    )
    # nobody else chooses, and nobody plays or draws before the colour is named
    assert refuse(game, ChooseColor(0, Color.GREEN)).reason is Refusal.NOT_YOUR_TURN
    assert refuse(game, Play(2, card("y3"))).reason is Refusal.CHOOSE_START_COLOR
    assert refuse(game, Draw(2)).reason is Refusal.CHOOSE_START_COLOR
    assert game.apply(ChooseColor(2, Color.YELLOW)) == [ColorChosen(2, Color.YELLOW)]
    assert summary(game) == expected(
        hands=[["r1", "g5"], ["r2"], ["y3", "b3"], ["r4"]],
        draw_pile=["g9"],
        discard=["wi"],
        current=2,
        color=Color.YELLOW,
    )
    # then the same player plays, on the chosen colour
    assert refuse(game, Play(2, card("b3"))).reason is Refusal.DOES_NOT_MATCH
    assert refuse(game, ChooseColor(2, Color.BLUE)).reason is Refusal.NO_COLOR_TO_CHOOSE
    assert game.apply(Play(2, card("y3"))) == [CardPlayed(2, card("y3"), 1), TurnStarted(3)]
    assert summary(game) == expected(
        hands=[["r1", "g5"], ["r2"], ["b3"], ["r4"]],
        draw_pile=["g9"],
        discard=["wi", "y3"],
        current=3,
        color=Color.YELLOW,
        exposed=2,
    )


def test_draw_two_start_card_makes_the_player_left_of_the_dealer_draw_two_and_lose_the_turn() -> (
    None
):
    game = position(
        [["b1"], ["b2"], ["b3", "r2"], ["b4"]],
        "g+2",
        ["y5", "y6", "y7"],
        dealer=1,
    )
    assert game.opening == (
        RoundStarted(1, 1),
        StartCardTurned(card("g+2")),
        CardsDrawn(2, 2, DrawReason.START_DRAW_TWO, tuple(cards("y5", "y6"))),
        PlayerSkipped(2),
        TurnStarted(3),
    )
    assert summary(game) == expected(
        hands=[["b1"], ["b2"], ["b3", "r2", "y5", "y6"], ["b4"]],
        draw_pile=["y7"],
        discard=["g+2"],
        current=3,
        color=Color.GREEN,
    )


def test_reverse_start_card_lets_the_dealer_play_first_and_play_goes_to_the_right() -> None:
    game = position([["b1", "g1"], ["b2", "r2"], ["b3", "y3"], ["b4"]], "brv", ["y5"], dealer=1)
    assert game.opening == (
        RoundStarted(1, 1),
        StartCardTurned(card("brv")),
        DirectionChanged(COUNTERCLOCKWISE),
        TurnStarted(1),
    )
    assert summary(game) == expected(
        hands=[["b1", "g1"], ["b2", "r2"], ["b3", "y3"], ["b4"]],
        draw_pile=["y5"],
        discard=["brv"],
        current=1,
        color=Color.BLUE,
        direction=COUNTERCLOCKWISE,
    )
    game.apply(Play(1, card("b2"), uno=True))
    assert game.state.current == 0  # the dealer's right
    game.apply(Play(0, card("b1"), uno=True))
    assert summary(game) == expected(
        hands=[["g1"], ["r2"], ["b3", "y3"], ["b4"]],
        draw_pile=["y5"],
        discard=["brv", "b2", "b1"],
        current=3,
        color=Color.BLUE,
        direction=COUNTERCLOCKWISE,
    )


def test_skip_start_card_skips_the_player_left_of_the_dealer() -> None:
    game = position([["b1"], ["b2"], ["b3"], ["b4"]], "rsk", ["y5"], dealer=2)
    assert game.opening == (
        RoundStarted(1, 2),
        StartCardTurned(card("rsk")),
        PlayerSkipped(3),
        TurnStarted(0),
    )
    assert summary(game) == expected(
        hands=[["b1"], ["b2"], ["b3"], ["b4"]],
        draw_pile=["y5"],
        discard=["rsk"],
        current=0,
        color=Color.RED,
    )
