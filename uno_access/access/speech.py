"""Events and queries as spoken sentences for one player, the viewer.

Every sentence is self-contained and in full words ("Ann plays Blue 7."); the
viewer is "you". This module only chooses: every word is in ``messages``.

``describe`` says one event; ``narrate`` says a batch of events as ``Game.apply``
returned them, folding what belongs together ("Cy draws 2 cards and loses the
turn.") and leaving out what an earlier sentence already said.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..engine import events as ev
from ..engine.cards import Card, all_faces
from ..engine.events import Direction, DrawReason, Event
from ..engine.rules import Scoring
from ..engine.state import PlayerView
from . import messages
from .messages import Who

_ORDER = {card: index for index, card in enumerate(all_faces())}

# draws whose count an earlier sentence of the same batch already said
_ANNOUNCED_DRAWS = (
    DrawReason.UNO_PENALTY, DrawReason.CHALLENGE_GUILTY, DrawReason.CHALLENGE_LOST,
)
# draws that come with losing the turn, said in the same sentence
_SKIPPING_DRAWS = (DrawReason.DRAW_TWO, DrawReason.START_DRAW_TWO, DrawReason.DRAW_FOUR)


def sorted_cards(cards: Iterable[Card]) -> list[Card]:
    """Cards in deck order: blue, green, red, yellow (0 to 9, Draw Two, Reverse, Skip), wilds."""
    return sorted(cards, key=_ORDER.__getitem__)


def who(seat: int, viewer: int, names: Sequence[str]) -> Who:
    return Who(names[seat], seat == viewer)


def describe(event: Event, viewer: int, names: Sequence[str]) -> str | None:
    """``event`` as one sentence for ``viewer``; None when it is not for them or needs no words."""
    seen = ev.for_seat(event, viewer)
    if seen is None:
        return None
    return _describe(seen, viewer, names)


def narrate(events: Iterable[Event], viewer: int, names: Sequence[str]) -> list[str]:
    """A batch of events (one ``apply``) as the sentences ``viewer`` hears, in order."""
    seen = [e for e in (ev.for_seat(event, viewer) for event in events) if e is not None]
    lines: list[str] = []
    deferred: list[str] = []  # a shown hand is said after the challenge's verdict
    skip_next = False
    for index, event in enumerate(seen):
        if skip_next:
            skip_next = False
            continue
        following = seen[index + 1] if index + 1 < len(seen) else None
        line: str | None
        if isinstance(event, ev.ChallengeMade):
            continue  # the verdict names the challenge
        if isinstance(event, ev.HandShown):
            shown = _describe(event, viewer, names)
            if shown is not None:
                deferred.append(shown)
            continue
        if (
            isinstance(event, ev.CardsDrawn)
            and isinstance(following, ev.PlayerSkipped)
            and following.seat == event.seat
        ):
            skip_next = True
            if event.reason in _SKIPPING_DRAWS:
                line = _drawn(event, viewer, names, loses_turn=True)
            else:  # the verdict of a lost challenge said it
                line = _describe(event, viewer, names)
        else:
            line = _describe(event, viewer, names)
        if line is not None:
            lines.append(line)
        if isinstance(event, ev.ChallengeResolved):
            lines += deferred
            deferred.clear()
    return lines + deferred


def _drawn(event: ev.CardsDrawn, viewer: int, names: Sequence[str], loses_turn: bool) -> str:
    mine = event.seat == viewer and event.cards
    cards = sorted_cards(event.cards) if mine else None
    return messages.cards_drawn(who(event.seat, viewer, names), event.count, cards, loses_turn)


def _describe(event: Event, viewer: int, names: Sequence[str]) -> str | None:
    def w(seat: int) -> Who:
        return who(seat, viewer, names)

    match event:
        case ev.Rejected(reason=reason, card=card):
            return messages.refusal(reason, card)
        case ev.DealerDrew(seat=seat, card=card):
            return messages.dealer_drew(w(seat), card)
        case ev.DealerChosen(seat=seat):
            return messages.dealer_chosen(w(seat))
        case ev.RoundStarted(number=number, dealer=dealer):
            return messages.round_started(number, w(dealer))
        case ev.HandDealt(seat=seat, count=count, cards=cards):
            if seat != viewer:
                return None
            return messages.hand_dealt(sorted_cards(cards), count)
        case ev.StartCardTurned(card=card):
            return messages.start_card(card)
        case ev.StartCardReturned(card=card):
            return messages.start_card_returned(card)
        case ev.TurnStarted(seat=seat):
            return messages.turn_started(w(seat))
        case ev.CardPlayed(seat=seat, card=card, cards_left=left):
            return messages.card_played(w(seat), card, left)
        case ev.ColorChosen(seat=seat, color=color):
            return messages.color_chosen(w(seat), color)
        case ev.CardsDrawn(seat=seat, reason=reason, cards=cards):
            if reason in _ANNOUNCED_DRAWS and not (seat == viewer and cards):
                return None  # the catch or the challenge said who draws how many
            return _drawn(event, viewer, names, loses_turn=False)
        case ev.CouldNotDraw(seat=seat):
            return messages.could_not_draw(w(seat))
        case ev.DrawnCardKept(seat=seat):
            return messages.drawn_card_kept(w(seat))
        case ev.PlayerSkipped(seat=seat):
            return messages.player_skipped(w(seat))
        case ev.DirectionChanged(direction=direction):
            return messages.direction_changed(direction is Direction.CLOCKWISE)
        case ev.UnoCalled(seat=seat):
            return messages.uno_called(w(seat))
        case ev.UnoCaught(seat=seat, target=target, penalty=penalty):
            return messages.uno_caught(w(seat), w(target), penalty)
        case ev.ChallengeMade():
            return None  # ChallengeResolved says the challenge and its verdict together
        case ev.HandShown(seat=seat, to_seat=to_seat, count=count, cards=cards):
            if viewer == to_seat:
                return messages.hand_shown(w(seat), w(to_seat), sorted_cards(cards), count)
            if viewer == seat:
                return messages.hand_shown(w(seat), w(to_seat), None, count)
            return None
        case ev.ChallengeResolved(seat=seat, target=target, guilty=guilty):
            return messages.challenge_resolved(w(seat), w(target), guilty)
        case ev.DrawAccepted(seat=seat):
            return messages.draw_accepted(w(seat))
        case ev.Reshuffled(count=count):
            return messages.reshuffled(count)
        case ev.RoundEnded(winner=winner, gained=gained, scores=scores):
            standard = not any(g for seat, g in enumerate(gained) if seat != winner)
            return messages.round_ended(
                w(winner), gained[winner] if standard else None, _pairs(scores, viewer, names)
            )
        case ev.GameEnded(winner=winner, scores=scores):
            return messages.game_ended(w(winner), _pairs(scores, viewer, names))
        case ev.CardCount(counts=counts):
            return messages.card_check(_pairs(counts, viewer, names))
        case ev.TopCard(card=card, color=color):
            return messages.top_card(card, color)
    return None


def _pairs(values: Sequence[int], viewer: int, names: Sequence[str]) -> list[tuple[Who, int]]:
    return [(who(seat, viewer, names), value) for seat, value in enumerate(values)]


# --------------------------------------------------------------------- queries on a view


def describe_hand(view: PlayerView) -> str:
    """"Your hand, 5 cards: Blue 7 (b7), Red Skip (rsk), …" in deck order."""
    return messages.your_hand(sorted_cards(view.hand), len(view.hand))


def describe_playable(cards: Iterable[Card]) -> str:
    """"You can play: …" for the cards the rules let the viewer play now."""
    return messages.you_can_play(sorted_cards(set(cards)))


def describe_card_check(view: PlayerView) -> str:
    return messages.card_check(_pairs(view.hand_sizes, view.seat, view.names))


def describe_top(view: PlayerView) -> str:
    """"Top card: Wild Draw Four (wi+4), colour in play Red.\""""
    return messages.top_card(view.top, view.color)


def describe_scores(view: PlayerView) -> str:
    rules = view.rules
    lowest = rules.scoring is Scoring.LOWEST
    return messages.scores_line(
        _pairs(view.scores, view.seat, view.names), rules.target_score, lowest
    )


def describe_whose_turn(view: PlayerView) -> str | None:
    """"It is Bob's turn."; None between rounds."""
    if view.current is None:
        return None
    return messages.whose_turn(who(view.current, view.seat, view.names))


def describe_order(view: PlayerView) -> str:
    """The direction of play and the seats in that order, from the one to move."""
    n = len(view.names)
    first = view.current if view.current is not None else view.seat
    step = view.direction.value
    order = [who((first + step * k) % n, view.seat, view.names) for k in range(n)]
    return messages.play_order(view.direction is Direction.CLOCKWISE, order)

