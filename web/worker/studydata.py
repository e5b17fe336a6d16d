"""The player's study progress, kept in the saved preferences (`prefs["study"]`): each game's
puzzle rating and the puzzles already answered (oldest first), and the deck of drills
(drills.py). Saved data is untrusted: what
cannot be read is left out (a rating is not worth refusing a save for), never raised.

>>> progress = with_answer(None, "narde", "n-1", PlayerRating().after(1500, solved=True))
>>> round(rating_of(progress, "narde").rating), seen_of(progress, "narde")
(1675, ['n-1'])
>>> read = read_study({"puzzles": {"narde": {"seen": ["n-1", 7]}, "chess": {}}})
>>> list(read["puzzles"]), read["puzzles"]["narde"]["seen"], read["puzzles"]["narde"]["rating"]["rating"]
(['narde'], ['n-1'], 1500.0)
"""

from __future__ import annotations

from typing import Any

from nardcore.variant import VARIANT_NAMES

from .drills import read_cards
from .puzzle_rating import PlayerRating

__all__ = ["MAX_SEEN", "drills_of", "rating_of", "read_study", "seen_of", "with_answer", "with_drills"]

MAX_SEEN = 400  # puzzles remembered a game: the next ones are chosen among the others
MAX_ID = 40


def read_study(data: Any) -> dict[str, Any] | None:
    """The progress as saved, each game's part read on its own; None when nothing is readable."""
    if not isinstance(data, dict) or not (isinstance(data.get("puzzles"), dict) or "drills" in data):
        return None
    games: dict[str, Any] = {}
    for name, part in (data["puzzles"] if isinstance(data.get("puzzles"), dict) else {}).items():
        if name not in VARIANT_NAMES or not isinstance(part, dict):
            continue
        seen = part.get("seen")
        ids = [item for item in seen if isinstance(item, str) and 0 < len(item) <= MAX_ID] if isinstance(
            seen, list) else []
        games[name] = {"rating": PlayerRating.from_dict(part.get("rating")).to_dict(), "seen": ids[-MAX_SEEN:]}
    return {"puzzles": games, "drills": read_cards(data.get("drills"))}


def rating_of(progress: dict[str, Any] | None, variant_name: str) -> PlayerRating:
    part = (progress or {}).get("puzzles", {}).get(variant_name)
    return PlayerRating.from_dict(part.get("rating")) if isinstance(part, dict) else PlayerRating()


def seen_of(progress: dict[str, Any] | None, variant_name: str) -> list[str]:
    part = (progress or {}).get("puzzles", {}).get(variant_name)
    return list(part.get("seen", [])) if isinstance(part, dict) else []


def with_answer(progress: dict[str, Any] | None, variant_name: str, puzzle_id: str,
                rating: PlayerRating) -> dict[str, Any]:
    """A new progress (the old one is left as it was): the game's rating, the puzzle seen last."""
    games = dict((progress or {}).get("puzzles", {}))
    seen = [item for item in seen_of(progress, variant_name) if item != puzzle_id] + [puzzle_id]
    games[variant_name] = {"rating": rating.to_dict(), "seen": seen[-MAX_SEEN:]}
    return {"puzzles": games, "drills": drills_of(progress)}


def drills_of(progress: dict[str, Any] | None) -> list[dict[str, Any]]:
    return list((progress or {}).get("drills", []))


def with_drills(progress: dict[str, Any] | None, cards: list[dict[str, Any]]) -> dict[str, Any]:
    """A new progress with this deck (the puzzles' part as it was)."""
    return {"puzzles": dict((progress or {}).get("puzzles", {})), "drills": cards}
