"""``uno-access doctor``: run as a user runs it, against the real parts of this machine."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from vr_brltty import Brltty, VirtualDisplay, brltty, free_port, vr_display

from uno_access.access import messages

__all__ = ["brltty", "vr_display"]  # the fixtures, used by name


def doctor(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "uno_access", "doctor", *args],
        capture_output=True, text=True, timeout=60, env={**os.environ, **env},
    )  # fmt: skip


def checks(result: subprocess.CompletedProcess[str]) -> dict[str, dict[str, Any]]:
    report = json.loads(result.stdout)
    return {check["part"]: check for check in report["checks"]}


def test_doctor_finds_liblouis_speech_and_a_braille_display_with_its_size(
    brltty: Brltty, vr_display: VirtualDisplay
) -> None:
    result = doctor("--json", BRLAPI_HOST=brltty.host, BRLAPI_AUTH="none")
    assert result.returncode == 0, result.stderr
    found = checks(result)
    assert found["liblouis"]["ok"] and "liblouis 3." in found["liblouis"]["detail"]
    assert "en-ueb-g2.ctb" in found["liblouis"]["detail"]
    assert found["speech"]["ok"] and "voices" in found["speech"]["detail"]
    assert found["braille_display"] == {
        "part": "braille_display", "ok": True, "needed": False,
        "detail": "Virtual display, 40 cells, 1 line", "fix": None,
    }  # fmt: skip
    assert {"audio", "terminal"} <= set(found)
    assert result.stderr == ""


def test_doctor_without_brltty_gives_the_command_that_starts_it() -> None:
    result = doctor(BRLAPI_HOST=f"127.0.0.1:{free_port()}", BRLAPI_AUTH="none")
    lines = result.stdout.splitlines()
    assert lines[0] == messages.DOCTOR_TITLE
    at = next(i for i, line in enumerate(lines) if line.startswith("braille display (BrlAPI)"))
    assert ": not found: " in lines[at]
    assert lines[at + 1] == "    fix: " + messages.FIX_BRLTTY
    assert result.returncode == 0  # a braille display is optional
    assert lines[-1] != messages.DOCTOR_ALL_GOOD
    assert lines[-1].startswith("uno-access runs, without: ")
    assert messages.DOCTOR_PARTS["braille_display"] in lines[-1]


def test_doctor_without_a_sound_device_never_says_everything_works(tmp_path: Path) -> None:
    # the physical world: a sound card that is not there (aplay fails as ALSA makes it fail)
    fake = tmp_path / "bin"
    fake.mkdir()
    (fake / "aplay").write_text(
        "#!/bin/sh\necho 'aplay: main:831: audio open error: No such file' >&2\nexit 1\n"
    )
    (fake / "aplay").chmod(0o755)
    result = doctor(PATH=f"{fake}:{os.environ['PATH']}")
    lines = result.stdout.splitlines()
    assert any(line.startswith("sound device: not found: ") for line in lines)
    assert messages.DOCTOR_ALL_GOOD not in lines
    assert lines[-1].endswith("Without a sound device speech is silent.")
    assert result.returncode == 0  # speech still works: the game runs, silent


def test_doctor_without_a_speech_engine_fails_and_says_how_to_install_it(tmp_path: Path) -> None:
    # pyttsx3 missing from this Python (a stand-in package that cannot be imported)
    (tmp_path / "pyttsx3").mkdir()
    (tmp_path / "pyttsx3" / "__init__.py").write_text(
        "raise ImportError('No module named pyttsx3')\n"
    )
    result = doctor("--json", PYTHONPATH=str(tmp_path))
    assert result.returncode == 1
    speech = checks(result)["speech"]
    assert speech["ok"] is False and speech["needed"] is True
    assert speech["fix"] == messages.FIX_SPEECH
    assert json.loads(result.stdout)["ok"] is False
    assert "Traceback" not in result.stderr
