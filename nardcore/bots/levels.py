"""The computer's levels, weakest first, and the one to offer by default.

    beginner      the network's values with a temperature: it mostly plays well and
                  sometimes picks a play a little (rarely much) worse, as a person does
    intermediate  the hand-written heuristic evaluation, one ply
    advanced      the network, best play at one ply
    strongest     the network with a look-ahead over the opponent's 21 rolls
"""

from __future__ import annotations

from ..errors import NardError
from .base import Bot
from .heuristic import HeuristicBot
from .neural_bot import BEGINNER_TEMPERATURE, DEEPEN_BUDGET, DEEPEN_GAP, DEEPENED_ROLLS, NeuralBot

LEVELS = ("beginner", "intermediate", "advanced", "strongest")
DEFAULT_LEVEL = "advanced"

# Each level's share of the points (%) against the level below it, per game, as measured by
# `python bench/bench_bots.py strength` (2,000 cubeless games a pairing; docs/training.md):
# what the level chooser says of each level.
LEVEL_SHARES: dict[str, dict[str, float]] = {
    "backgammon": {"intermediate": 59.2, "advanced": 81.3, "strongest": 51.6},
    "narde": {"intermediate": 61.4, "advanced": 86.3, "strongest": 55.7},
    "khachapuri": {"intermediate": 66.4, "advanced": 91.8, "strongest": 51.4},
    "moultezim": {"intermediate": 63.5, "advanced": 81.7, "strongest": 56.7},
    "tawla31": {"intermediate": 64.5, "advanced": 90.2, "strongest": 54.5},
}


class LevelError(NardError):
    """An unknown level name."""


def make_bot(level: str = DEFAULT_LEVEL, seed: int | str | None = None, budget: float = 0.4) -> Bot:
    """A fresh player of that level (`seed` varies the beginner's choices and the heuristic's ties)."""
    if level == "beginner":
        return NeuralBot("beginner", temperature=BEGINNER_TEMPERATURE, seed=seed)
    if level == "intermediate":
        bot = HeuristicBot(seed=seed, noise=0.5 if seed is not None else 0.0)
        bot.name = "intermediate"
        return bot
    if level == "advanced":
        return NeuralBot("advanced", seed=seed)
    if level == "strongest":
        # no roll is looked at two plies deep past DEEPEN_BUDGET x the budget from the start
        return NeuralBot("strongest", lookahead=True, budget=budget, seed=seed, deepen_rolls=DEEPENED_ROLLS,
                         deepen_gap=DEEPEN_GAP, deepen_budget=DEEPEN_BUDGET * budget)
    raise LevelError(f"unknown level {level!r} (levels: {', '.join(LEVELS)})")
