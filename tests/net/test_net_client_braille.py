"""``uno-access join`` with a real brltty (``vr`` driver) as the player's braille display:
the entries come from the server as data, and the client shows them on its own display.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from net_client import Client
from net_ssh import ROOT, Server, Ssh, table_game
from test_net_client import BOT, _seed_with_first_play, _sit_with_a_bot

sys.path.insert(0, str(ROOT / "tests" / "devices"))

from vr_brltty import Brltty, VirtualDisplay, brltty, vr_display

from uno_access.access import braille, messages
from uno_access.engine.actions import Play

__all__ = ["brltty", "vr_display"]  # the fixtures, used by name


def test_the_client_shows_the_top_card_after_t_and_plays_by_two_routing_presses_on_brltty(
    tmp_path: Path, closing: list[Client | Ssh | Server], brltty: Brltty, vr_display: VirtualDisplay
) -> None:
    seed, _ = _seed_with_first_play("standard")
    game = table_game(("ann", BOT), "standard", seed)
    server = Server(tmp_path / "server", "--open", "--seed", str(seed), "--bot-pace", "5")
    closing.append(server)
    ann = Client(
        server.port,
        tmp_path / "ann",
        "ann",
        "--braille-display",
        "brlapi",
        env={"BRLAPI_HOST": brltty.host, "BRLAPI_AUTH": "none"},
    )
    closing.append(ann)
    _sit_with_a_bot(ann)
    ann.sees("Your turn")
    top = braille.card_unicode(game.view(0).top)
    vr_display.wait_for(lambda cells: cells.startswith(braille.to_unicode("Your turn")), 10)
    mark = vr_display.mark()
    ann.press("t")
    shown = vr_display.wait_for(
        lambda cells: cells.startswith(braille.to_unicode("Top ")), 10, mark
    )
    assert top in shown[:20]  # the top card's code, from the server's data, on the display
    mark = vr_display.mark()
    vr_display.press("LnDn")  # the hand line
    codes = {braille.card_unicode(c): c for c in game.view(0).hand}
    codes |= {braille.playable(code): c for code, c in codes.items()}  # dot 8: it plays
    hand = vr_display.wait_for(lambda cells: any(code in cells for code in codes), 10, mark)
    plays = [a.card for a in game.legal_actions(0) if isinstance(a, Play) and a.count == 1]
    marked = {c: braille.playable(braille.card_unicode(c)) for c in plays}
    where = {hand.index(marked[c]): c for c in plays if marked[c] in hand}
    place, card = next((i, c) for i, c in sorted(where.items()) if i > 0)
    ann.child.expect(".+")  # what the LnDn said
    vr_display.press(f"Route {place}")
    ann.sees(f"{re.escape(messages.card_name(card))}, \\d+ of 7")  # selected
    vr_display.press(f"Route {place}")
    ann.sees(f"You play {re.escape(messages.card_name(card))}\\.")  # played
