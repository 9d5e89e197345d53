"""Events and queries as spoken sentences for one player, the viewer.

Every sentence is self-contained and in full words ("Ann plays Blue 7."); the
viewer is "you". This module only chooses: every word is in ``messages``.

``describe`` says one event; ``narrate`` says a batch of events as ``Game.apply``
returned them, folding what belongs together ("Cy draws 2 cards and loses the
turn.") and leaving out what an earlier sentence already said.

Both take the table's ``rules`` and partners' ``teams`` (from a ``PlayerView``)
where the end of a round is said: partners score as a pair, and with the lowest
scoring or Challenge UNO each adds their own hand. Without them a round is said
as the standard scoring says it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Final

from ..engine import events as ev
from ..engine.cards import COLORS, Card, Kind
from ..engine.events import Direction, DrawReason, Event
from ..engine.rules import RuleSet, Scoring
from ..engine.seats import play_order
from ..engine.state import PlayerView
from ..values import frozen
from . import messages
from .messages import Who
from .wording.forms import Line as Line  # the one kind of line said, re-exported

Teams = Sequence[Sequence[int]]

# draws whose count an earlier sentence of the same batch already said
_ANNOUNCED_DRAWS = (
    DrawReason.UNO_PENALTY,
    DrawReason.CHALLENGE_GUILTY,
    DrawReason.CHALLENGE_LOST,
    DrawReason.STACK,
    DrawReason.WRONG_CARD,
    DrawReason.SUGGESTION,
)
# draws that come with losing the turn, said in the same sentence
_SKIPPING_DRAWS = (DrawReason.DRAW_TWO, DrawReason.START_DRAW_TWO, DrawReason.DRAW_FOUR)
_CHALLENGE_DRAWS = (DrawReason.CHALLENGE_GUILTY, DrawReason.CHALLENGE_LOST)


def sorted_cards(cards: Iterable[Card]) -> list[Card]:
    """Cards in deck order: blue, green, red, yellow (0 to 9, Draw Two, Reverse, Skip), wilds,
    the Anniversary card; a blank card beside the card it stands for.
    """
    return sorted(cards, key=_deck_order)


def _deck_order(card: Card) -> tuple[int, int, int]:
    """By colour first (so No Mercy's coloured cards, made after the others, join their
    colour), then the deck's order."""
    base = card.base
    color = base.color
    return (4 if color is None else _COLOR_RANK[color], base.index, card.index)


_COLOR_RANK: Final = {color: rank for rank, color in enumerate(COLORS)}


def who(seat: int, viewer: int, names: Sequence[str]) -> Who:
    return Who(names[seat], seat == viewer)


@frozen(slots=True)
class _Hearer:
    """Who listens, and what of the table the wording needs."""

    viewer: int
    names: Sequence[str]
    rules: RuleSet | None = None
    teams: Teams = ()

    def w(self, seat: int) -> Who:
        return who(seat, self.viewer, self.names)

    @property
    def own_hands(self) -> bool:
        """Whether each player adds their own hand (lowest scoring, Challenge UNO)."""
        rules = self.rules
        return rules is not None and (rules.scoring is Scoring.LOWEST or rules.challenge_uno)

    @property
    def challenge_uno(self) -> bool:
        return self.rules is not None and self.rules.challenge_uno

    def team_of(self, seat: int) -> list[Who]:
        team = next((team for team in self.teams if seat in team), (seat,))
        return [self.w(member) for member in team]

    def team_pairs(self, scores: Sequence[int]) -> list[tuple[list[Who], int]]:
        return [([self.w(seat) for seat in team], scores[team[0]]) for team in self.teams]

    def pairs(self, values: Sequence[int]) -> list[tuple[Who, int]]:
        return [(self.w(seat), value) for seat, value in enumerate(values)]

    def totals(self, scores: Sequence[int]) -> list[tuple[Who, int, bool]]:
        """Challenge UNO's running totals, each with whether it put its player out."""
        target = self.rules.target_score if self.rules is not None else 0
        return [(self.w(seat), score, score >= target) for seat, score in enumerate(scores)]


def private_to_viewer(event: Event | None, viewer: int) -> bool:
    """Whether ``event`` (as ``viewer`` sees it) tells them what the table does not know:
    the cards of their deal, of their draws, of a hand shown or given to them, or an
    answer to them alone (a refusal, card check, the top card touched).
    """
    if event is None:
        return False
    public = ev.for_seat(event, -1)  # a seat not at the table: what everyone may know
    return public is None or public != event


def describe(
    event: Event,
    viewer: int,
    names: Sequence[str],
    *,
    rules: RuleSet | None = None,
    teams: Teams = (),
) -> str | None:
    """``event`` as one sentence for ``viewer``; None when it is not for them."""
    line = describe_line(event, viewer, names, rules=rules, teams=teams)
    return None if line is None else line.sentence()


def describe_line(
    event: Event,
    viewer: int,
    names: Sequence[str],
    *,
    rules: RuleSet | None = None,
    teams: Teams = (),
) -> Line | None:
    """``event`` alone, as the ``Line`` said to ``viewer``; None when it is not for them."""
    seen = ev.for_seat(event, viewer)
    if seen is None:
        return None
    line = _describe(seen, _Hearer(viewer, names, rules, teams))
    return None if line is None else replace(line, event=event)


def narrate(
    events: Iterable[Event],
    viewer: int,
    names: Sequence[str],
    *,
    rules: RuleSet | None = None,
    teams: Teams = (),
) -> list[str]:
    """A batch of events (one ``apply``) as the sentences ``viewer`` hears, in order."""
    return [
        line.sentence() for line in narrate_lines(events, viewer, names, rules=rules, teams=teams)
    ]


def narrate_lines(
    events: Iterable[Event],
    viewer: int,
    names: Sequence[str],
    *,
    rules: RuleSet | None = None,
    teams: Teams = (),
    named: bool = False,
) -> list[Line]:
    """A batch of events as the ``Line``s said to ``viewer``: what belongs together is folded
    into one line ("Cy draws 2 cards and loses the turn."), and what an earlier line of the
    batch said is left out. ``named`` (a hot-seat table): only the lines of what the viewer
    alone knows (``private_to_viewer``) call them "you"; the others name every player, as
    the rest of the table hears them.
    """
    own = _Hearer(viewer, names, rules, teams)
    table = _Hearer(-1, names, rules, teams) if named else own
    seen = [e for e in (ev.for_seat(event, viewer) for event in events) if e is not None]
    lines: list[Line] = []
    deferred: list[Line] = []  # a shown hand is said after the challenge's verdict
    skip: set[int] = set()
    gave: set[int] = set()  # seats whose Anniversary card a line already said
    for index, event in enumerate(seen):
        if index in skip:
            continue
        following = seen[index + 1] if index + 1 < len(seen) else None
        hearer = own if private_to_viewer(event, viewer) else table
        line: Line | None
        if isinstance(event, ev.ChallengeMade):
            continue  # the verdict names the challenge
        if isinstance(event, ev.ColorChosen) and any(
            isinstance(later, ev.RouletteTurned) and later.seat == event.seat
            for later in seen[index + 1 : index + 3]
        ):
            continue  # the roulette's line names the colour (a reshuffle may come between)
        if isinstance(event, ev.HandDealt) and event.seat != viewer:
            continue  # everyone is dealt the same number: the viewer's own deal says it
        if isinstance(event, ev.HandShown):
            if viewer in (event.seat, event.to_seat):
                deferred.append(replace(_shown(event, hearer), event=event))
            continue
        if (
            isinstance(event, ev.CardsDrawn)
            and isinstance(following, ev.PlayerSkipped)
            and following.seat == event.seat
        ):
            skip.add(index + 1)
            if event.reason in _SKIPPING_DRAWS:
                line = _drawn(event, hearer, loses_turn=True)
            else:  # the verdict of a lost challenge, or the accepted stack, said it
                line = _describe(event, hearer)
        elif (
            isinstance(event, ev.CardPlayed)
            and isinstance(following, ev.CardPlayed)
            and following.straight
            and following.seat == event.seat
        ):  # a straight: its cards in one line
            run = [event]
            while index + len(run) < len(seen):
                after = seen[index + len(run)]
                if not (isinstance(after, ev.CardPlayed) and after.straight):
                    break
                run.append(after)
            skip.update(range(index + 1, index + len(run)))
            cards = [played.card for played in run]
            line = Line.of(
                messages.straight_played, hearer.w(event.seat), cards, run[-1].cards_left
            )
        elif isinstance(event, ev.DrawAccepted):
            line = _accepted(event, _draw_after(seen, index, event.seat), hearer)
        elif isinstance(event, ev.ChallengeResolved):
            loser = event.target if event.guilty else event.seat
            drawn = _draw_after(seen, index, loser)
            count = drawn.count if drawn and drawn.reason in _CHALLENGE_DRAWS else None
            line = Line.of(
                messages.challenge_resolved,
                hearer.w(event.seat),
                hearer.w(event.target),
                event.guilty,
                count,
            )
        elif isinstance(event, ev.WrongCardPenalty | ev.SuggestionPenalty):
            drawn = _draw_after(seen, index, event.seat)
            line = _penalty(event, hearer, drawn.count if drawn else None)
        elif isinstance(event, ev.AnniversaryPlayed):
            gave.add(event.seat)
            line = _describe(event, hearer)
        elif (
            isinstance(event, ev.CardPlayed)
            and event.card.kind is Kind.ANNIVERSARY
            and event.seat in gave
        ):
            continue  # "Ann plays an Anniversary card: Happy Anniversary! Ann keeps one card…"
        else:
            line = _describe(event, hearer)
        if line is not None:
            lines.append(replace(line, event=event))
        if isinstance(event, ev.ChallengeResolved):
            lines += deferred
            deferred.clear()
    return lines + deferred


def _draw_after(seen: Sequence[Event], index: int, seat: int) -> ev.CardsDrawn | None:
    """The next draw by ``seat`` in the batch after ``index``, if any."""
    for event in seen[index + 1 :]:
        if isinstance(event, ev.CardsDrawn) and event.seat == seat:
            return event
    return None


def _accepted(event: ev.DrawAccepted, drawn: ev.CardsDrawn | None, hearer: _Hearer) -> Line:
    """An accepted Wild Draw Four, Draw Two or stack, told by the draw that follows it."""
    if drawn is None:
        return Line.of(messages.draw_accepted, hearer.w(event.seat), event.total)
    stack = drawn.reason is DrawReason.STACK
    return Line.of(
        messages.draw_accepted, hearer.w(event.seat), drawn.count if stack else event.total, stack
    )


def _penalty(
    event: ev.WrongCardPenalty | ev.SuggestionPenalty, hearer: _Hearer, count: int | None
) -> Line:
    if isinstance(event, ev.WrongCardPenalty):
        drew = 2 if count is None else count
        return Line.of(messages.wrong_card, hearer.w(event.seat), event.card, drew, event.jump_in)
    if count is None:
        count = hearer.rules.suggestion_penalty if hearer.rules is not None else 2
    return Line.of(messages.suggestion_penalty, hearer.w(event.seat), count)


def _drawn(event: ev.CardsDrawn, hearer: _Hearer, loses_turn: bool) -> Line:
    mine = event.seat == hearer.viewer and event.cards
    # drawn until a card plays: in the order drawn, the card that matched last
    ordered = event.reason is ev.DrawReason.TURN
    cards = (list(event.cards) if ordered else sorted_cards(event.cards)) if mine else None
    return Line.of(messages.cards_drawn, hearer.w(event.seat), event.count, cards, loses_turn)


def _shown(event: ev.HandShown, hearer: _Hearer) -> Line:
    """A challenged hand: its cards to the challenger alone, its count to everyone else."""
    w = hearer.w
    cards = sorted_cards(event.cards) if hearer.viewer == event.to_seat else None
    return Line.of(messages.hand_shown, w(event.seat), w(event.to_seat), cards, event.count)


def _describe(event: Event, hearer: _Hearer) -> Line | None:
    w = hearer.w
    viewer = hearer.viewer

    match event:
        case ev.Rejected(reason=reason, card=card):
            return Line.of(messages.refusal, reason, card)
        case ev.DealerDrew(seat=seat, card=card):
            return Line.of(messages.dealer_drew, w(seat), card)
        case ev.DealerChosen(seat=seat):
            return Line.of(messages.dealer_chosen, w(seat))
        case ev.RoundStarted(number=number, dealer=dealer):
            return Line.of(messages.round_started, number, w(dealer))
        case ev.HandDealt(seat=seat, count=count, cards=cards):
            if seat != viewer:
                return Line.of(messages.hand_dealt_to, w(seat), count)
            return Line.of(messages.hand_dealt, sorted_cards(cards), count)
        case ev.StartCardTurned(card=card):
            return Line.of(messages.start_card, card)
        case ev.StartCardReturned(card=card):
            return Line.of(messages.start_card_returned, card)
        case ev.TurnStarted(seat=seat):
            return Line.of(messages.turn_started, w(seat))
        case ev.CardPlayed(
            seat=seat, card=card, cards_left=left, count=count, jump_in=jump, straight=on
        ):
            return Line.of(messages.card_played, w(seat), card, left, count, jump, on)
        case ev.ColorChosen(seat=seat, color=color):
            return Line.of(messages.color_chosen, w(seat), color)
        case ev.CardsDrawn(seat=seat, reason=reason, cards=cards):
            if reason is DrawReason.ROULETTE:
                return None  # the roulette's line said the cards, face up
            if reason in _ANNOUNCED_DRAWS and not (seat == viewer and cards):
                return None  # the catch, the challenge or the penalty said who draws how many
            return _drawn(event, hearer, loses_turn=False)
        case ev.CouldNotDraw(seat=seat):
            return Line.of(messages.could_not_draw, w(seat))
        case ev.RoundBlocked(seat=seat):
            return Line.of(messages.round_blocked, w(seat))
        case ev.DrawnCardKept(seat=seat):
            return Line.of(messages.drawn_card_kept, w(seat))
        case ev.PlayerSkipped(seat=seat):
            return Line.of(messages.player_skipped, w(seat))
        case ev.DirectionChanged(direction=direction):
            return Line.of(messages.direction_changed, direction is Direction.CLOCKWISE)
        case ev.UnoCalled(seat=seat):
            return Line.of(messages.uno_called, w(seat))
        case ev.UnoCaught(seat=seat, target=target, penalty=penalty):
            return Line.of(messages.uno_caught, w(seat), w(target), penalty)
        case ev.ChallengeMade(seat=seat, target=target):
            return Line.of(messages.challenge_made, w(seat), w(target))
        case ev.HandShown():
            return _shown(event, hearer)
        case ev.ChallengeResolved(seat=seat, target=target, guilty=guilty):
            return Line.of(messages.challenge_resolved, w(seat), w(target), guilty)
        case ev.DrawAccepted(seat=seat, total=total):
            return Line.of(messages.draw_accepted, w(seat), total)
        case ev.StackGrew(seat=seat, total=total):
            return Line.of(messages.stack_grew, w(seat), total)
        case ev.HandsPassed(direction=direction):
            return Line.of(messages.hands_passed, direction is Direction.CLOCKWISE)
        case ev.HandReceived(seat=seat, from_seat=giver, count=count, cards=cards):
            mine = sorted_cards(cards) if seat == viewer else None
            return Line.of(messages.hand_received, w(seat), w(giver), count, mine)
        case ev.HandsSwapped(seat=seat, target=target, seat_count=count, target_count=other):
            received = event.seat_cards if viewer == seat else event.target_cards
            mine = sorted_cards(received) if viewer in (seat, target) else None
            return Line.of(messages.hands_swapped, w(seat), w(target), count, other, mine)
        case ev.FalseCallPenalty(seat=seat, target=target, count=count):
            if target is None:
                return Line.of(messages.false_uno, w(seat), count)
            return Line.of(messages.wrong_catch, w(seat), w(target), count)
        case ev.HandsShuffled(seat=seat, counts=counts):
            held = [(who, count) for who, count in hearer.pairs(counts) if count]
            return Line.of(messages.hands_shuffled, w(seat), held)
        case ev.HandDiscarded(seat=seat, cards=cards):
            return Line.of(messages.hand_discarded, w(seat), cards)
        case ev.RouletteTurned(seat=seat, color=color, cards=cards):
            return Line.of(messages.roulette_turned, w(seat), color, cards)
        case ev.MercyKnockout(seat=seat, count=count):
            return Line.of(messages.mercy_knockout, w(seat), count)
        case ev.OutPending(seat=seat):
            return Line.of(messages.out_pending, w(seat))
        case ev.SwapDeclined(seat=seat):
            return Line.of(messages.swap_declined, w(seat))
        case ev.AnniversaryPlayed(seat=seat, target=target, count=count, cards=cards):
            known = sorted_cards(cards) if viewer in (seat, target) else None
            return Line.of(messages.anniversary_played, w(seat), w(target), count, known)
        case ev.WrongCardPenalty() | ev.SuggestionPenalty():
            return _penalty(event, hearer, None)
        case ev.PlayerEliminated(seat=seat, score=score):
            return Line.of(messages.player_eliminated, w(seat), score)
        case ev.Reshuffled(count=count):
            return Line.of(messages.reshuffled, count)
        case ev.RoundEnded():
            return _round_ended(event, hearer)
        case ev.GameEnded(winner=winner, scores=scores):
            if hearer.own_hands:
                if hearer.challenge_uno:
                    totals = messages.totals_list(hearer.totals(scores))
                    return Line.of(messages.game_ended_last_left, w(winner), totals)
                return Line.of(messages.game_ended_lowest, w(winner), hearer.pairs(scores))
            if hearer.teams:
                return Line.of(
                    messages.game_ended_partners, hearer.team_of(winner), hearer.team_pairs(scores)
                )
            return Line.of(messages.game_ended, w(winner), hearer.pairs(scores))
        case ev.CardCount(counts=counts):
            return Line.of(messages.card_check, hearer.pairs(counts))
        case ev.TopCard(card=card, color=color):
            return Line.of(messages.top_card, card, color)
    return None


def _round_ended(event: ev.RoundEnded, hearer: _Hearer) -> Line:
    """The end of a round, as the table's scoring counts it (the engine's order: own hands
    first, then partners, then the standard scoring).
    """
    w = hearer.w
    winner, gained, scores = event.winner, event.gained, event.scores
    if hearer.own_hands:
        added = [(w(seat), points) for seat, points in enumerate(gained) if points]
        if hearer.challenge_uno:
            said = messages.totals_list(hearer.totals(scores))
        else:
            said = messages.score_list(hearer.pairs(scores))
        return Line.of(
            messages.round_ended_own_hands,
            w(winner),
            added,
            said,
            hearer.challenge_uno,
            event.blocked,
        )
    if hearer.teams:
        return Line.of(
            messages.round_ended_partners,
            w(winner),
            hearer.team_of(winner),
            gained[winner],
            hearer.team_pairs(scores),
            event.blocked,
        )
    standard = not any(g for seat, g in enumerate(gained) if seat != winner)
    hands = (
        [(w(seat), points) for seat, points in enumerate(event.hand_points) if seat != winner]
        if standard
        else []
    )
    return Line.of(
        messages.round_ended,
        w(winner),
        gained[winner] if standard else None,
        hearer.pairs(scores),
        hands,
    )


def _pairs(values: Sequence[int], viewer: int, names: Sequence[str]) -> list[tuple[Who, int]]:
    return [(who(seat, viewer, names), value) for seat, value in enumerate(values)]


# --------------------------------------------------------------------- queries on a view


def describe_hand(view: PlayerView) -> Line:
    """ "Your hand, 5 cards: Blue 7, Red Skip, …" in deck order."""
    return Line.of(messages.your_hand, sorted_cards(view.hand), len(view.hand))


def describe_hand_answer(
    cards: Sequence[Card], playable: Iterable[Card] | None, how: messages.How = messages.TYPED
) -> Line:
    """L: the hand in the order the player keeps it (``cards``), and on their turn the cards
    they can play, in the same order.
    """
    if playable is not None:
        can = set(playable)
        playable = [card for card in dict.fromkeys(cards) if card in can]
    return Line.of(messages.hand_answer, list(cards), len(cards), playable, how)


def describe_selected(
    card: Card, place: int, count: int, playable: bool | None, edge: str | None = None
) -> Line:
    """The card selected in the hand: its name, its place, whether it can be played."""
    return Line.of(messages.card_at, card, place, count, playable, edge)


def describe_turn(view: PlayerView, hint: str = "") -> Line:
    """Your turn: the top card (after a Wild the colour), your hand's size; ``hint`` the keys."""
    return Line.of(messages.your_turn, view.top, view.color, len(view.hand), hint)


def describe_playable(cards: Iterable[Card]) -> Line:
    """ "You can play: …" for the cards the rules let the viewer play now."""
    return Line.of(messages.you_can_play, sorted_cards(set(cards)))


def describe_card_check(view: PlayerView) -> Line:
    return Line.of(messages.card_check, _pairs(view.hand_sizes, view.seat, view.names))


def describe_top(view: PlayerView) -> Line:
    """ "Top card: Wild Draw Four (wi+4), colour in play Red.\""""
    return Line.of(messages.top_card, view.top, view.color)


def describe_scores(view: PlayerView) -> Line:
    rules = view.rules
    hearer = _Hearer(view.seat, view.names, rules, view.teams)
    if rules.challenge_uno:
        return Line.of(messages.totals_line, hearer.totals(view.scores), rules.target_score)
    lowest = rules.scoring is Scoring.LOWEST
    if view.teams and not lowest:
        pairs = hearer.team_pairs(view.scores)
        return Line.of(messages.team_scores_line, pairs, rules.target_score)
    return Line.of(messages.scores_line, hearer.pairs(view.scores), rules.target_score, lowest)


def describe_whose_turn(view: PlayerView) -> Line | None:
    """ "It is Bob's turn."; None between rounds."""
    if view.current is None:
        return None
    return Line.of(messages.whose_turn, who(view.current, view.seat, view.names))


def describe_order(view: PlayerView) -> Line:
    """The direction of play and the seats still playing in that order, from the one to move."""
    clockwise, order = _order(view)
    return Line.of(messages.play_order, clockwise, order)


def describe_turn_and_order(view: PlayerView) -> Line:
    """W: whose turn it is (between rounds: nobody's), then the direction and order of play."""
    whose = None if view.current is None else who(view.current, view.seat, view.names)
    clockwise, order = _order(view)
    return Line.of(messages.turn_and_order, whose, clockwise, order)


def _order(view: PlayerView) -> tuple[bool, list[Who]]:
    first = view.current if view.current is not None else view.seat
    seats = play_order(first, view.direction.value, len(view.names))
    order = [who(seat, view.seat, view.names) for seat in seats if seat not in view.eliminated]
    return view.direction is Direction.CLOCKWISE, order


def describe_teams(view: PlayerView) -> Line | None:
    """Partners: "You and Bob play against Ann and Cy."; None without partners."""
    if not view.teams:
        return None
    hearer = _Hearer(view.seat, view.names)
    mine = next((team for team in view.teams if view.seat in team), view.teams[0])
    theirs = [[hearer.w(seat) for seat in team] for team in view.teams if team is not mine]
    return Line.of(messages.teams_line, [hearer.w(seat) for seat in mine], theirs)
