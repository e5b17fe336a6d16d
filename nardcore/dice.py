"""Rolls as chance outcomes, and dice sources that are always injected (never the global random)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol

from .errors import NardError, quoted


class DiceError(NardError):
    """A roll that cannot be read or dice outside 1..6."""


@dataclass(frozen=True, order=True)
class Roll:
    """Two dice, higher first; a double is played as four steps."""

    high: int
    low: int

    @classmethod
    def of(cls, d1: int, d2: int) -> Roll:
        if not (1 <= d1 <= 6 and 1 <= d2 <= 6):
            raise DiceError(f"dice must be 1..6, got {d1} and {d2}")
        return cls(max(d1, d2), min(d1, d2))

    @classmethod
    def parse(cls, text: str) -> Roll:
        """`'65'` or `'6-5'` → Roll(6, 5)."""
        if not isinstance(text, str):
            raise DiceError(f"a roll is text like '65', not {type(text).__name__}")
        digits = text.replace("-", "").strip()
        if len(digits) != 2 or not all(d in "123456" for d in digits):
            raise DiceError(f"a roll is two digits 1..6 like '65', not {quoted(text)}")
        return cls.of(int(digits[0]), int(digits[1]))

    @property
    def dice(self) -> tuple[int, int]:
        return (self.high, self.low)

    @property
    def is_double(self) -> bool:
        return self.high == self.low

    @property
    def probability(self) -> Fraction:
        return Fraction(1, 36) if self.is_double else Fraction(1, 18)

    def __str__(self) -> str:
        return f"{self.high}{self.low}"


ROLLS: tuple[Roll, ...] = tuple(Roll(h, lo) for h in range(1, 7) for lo in range(1, h + 1))


class DiceSource(Protocol):
    def die(self) -> int: ...


class SeededDice:
    """Reproducible dice: the same seed gives the same sequence on every Python."""

    def __init__(self, seed: int | str | None = None) -> None:
        self._random = random.Random(seed)

    def die(self) -> int:
        return self._random.randint(1, 6)


class SystemDice(SeededDice):
    """Dice from the operating system's entropy (fresh after every boot, snapshot or not)."""

    def __init__(self) -> None:
        self._random = random.SystemRandom()


class PresetDice:
    """Dice read from a fixed list (tests, replays); falls back to a seeded source when used up."""

    def __init__(self, dice: Iterable[int], then: DiceSource | None = None) -> None:
        self._dice: Iterator[int] = iter(list(dice))
        self._then = then or SeededDice(0)

    def die(self) -> int:
        for value in self._dice:
            if not 1 <= value <= 6:
                raise ValueError(f"preset die {value} is not 1..6")
            return value
        return self._then.die()


def roll(source: DiceSource) -> Roll:
    return Roll.of(source.die(), source.die())
