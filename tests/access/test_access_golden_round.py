"""One complete scripted round (scenarios/complete_round.json), as Ann (seat 0) gets it:
every message in speech, brief words, full words and braille (BRF and dots), and the
table in large text at the start, after the Wild and at the end.

The expected transcript is ``golden/complete_round.txt``, reviewed by reading it. After a
deliberate change of wording, write it anew with ``UNO_UPDATE_GOLDEN=1`` and read the diff.
"""

from __future__ import annotations

import os
from pathlib import Path

from uno_access import scenario
from uno_access.access import braille, visual
from uno_access.access.message import Verbosity
from uno_access.access.render import Renderer
from uno_access.engine.actions import Action, Play
from uno_access.engine.events import Event

HERE = Path(__file__).parent
SCENARIO = HERE / "scenarios" / "complete_round.json"
GOLDEN = HERE / "golden" / "complete_round.txt"
VIEWER = 0
WIDTH = 72


def transcript() -> str:
    round_ = scenario.load(SCENARIO)
    game = round_.game()
    normal, brief, full = (
        Renderer.for_view(game.view(VIEWER), verbosity) for verbosity in
        (Verbosity.NORMAL, Verbosity.BRIEF, Verbosity.FULL)
    )
    out: list[str] = []

    def tell(events: list[Event]) -> None:
        for said, short, long in zip(
            normal.events(events), brief.events(events), full.events(events), strict=True
        ):
            out.append(f"  speech  {said.speech}")
            out.append(f"  brief   {short.speech}")
            out.append(f"  full    {long.speech}")
            out.append(f"  brf     {braille.ascii_to_brf(braille.unicode_to_ascii(said.braille))}")
            out.append(f"  dots    {said.braille}")
            out.append(f"  urgent  {said.priority.name.lower()}")

    def table(title: str) -> None:
        out.append(f"---- large text: {title} ----")
        view = game.view(VIEWER)
        out.append(visual.render_text(visual.TableView(view), WIDTH).rstrip())
        out.append(visual.render_text(visual.HandView(view.hand), WIDTH).rstrip())
        out.append("----")

    out.append("== the deal")
    tell(list(game.opening))
    table("the start")
    for action in round_.actions:
        out.append(f"== {describe(action, round_.players)}")
        tell(game.apply(action))
        if isinstance(action, Play) and action.card.is_wild:
            table(f"after {round_.players[action.seat]}'s wild")
    table("the end")
    return "\n".join(out) + "\n"


def describe(action: Action, names: tuple[str, ...]) -> str:
    fields = {k: v for k, v in scenario.action_json(action).items() if k != "seat"}
    seat = getattr(action, "seat", 0)
    return f"{names[seat]}: " + " ".join(f"{k}={v}" for k, v in fields.items())


def test_a_complete_round_in_speech_braille_and_large_text_matches_the_golden_transcript() -> None:
    said = transcript()
    if os.environ.get("UNO_UPDATE_GOLDEN"):
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(said, encoding="utf-8")
    assert said == GOLDEN.read_text(encoding="utf-8")
