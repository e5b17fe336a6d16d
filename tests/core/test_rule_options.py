"""Each rule option changes what is legal (or how a game scores) exactly where the rule book says."""

from __future__ import annotations

from nardcore.movegen import illegal_block, result_positions
from nardcore.position import Position


def results(text: str, dice: tuple[int, int]) -> set[str]:
    return {str(p).split(":", 1)[1] for p in result_positions(Position.parse(text), dice)}


def test_simple_head_lets_two_checkers_leave_on_44_despite_a_checker_on_16() -> None:
    strict = results("narde:w:24x15:24x14,4", (4, 4))
    simple = results("narde+simple-head:w:24x15:24x14,4", (4, 4))
    assert strict == {"b:24x14,20:24x14,4"}
    assert simple == {"b:24x13,20x2:24x14,4"}


def test_head_rule_allows_two_from_head_on_opening_66_only_when_all_fifteen_are_there() -> None:
    assert results("narde:w:24x15:24x15", (6, 6)) == {"b:24x13,18x2:24x15"}
    later = results("narde:w:24x14,9:24x14,20", (6, 6))
    assert all(r.startswith("b:24x13,") for r in later)


def test_end_block_checks_the_six_block_only_on_the_final_position() -> None:
    position = "narde:w:13,11x2,10x2,9x2,8x2,6x6:24x15"
    per_step = results(position, (6, 1))
    at_end = results(position.replace("narde", "narde+end-block"), (6, 1))
    # 13/7/6 passes through the illegal block 11..6 and ends without it
    assert "b:11x2,10x2,9x2,8x2,6x7:24x15" in at_end
    assert "b:11x2,10x2,9x2,8x2,6x7:24x15" not in per_step
    assert per_step < at_end


def test_six_block_is_legal_once_an_opposing_checker_is_ahead_of_it() -> None:
    blocked = Position.parse("narde:w:11,10,9,8,7,6x10:24x15")
    assert illegal_block(blocked.variant, blocked.mover, blocked.opponent)
    freed = Position.parse("narde:w:11,10,9,8,7,6x10:24x14,3")  # black's 3 is beyond white's 11..6
    assert not illegal_block(freed.variant, freed.mover, freed.opponent)


def test_next_turn_runner_keeps_the_runner_rule_for_the_rest_of_the_roll() -> None:
    assert results("tawla31:w:24x15:24x15", (6, 6)) == {"b:24x13,18,6:24x15"}
    assert results("tawla31+next-turn-runner:w:24x15:24x15", (6, 6)) == {"b:24x14,6:24x15"}
    assert results("moultezim:w:24x15:24x15", (5, 5)) == {"b:24x13,19,9:24x15", "b:24x14,4:24x15"}
    assert results("moultezim+next-turn-runner:w:24x15:24x15", (5, 5)) == {"b:24x14,4:24x15"}


def test_moultezim_allows_at_most_four_points_in_the_opponents_starting_table() -> None:
    for text in results("moultezim:w:11,10,9,8x2,5,1x9:24x15", (2, 1)):
        white = text.split(":")[1]
        points = {int(item.split("x")[0]) for item in white.split(",")}
        assert len(points & set(range(7, 13))) <= 4


def test_the_per_step_block_check_agrees_with_the_whole_board_check() -> None:
    import random

    from nardcore.movegen import _illegal_block_through
    from nardcore.variant import find_variant

    narde = find_variant("narde")
    rng = random.Random(3)
    compared = 0
    for _ in range(20_000):
        mover, opponent = [0] * 26, [0] * 26
        for point in range(1, 25):
            mover[point] = int(rng.random() < 0.55)
        for q in range(1, 25):
            if not mover[narde.opponent_point(q)] and rng.random() < 0.08:
                opponent[q] = 1
        target = rng.randint(1, 24)
        before = mover.copy()
        before[target] = 0
        if not mover[target] or illegal_block(narde, before, opponent):
            continue
        compared += 1
        assert _illegal_block_through(target, bytes(mover), bytes(opponent)) == illegal_block(narde, mover, opponent)
    assert compared > 5_000


def test_runner_routes_that_reach_the_same_position_are_one_play() -> None:
    # 17/11/10 lifts the rule on the way, 17/16/10 only at the end: one play either way
    plays = result_positions(Position.parse("moultezim:w:24x14,17:24x14,20"), (6, 1))
    assert len(plays) == len(set(plays)) == 2


def test_a_finished_position_still_has_plays_for_the_last_roll_option() -> None:
    # narde last-roll: white is off, black (14 off) rolls once more and finishes
    plays = result_positions(Position.parse("narde+last-roll:b::2"), (6, 5))
    assert {str(p) for p in plays} == {"narde+last-roll:w::"}
