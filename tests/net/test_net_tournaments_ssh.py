"""A tournament over the real ssh client: two people sign up, the server seats them when
it is full, tells each their table, and at its end tells both the final standings."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from net_ssh import Server, ends_at_once, entered

from uno_access.access import messages

SPEC = "standard,hand_size=1,target_score=1"
NAMES = ("ann", "bob")


def test_two_people_sign_up_over_ssh_are_seated_when_full_and_told_the_final_standings(
    tmp_path: Path, closing: list[Any]
) -> None:
    seed, moves = ends_at_once(NAMES, SPEC)
    mover, play = moves[1]
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
