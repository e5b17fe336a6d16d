"""The player's puzzle rating (web/worker/puzzle_rating.py): Glicko-2 as Glickman publishes it."""

from __future__ import annotations

import pytest

from web.worker.puzzle_rating import LEAST_DEVIATION, PlayerRating


def test_glickmans_worked_example() -> None:
    """Glickman, "Example of the Glicko-2 system": 1500/200/0.06 against three opponents."""
    after = PlayerRating(1500, 200, 0.06).after_period([(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)])
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=1e-5)


def test_solving_raises_missing_lowers_and_both_narrow() -> None:
    start = PlayerRating()
    up, down = start.after(1500, solved=True), start.after(1500, solved=False)
    assert down.rating < start.rating < up.rating
    assert up.deviation < start.deviation and down.deviation < start.deviation
    assert (up.solved, up.missed, down.solved, down.missed) == (1, 0, 0, 1)


def test_a_hard_puzzle_solved_counts_more_than_an_easy_one() -> None:
    start = PlayerRating(1500, 120, 0.06)
    assert start.after(1900, True).rating - start.rating > start.after(1100, True).rating - start.rating > 0


def test_a_long_run_settles_near_the_level_solved_half_the_time() -> None:
    rating = PlayerRating()
    for number in range(200):
        rating = rating.after(1800, solved=number % 2 == 0)
    assert rating.rating == pytest.approx(1800, abs=60)
    assert rating.deviation >= LEAST_DEVIATION


@pytest.mark.parametrize("saved", [None, [], {"rating": "x"}, {"rating": 1e9, "deviation": 100, "volatility": 0.06,
                                                                 "solved": 0, "missed": 0}])
def test_an_unreadable_saved_rating_starts_afresh(saved: object) -> None:
    assert PlayerRating.from_dict(saved) == PlayerRating()


def test_a_rating_round_trips() -> None:
    rating = PlayerRating().after(1600, True).after(1700, False)
    again = PlayerRating.from_dict(rating.to_dict())
    assert again.rating == pytest.approx(rating.rating, abs=0.1) and again.solved == 1 and again.missed == 1
