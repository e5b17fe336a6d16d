"""A whole match (or money session) reviewed: each game's review (`analysis.review_steps`)
summed as gnubg's match statistics sum them, and a rating estimate from the error rates.

Each side's checker error rate is its checker losses over its unforced plays, its cube error
rate its cube losses over its cube decisions, the overall rate all its losses over both (gnubg
analysis.c, getMWCFromError). The rating estimate is the Statistics screen's (`ratings.rating`):
gnubg's formula in backgammon, calibrated for the other games. gnubg gives it for matches only:
money has no N. Nor is it given from fewer choices than a skill label needs
(SKILL_LEAST_CHOICES): a figure like 562 from two plays and a cube would say far more than
they can.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..position import SIDE_LETTERS
from . import ratings
from .analysis import TOO_FEW, Review, judged_skill


def _rate(losses: Sequence[float]) -> float:
    return 1000 * sum(losses) / len(losses) if losses else 0.0


def summary(reviews: Sequence[Review], match_length: int, variant: str = "backgammon") -> dict[str, Any]:
    """Each side's checker, cube and overall error rates (thousandths of a point a decision)
    and skills, its luck in points, and a rating estimate in a match (None for money, or from
    too few choices to tell)."""
    sides: dict[str, Any] = {}
    for side in SIDE_LETTERS:
        decisions = [d for review in reviews for d in review.decisions if d.side == side and not d.forced]
        checker = [d.loss for d in decisions if d.kind == "play"]
        cube = [d.loss for d in decisions if d.kind != "play"]
        overall = checker + cube
        overall_skill = judged_skill(_rate(overall), len(overall), variant)
        rated = None  # no N in money; no figure where the label says too few choices to tell
        if match_length and overall_skill != TOO_FEW:
            rated = ratings.rating(variant, sum(checker), len(checker), sum(cube), len(cube), match_length)
        sides[side] = {
            "checker": {"choices": len(checker), "error_rate": round(_rate(checker), 1),
                        "skill": judged_skill(_rate(checker), len(checker), variant)},
            "cube": {"choices": len(cube), "error_rate": round(_rate(cube), 1),
                     "skill": judged_skill(_rate(cube), len(cube), variant)},
            "overall": {"choices": len(overall), "error_rate": round(_rate(overall), 1), "skill": overall_skill},
            "luck": round(sum(review.luck_total(side) for review in reviews), 3),
            "rating": None if rated is None else round(rated),
        }
    return {"games": len(reviews), "match_length": match_length, "sides": sides}
