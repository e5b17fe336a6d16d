"""Plays as text: one notation for all five games, canonical when written, read back exactly."""

from __future__ import annotations

import os
import random

import pytest

from nardcore.dice import SeededDice, roll
from nardcore.movegen import Step, legal_plays, result_positions
from nardcore.notation import NotationError, format_play, parse_play, play_texts
from nardcore.position import Position
from nardcore.variant import VARIANT_NAMES

ALL_ROLLS = [(d1, d2) for d1 in range(1, 7) for d2 in range(1, d1 + 1)]
START = Position.start("backgammon")
# white 24 and 6x14; a black blot on white's 18: 6-5 runs 24/13 either via 18 (hitting) or via 19
HIT_OR_NOT = Position.parse("backgammon:w:24,6x14:7,2x14")
# white 13 and 6x14; black blots on white's 7 and 8: 13/2 with 6-5 hits either one
TWO_HITS = Position.parse("backgammon:w:13,6x14:18,17,2x13")


def texts(position: Position, dice: tuple[int, int]) -> set[str]:
    return set(play_texts(position, dice).values())


def test_a_checker_moving_twice_is_written_as_one_move() -> None:
    assert format_play(START, [Step(24, 18, 6), Step(18, 13, 5)]) == "24/13"


def test_identical_moves_are_merged_with_a_count() -> None:
    steps = [Step(8, 4, 4), Step(8, 4, 4), Step(6, 2, 4), Step(6, 2, 4)]
    assert format_play(START, steps) == "8/4(2) 6/2(2)"


def test_moves_are_sorted_from_the_highest_origin() -> None:
    assert format_play(START, [Step(6, 5, 1), Step(13, 10, 3)]) == "13/10 6/5"
    assert "8/5 6/5" in texts(START, (3, 1))


def test_an_intermediate_point_is_shown_only_where_the_checker_hit() -> None:
    hit = [Step(13, 7, 6, True), Step(7, 2, 5)]
    assert format_play(TWO_HITS, hit) == "13/7*/2"
    assert format_play(HIT_OR_NOT, [Step(24, 19, 5), Step(19, 13, 6)]) == "24/13"


def test_two_checkers_landing_on_a_hit_blot_read_the_same_in_either_step_order() -> None:
    # a black blot on white's 4: 10/4 and 8/4 with 6-4, whichever checker arrives first hits
    blot = Position.parse("backgammon:w:10,8,6x13:21,2x14")
    first_from_10 = [Step(10, 4, 6, True), Step(8, 4, 4)]
    first_from_8 = [Step(8, 4, 4, True), Step(10, 4, 6)]
    assert format_play(blot, first_from_10) == format_play(blot, first_from_8) == "10/4* 8/4"
    assert play_texts(blot, (6, 4))[parse_play(blot, (6, 4), "10/4 8/4*")] == "10/4* 8/4"


def test_bar_and_off_are_written_as_words() -> None:
    on_bar = Position.parse("backgammon:w:bar,6x14:3,2x14")
    assert format_play(on_bar, [Step(25, 22, 3, True), Step(6, 5, 1)]) == "bar/22* 6/5"
    home = Position.parse("narde:w:6x15:24x15")
    assert texts(home, (6, 6)) == {"6/off(4)"}


def test_no_legal_play_is_the_empty_text_and_parses_from_empty_or_pass() -> None:
    blocked = Position.parse("khachapuri:w:24x4,6x11:24x4,6x11")  # my 18 is closed: 6-6 passes
    assert legal_plays(blocked, (6, 6)) == {}
    assert parse_play(blocked, (6, 6), "") == blocked.pass_turn()
    assert parse_play(blocked, (6, 6), "pass") == blocked.pass_turn()
    with pytest.raises(NotationError, match="no play is possible"):
        parse_play(blocked, (6, 6), "24/18")


def test_intermediate_points_may_be_named_or_left_out() -> None:
    expected = parse_play(START, (6, 5), "24/13")
    assert parse_play(START, (6, 5), "24/18/13") == expected
    assert parse_play(START, (6, 5), "24/18 18/13") == expected
    assert parse_play(START, (6, 5), "  24/13  ") == expected


def test_an_unmarked_landing_means_no_hit() -> None:
    quiet = parse_play(HIT_OR_NOT, (6, 5), "24/13")
    hitting = parse_play(HIT_OR_NOT, (6, 5), "24/18*/13")
    assert quiet.boards[1][25] == 0
    assert hitting.boards[1][25] == 1
    assert texts(HIT_OR_NOT, (6, 5)) >= {"24/13", "24/18*/13"}


def test_text_that_fits_two_plays_is_ambiguous_and_the_error_names_both() -> None:
    with pytest.raises(NotationError) as caught:
        parse_play(TWO_HITS, (6, 5), "13/2")
    message = str(caught.value)
    assert "'13/2'" in message and "ambiguous" in message
    assert "13/7*/2" in message and "13/8*/2" in message
    assert parse_play(TWO_HITS, (6, 5), "13/8*/2") != parse_play(TWO_HITS, (6, 5), "13/7*/2")


def test_a_missing_hit_mark_is_forgiven_when_only_one_play_fits() -> None:
    on_bar = Position.parse("backgammon:w:bar,6x14:3,2x14")
    assert parse_play(on_bar, (3, 1), "bar/22 6/5") == parse_play(on_bar, (3, 1), "bar/22* 6/5")


@pytest.mark.parametrize(
    ("text", "complaint"),
    [
        ("24-18", "cannot read"),
        ("24/18 13/", "cannot read"),
        ("25/18", "not 1..24"),
        ("24/30", "not 1..24"),
        ("13/18", "does not move forward"),
        ("6/off/3", "nothing follows 'off'"),
        ("24/18(5)", "cannot read"),
        ("8/off*", "off the board"),
        ("24/18 13/11 6/1", "does not fit the dice"),
        ("13/7 13/9", "does not fit the dice"),  # 4 is not rolled
        ("24/20 13/12", "does not fit the dice"),  # right total, wrong dice
        ("24/18", "not a legal play"),  # uses one die of two
        ("24/18 24/19", "not a legal play"),  # 19 is closed
        ("", "a legal play exists"),
    ],
)
def test_garbled_or_illegal_text_is_refused_with_the_text_quoted(text: str, complaint: str) -> None:
    with pytest.raises(NotationError, match=complaint) as caught:
        parse_play(START, (6, 5), text)
    assert repr(text) in str(caught.value)


def test_bar_is_refused_in_games_without_hitting() -> None:
    with pytest.raises(NotationError, match="backgammon only"):
        parse_play(Position.start("narde"), (6, 5), "bar/19")


def test_the_same_notation_reads_in_every_game() -> None:
    assert parse_play(Position.start("narde"), (6, 5), "24/13") == Position.parse("narde:b:24x14,13:24x15")
    assert parse_play(Position.start("tawla31"), (6, 5), "24/13") == Position.parse("tawla31:b:24x14,13:24x15")
    # moultezim's runner: one checker runs until it passes the opponent's start
    moultezim = Position.start("moultezim")
    assert parse_play(moultezim, (5, 5), "24/9 24/19") == parse_play(moultezim, (5, 5), "24/19 24/19/14/9")


def sample_positions(variant: str, count: int, seed: int) -> list[Position]:
    """Positions met in seeded random games (bar, bear-off and stuck positions among them)."""
    rng = random.Random(seed)
    dice = SeededDice(seed)
    found: list[Position] = []
    while len(found) < count * 4:
        position = Position.start(variant, turn=rng.randint(0, 1))
        while position.winner() is None:
            found.append(position)
            position = rng.choice(result_positions(position, roll(dice).dice))
    rng.shuffle(found)
    return found[:count]


POSITIONS_PER_VARIANT = max(1, int(12 * float(os.environ.get("NARD_LONG", "1"))))


@pytest.mark.parametrize("variant", [*VARIANT_NAMES, "narde+end-block", "moultezim+next-turn-runner"])
def test_every_legal_play_written_canonically_reads_back_to_the_same_play(variant: str) -> None:
    checked = 0
    for position in sample_positions(variant, POSITIONS_PER_VARIANT, seed=7):
        for dice in ALL_ROLLS:
            plays = legal_plays(position, dice)
            written = {format_play(position, steps): result for result, steps in plays.items()}
            assert len(written) == len(plays), f"two plays share a text in {position} {dice}"
            for text, result in written.items():
                assert parse_play(position, dice, text) == result, f"{position} {dice} {text!r}"
                checked += 1
    assert checked > POSITIONS_PER_VARIANT * 21


# -- the edges of reading -------------------------------------------------------------------------

BEARING_OFF = Position.parse("backgammon:w:3,2x2,1x2:1x15")  # white: five checkers home, low


@pytest.mark.parametrize(("dice", "text", "after"), [
    ((6, 5), "3/off 2/off", "3"),  # larger dice than needed
    ((3, 2), "3/off 2/off", "3"),  # exact dice
    ((1, 1), "2/1 2/1 1/off 1/off", "3"),
    ((2, 1), "1/off 2/off", "3"),
    ((1, 1), "2/off 2/off", "3"),  # each by 1 and off
])
def test_bearing_off_reads_with_exact_and_larger_dice(dice: tuple[int, int], text: str, after: str) -> None:
    result = parse_play(BEARING_OFF, dice, text)
    assert result in result_positions(BEARING_OFF, dice)
    assert str(sum(result.boards[0][1:26])) == after  # white's checkers left


@pytest.mark.parametrize(("position", "dice", "text", "complaint"), [
    (BEARING_OFF, (2, 1), "3/off 3/off", "does not fit the dice"),  # one checker, and 3 is not rolled
    (BEARING_OFF, (1, 1), "2/off 2/off 2/off", "does not fit the dice"),  # six ones wanted
    (START, (1, 1), "24/23/22/21/20/19", "does not fit the dice"),  # five ones of four
    (START, (6, 5), "13/8 13/7 24/18", "does not fit the dice"),  # a six twice
    (START, (6, 5), "24/25", "point 25 is not 1..24"),
    (START, (6, 5), "13/13", "does not move forward"),
])
def test_text_that_cannot_fit_the_roll_is_refused_for_that_reason(
        position: Position, dice: tuple[int, int], text: str, complaint: str) -> None:
    with pytest.raises(NotationError, match=complaint):
        parse_play(position, dice, text)


def test_a_play_text_of_the_longest_length_is_read() -> None:
    text = "24/18 13/8" + " " * 190
    assert len(text) == 200 and parse_play(START, (6, 5), text) == parse_play(START, (6, 5), "24/18 13/8")
    with pytest.raises(NotationError, match="too long"):
        parse_play(START, (6, 5), text + " ")


def test_hits_at_named_points_decide_when_the_marks_are_forgotten() -> None:
    # white 13; black blots on white's 11, 7 and 5: 13/5 with 6-2 goes by 7 or by 11, hitting
    # twice either way; naming 7 picks the way by 7 though no hit is marked
    position = Position.parse("backgammon:w:13,6x14:20,18,14,1x12")
    by_seven = parse_play(position, (6, 2), "13/7/5")
    black = by_seven.boards[1]
    assert (black[25], black[18], black[14]) == (2, 0, 1)  # hit on white's 7 and 5, not on 11
    with pytest.raises(NotationError, match="ambiguous"):
        parse_play(position, (6, 2), "13/5")


def test_checkers_from_one_point_are_written_from_the_farthest_landing_down() -> None:
    black = START.pass_turn()
    assert texts(black, (3, 1)) >= {"6/5 6/3", "8/5 6/5"}


def test_a_hit_on_the_one_point_on_the_way_off_is_read_from_its_mark() -> None:
    # white 3 and 6x14, a black blot on white's 1: 3/off with 2-1 goes by 2 or by 1 (hitting)
    position = Position.parse("backgammon:w:3,6x14:24,1x14")
    quiet, hitting = parse_play(position, (2, 1), "3/off"), parse_play(position, (2, 1), "3/1*/off")
    assert (quiet.boards[1][24], quiet.boards[1][25]) == (1, 0)
    assert (hitting.boards[1][24], hitting.boards[1][25]) == (0, 1)
