"""The garbage collector waits while the program starts (``uno_access.startup``): held
back while the package and the command line load and until the game's first prompt, then
running as ever, with what the start made set aside; a test that calls ``main`` again and
again is never held back.
"""

from __future__ import annotations

import gc
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest

from uno_access import startup

ROOT = Path(__file__).resolve().parents[1]
SETTINGS = 'speech = false\nsounds = false\nbraille_display = "off"\n'
BOUND = 60.0  # seconds: "not frozen", never a measure of speed


def _home(home: Path) -> dict[str, str]:
    """A game's environment with a home of its own, speech and sounds off."""
    (home / "config" / "uno-access").mkdir(parents=True)
    (home / "config" / "uno-access" / "settings.toml").write_text(SETTINGS, encoding="utf-8")
    return dict(
        os.environ,
        HOME=str(home),
        XDG_CONFIG_HOME=str(home / "config"),
        XDG_DATA_HOME=str(home / "data"),
        TERM="xterm-256color",
        PROMPT_TOOLKIT_NO_CPR="1",
    )


def _printed(script: str) -> list[str]:
    """The words ``script`` printed, run in a fresh interpreter (which must succeed)."""
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=BOUND, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


@pytest.fixture
def starting(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """This process as if it were starting; the collector as it was, after."""
    monkeypatch.setattr(startup, "_started", False)
    monkeypatch.setattr(startup, "_paused", False)
    assert gc.isenabled()
    yield
    gc.enable()
    gc.unfreeze()


def test_collector_held_back_until_the_start_ends(starting: None) -> None:
    startup.pause()
    assert not gc.isenabled()
    frozen = gc.get_freeze_count()
    made = [[n] for n in range(1000)]  # what the start makes: kept, set aside
    startup.started()
    assert gc.isenabled()
    assert gc.get_freeze_count() >= frozen + len(made)


def test_collector_never_held_back_once_started(starting: None) -> None:
    startup.started()
    startup.pause()
    assert gc.isenabled()
    startup.resume()
    assert gc.isenabled()


def test_resume_without_pause_changes_nothing(starting: None) -> None:
    gc.disable()  # the collector off by someone else: left off
    startup.resume()
    assert not gc.isenabled()


def test_a_command_leaves_the_collector_running() -> None:
    """``--version`` ends in the parser (SystemExit), ``cards`` as a command does."""
    script = (
        "import gc, contextlib, io\n"
        "import uno_access.__main__ as m\n"
        "assert gc.isenabled(), 'held back after the modules loaded'\n"
        "with contextlib.suppress(SystemExit), contextlib.redirect_stdout(io.StringIO()):\n"
        "    m.main(['--version'])\n"
        "print(gc.isenabled())\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    m.main(['cards'])\n"
        "print(gc.isenabled(), gc.get_freeze_count() > 0)\n"
    )
    assert _printed(script) == ["True", "True", "True"]


def test_collector_running_at_the_games_first_prompt(tmp_path: Path) -> None:
    """The game itself, in a real terminal: when its first prompt is drawn, the collector
    runs again (told by a wrapper around ``startup.started``)."""
    script = (
        "import gc, sys, runpy\n"
        "from uno_access import startup\n"
        "real = startup.started\n"
        "def started():\n"
        "    real()\n"
        "    print('collector running:', gc.isenabled(), flush=True)\n"
        "startup.started = started\n"
        "sys.argv = ['uno-access', 'play', '--seed', '3']\n"
        "runpy.run_module('uno_access', run_name='__main__')\n"
    )
    child = pexpect.spawn(
        sys.executable,
        ["-c", script],
        cwd=str(ROOT),
        env=_home(tmp_path),
        encoding="utf-8",
        timeout=BOUND,
        dimensions=(40, 120),
    )
    try:
        said = child.expect(["collector running: True", "collector running: False"])
        assert said == 0, "the collector is still held back at the first prompt"
        child.expect("uno>")
    finally:
        child.close(force=True)


def test_server_wording_loaded_when_first_asked_for() -> None:
    """A game at the keyboard loads no wording of the server's screens; a name of theirs
    asked of ``messages`` loads them, and ``phrases`` has every name."""
    script = (
        "import sys\n"
        "import uno_access.__main__, uno_access.ui.play, uno_access.seat.table\n"
        "from uno_access.access import messages\n"
        "later = [f'uno_access.access.wording.{n}' for n in messages._LATER]\n"
        "print(any(n in sys.modules for n in later))\n"
        "from uno_access.access.wording import net, social\n"
        "print(messages.ended is social.ended, 'ended' in messages.phrases())\n"
        "print(all(n in sys.modules for n in later))\n"
    )
    assert _printed(script) == ["False", "True", "True", "True"]
