"""The numbering a player reads: the board's point numbers, the record and the last move are
written in one side's numbering, so that "24/18" in the record names the point the board
labels 24 (docs/ui.md, "Point numbers").

Each side counts its points from its own start (docs/RULES.md §1), so the same point is White's
19 and Black's 6 in backgammon. The reader is the person against the computer or by link, and
the side on roll in a game of two people on one device; the board is labelled in the reader's
numbering and every play is written in it. With the `both_numbers` preference the board shows
both sides' numbers, each in its side's colour, and every play is written in its mover's own
numbering, as records usually are. The review's plays (each play made and the best) follow the
same rule. A hint is always the reader's: it is asked for on the reader's own turn.

>>> from nardcore.variant import find_variant
>>> read_play(find_variant("backgammon"), "24/18 13/11", "b", ["w"])
'1/7 12/14'
>>> read_play(find_variant("backgammon"), "24/18 13/11", "b", ["w", "b"])
'24/18 13/11'
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from nardcore.notation import renumbered
from nardcore.position import SIDE_LETTERS, Position
from nardcore.variant import Variant

from .intent_shapes import Side
from .session import Session
from .viewmodel import SIDES


def reader(session: Session, board: Position) -> int:
    """The side whose numbering the player reads: the person's side against the computer or by
    link; in a game of two people on one device, the side on roll in the position shown."""
    if session.against_computer:
        return 1 - session.computer_side
    if session.duel is not None:
        return SIDE_LETTERS.index(session.duel.me)
    return board.turn


def numbers(session: Session, board: Position) -> list[Side]:
    """The numberings the board's points are labelled in: the reader's, then with the
    `both_numbers` preference the other side's."""
    first = reader(session, board)
    return [SIDES[first], SIDES[1 - first]] if session.prefs["both_numbers"] else [SIDES[first]]


def read_play(variant: Variant, text: str, mover: str | None, shown: list[Side]) -> str:
    """A play of `mover` (its own numbering) as the player reads it beside a board labelled in
    `shown`: in the reader's numbering, or its own when the board shows both."""
    if not text or mover not in SIDES or len(shown) > 1 or mover == shown[0]:
        return text
    return _renumbered(variant, text)


# renumbered, kept: every view reads the whole record again
_renumbered = functools.lru_cache(maxsize=4096)(renumbered)


def record_read(entries: list[dict[str, Any]], variant: Variant, shown: list[Side]) -> list[dict[str, Any]]:
    """The record's entries, each with `read`: its play as the player reads it."""
    return [{**entry, "read": read_play(variant, str(entry["play"]), entry["side"], shown)} for entry in entries]


def last_read(last: Mapping[str, Any] | None, variant: Variant, shown: list[Side]) -> dict[str, Any] | None:
    """The last move with `read`: its play as the player reads it."""
    if last is None:
        return None
    return {**last, "read": read_play(variant, str(last.get("text", "")), last.get("side"), shown)}


def review_read(review: Mapping[str, Any] | None, variant: Variant, shown: list[Side]) -> dict[str, Any] | None:
    """The review with each play's `chosen_read` and `best_read`: the play made and the best
    as the player reads them (a cube decision has no play to renumber)."""
    if review is None:
        return None
    decisions = [d if d.get("kind") != "play" else
                 {**d, "chosen_read": read_play(variant, str(d.get("chosen", "")), d.get("side"), shown),
                  "best_read": read_play(variant, str(d.get("best", "")), d.get("side"), shown)}
                 for d in review.get("decisions", [])]
    return {**review, "decisions": decisions}
