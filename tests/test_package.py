"""Installed like any Python program (issue 22): ``python -m build`` makes an sdist and,
from it, a wheel that is the whole game; pipx installs the wheel in a folder outside the
clone, and there the game has its rules texts, braille documents, sound cues and
translations, says its version, and plays a round in Portuguese with no traceback.

Everything runs from a temporary folder with its own HOME, and the installed game is
checked to load nothing from the clone.
"""

from __future__ import annotations

import fcntl
import io
import os
import shutil
import subprocess
import sys
import wave
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pexpect
import pytest

from uno_access import __version__

ROOT = Path(__file__).resolve().parents[1]
F2 = "\x1bOQ"
DEVICES_OFF = ("--speech", "off", "--sounds", "off", "--braille-display", "off")
pytestmark = pytest.mark.package


@dataclass(frozen=True)
class Installed:
    wheel: Path
    sdist: Path
    command: Path  # the installed uno-access
    python: Path  # the Python of pipx's venv for it
    place: Path  # a folder outside the clone, with its own HOME
    env: dict[str, str]

    def run(self, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(self.command), *args],
            cwd=self.place,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=300,
            stdin=subprocess.DEVNULL,
            check=False,
        )


def _quiet_env(home: Path) -> dict[str, str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("PYTHON", "VIRTUAL_ENV", "PIP_", "LANG", "LC_", "LANGUAGE"))
    }
    venv_bin = str(Path(sys.executable).parent)
    path = [p for p in env.get("PATH", "").split(os.pathsep) if p and p != venv_bin]
    env.update(
        HOME=str(home),
        XDG_CONFIG_HOME=str(home / "config"),
        XDG_DATA_HOME=str(home / "data"),
        PATH=os.pathsep.join(path),
        TERM="xterm-256color",
        PROMPT_TOOLKIT_NO_CPR="1",
    )
    return env


def _run(command: list[str], **where: Any) -> None:
    """Run a build or install step; when it fails, what it printed is the failure."""
    done = subprocess.run(command, capture_output=True, text=True, timeout=900, **where)
    assert done.returncode == 0, (
        f"{command[2:4]} failed:\n{done.stdout[-3000:]}{done.stderr[-3000:]}"
    )


def _sources(into: Path) -> Path:
    """The project's files, copied from the checkout into ``into``: the build sees what
    a clone has (tracked files, and new ones not ignored), never .venv, build/ or caches,
    and never collides with another build of the checkout."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT, capture_output=True, check=True,
    ).stdout.decode().split("\0")  # fmt: skip
    for name in filter(None, listed):
        source = ROOT / name
        if source.is_file():
            (into / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, into / name)
    return into


def _build_and_install(base: Path) -> None:
    """python -m build (the sdist, then the wheel from the sdist alone) and pipx install
    of the wheel, under ``base``."""
    source = _sources(base / "source")
    _run([sys.executable, "-m", "build", "--outdir", str(base / "dist"), str(source)])
    (wheel,) = (base / "dist").glob("*.whl")
    env = _pipx_env(base)
    _run([sys.executable, "-m", "pipx", "install", str(wheel)], env=env, cwd=base)
    (base / "elsewhere").mkdir()


def _pipx_env(base: Path) -> dict[str, str]:
    env = _quiet_env(base / "home")
    env.update(PIPX_HOME=str(base / "pipx" / "home"), PIPX_BIN_DIR=str(base / "pipx" / "bin"))
    return env


@pytest.fixture(scope="session")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    """Built and installed once per test run, whichever pytest-xdist worker comes first
    (the others wait on the lock and use it)."""
    run_folder = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        run_folder = run_folder.parent  # shared by this run's workers
    base = run_folder / "installed"
    base.mkdir(exist_ok=True)
    with (base.parent / "installed.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (base / "done").exists():
            _build_and_install(base)
            (base / "done").touch()
    (wheel,) = (base / "dist").glob("*.whl")
    (sdist,) = (base / "dist").glob("*.tar.gz")
    (python,) = (base / "pipx" / "home" / "venvs" / "uno-access" / "bin").glob("python")
    command = base / "pipx" / "bin" / "uno-access"
    return Installed(wheel, sdist, command, python, base / "elsewhere", _pipx_env(base))


def test_the_wheel_holds_the_rules_braille_documents_sounds_web_page_and_catalogs(
    installed: Installed,
) -> None:
    names = set(zipfile.ZipFile(installed.wheel).namelist())
    for name in (
        "uno_access/assets/rules.md",
        "uno_access/assets/pt/quick_reference.md",
        "uno_access/assets/es/rule_options.md",
        "uno_access/assets/sounds/your_turn.wav",
        "uno_access/braille/rules.brf",
        "uno_access/braille/es/quick_reference.brf",
        "uno_access/locale/es/LC_MESSAGES/uno_access.mo",
        "uno_access/locale/pt/LC_MESSAGES/uno_access.mo",
        f"uno_access-{__version__}.dist-info/licenses/LICENSE",
    ):
        assert name in names, name
    kept = {path.name for path in (ROOT / "uno_access" / "assets" / "sounds").glob("*.wav")}
    assert {Path(n).name for n in names if n.startswith("uno_access/assets/sounds/")} == kept
    page = {path.name for path in (ROOT / "uno_access" / "assets" / "web").iterdir()}
    assert {"index.html", "app.js", "style.css", "manifest.webmanifest", "icon.svg"} <= page
    assert {Path(n).name for n in names if n.startswith("uno_access/assets/web/")} == page


def test_the_wheel_is_mit_licensed_and_needs_no_babel_to_run(installed: Installed) -> None:
    metadata = zipfile.ZipFile(installed.wheel).read(f"uno_access-{__version__}.dist-info/METADATA")
    lines = metadata.decode().splitlines()
    assert "License-Expression: MIT" in lines
    needs = [line for line in lines if line.startswith("Requires-Dist:") and "extra ==" not in line]
    assert needs and not any("babel" in line.lower() for line in needs)


def test_the_installed_game_loads_nothing_from_the_clone(installed: Installed) -> None:
    done = subprocess.run(
        [str(installed.python), "-c", "import uno_access, sys; print(uno_access.__file__)"],
        cwd=installed.place,
        env=installed.env,
        capture_output=True,
        text=True,
        check=True,
    )
    where = Path(done.stdout.strip())
    assert ROOT not in where.parents
    assert installed.command.parent.parent in where.parents


def test_version_says_the_release(installed: Installed) -> None:
    done = installed.run("--version")
    assert (done.returncode, done.stdout, done.stderr) == (0, f"uno-access {__version__}\n", "")


def test_the_quick_reference_cards_are_read_from_the_installed_package(
    installed: Installed,
) -> None:
    done = installed.run("rules", "--quick")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("The Quick Play Reference cards")
    assert "Card 1: Match" in done.stdout
    brf = installed.run("rules", "--format", "brf", "-o", "rules.brf")
    assert brf.returncode == 0, brf.stderr
    made = (installed.place / "rules.brf").read_bytes()
    assert made == (ROOT / "uno_access" / "braille" / "rules.brf").read_bytes()


def test_the_sound_cues_are_written_from_the_installed_package(installed: Installed) -> None:
    done = installed.run("sounds", "--wav", "x.wav")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "Wrote 36 sounds, one after another, to x.wav."
    with wave.open(str(installed.place / "x.wav")) as wav:
        assert wav.getnframes() > wav.getframerate() * 10  # every cue, not silence


def test_the_cards_are_said_in_spanish_from_the_installed_package(installed: Installed) -> None:
    done = installed.run("cards", "--lang", "es")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "b0\tAzul 0\tB#J\t⠃⠼⠚\t0 puntos"
    assert 'wi+4\tComodín Roba Cuatro\tWI"6#D\t⠺⠊⠐⠖⠼⠙\t50 puntos' in lines


def test_a_round_in_portuguese_answers_f2_l_and_t_without_a_traceback(
    installed: Installed,
) -> None:
    child = pexpect.spawn(
        str(installed.command),
        ["play", "--lang", "pt", "--players", "2", "--seed", "7", *DEVICES_OFF],
        cwd=str(installed.place),
        env=installed.env,
        encoding="utf-8",
        timeout=60,
        dimensions=(40, 120),
    )
    shown = io.StringIO()
    child.logfile_read = shown
    try:
        child.expect_exact("Sua vez. Carta do topo: Verde 9.")
        child.send(F2)
        child.expect_exact("Cartão 1: Combinar. Na sua vez, combine com a carta do topo")
        child.expect_exact("O primeiro a chegar a 500 pontos vence.")
        child.send("l")
        child.expect_exact("Sua mão, 7 cartas: Azul 5, Verde 2, Verde 3,")
        child.send("t")
        child.expect_exact("Carta do topo: Verde 9.")
        child.send("s")  # Sair: quit in Portuguese
        child.expect_exact("Sair da partida?")
        child.send("s")  # Sim
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
    assert "Traceback" not in shown.getvalue()
