"""Puzzles in the app: which one to ask next, the puzzle of the day, and an answer graded by the
equity it gives up (nardcore.puzzles holds the shipped puzzles and their rolled-out plays).
"""

from __future__ import annotations

import datetime
import hashlib
from collections.abc import Collection
from typing import Any

from nardcore.bots.neural import network_for
from nardcore.movegen import legal_plays
from nardcore.notation import format_play
from nardcore.position import Position
from nardcore.puzzles import Puzzle, puzzles

from .puzzle_rating import PlayerRating

__all__ = ["daily_puzzle", "grade", "next_puzzle"]

EPOCH = datetime.date(2026, 1, 1)


def next_puzzle(variant_name: str, rating: PlayerRating, seen: Collection[str]) -> Puzzle | None:
    """The unseen puzzle whose rating is nearest the player's (ties: the shipped order); once
    every puzzle is seen, the one seen longest ago is asked again (`seen` is oldest first)."""
    found = puzzles(variant_name)
    if not found:
        return None
    fresh = [puzzle for puzzle in found if puzzle.id not in seen]
    if not fresh:
        order = {puzzle_id: index for index, puzzle_id in enumerate(seen)}
        return min(found, key=lambda puzzle: order.get(puzzle.id, -1))
    return min(fresh, key=lambda puzzle: abs(puzzle.rating - rating.rating))


def daily_puzzle(variant_name: str, day: datetime.date) -> Puzzle | None:
    """The same puzzle for every player on one day: a fixed shuffle of the game's puzzles (by a
    hash of their ids), walked one a day from 1 January 2026."""
    found = sorted(puzzles(variant_name), key=lambda puzzle: hashlib.sha256(puzzle.id.encode()).digest())
    return found[(day - EPOCH).days % len(found)] if found else None


def grade(puzzle: Puzzle, result: Position) -> dict[str, Any]:
    """The answer `result` (the position after the player's play, the other side on roll): solved
    when it is the best play; `lost`: the equity it gives up, from the rollouts when it is one
    of the plays rolled out, else (an answer the rollouts never considered) at least as much as
    the last of them, or more when the network at 0 ply says so."""
    plays = legal_plays(puzzle.position, puzzle.dice)
    if result not in plays:
        raise ValueError(f"not a legal play of the puzzle: {result}")
    played = format_play(puzzle.position, plays[result])
    known = {play.result: play for play in puzzle.plays}
    if result in known:
        lost = known[result].behind
    else:
        lost = max(puzzle.plays[-1].behind, _network_loss(puzzle, result))
    return {"puzzle": puzzle.id, "solved": result == puzzle.plays[0].result, "played": played,
            "best": puzzle.best, "lost": round(lost, 4)}


def _network_loss(puzzle: Puzzle, result: Position) -> float:
    network = network_for(puzzle.position.variant.name)
    if network is None:
        return 0.0
    # a result's equity is its side on roll's, the other side's: theirs up is the player's down
    return network.equity(result) - network.equity(puzzle.plays[0].result)
