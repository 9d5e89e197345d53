"""The sound settings in settings.toml: checked key by key, as every setting is."""

from __future__ import annotations

from pathlib import Path

from uno_access.access.sounds import Cue, When
from uno_access.settings import Settings, load, remember, sound_choices


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "settings.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_sounds_are_on_at_four_fifths_and_every_sound_always_by_default() -> None:
    settings = Settings()
    assert settings.sounds and settings.sound_volume == 0.8
    assert sound_choices(settings) == {}


def test_sounds_never_and_not_on_my_turn_are_read_by_name(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        'sounds = true\nsound_volume = 0.5\nsound_never = "turn_other, answer"\n'
        'sound_not_my_turn = "play_other"\n',
    )
    settings, problems = load(path)
    assert problems == []
    assert sound_choices(settings) == {
        Cue.TURN_OTHER: When.NEVER,
        Cue.ANSWER: When.NEVER,
        Cue.PLAY_OTHER: When.NOT_MY_TURN,
    }


def test_a_sound_name_that_is_no_sound_is_one_line_and_the_default_is_used(
    tmp_path: Path,
) -> None:
    path = write(tmp_path, 'sound_never = "beep"\nsound_volume = 3\n')
    settings, problems = load(path)
    assert settings.sound_never == "" and settings.sound_volume == 0.8
    assert len(problems) == 2
    assert "line 1: sound_never" in problems[0] and "your_turn" in problems[0]
    assert "line 2: sound_volume = 3" in problems[1]


def test_a_switch_while_playing_is_kept_and_the_rest_of_the_file_too(tmp_path: Path) -> None:
    path = write(tmp_path, 'name = "Ann"\nsounds = true\n')
    assert remember(path, sounds=False) is None
    settings, _ = load(path)
    assert settings.sounds is False and settings.name == "Ann"


def test_a_switch_is_not_written_over_a_file_with_a_problem(tmp_path: Path) -> None:
    path = write(tmp_path, "players = 99\n")
    assert remember(path, sounds=False) is None
    assert path.read_text(encoding="utf-8") == "players = 99\n"
