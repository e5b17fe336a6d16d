"""A match to N points: games one after another, the score, who starts, the Crawford game.

>>> from nardcore.dice import SeededDice
>>> match = Match("tawla31", SeededDice(1))
>>> match.length, match.score
(31, [0, 0])
>>> match.game.phase
'opening'

When `match.game.over`, call `match.next_game()` (unless `match.over`). The
winner of a game starts the next one and rolls both dice; backgammon opens every
game with the one-die roll. A draw (narde `last-roll`) also leads to an opening
roll. The Crawford rule (backgammon): no doubling in the one game after a player
first reaches N−1. The match ends as soon as a score reaches N.
"""

from __future__ import annotations

from typing import Any

from .dice import DiceSource, SystemDice
from .game import Game
from .position import Position
from .readers import GameStateError, read_int, read_list, read_object, read_text
from .scoring import GameResult
from .variant import Variant, VariantError, find_variant

__all__ = ["DEFAULT_LENGTH", "Match", "default_length"]

DEFAULT_LENGTH = 5  # for a game without a fixed length of its own
MATCH_VERSION = 1
MAX_LENGTH = 999
MAX_GAMES = 2000


def default_length(variant: Variant | str) -> int:
    """The usual match length: the game's own (tawla31: 31), else DEFAULT_LENGTH."""
    fixed = (find_variant(variant) if isinstance(variant, str) else variant).fixed_match_length
    return DEFAULT_LENGTH if fixed is None else fixed


class Match:
    """A match of one variant to `length` points (default: `default_length`).

    `game` is the game in progress (or the last one), `score` the points of
    white and black including a finished current game, `results` every finished
    game's `GameResult`, `over`/`winner` the match's end.
    """

    def __init__(self, variant: Variant | str, dice: DiceSource | None = None, length: int | None = None) -> None:
        self.variant = find_variant(variant) if isinstance(variant, str) else variant
        self.dice_source: DiceSource = dice if dice is not None else SystemDice()
        self.length = default_length(self.variant) if length is None else length
        if not isinstance(self.length, int) or isinstance(self.length, bool) or not 1 <= self.length <= MAX_LENGTH:
            raise ValueError(f"match length must be 1..{MAX_LENGTH}, not {length!r}")
        self.closed: list[GameResult] = []  # games finished before the current one
        # the finished games as played, beside `closed` (None: only the result is known, as in
        # data saved before records were kept); records (nardcore.formats.mat) need the moves
        self.played: list[Game | None] = []
        self.game = self._new_game()

    # -- state ------------------------------------------------------------------------

    @property
    def results(self) -> list[GameResult]:
        """Every finished game, the current one included once it is over."""
        return self.closed + ([self.game.result] if self.game.result else [])

    @property
    def score(self) -> list[int]:
        """[white's points, black's points]."""
        return _score(self.results)

    @property
    def over(self) -> bool:
        return max(self.score) >= self.length

    @property
    def winner(self) -> int | None:
        score = self.score
        if max(score) < self.length:
            return None
        return 0 if score[0] > score[1] else 1

    @property
    def crawford(self) -> bool:
        """The current game is the Crawford game."""
        return self.game.crawford

    def next_game(self) -> Game:
        """Start the next game once the current one is over (and the match is not)."""
        if not self.game.over:
            raise ValueError("the current game is not over")
        if self.over:
            raise ValueError("the match is over")
        assert self.game.result is not None
        self.closed.append(self.game.result)
        self.played.append(self.game)
        self.game = self._new_game()
        return self.game

    def _new_game(self) -> Game:
        crawford, starter = _next_game_settings(self.variant, self.length, self.closed)
        score = _score(self.closed)
        return Game(
            self.variant,
            self.dice_source,
            starter=starter,
            match_length=self.length,
            crawford=crawford,
            score=(score[0], score[1]),
        )

    # -- saving -------------------------------------------------------------------------

    def to_dict(self, played: bool = True) -> dict[str, Any]:
        """The match as plain JSON types: settings, finished games, the current game with its history.

        `played` (when any finished game's moves are known): those games with their histories too.
        """
        data: dict[str, Any] = {
            "version": MATCH_VERSION,
            "variant": self.variant.token,
            "length": self.length,
            "games": [result.to_dict() for result in self.closed],
            "score": self.score,
            "game": self.game.to_dict(),
        }
        if played and any(game is not None for game in self.played):
            data["played"] = [None if game is None else game.to_dict() for game in self.played]
        return data

    @classmethod
    def from_dict(cls, data: Any, dice: DiceSource | None = None) -> Match:
        """Rebuild a match from `to_dict()` data; raises GameStateError saying what is wrong."""
        data = read_object(data, "match", {"version", "variant", "length", "games", "score", "game", "played"},
                           {"version", "variant", "length", "games", "game"})
        if data["version"] != MATCH_VERSION:
            raise GameStateError(f"match data version {data['version']!r} is not {MATCH_VERSION}")
        try:
            variant = find_variant(read_text(data["variant"], "variant", 200))
        except VariantError as error:
            raise GameStateError(str(error)) from None
        length = read_int(data["length"], "length", 1, MAX_LENGTH)
        games = read_list(data["games"], "games", MAX_GAMES, "results")
        closed = [GameResult.from_dict(item) for item in games]
        for number in range(len(closed)):
            if max(_score(closed[:number])) >= length:
                raise GameStateError(f"game {number + 1} was played after the match was over")
            _check_points(variant, closed[number], number)
        played = data.get("played", [None] * len(closed))
        if not isinstance(played, list) or len(played) != len(closed):
            raise GameStateError("played must list one game (or null) per finished game")
        records: list[Game | None] = []
        for number, item in enumerate(played):
            if item is None:
                records.append(None)
                continue
            record = Game.from_dict(item, dice)
            _check_game(record, variant, length, closed[:number], "game " + str(number + 1))
            if record.result != closed[number]:
                raise GameStateError(f"game {number + 1} as played ended otherwise than its result")
            records.append(record)
        game = Game.from_dict(data["game"], dice)
        _check_game(game, variant, length, closed, "the current game")
        match = cls.__new__(cls)
        match.variant = variant
        match.dice_source = dice if dice is not None else SystemDice()
        match.length = length
        match.closed = closed
        match.played = records
        match.game = game
        if "score" in data and data["score"] != match.score:
            raise GameStateError(f"stored score {data['score']!r} does not add up to {match.score!r}")
        return match


def _score(results: list[GameResult]) -> list[int]:
    score = [0, 0]
    for result in results:
        if result.winner is not None:
            score[result.winner] += result.points
    return score


def _next_game_settings(variant: Variant, length: int, closed: list[GameResult]) -> tuple[bool, int | None]:
    """(is the next game the Crawford game, who starts it or None for an opening roll)."""
    # the Crawford game comes right after the game that first brought a side to N-1
    crawford = (
        variant.cube
        and length > 1
        and bool(closed)
        and max(_score(closed[:-1])) < length - 1
        and max(_score(closed)) == length - 1
    )
    starter: int | None = None
    if closed and variant.winner_starts_next:
        starter = closed[-1].winner  # None after a draw: roll again for the start
    return crawford, starter


def _check_game(game: Game, variant: Variant, length: int, closed: list[GameResult], name: str) -> None:
    """A game of the match begins as the games before it (`closed`) say it must."""
    if game.variant != variant:
        raise GameStateError(f"{name} is {game.variant.token}, the match {variant.token}")
    crawford, starter = _next_game_settings(variant, length, closed)
    if game.match_length != length:
        raise GameStateError(f"{name} is played to {game.match_length}, the match to {length}")
    if list(game.score) != _score(closed):
        raise GameStateError(f"{name}'s match score {list(game.score)} is not {_score(closed)}")
    if game.crawford != crawford:
        raise GameStateError(f"{name}'s Crawford flag should be {str(crawford).lower()}")
    if game.opening != (starter is None) or (starter is not None and game.start.turn != starter):
        who = "an opening roll" if starter is None else f"{'wb'[starter]} (the last winner) starting"
        raise GameStateError(f"{name} should begin with {who}")
    if game.start != Position.start(variant, game.start.turn):
        raise GameStateError("a match game begins from the start position")
    if game.result is not None:
        _check_points(variant, game.result, len(closed))


def _check_points(variant: Variant, result: GameResult, number: int) -> None:
    """Points a finished game of this variant can give (`Variant.scoring`, times the cube)."""
    levels = variant.scoring.levels(variant.options)
    kinds = {kind for kind, _ in levels} | ({"drop"} if variant.cube else set())
    if result.kind == "draw":
        ok = result.points == 0
    elif result.kind == "drop":
        ok = variant.cube and result.points == result.cube
    else:
        possible = variant.scoring.possible_points(variant.options)
        ok = result.kind in kinds and result.points in {p * result.cube for p in possible}
    if not ok or (result.cube != 1 and not variant.cube):
        raise GameStateError(f"game {number + 1}: {result.kind} for {result.points} is not a {variant.name} score")
