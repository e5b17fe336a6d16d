"""Drills from the player's own errors: every play and every cube decision a finished review
marks (an inaccuracy or worse) of the player's side goes into a deck, and comes back on a
spaced-repetition schedule. A cube card (backgammon) has no dice and a `cube` field: the question
("double": the side on roll doubles or not; "take": the other side takes or drops), the cube's
value and owner as they stood, and whether Jacoby and beavers were in play.

The schedule is SM-2 (Wozniak 1990, as Anki began), in whole days: an answer that gives up
nothing, or less than an inaccuracy, passes and the card's interval grows (1 day, 6 days,
then times its ease); a marked answer fails and the card is due again tomorrow, its ease
lowered. Why SM-2 and not FSRS: docs/study-app.md. Cards are plain JSON kept in the saved
preferences beside the puzzle ratings (`prefs["study"]["drills"]`), read strictly.

>>> card = new_card("narde", "narde:w:24x15:24x15", "64", "24/14", "24/18 24/20", 0.2, today=100)
>>> card["due"], graded(card, 5, today=100)["due"], graded(graded(card, 5, 100), 5, 101)["due"]
(100, 101, 107)
>>> failed = graded(graded(card, 5, 100), 0, 101)
>>> failed["due"], failed["reps"], failed["lapses"], failed["ease"] < card["ease"]
(102, 0, 1, True)
"""

from __future__ import annotations

import datetime
import hashlib
from typing import Any

from nardcore.bots.cube_judge import CubeState
from nardcore.bots.outcomes import Outcomes
from nardcore.bots.stakes import MatchScore, Stakes, outcome_values
from nardcore.position import SIDE_LETTERS, Position
from nardcore.variant import VARIANT_NAMES

__all__ = ["CUBE_ACTIONS", "CUBE_ASKS", "MAX_CARDS", "card_values", "collect", "cube_decider", "cube_state", "due",
           "graded", "new_card", "new_cube_card", "quality", "read_cards", "today"]

MAX_CARDS = 300  # the deck keeps the newest; an older card makes room
FIRST_EASE, LEAST_EASE = 2.5, 1.3
MAX_TEXT = 200
QUALITY = {None: 4, "inaccuracy": 2, "mistake": 1, "blunder": 0}  # by the answer's mark; 5: the best
# a cube card's question: the review's decisions that ask it, and the answers it may be given
CUBE_ASKS = {"double": "double", "no_double": "double", "take": "take", "drop": "take", "beaver": "take"}
CUBE_ACTIONS = {"double": ("double", "no_double"), "take": ("take", "drop", "beaver")}
CUBE_BEST = {"double": ("double", "no_double", "too_good"), "take": ("take", "drop", "beaver")}


def today() -> int:
    """The day number (proleptic ordinal) in UTC: cards fall due by whole days."""
    return datetime.datetime.now(datetime.UTC).date().toordinal()


def card_id(position: str, dice: str) -> str:
    return hashlib.sha256(f"{position} {dice}".encode()).hexdigest()[:12]


def new_card(variant: str, position: str, dice: str, played: str, best: str, loss: float,
             today: int, score: list[int] | None = None) -> dict[str, Any]:
    """A new card; `score`: [match length, the player's points, the other's, 1 in backgammon's
    Crawford game else 0] when the play was made in a match, so that it is judged at that score."""
    card = {"id": card_id(position, dice), "variant": variant, "position": position, "dice": dice, "played": played,
            "best": best, "loss": round(loss, 4), "due": today, "interval": 0, "ease": FIRST_EASE, "reps": 0,
            "lapses": 0}
    return card if score is None else {**card, "score": score}


def new_cube_card(variant: str, position: str, ask: str, played: str, best: str, loss: float, today: int,
                  cube: dict[str, Any], score: list[int] | None = None) -> dict[str, Any]:
    """A new cube card: `position` has the doubler on roll; `ask` "double" (the side on roll's
    question) or "take" (the other side's); `cube`: the review's (value, owner, jacoby, beavers);
    `score` as `new_card`'s, for the side that answers."""
    card = new_card(variant, position, "", played, best, loss, today, score)
    return {**card, "id": card_id(position, ask),
            "cube": {"ask": ask, "value": int(cube["value"]), "owner": cube["owner"], "jacoby": bool(cube["jacoby"]),
                     "beavers": bool(cube["beavers"])}}


def cube_decider(card: dict[str, Any]) -> int:
    """The side that answers a cube card: the side on roll for a double, the other for a take."""
    turn = Position.parse(card["position"]).turn
    return turn if card["cube"]["ask"] == "double" else 1 - turn


def cube_state(card: dict[str, Any]) -> CubeState:
    """The cube and the score a cube card's decision was taken at."""
    cube = card["cube"]
    owner = None if cube["owner"] is None else SIDE_LETTERS.index(cube["owner"])
    score = card.get("score")
    if score is None:
        return CubeState(cube["value"], owner, jacoby=cube["jacoby"], beavers=cube["beavers"])
    length, mine, theirs, crawford = score
    side = cube_decider(card)
    points = (mine, theirs) if side == 0 else (theirs, mine)
    return CubeState(cube["value"], owner, length, points, bool(crawford))


def card_values(card: dict[str, Any]) -> Outcomes | None:
    """What each outcome is worth to the player at the card's match score (None: money play)."""
    score = card.get("score")
    if score is None:
        return None
    length, mine, theirs, crawford = score
    return outcome_values(card["variant"], MatchScore(length, mine, theirs, bool(crawford)))


def _read_score(item: Any) -> list[int] | None:
    """A card's match score as saved, or None when missing or not a score."""
    score = item.get("score") if isinstance(item, dict) else None
    if (not isinstance(score, list) or len(score) != 4 or not all(type(v) is int for v in score)
            or not 0 <= score[1] < score[0] <= 999 or not 0 <= score[2] < score[0] or score[3] not in (0, 1)):
        return None
    return list(score)


def collect(cards: list[dict[str, Any]], review: dict[str, Any], variant: str, sides: tuple[str, ...],
            today: int, stakes: Stakes | None = None) -> tuple[list[dict[str, Any]], int]:
    """The deck with the review's marked plays of `sides` added (a position and roll already in
    it is left as it is), and how many were added; `stakes`: the reviewed game's match score."""
    have = {card["id"] for card in cards}
    added = []
    for decision in review.get("decisions", []):
        kind = decision.get("kind")
        cube = decision.get("cube")
        if (not (kind == "play" or (kind in CUBE_ASKS and cube is not None)) or not decision.get("mark")
                or decision.get("forced") or decision.get("side") not in sides):
            continue
        score = None
        if stakes is not None and stakes.length:
            side = SIDE_LETTERS.index(decision["side"])
            score = [stakes.length, stakes.score[side], stakes.score[1 - side], int(stakes.crawford)]
        if kind == "play":
            card = new_card(variant, decision["position"], decision["dice"], decision["chosen"], decision["best"],
                            float(decision["loss"]), today, score)
        else:
            card = new_cube_card(variant, decision["position"], CUBE_ASKS[kind], decision["chosen"],
                                 decision["best"], float(decision["loss"]), today, cube, score)
        if card["id"] not in have:
            have.add(card["id"])
            added.append(card)
    return (cards + added)[-MAX_CARDS:], len(added)


def quality(loss: float, mark: str | None) -> int:
    """SM-2's grade of an answer, 0..5, from the equity it gives up: 5 the best play, 4 less than an
    inaccuracy, then 2, 1, 0 for an inaccuracy, a mistake, a blunder."""
    return 5 if loss <= 0 else QUALITY.get(mark, 0)


def graded(card: dict[str, Any], grade: int, today: int) -> dict[str, Any]:
    """The card after an answer of SM-2 quality `grade` on day `today` (a new card; the old one is kept)."""
    ease = max(LEAST_EASE, card["ease"] + 0.1 - (5 - grade) * (0.08 + (5 - grade) * 0.02))
    if grade >= 3:
        reps = card["reps"] + 1
        interval = 1 if reps == 1 else 6 if reps == 2 else round(card["interval"] * ease)
        lapses = card["lapses"]
    else:
        reps, interval, lapses = 0, 1, card["lapses"] + 1
    return {**card, "ease": round(ease, 3), "reps": reps, "interval": interval, "lapses": lapses,
            "due": today + interval}


def due(cards: list[dict[str, Any]], today: int) -> list[dict[str, Any]]:
    """The cards due by `today`, the longest overdue first."""
    return sorted((card for card in cards if card["due"] <= today), key=lambda card: card["due"])


def read_cards(data: Any) -> list[dict[str, Any]]:
    """The deck as saved: each card whose every field reads, the others left out."""
    if not isinstance(data, list):
        return []
    cards = []
    for item in data[-MAX_CARDS:]:
        try:
            card = {"id": str(item["id"])[:12], "variant": item["variant"], "position": item["position"],
                    "dice": item["dice"], "played": item["played"], "best": item["best"], "loss": float(item["loss"]),
                    "due": int(item["due"]), "interval": int(item["interval"]), "ease": float(item["ease"]),
                    "reps": int(item["reps"]), "lapses": int(item["lapses"])}
        except (KeyError, TypeError, ValueError):
            continue
        texts = (card["position"], card["dice"], card["played"], card["best"])
        if (card["variant"] in VARIANT_NAMES and all(isinstance(t, str) and len(t) <= MAX_TEXT for t in texts)
                and LEAST_EASE <= card["ease"] <= 5 and 0 <= card["interval"] <= 36500 and card["reps"] >= 0
                and card["lapses"] >= 0 and 0 < card["due"] < 10**7):
            score = _read_score(item)
            card = card if score is None else {**card, "score": score}
            cube = _read_cube(card, item.get("cube"))
            if card["dice"] and cube is None:
                cards.append(card)
            elif not card["dice"] and cube is not None:
                cards.append({**card, "cube": cube})
    return cards


def _read_cube(card: dict[str, Any], cube: Any) -> dict[str, Any] | None:
    """A cube card's `cube` as saved (its answers too must be the question's), or None."""
    if not isinstance(cube, dict):
        return None
    ask, value, owner = cube.get("ask"), cube.get("value"), cube.get("owner")
    if (ask not in CUBE_ACTIONS or type(value) is not int or value not in {2**n for n in range(13)}
            or owner not in (None, *SIDE_LETTERS) or (owner is None) != (value == 1)
            or card["played"] not in CUBE_ACTIONS[ask] or card["best"] not in CUBE_BEST[ask]
            or card["variant"] != "backgammon"):
        return None
    try:
        Position.parse(card["position"])
    except ValueError:
        return None
    return {"ask": ask, "value": value, "owner": owner, "jacoby": cube.get("jacoby") is True,
            "beavers": cube.get("beavers") is True}
