"""How good a position is for one side, in rough pip units — kept apart from choosing plays.

The same terms serve all five games: the race (pips, checkers off), blocking
(points held in front of the opponent's checkers, primes), stacking, and in
backgammon the risk of being hit, the bar and the home board. The evaluation
is for the side that has just moved: the opponent is to roll.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..position import Position
from ..variant import BAR, CHECKERS, OFF, Variant
from .contact import in_contact, pips

WIN = 10_000.0

# rolls out of 36 that hit a blot `distance` pips away, one shooter, nothing in the way
_SHOTS = (0, 11, 12, 14, 15, 15, 17, 6, 6, 5, 3, 2, 3, 0, 0, 1, 1, 0, 1, 0, 1, 0, 0, 0, 1)
_PRIME = (0, 0, 1.0, 2.5, 5.0, 9.0, 14.0, 16.0, 18.0, 20.0, 22.0, 24.0, 26.0)


def evaluate(position: Position, side: int) -> float:
    """Higher is better for `side`; about one unit per pip of racing lead."""
    variant = position.variant
    mine, theirs = position.boards[side], position.boards[1 - side]
    if mine[OFF] == CHECKERS:
        return WIN
    if theirs[OFF] == CHECKERS:
        return -WIN
    my_pips, their_pips = pips(mine), pips(theirs)
    score = float(their_pips - my_pips) + 2.0 * (mine[OFF] - theirs[OFF])
    if not in_contact(variant, mine, theirs):
        score += _race_shape(mine) - _race_shape(theirs)
        return score - _mars_danger(mine, their_pips) + _mars_danger(theirs, my_pips)
    score += _blocking(variant, mine, theirs) - _blocking(variant, theirs, mine)
    score -= _stacking(variant, mine) - _stacking(variant, theirs)
    if variant.hitting:
        score += _backgammon_terms(variant, mine, theirs)
    score -= _mars_danger(mine, their_pips)
    score += _mars_danger(theirs, my_pips)
    return score


def _race_shape(board: Sequence[int]) -> float:
    """Wasted pips in the bear-off: checkers piled low, gaps high (as in the Keith count)."""
    if any(board[7:]):
        return 0.0
    waste = 2 * max(0, board[1] - 1) + max(0, board[2] - 1) + max(0, board[3] - 3)
    waste += sum(1 for p in (4, 5, 6) if board[p] == 0 and any(board[p:7]))
    return -float(waste)


def _blocking(variant: Variant, mine: Sequence[int], theirs: Sequence[int]) -> float:
    """Points held in front of the opponent's checkers, more for long runs (primes)."""
    need = 2 if variant.hitting else 1
    # the opponent's rearmost checker, in its own numbering (bar counts as 25)
    rear = max((q for q in range(1, BAR + 1) if theirs[q]), default=0)
    if not rear:
        return 0.0
    held = [False] * 26  # indexed by the opponent's numbering
    for point in range(1, 25):
        if mine[point] >= need:
            held[variant.opponent_point(point)] = True
    value = 0.0
    run = best = 0
    for q in range(rear - 1, 0, -1):
        if held[q]:
            run += 1
            best = max(best, run)
            value += 1.5 if rear - q <= 6 else 0.6  # close in front of its checkers blocks most
        else:
            run = 0
    return value + 1.5 * _PRIME[min(best, 12)]


def _stacking(variant: Variant, board: Sequence[int]) -> float:
    penalty = 0.0
    for point in range(1, 25):
        extra = board[point] - 3
        if extra > 0:
            penalty += extra * (0.3 if point == 24 and not variant.hitting else 1.0)
    return penalty


def _mars_danger(mine: Sequence[int], their_pips: int) -> float:
    """With nothing off yet, checkers far from home risk a gammon (mars) when the opponent is close."""
    if mine[OFF]:
        return 0.0
    urgency = max(0.0, (90 - their_pips) / 90)
    outside = sum(mine[p] * (p - 6) for p in range(7, BAR + 1))
    return urgency * 0.15 * outside


def _backgammon_terms(variant: Variant, mine: Sequence[int], theirs: Sequence[int]) -> float:
    """Blots the opponent may hit next roll, checkers on the bar, home boards and anchors."""
    their_home = sum(1 for p in range(1, 7) if theirs[p] >= 2)
    my_home = sum(1 for p in range(1, 7) if mine[p] >= 2)
    score = 0.0
    # opposing checkers in my numbering: they travel upward, from 0 (their bar) to 25
    shooters = [25 - q if q != BAR else 0 for q in range(1, BAR + 1) if theirs[q]]
    blocked = {p for p in range(1, 25) if mine[p] >= 2}
    for point in range(1, 25):
        if mine[point] != 1:
            continue
        shots = 0
        for at in shooters:
            distance = point - at
            if 0 < distance < len(_SHOTS):
                # a direct shot through a wall of my points is mostly blocked
                shots += _SHOTS[distance] if distance <= 6 else _SHOTS[distance] // (2 if blocked else 1)
        if shots:
            loss = (25 - point) + 6 + 2.0 * their_home
            score -= min(shots, 36) / 36 * loss
    score -= mine[BAR] * (2.0 + 2.5 * their_home)
    score += theirs[BAR] * (2.0 + 2.5 * my_home)
    score += 1.5 * my_home
    score += 1.0 * sum(1 for p in range(18, 25) if mine[p] >= 2)  # an anchor in the opponent's home
    return score
