"""A real game in a real pseudo-terminal (pexpect), its files in a temporary home.

``PROMPT_TOOLKIT_NO_CPR=1`` and ``TERM=dumb``: prompt_toolkit then writes its prompts as
plain text, so every line the game says can be read back exactly.
"""

from __future__ import annotations

import os
import re
import signal
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import pexpect

from uno_access.store import SavedGame, Store

ROOT = Path(__file__).resolve().parents[2]
PROMPTS = ["uno> ", "colour> ", "resume? ", "quit? "]
_ESCAPE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


TYPED_SETTINGS = 'keys = false\nspeech = false\nsounds = false\nbraille_display = "off"\n'


def environment(home: Path) -> dict[str, str]:
    """A home of its own, whose settings type every command (these tests type lines) with
    no speech or braille display; a settings file that is there already is kept.
    """
    settings = home / "config" / "uno-access" / "settings.toml"
    if not settings.exists():
        settings.parent.mkdir(parents=True, exist_ok=True)
        settings.write_text(TYPED_SETTINGS, encoding="utf-8")
    env = dict(os.environ)
    env.update(
        XDG_DATA_HOME=str(home / "data"),
        XDG_CONFIG_HOME=str(home / "config"),
        HOME=str(home),
        PROMPT_TOOLKIT_NO_CPR="1",
        TERM="dumb",
        COLUMNS="200",
    )
    env.pop("NO_COLOR", None)
    return env


def database(home: Path) -> Path:
    return home / "data" / "uno-access" / "games.db"


def read_saved(home: Path, number: int | None = None) -> SavedGame:
    """A game as the saved games file holds it now (the latest by default)."""
    opened = Store.open(database(home))
    store = opened.store
    assert store is not None, opened.notices
    try:
        number = store.latest() if number is None else number
        assert number is not None
        saved = store.load(number)
    finally:
        store.close()
    assert saved is not None
    return saved


def game_lines(output: str, typed: str | None = None) -> list[str]:
    """The complete lines in ``output``, without escapes and the echo of what was typed."""
    text = _ESCAPE.sub("", output).replace("\r", "")
    lines = text.split("\n")[:-1]  # the last piece is not a complete line
    return [line for line in lines if line and line != typed]


class PtyGame:
    """``uno-access ARGS`` running in a pseudo-terminal."""

    def __init__(
        self,
        home: Path,
        args: Sequence[str],
        timeout: float = 20,
        preexec_fn: Callable[[], None] | None = None,
    ) -> None:
        self.child = pexpect.spawn(
            sys.executable,
            ["-m", "uno_access", *args],
            cwd=str(ROOT),
            env=environment(home),
            encoding="utf-8",
            timeout=timeout,
            dimensions=(50, 200),
            preexec_fn=preexec_fn,
        )
        self.child.delaybeforesend = 0
        self.prompt: str | None = None

    def wait(self) -> list[str]:
        """The lines said until the next prompt (``prompt`` None: the program ended)."""
        index = self.child.expect_exact([*PROMPTS, pexpect.EOF])
        self.prompt = PROMPTS[index] if index < len(PROMPTS) else None
        return game_lines(self.child.before or "")

    def type(self, line: str) -> list[str]:
        """Type ``line`` and Enter; the lines said until the next prompt."""
        self.child.sendline(line)
        return [said for said in self.wait() if said != line]

    def kill(self) -> list[str]:
        """SIGKILL, at once; the complete lines shown before it."""
        assert self.child.pid is not None
        os.kill(self.child.pid, signal.SIGKILL)
        self.child.expect(pexpect.EOF)
        lines = game_lines(self.child.before or "")
        self.child.close(force=True)
        return lines

    def close(self) -> None:
        if self.child.isalive():
            self.child.close(force=True)
