"""Why one play is better than another: what differs between two plays of the same roll.

`compare(better, other)` takes the two plays' results (the positions after them, the opponent
on roll) and returns `Fact`s: an i18n key of web/i18n (`why.play.*`) with its arguments, never
English, largest difference first. Everything is computed from the two positions: the
opponent's rolls that hit a blot are counted by playing each of the 21 rolls with the rules
(`legal_plays`), the chances come from the game's network. `features` gives one result's
figures, so a caller can show them alone.

A blot on my 6 point, my 1..5 made and one opposing checker on the bar: it enters only with a
6, and every 6 hits (11 of the 36 rolls):

>>> from nardcore.position import Position
>>> after = Position.parse("backgammon:b:6,5x2,4x2,3x2,2x2,1x2,13x4:bar,3x4,2x5,1x5")
>>> features(after).hit_rolls
11

How the facts are ordered: each fact weighs its difference in percentage points of the
chance to win, or for the figures of the board the weight below (`WEIGHTS`: how many
percentage points one unit of it is taken to be worth). They are a reading order, not an
evaluation: the evaluation is the network's, given by the chances.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from ..dice import ROLLS
from ..movegen import TurnGraph, unpack
from ..position import Position
from ..variant import BAR, HEAD, OFF
from .contact import in_contact, pips
from .neural import Network, network_for

__all__ = ["Fact", "Features", "compare", "features", "KEYS"]

# percentage points of the chance to win one unit of each figure is read as (see above)
WEIGHTS: Mapping[str, float] = {
    "hit_rolls": 20 / 36,  # one of the opponent's 36 rolls that hits
    "stuck_rolls": 15 / 36,  # one of the opponent's 36 rolls that cannot be played in full
    "hits": 15.0,  # a checker sent to the bar
    "off": 5.0,  # a checker borne off
    "points": 3.0,  # a point made (held)
    "head": 3.0,  # a checker left on the head
    "back": 3.0,  # a checker left back in the opponent's home
    "blots": 1.0,  # a blot left
    "race": 0.5,  # a pip of lead in the race
}
LEAST_CHANCE = 0.5  # a change in a chance smaller than this (percentage points) is not told
SHORTEST_BLOCK = 3  # a block is told from this many points in a row
SHOWN = 3  # facts a decision shows

# every key `compare` may give, with its arguments (tests check each language has them)
KEYS: Mapping[str, tuple[str, ...]] = {
    "why.play.win": ("best", "other"),
    "why.play.gammon_win": ("best", "other"),
    "why.play.gammon_loss": ("best", "other"),
    "why.play.mars_win": ("best", "other"),
    "why.play.mars_loss": ("best", "other"),
    "why.play.shots": ("best", "other"),
    "why.play.blots": ("best", "other"),
    "why.play.hits": ("best", "other"),
    "why.play.points_made": ("best", "other"),
    "why.play.points_held": ("best", "other"),
    "why.play.block": ("best", "other"),
    "why.play.head": ("best", "other"),
    "why.play.back": ("best", "other"),
    "why.play.stuck": ("best", "other"),
    "why.play.race": ("best", "other"),
    "why.play.off": ("best", "other"),
    "why.play.close": (),
}


@dataclass(frozen=True)
class Fact:
    """One difference: a key of web/i18n, its arguments, and how much it weighs."""

    key: str
    args: dict[str, int | float | str] = field(default_factory=dict)
    size: float = 0.0

    def to_dict(self) -> dict[str, object]:
        return {"key": self.key, "args": dict(self.args)}


@dataclass(frozen=True)
class Features:
    """One play's result as the facts see it, for the side that played (the mover)."""

    blots: int  # the mover's single checkers on points (games with hitting)
    hit_rolls: int  # of the opponent's 36 rolls, those that hit at least one of them
    hits: int  # opposing checkers on the bar
    points: int  # points made: two checkers or more with hitting, one without
    block: int  # the longest row of made points along the opponent's route
    head: int  # checkers left on the head (games without hitting)
    back: int  # checkers in the opponent's home board or on the bar (backgammon)
    stuck_rolls: int  # of the opponent's 36 rolls, those that cannot be played in full
    pips: int  # the mover's pip count
    their_pips: int
    off: int  # the mover's checkers borne off
    contact: bool
    win: float | None  # the chances from the network, for the mover (None without one)
    big_win: float | None  # a gammon (backgammon) or a mars, won
    big_loss: float | None  # and lost


def _rolls_where(result: Position, found: Callable[[TurnGraph], bool]) -> int:
    """How many of the 36 rolls of the side on roll give `found(graph)` on the roll's turn graph
    (its legal plays are the graph's `finals`; see the two callers)."""
    count = 0
    for roll in ROLLS:
        if found(TurnGraph(result, roll.dice, record_paths=False)):
            count += 1 if roll.is_double else 2
    return count


def hit_rolls(result: Position) -> int:
    """Of the 36 rolls of the side on roll, how many have a legal play that hits (by the rules:
    entering first from the bar, points closed, maximal use of the dice)."""
    mover = 1 - result.turn
    on_bar = result.boards[mover][BAR]
    if not result.variant.hitting or not any(result.boards[mover][p] == 1 for p in range(1, BAR)):
        return 0
    # in the graph the side that played is the one not on roll: its board is a node's second
    return _rolls_where(result, lambda graph: any(unpack(node[1])[BAR] > on_bar for node in graph.finals))


def stuck_rolls(result: Position) -> int:
    """Of the 36 rolls of the side on roll, how many cannot be played in full (no legal play,
    or dice left over by every legal play)."""
    return _rolls_where(result, lambda graph: graph.finals == {graph.root} or bool(next(iter(graph.finals))[2]))


def longest_block(result: Position, side: int, least: int) -> int:
    """The longest row of points `side` holds with `least` checkers or more, consecutive along
    the opposing side's route (in its numbering, as the six-block rule counts them)."""
    board = result.boards[side]
    variant = result.variant
    held = {variant.opponent_point(p) for p in range(1, BAR) if board[p] >= least}
    best = run = 0
    for q in range(1, BAR):
        run = run + 1 if q in held else 0
        best = max(best, run)
    return best


def features(result: Position, network: Network | None = None) -> Features:
    """The figures of a play's result (the opponent on roll) for the side that played."""
    variant = result.variant
    mover = 1 - result.turn
    mine, theirs = result.boards[mover], result.boards[result.turn]
    least = 2 if variant.hitting else 1
    contact = in_contact(variant, mine, theirs)
    win = big_win = big_loss = None
    network = network or network_for(variant.name)
    if network is not None:
        outputs = network.outcomes.flip(network.value(result))
        levels = network.outcomes.levels
        win = outputs[0]
        if levels:
            big_win, big_loss = outputs[1], outputs[1 + levels]
    return Features(
        blots=sum(1 for p in range(1, BAR) if mine[p] == 1) if variant.hitting else 0,
        hit_rolls=hit_rolls(result),
        hits=theirs[BAR],
        points=sum(1 for p in range(1, BAR) if mine[p] >= least),
        block=longest_block(result, mover, least),
        head=0 if variant.hitting else mine[HEAD],
        back=sum(mine[19:BAR + 1]) if variant.hitting else 0,
        stuck_rolls=stuck_rolls(result) if contact and result.winner() is None else 0,
        pips=pips(mine),
        their_pips=pips(theirs),
        off=mine[OFF],
        contact=contact,
        win=win,
        big_win=big_win,
        big_loss=big_loss,
    )


def _percent(value: float) -> float:
    return round(100 * value, 1)


def _chance_facts(a: Features, b: Features, big: str) -> list[Fact]:
    facts = []
    for key, x, y in (("why.play.win", a.win, b.win), (f"why.play.{big}_win", a.big_win, b.big_win),
                      (f"why.play.{big}_loss", a.big_loss, b.big_loss)):
        if x is None or y is None:
            continue
        size = abs(_percent(x) - _percent(y))
        if size >= LEAST_CHANCE:
            facts.append(Fact(key, {"best": _percent(x), "other": _percent(y)}, size))
    return facts


def _count_fact(key: str, weight: str, x: int, y: int, factor: float = 1.0) -> list[Fact]:
    if x == y:
        return []
    return [Fact(key, {"best": x, "other": y}, abs(x - y) * WEIGHTS[weight] * factor)]


def compare(better: Position, other: Position, network: Network | None = None, limit: int = SHOWN) -> list[Fact]:
    """What `better` (a play's result) has that `other` (another play's result of the same
    position and roll) has not: the `limit` largest differences, largest first; a single
    `why.play.close` when nothing tells them apart."""
    variant = better.variant
    network = network or network_for(variant.name)
    a, b = features(better, network), features(other, network)
    facts = _chance_facts(a, b, "gammon" if variant.name == "backgammon" else "mars")
    facts += _count_fact("why.play.shots", "hit_rolls", a.hit_rolls, b.hit_rolls)
    facts += _count_fact("why.play.blots", "blots", a.blots, b.blots)
    facts += _count_fact("why.play.hits", "hits", a.hits, b.hits)
    facts += _count_fact("why.play.points_made" if variant.hitting else "why.play.points_held", "points",
                         a.points, b.points)
    if max(a.block, b.block) >= SHORTEST_BLOCK:  # a longer block weighs more a point
        facts += _count_fact("why.play.block", "points", a.block, b.block, max(a.block, b.block) / 2)
    facts += _count_fact("why.play.head", "head", a.head, b.head)
    facts += _count_fact("why.play.back", "back", a.back, b.back)
    facts += _count_fact("why.play.stuck", "stuck_rolls", a.stuck_rolls, b.stuck_rolls)
    facts += _count_fact("why.play.off", "off", a.off, b.off)
    lead_a, lead_b = a.their_pips - a.pips, b.their_pips - b.pips
    if lead_a != lead_b:
        facts.append(Fact("why.play.race", {"best": f"{a.pips}–{a.their_pips}", "other": f"{b.pips}–{b.their_pips}"},
                          abs(lead_a - lead_b) * WEIGHTS["race"]))
    facts.sort(key=lambda fact: -fact.size)
    return facts[:limit] if facts else [Fact("why.play.close")]


def compare_texts(position: Position, dice: tuple[int, int], better: str, other: str,
                  limit: int = SHOWN) -> list[Fact]:
    """`compare` for two plays given in notation (an empty text: no play)."""
    from ..notation import parse_play

    def result(text: str) -> Position:
        return parse_play(position, dice, text) if text else position.pass_turn()

    return compare(result(better), result(other), limit=limit)
