"""The player's finished games against the computer reviewed in the background (the preference
`background_review`), so that the Statistics screen's error rates and luck fill in by themselves.

The page asks, when the player is idle, for one slice of about SLICE seconds at a time
(`{"type": "review_in_background", "id", "save"}`, web/worker/engine.py): the review goes on
between the player's own requests and never holds one up for longer than a slice. The job
lives here, apart from the session, so the game on the board is never touched. Its result is a
summary per game of the save (`summary`), which the page keeps with the game's entry in the
library (web/page/library/store.js `keepReview`) and sends back to Statistics.

A save that is not a finished game against the computer, or that cannot be read, is `skip`ped.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from nardcore import safejson
from nardcore.bots import analysis
from nardcore.errors import NardError
from nardcore.position import SIDE_LETTERS, Position

SLICE = 0.25  # seconds of review per request
SUMMARY_VERSION = 1


def side_summary(review: analysis.Review, side: str) -> dict[str, float]:
    """What Statistics needs of one side's play: unforced moves and what they lost in all, cube
    decisions and what they lost, the luck of its rolls (points at cube 1)."""
    moves = [d for d in review.decisions if d.side == side and d.kind == "play" and not d.forced]
    cubes = [d for d in review.decisions if d.side == side and d.kind != "play"]
    return {
        "moves": len(moves),
        "move_loss": round(sum(d.loss for d in moves), 5),
        "cubes": len(cubes),
        "cube_loss": round(sum(d.loss for d in cubes), 5),
        "luck": round(review.luck_total(side), 4),
    }


def summary(review: analysis.Review) -> dict[str, dict[str, float]]:
    return {side: side_summary(review, side) for side in SIDE_LETTERS}


def reviewable(save: Any) -> list[Mapping[str, Any]]:
    """The games of a finished save against the computer, in order (a match's played games then
    its last); [] for anything else."""
    if not isinstance(save, dict) or save.get("app") != "nard":
        return []
    settings = save.get("settings")
    if not isinstance(settings, dict) or settings.get("opponent") != "computer" or save.get("duel") is not None:
        return []
    match = save.get("match")
    games: list[Mapping[str, Any]]
    if isinstance(match, dict):
        played = match.get("played")
        games = [g for g in [*(played if isinstance(played, list) else []), match.get("game")] if isinstance(g, dict)]
    else:
        games = [save["game"]] if isinstance(save.get("game"), dict) else []
    if not games or not isinstance(games[-1].get("result"), dict):
        return []  # not over yet
    return games


@dataclass
class Job:
    """One save under review: its games' reviews, one after the other."""

    id: str
    games: list[Mapping[str, Any]]
    done: list[dict[str, dict[str, float]] | None] = field(default_factory=list)
    run: Iterator[tuple[int, int, analysis.Review]] | None = None
    latest: analysis.Review | None = None
    steps: int = 0

    def step(self, deadline: float) -> bool:
        """Review on until `deadline`; True once every game is reviewed."""
        while len(self.done) < len(self.games):
            if self.run is None:
                data = self.games[len(self.done)]
                try:
                    start = Position.parse(str(data.get("start")))
                    history = data.get("history")
                    if not isinstance(history, list):
                        raise ValueError("no history")
                    self.run = analysis.review_steps(start, [e for e in history if isinstance(e, dict)])
                except (NardError, ValueError):
                    self.done.append(None)
                    continue
            try:
                for _, _, self.latest in self.run:
                    self.steps += 1
                    if time.perf_counter() > deadline:
                        return False
            except (NardError, ValueError, KeyError, IndexError):
                self.latest = None  # a history the review cannot read: this game has no figures
            self.done.append(summary(self.latest) if self.latest is not None else None)
            self.run, self.latest = None, None
        return True


_job: Job | None = None


def review_in_background(request: Mapping[str, Any], slice_s: float = SLICE) -> dict[str, Any]:
    """One slice of the background review of the save `request["save"]` (text) of the game
    `request["id"]`: {"id", "done", "total"} while it goes on, {"id", "review"} once done,
    {"id", "skip": True} for a save that is not to be reviewed."""
    global _job
    game_id = request.get("id")
    if not isinstance(game_id, str):
        return {"id": "", "skip": True}
    if _job is None or _job.id != game_id:
        text = request.get("save")
        try:
            games = reviewable(safejson.loads(text)) if isinstance(text, str) else []
        except ValueError:
            games = []
        if not games:
            _job = None
            return {"id": game_id, "skip": True}
        _job = Job(game_id, games)
    job = _job
    if not job.step(time.perf_counter() + slice_s):
        return {"id": game_id, "done": len(job.done), "total": len(job.games), "steps": job.steps}
    _job = None
    return {"id": game_id, "review": {"version": SUMMARY_VERSION, "games": job.done}}
