"""What the app offers for a game beyond nardcore's Variant: match lengths and cube limits to
choose from. The facts themselves (a fixed match length, the cube) live on the Variant.

>>> from nardcore.variant import find_variant
>>> match_lengths(find_variant("tawla31")), fixed_match_length(find_variant("narde"))
([0, 31], None)
"""

from __future__ import annotations

from nardcore.variant import Variant

CUBE_LIMITS = (1, 2, 4, 8, 16, 32, 64)  # the `cube-limit-N` options a cube game may take
MATCH_LENGTHS = (0, 1, 3, 5, 7, 9, 11, 15, 21, 25)  # the choices offered; 0 = a single game


def fixed_match_length(variant: Variant) -> int | None:
    """The one length a match of this game is played to, if it has one (tawla 31)."""
    return variant.fixed_match_length


def match_lengths(variant: Variant) -> list[int]:
    """The match lengths to offer, 0 (a single game) first."""
    fixed = fixed_match_length(variant)
    return list(MATCH_LENGTHS) if fixed is None else [0, fixed]


def default_match_length(variant: Variant) -> int:
    """What a new game of this variant is when no length is asked for: 0 = a single game."""
    return fixed_match_length(variant) or 0


def match_length_for(variant: Variant, asked: int | None, previous: int) -> int:
    """The length to play: `asked` is what the request names (None: nothing, so the previous
    choice carries over). A game with a fixed length plays it whenever any match is asked
    for or nothing is named; a single game (0) stays possible."""
    fixed = fixed_match_length(variant)
    if fixed is not None and (asked is None or asked):
        return fixed
    return previous if asked is None else asked


def cube_limits(variant: Variant) -> list[int]:
    """The cube limits to offer (none for a game without a cube)."""
    return list(CUBE_LIMITS) if variant.cube else []
