"""The cluster's SIGKILL campaign: the server owning a table SIGKILLed mid-game, again
and again, and the table goes on exactly on another server each time.

    .venv/bin/python scripts/cluster_kill_campaign.py [--kills 20]

It starts what ``tests/net/cluster/test_cluster_takeover.py`` starts (and uses its
helpers): a real three-node nats-server cluster and three ``uno-access serve --cluster``
processes on 127.0.0.1 (free ports, a temporary folder, all stopped by pid at the end),
and ann over the real OpenSSH client, playing the bot Bob at table 1. At each kill the
server holding the table's lease is SIGKILLed at her turn (and started again, so that
two are always there to take it); she logs in to the server that took the table over,
is told the very hand and top card she was told before, draws, and Bob answers (a round
Bob wins is followed by the next, a Wild Draw Four on her accepted). For
each kill it prints the seconds from the kill to the lease taken by another server, and
to her draw answered there. At the end it checks the table's log: one take-over mark a
kill, each of her draws once (none lost, none doubled), and the position she was told
last. It prints one line per figure and check, and exits 1 when a check fails.

The match is played to 5,000 points rather than 500 (``RULES``: Bob wins a round each
few draws of hers, and a match to 500 ended after her 16th draw, its table then purged
from the stream as every finished table is), so that one table outlives 20 kills and
more; the deal is the standard one.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import pexpect

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "net"), str(ROOT / "tests" / "net" / "cluster")]

from nats_cluster import NatsCluster  # noqa: E402
from net_ssh import Server, Ssh, keypair  # noqa: E402
from test_cluster_takeover import _at_her_turn, _first_move, _line, _log, _owner, _seed  # noqa: E402

from uno_access.access import messages  # noqa: E402
from uno_access.engine.actions import Draw, Play  # noqa: E402
from uno_access.net.cluster.entries import HELD  # noqa: E402

WILD_DRAW_FOUR = "Wild Draw Four on you"
RULES = "standard,target_score=5000"  # a match long enough for many kills
NEXT_ROUND = re.escape(messages.tr(messages.ROUND_OVER_HINT).split("{how_next_round}")[1])


def _to_her_turn(ann: Ssh) -> int:
    """Until her turn comes with a draw to make: a round Bob won followed by the next
    (Space deals it), a Wild Draw Four played on her accepted (A). The rounds dealt."""
    dealt = 0
    while True:
        said = ann.sees(f"Your turn[^\r\n]*|{NEXT_ROUND}")
        if not said.startswith("Your turn"):
            ann.press(" ")
            dealt += 1
        elif WILD_DRAW_FOUR in said:
            ann.press("a")
        else:
            return dealt


def campaign(folder: Path, kills: int) -> bool:
    """``kills`` take-overs of table 1, each printed; whether every check held."""
    seed, play = _seed()
    opened: list[Any] = []
    with NatsCluster(folder / "nats") as cluster:
        try:
            return _kills(cluster, folder, kills, seed, play, opened)
        finally:
            for thing in reversed(opened):
                if isinstance(thing, Server):
                    if thing.process.poll() is None:
                        thing.stop()
                else:
                    thing.close()


def _kills(
    cluster: NatsCluster, folder: Path, kills: int, seed: int, play: Play, opened: list[Any]
) -> bool:
    key = keypair(folder, "ann")
    url = cluster.url
    args = ("--open", "--seed", str(seed), "--bot-pace", "0.3", "--cluster", url)
    servers = [Server(folder / name, *args) for name in ("a", "b", "c")]
    opened += servers
    ann = Ssh(servers[0].port, key, "ann", timeout=60)
    opened.append(ann)
    hand, top = _first_move(ann, play, RULES)
    owner = _owner(servers, url)
    rounds = 1
    taken: list[float] = []
    answered: list[float] = []
    for kill in range(1, kills + 1):
        dead = owner
        killed = time.monotonic()
        os.kill(dead.process.pid, signal.SIGKILL)
        dead.process.wait(10)
        ann.child.expect(["closed", pexpect.EOF])
        owner = _owner(servers, url, dead=f"-{dead.port}")
        taken.append(time.monotonic() - killed)
        again = Server(dead.data, *args)
        opened.append(again)
        servers.append(again)
        ann = Ssh(owner.port, key, "ann", timeout=60)
        opened.append(ann)
        ann.sees(re.escape(messages.net_you_are_back_waited(1, 1)))
        where = _line(ann, "Where you are: ")
        same = hand.split(" You can play")[0] in where and top in where
        same = same and _at_her_turn(ann) == (hand, top)
        ann.press("d")
        ann.sees("You draw ")
        answered.append(time.monotonic() - killed)
        ann.press("k")  # keeps the card, if it could be played (else the key is refused)
        ann.sees(r"Bob (plays|draws)")
        rounds += _to_her_turn(ann)
        hand, top = _at_her_turn(ann)
        print(
            f"kill {kill}: lease taken {taken[-1]:.1f} s after, her draw answered "
            f"{answered[-1]:.1f} s after, told where she was word for word: {same}",
            flush=True,
        )
        if not same:
            return False

    log, kinds = asyncio.run(_log(url, 1))
    draws = (
        [a for a in log.saved.actions if isinstance(a, Draw) and a.seat == 0] if log.saved else []
    )
    view = log.saved.public_events()[0].view(0) if log.saved else None
    checks = {
        "take-over marks, one a kill": kinds.count(HELD) == kills,
        "her draws, each once": len(draws) == kills,
        "the log's position is the one she was told": view is not None
        and view.current == 0
        and f"Your hand, {len(view.hand)} cards" in hand
        and messages.card_name(view.top) in top,
    }
    print(f"kills: {kills}")
    print(f"rounds: {rounds}")
    print(f"lease taken after a kill, median s: {statistics.median(taken):.1f}")
    print(f"lease taken after a kill, max s: {max(taken):.1f}")
    print(f"draw answered after a kill, median s: {statistics.median(answered):.1f}")
    print(f"draw answered after a kill, max s: {max(answered):.1f}")
    for check, held in checks.items():
        print(f"{check}: {'ok' if held else 'FAILED'}")
    return all(checks.values())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=20)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="uno-cluster-kills-") as folder:
        return 0 if campaign(Path(folder), options.kills) else 1


if __name__ == "__main__":
    sys.exit(main())
