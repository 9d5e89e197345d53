"""The hard bot remembers what its seat was told: a player who drew held nothing that
matched, a hand shown in a challenge is known. It hears events only as its own seat may
know them, and its made-up hands agree with what it remembers.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from bots_helpers import cards

from uno_access.bots.base import tell, watchers
from uno_access.bots.hard import HardBot
from uno_access.bots.memory import Memory, matching
from uno_access.bots.normal import NormalBot
from uno_access.engine import events as ev
from uno_access.engine.cards import Card, Color
from uno_access.engine.game import Game
from uno_access.engine.setup import build_deck
from uno_access.engine.state import Phase
from uno_access.simulate import play_game

B7 = Card.from_code("b7")


def _memory(*events: ev.Event) -> Memory:
    memory = Memory(0)
    memory.observe(
        [
            ev.RoundStarted(1, 3),
            *(ev.HandDealt(s, 7) for s in range(4)),
            ev.StartCardTurned(B7),
            *events,
        ]
    )
    return memory


def _unseen(*out: Card) -> list[Card]:
    deck = build_deck(Game.new(4, seed=1).state.rules, 4)
    for card in out:
        deck.remove(card)
    return deck


def _deals(memory: Memory, sizes: list[int], count: int = 200) -> Iterable[list[list[Card]]]:
    rng = random.Random(4)
    mine = cards("r1", "r2", "r3", "r4", "r5", "r6", "r7")
    unseen = _unseen(*mine, B7)
    for _ in range(count):
        hands, pile = memory.deal_hands(0, mine, sizes, unseen, rng)
        dealt = sorted(c.index for c in [*pile, *(c for h in hands[1:] for c in h)])
        assert dealt == sorted(c.index for c in unseen)  # every unseen card, once
        assert [len(h) for h in hands] == sizes
        yield hands


def test_a_player_who_drew_instead_of_playing_is_dealt_nothing_that_matched_then() -> None:
    memory = _memory(ev.CardsDrawn(1, 1, ev.DrawReason.TURN), ev.DrawnCardKept(1))
    shut = matching(B7, Color.BLUE)
    for hands in _deals(memory, [7, 8, 7, 7]):
        assert not any(card in shut for card in hands[1])  # no Blue, no 7, Wilds allowed
    assert any(any(card in shut for card in hands[2]) for hands in _deals(memory, [7, 8, 7, 7]))


def test_cards_drawn_after_a_draw_on_the_turn_may_be_anything() -> None:
    memory = _memory(
        ev.CardsDrawn(1, 1, ev.DrawReason.TURN),
        ev.DrawnCardKept(1),
        ev.CardsDrawn(1, 2, ev.DrawReason.UNO_PENALTY),
    )
    shut = matching(B7, Color.BLUE)
    counts = [sum(card in shut for card in hands[1]) for hands in _deals(memory, [7, 10, 7, 7])]
    assert max(counts) <= 2 and max(counts) > 0  # only the two new cards can match


def test_a_player_who_plays_the_card_it_drew_is_still_read_from_its_draws() -> None:
    memory = _memory(
        ev.CardsDrawn(1, 1, ev.DrawReason.TURN),
        ev.CardPlayed(1, Card.from_code("b4"), 7),  # the drawn card matched: played at once
        ev.CardPlayed(2, Card.from_code("b2"), 6),
    )
    assert not memory.untrusted and memory.size(1) == 7
    shut = matching(B7, Color.BLUE)
    for hands in _deals(memory, [7, 7, 6, 7], 50):
        assert not any(card in shut for card in hands[1])  # the seven it held then


def test_a_card_played_since_keeps_the_rest_of_that_hand_unmatched() -> None:
    g3 = Card.from_code("g3")
    memory = _memory(
        ev.CardsDrawn(1, 1, ev.DrawReason.TURN),
        ev.DrawnCardKept(1),
        ev.CardPlayed(2, g3, 6),
        ev.CardPlayed(1, Card.from_code("g5"), 7),
    )
    assert memory.size(1) == 7
    shut = matching(B7, Color.BLUE)
    for hands in _deals(memory, [7, 7, 6, 7], 50):
        assert not any(card in shut for card in hands[1])


def test_a_hand_shown_in_a_challenge_is_known_until_its_cards_are_played() -> None:
    shown = tuple(cards("g1", "g2", "y3", "wi", "b9", "r9", "gsk"))
    memory = _memory(ev.HandShown(2, 0, 7, shown), ev.CardPlayed(2, shown[0], 6))
    for hands in _deals(memory, [7, 7, 6, 7], 20):
        assert sorted(c.index for c in hands[2]) == sorted(c.index for c in shown[1:])


def test_what_is_remembered_never_contradicts_the_hands_normal_bots_really_hold() -> None:
    checked = named = 0
    for seed in range(6):
        game = Game.new(4, seed=seed)
        bots = [NormalBot(random.Random(seed * 4 + s)) for s in range(4)]
        memory = Memory(0)
        memory.observe(e for e in (ev.for_seat(x, 0) for x in game.opening) if e is not None)
        state = game.state
        while state.phase is not Phase.GAME_OVER:
            seat = state.dealer if state.phase is Phase.ROUND_OVER else state.current
            action = bots[seat].choose(game.view(seat), game.legal_actions(seat))
            assert action is not None
            events = game.apply(action)
            memory.observe(e for e in (ev.for_seat(x, 0) for x in events) if e is not None)
            if state.phase is not Phase.PLAY:
                continue
            for other in (1, 2, 3):
                hand = state.hands[other]
                assert memory.size(other) == len(hand)
                for group in memory.groups[other]:
                    if group.excluded or group.named is not None:
                        checked += 1
                        named += group.named is not None
                        assert sum(group.allows(card) for card in hand) >= group.count
        assert not memory.untrusted
    assert checked > 500  # groups with something excluded, checked against the real hands
    assert named > 50  # and colours named with a Wild


class _Listener:
    """A bot that remembers: records what it hears, plays as the normal bot."""

    needs_view = True

    def __init__(self, seed: int) -> None:
        self.bot = NormalBot(random.Random(seed))
        self.heard: list[tuple[int, ev.Event]] = []

    def choose(self, view, legal):  # type: ignore[no-untyped-def]
        return self.bot.choose(view, legal)

    def observe(self, seat: int, events: Iterable[ev.Event], sizes: Sequence[int]) -> None:
        assert len(sizes) == 4
        self.heard += [(seat, event) for event in events]


def test_a_remembering_bot_hears_other_seats_draws_without_their_cards() -> None:
    game = Game.new(4, seed=9)
    listeners = [_Listener(s) for s in range(4)]
    play_game(game, listeners, rounds=1)
    for seat, listener in enumerate(listeners):
        own = other = 0
        for heard_as, event in listener.heard:
            assert heard_as == seat
            if isinstance(event, ev.CardsDrawn | ev.HandDealt):
                if event.seat == seat:
                    own += len(event.cards)
                else:
                    other += event.count
                    assert event.cards == ()
        assert own >= 7 and other >= 21  # its own cards, and only the others' numbers


def test_the_hard_bot_is_one_of_the_bots_that_remember_and_plays_on_after_hands_move() -> None:
    bot = HardBot(random.Random(1), playouts=16)
    assert watchers([(2, bot), (0, NormalBot(random.Random(1)))]) == [(2, bot)]
    tell(
        [(2, bot)],
        [
            ev.RoundStarted(1, 0),
            ev.HandDealt(1, 7, tuple(cards("g1") * 7)),
            ev.StartCardTurned(B7),
            ev.CardsDrawn(1, 1, ev.DrawReason.TURN),
        ],
        [7, 8, 7, 7],
    )
    assert bot.memory is not None and bot.memory.seat == 2
    assert bot.memory.size(1) == 8 and bot.memory.groups[1][0].excluded
    tell([(2, bot)], [ev.HandsPassed(ev.Direction.CLOCKWISE)], [8, 7, 7, 7])
    assert bot.memory.size(1) == 7  # a hand that moved: its size, and nothing else known
    assert not any(group.excluded for group in bot.memory.groups[1])


def test_a_player_seen_to_draw_while_holding_a_match_is_not_read_from_draws_again() -> None:
    b2 = Card.from_code("b2")
    memory = _memory(
        ev.CardsDrawn(1, 1, ev.DrawReason.TURN), ev.DrawnCardKept(1), ev.CardPlayed(1, b2, 7)
    )  # a Blue after all: it drew by choice
    assert 1 in memory.untrusted and memory.size(1) == 7
    memory.observe([ev.CardsDrawn(1, 1, ev.DrawReason.TURN), ev.DrawnCardKept(1)])
    assert all(not group.excluded for group in memory.groups[1])
    assert memory.size(1) == 8


def test_a_player_who_played_a_wild_on_their_turn_held_nothing_else_that_matched() -> None:
    memory = _memory(ev.CardPlayed(1, Card.from_code("wi"), 6), ev.ColorChosen(1, Color.RED))
    shut = matching(B7, Color.BLUE)
    for hands in _deals(memory, [7, 6, 7, 7]):
        assert not any(card in shut for card in hands[1])  # no Blue, no 7 under the Wild
    assert any(any(card in shut for card in hands[2]) for hands in _deals(memory, [7, 6, 7, 7]))


def _named_green(*after: ev.Event) -> Memory:
    """Seat 1 plays a Wild, keeping one card, and names Green."""
    return _memory(
        ev.CardPlayed(1, Card.from_code("wi"), 1), ev.ColorChosen(1, Color.GREEN), *after
    )


def _green_or_wild(memory: Memory, sizes: list[int], seat: int = 1) -> int:
    """In how many of 200 deals ``seat``'s cards include a Green or a Wild."""
    return sum(
        any(card.color in (Color.GREEN, None) for card in hands[seat])
        for hands in _deals(memory, sizes)
    )


def test_a_player_who_named_a_colour_with_a_wild_is_dealt_a_card_of_it() -> None:
    assert _green_or_wild(_named_green(), [7, 1, 7, 7]) == 200
    assert _green_or_wild(_named_green(), [7, 1, 1, 7], seat=2) < 150  # one who named none


def test_a_named_colour_is_forgotten_once_its_player_draws_while_it_is_in_play() -> None:
    drew = _named_green(ev.CardsDrawn(1, 1, ev.DrawReason.TURN), ev.DrawnCardKept(1))
    memory = _named_green()
    assert all(group.named is None for group in drew.groups[1])
    assert any(group.named is Color.GREEN for group in memory.groups[1])
    assert drew.size(1) == 2 and not drew.untrusted


def test_a_card_of_the_named_colour_played_uses_the_colour_up() -> None:
    memory = _named_green(
        ev.CardsDrawn(1, 2, ev.DrawReason.DRAW_TWO), ev.CardPlayed(1, Card.from_code("g4"), 2)
    )
    assert all(group.named is None for group in memory.groups[1])
    assert memory.size(1) == 2 and not memory.untrusted


def test_a_player_who_named_a_colour_it_lacks_is_not_distrusted_for_it() -> None:
    memory = _named_green(ev.CardPlayed(1, Card.from_code("r4"), 0))
    assert not memory.untrusted


def _wild_draw_four(*after: ev.Event) -> Memory:
    return _memory(
        ev.CardPlayed(1, Card.from_code("wi+4"), 6), ev.ColorChosen(1, Color.RED), *after
    )


def _dealt_fair(memory: Memory, size: int = 6) -> float:
    """The share of made-up hands of seat 1 holding nothing that matched the Blue 7."""
    shut = matching(B7, Color.BLUE)
    deals = list(_deals(memory, [7, size, 7, 7], 400))
    return sum(not any(card in shut for card in hands[1]) for hands in deals) / len(deals)


def test_a_wild_draw_four_is_taken_as_fair_as_often_as_its_player_has_been_fair() -> None:
    first = _dealt_fair(_wild_draw_four())
    assert 0.55 < first < 0.8  # two in three, before any challenge of theirs is seen
    caught = _wild_draw_four()
    caught.challenged[1] = (0, 5)  # guilty five times this game: a bluffer
    assert _dealt_fair(caught) < first - 0.2


def test_a_wild_draw_four_shown_fair_in_a_challenge_is_known_fair_and_guilty_forgotten() -> None:
    fair = _wild_draw_four(ev.ChallengeMade(2, 1), ev.ChallengeResolved(2, 1, False))
    assert _dealt_fair(fair) == 1.0 and fair.challenged[1] == (1, 0)
    guilty = _wild_draw_four(ev.ChallengeMade(2, 1), ev.ChallengeResolved(2, 1, True))
    assert _dealt_fair(guilty) < 0.2 and guilty.challenged[1] == (0, 1)


def test_a_card_that_matched_played_after_a_wild_draw_four_shows_it_a_bluff() -> None:
    memory = _wild_draw_four(ev.CardPlayed(1, Card.from_code("r3"), 5))
    assert _dealt_fair(memory, 5) > 0.55  # the Red 3 matched the Wild Draw Four: nothing yet
    memory.observe([ev.CardPlayed(1, Card.from_code("b2"), 4)])  # a Blue, held all along
    assert all(not group.doubted for group in memory.groups[1])
    assert 1 not in memory.untrusted  # a bluff is allowed: its draws are still read


def test_how_each_player_answers_a_wild_draw_four_is_counted_for_the_game() -> None:
    four = Card.from_code("wi+4")
    memory = _memory(
        ev.CardPlayed(0, four, 6),
        ev.ColorChosen(0, Color.RED),
        ev.ChallengeMade(1, 0),
        ev.ChallengeResolved(1, 0, False),
        ev.CardPlayed(2, four, 6),
        ev.ColorChosen(2, Color.RED),
        ev.DrawAccepted(3),
    )
    assert memory.answered == {1: (1, 0), 3: (0, 1)}
    assert memory.challenge_chance(1) > 0.5 > memory.challenge_chance(3)
    assert memory.challenge_chance(2) == 0.5  # not seen to answer one
