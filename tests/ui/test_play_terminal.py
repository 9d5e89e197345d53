"""End to end, as a new user meets the game: the README's command (``scripts/play``) in a
real pseudo-terminal (pexpect), keys pressed as a terminal sends them, and the lines
read back from the screen.

Each game has a home of its own (settings, saved games). The scenario files fix the
positions, and their seeds the bots' choices, so each step is certain.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pexpect

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = Path(__file__).parent / "scenarios"
ENTER, SPACE, RIGHT = "\r", " ", "\x1b[C"
DEVICES_OFF = ["--speech", "off", "--braille-display", "off", "--sounds", "off"]
UNO_ACCESS = str(Path(sys.executable).with_name("uno-access"))  # the venv's command


def game_env(home: Path, settings: str | None = None) -> dict[str, str]:
    """The environment of a game with a home of its own (its settings, with ``settings``
    written there, and saved games) in a colour terminal."""
    if settings is not None:
        config = home / "config" / "uno-access"
        config.mkdir(parents=True, exist_ok=True)
        (config / "settings.toml").write_text(settings, encoding="utf-8")
    env = dict(os.environ)
    env.update(
        HOME=str(home),
        XDG_CONFIG_HOME=str(home / "config"),
        XDG_DATA_HOME=str(home / "data"),
        TERM="xterm-256color",
        PROMPT_TOOLKIT_NO_CPR="1",
    )
    env.pop("NO_COLOR", None)
    return env


class Terminal:
    """``uno-access ARGS`` in a pseudo-terminal of 120 columns; with ``script``, through
    the README's ``scripts/play ARGS``, which sets up what is missing first (one test
    does: the others need not wait on a setup another test may be running)."""

    def __init__(self, home: Path, *args: str, script: bool = False) -> None:
        env = game_env(home)
        self.child = pexpect.spawn(
            str(ROOT / "scripts" / "play") if script else UNO_ACCESS,
            list(args),
            cwd=str(ROOT),
            env=env,
            encoding="utf-8",
            timeout=60,  # a bound for a loaded machine, not a speed
            dimensions=(40, 120),
        )

    def sees(self, text: str) -> str:
        """Wait for ``text`` on the screen; the line it is on."""
        self.child.expect_exact(text)
        rest = self.child.buffer.split("\r\n", 1)[0]
        return _plain(text + rest)

    def answer(self, text: str) -> None:
        self.child.send(text + ENTER)

    def press(self, key: str) -> None:
        self.child.send(key)

    def ends(self) -> None:
        self.child.expect(pexpect.EOF)
        self.child.close()
        assert self.child.exitstatus == 0


def _plain(text: str) -> str:
    return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", text).strip()


def test_a_new_player_sets_up_a_game_then_plays_it_by_keys(tmp_path: Path) -> None:
    game = Terminal(tmp_path, "--seed", "7", script=True)
    game.sees("Setting up a game.")
    for answer in (
        "",  # the language: Enter keeps it
        "3",
        "Zoe",
        "random",
        "",
        "person",
        "Max",
        "",
        "off",
        "off",
        "off",
        "off",
        "",
        "",
        "",
    ):
        game.sees("setup>")
        game.answer(answer)
    game.sees("Your choices are kept for the next games.")
    game.sees("UNO for Zoe and Max at this keyboard, against Ann: first to 500 points wins.")
    game.sees("Zoe, please take the keyboard, then press Space")  # Max is a person too
    game.press(SPACE)
    line = game.sees("Your turn. Top card:")
    assert line.endswith("Left and Right choose a card, Enter plays it, D draws, F1 for help.")
    game.press("c")
    assert game.sees("Card check:") == "Card check: you 7 cards, Ann 7 cards, Max 7 cards."
    game.press("t")
    assert game.sees("Top card:").startswith("Top card: ")
    game.press(RIGHT)
    assert ", 2 of 7, " in game.sees(", 2 of 7, ")
    game.press("d")
    drawn = game.sees("You draw ")
    assert re.fullmatch(r"You draw [A-Z][a-z]+( [A-Za-z0-9]+)*\.", drawn)
    game.press("q")
    game.sees("Quit the game? Press Y to quit, or any other key to go on.")
    game.press("y")
    game.sees("You left the game.")
    game.ends()
    settings = (tmp_path / "config" / "uno-access" / "settings.toml").read_text()
    assert 'name = "Zoe"' in settings and 'bots = "random,person"' in settings
    assert 'names = "Ann,Max"' in settings  # the bot in seat 1 kept a name of the table's


def test_calling_uno_and_going_out_in_a_round_started_from_a_scenario(tmp_path: Path) -> None:
    game = Terminal(
        tmp_path, "--scenario", str(SCENARIOS / "call_uno_and_go_out.json"), *DEVICES_OFF
    )
    game.sees("This game starts from a scenario file, so it is not saved.")
    game.sees("You hold 2 cards.")
    game.press("u")
    game.sees("You call UNO!")
    game.press(ENTER)
    game.sees("You play Blue 7 and have one card left.")
    game.sees("Ann plays Blue 3.")
    game.sees("You hold 1 card.")
    game.press(ENTER)
    game.sees("You play Blue 9 and go out.")
    assert game.sees("The round is over:") == (
        "The round is over: you win 14 points. Scores: you 14, Ann 0."
    )
    game.sees("Press Space to deal the next round.")
    game.press(SPACE)
    game.sees("Round 2: you deal.")
    game.press("q")
    game.press("y")
    game.sees("You left the game.")
    game.ends()


def test_playing_the_next_to_last_card_without_uno_gets_you_caught(tmp_path: Path) -> None:
    game = Terminal(
        tmp_path, "--scenario", str(SCENARIOS / "caught_without_uno.json"), *DEVICES_OFF
    )
    game.sees("You hold 2 cards.")
    game.press(ENTER)
    game.sees("You play Blue 7 and have one card left.")
    game.sees("Ann catches you without UNO: you draw 2.")
    game.sees("You hold 3 cards.")
    game.press("q")
    game.press("y")
    game.ends()


def test_challenging_a_wild_draw_four_played_on_you(tmp_path: Path) -> None:
    game = Terminal(
        tmp_path, "--scenario", str(SCENARIOS / "wild_draw_four_on_you.json"), *DEVICES_OFF
    )
    game.sees("Ann plays Wild Draw Four.")
    game.sees("Press H to challenge it, or press A to accept it and draw 4.")
    game.press("h")
    assert game.sees("You challenge Ann's Wild Draw Four:") == (
        "You challenge Ann's Wild Draw Four: Ann was innocent, so you draw 6 and lose the turn."
    )
    game.sees("Ann shows you 2 cards: Green 9, Yellow 5.")
    game.press("q")
    game.press("y")
    game.ends()


def screen_of(child: pexpect.spawn, wait: float = 1.0) -> list[str]:  # type: ignore[type-arg]
    """What a person reads on the terminal now: the output so far through a terminal
    emulator (pyte), its non-empty lines.
    """
    import time

    import pyte

    screen = pyte.Screen(120, 40)
    stream = pyte.Stream(screen)
    seen = getattr(child, "_seen", "")
    end = time.monotonic() + wait
    while time.monotonic() < end:
        try:
            seen += child.read_nonblocking(100_000, timeout=0.2)
        except pexpect.TIMEOUT:
            continue
        except pexpect.EOF:
            break
    child._seen = seen  # type: ignore[attr-defined]
    stream.feed(seen)
    return [line.rstrip() for line in screen.display if line.strip()]


def test_single_keys_leave_no_prompt_line_behind_for_a_screen_reader(tmp_path: Path) -> None:
    game = Terminal(tmp_path, "--players", "2", "--seed", "4", *DEVICES_OFF)
    game.sees("Your turn.")
    for key in ("t", "c", RIGHT, "/", "b", "7", ENTER):
        game.press(key)
    lines = screen_of(game.child, 2.0)
    told = [line for line in lines if not line.startswith("uno>")]
    assert lines[-1].startswith("uno>")  # the prompt waiting for the next key
    assert [line for line in lines[:-1] if line.startswith("uno>")] == ["uno> b7"]
    assert any(line.startswith("Top card:") for line in told)
    assert any(line.startswith("Card check:") for line in told)
    game.child.close(force=True)


def test_a_bot_pace_leaves_no_waiting_line_behind(tmp_path: Path) -> None:
    for keys in ("on", "off"):
        game = Terminal(
            tmp_path / keys,
            "--players",
            "3",
            "--seed",
            "4",
            "--bot-pace",
            "0.2",
            "--keys",
            keys,
            *DEVICES_OFF,
        )
        game.sees("Your turn.")
        game.press("d" if keys == "on" else "d\r")
        lines = screen_of(game.child, 3.0)
        assert not [line for line in lines if line.startswith("next?")], lines
        game.child.close(force=True)


def test_a_round_in_spanish_from_the_start_to_the_next_deal(tmp_path: Path) -> None:
    """``--lang es`` in a real pseudo-terminal: every line below is the Spanish catalog's
    (worked out here through the same wording, in Spanish, and checked to be no longer the
    English), from the scenario's start to the deal of round 2; U and Enter are the same, S
    quits (Salir) and answers yes (Sí)."""
    from uno_access.access import messages
    from uno_access.access.wording import language
    from uno_access.access.wording.forms import Who
    from uno_access.engine.cards import Card

    you, b7, b9 = Who("You", True), Card.from_code("b7"), Card.from_code("b9")
    lines = {}
    for code in ("en", "es"):
        with language.use(code):
            lines[code] = [
                messages.tr(messages.FROM_SCENARIO),
                messages.uno_called(you),
                messages.card_played(you, b7, 1),
                messages.card_played(you, b9, 0),
                messages.round_started(2, you),
            ]
    spanish = lines["es"]
    assert not set(spanish) & set(lines["en"]), "the Spanish catalog is not compiled"
    game = Terminal(
        tmp_path,
        "--lang",
        "es",
        "--scenario",
        str(SCENARIOS / "call_uno_and_go_out.json"),
        *DEVICES_OFF,
    )
    game.sees(spanish[0])
    game.press("u")
    game.sees(spanish[1])
    game.press(ENTER)
    game.sees(spanish[2])
    game.press(ENTER)
    game.sees(spanish[3])
    game.press(SPACE)
    game.sees(spanish[4])
    game.press("s")  # Salir: the Spanish letters (issue 23), S again for sí
    game.press("s")
    game.ends()
