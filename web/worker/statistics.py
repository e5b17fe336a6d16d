"""The player's history from the library's saves: games and points won by game, by opponent and
level, single game or match; and how the dice fell, per game and over the library, per player,
beside what fair dice would give, with a chi-square test.

Everything here reads saves as web/worker/saves.py writes them (untrusted: anything that is not
as expected is left out, never an error) and is plain data in, plain data out, so the figures
are computed and tested on CPython. The verdict on the dice is a key of web/i18n
(`dice_verdict`), never English text.

Which rolls count: every turn's roll of a played turn (`play` events of a game's history, a pass
included); the opening roll is one die each and decides who starts, so it is not a roll of
either player, and the first turn played with the opening's dice (backgammon) is left out too.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from operator import add
from typing import Any

from nardcore.variant import VARIANTS

SIDES = {"w": 0, "b": 1}
# The 21 rolls, the higher die first ("21" is a 2 and a 1); each non-double comes two ways in 36.
ROLLS = tuple(f"{high}{low}" for high in range(1, 7) for low in range(1, high + 1))
ROLL_INDEX = {dice: k for k, roll in enumerate(ROLLS)
              for dice in ((int(roll[0]), int(roll[1])), (int(roll[1]), int(roll[0])))}
RollCounts = Sequence[int]  # a count for each of the 21 rolls, in ROLLS' order
NO_ROLLS: RollCounts = (0,) * len(ROLLS)
P_ROLL = {roll: (1 if roll[0] == roll[1] else 2) / 36 for roll in ROLLS}
# Pips a roll moves: a double is played four times.
MEAN_PIPS = sum(P_ROLL[r] * (4 * int(r[0]) if r[0] == r[1] else int(r[0]) + int(r[1])) for r in ROLLS)
FAIR_P = 0.05  # below this the dice are less even than fair dice usually are
LOADED_P = 0.001  # below this, fair dice would be very unlikely to fall so


@dataclass(slots=True)
class GamePlayed:
    """One game of the library: its variant, whom against (`rival`: "computer:<level>", "link" or
    "human"), whether it was a game of a match, the player's side (0 white, 1 black; None for two
    people at one device), the winner (None: a draw, or not finished), the points, and how many
    times each side rolled each of the 21 rolls (`rolls`: White's counts, Black's, in `ROLLS`'
    order; the order of the rolls says nothing of the dice)."""

    variant: str
    rival: str
    match: bool
    mine: int | None
    over: bool
    winner: int | None
    points: int
    rolls: tuple[RollCounts, RollCounts] = (NO_ROLLS, NO_ROLLS)
    hand: bool = False  # dice entered by hand (docs/fair-dice.md): left out of the dice's fairness
    match_length: int = 0  # 0: a single game


# -- a save's summary: everything the report needs from one save, kept by the page ------------------

STATS_VERSION = 1  # a summary of another version is not read: the save is read again
MAX_SUMMARY_GAMES = 10_000  # a match to 999 points has about 800
MAX_COUNT = 1_000_000
SUMMARY_KEYS = frozenset({"version", "rival", "mine", "hand", "length", "games"})
GAME_KEYS = frozenset({"variant", "over", "winner", "points", "rolls"})
RIVAL = re.compile(r"(link|human|computer:[A-Za-z0-9_-]{1,32})")


def _save_facts(save: Mapping[str, Any]) -> tuple[str, int | None, bool, int, list[dict[str, Any]]]:
    """Whom against, the player's side, dice by hand, the match's length (0: a single game) and
    every game the save holds (a match's finished games and the one under way)."""
    settings = save.get("settings") if isinstance(save.get("settings"), dict) else {}
    duel = save.get("duel") if isinstance(save.get("duel"), dict) else None
    assert isinstance(settings, dict)
    if duel is not None:
        rival, mine = "link", SIDES.get(str(duel.get("me")))
    elif settings.get("opponent") == "computer":
        rival, mine = f"computer:{settings.get('level')}", SIDES.get(str(settings.get("seat", "w")))
    else:
        rival, mine = "human", None
    hand = bool(settings.get("dice") == "hand")
    match = save.get("match") if isinstance(save.get("match"), dict) else None
    length = 0
    if match is not None:
        played = match.get("played") if isinstance(match.get("played"), list) else []
        games = [g for g in [*played, match.get("game")] if isinstance(g, dict)]
        found = match.get("length")
        length = found if isinstance(found, int) and not isinstance(found, bool) and found > 0 else 1
    else:
        games = [save["game"]] if isinstance(save.get("game"), dict) else []
    return rival, mine, hand, length, games


def games_of_save(save: Mapping[str, Any]) -> list[GamePlayed]:
    """Every game a save holds (a match's finished games and the one under way), as played."""
    rival, mine, hand, length, games = _save_facts(save)
    return [_game(data, rival, mine, hand, length) for data in games]


def _game(data: Mapping[str, Any], rival: str, mine: int | None, hand: bool, length: int) -> GamePlayed:
    variant, over, winner, points, rolls = _game_facts(data)
    return GamePlayed(variant=variant, rival=rival, match=length > 0, mine=mine, over=over, winner=winner,
                      points=points, rolls=rolls, hand=hand, match_length=length)


def _game_facts(data: Mapping[str, Any]) -> tuple[str, bool, int | None, int, tuple[RollCounts, RollCounts]]:
    result = data.get("result") if isinstance(data.get("result"), dict) else None
    winner = SIDES.get(str(result.get("winner"))) if result is not None else None
    points = result.get("points") if result is not None else 0
    points = points if isinstance(points, int) and not isinstance(points, bool) and points >= 0 else 0
    return (str(data.get("variant", "")).split("+")[0], result is not None, winner, points,
            roll_counts(rolls_of_history(data.get("history"))))


def summary_of_save(save: Mapping[str, Any]) -> dict[str, Any]:
    """The save's summary, plain JSON (docs/statistics.md): the report reads it as it reads the save."""
    rival, mine, hand, length, games = _save_facts(save)
    summary_games = []
    for data in games:
        variant, over, winner, points, rolls = _game_facts(data)
        summary_games.append({"variant": variant, "over": over, "winner": winner, "points": points,
                              "rolls": [list(rolls[0]), list(rolls[1])]})
    return {"version": STATS_VERSION, "rival": rival, "mine": mine, "hand": hand, "length": length,
            "games": summary_games}


def games_of_summary(summary: Any) -> list[GamePlayed] | None:
    """The games of a summary, or None where it is not one of this version, read strictly (it
    comes back from the page's storage: anything unexpected and the save is read instead)."""
    if not isinstance(summary, dict) or summary.keys() != SUMMARY_KEYS or summary["version"] != STATS_VERSION:
        return None
    rival, mine, hand, length, games = (summary["rival"], summary["mine"], summary["hand"], summary["length"],
                                        summary["games"])
    if (not isinstance(rival, str) or not RIVAL.fullmatch(rival) or not (mine is None or _int(mine, 1))
            or not isinstance(hand, bool) or not _int(length, MAX_COUNT) or not isinstance(games, list)
            or len(games) > MAX_SUMMARY_GAMES or type(summary["version"]) is not int):
        return None
    found = []
    for game in games:
        if not isinstance(game, dict) or game.keys() != GAME_KEYS:
            return None
        variant, over, winner, points, rolls = (game["variant"], game["over"], game["winner"], game["points"],
                                                game["rolls"])
        if (variant not in VARIANTS or not isinstance(over, bool) or not (winner is None or _int(winner, 1))
                or not _int(points, MAX_COUNT) or (not over and (winner is not None or points))):
            return None
        if not isinstance(rolls, list) or len(rolls) != 2:
            return None
        if not _counts(rolls[0]) or not _counts(rolls[1]):
            return None
        found.append(GamePlayed(variant=variant, rival=rival, match=length > 0, mine=mine, over=over, winner=winner,
                                points=points, rolls=(rolls[0], rolls[1]), hand=hand,
                                match_length=length))
    return found


def _counts(counts: Any) -> bool:
    """21 whole numbers from 0 to MAX_COUNT (checked a list at a time: 100,000 summaries are read)."""
    return (isinstance(counts, list) and len(counts) == len(ROLLS) and set(map(type, counts)) == {int}
            and min(counts) >= 0 and max(counts) <= MAX_COUNT)


def _int(value: Any, most: int) -> bool:
    """A whole number from 0 to `most` (JSON's true and false are not numbers here)."""
    return type(value) is int and 0 <= value <= most


def roll_counts(rolls: Iterable[tuple[int, tuple[int, int]]]) -> tuple[RollCounts, RollCounts]:
    """How many times each side rolled each of the 21 rolls (White's, Black's, in `ROLLS`' order)."""
    counts: tuple[list[int], list[int]] = ([0] * len(ROLLS), [0] * len(ROLLS))
    for side, dice in rolls:
        counts[side][ROLL_INDEX[dice]] += 1
    return counts


def rolls_of_history(history: Any) -> list[tuple[int, tuple[int, int]]]:
    """(side, dice) of every played turn of a game's history, the opening's dice left out."""
    rolls: list[tuple[int, tuple[int, int]]] = []
    if not isinstance(history, list):
        return rolls
    opening: list[int] | None = None
    for event in history:
        if not isinstance(event, dict):
            continue
        kind = event.get("event")
        if kind == "opening":
            opening = event.get("dice") if isinstance(event.get("dice"), list) else None
            continue
        if kind != "play":
            continue
        dice, side = event.get("dice"), SIDES.get(str(event.get("side")))
        after_opening, opening = opening, None
        if side is None or not isinstance(dice, list) or not _dice(dice):
            continue
        if after_opening is not None and sorted(after_opening) == sorted(dice):
            continue  # the opening's dice, played by the side they made start
        rolls.append((side, (dice[0], dice[1])))
    return rolls


def _dice(dice: Any) -> bool:
    return (isinstance(dice, list) and len(dice) == 2
            and all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in dice))


# -- results -----------------------------------------------------------------------------------------


@dataclass
class Tally:
    """Games and points of one group, from the player's side where the player had one."""

    played: int = 0  # finished
    won: int = 0
    lost: int = 0
    drawn: int = 0
    points_won: int = 0
    points_lost: int = 0

    def add(self, game: GamePlayed) -> None:
        if not game.over:
            return
        self.played += 1
        if game.winner is None:
            self.drawn += 1
        elif game.mine is None:
            return  # two people at one device: nobody's side is the player's
        elif game.winner == game.mine:
            self.won += 1
            self.points_won += game.points
        else:
            self.lost += 1
            self.points_lost += game.points


@dataclass
class Results:
    """Tallies by game (variant), by opponent and level (rival), by single game or match (kind)."""

    by_variant: dict[str, Tally] = field(default_factory=dict)
    by_rival: dict[str, Tally] = field(default_factory=dict)
    by_kind: dict[str, Tally] = field(default_factory=dict)
    total: Tally = field(default_factory=Tally)


def results(games: Iterable[GamePlayed]) -> Results:
    found = Results()
    for game in games:
        found.by_variant.setdefault(game.variant, Tally()).add(game)
        found.by_rival.setdefault(game.rival, Tally()).add(game)
        found.by_kind.setdefault("match" if game.match else "single", Tally()).add(game)
        found.total.add(game)
    return found


# -- the dice ------------------------------------------------------------------------------------------


@dataclass
class DiceCounts:
    """How the dice fell: each of the 21 rolls, each face (both dice), doubles, pips moved."""

    rolls: dict[str, int] = field(default_factory=lambda: dict.fromkeys(ROLLS, 0))
    faces: list[int] = field(default_factory=lambda: [0] * 6)
    doubles: int = 0
    pips: int = 0

    @property
    def count(self) -> int:
        return sum(self.rolls.values())

    def add(self, dice: tuple[int, int], times: int = 1) -> None:
        high, low = max(dice), min(dice)
        self.rolls[f"{high}{low}"] += times
        self.faces[high - 1] += times
        self.faces[low - 1] += times
        if high == low:
            self.doubles += times
        self.pips += times * (4 * high if high == low else high + low)


def dice_counts(games: Iterable[GamePlayed], side: str = "mine", by_hand: bool = True) -> DiceCounts:
    """The rolls of `side`: "mine" (the player's, where the player had a side), "theirs" (the
    opponent's there), "w" or "b" (that colour's), or "all"; `by_hand` False: without the games
    whose dice were entered by hand (which say nothing of the app's dice)."""
    total = list(NO_ROLLS)
    for game in games:
        if game.hand and not by_hand:
            continue
        for who in (0, 1):
            if (side == "all" or (side == "w" and who == 0) or (side == "b" and who == 1)
                    or (side == "mine" and game.mine == who)
                    or (side == "theirs" and game.mine is not None and game.mine != who)):
                total = list(map(add, total, game.rolls[who]))
    counts = DiceCounts()
    for roll, times in zip(ROLLS, total, strict=True):
        counts.add((int(roll[0]), int(roll[1])), times)
    return counts


@dataclass(frozen=True)
class DiceTest:
    """The counts beside fair dice's: expected counts, chi-square over the 21 rolls and over the
    faces, each with its p-value, and the verdict (a key of web/i18n) from the smaller one."""

    expected_rolls: dict[str, float]
    expected_faces: float
    expected_doubles: float
    expected_pips: float
    chi2_rolls: float
    p_rolls: float
    chi2_faces: float
    p_faces: float
    verdict: str


def check_dice(counts: DiceCounts) -> DiceTest:
    n = counts.count
    expected = {roll: n * P_ROLL[roll] for roll in ROLLS}
    chi_rolls = sum((counts.rolls[r] - e) ** 2 / e for r, e in expected.items()) if n else 0.0
    face = 2 * n / 6
    chi_faces = sum((f - face) ** 2 / face for f in counts.faces) if n else 0.0
    p_rolls = chi_square_p(chi_rolls, len(ROLLS) - 1) if n else 1.0
    p_faces = chi_square_p(chi_faces, 5) if n else 1.0
    # two tests of the same dice: the smaller p-value counted twice (Bonferroni), so that fair dice
    # are called uneven no more often than one time in twenty
    return DiceTest(expected, face, n / 6, n * MEAN_PIPS, chi_rolls, p_rolls, chi_faces, p_faces,
                    dice_verdict(min(1.0, 2 * min(p_rolls, p_faces)), n))


def dice_verdict(p: float, rolls: int) -> str:
    """In plain words (a key of web/i18n): too few rolls to say, as random as fair dice would be,
    less even than fair dice usually are, or very unlikely from fair dice."""
    if rolls < 5 * len(ROLLS):  # the chi-square needs about five expected of the rarest roll
        return "dice.verdict.too_few"
    if p >= FAIR_P:
        return "dice.verdict.fair"
    return "dice.verdict.uneven" if p >= LOADED_P else "dice.verdict.loaded"


def chi_square_p(x: float, df: int) -> float:
    """P(X >= x) for X chi-square with `df` degrees of freedom: the regularized upper incomplete
    gamma function Q(df/2, x/2), by its series below a + 1 and its continued fraction above."""
    if x <= 0:
        return 1.0
    a, z = df / 2, x / 2
    if z < a + 1:
        term = total = 1 / a
        k = a
        while abs(term) > abs(total) * 1e-15:
            k += 1
            term *= z / k
            total += term
        return max(0.0, 1 - total * math.exp(-z + a * math.log(z) - math.lgamma(a)))
    # Lentz's continued fraction for Q
    tiny = 1e-300
    b = z + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 500):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return min(1.0, math.exp(-z + a * math.log(z) - math.lgamma(a)) * h)
