"""``scripts/cluster_kill_campaign.py`` run for a few kills: the server owning a table
SIGKILLed at the player's turn each time, the table taken over by another server, and
the campaign's own checks all holding (it exits 1 otherwise, and ``run_script`` fails).
A kill takes about 16 s (the lease's 15 s to lapse): five keep the test near two
minutes; the script's own runs go to 16 in a row (its one match ends there)."""

from __future__ import annotations

import re

from net_ssh import run_script

KILLS = 5


def test_the_kill_campaign_takes_the_table_over_exactly_at_every_kill() -> None:
    out = run_script("cluster_kill_campaign.py", "--kills", str(KILLS), timeout=900).stdout
    kills = re.findall(r"^kill (\d+): .*word for word: (\w+)$", out, re.MULTILINE)
    assert kills == [(str(n), "True") for n in range(1, KILLS + 1)], out
    assert f"kills: {KILLS}\n" in out
    for check in (
        "take-over marks, one a kill",
        "her draws, each once",
        "the log's position is the one she was told",
    ):
        assert f"{check}: ok\n" in out, out
    assert "FAILED" not in out
