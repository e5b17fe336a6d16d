"""The position string of docs/RULES.md §1: starting positions, canonical form, strict errors."""

from __future__ import annotations

import pytest

from nardcore.position import Position, PositionError
from nardcore.variant import VARIANT_NAMES, VariantError, find_variant

STARTS = {
    "backgammon": "backgammon:w:24x2,13x5,8x3,6x5:24x2,13x5,8x3,6x5",
    "narde": "narde:w:24x15:24x15",
    "moultezim": "moultezim:w:24x15:24x15",
    "khachapuri": "khachapuri:w:24x4,6x11:24x4,6x11",
    "tawla31": "tawla31:w:24x15:24x15",
}


@pytest.mark.parametrize("name", VARIANT_NAMES)
def test_starting_position_matches_the_rule_book(name: str) -> None:
    assert str(Position.start(name)) == STARTS[name]
    assert Position.parse(STARTS[name]) == Position.start(name)


def test_format_is_canonical_whatever_order_the_input_used() -> None:
    position = Position.parse("backgammon:b:6x5,8x3,bar,13x4,24x2:21x1,22,20x13")
    assert str(position) == "backgammon:b:bar,24x2,13x4,8x3,6x5:22,21,20x13"
    assert position.off(0) == 0 and position.off(1) == 0 and position.pips(0) == 25 + 48 + 52 + 24 + 30


def test_unlisted_checkers_are_borne_off() -> None:
    position = Position.parse("narde:w:3x2:")
    assert position.off(0) == 13 and position.off(1) == 15 and position.winner() == 1


def test_options_travel_in_the_variant_token_in_sorted_order() -> None:
    position = Position.parse("narde+koks+end-block:w:24x15:24x15")
    assert str(position) == "narde+end-block+koks:w:24x15:24x15"
    assert position.variant.has("koks") and not position.variant.has("simple-head")


def test_cube_limit_option_is_read_and_the_default_is_not_written() -> None:
    assert find_variant("backgammon+cube-limit-8").cube_limit == 8
    assert find_variant("backgammon+cube-limit-64").token == "backgammon"
    with pytest.raises(VariantError, match="cube limit"):
        find_variant("backgammon+cube-limit-3")


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("chess:w:24x15:24x15", "unknown game"),
        ("narde+jacoby:w:24x15:24x15", "unknown option"),
        ("narde:w:24x0:24x15", "at least 1"),
        ("narde:w:24x16:24x15", "at most 15"),
        ("narde:w:24x10,23x6:24x15", "at most 15"),
        ("narde:w:25x2:24x15", "not 1..24"),
        ("narde:w:0:24x15", "not 1..24"),
        ("narde:w:07:24x15", "not 1..24"),
        ("narde:w:bar,24x14:24x15", "backgammon only"),
        ("narde:w:12:24x15", "also held by black"),
        ("backgammon:w:1:24", "also held by black"),
        ("narde:w:24x2,24x3:24x15", "repeated"),
        ("narde:x:24x15:24x15", "turn"),
        ("narde:w:24x15", "4 fields"),
        ("narde:w:24xx:24x15", "bad count"),
        ("narde:w:24x15:24x15:", "4 fields"),
    ],
)
def test_bad_position_string_is_rejected_with_a_message_quoting_it(text: str, problem: str) -> None:
    with pytest.raises(PositionError) as caught:
        Position.parse(text)
    assert problem in str(caught.value)
    assert repr(text) in str(caught.value) or text.split(":")[0].split("+")[0] in str(caught.value)


def test_same_direction_games_put_the_heads_in_opposite_corners() -> None:
    narde = find_variant("narde")
    assert narde.opponent_point(24) == 12 and narde.opponent_point(12) == 24
    assert narde.opponent_point(1) == 13 and narde.opponent_point(13) == 1
    tawla = find_variant("tawla31")
    assert tawla.opponent_point(24) == 1 and tawla.opponent_point(1) == 24


def test_positions_are_hashable_values() -> None:
    a = Position.parse("narde:w:24x15:24x15")
    b = Position.start("narde")
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a.pass_turn() != a and a.pass_turn().pass_turn() == a
