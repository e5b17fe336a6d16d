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

A match read with `Match.from_dict(data, lazy=True)` (the app's own saves) keeps its finished
games' moves as they were saved and replays one only when `played` is first asked for (a
record, an export): the results and the current game, all that play goes on from, are read
at once, so loading a match of hundreds of games costs no more than loading one game. Given
the finished games' saved text (`played_text`), it does not even read that text until they are
asked for: a long match's save is mostly that text.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from . import safejson
from .dice import DiceSource, SystemDice
from .game import Game
from .gamedata import MAX_HISTORY, game_from_dict, game_to_dict, result_from_dict, result_to_dict
from .position import Position
from .readers import GameStateError, is_whole_number, read_dice, read_int, read_list, read_object, read_side, read_text
from .scoring import GameResult
from .variant import Variant, VariantError, find_variant

__all__ = ["DEFAULT_LENGTH", "Match", "SavedGame", "default_length"]

DEFAULT_LENGTH = 5  # for a game without a fixed length of its own
MATCH_VERSION = 1
MAX_LENGTH = 999
MAX_GAMES = 2000
# Finished games kept as another format's text (`{"mat": text}`), by the reader that replays one:
# nardcore/formats/longmat.py adds itself (it builds on this module, so this one cannot import it).
SECTION_READERS: dict[str, Callable[[Match, int, str], Game]] = {}


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
        # data saved before records were kept); records (nardcore.formats.mat) need the moves.
        # A dict is a game as saved, not replayed yet (`from_dict(lazy=True)`): see `played`.
        self._played: list[Game | dict[str, Any] | None] = []
        self._unreadable: set[int] = set()  # games kept as saved whose moves did not replay
        self._pending: tuple[str, int] | None = None  # the first n finished games' saved text, not read yet
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
    def played(self) -> list[Game | None]:
        """The finished games as played (None where only the result is known). Games kept as
        saved are replayed now, once; one whose moves do not replay to its result counts as
        unknown (None) here, while its saved data is kept as it was (`to_dict`)."""
        self._unpack()
        for number, item in enumerate(self._played):
            if isinstance(item, dict) and number not in self._unreadable:
                try:
                    self._played[number] = self._replayed(number, item)
                except GameStateError:
                    self._unreadable.add(number)
        return [item if isinstance(item, Game) else None for item in self._played]

    @played.setter
    def played(self, games: list[Game | None]) -> None:
        self._played = list(games)
        self._unreadable = set()
        self._pending = None

    def records(self) -> list[Game | SavedGame | None]:
        """The finished games for a record (nardcore.formats.mat): each as played (`played`),
        except that a game kept as saved, in a game without hits, whose plays a record writes as
        they were saved, is not replayed: a `SavedGame`, its events checked field by field."""
        if self.variant.hitting:
            return list(self.played)
        self._unpack()
        records: list[Game | SavedGame | None] = []
        for number, item in enumerate(self._played):
            if not isinstance(item, dict) or "mat" in item:
                records.append(item if not isinstance(item, dict) else self.played[number])
                continue
            try:
                records.append(SavedGame.of(self.variant, item, self.closed[number], _score(self.closed[:number])))
            except GameStateError:
                records.append(None)  # left out of the record, as a game whose moves are not known
        return records

    def played_items(self) -> list[Game | dict[str, Any] | None]:
        """The finished games as kept now, replayed (Game) or as saved (dict): a copy of the list,
        whose items are the match's own (a writer that caches their text compares them by identity)."""
        self._unpack()
        return list(self._played)

    @property
    def played_count(self) -> int:
        """How many finished games are known as played (a count that replays nothing)."""
        self._unpack()
        return sum(item is not None for item in self._played)

    @property
    def played_pending(self) -> bool:
        """The finished games' saved text is not read yet (`from_dict(played_text=...)`)."""
        return self._pending is not None

    def played_text(self) -> str:
        """`to_dict()["played"]` as JSON text while the saved text is not read yet: that text as it
        was saved, with the games finished since then after it (none of it read)."""
        assert self._pending is not None, "the finished games are read already: to_dict() has them"
        text, count = self._pending
        added = [json.dumps(game_to_dict(item) if isinstance(item, Game) else item, separators=(",", ":"))
                 for item in self._played[count:]]
        return text if not added else text[:-1] + "," + ",".join(added) + "]"

    def _unpack(self) -> None:
        """The saved text of the first finished games, read now that they are asked for. Text that
        does not read as one game (an object) or null for each leaves them unknown (None), as in
        data saved before records were kept."""
        if self._pending is None:
            return
        (text, count), self._pending = self._pending, None
        try:
            played = safejson.loads(text)
        except safejson.JSONShapeError:
            return
        if isinstance(played, list) and len(played) == count and all(
                item is None or isinstance(item, dict) for item in played):
            self._played[:count] = played

    def _replayed(self, number: int, data: dict[str, Any]) -> Game:
        """Finished game `number` (0-based) from its saved data, checked against the match: a
        game as saved, or (`{"mat": text}`) as a long record wrote it (formats/longmat.py)."""
        if set(data) == {"mat"} and isinstance(data["mat"], str) and "mat" in SECTION_READERS:
            try:
                record = SECTION_READERS["mat"](self, number, data["mat"])
            except ValueError as error:
                raise GameStateError(f"game {number + 1} of the record: {error}") from None
        else:
            record = game_from_dict(data, self.dice_source)
        _check_game(record, self.variant, self.length, self.closed[:number], "game " + str(number + 1))
        if record.result != self.closed[number]:
            raise GameStateError(f"game {number + 1} as played ended otherwise than its result")
        return record

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
        self._played.append(self.game)
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

        `played` (when any finished game's moves are known): those games with their histories too
        (a game not replayed since it was read goes out as it was read, unchanged).
        """
        data: dict[str, Any] = {
            "version": MATCH_VERSION,
            "variant": self.variant.token,
            "length": self.length,
            "games": [result_to_dict(result) for result in self.closed],
            "score": self.score,
            "game": game_to_dict(self.game),
        }
        if played and self.played_count:  # (the saved text of the finished games read first)
            data["played"] = [game_to_dict(item) if isinstance(item, Game) else item for item in self._played]
        return data

    @classmethod
    def resumed(cls, variant: Variant, dice: DiceSource | None, length: int, closed: list[GameResult],
                played: list[dict[str, Any] | None]) -> Match:
        """A match after the finished games `closed` (their results checked as `from_dict`
        checks them; `played`: each as kept, not replayed), its next game about to begin."""
        if len(played) != len(closed):
            raise GameStateError("played must list one game (or null) per finished game")
        match = cls(variant, dice, length)
        running = [0, 0]
        for number, result in enumerate(closed):
            if max(running) >= length:
                raise GameStateError(f"game {number + 1} was played after the match was over")
            _check_points(variant, result, number)
            if result.winner is not None:
                running[result.winner] += result.points
        match.closed = list(closed)
        match._played = list(played)
        match.game = match._new_game()
        return match

    @classmethod
    def from_dict(cls, data: Any, dice: DiceSource | None = None, *, lazy: bool = False,
                  played_text: str | None = None) -> Match:
        """Rebuild a match from `to_dict()` data; raises GameStateError saying what is wrong.

        `lazy`: the finished games' moves are replayed (and checked) only when `played` is
        first asked for, not now; their results, the score and the current game are checked now.
        `played_text` (lazy, data without "played"): the JSON text of `played`, not even read
        until the finished games are asked for (`_unpack`).
        """
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
        closed = [result_from_dict(item) for item in games]
        running = [0, 0]  # the score before each game, added up as it goes (hundreds of games)
        for number, result in enumerate(closed):
            if max(running) >= length:
                raise GameStateError(f"game {number + 1} was played after the match was over")
            _check_points(variant, result, number)
            if result.winner is not None:
                running[result.winner] += result.points
        played = data.get("played", [None] * len(closed))
        if not isinstance(played, list) or len(played) != len(closed):
            raise GameStateError("played must list one game (or null) per finished game")
        for number, item in enumerate(played):
            if item is not None and not isinstance(item, dict):
                raise GameStateError(f"game {number + 1} as played must be an object or null")
        game = game_from_dict(data["game"], dice)
        _check_game(game, variant, length, closed, "the current game")
        match = cls.__new__(cls)
        match.variant = variant
        match.dice_source = dice if dice is not None else SystemDice()
        match.length = length
        match.closed = closed
        match._played = list(played)
        match._unreadable = set()
        match._pending = (played_text, len(closed)) if lazy and played_text is not None and closed else None
        match.game = game
        if not lazy:
            for number, item in enumerate(played):
                if item is not None:
                    match._played[number] = match._replayed(number, item)
        if "score" in data and data["score"] != match.score:
            raise GameStateError(f"stored score {data['score']!r} does not add up to {match.score!r}")
        return match


_PLAY_TEXT = re.compile(r"[0-9a-z/*() ]{0,200}")
_EVENT_KINDS = {"opening", "play", "pass", "double", "beaver", "take", "drop", "resign", "accept", "decline"}


@dataclass(frozen=True)
class SavedGame:
    """A finished game of a match as it was saved, not replayed (`Match.records`): what a
    record (.mat) of a game without hits writes. Its events are checked field by field, not
    through the rules: a game changed by hand is written as it says, and a record read back
    (`read_mat`) replays it."""

    variant: Variant
    history: list[dict[str, Any]]
    result: GameResult
    score: tuple[int, int]
    phase: str = "over"
    dice: None = None

    @property
    def resign_by_offer(self) -> bool:
        return self.variant.cube

    @classmethod
    def of(cls, variant: Variant, data: dict[str, Any], result: GameResult, score: list[int]) -> SavedGame:
        """Finished game data (`gamedata.game_to_dict`) of `variant` that ended with `result`, from `score`."""
        history = read_list(data.get("history"), "history", MAX_HISTORY, "events")
        if data.get("variant") != variant.token:
            raise GameStateError(f"a game of {variant.token} was expected, not {data.get('variant')!r}")
        for event in history:
            if not isinstance(event, dict) or event.get("event") not in _EVENT_KINDS:
                raise GameStateError(f"unknown event {event!r}")
            kind = event["event"]
            if kind != "opening":
                read_side(event.get("side"), "side")
            if kind in ("opening", "play", "pass") or "dice" in event:
                read_dice(event.get("dice"))
            if kind == "play" and not (isinstance(event.get("play"), str) and _PLAY_TEXT.fullmatch(event["play"])):
                raise GameStateError(f"play {event.get('play')!r} is not a play's text")
            if kind in ("double", "beaver") and not is_whole_number(event.get("cube")):
                raise GameStateError(f"cube {event.get('cube')!r} is not a whole number")
        return cls(variant, history, result, (score[0], score[1]))


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
