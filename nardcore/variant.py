"""The five games as frozen data: start, geometry and rule switches, plus rule options."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property

from .errors import NardError, quoted

CHECKERS = 15
HEAD = 24  # every side starts from (and counts its route from) its own point 24
BAR = 25  # slot index of the bar in a side's board
OFF = 0  # slot index of the borne-off count in a side's board


class VariantError(NardError):
    """An unknown game name or rule option."""


@dataclass(frozen=True)
class Scoring:
    """What a won game is worth, before the cube: a `plain` win (points 0: the loser's checkers
    still on the board); a `mars` when the loser bore off none; a `deep` mars when, besides,
    one of the loser's checkers is on the bar or on the loser's points 19..24 (only with the
    option `deep_option` when one is named). Each is (kind, points); None: no such level.

    >>> VARIANTS["narde"].scoring.possible_points(frozenset({"koks"}))
    [1, 2, 3]
    """

    plain: tuple[str, int]
    mars: tuple[str, int] | None = None
    deep: tuple[str, int] | None = None
    deep_option: str | None = None

    def levels(self, options: frozenset[str]) -> list[tuple[str, int]]:
        """The (kind, points) a win can score with these options, plain first."""
        found = [self.plain]
        if self.mars is not None:
            found.append(self.mars)
        if self.deep is not None and (self.deep_option is None or self.deep_option in options):
            found.append(self.deep)
        return found

    def possible_points(self, options: frozenset[str]) -> list[int]:
        """Every number of points (cube 1) a won game can give."""
        points = set()
        for kind, value in self.levels(options):
            if value:
                points.add(value)
            else:  # checkers left: at least one, all fifteen only where no mars counts instead
                points.update(range(1, CHECKERS + (self.mars is None)))
        return sorted(points)


@dataclass(frozen=True)
class Variant:
    """One game of the family with the rule options chosen for it.

    >>> find_variant("narde+end-block").token
    'narde+end-block'
    """

    name: str
    title: str
    summary: str
    start: tuple[tuple[int, int], ...]  # (point, count) pairs, the same for both sides
    same_direction: bool  # heads in opposite corners, both sides run the same way round
    hitting: bool  # a lone opposing checker is hit (backgammon)
    head_rule: bool  # narde: one checker leaves the head per turn
    six_block: bool  # a block of six with no opposing checker ahead is illegal
    runner_home: int  # runner rule lifts once a checker reaches this point or lower (0 = none)
    table_limit: bool  # moultezim: at most 4 own points among 12..7
    cube: bool
    scoring: Scoring
    opening_dice_played: bool  # the opening roll's dice are the starter's first move (else it rolls again)
    winner_starts_next: bool  # in a match, a game's winner starts the next one (else an opening roll)
    fixed_match_length: int | None  # the one length a match of this game is played to (tawla31: 31)
    allowed_options: frozenset[str]
    options: frozenset[str] = field(default_factory=frozenset)
    cube_limit: int = 64

    @cached_property
    def token(self) -> str:
        """Name plus options, as the position string writes it."""
        return "+".join([self.name, *sorted(self.options)])

    def __hash__(self) -> int:
        # Every position hashes its variant: the fields that tell variants apart, hashed once.
        # (Equal variants have equal names, options and cube limits, so this agrees with ==.)
        return self._hash

    @cached_property
    def _hash(self) -> int:
        return hash((self.name, self.options, self.cube_limit))

    def has(self, option: str) -> bool:
        return option in self.options

    def opponent_point(self, point: int) -> int:
        """My point `point` in the opponent's own numbering."""
        if self.same_direction:
            return point + 12 if point <= 12 else point - 12
        return 25 - point

    def __str__(self) -> str:
        return self.token


_NARDE_START = ((24, 15),)

VARIANTS: dict[str, Variant] = {
    v.name: v
    for v in (
        Variant(
            name="backgammon",
            title="Backgammon",
            summary="Race round the board in opposite directions; hit blots, build primes, use the cube.",
            start=((24, 2), (13, 5), (8, 3), (6, 5)),
            same_direction=False,
            hitting=True,
            head_rule=False,
            six_block=False,
            runner_home=0,
            table_limit=False,
            cube=True,
            scoring=Scoring(("single", 1), ("gammon", 2), ("backgammon", 3)),
            opening_dice_played=True,
            winner_starts_next=False,
            fixed_match_length=None,
            allowed_options=frozenset({"jacoby", "beaver"}),
        ),
        Variant(
            name="narde",
            title="Narde (long nardy)",
            summary="All fifteen start on the head; no hitting, one checker leaves the head per turn.",
            start=_NARDE_START,
            same_direction=True,
            hitting=False,
            head_rule=True,
            six_block=True,
            runner_home=0,
            table_limit=False,
            cube=False,
            scoring=Scoring(("oin", 1), ("mars", 2), ("koks", 3), deep_option="koks"),
            opening_dice_played=False,
            winner_starts_next=True,
            fixed_match_length=None,
            allowed_options=frozenset({"simple-head", "end-block", "koks", "last-roll"}),
        ),
        Variant(
            name="khachapuri",
            title="Khachapuri",
            summary="Narde from a split start (4 on the head, 11 at home); any number may leave the head.",
            start=((24, 4), (6, 11)),
            same_direction=True,
            hitting=False,
            head_rule=False,
            six_block=True,
            runner_home=0,
            table_limit=False,
            cube=False,
            scoring=Scoring(("checkers", 0), ("mars", 30)),
            opening_dice_played=False,
            winner_starts_next=True,
            fixed_match_length=None,
            allowed_options=frozenset({"end-block"}),
        ),
        Variant(
            name="moultezim",
            title="Moultezim",
            summary="Turkish long game: one runner must pass the opponent's start before others move.",
            start=_NARDE_START,
            same_direction=True,
            hitting=False,
            head_rule=False,
            six_block=False,
            runner_home=11,
            table_limit=True,
            cube=False,
            scoring=Scoring(("single", 1), ("mars", 2)),
            opening_dice_played=False,
            winner_starts_next=True,
            fixed_match_length=None,
            allowed_options=frozenset({"next-turn-runner"}),
        ),
        Variant(
            name="tawla31",
            title="Tawla 31",
            summary="Levantine race from facing stacks; the runner must reach home first; match to 31.",
            start=_NARDE_START,
            same_direction=False,
            hitting=False,
            head_rule=False,
            six_block=False,
            runner_home=6,
            table_limit=False,
            cube=False,
            scoring=Scoring(("checkers", 0)),
            opening_dice_played=False,
            winner_starts_next=True,
            fixed_match_length=31,
            allowed_options=frozenset({"next-turn-runner"}),
        ),
    )
}

VARIANT_NAMES: tuple[str, ...] = tuple(VARIANTS)

_CUBE_LIMIT_PREFIX = "cube-limit-"
_CUBE_LIMITS = (1, 2, 4, 8, 16, 32, 64)


# the variants found so far by their tokens as written (a few hundred at most: each rule set's
# options in any order); every position read names one, so the same object is handed back
_FOUND: dict[str, Variant] = {}


def find_variant(token: str) -> Variant:
    """The variant for a token such as `narde` or `backgammon+jacoby+cube-limit-8`."""
    if not isinstance(token, str):
        raise VariantError(f"a variant is text like 'narde+koks', not {type(token).__name__}")
    found = _FOUND.get(token)
    if found is None:
        found = _FOUND[token] = _make_variant(token)
    return found


def _make_variant(token: str) -> Variant:
    name, *options = token.split("+")
    base = VARIANTS.get(name)
    if base is None:
        raise VariantError(f"unknown game {name!r} in {quoted(token)} (known: {', '.join(VARIANT_NAMES)})")
    cube_limit = base.cube_limit
    chosen: set[str] = set()
    limit_seen = False
    for option in options:
        if option in chosen:
            raise VariantError(f"option {option!r} repeated in {quoted(token)}")
        if base.cube and option.startswith(_CUBE_LIMIT_PREFIX):
            value = option[len(_CUBE_LIMIT_PREFIX) :]
            if value not in {str(limit) for limit in _CUBE_LIMITS}:  # no leading zeros, ASCII digits
                raise VariantError(f"cube limit must be one of {_CUBE_LIMITS} in {quoted(token)}")
            if limit_seen:
                raise VariantError(f"more than one cube limit in {quoted(token)}")
            limit_seen = True
            cube_limit = int(value)
            if cube_limit == base.cube_limit:
                continue  # the default is not written, so each rule set has one token
        elif option not in base.allowed_options:
            allowed = ", ".join(sorted(base.allowed_options)) or "none"
            raise VariantError(f"unknown option {option!r} for {name} in {quoted(token)} (allowed: {allowed})")
        chosen.add(option)
    return replace(base, options=frozenset(chosen), cube_limit=cube_limit)
