"""Ratings over the real ssh client: four people play two matches at the server, and
``stats`` and ``top`` answer each of them as OpenSkill's own numbers say.

A match here is one round of one card each (``hand_size=1,target_score=1``), on a seed
whose first player goes out at once with a number card: four real ssh sessions, typed
lines, the server's own tables, accounts and results.
"""

from __future__ import annotations

import re
from pathlib import Path

from net_ssh import Server, Ssh, entered, table_game
from openskill.models import PlackettLuce

from uno_access.access import messages
from uno_access.engine.actions import Play
from uno_access.engine.cards import Kind
from uno_access.engine.events import GameEnded
from uno_access.engine.state import Phase
from uno_access.net.server.results import shown_rating

SPEC = "standard,hand_size=1,target_score=1"
NAMES = ("ann", "bob", "cat", "dan")


def _going_out(number: int, seed: int) -> tuple[int, Play, tuple[int, ...]] | None:
    """At table ``number``: the seat to move first, its number card that ends the match at
    once, and the final scores; None when this seed's deal does not."""
    game = table_game(NAMES, SPEC, seed, number)
    view = game.view(0)
    if view.phase is not Phase.PLAY:
        return None
    seat = view.current
    if seat is None:
        return None
    play = next(
        (a for a in game.legal_actions(seat) if isinstance(a, Play) and a.card.kind is Kind.NUMBER),
        None,
    )
    if play is None:
        return None
    events = game.apply(play)
    ended = next((e for e in events if isinstance(e, GameEnded)), None)
    if ended is None:
        return None
    return seat, play, tuple(ended.scores)


def _seed() -> tuple[int, list[tuple[int, Play, tuple[int, ...]]]]:
    """A seed whose two tables each end at their first play, by two different winners."""
    for seed in range(1, 2000):
        first, second = _going_out(1, seed), _going_out(2, seed)
        if first and second and first[0] != second[0]:
            return seed, [first, second]
    raise AssertionError("no seed ends both matches at once")


def _places(winner: int, scores: tuple[int, ...]) -> list[int]:
    order = sorted(range(len(scores)), key=lambda s: (s != winner, -scores[s]))
    places, last = [0] * len(scores), None
    for n, seat in enumerate(order, start=1):
        key = (seat == winner, scores[seat])
        places[seat] = places[order[n - 2]] if key == last else n
        last = key
    return places


def test_four_people_over_ssh_play_two_matches_and_are_rated_as_openskill_says(
    tmp_path: Path, closing: list[Ssh | Server]
) -> None:
    seed, matches = _seed()
    server = Server(tmp_path / "server", "--open", "--seed", str(seed), "--bot-pace", "0")
    closing.append(server)
    people = {name: entered(tmp_path, server, name) for name in NAMES}
    closing.extend(people.values())
    model = PlackettLuce()
    ratings = {name: model.rating() for name in NAMES}
    for number, (seat, play, scores) in enumerate(matches, start=1):
        ann = people["ann"]
        ann.line(f"new {SPEC}")
        ann.sees(f"You made table {number}")
        for name in NAMES[1:]:
            people[name].line(f"join {number}")
            people[name].sees(f"You sit at table {number}")
        ann.line("start")
        mover = people[NAMES[seat]]
        mover.sees("Your turn")
        mover.line(play.card.code)
        places = _places(seat, scores)
        new = model.rate([[ratings[name]] for name in NAMES], ranks=[float(p) for p in places])
        before = {name: shown_rating(r.mu, r.sigma) for name, r in ratings.items()}
        ratings = {name: team[0] for name, team in zip(NAMES, new, strict=True)}
        for name in NAMES:
            after = shown_rating(ratings[name].mu, ratings[name].sigma)
            people[name].told(messages.net_rating_changed("standard", before[name], after))
        winner, last = NAMES[seat], NAMES[places.index(max(places))]
        assert shown_rating(ratings[winner].mu, ratings[winner].sigma) > before[winner]
        assert shown_rating(ratings[last].mu, ratings[last].sigma) < before[last]
        for name in NAMES:
            people[name].line("who")  # at the lobby's prompt again
            people[name].sees("lobby>")
    expected = sorted(NAMES, key=lambda n: (-shown_rating(ratings[n].mu, ratings[n].sigma), n))
    cat = people["cat"]
    cat.line("top")
    cat.told(messages.net_top_title("standard", 1, 4, 4))
    first = expected[0]
    rating = shown_rating(ratings[first].mu, ratings[first].sigma)
    cat.sees(re.escape(f"1. {first}, {rating}, provisional."))
    ann = people["ann"]
    ann.line(f"stats {NAMES[matches[0][0]]}")
    ann.sees(re.escape(f"{NAMES[matches[0][0]]}: matches 2, wins "))
    # a hidden person is not listed: the leaderboard is the other three
    people[first].line("top hide")
    people[first].told(messages.tr(messages.NET_TOP_HIDDEN))
    cat.line("top")
    cat.told(messages.net_top_title("standard", 1, 3, 3))
    board = cat.sees(r"You are number|You are hidden")
    assert f". {first}," not in board.split("leaderboard, 1 to 3 of 3:")[-1]
