"""The random driver and the invariant checks of the property tests (test_properties.py for the
standard rules, test_properties_variants.py for every preset).

A random driver lets every seat act, in turn or not, mostly legally (so that games move on)
and often illegally (random cards, colours, UNO flags, catches of seats that do not exist,
answers to challenges nobody made; with ``variants``: jump-ins by any seat with any card on
any play, drops of several cards, Anniversary targets and kept cards, suggestions …). After
every action the invariants of ``Checks`` are verified.

The module has a name of its own (not ``conftest``/``helpers``) so that it can be imported
as a top-level module, as ``engine_helpers`` is.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, fields, is_dataclass, replace
from typing import Any, Final

import pytest

from uno_access.bots import make_bot
from uno_access.engine import events as ev
from uno_access.engine.actions import (
    QUERIES,
    Accept,
    Action,
    CallUno,
    CardCheck,
    Catch,
    Challenge,
    ChooseColor,
    Draw,
    JumpIn,
    Keep,
    NextRound,
    Play,
    PlayDrawn,
    Suggest,
    TouchTopCard,
)
from uno_access.engine.cards import (
    ANNIVERSARY,
    COLORS,
    Card,
    Kind,
    all_faces,
    extra_faces,
    playable_faces,
)
from uno_access.engine.events import DrawReason, Event, Refusal, for_seat
from uno_access.engine.game import Game
from uno_access.engine.rules import RuleSet, Scoring
from uno_access.engine.setup import build_deck
from uno_access.engine.state import Phase
from uno_access.engine.turn import first_playable

FACES = all_faces()
VARIANT_FACES = all_faces() + extra_faces()  # the Anniversary card and the blank cards too
FINISH_CAP = 200_000  # legal actions allowed to finish a game before it counts as never ending
LEGAL_SAMPLE = 48  # legal actions of one seat tried on clones at most, at one moment
_OVER = (Phase.ROUND_OVER, Phase.GAME_OVER)


# --------------------------------------------------------------------- state snapshots


def _freeze(value: object) -> object:
    if isinstance(value, list | tuple):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, set):
        return frozenset(value)
    return value


def snapshot(game: Game) -> dict[str, object]:
    """Every field of the game state (lists frozen to tuples, sets to frozensets) and the
    random generator's state.
    """
    state = game.state
    out = {f.name: _freeze(getattr(state, f.name)) for f in fields(state)}
    out["rng"] = game.rng.getstate()
    return out


def _copy_lists(value: Any) -> Any:
    if isinstance(value, list):
        return [_copy_lists(v) for v in value]
    if isinstance(value, dict):
        return {k: _copy_lists(v) for k, v in value.items()}
    if isinstance(value, set):
        return set(value)
    return value


def clone(game: Game) -> Game:
    """An independent copy of ``game``: every list and set of the state copied (cards are
    immutable).
    """
    s = game.state
    state = replace(s, **{f.name: _copy_lists(getattr(s, f.name)) for f in fields(s)})
    rng = random.Random()
    rng.setstate(game.rng.getstate())
    copy = Game(state, rng)
    assert snapshot(copy) == snapshot(game)
    return copy


def is_refusal(result: list[Event]) -> bool:
    return len(result) == 1 and isinstance(result[0], ev.Rejected)


def deck_codes(rules: RuleSet, players: int) -> Counter[str]:
    """The cards the rules play with, as codes: what must always be in the game."""
    return Counter(card.code for card in build_deck(rules, players))


# --------------------------------------------------------------------- the random driver


def seat_to_move(game: Game) -> int:
    """The current seat; after a round the dealer, or the first seat to their left still
    playing (Challenge UNO).
    """
    s = game.state
    if s.phase is not Phase.ROUND_OVER:
        return s.current
    n = len(s.hands)
    return next((s.dealer + k) % n for k in range(n) if not s.eliminated[(s.dealer + k) % n])


def _some_card(rng: random.Random, hand: Sequence[Card]) -> Card:
    """A card of ``hand`` more often than not, else any face."""
    if hand and rng.random() < 0.6:
        return rng.choice(hand)
    return rng.choice(VARIANT_FACES)


def arbitrary_action(game: Game, rng: random.Random, variants: bool = False) -> Action:
    """Any action, legal or (mostly) not, by any seat, now and then by a seat that is not there.

    With ``variants``, also the actions of the options: jump-ins (any seat, any card, any
    play number), drops of several cards, Anniversary plays with any target and kept card,
    suggestions, and plays by the seat to move of a card from its own hand.
    """
    s = game.state
    n = len(s.hands)
    roll = rng.random()
    seat = rng.choice([-1, n]) if roll < 0.03 else rng.randrange(n)
    color = rng.choice([None, *COLORS])
    uno = rng.random() < 0.5
    kind = rng.randrange(19 if variants else 12)
    if kind == 0:
        return Play(seat, rng.choice(FACES), color, uno)
    if kind == 1:
        return Draw(seat)
    if kind == 2:  # now and then naming whom a drawn 7 swaps hands with (Seven-O)
        return PlayDrawn(seat, color, uno, rng.choice([None, None, rng.randrange(-1, n + 1)]))
    if kind == 3:
        return Keep(seat)
    if kind == 4:
        return CallUno(seat)
    if kind == 5:
        return Catch(seat, rng.randrange(-2, n + 2))
    if kind == 6:
        return Challenge(seat)
    if kind == 7:
        return Accept(seat)
    if kind == 8:
        return ChooseColor(seat, rng.choice(COLORS))
    if kind == 9:
        return NextRound(seat)
    if kind == 10:
        return CardCheck(seat)
    if kind == 11:
        return TouchTopCard(seat)
    hand = s.hands[seat] if 0 <= seat < n else []
    plays = s.plays
    if kind == 12:  # a jump-in: any card, any count, any play number
        card = s.discard[-1] if rng.random() < 0.3 else _some_card(rng, hand)
        count = rng.choice([1, 1, 1, 2, 3, 0])
        on = rng.choice([None, plays, plays, plays - 1, plays + 1, rng.randrange(-1, 60)])
        target = rng.choice([None, None, rng.randrange(-1, n + 1)])  # a 7 under Seven-O
        return JumpIn(seat, card, color, uno, count, on, target)
    if kind == 13:  # a jump-in with the top card's face on the play just made
        return JumpIn(seat, s.discard[-1].base, color, uno, rng.choice([1, 1, 2]), plays)
    if kind == 14:  # a drop of several cards (or of none, or of fewer than none)
        return Play(seat, _some_card(rng, hand), color, uno, rng.choice([2, 2, 3, 4, 0, -1]))
    if kind == 15:  # a play with a target and a card to keep (an Anniversary card, a 7)
        card = ANNIVERSARY if rng.random() < 0.5 else _some_card(rng, hand)
        keep = rng.choice([None, _some_card(rng, hand)])
        return Play(seat, card, color, uno, 1, rng.randrange(-1, n + 1), keep)
    if kind == 16:
        return Suggest(seat)
    if kind == 17:  # a straight of any length either way, held or not, at any time
        straight = rng.choice([1, 2, 3, -1, -2, 9, -9, 10, -11])
        target = rng.choice([None, None, rng.randrange(-1, n + 1)])  # a 7 ending it
        return Play(seat, _some_card(rng, hand), color, uno, 1, target, None, straight)
    # the seat to move plays a card of its own hand: often one that does not match
    mover = seat_to_move(game)
    return Play(mover, _some_card(rng, s.hands[mover]), color, uno)


def random_action(game: Game, rng: random.Random, variants: bool = False) -> Action:
    """Mostly (70%) a legal action of the seat to move, else a legal action of any seat
    (catching, calling UNO, jumping in) or an arbitrary one."""
    roll = rng.random()
    if roll < 0.7:
        legal = game.legal_actions(seat_to_move(game))
    elif roll < 0.8:
        legal = game.legal_actions(rng.randrange(len(game.state.hands)))
    else:
        legal = []
    return rng.choice(legal) if legal else arbitrary_action(game, rng, variants)


@dataclass(frozen=True)
class Checks:
    cards: bool = False
    refusals: bool = False
    legal: bool = False
    views: bool = False
    events: bool = False
    queries: bool = False
    races: bool = False  # after an accepted jump-in, another one on the same play is refused


ALL_CHECKS = Checks(True, True, True, True, True, True, True)


# --------------------------------------------------------------------- the invariants


def check_cards(game: Game) -> None:
    """Every card of the deck(s) the rules play with is in a hand or a pile, once."""
    s = game.state
    expected = deck_codes(s.rules, len(s.hands))
    assert game.cards_in_play() == sum(expected.values())
    held = Counter(c.code for hand in s.hands for c in hand)
    held += Counter(c.code for c in s.draw_pile)
    held += Counter(c.code for c in s.discard)
    assert held == expected


def check_every_legal_action_is_accepted(game: Game, rng: random.Random | None = None) -> None:
    """Each legal action of each seat, applied to a copy of the game, is accepted.

    With ``rng``, a seat offering more than ``LEGAL_SAMPLE`` actions (an Anniversary card:
    every target, card to keep, colour and UNO call) has a random sample of them tried.
    """
    for seat in range(len(game.state.hands)):
        legal = game.legal_actions(seat)
        if rng is not None and len(legal) > LEGAL_SAMPLE:
            legal = rng.sample(legal, LEGAL_SAMPLE)
        for action in legal:
            result = clone(game).apply(action)
            assert not any(isinstance(e, ev.Rejected) for e in result), (action, result)


def card_sequences(value: object, path: str) -> Iterator[tuple[str, tuple[Card, ...]]]:
    """Every sequence of cards inside ``value`` (dataclasses and sequences walked)."""
    if isinstance(value, list | tuple):
        if value and all(isinstance(v, Card) for v in value):
            yield path, tuple(value)
        for i, v in enumerate(value):
            yield from card_sequences(v, f"{path}[{i}]")
    elif is_dataclass(value) and not isinstance(value, type | Card):
        for f in fields(value):
            yield from card_sequences(getattr(value, f.name), f"{path}.{f.name}")


def check_views(game: Game) -> None:
    s = game.state
    n = len(s.hands)
    for seat in range(n):
        view = game.view(seat)
        assert view.seat == seat
        assert view.hand == tuple(s.hands[seat])
        assert view.hand_sizes == tuple(len(h) for h in s.hands)
        if view.drawn is not None:  # only the card this seat itself just drew
            assert s.phase is Phase.DRAWN and s.current == seat
            assert view.drawn is s.drawn and view.drawn in s.hands[seat]
        others = {o: tuple(s.hands[o]) for o in range(n) if o != seat and s.hands[o]}
        for f in fields(view):
            if f.name in ("hand", "drawn", "rules", "discard"):
                continue  # the rules name the blank cards; the DISCARD pile is public
            for path, cards in card_sequences(getattr(view, f.name), f.name):
                for other, hand in others.items():
                    assert cards != hand, f"view of seat {seat}: {path} shows seat {other}'s hand"


_PRIVATE = (ev.HandDealt, ev.CardsDrawn, ev.HandShown, ev.HandReceived, ev.AnniversaryPlayed)


def check_swap_for_seats(event: ev.HandsSwapped, n: int) -> None:
    """Seven-O: each of the two seats sees the hand it receives and no other; everyone
    else sees the counts alone."""
    for seat in range(n):
        seen = for_seat(event, seat)
        assert isinstance(seen, ev.HandsSwapped), (seat, event, seen)
        assert seen.seat_cards == (event.seat_cards if seat == event.seat else ()), seat
        assert seen.target_cards == (event.target_cards if seat == event.target else ()), seat
        public = (seen.seat, seen.target, seen.seat_count, seen.target_count)
        assert public == (event.seat, event.target, event.seat_count, event.target_count)


def _may_see(event: Event, seat: int) -> bool:
    """Whether ``seat`` may see the cards ``event`` carries."""
    if isinstance(event, ev.HandShown):
        return seat == event.to_seat  # the challenged hand: to the challenger alone
    if isinstance(event, ev.AnniversaryPlayed):
        return seat in (event.seat, event.target)  # the giver and the one given the hand
    assert isinstance(event, ev.HandDealt | ev.CardsDrawn | ev.HandReceived)
    return seat == event.seat


def check_events_for_seats(events: list[Event], n: int) -> None:
    for event in events:
        for seat in range(n):
            seen = for_seat(event, seat)
            if isinstance(event, ev.Rejected | ev.CardCount | ev.TopCard):
                assert seen == (event if event.seat == seat else None)
            elif isinstance(event, ev.HandsSwapped):
                check_swap_for_seats(event, n)
            elif isinstance(event, _PRIVATE):
                # dealt, drawn and passed cards go to their owner, a shown hand to the
                # challenger alone, an Anniversary gift to the giver and the receiver
                assert isinstance(seen, type(event)), (seat, event, seen)
                if _may_see(event, seat):
                    assert seen == event
                else:
                    assert seen.cards == (), f"seat {seat} sees {event}"
                    assert replace(seen, cards=event.cards) == event  # count etc. stay public
            elif isinstance(event, _FACE_UP):  # turned face up on the table: everyone sees them
                assert seen == event
            else:
                assert seen == event
                for path, cards in card_sequences(event, type(event).__name__):
                    pytest.fail(f"public event carries a sequence of cards: {path} = {cards}")


# No Mercy's cards put down face up: a Discard All's, a Wild Colour Roulette's
_FACE_UP: Final = (ev.HandDiscarded, ev.RouletteTurned)


def check_queries(game: Game, rng: random.Random) -> None:
    s = game.state
    seat = rng.randrange(len(s.hands))
    before = snapshot(game)
    counted = game.apply(CardCheck(seat))
    assert counted == [ev.CardCount(seat, tuple(len(h) for h in s.hands))]
    touched = game.apply(TouchTopCard(seat))
    assert touched == [ev.TopCard(seat, s.discard[-1], s.color)]
    assert snapshot(game) == before
    assert game.top_card() == (s.discard[-1], s.color)
    game.card_check()
    game.view(seat)
    game.legal_actions(seat)
    game.playable(rng.choice(VARIANT_FACES))
    assert snapshot(game) == before


def wrong_card(game: Game, action: Action) -> Card | None:
    """Option penalties: the card that does not match which the player to move puts down
    from their hand (the count they hold of it; several only where dropping is allowed),
    or the card they just drew; None if the action is no such play.
    """
    s = game.state
    if not s.rules.penalties or action.seat != s.current:
        return None
    drawn = s.drawn
    if s.phase is Phase.DRAWN and drawn is not None:
        plays_drawn = isinstance(action, PlayDrawn) or (  # not as a straight: refused
            isinstance(action, Play)  # (a straight is played at a turn's start alone)
            and action.card is drawn
            and action.count == 1
            and not action.straight
        )
        return drawn if plays_drawn and not game.playable(drawn) else None
    if not isinstance(action, Play) or s.phase is not Phase.PLAY:
        return None
    if game.playable(action.card):
        return None
    count = action.count
    if count != 1 and not s.rules.dropping:
        return None
    if action.straight and not _a_straight_held(game, action):
        return None  # refused as a straight before it is matched
    return action.card if 1 <= count <= s.hands[action.seat].count(action.card) else None


def _a_straight_held(game: Game, action: Play) -> bool:
    """Whether ``action`` is a straight the rules take and its player holds: a number card
    and the next (or previous) numbers of its colour, each held (or its blank card)."""
    s = game.state
    base = action.card.base
    if not s.rules.straights or base.kind is not Kind.NUMBER or action.count != 1:
        return False
    if abs(action.straight) > 9 or action.card not in s.hands[action.seat]:
        return False
    held = {c.base for c in s.hands[action.seat]}
    step = 1 if action.straight > 0 else -1
    assert base.number is not None
    return all(
        Card.of(Kind.NUMBER, base.color, (base.number + step * i) % 10) in held
        for i in range(1, abs(action.straight) + 1)
    )


def _next_active(game: Game, seat: int) -> int:
    s = game.state
    n = len(s.hands)
    seat = (seat + s.direction) % n
    while s.eliminated[seat]:
        seat = (seat + s.direction) % n
    return seat


def check_wrong_card_penalty(
    game: Game, before: Game, seat: int, card: Card, result: list[Event]
) -> None:
    """The card went back to the hand, the player drew 2 and play passed to the next seat."""
    s, b = game.state, before.state
    assert result[0] == ev.WrongCardPenalty(seat, card), result
    drawn = [e for e in result if isinstance(e, ev.CardsDrawn)]
    assert len(drawn) == 1, result
    draw = drawn[0]
    available = len(b.draw_pile) + len(b.discard) - 1
    assert (draw.seat, draw.count, draw.reason) == (seat, min(2, available), DrawReason.WRONG_CARD)
    assert len(draw.cards) == draw.count
    following = _next_active(before, seat)
    assert result[-1] == ev.TurnStarted(following), result
    assert all(isinstance(e, ev.Reshuffled) for e in result[1:-1] if e is not draw), result
    assert s.hands[seat] == [*b.hands[seat], *draw.cards]  # the card taken back, 2 more
    assert all(s.hands[o] == b.hands[o] for o in range(len(s.hands)) if o != seat)
    assert s.discard[-1] is b.discard[-1] and s.color is b.color
    assert s.current == following and s.phase is Phase.PLAY and s.drawn is None
    assert s.scores == b.scores and s.direction == b.direction


def _rival_jump_ins(game: Game, first: JumpIn) -> list[JumpIn]:
    """The jump-ins the seats may make now, but ``first``, each naming this play."""
    out: list[JumpIn] = []
    for seat in range(len(game.state.hands)):
        for action in game.legal_actions(seat):
            if isinstance(action, JumpIn) and action != first:
                out.append(action)
    return out


def check_race(
    game: Game, rng: random.Random, first: JumpIn, plays: int, rivals: list[JumpIn]
) -> list[Event]:
    """Another jump-in naming the play ``first`` answered is too late: refused, nothing changes."""
    n = len(game.state.hands)
    if rivals:
        second = rng.choice(rivals)
    else:
        seat = rng.randrange(n)
        second = JumpIn(seat, first.card, first.color, first.uno, 1, plays)
    assert second.on == plays
    before = snapshot(game)
    result = game.apply(second)
    assert is_refusal(result), f"{second} after {first} on play {plays}: {result}"
    refusal = result[0]
    assert isinstance(refusal, ev.Rejected)
    assert snapshot(game) == before
    s = game.state
    if s.phase not in _OVER and not s.eliminated[second.seat]:
        assert refusal.reason is Refusal.JUMP_IN_TOO_LATE, (first, second, refusal)
    return result


def check_option_actions(game: Game, action: Action, result: list[Event]) -> None:
    """The actions of options that are off are refused; a suggestion under ``penalties``
    costs its maker 2 cards; no Wild Draw Four goes out where the rules forbid it.
    """
    rules = game.state.rules
    refused = is_refusal(result)
    if isinstance(action, JumpIn) and not rules.jump_ins:
        assert refused, f"{action} without jump-ins: {result}"
    if isinstance(action, Play | JumpIn) and action.count != 1 and not rules.dropping:
        assert refused, f"{action} without dropping: {result}"
    if isinstance(action, Play) and action.straight:
        if not rules.straights:
            assert refused, f"{action} without straights: {result}"
        elif not refused and not isinstance(result[0], ev.WrongCardPenalty):
            played = [e for e in result if isinstance(e, ev.CardPlayed)]
            assert len(played) == abs(action.straight) + 1, result  # each card said
            assert [e.straight for e in played] == [False] + [True] * abs(action.straight)
    if isinstance(action, Suggest):
        if not rules.penalties:
            assert refused, f"{action} without penalties: {result}"
        elif not refused:
            assert result[0] == ev.SuggestionPenalty(action.seat), result
            drawn = [e for e in result if isinstance(e, ev.CardsDrawn)]
            assert len(drawn) == 1 and drawn[0].seat == action.seat, result
            assert drawn[0].reason is DrawReason.SUGGESTION
            assert drawn[0].count <= rules.suggestion_penalty
    check_no_four_finish(rules, result)
    if (
        isinstance(action, CallUno | Catch)
        and result
        and isinstance(result[0], ev.FalseCallPenalty)
    ):
        assert rules.false_uno_penalty, f"a false call cost cards without the option: {result}"
        drawn = [e for e in result if isinstance(e, ev.CardsDrawn)]
        assert len(drawn) == 1 and drawn[0].seat == action.seat, result
        assert drawn[0].count <= 2
    if isinstance(action, JumpIn) and result and isinstance(result[0], ev.WrongCardPenalty):
        assert rules.jump_in_penalty and result[0].jump_in, result
    if isinstance(action, JumpIn) and result and isinstance(result[0], ev.WrongCardPenalty):
        assert rules.jump_in_penalty and result[0].jump_in, result
    if rules.no_bluffing:  # nothing to challenge: a Wild Draw Four is never a bluff
        assert not any(isinstance(e, ev.ChallengeMade) for e in result), result
        assert game.state.phase is not Phase.CHALLENGE


def must_be_refused(game: Game, action: Action) -> bool:
    """The house rules' refusals, decided before the action: no bluffing, a Wild Draw Four
    while holding the colour in play; force play, keeping a drawn card that can be played
    (a Wild Draw Four that would be a bluff aside); draw to match, keeping at all; colour
    only, a play on the colour in play of a card of another colour, not a Wild.
    """
    s = game.state
    rules = s.rules
    if not 0 <= action.seat < len(s.hands):
        return False
    hand = s.hands[action.seat]
    if rules.no_bluffing and isinstance(action, Play | PlayDrawn | JumpIn):
        card = s.drawn if isinstance(action, PlayDrawn) else action.card
        wild_four = card is not None and card.code == "wi+4" and s.color is not None
        if wild_four and any(c.color is s.color for c in hand):
            return True
    if rules.color_only and isinstance(action, Play) and s.phase is Phase.PLAY:
        card = action.card
        if s.color is not None and not card.is_wild and card.color is not s.color:
            return True  # colour only: the same number or symbol alone does not match
    must_play = rules.must_play and s.phase is Phase.PLAY and action.seat == s.current
    if isinstance(action, Draw) and must_play and first_playable(s, action.seat) is not None:
        return True  # must play: no draw while a card in hand plays
    if isinstance(action, Keep):
        if rules.draws_to_match:
            return True
        drawn = s.drawn
        if rules.force_play and s.phase is Phase.DRAWN and action.seat == s.current:
            assert drawn is not None
            if drawn in playable_faces(rules.match_top(s.discard[-1], s.color), s.color):
                return drawn.code != "wi+4" or not any(c.color is s.color for c in hand)
    return False


def check_no_four_finish(rules: RuleSet, result: list[Event]) -> None:
    if not rules.wild_draw_four_finish:
        for event in result:
            if isinstance(event, ev.CardPlayed) and event.card.code == "wi+4":
                assert event.cards_left > 0, f"went out on a Wild Draw Four: {result}"
    if rules.no_action_finish:
        for event in result:
            if isinstance(event, ev.CardPlayed) and event.cards_left == 0:
                assert event.card.base.number is not None, f"went out on an action: {result}"


def checked_step(
    game: Game, rng: random.Random, checks: Checks, variants: bool = False
) -> list[Event]:
    """One random action, with the invariants of ``checks`` verified around it."""
    if checks.queries:
        check_queries(game, rng)
    if checks.legal and rng.random() < 0.25:
        check_every_legal_action_is_accepted(game, rng if variants else None)
    action = random_action(game, rng, variants)
    n = len(game.state.hands)
    legal = game.legal_actions(action.seat) if 0 <= action.seat < n else []
    before = snapshot(game) if checks.refusals or checks.queries else None
    wrong = wrong_card(game, action) if checks.refusals else None
    copy = clone(game) if wrong is not None else None
    race = checks.races and isinstance(action, JumpIn)
    rivals = _rival_jump_ins(game, action) if race else []  # type: ignore[arg-type]
    plays = game.state.plays
    refused = must_be_refused(game, action)
    result = game.apply(action)
    assert result, f"{action} produced no events"
    wrong_jump = isinstance(result[0], ev.WrongCardPenalty) and result[0].jump_in
    if refused:
        assert is_refusal(result), f"{action} must be refused by the house rules: {result}"
    if checks.cards:
        check_cards(game)
    if checks.refusals:
        rejected = [e for e in result if isinstance(e, ev.Rejected)]
        penalised = [e for e in result if isinstance(e, ev.WrongCardPenalty) and not e.jump_in]
        if wrong is not None:
            assert copy is not None
            check_wrong_card_penalty(game, copy, action.seat, wrong, result)
        else:
            assert not penalised, f"{action} was not a wrong card of the player to move: {result}"
        if rejected:
            assert len(result) == 1, f"a refusal came with other events: {result}"
            refusal = rejected[0]
            assert isinstance(refusal.reason, Refusal)
            assert refusal.seat == action.seat
            assert snapshot(game) == before, f"refused {action} changed the game"
    if checks.refusals:
        check_option_actions(game, action, result)
    if checks.legal and action in legal:
        assert not is_refusal(result), f"legal {action} was refused: {result}"
    if checks.queries and isinstance(action, QUERIES):
        if 0 <= action.seat < n:
            assert not is_refusal(result)
        assert snapshot(game) == before, f"query {action} changed the game"
    if race and not is_refusal(result) and not wrong_jump:
        assert isinstance(action, JumpIn)
        result = result + check_race(game, rng, action, plays, rivals)
    if checks.views:
        check_views(game)
    if checks.events:
        check_events_for_seats(result, n)
    return result


def random_game(
    seed: int,
    players: int,
    rules: RuleSet,
    steps: int,
    checks: Checks,
    variants: bool = False,
) -> tuple[Game, list[Event], random.Random]:
    rng = random.Random(seed)
    game = Game.new(players, rules, rng=random.Random(rng.random()))
    log = list(game.opening)
    if checks.cards:
        check_cards(game)
    if checks.views:
        check_views(game)
    if checks.events:
        check_events_for_seats(log, players)
    for _ in range(steps):
        log += checked_step(game, rng, checks, variants)
    return game, log, rng


def finish(game: Game, rng: random.Random, log: list[Event], checks: Checks | None = None) -> None:
    """Play on with random bots (legal actions only) until the game is over, checking the
    cards after every action (and the views and events too, where ``checks`` says so).

    Seats other than the one to move act now and then: to catch, to call UNO, to jump in.
    """
    n = len(game.state.hands)
    bots = [make_bot("random", random.Random(rng.random())) for _ in range(n)]
    s = game.state
    jumping = s.rules.jump_ins
    for _ in range(FINISH_CAP):
        if s.phase is Phase.GAME_OVER:
            return
        if (s.exposed is not None or s.handed_one or jumping) and rng.random() < 0.5:
            seat = rng.randrange(n)
        else:
            seat = seat_to_move(game)
        legal = game.legal_actions(seat)
        choice = bots[seat].choose(None, legal) if legal else None
        if choice is None:
            continue
        result = game.apply(choice)
        assert not is_refusal(result), (choice, result)
        log += result
        check_cards(game)
        check_no_four_finish(s.rules, result)
        if checks is not None and checks.views:
            check_views(game)
        if checks is not None and checks.events:
            check_events_for_seats(result, n)
    pytest.fail(f"no winner after {FINISH_CAP} legal actions")


def _expected_gain(
    rules: RuleSet, teams: tuple[tuple[int, ...], ...], round_end: ev.RoundEnded
) -> tuple[int, ...]:
    points = round_end.hand_points
    n = len(points)
    if rules.scoring is Scoring.LOWEST or rules.challenge_uno:
        return points  # each keeps a running total of their own hand
    if teams:  # the pair scores both opposing hands, both partners alike
        team = next(t for t in teams if round_end.winner in t)
        total = sum(points[seat] for seat in range(n) if seat not in team)
        return tuple(total if seat in team else 0 for seat in range(n))
    won = sum(points) - points[round_end.winner]  # the others' hands (and knocked out)
    return tuple(won if seat == round_end.winner else 0 for seat in range(n))


def check_game_ended(game: Game, log: list[Event]) -> None:
    """Exactly one winner: at or past the target (standard; partners: the winner's pair),
    the lowest total (lowest), the last one not eliminated (Challenge UNO).
    """
    s = game.state
    rules = s.rules
    n = len(s.hands)
    target = rules.target_score
    assert game.over and s.phase is Phase.GAME_OVER
    assert s.winner is not None and 0 <= s.winner < n
    ended = [i for i, e in enumerate(log) if isinstance(e, ev.GameEnded)]
    assert len(ended) == 1, [log[i] for i in ended]
    assert log[ended[0]] == ev.GameEnded(s.winner, tuple(s.scores))
    after = log[ended[0] + 1 :]  # random seats may have gone on trying: only refusals and answers
    for event in after:
        assert isinstance(event, ev.CardCount | ev.TopCard) or (
            isinstance(event, ev.Rejected)
            and event.reason in (Refusal.GAME_OVER, Refusal.NO_SUCH_SEAT)
        ), event
    log = log[: ended[0] + 1]
    rounds = [e for e in log if isinstance(e, ev.RoundEnded)]
    assert rounds, "a game ended without a round ending"
    assert rounds[-1].scores == tuple(s.scores)
    if rules.partners:
        assert s.teams == ((0, 2), (1, 3))
    totals = [0] * n
    out: set[int] = set()  # Challenge UNO: eliminated so far
    eliminations = [e for e in log if isinstance(e, ev.PlayerEliminated)]
    for number, round_end in enumerate(rounds, start=1):
        if not rules.mercy_rule:  # (the last player left after knockouts holds cards)
            assert round_end.hand_points[round_end.winner] == 0  # who went out holds nothing
        assert round_end.winner not in out
        assert all(round_end.hand_points[seat] == 0 for seat in out)  # dealt nothing
        assert round_end.gained == _expected_gain(rules, s.teams, round_end)
        totals = [t + g for t, g in zip(totals, round_end.gained, strict=True)]
        assert tuple(totals) == round_end.scores
        for team in s.teams:  # both partners show the pair's score
            assert len({totals[seat] for seat in team}) == 1, totals
        if rules.challenge_uno:
            out |= {seat for seat in range(n) if totals[seat] >= target}
        if number < len(rounds):  # the game went on
            if rules.challenge_uno:
                assert n - len(out) >= 2, round_end
            else:  # nobody had reached the target
                assert max(round_end.scores) < target, round_end
    if rules.challenge_uno:
        assert out == set(range(n)) - {s.winner}
        assert s.eliminated == [seat != s.winner for seat in range(n)]
        assert sorted(e.seat for e in eliminations) == sorted(out)
        assert all(e.score >= target for e in eliminations)
        assert s.winner == rounds[-1].winner  # the winner of that last hand wins
        assert s.scores[s.winner] < target
    elif rules.scoring is Scoring.STANDARD:
        assert not eliminations
        assert s.winner == rounds[-1].winner == s.round_winner
        assert s.scores[s.winner] >= target
        team = next((t for t in s.teams if s.winner in t), (s.winner,))
        assert all(s.scores[seat] >= target for seat in team)
        assert all(score < target for seat, score in enumerate(s.scores) if seat not in team)
    else:
        assert not eliminations
        assert max(s.scores) >= target
        assert s.scores[s.winner] == min(s.scores)
    # a finished game takes no more game actions; queries still answer
    for seat in range(n):
        assert game.legal_actions(seat) == []
        before = snapshot(game)
        for action in (
            Draw(seat),
            NextRound(seat),
            CallUno(seat),
            Play(seat, FACES[0]),
            JumpIn(seat, s.discard[-1]),
            Suggest(seat),
        ):
            result = game.apply(action)
            assert is_refusal(result)
            assert isinstance(result[0], ev.Rejected)
            assert result[0].reason is Refusal.GAME_OVER
        assert isinstance(game.apply(CardCheck(seat))[0], ev.CardCount)
        assert snapshot(game) == before
