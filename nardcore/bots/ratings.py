"""A rating estimated from the error rates of reviewed games.

Backgammon: gnubg's published formula (gnubg's manual, "Error based FIBS rating", from Kees van
den Doel's work; formatgs.c `absoluteFibsRating`):

    rating = R0 - (a2(N) * EPM + b(N) * EPC),   a2(N) = 8798 + 25526 / N,   b(N) = 863 - 519 / N

with EPM the error per unforced move and EPC the error per cube decision, both in points at
cube 1 (gnubg's "normalised" errors), N the match length and R0 = 2050 (gnubg's default
`rRatingOffset`). A single game (money play) is read as a long match, N -> infinity.

The other four games: the same formula on the error rates read at backgammon's scale, each
divided by the game's factor (nardcore.bots.analysis.SKILL_FACTOR: how much larger that game's
error rates are than backgammon's for the same players, calibrated by bench/bench_skill.py on
random play and on the strongest level, which play alike in every game). docs/statistics.md.
The Statistics screen (web/worker/statistics_view.py) and the match summary (match_review.py)
both rate by these.
"""

from __future__ import annotations

from .analysis import SKILL_FACTOR

RATING_OFFSET = 2050.0  # gnubg's rRatingOffset


def move_weight(match_length: int) -> float:
    """a2(N): rating points lost per point of error per unforced move (N 0: a single game)."""
    return 8798.0 + (25526.0 / match_length if match_length > 0 else 0.0)


def cube_weight(match_length: int) -> float:
    """b(N): rating points lost per point of error per cube decision (N 0: a single game)."""
    return 863.0 - (519.0 / match_length if match_length > 0 else 0.0)


def gnubg_rating(move_error: float, cube_error: float = 0.0, match_length: int = 0) -> float:
    """gnubg's absolute rating from the error per move and per cube decision, in points."""
    return RATING_OFFSET - (move_weight(match_length) * move_error + cube_weight(match_length) * cube_error)


def game_factor(variant: str) -> float:
    """How much larger the game's error rates are than backgammon's for the same player."""
    return SKILL_FACTOR.get(variant, 1.0)


def rating(variant: str, move_loss: float, moves: int, cube_loss: float = 0.0, cubes: int = 0,
           match_length: int = 0) -> float | None:
    """The rating of `moves` unforced moves losing `move_loss` points in all and `cubes` cube
    decisions losing `cube_loss`: gnubg's for backgammon, the calibrated one for the others.
    None without a move."""
    if moves <= 0:
        return None
    factor = game_factor(variant)
    per_cube = cube_loss / cubes if cubes else 0.0
    return gnubg_rating(move_loss / moves / factor, per_cube / factor, match_length)
