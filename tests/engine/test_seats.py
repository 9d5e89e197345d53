"""Who comes after whom round the table (engine/seats.py): seats are numbered clockwise,
to the left; play goes clockwise until a Reverse; eliminated seats are passed over."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from uno_access.engine.seats import (
    CLOCKWISE,
    COUNTERCLOCKWISE,
    deal_order,
    eliminated_flags,
    left_of,
    play_order,
    seat_after,
    seat_before,
    step,
)

NONE_OUT = [False] * 4


def test_play_passes_to_the_left_and_round_the_table() -> None:
    assert seat_after(0, CLOCKWISE, NONE_OUT) == 1
    assert seat_after(3, CLOCKWISE, NONE_OUT) == 0
    assert step(3, CLOCKWISE, 4) == 0


def test_after_a_reverse_play_passes_to_the_right() -> None:
    assert seat_after(1, COUNTERCLOCKWISE, NONE_OUT) == 0
    assert seat_after(0, COUNTERCLOCKWISE, NONE_OUT) == 3
    assert step(0, COUNTERCLOCKWISE, 4) == 3


def test_a_skip_passes_two_places() -> None:
    assert seat_after(3, CLOCKWISE, NONE_OUT, steps=2) == 1
    assert seat_after(1, COUNTERCLOCKWISE, NONE_OUT, steps=2) == 3
    assert step(3, CLOCKWISE, 4, steps=2) == 1


def test_with_two_players_the_seat_after_and_before_are_the_other_player_either_way() -> None:
    for direction in (CLOCKWISE, COUNTERCLOCKWISE):
        assert seat_after(0, direction, [False, False]) == 1
        assert seat_before(0, direction, [False, False]) == 1
    assert seat_after(0, CLOCKWISE, [False, False], steps=2) == 0  # a Skip: play again


def test_the_seat_before_is_one_place_against_the_direction_of_play() -> None:
    assert seat_before(0, CLOCKWISE, NONE_OUT) == 3
    assert seat_before(0, COUNTERCLOCKWISE, NONE_OUT) == 1


def test_eliminated_seats_are_passed_over_both_ways() -> None:
    out = [False, True, True, False, False]
    assert seat_after(0, CLOCKWISE, out) == 3
    assert seat_before(3, CLOCKWISE, out) == 0
    assert seat_after(3, COUNTERCLOCKWISE, out) == 0
    assert seat_after(4, CLOCKWISE, out, steps=2) == 3  # a Skip passes over them too


def test_with_everyone_else_eliminated_play_comes_back_to_the_same_seat() -> None:
    assert seat_after(2, CLOCKWISE, [True, True, False]) == 2
    assert seat_before(2, CLOCKWISE, [True, True, False]) == 2
    assert seat_after(2, CLOCKWISE, [True, True, True]) == 2  # never round for ever


def test_the_order_of_play_starts_at_the_player_to_move_and_follows_the_direction() -> None:
    assert play_order(2, CLOCKWISE, 4) == [2, 3, 0, 1]
    assert play_order(2, COUNTERCLOCKWISE, 4) == [2, 1, 0, 3]


def test_the_deal_starts_left_of_the_dealer_and_ends_with_the_dealer() -> None:
    assert deal_order(2, 4) == [3, 0, 1, 2]
    assert deal_order(1, 2) == [0, 1]


def test_the_seats_left_of_a_seat_go_round_to_its_right_without_it() -> None:
    assert left_of(2, 4) == [3, 0, 1]
    assert left_of(0, 2) == [1]


def test_a_views_eliminated_seats_become_the_engines_flags() -> None:
    assert eliminated_flags(4, (1, 3)) == [False, True, False, True]
    assert eliminated_flags(3, ()) == [False, False, False]


@settings(deadline=None)  # a busy machine is no failure
@given(
    st.integers(2, 10).flatmap(
        lambda n: st.tuples(
            st.just(n),
            st.integers(0, n - 1),
            st.sampled_from((CLOCKWISE, COUNTERCLOCKWISE)),
            st.lists(st.booleans(), min_size=n, max_size=n),
            st.integers(1, 3),
        )
    )
)
def test_the_seat_after_is_the_steps_th_playing_seat_in_the_order_of_play(
    case: tuple[int, int, int, list[bool], int],
) -> None:
    n, seat, direction, out, steps = case
    playing = [s for s in play_order(seat, direction, n)[1:] if not out[s]]
    if not playing:  # everyone else out: back to the same seat
        assert seat_after(seat, direction, out, steps) == seat
        return
    expected = playing[(steps - 1) % len(playing)] if steps <= len(playing) else None
    if expected is not None:
        assert seat_after(seat, direction, out, steps) == expected
    if not any(out):
        assert seat_after(seat, direction, out, steps) == step(seat, direction, n, steps)
    assert seat_after(seat_before(seat, direction, out), direction, out) == (
        seat if not out[seat] else playing[0]
    )
