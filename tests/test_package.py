"""Installed like any Python program (issue 22): ``python -m build`` makes an sdist and,
from it, a wheel that is the whole game; pipx installs the wheel in a folder outside the
clone, and there the game has its rules texts, braille documents, sound cues and
translations, says its version, and plays a round in Portuguese with no traceback.

Everything runs from a temporary folder with its own HOME, and the installed game is
checked to load nothing from the clone.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
import wave
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pexpect
import pytest

from uno_access import __version__

ROOT = Path(__file__).resolve().parents[1]
F2 = "\x1bOQ"
DEVICES_OFF = ("--speech", "off", "--sounds", "off", "--braille-display", "off")
# one worker builds and installs once for the whole module (pytest-xdist's loadgroup)
pytestmark = [pytest.mark.package, pytest.mark.xdist_group("package")]


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


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Installed]:
    base = tmp_path_factory.mktemp("installed")
    dist = base / "dist"
    # python -m build: the sdist first, then the wheel built from the sdist alone
    subprocess.run(
        [sys.executable, "-m", "build", "--outdir", str(dist), str(ROOT)],
        check=True,
        capture_output=True,
        timeout=900,
    )
    (wheel,) = dist.glob("*.whl")
    (sdist,) = dist.glob("*.tar.gz")
    pipx = base / "pipx"
    env = _quiet_env(base / "home")
    env.update(PIPX_HOME=str(pipx / "home"), PIPX_BIN_DIR=str(pipx / "bin"))
    subprocess.run(
        [sys.executable, "-m", "pipx", "install", str(wheel)],
        check=True,
        capture_output=True,
        timeout=900,
        env=env,
        cwd=base,
    )
    place = base / "elsewhere"
    place.mkdir()
    (python,) = (pipx / "home" / "venvs" / "uno-access" / "bin").glob("python")
    yield Installed(wheel, sdist, pipx / "bin" / "uno-access", python, place, env)


def test_the_wheel_holds_the_rules_braille_documents_sounds_and_compiled_catalogs(
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
        child.expect_exact("Cartão 1: Combinar. Na sua vez, jogue uma carta que combine")
        child.expect_exact("O primeiro a chegar a 500 pontos vence.")
        child.send("l")
        child.expect_exact("Sua mão, 7 cartas: Azul 5, Verde 2, Verde 3,")
        child.send("t")
        child.expect_exact("Carta do topo: Verde 9.")
        child.send("q")
        child.expect_exact("Sair da partida?")
        child.send("y")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
    assert "Traceback" not in shown.getvalue()
