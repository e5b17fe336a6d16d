"""The match equity table (backgammon): the chance to win a match from a score.

`match_equity(need, other, crawford_done)` is the chance that the side needing `need`
points wins the match against a side needing `other`. The table ships as data
(nardcore/met.json), computed by `build_table` from three measured numbers: the share of
wins that are gammons and backgammons in our network's self-play, and the cube's efficiency
x (train/met.py writes it; docs/cube.md describes the method and compares it with
published tables):

- post-Crawford (the leader needs 1): the trailer doubles at its first turn every game and
  the leader takes, a game's win worth 2, 4 or 6 points to the trailer; except that when the
  trailer needs an even number of points, the leader's drop (the "free drop") costs nothing in
  games to win, and the leader takes or drops, whichever is better at the trailer's chances
  then: `first_chances`, the trailer's chances at its first turn to double (after the opening
  play, or the opening and a reply), measured by our network;
- the Crawford game: no cube, each side winning half the games, with the gammon shares;
- every other score: a game from a centred cube at even chances, valued by Janowski's model
  in match-winning chances (`match_cube`), whose take and cash points come from the table
  at the scores the game can lead to: a recursion from the end of the match outwards, as
  Zadeh's and later computed tables (Rockwell-Kazaross) are built.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from .match_cube import Score, Shares

TABLE_FILE = Path(__file__).resolve().parent.parent / "met.json"


def _read_shipped() -> dict[str, object]:
    try:
        data: dict[str, object] = json.loads(TABLE_FILE.read_text(encoding="utf-8"))
        return data
    except OSError:
        return {}


# Read at import, as the networks' weights are: the browser's interpreter snapshot keeps
# memory, not the package's files.
_SHIPPED = _read_shipped()


class Table:
    """A match equity table: pre-Crawford (and Crawford game) chances, post-Crawford ones."""

    def __init__(self, pre: list[list[float]], post: list[float]) -> None:
        self.pre = pre  # pre[a - 1][b - 1]: needing a against b, before the Crawford game (a or b 1: it)
        self.post = post  # post[b - 1]: the leader needing 1 against b, after the Crawford game

    @property
    def size(self) -> int:
        return len(self.pre)

    def equity(self, need: int, other: int, crawford_done: bool = False) -> float:
        if need <= 0:
            return 1.0
        if other <= 0:
            return 0.0
        need, other = min(need, self.size), min(other, self.size)  # longer matches: as at the table's edge
        if crawford_done and need == 1:
            return self.post[other - 1]
        if crawford_done and other == 1:
            return 1.0 - self.post[need - 1]
        return self.pre[need - 1][other - 1]


def game_shares(gammons: float, backgammons: float) -> Shares:
    """A game from the start: even chances, wins and losses with the same shares."""
    kinds = (1.0 - gammons, gammons - backgammons, backgammons)
    return Shares(0.5, kinds, kinds)


def build_table(gammons: float, backgammons: float, x: float, size: int,
                first_chances: Sequence[tuple[float, float]] = ((1.0, 0.5),)) -> Table:
    """The table for needs 1..size; `gammons` the share of wins that are gammons or
    backgammons, `backgammons` those that are backgammons, x the cube's efficiency;
    `first_chances` (weight, p): the post-Crawford trailer's chances at its first double."""
    shares = game_shares(gammons, backgammons)
    single, gammon, backgammon = shares.wins
    trailer = [1.0, 0.5]  # trailer[b]: post-Crawford, the trailer needing b (0: it has won)

    def after(b: int) -> float:
        return trailer[max(0, b)]

    total = sum(weight for weight, _ in first_chances)
    for b in range(2, size + 1):
        won = single * after(b - 2) + gammon * after(b - 4) + backgammon * after(b - 6)
        if b % 2:  # a drop would cost a game to win: the leader takes
            trailer.append(sum(weight * p * won for weight, p in first_chances) / total)
        else:  # the free drop: the leader drops when the trailer's chances make the game worse for it
            trailer.append(sum(weight * min(p * won, trailer[b - 1]) for weight, p in first_chances) / total)
    post = [1.0 - trailer[b] for b in range(1, size + 1)]
    table = Table([[0.5] * size for _ in range(size)], post)

    def later(need: int, other: int) -> float:
        return table.equity(need, other, crawford_done=False)

    def post_crawford(need: int, other: int) -> float:
        return table.equity(need, other, crawford_done=True)

    for total in range(2, 2 * size + 1):  # by the sum of the needs: each score needs only smaller ones
        for a in range(max(1, total - size), min(size, total - 1) + 1):
            b = total - a
            if a == 1 and b == 1:
                value = 0.5
            elif a == 1 or b == 1:  # the Crawford game: no cube
                value = Score(a, b, shares, post_crawford, cube=False).cubeful(1, "centred", x)
            else:
                value = Score(a, b, shares, later).cubeful(1, "centred", x)
            table.pre[a - 1][b - 1] = value
    return table


@cache
def shipped_table() -> Table:
    """The table nardcore ships (met.json)."""
    pre, post = _SHIPPED.get("pre_crawford"), _SHIPPED.get("post_crawford")
    if not isinstance(pre, list) or not isinstance(post, list):
        raise RuntimeError(f"the match equity table {TABLE_FILE} is missing (python -m train.met writes it)")
    return Table([[float(v) for v in row] for row in pre], [float(v) for v in post])


def table_parameters() -> dict[str, object]:
    """How the shipped table was made: its gammon shares, x, size and source."""
    return {key: value for key, value in _SHIPPED.items() if key not in ("pre_crawford", "post_crawford")}


# The other four games: no cube and no Crawford game, a game's winner starts the next one.
# Their tables (met.json "game_tables", written by `python -m train.met games`) follow the same
# recursion from the end of the match with each game's own measured numbers: how often the
# side that starts a game wins it, and how many points a game gives (mars and checkers left).
GAME_TABLE_SIZE = {"narde": 25, "khachapuri": 25, "moultezim": 25, "tawla31": 31}


class GameTable:
    """A match equity table for a game without a cube: `starts[a - 1][b - 1]` the chance to
    win the match needing a against b when this side starts the next game, `waits` when the
    other side starts it."""

    def __init__(self, starts: list[list[float]], waits: list[list[float]]) -> None:
        self.starts = starts
        self.waits = waits

    def equity(self, need: int, other: int, starting: bool) -> float:
        if need <= 0:
            return 1.0
        if other <= 0:
            return 0.0
        size = len(self.starts)
        need, other = min(need, size), min(other, size)
        return (self.starts if starting else self.waits)[need - 1][other - 1]


def build_game_table(starter_share: float, points: dict[int, float], size: int) -> GameTable:
    """The table for needs 1..size from the starter's share of wins and the chances of a
    game's points (`points`: points -> chance, summing to 1)."""
    total = sum(points.values())
    spread = [(k, share / total) for k, share in sorted(points.items())]
    table = GameTable([[0.5] * size for _ in range(size)], [[0.5] * size for _ in range(size)])
    q = starter_share
    for sum_of_needs in range(2, 2 * size + 1):
        for a in range(max(1, sum_of_needs - size), min(size, sum_of_needs - 1) + 1):
            b = sum_of_needs - a
            won = sum(share * table.equity(a - k, b, True) for k, share in spread)  # the winner starts next
            lost = sum(share * table.equity(a, b - k, False) for k, share in spread)
            table.starts[a - 1][b - 1] = q * won + (1 - q) * lost
            table.waits[a - 1][b - 1] = (1 - q) * won + q * lost
    return table


@cache
def game_table(name: str) -> GameTable:
    """The table shipped for one of the other four games (met.json "game_tables")."""
    games = _SHIPPED.get("game_tables")
    found = games.get(name) if isinstance(games, dict) else None
    if not isinstance(found, dict):
        raise RuntimeError(f"no match equity table for {name} in {TABLE_FILE} (python -m train.met games writes it)")
    starts = [[float(v) for v in row] for row in found["starts"]]
    # shipped as one half: waiting for the other side's start is that side's starting, turned round
    waits = [[1.0 - starts[b][a] for b in range(len(starts))] for a in range(len(starts))]
    return GameTable(starts, waits)


def game_parameters(name: str) -> dict[str, object]:
    """How a game's shipped table was made: games counted, the starter's share, the points."""
    games = _SHIPPED.get("game_tables")
    found = games.get(name) if isinstance(games, dict) else None
    return {k: v for k, v in found.items() if k != "starts"} if isinstance(found, dict) else {}


def match_equity(need: int, other: int, crawford_done: bool = False) -> float:
    """The chance that the side needing `need` points wins against a side needing `other`;
    `crawford_done`: the Crawford game has been played (post-Crawford)."""
    return shipped_table().equity(need, other, crawford_done)
