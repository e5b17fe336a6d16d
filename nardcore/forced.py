"""Why a roll has no legal play, or only one, in the game's own terms.

The move generator knows why each checker is held back (`TurnPlanner.held_back`: the bar,
the runner and head rules, a closed point, the six-block rule, moultezim's table limit, the
bearing-off rules, the use of both dice). `why_no_play` and `why_one_play` sum those reasons
up for the whole turn as a key of web/i18n (`why.nomove.*`, `why.forced.*`), never English.

In tawla 31 one opposing checker closes a point: a runner facing six closed points in a row
cannot move with any roll of them, and the reason names the runner's goal in that game (home
in tawla 31, past the opponent's start in moultezim):

>>> from nardcore.position import Position
>>> stuck = Position.parse("tawla31:w:24x14,9:24x9,22,21,20,19,18,17")
>>> why_no_play(stuck, (5, 3))
'why.nomove.runner_home'
>>> why_one_play(Position.start("moultezim"), (6, 5))
'why.forced.runner_start'
>>> why_no_play(Position.parse("backgammon:w:bar,6x14:6x2,5x2,4x2,3x2,2x2,1x2,24x3"), (6, 5))
'why.nomove.bar'
"""

from __future__ import annotations

from .movegen import TurnPlanner
from .position import Position
from .variant import BAR, HEAD

# the reasons a whole turn is narrowed by, the most telling first (see `why_one_play`)
ORDER = ("bar", "runner", "head", "block", "table", "higher", "home", "dice", "blocked")

KEYS_NO_PLAY = ("why.nomove.bar", "why.nomove.runner_home", "why.nomove.runner_start", "why.nomove.block",
                "why.nomove.table", "why.nomove.blocked", "why.nomove.blocked_hit")
KEYS_ONE_PLAY = tuple(f"why.forced.{reason}" for reason in ORDER if reason != "runner") + (
    "why.forced.runner_home", "why.forced.runner_start", "why.forced.blocked_hit")


def _reasons(planner: TurnPlanner, position: Position) -> set[str]:
    """Why each of the mover's checkers that may not move now is held back."""
    board = position.mover
    found = {planner.held_back(point) for point in range(1, BAR + 1) if board[point]}
    # a head that may move keeps its other checkers by the runner or the head rule
    variant = position.variant
    if board[HEAD] > 1 and HEAD in planner.movable():
        if variant.runner_home and not any(board[: variant.runner_home + 1]):
            found.add("runner")
        elif variant.head_rule:
            found.add("head")
    return {reason for reason in found if reason}


def _key(family: str, reason: str, position: Position) -> str:
    """The key of `reason` in the game's own terms: the runner's goal is the home in tawla 31
    (the rule lifts at point 6) and the opponent's start in moultezim (at 11); a closed point
    takes two opposing checkers where hitting is allowed, one elsewhere."""
    if reason == "runner":
        return f"why.{family}.runner_home" if position.variant.runner_home <= 6 else f"why.{family}.runner_start"
    if reason == "blocked":
        return _blocked_key(family, position)
    return f"why.{family}.{reason}"


def _blocked_key(family: str, position: Position) -> str:
    """A closed point: two opposing checkers close it where hitting is allowed, one elsewhere."""
    return f"why.{family}.blocked_hit" if position.variant.hitting else f"why.{family}.blocked"


def why_no_play(position: Position, dice: tuple[int, int]) -> str | None:
    """The key of why `dice` have no legal play in `position` (None when they have one)."""
    planner = TurnPlanner(position, dice)
    if planner.movable():
        return None
    reasons = _reasons(planner, position)
    for reason in ("bar", "runner", "block", "table"):
        if reason in reasons:
            return _key("nomove", reason, position)
    return _blocked_key("nomove", position)


def why_one_play(position: Position, dice: tuple[int, int]) -> str | None:
    """The key of the rule that left `dice` a single legal play in `position`: the most telling
    reason some checker could not move (None when every checker could, and all plays merged)."""
    planner = TurnPlanner(position, dice)
    reasons = _reasons(planner, position)
    for reason in ORDER:
        if reason in reasons:
            return _key("forced", reason, position)
    return None
