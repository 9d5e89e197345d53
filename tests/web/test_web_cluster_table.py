"""A mixed table across the servers of a cluster, for real: a real three-node NATS cluster
and three ``uno-access serve --web --cluster`` servers on 127.0.0.1; ann in a real
headless Chromium page on server A (which holds the table), bob in another page on server
B, cid over plain ssh (the real OpenSSH client) on server C; no bot, the seeded round of
``test_web_mixed_table`` played to its end by keys alone.

What the table's holder tells its own people, each other server makes for its own from
its copy of the table's log (``cluster.far``): so each page's lines about the third player
alone are the very lines cid's terminal printed, in order, and each page's live region
announced them; the round's end is the same sentence everywhere; no frame a page got
names a card of another hand it never saw. The chat said in the lobby on one server is
heard on the others.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from nats_cluster import NatsCluster, nats_cluster
from net_round import Player, TerminalPlayer, about_alone, play, this_round
from net_ssh import Ssh, hidden_cards, keypair, shown_cards, table_game
from test_web_mixed_table import NAMES, RULES, SEED, PagePlayer, _as_named, _events, _held
from web_browser import Browser, WebServer, texts, wait_for

from uno_access.access import messages

__all__ = ["nats_cluster"]  # the fixture, used by name

Opened = Browser | Ssh | WebServer


def test_pages_and_a_terminal_on_three_servers_play_one_table_to_its_end(
    nats_cluster: NatsCluster, tmp_path: Path, closing: list[Opened]
) -> None:
    args = ("--bot-pace", "0", "--seed", str(SEED), "--cluster", nats_cluster.url)
    a, b, c = (WebServer(tmp_path / name, *args) for name in "abc")  # A first: table 1 is A's
    closing += [a, b, c]
    ann = Browser(a, tmp_path / "ann.log")
    closing.append(ann)
    bob = Browser(b, tmp_path / "bob.log")
    closing.append(bob)
    cid = Ssh(c.port, keypair(tmp_path, "cid"), "cid")
    closing.append(cid)
    ann.log_in("ann")
    bob.log_in("bob")
    cid.prompt()
    mark = len(bob.got())
    cid.line("say hello from C")  # one lobby: heard on every server
    bob.told(r"^cid says: hello from C\.", mark)
    mark = len(ann.got())
    ann.line(f"new {RULES}")
    ann.told(r"^You made table 1 ", mark)

    def sits(page: Browser) -> bool:  # B lists A's table a moment later
        mark = len(page.got())
        page.line("join 1")
        found = wait_for(
            "bob's answer",
            lambda: next(
                (
                    f["print"]
                    for f in page.got()[mark:]
                    if f.get("type") == "message"
                    and re.search(r"^You sit at table 1|^There is no table", f.get("print", ""))
                ),
                None,
            ),
        )
        return str(found).startswith("You sit")

    wait_for("bob seated at table 1 from B", lambda: sits(bob) or None)
    for _ in range(50):
        cid.line("join 1")
        if cid.child.expect([r"You sit at table 1, seat 3\.", "There is no table"]) == 0:
            break
    mark = len(ann.got())
    ann.line("start")
    ann.told(r"^UNO against ", mark)
    players: list[Player] = [
        PagePlayer("ann", ann),
        PagePlayer("bob", bob),
        TerminalPlayer("cid", cid),
    ]
    moves = play(players, lambda moves: False)
    wait_for("everyone told the round's end", lambda: all(p.round_over() for p in players))
    for page in (ann, bob):
        page.assert_every_message_said_and_listed()

    printed = this_round(cid.lines())
    for page, name, third in ((ann, "ann", "bob"), (bob, "bob", "ann")):
        viewers = (name, "cid")
        expected = about_alone(printed, third, viewers)
        listed = about_alone(this_round(_events(page)), third, viewers)
        assert listed == expected, f"{name}'s history of {third}'s moves, and cid's terminal"
        for kind in (" plays ", " draws "):
            assert any(kind in line for line in expected), f"no line of {third}{kind}: {moves}"
        announced = this_round(texts(page.said(), "polite"))
        spoken = [messages.spoken(line) for line in expected]
        assert about_alone(announced, third, viewers) == spoken, f"{name}'s live region"
        ended = this_round(_events(page))[-1]
        assert _as_named(ended, name) == _as_named(printed[-1], "cid"), (ended, printed[-1])

    game = table_game(NAMES, RULES, SEED)  # as dealt
    seen = [cid.text(), *("\n".join(_events(p)) for p in (ann, bob))]
    shown = shown_cards(seen)
    for seat, page in ((0, ann), (1, bob)):
        secret = hidden_cards(game, seat, _held(page) | shown)
        assert secret, "the check has cards to look for"
        sent = json.dumps(page.got(), ensure_ascii=False)
        leaked = sorted(card for card in secret if re.search(rf"\b{card}\b", sent))
        assert not leaked, (NAMES[seat], leaked)
