"""Plays as text, one notation for all five games: `24/18 13/11`, `8/4(2)`, `bar/22*`, `13/7*/5`, `6/off`.

Points are in the mover's pip numbering. A move names one checker's journey; the
steps of one checker in a row are joined (`24/18 18/13` is written `24/13`) and an
intermediate point is shown only when the checker hit there (`13/7*/5`).
Identical moves are merged with a count (`8/4(2)`), and moves are sorted from the
highest origin. `parse_play` reads any such text back to the play it denotes.

>>> from nardcore.position import Position
>>> start = Position.start("backgammon")
>>> after = parse_play(start, (6, 5), "24/13")
>>> after.format()
'backgammon:b:24,13x6,8x3,6x5:24x2,13x5,8x3,6x5'
>>> format_play(start, legal_plays(start, (6, 5))[after])
'24/13'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from .errors import NardError
from .movegen import Step, TurnGraph, legal_plays, pack
from .position import Position
from .variant import BAR, OFF, Variant

__all__ = ["AmbiguousPlayError", "IllegalPlayError", "MalformedPlayError", "NotationError", "format_play", "parse_play",
           "play_texts", "point_name", "renumbered"]


class NotationError(NardError):
    """Text that does not denote exactly one legal play; the message quotes the text."""


class MalformedPlayError(NotationError):
    """Text that cannot be read as moves at all (`24-18`, `25/off`, a point going backwards)."""


class IllegalPlayError(NotationError):
    """Readable moves that are not a legal play with these dice."""


class AmbiguousPlayError(NotationError):
    """Moves that fit more than one legal play (name the intermediate points)."""


def point_name(point: int) -> str:
    """`bar`, `off` or the point number (mover's numbering)."""
    if point == BAR:
        return "bar"
    if point == OFF:
        return "off"
    return str(point)


@dataclass
class _Move:
    """One checker's journey: the points it landed on, and where it hit."""

    points: list[int]
    hits: list[bool] = field(default_factory=list)  # one per landing (points[1:])

    def text(self) -> str:
        parts = [point_name(self.points[0])]
        last = len(self.points) - 1
        for index in range(1, last + 1):
            hit = self.hits[index - 1]
            if index == last or hit:  # intermediate points only matter when a hit happened there
                parts.append(point_name(self.points[index]) + ("*" if hit else ""))
        return "/".join(parts)


def format_play(position: Position, steps: Sequence[Step]) -> str:
    """Canonical text for a play given as steps from `position` (the mover's turn).

    No steps (no legal play) gives the empty string.

    >>> from nardcore.movegen import Step
    >>> start = Position.start("backgammon")
    >>> format_play(start, [Step(8, 4, 4), Step(8, 4, 4), Step(6, 2, 4), Step(6, 2, 4)])
    '8/4(2) 6/2(2)'
    """
    moves: list[_Move] = []
    # from the highest origin down, so every checker that lands on a point is there before
    # a step leaves it: it continues (24/23 23/22 becomes 24/22); which one does not change the result
    for step in sorted(steps, key=lambda s: -s.origin):
        for move in moves:
            if move.points[-1] == step.origin:
                move.points.append(step.target)
                move.hits.append(step.hit)
                break
        else:
            moves.append(_Move([step.origin, step.target], [step.hit]))
    # journeys ending on the point where one of them hit: the hit is written on the one from the
    # highest origin (`10/4* 8/4`), whichever came first, so a play has one text whatever its step order
    for move in moves:
        if move.hits[-1]:
            first = max((m for m in moves if m.points[-1] == move.points[-1]), key=lambda m: m.points[0])
            move.hits[-1], first.hits[-1] = False, True
    # identical journeys merge; `21/17*` and `21/17` become `21/17*(2)`, as gnubg writes it
    groups: dict[tuple[int, int, str], list[str]] = {}
    for move in moves:
        text = move.text()
        groups.setdefault((move.points[0], move.points[-1], text.replace("*", "")), []).append(text)
    items = []
    for (origin, target, _), texts in sorted(groups.items(), key=lambda item: (-item[0][0], -item[0][1], item[0][2])):
        text = max(texts, key=lambda t: t.count("*"))
        items.append(text if len(texts) == 1 else f"{text}({len(texts)})")
    return " ".join(items)


# -- reading -------------------------------------------------------------------------

_TOKEN = re.compile(r"^(bar|\d{1,2})((?:/(?:\d{1,2}|off)\*?)+)(?:\(([1-4])\))?$")
_MAX_TEXT = 200


@dataclass(frozen=True)
class _Journey:
    waypoints: tuple[int, ...]  # points after the origin; OFF = borne off
    origin: int


def _read_moves(position: Position, text: str) -> tuple[list[_Journey], set[int]]:
    journeys: list[_Journey] = []
    marked: set[int] = set()
    for token in text.replace(",", " ").lower().split():
        match = _TOKEN.match(token)
        if match is None:
            raise MalformedPlayError(
                f"cannot read {token!r} in {text!r} (moves look like 24/18, bar/22*, 6/off, 8/4(2))")
        origin_text, rest, count_text = match.groups()
        origin = BAR if origin_text == "bar" else int(origin_text)
        if origin == BAR and not position.variant.hitting:
            raise MalformedPlayError(f"'bar' exists in backgammon only: {token!r} in {text!r}")
        if origin_text != "bar" and not 1 <= int(origin_text) <= 24:
            raise MalformedPlayError(f"point {origin} is not 1..24 in {token!r} of {text!r}")
        waypoints: list[int] = []
        previous = origin
        for part in rest.split("/")[1:]:
            hit = part.endswith("*")
            name = part.rstrip("*")
            point = OFF if name == "off" else int(name)
            if previous == OFF:
                raise MalformedPlayError(f"nothing follows 'off' in {token!r} of {text!r}")
            if point != OFF and not 1 <= point <= 24:
                raise MalformedPlayError(f"point {point} is not 1..24 in {token!r} of {text!r}")
            if point >= previous:
                raise MalformedPlayError(
                    f"{token!r} does not move forward (points count down to 1, then off) in {text!r}")
            if hit:
                if point == OFF:
                    raise MalformedPlayError(f"no hit can happen off the board: {token!r} in {text!r}")
                marked.add(point)
            waypoints.append(point)
            previous = point
        for _ in range(int(count_text or 1)):
            journeys.append(_Journey(tuple(waypoints), origin))
    return journeys, marked


_GRAPHS: dict[tuple[Position, tuple[int, int]], TurnGraph] = {}


def _graph(position: Position, dice: tuple[int, int]) -> TurnGraph:
    """The turn's step graph; the last few are kept, since parsing often repeats a roll."""
    key = (position, (max(dice), min(dice)))
    graph = _GRAPHS.pop(key, None)
    if graph is None:
        graph = TurnGraph(position, key[1], record_paths=False)
    if len(_GRAPHS) >= 8:
        _GRAPHS.pop(next(iter(_GRAPHS)))
    _GRAPHS[key] = graph
    return graph


def _segments_fit(segments: list[tuple[int, int]], dice: list[int]) -> bool:
    """Each segment (from, to; to = off) can be played with its own dice out of the roll."""
    if not segments:
        return True
    (start, end), rest = segments[0], segments[1:]

    def walk(at: int, left: list[int]) -> bool:
        for index, die in enumerate(left):
            if die in left[:index]:
                continue  # the same value again tries nothing new
            landing = at - die
            remaining = left[:index] + left[index + 1 :]
            if end == OFF and landing <= 0:
                if _segments_fit(rest, remaining):
                    return True
            elif landing == end:
                if _segments_fit(rest, remaining):
                    return True
            elif landing > max(end, 0) and walk(landing, remaining):
                return True
        return False

    return walk(start, dice)


def _hit_points(position: Position, result: Position) -> set[int]:
    """Points (mover's numbering) where the play hit: the opponent has a checker fewer there."""
    variant, side = position.variant, position.turn
    before, after = position.boards[1 - side], result.boards[1 - side]
    return {p for p in range(1, 25) if after[variant.opponent_point(p)] < before[variant.opponent_point(p)]}


def parse_play(
    position: Position, dice: tuple[int, int] | Sequence[int], text: str, graph: TurnGraph | None = None
) -> Position:
    """The resulting position (turn passed) of the legal play that `text` denotes.

    A move names one checker's journey; which checker actually stepped does not
    matter, only where checkers left from, landed and hit. Intermediate points may
    be named or left out (`24/13`, `24/18/13`, `24/18 18/13`), but each move must
    fit the dice. A hit is marked `*`: an unmarked landing means no hit when that
    decides between two plays, and a forgotten mark is forgiven when only one play
    fits. With no legal play, the empty text (or `pass`) is the play.
    Raises `NotationError` (a ValueError) quoting the text when it is garbled,
    illegal or ambiguous. `graph`: the turn's `TurnGraph` if the caller has it.
    """
    if not isinstance(text, str):
        raise MalformedPlayError(f"a play is text, not {type(text).__name__}")
    if len(text) > _MAX_TEXT:
        raise MalformedPlayError(f"play text too long ({len(text)} characters): {text[:40]!r}...")
    d1, d2 = dice
    if graph is None:
        graph = _graph(position, (d1, d2))
    no_play = graph.root in graph.finals  # nothing can be played
    stripped = text.strip()
    if stripped.lower() in ("", "pass"):
        if not no_play:
            raise IllegalPlayError(f"{text!r} is no play: a legal play exists with {d1}{d2}")
        return position.pass_turn()
    journeys, marked = _read_moves(position, stripped)
    if no_play:
        raise IllegalPlayError(f"{text!r} is not legal: no play is possible with {d1}{d2}, the turn passes")
    rolled = [d1] * 4 if d1 == d2 else [d1, d2]
    segments = []
    for journey in journeys:
        at = journey.origin
        for point in journey.waypoints:
            segments.append((at, point))
            at = point
    if not _segments_fit(segments, rolled):
        raise IllegalPlayError(f"{text!r} does not fit the dice {d1}{d2}")
    # the mover's board after the moves: checkers leave the origins and arrive at the ends
    board = list(position.mover)
    for journey in journeys:
        board[journey.origin] -= 1
        board[journey.waypoints[-1]] += 1
    # several nodes of the graph may end in one position: each result once; nodes hold the mover's
    # board packed (movegen.pack); a checker taken from an empty point (-1) ends no play
    packed = pack(board) if min(board) >= 0 else None
    found = list(dict.fromkeys(graph.results([node for node in graph.finals if node[0] == packed])))
    named = {point for journey in journeys for point in journey.waypoints}
    hits = {result: _hit_points(position, result) for result in found}
    # the marks decide; then a forgotten mark at a named point; then any hit at all
    for tier in (
        [r for r in found if hits[r] == marked],
        [r for r in found if hits[r] <= named],
        found,
    ):
        if len(tier) == 1:
            return tier[0]
        if len(tier) > 1:
            plays = TurnGraph(position, (d1, d2)).plays()
            options = sorted(format_play(position, plays[result]) for result in tier)
            raise AmbiguousPlayError(f"{text!r} is ambiguous with {d1}{d2}: it could be {' or '.join(options)}")
    raise IllegalPlayError(f"{text!r} is not a legal play with {d1}{d2} from {position}")


def play_texts(position: Position, dice: tuple[int, int]) -> dict[Position, str]:
    """Every legal play's result with its canonical text (empty dict: no legal play)."""
    return {result: format_play(position, steps) for result, steps in legal_plays(position, dice).items()}



# a point of a play's text: a number after the start or a "/" (a count such as "(2)" is none)
_POINT = re.compile(r"(?<![\d(])(\d{1,2})(?=[/*\s(]|$)")


def renumbered(variant: Variant, text: str) -> str:
    """A play's text, written in its mover's numbering, in the other side's: every point is
    that side's number for it; `bar`, `off`, the hits and the counts stay as they are.

    >>> from nardcore.variant import find_variant
    >>> renumbered(find_variant("backgammon"), "24/18 13/7*/5 8/4(2) 6/off bar/22")
    '1/7 12/18*/20 17/21(2) 19/off bar/3'
    >>> renumbered(find_variant("narde"), "24/13 6/1")
    '12/1 18/13'
    """
    return _POINT.sub(lambda match: str(variant.opponent_point(int(match.group(1)))), text)
