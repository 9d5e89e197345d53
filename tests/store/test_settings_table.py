"""The settings table (``settings_table.py``): every setting once, with its type, the values
it takes, its default and its typed word; the settings file, a game's typed settings and
the lobby's kept choices all read it."""

from __future__ import annotations

from dataclasses import fields
from enum import Enum

import pytest

from uno_access import settings_table
from uno_access.settings import DEFAULTS, Settings
from uno_access.settings_table import TABLE, Bad, Number, Spec, Whole


def test_the_table_holds_every_setting_in_the_files_order_with_its_default() -> None:
    assert list(TABLE) == [f.name for f in fields(Settings)]
    for key, spec in TABLE.items():
        assert getattr(DEFAULTS, key) == spec.default, key


def test_every_default_is_a_value_its_setting_takes() -> None:
    for spec in TABLE.values():
        plain = spec.default.value if isinstance(spec.default, Enum) else spec.default
        assert spec.from_file(plain) == spec.default, spec.key


@pytest.mark.parametrize(
    "spec",
    [spec for spec in TABLE.values() if spec.game or spec.lobby],
    ids=lambda spec: spec.key,
)
def test_a_setting_typed_in_a_game_or_the_lobby_has_a_word_and_takes_its_example(
    spec: Spec[object],
) -> None:
    assert spec.word
    value = spec.from_typed(spec.example, english=True)
    assert spec.typed(value) == spec.example
    assert spec.kept(spec.example) == spec.example


@pytest.mark.parametrize(
    "spec",
    [spec for spec in TABLE.values() if isinstance(spec, Whole | Number)],
    ids=lambda spec: spec.key,
)
def test_a_typed_number_is_taken_exactly_when_the_settings_file_takes_it(
    spec: Whole | Number,
) -> None:
    step = 1 if isinstance(spec, Whole) else 0.1
    for value in (spec.low - step, spec.low, spec.high, spec.high + step, spec.high * 2 + 1):
        value = round(value, 1)
        try:
            from_file = spec.from_file(value)
        except Bad:
            from_file = None
        try:
            typed = spec.from_typed(format(value, "g"))
        except Bad:
            typed = None
        assert typed == from_file, (spec.key, value)


def test_a_whole_number_takes_no_fraction_and_a_number_takes_a_decimal_comma() -> None:
    with pytest.raises(Bad):
        settings_table.SPEECH_RATE.from_typed("250.0")
    with pytest.raises(Bad):
        settings_table.SPEECH_RATE.from_file(250.0)
    assert settings_table.VOLUME.from_typed("0,8") == settings_table.VOLUME.from_typed("0.8") == 0.8


@pytest.mark.parametrize("typed", ["1e-1", "nan", "inf", "+0.5", "0_5", "0.5.5", "", "-0"])
def test_a_typed_number_is_digits_with_one_decimal_point_or_comma(typed: str) -> None:
    with pytest.raises(Bad):
        settings_table.VOLUME.from_typed(typed)


def test_a_typed_number_too_long_to_be_in_range_is_refused_without_reading_it() -> None:
    with pytest.raises(Bad):
        settings_table.SPEECH_RATE.from_typed("9" * 5000)
