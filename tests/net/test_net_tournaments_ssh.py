"""A tournament over the real ssh client: two people sign up, the server seats them when
it is full, tells each their table, and at its end tells both the final standings."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from net_ssh import Server, entered, table_game

from uno_access.access import messages
from uno_access.engine.actions import Play
from uno_access.engine.cards import Kind
from uno_access.engine.events import GameEnded
from uno_access.engine.state import Phase

SPEC = "standard,hand_size=1,target_score=1"
NAMES = ("ann", "bob")


def _seed() -> tuple[int, int, Play]:
    """A seed whose table 1 (ann, bob) ends at its first play: the mover and the card."""
    for seed in range(1, 2000):
        game = table_game(NAMES, SPEC, seed, 1)
        view = game.view(0)
        seat = view.current
        if view.phase is not Phase.PLAY or seat is None:
            continue
        play = next(
            (
                a
                for a in game.legal_actions(seat)
                if isinstance(a, Play) and a.card.kind is Kind.NUMBER
            ),
            None,
        )
        if play is not None and any(isinstance(e, GameEnded) for e in game.apply(play)):
            return seed, seat, play
    raise AssertionError("no seed ends the match at once")


def test_two_people_sign_up_over_ssh_are_seated_when_full_and_told_the_final_standings(
    tmp_path: Path, closing: list[Any]
) -> None:
    seed, mover, play = _seed()
    server = Server(tmp_path / "server", "--open", "--seed", str(seed), "--bot-pace", "0")
    closing.append(server)
    ann, bob = entered(tmp_path, server, "ann"), entered(tmp_path, server, "bob")
    closing.extend((ann, bob))
    ann.line(f"tournament new swiss size=2 rounds=1 players=2 rules={SPEC}")
    ann.told(messages.net_tournament_made(1))
    ann.line("tournament join 1")
    ann.told(messages.net_tournament_joined(1))
    bob.line("tournaments")
    bob.sees(re.escape("Tournament 1: swiss,"))
    bob.line("tournament join 1")  # full: it begins
    for person in (ann, bob):
        person.told(messages.net_tournament_seat(1, 1, 1))
        person.line("join 1")
    people = {"ann": ann, "bob": bob}
    first = people[NAMES[mover]]
    first.sees("Your turn")
    first.line(play.card.code)
    winner, other = NAMES[mover], NAMES[1 - mover]
    for person in (ann, bob):
        person.told(messages.net_tournament_final(1, 1, winner, 1))
        person.told(messages.net_tournament_final(1, 2, other, 0))
    bob.line("who")
    bob.sees("lobby>")
    bob.line("tournament 1")
    bob.told(messages.net_tournament_standing(1, winner, 1))
