"""web/worker/inputs.py: what comes from outside Python is read exactly or refused, at its limits."""

from __future__ import annotations

import pytest

from nardcore.dice import SeededDice
from web.worker.inputs import MAX_DICE_SPEC, UIError, is_count, is_lang, parse_dice_spec, parse_query


def dice_of(spec: str, count: int) -> list[int]:
    source = parse_dice_spec(spec)
    return [source.die() for _ in range(count)]


@pytest.mark.parametrize(("value", "expected"), [
    (0, True), (1, True), (10**9, True), (10**9 + 1, False), (-1, False), (True, False), (False, False),
    ("3", False), (3.0, False), (None, False),
])
def test_a_count_is_a_plain_int_from_zero_to_a_billion(value: object, expected: bool) -> None:
    assert is_count(value) is expected


@pytest.mark.parametrize(("value", "expected"), [
    ("en", True), ("a", True), ("pt-br", True), ("abcdefghijkl", True), ("abcdefghijklm", False), ("", False),
    ("EN", False), ("e/n", False), ("../x", False), ("ru ", False), (None, False), (["en"], False),
])
def test_a_language_code_is_short_lower_case_letters_and_dashes(value: object, expected: bool) -> None:
    assert is_lang(value) is expected


def test_seeded_dice_read_the_seed_up_to_eighteen_digits() -> None:
    same = SeededDice(42)
    assert dice_of("seed:42", 6) == [same.die() for _ in range(6)]
    big = SeededDice(int("9" * 18))
    assert dice_of("seed:" + "9" * 18, 4) == [big.die() for _ in range(4)]
    for bad in ("seed:" + "9" * 19, "seed:", "seed:-1", "seed:4a", "seed: 4"):
        with pytest.raises(UIError, match="seed must be a number"):
            parse_dice_spec(bad)


def test_listed_dice_come_first_then_the_dice_of_seed_zero() -> None:
    after = SeededDice(0)
    assert dice_of("6,5,3,1", 8) == [6, 5, 3, 1, *(after.die() for _ in range(4))]
    for bad in ("6,7", "0", "6,,5", "6, 5", "65", "", "x"):
        with pytest.raises(UIError, match="dice must be like"):
            parse_dice_spec(bad)


def test_a_dice_setting_is_read_up_to_its_length_limit() -> None:
    exactly = "seed:" + "0" * (MAX_DICE_SPEC - 5)  # at the limit: read (and refused for its seed)
    with pytest.raises(UIError, match="seed must be a number"):
        parse_dice_spec(exactly)
    with pytest.raises(UIError, match="too long"):
        parse_dice_spec(exactly + "0")
    with pytest.raises(UIError, match="too long"):
        parse_dice_spec(12345)  # type: ignore[arg-type]


@pytest.mark.parametrize(("query", "expected"), [
    ("?dice=seed:42", "seed:42"), ("dice=6,5", "6,5"), ("?lang=ru&dice=seed%3A7", "seed:7"),
    ("?dice=6%2C5%2c4", "6,5,4"), ("?x=1&y=2", None), ("?dice=", None), ("?lang=ru", None), ("", None),
    ("?dicey=1", None),
])
def test_the_query_gives_the_dice_setting(query: str, expected: str | None) -> None:
    assert parse_query(query) == expected
