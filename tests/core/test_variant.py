"""The games as data: scoring levels, tokens, and the small helpers of Position."""

from __future__ import annotations

import pytest

from nardcore.position import BLACK, WHITE, Position, PositionError
from nardcore.variant import VARIANTS, VariantError, find_variant


@pytest.mark.parametrize(("token", "points"), [
    ("backgammon", [1, 2, 3]),
    ("narde", [1, 2]),
    ("narde+koks", [1, 2, 3]),
    ("khachapuri", [*range(1, 15), 30]),  # all fifteen left is a mars
    ("moultezim", [1, 2]),
    ("tawla31", list(range(1, 16))),  # no mars: all fifteen left is fifteen points
])
def test_the_points_a_won_game_can_give(token: str, points: list[int]) -> None:
    variant = find_variant(token)
    assert variant.scoring.possible_points(variant.options) == points


def test_facts_of_each_game_that_game_match_and_app_read() -> None:
    assert [v.opening_dice_played for v in VARIANTS.values()] == [True, False, False, False, False]
    assert [v.winner_starts_next for v in VARIANTS.values()] == [False, True, True, True, True]
    assert [v.fixed_match_length for v in VARIANTS.values()] == [None, None, None, None, 31]


def test_a_token_has_one_form() -> None:
    assert find_variant("backgammon+cube-limit-64").token == "backgammon"  # the default is not written
    assert find_variant("backgammon+cube-limit-8").cube_limit == 8
    with pytest.raises(VariantError, match="more than one cube limit"):
        find_variant("backgammon+cube-limit-8+cube-limit-16")
    with pytest.raises(VariantError, match="more than one cube limit"):
        find_variant("backgammon+cube-limit-64+cube-limit-8")
    with pytest.raises(VariantError, match=r"allowed: end-block\)"):
        find_variant("khachapuri+koks")


def test_pips_count_every_point_and_the_bar() -> None:
    position = Position.parse("backgammon:w:bar,1x2,6:12x15")
    assert position.pips(WHITE) == 25 + 2 + 6 and position.pips(BLACK) == 12 * 15


def test_point_abs_is_whites_numbering() -> None:
    position = Position.parse("narde:w:24x15:24x15")
    assert position.point_abs(WHITE, 5) == 5 and position.point_abs(BLACK, 5) == 17
    assert Position.parse("backgammon:w:5:19").point_abs(BLACK, 19) == 6


@pytest.mark.parametrize(("text", "message"), [
    ("narde:w:24x:24x15", "bad count"),
    ("narde:w:24x100:24x15", "bad count"),
    ("narde:w::24x15", None),
])
def test_counts_are_one_or_two_ascii_digits(text: str, message: str | None) -> None:
    if message is None:
        assert Position.parse(text).off(WHITE) == 15
        return
    with pytest.raises(PositionError, match=message):
        Position.parse(text)
