"""The player's puzzle rating: Glicko-2 (Glickman, "Example of the Glicko-2 system", 2013), one
rating period a puzzle, the puzzle's rating taken as its opponent's with a fixed deviation.

A player starts at 1500 with a deviation of 350 (unsure) and volatility 0.06; each puzzle
solved or missed moves the rating by as much as the deviation allows, and narrows it. Puzzles
keep their shipped ratings (docs/puzzles.md): only the player's moves.

>>> rating = PlayerRating()
>>> after = rating.after(1500, solved=True)
>>> round(after.rating), round(after.deviation)
(1675, 250)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

__all__ = ["PUZZLE_DEVIATION", "PlayerRating"]

SCALE = 173.7178  # Glicko-2's scale: rating points a unit of mu
TAU = 0.5  # how fast volatility may change (Glickman suggests 0.3 to 1.2)
PUZZLE_DEVIATION = 80.0  # a shipped puzzle's rating is an estimate too
EPSILON = 1e-6  # the volatility iteration's tolerance
LEAST_DEVIATION, MOST_DEVIATION = 45.0, 350.0


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


@dataclass(frozen=True)
class PlayerRating:
    rating: float = 1500.0
    deviation: float = 350.0
    volatility: float = 0.06
    solved: int = 0
    missed: int = 0

    def after(self, puzzle_rating: float, solved: bool) -> PlayerRating:
        """The rating after one puzzle: a rating period of one game against the puzzle."""
        rated = self.after_period([(puzzle_rating, PUZZLE_DEVIATION, 1.0 if solved else 0.0)])
        return PlayerRating(rated.rating, rated.deviation, rated.volatility, self.solved + solved,
                            self.missed + (not solved))

    def after_period(self, games: list[tuple[float, float, float]]) -> PlayerRating:
        """Glicko-2's update after a rating period of `games`: (opponent's rating, its
        deviation, the score: 1 won, 0 lost, 0.5 drawn)."""
        mu, phi = (self.rating - 1500.0) / SCALE, self.deviation / SCALE
        terms = []
        for rating, deviation, score in games:
            g = _g(deviation / SCALE)
            expected = 1.0 / (1.0 + math.exp(-g * (mu - (rating - 1500.0) / SCALE)))
            terms.append((g, expected, score))
        v = 1.0 / sum(g * g * e * (1.0 - e) for g, e, _ in terms)
        gained = sum(g * (score - e) for g, e, score in terms)
        sigma = self._volatility(phi, v, v * gained)
        phi_star = math.sqrt(phi * phi + sigma * sigma)
        phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
        mu_new = mu + phi_new * phi_new * gained
        deviation = min(MOST_DEVIATION, max(LEAST_DEVIATION, phi_new * SCALE))
        return PlayerRating(1500.0 + mu_new * SCALE, deviation, sigma, self.solved, self.missed)

    def _volatility(self, phi: float, v: float, delta: float) -> float:
        """Step 5 of Glickman's procedure (the Illinois algorithm)."""
        a = math.log(self.volatility ** 2)

        def f(x: float) -> float:
            ex = math.exp(x)
            top = ex * (delta * delta - phi * phi - v - ex)
            return top / (2.0 * (phi * phi + v + ex) ** 2) - (x - a) / (TAU * TAU)

        low = a
        if delta * delta > phi * phi + v:
            high = math.log(delta * delta - phi * phi - v)
        else:
            k = 1
            while f(a - k * TAU) < 0:
                k += 1
            high = a - k * TAU
        f_low, f_high = f(low), f(high)
        while abs(high - low) > EPSILON:
            c = low + (low - high) * f_low / (f_high - f_low)
            f_c = f(c)
            if f_c * f_high <= 0:
                low, f_low = high, f_high
            else:
                f_low /= 2
            high, f_high = c, f_c
        return math.exp(low / 2)

    def to_dict(self) -> dict[str, Any]:
        return {"rating": round(self.rating, 1), "deviation": round(self.deviation, 1),
                "volatility": round(self.volatility, 6), "solved": self.solved, "missed": self.missed}

    @classmethod
    def from_dict(cls, data: object) -> PlayerRating:
        """A rating as saved; anything unreadable starts afresh (a rating is not worth refusing a save)."""
        if not isinstance(data, dict):
            return cls()
        try:
            rating = cls(float(data["rating"]), float(data["deviation"]), float(data["volatility"]),
                         int(data["solved"]), int(data["missed"]))
        except (KeyError, TypeError, ValueError):
            return cls()
        sane = (0 < rating.rating < 4000 and LEAST_DEVIATION <= rating.deviation <= MOST_DEVIATION
                and 0 < rating.volatility < 1 and rating.solved >= 0 and rating.missed >= 0)
        return rating if sane else cls()
