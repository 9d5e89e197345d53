"""What the campaigns in ``scripts/`` share: the game's prompts, the lines of a screen, a
legal move as keys, the saved games file read back, and every saved game exported and
replayed (``kill_campaign.py``, ``fault_campaign.py``).
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from uno_access.access import messages  # noqa: E402
from uno_access.engine.actions import Play, PlayDrawn  # noqa: E402
from uno_access.engine.game import Game  # noqa: E402
from uno_access.engine.setup import build_deck  # noqa: E402
from uno_access.engine.state import Phase  # noqa: E402
from uno_access.scenario import state_json  # noqa: E402
from uno_access.store import SavedGame, Store  # noqa: E402

# every prompt the game shows (messages.PROMPT and messages.*_PROMPT)
PROMPTS = sorted(
    {
        value
        for name, value in messages.phrases().items()
        if (name == "PROMPT" or name.endswith("_PROMPT")) and isinstance(value, str)
    }
)
_ESCAPE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def lines_of(output: str) -> list[str]:
    """The complete lines of ``output``, without escapes or the echo of a typed command."""
    text = _ESCAPE.sub("", output).replace("\r", "")
    return [line for line in text.split("\n")[:-1] if line.strip()]


def keys_for(game: Game, rng: random.Random) -> str:
    """A legal move for seat 0, as keys: D, K, Space, or ``/`` and a typed command."""
    s = game.state
    if s.phase is Phase.ROUND_OVER:
        return "/n\r"
    if s.current != 0:
        return " "  # a chance to act out of turn: let play go on
    if s.phase is Phase.START_COLOR:
        return "/" + rng.choice(("red", "green", "blue", "yellow")) + "\r"
    if s.phase is Phase.CHALLENGE:
        return rng.choice(("/ch\r", "/a\r"))
    legal = game.legal_actions(0)
    plays = [a for a in legal if isinstance(a, Play | PlayDrawn)]
    if any(a.uno for a in plays):
        plays = [a for a in plays if a.uno]
    if not plays:
        return "k" if s.phase is Phase.DRAWN else "d"
    if s.phase is Phase.PLAY and rng.random() < 0.15:
        return "d"
    action = rng.choice(plays)
    words = [action.card.code if isinstance(action, Play) else "play"]  # (p is the pile)
    if action.color is not None:
        words.append(action.color.word)
    if action.uno:
        words.append("uno")
    return "/" + " ".join(words) + "\r"


def saved_game(db: Path, number: int | None = None) -> SavedGame:
    """Game ``number`` (the latest by default) read back from the saved games file."""
    opened = Store.open(db)
    store = opened.store
    assert store is not None, opened.notices
    try:
        number = store.latest() if number is None else number
        assert number is not None
        game = store.load(number)
    finally:
        store.close()
    assert game is not None
    return game


def game_numbers(db: Path) -> list[int]:
    """Every game in the saved games file (none when there is no file yet)."""
    if not db.exists():
        return []
    opened = Store.open(db)
    assert opened.store is not None, opened.notices
    try:
        return [n for (n,) in opened.store.connection.execute("SELECT id FROM games")]
    finally:
        opened.store.close()


def command(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    """``uno-access ARGS`` run to its end."""
    return subprocess.run(
        [sys.executable, "-m", "uno_access", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def export_problem(env: dict[str, str], db: Path, folder: Path, number: int) -> str | None:
    """Why game ``number`` is unreadable (it does not read back whole, does not export, or
    its export does not replay to the state the file gives), or None.
    """
    return export_and_replay(env, db, folder, number)[0]


def export_and_replay(
    env: dict[str, str], db: Path, folder: Path, number: int
) -> tuple[str | None, dict[str, Any] | None]:
    """Game ``number`` exported by ``uno-access export`` and replayed by ``uno-access
    scenario``: why it is unreadable (or None), and the state its replay ends on.
    """
    out = folder / f"game-{number}.json"
    try:
        saved = saved_game(db, number)
    except Exception as error:  # the campaign reports whatever goes wrong
        return f"game {number} does not read back: {type(error).__name__}: {error}", None
    if saved.damage is not None:
        return f"game {number} damaged at move {saved.damage.move}: {saved.damage.why}", None
    exported = command(env, "export", str(number), "-o", str(out))
    if exported.returncode != 0:
        return f"game {number} does not export: {exported.stderr.strip()}", None
    replayed = command(env, "scenario", str(out))
    if replayed.returncode != 0 or not replayed.stdout.strip():
        return f"game {number} does not replay: {replayed.stderr.strip()}", None
    last: dict[str, Any] = json.loads(replayed.stdout.splitlines()[-1])
    if last != state_json(saved.game()):
        return f"game {number} replays to another state than the file's", last
    return None, last


def deck_size(saved: SavedGame) -> int:
    """How many cards the game's rules deal from, for its number of players."""
    return len(build_deck(saved.setup.rules, len(saved.setup.names)))


def cards_in_state(state: dict[str, Any]) -> int:
    """The cards a scenario's state line accounts for: the hands and the two piles."""
    hands: list[list[str]] = state["hands"]
    return sum(len(hand) for hand in hands) + int(state["draw_pile"]) + int(state["discard_pile"])


def cards_not_conserved(saved: SavedGame) -> tuple[int, int]:
    """(steps checked, steps where the cards in the hands and the two piles are not the
    rules' deck exactly), the saved game replayed move by move from its deal.
    """
    game = saved.setup.new_game()
    deck = Counter(card.code for card in build_deck(saved.setup.rules, len(saved.setup.names)))
    steps = bad = 0
    for action in (None, *saved.actions):
        if action is not None:
            game.apply(action)
        s = game.state
        held = Counter(c.code for hand in s.hands for c in hand)
        held += Counter(c.code for c in s.draw_pile)
        held += Counter(c.code for c in s.discard)
        steps += 1
        bad += held != deck
    return steps, bad
