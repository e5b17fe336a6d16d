"""A whole match under review: any of its games reopened in the review (its positions shown a
turn at a time, read-only: the game on the board goes on untouched), and the match summary,
every game reviewed a slice at a time and summed (nardcore.bots.match_review).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

from nardcore.bots import analysis
from nardcore.bots import match_review as summing
from nardcore.bots.stakes import Stakes
from nardcore.game import Game

from . import advice
from .inputs import UIError
from .session import Session


def match_games(session: Session) -> list[Game]:
    """The match's games that can be reviewed: the finished ones whose moves are known, then
    the game on the board once a turn of it is played (none outside a match)."""
    if session.match is None:
        return []
    games = [game for game in session.match.played if game is not None]
    if any(event.get("event") in ("play", "pass") for event in session.game.history):
        games.append(session.game)
    return games


def game_count(session: Session) -> int:
    """How many games of the match the review may open (0 outside a match)."""
    if session.match is None:
        return 0
    return len(session.match.played) + 1


def note_games(session: Session) -> None:
    """The review says how many games of the match it may open (for the page's buttons)."""
    if session.review is not None:
        session.review["games"] = game_count(session)


def open_game(session: Session, number: Any) -> None:
    """Game `number` (from 0) of the match reopened in the review, from its first turn; the
    last number is the game on the board."""
    count = game_count(session)
    if not isinstance(number, int) or isinstance(number, bool) or not 0 <= number < count:
        raise UIError("no such game in the match")
    if number < count - 1 and session.match is not None and session.match.played[number] is None:
        raise UIError("that game's moves are not known")
    advice.close_review(session)
    session.review_game = number if number < count - 1 else None
    advice.run_review(session)
    review = session.review
    if review is not None and session.review_game is not None and review["positions"]:
        review["shown"] = 0  # the earlier game's own board, not the one in play


def _summary_steps(session: Session) -> Iterator[tuple[int, int, dict[str, Any] | None]]:
    games = match_games(session)
    reviews: list[analysis.Review] = []
    for number, game in enumerate(games):
        latest = analysis.Review(variant=game.variant.name)
        for _, _, latest in analysis.review_steps(game.start, game.history, cube=advice.start_cube_state(game),
                                                  cube_limit=game.variant.cube_limit, stakes=Stakes.of(game)):
            yield number, len(games), None
        reviews.append(latest)
    length = session.match.length if session.match is not None else 0
    yield len(games), len(games), summing.summary(reviews, length, session.game.variant.name)


def run_summary(session: Session) -> None:
    """The match summary started, or taken one slice further (into the review's `summary`)."""
    if session.review is None:
        raise UIError("open the review first")
    if session.match is None:
        raise UIError("a summary needs a match")
    if session.summary_run is None:
        if isinstance(session.review.get("summary"), dict) and session.review["summary"].get("sides"):
            return
        session.summary_run = _summary_steps(session)
    deadline = time.perf_counter() + advice.REVIEW_SLICE
    for done, total, found in session.summary_run:
        session.review["summary"] = found if found is not None else {"done": done, "total": total}
        if found is not None:
            session.summary_run = None
            return
        if time.perf_counter() > deadline:
            return
    session.summary_run = None
