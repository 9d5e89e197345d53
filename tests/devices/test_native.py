"""Debian's louis and brlapi modules reached from any Python environment (issue 22): a
game installed with pipx or pip, whose Python does not see Debian's dist-packages, still
translates braille and finds the braille display; doctor gives the fix for the way the
game was installed.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from uno_access import native, resources
from uno_access.access import messages
from uno_access.devices import doctor

ROOT = Path(__file__).resolve().parents[2]
# a Python that sees neither site-packages nor Debian's folder: only the package itself
BARE = [sys.executable, "-S", "-c"]


def bare(code: str) -> str:
    done = subprocess.run(
        [*BARE, f"import sys; sys.path.insert(0, {str(ROOT)!r}); {code}"],
        capture_output=True, text=True, timeout=60, check=True, cwd=ROOT,
    )  # fmt: skip
    return done.stdout.strip()


def test_without_it_on_the_path_louis_is_loaded_from_debians_folder_and_translates() -> None:
    assert bare("import importlib.util as u; print(u.find_spec('louis'))") == "None"
    got = bare(
        "from uno_access import native; louis = native.system_module('louis'); "
        "print(louis.__file__); print(louis.translateString(['en-ueb-g2.ctb'], 'b7'))"
    )
    assert got.splitlines() == ["/usr/lib/python3/dist-packages/louis/__init__.py", "b#g"]


def test_without_it_on_the_path_brlapi_is_loaded_from_debians_folder() -> None:
    got = bare(
        "from uno_access import native; b = native.system_module('brlapi'); "
        "print(b.__file__.rsplit('/', 1)[1].split('.')[0], hasattr(b, 'Connection'))"
    )
    assert got == "brlapi True"


def test_a_module_debian_does_not_have_is_still_an_import_error() -> None:
    with pytest.raises(ImportError):
        native.system_module("uno_access_no_such_module")


def test_a_brlapi_made_for_another_python_is_named_with_its_version(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "brlapi.cpython-39-x86_64-linux-gnu.so").write_bytes(b"")
    monkeypatch.setattr(native, "SYSTEM_FOLDERS", (tmp_path,))
    assert native.mismatch("brlapi") == "3.9"
    monkeypatch.setattr(doctor, "brlapi_available", lambda: False)
    monkeypatch.setattr(resources, "clone", lambda: None)
    check = doctor.check_braille_display()
    running = f"{sys.version_info[0]}.{sys.version_info[1]}"
    assert check.detail == messages.tr(messages.BRLAPI_OTHER_PYTHON).format(
        wanted="3.9", running=running
    )
    assert (
        check.fix
        == "pipx reinstall --python python3.9 uno-access (or install uno-access with a Python 3.9)"
    )


def test_doctor_gives_a_package_its_own_fix_and_a_clone_setup_sh(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(native, "SYSTEM_FOLDERS", (tmp_path,))  # Debian's module: none
    monkeypatch.setattr(doctor, "brlapi_available", lambda: False)
    assert resources.clone() == ROOT  # the tests run from a clone
    assert doctor.check_braille_display().fix == messages.tr(messages.FIX_BRLAPI_MODULE)
    monkeypatch.setattr(resources, "clone", lambda: None)
    fix = doctor.check_braille_display().fix
    assert fix == messages.tr(messages.FIX_BRLAPI_MODULE_PACKAGE)
    assert fix is not None and "setup.sh" not in fix and "python3-brlapi" in fix


def test_without_liblouis_braille_is_off_said_once_and_the_game_plays(tmp_path: Path) -> None:
    """A braille line asked for (``--braille-display screen``) where liblouis cannot be
    reached: one line says braille is off and how to fix it; no traceback; play goes on."""
    import pexpect

    hide = (
        "import sys; sys.modules['louis'] = None; from uno_access import native; "
        "native.SYSTEM_FOLDERS = (); from uno_access.__main__ import main; "
        "sys.exit(main(sys.argv[1:]))"
    )
    env = {
        **os.environ,
        "HOME": str(tmp_path),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "PROMPT_TOOLKIT_NO_CPR": "1",
        "TERM": "xterm-256color",
    }
    args = ["play", "--players", "2", "--seed", "7", "--braille-display", "screen"]
    args += ["--speech", "off", "--sounds", "off"]
    child = pexpect.spawn(
        sys.executable, ["-c", hide, *args], env=env, encoding="utf-8", timeout=60, cwd=ROOT
    )
    shown = io.StringIO()
    child.logfile_read = shown
    try:
        child.expect_exact("Braille is off: Braille needs liblouis")
        child.expect_exact("Your turn. Top card: Green 9.")
        child.send("t")
        child.expect_exact("Top card: Green 9.")
        child.send("q")
        child.expect_exact("Quit the game?")
        child.send("y")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
    assert shown.getvalue().count("Braille is off:") == 1
    assert "Traceback" not in shown.getvalue()
