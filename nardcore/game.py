"""One game as it is played: opening roll, cube, turns step by step, end and score.

A `Game` is the mutable flow around the immutable rules. Its `phase` says what
may happen next, and `to_act` who acts:

    opening  nobody has moved yet: `roll()` does the opening roll (one die each,
             ties again); backgammon's starter plays those two dice, in the
             other games the starter then rolls both dice
    cube     backgammon, before rolling: `double()` or `roll()`
    roll     `roll()`
    take     the doubled side answers: `take()`, `drop()` or (option) `beaver()`
    resign   backgammon: the side on roll offered to resign (`resign(level)`); the
             other side answers `accept_resignation()` or `decline_resignation()`
    move     dice are rolled: `step()`/`undo()` one checker at a time and
             `confirm()`, or `play(text or result)` for the whole turn; with no
             legal play `confirm()` passes
    over     `result` holds winner, points and kind

Everything is saved with `to_dict()` (plain JSON types) and read back, strictly
checked, with `Game.from_dict(data, dice)`: the history is replayed, so a saved
game can only hold what the rules allow.

>>> from nardcore.dice import PresetDice
>>> game = Game("narde", PresetDice([5, 2, 6, 5]))
>>> game.roll()          # opening: white 5, black 2, so white starts and rolls again
>>> game.phase, game.to_act
('roll', 0)
>>> game.roll()
>>> game.dice
Roll(high=6, low=5)
>>> game.play("24/13")
>>> game.history[-1]
{'event': 'play', 'side': 'w', 'dice': [6, 5], 'play': '24/13'}
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .dice import DiceSource, Roll, SystemDice
from .errors import NardError
from .movegen import Plays, Step, TurnPlanner
from .notation import NotationError, format_play, parse_play
from .plays import LegalPlays, Play
from .position import SIDE_LETTERS, WHITE, Position, PositionError
from .variant import BAR, CHECKERS, OFF, Variant, VariantError, find_variant

__all__ = ["PHASES", "RESIGN_LEVELS", "Game", "GameError", "GameResult", "GameStateError", "score_game"]

PHASES = ("opening", "cube", "roll", "take", "resign", "move", "over")
# What a backgammon resignation gives up, in multiples of the cube.
RESIGN_LEVELS = {"single": 1, "gammon": 2, "backgammon": 3}
STATE_VERSION = 1
MAX_HISTORY = 1500  # far beyond any real game; bounds the work of loading a stranger's data


class GameError(NardError):
    """An action that is not allowed in the game's current phase."""


class GameStateError(NardError):
    """Saved or shared data that does not describe a valid game; the message says what is wrong."""


@dataclass(frozen=True)
class GameResult:
    """How a game ended: `winner` (0 white, 1 black, None for a draw), `points` won, and `kind`.

    Kinds: single, gammon, backgammon, drop (backgammon); oin, mars, koks (narde);
    checkers, mars (khachapuri); single, mars (moultezim); checkers (tawla31); draw.
    `cube` is the cube value the points were multiplied by; `resigned`: the loser gave up
    (the kind is then what was given up, or what the game scored as it stood).
    """

    winner: int | None
    points: int
    kind: str
    cube: int = 1
    resigned: bool = False

    def to_dict(self) -> dict[str, Any]:
        winner = None if self.winner is None else SIDE_LETTERS[self.winner]
        data: dict[str, Any] = {"winner": winner, "points": self.points, "kind": self.kind, "cube": self.cube}
        if self.resigned:
            data["resigned"] = True
        return data

    @classmethod
    def from_dict(cls, data: Any) -> GameResult:
        data = _expect_dict(data, "result", {"winner", "points", "kind", "cube", "resigned"},
                            {"winner", "points", "kind"})
        winner = _side(data["winner"], "result.winner", allow_none=True)
        points = _int(data["points"], "result.points", 0, 10**6)
        kind = data["kind"]
        if kind not in _KINDS:
            raise GameStateError(f"result.kind {kind!r} is not one of {', '.join(sorted(_KINDS))}")
        cube = _int(data.get("cube", 1), "result.cube", 1, 2**15)
        if (winner is None) != (kind == "draw"):
            raise GameStateError(f"result {data!r}: only a draw has no winner")
        resigned = _bool(data.get("resigned", False), "result.resigned")
        if resigned and kind in ("draw", "drop"):
            raise GameStateError(f"result {data!r}: a {kind} is not a resignation")
        return cls(winner, points, kind, cube, resigned)


_KINDS = {"single", "gammon", "backgammon", "drop", "oin", "mars", "koks", "checkers", "draw"}


def score_game(position: Position, winner: int, cube: int = 1, jacoby: bool = False) -> GameResult:
    """Points for `winner` in a finished game, by the variant's scoring (`Variant.scoring`,
    docs/RULES.md §3–7), times the cube.

    `jacoby`: money play with the Jacoby rule, so gammons count only once the cube was turned.
    """
    variant = position.variant
    loser = position.boards[1 - winner]
    levels = variant.scoring.levels(variant.options)
    kind, points = levels[0]
    if loser[OFF] == 0 and len(levels) > 1:  # the loser bore off none: a mars (gammon)
        kind, points = levels[1]
        if len(levels) > 2 and any(loser[19:BAR + 1]):  # and is still back (or on the bar)
            kind, points = levels[2]
    if not points:
        points = CHECKERS - loser[OFF]
    if jacoby and cube == 1:
        points = levels[0][1]
    return GameResult(winner, points * cube, kind, cube)


class Game:
    """One game of any variant; see the module docstring for the phases.

    `dice` is the dice source (`SeededDice`, `PresetDice`, `SystemDice`; default
    system entropy). `position` sets up a position instead of the start (then the
    position's turn moves first and there is no opening roll); `starter` skips the
    opening roll and lets that side (0 white, 1 black) move first. Inside a match
    `match_length` > 0 and `crawford` marks the Crawford game; `match_length` 0 is
    a single game, money play for backgammon (where `jacoby` and `beaver` apply);
    `score` is the match score (white, black) before this game.
    `cube`/`cube_owner` set the cube (owner None = centred).
    """

    def __init__(
        self,
        variant: Variant | str,
        dice: DiceSource | None = None,
        *,
        position: Position | None = None,
        starter: int | None = None,
        match_length: int = 0,
        crawford: bool = False,
        score: tuple[int, int] = (0, 0),
        cube: int = 1,
        cube_owner: int | None = None,
    ) -> None:
        self.variant = find_variant(variant) if isinstance(variant, str) else variant
        self.dice_source: DiceSource = dice if dice is not None else SystemDice()
        if starter not in (None, 0, 1):
            raise GameError(f"starter must be 0 (white), 1 (black) or None, not {starter!r}")
        if position is not None and position.variant != self.variant:
            raise GameError(f"the position is {position.variant.token}, the game {self.variant.token}")
        self.opening = position is None and starter is None
        if position is None:
            position = Position.start(self.variant, WHITE if starter is None else starter)
        elif starter is not None:
            position = position.with_turn(starter)
        if position.winner() is not None:
            raise GameError(f"the game cannot start from a finished position: {position}")
        self.start = position
        self.position = position
        self.match_length = match_length
        self.crawford = crawford
        self.score = (int(score[0]), int(score[1]))
        self.start_cube = cube
        self.start_cube_owner = cube_owner
        self.cube_value = cube
        self.cube_owner = cube_owner
        self._check_settings()
        self.starter: int | None = None if self.opening else position.turn
        self.dice: Roll | None = None
        self.planner: TurnPlanner | None = None
        self.history: list[dict[str, Any]] = []
        self.result: GameResult | None = None
        self.last_roll = False  # narde `last-roll`: the second player's extra roll is under way
        self.resign_offer: tuple[str, str] | None = None  # (level, phase to go back to if declined)
        self.phase = "opening" if self.opening else self._turn_phase()

    def _check_settings(self) -> None:
        if not isinstance(self.match_length, int) or not 0 <= self.match_length <= 9999:
            raise GameError(f"match length must be 0..9999, not {self.match_length!r}")
        if self.crawford and (self.match_length == 0 or not self.variant.cube):
            raise GameError("only a backgammon match has a Crawford game")
        if self.match_length and max(self.score) >= self.match_length or min(self.score) < 0:
            raise GameError(f"match score {self.score} does not fit a match to {self.match_length}")
        if not self.match_length and self.score != (0, 0):
            raise GameError("a single game has no match score")
        value, owner = self.cube_value, self.cube_owner
        if not self.variant.cube and (value != 1 or owner is not None):
            raise GameError(f"{self.variant.name} has no cube")
        if value not in _CUBE_VALUES or value > self.variant.cube_limit:
            raise GameError(f"cube value {value!r} is not a power of two up to {self.variant.cube_limit}")
        if owner not in (None, 0, 1) or (value == 1) != (owner is None):
            raise GameError(f"cube owner {owner!r} with value {value}: the cube is centred exactly at 1")

    # -- what the UI asks -----------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        """The side that acts now (0 white, 1 black); None when the game is over."""
        if self.phase == "over":
            return None
        if self.phase in ("take", "resign"):
            return 1 - self.position.turn
        return self.position.turn

    @property
    def money(self) -> bool:
        """A single game outside a match: backgammon's money options apply."""
        return self.match_length == 0

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def may_double(self, side: int | None = None) -> bool:
        """True when `side` (default: the side to act) may offer the cube now."""
        side = self.to_act if side is None else side
        return self.phase == "cube" and side == self.position.turn and self._cube_available(side)

    def _cube_available(self, side: int) -> bool:
        return (
            self.variant.cube
            and not self.crawford
            and self.cube_owner in (None, side)
            and self.cube_value * 2 <= self.variant.cube_limit
        )

    def may_resign(self) -> bool:
        """The side on roll may give up now: on its turn, before or after rolling."""
        return self.phase in ("cube", "roll", "move") and not self.last_roll

    @property
    def resign_by_offer(self) -> bool:
        """Games with a cube (backgammon) resign by an offer the other side may decline; the
        others concede at once."""
        return self.variant.cube

    def may_beaver(self) -> bool:
        return (
            self.phase == "take"
            and self.money
            and self.variant.has("beaver")
            and self.cube_value * 4 <= self.variant.cube_limit
        )

    @property
    def steps(self) -> tuple[Step, ...]:
        """Steps played so far in the turn under way."""
        return self.planner.steps if self.planner else ()

    def steps_now(self) -> list[Step]:
        """Steps that may be played next (each can be completed into a legal play)."""
        return self.planner.steps_now() if self.planner and self.phase == "move" else []

    def destinations(self, origin: int) -> dict[int, tuple[Step, ...]]:
        """Where the checker on `origin` (mover's numbering, 25 = bar) may go now, with the steps."""
        return self.planner.destinations(origin) if self.planner and self.phase == "move" else {}

    def held_back(self, origin: int) -> str | None:
        """Why the checker on `origin` may not move now (see TurnPlanner.held_back), or None."""
        return self.planner.held_back(origin) if self.planner and self.phase == "move" else None

    @property
    def board(self) -> Position:
        """The board as it stands, including steps of the turn under way (the mover's turn)."""
        if self.planner is not None and self.phase == "move":
            return self.planner.position
        return self.position

    @property
    def turn_done(self) -> bool:
        """In the move phase: the steps so far make a whole play, so `confirm()` may be called."""
        return self.phase == "move" and self.planner is not None and self.planner.done

    def plays(self) -> Plays:
        """The legal plays for the dice rolled: result position (turn passed) → steps. Empty: none."""
        if self.phase != "move" or self.planner is None:
            return {}
        graph = self.planner.graph
        if graph.root in graph.finals:
            return {}
        return graph.plays()

    # -- actions ----------------------------------------------------------------------

    def roll(self, dice: Sequence[int] | None = None) -> None:
        """Roll the dice (or use `dice`, e.g. dice thrown by hand).

        In the opening phase, `dice` is one round of the opening roll: (white's die,
        black's die); a tie is recorded and the phase stays "opening". Without
        `dice` the opening is rolled until it is decided.
        """
        if self.phase == "opening":
            if dice is not None:
                self._opening_round(_dice_pair(dice))
            while self.phase == "opening" and dice is None:
                self._opening_round((self.dice_source.die(), self.dice_source.die()))
            return
        self._expect("cube", "roll")
        if dice is None:
            rolled = Roll.of(self.dice_source.die(), self.dice_source.die())
        else:
            rolled = Roll.of(*_dice_pair(dice))
        self._start_move(rolled)

    def _opening_round(self, dice: tuple[int, int]) -> None:
        white, black = dice
        self.history.append({"event": "opening", "dice": [white, black]})
        if white == black:
            return
        starter = WHITE if white > black else 1 - WHITE
        self.starter = starter
        self.position = self.position.with_turn(starter)
        if self.variant.opening_dice_played:
            self._start_move(Roll.of(white, black))
        else:
            self.phase = "roll"  # the starter rolls both dice again

    def _start_move(self, rolled: Roll) -> None:
        self.dice = rolled
        self.planner = TurnPlanner(self.position, rolled.dice)
        self.phase = "move"

    def step(self, step: Step | Sequence[int]) -> None:
        """Play one step of the turn: a `Step`, or (origin, target, die)."""
        self._expect("move")
        assert self.planner is not None
        wanted = step if isinstance(step, Step) else None
        if wanted is None:
            origin, target, die = (int(x) for x in list(step)[:3])
            for candidate in self.planner.steps_now():
                if (candidate.origin, candidate.target, candidate.die) == (origin, target, die):
                    wanted = candidate
                    break
            else:
                raise GameError(f"step {origin}->{target} with {die} is not legal now")
        try:
            self.planner.step(wanted)
        except ValueError as error:
            raise GameError(str(error)) from None

    def undo(self) -> Step | None:
        """Take back the last step of the turn under way (None if there is none)."""
        self._expect("move")
        assert self.planner is not None
        return self.planner.undo()

    def undo_all(self) -> None:
        """Take back every step of the turn under way."""
        while self.undo() is not None:
            pass

    def confirm(self) -> None:
        """End the turn with the steps played (they must make a whole legal play)."""
        self._expect("move")
        assert self.planner is not None and self.dice is not None
        if not self.planner.done:
            raise GameError("the steps so far are not a whole legal play: play on or undo")
        self._finish_turn(self.planner.result(), format_play(self.position, self.planner.steps))

    def play(self, play: str | Position | Play) -> None:
        """Play a whole turn: notation text (`"24/18 13/11"`), a result position from `plays()`,
        or a `Play` of `legal()`."""
        self._expect("move")
        if isinstance(play, Play):
            play = play.result
        assert self.planner is not None and self.dice is not None
        graph = self.planner.graph
        if isinstance(play, str):
            try:
                result = parse_play(self.position, self.dice.dice, play, graph=graph)
            except NotationError as error:
                raise GameError(str(error)) from None
        else:
            result = play
        if graph.root in graph.finals:  # no legal play: only passing is possible
            if result != self.position.pass_turn():
                raise GameError(f"no legal play with {self.dice}: the turn passes")
            self._finish_turn(result, "")
            return
        for node in graph.finals:
            if graph.result(node) == result:
                self._finish_turn(result, format_play(self.position, graph.path_to(node)))
                return
        raise GameError(f"{result} is not the result of a legal play with {self.dice}")

    def legal(self) -> LegalPlays:
        """The legal plays of the roll on the board, as a collection of `Play`s."""
        self._expect("move")
        assert self.dice is not None
        return LegalPlays(self.position, self.dice.dice)

    def push(self, play: str | Position | Play) -> None:
        """Roll if the dice are not rolled yet (from the game's dice source), then play the
        whole turn `play` (as `play()` takes it; "" passes a roll with no legal play)."""
        if self.phase in ("cube", "roll"):
            self.roll()
        if self.phase == "move" and not self.plays() and play in ("", self.position.pass_turn()):
            self.confirm()
            return
        self.play(play)

    def pop(self) -> dict[str, Any]:
        """Take back the last whole turn (a play or a pass, with the cube actions after it and
        the steps of a turn under way); the game is as it was before that turn's roll. Answers
        the history event taken back. GameError when no turn was played."""
        turns = [i for i, event in enumerate(self.history) if event.get("event") in ("play", "pass")]
        if not turns:
            raise GameError("no turn to take back")
        keep = self.history[: turns[-1]]
        again = Game._rebuilt(self, keep)
        popped = self.history[turns[-1]]
        self.__dict__.update(again.__dict__)
        return popped

    def copy(self) -> Game:
        """An independent game in the same state, with its own copy of the dice source."""
        return Game.from_dict(self.to_dict(), copy.deepcopy(self.dice_source))

    @staticmethod
    def _rebuilt(game: Game, history: list[dict[str, Any]]) -> Game:
        data = game.to_dict(history=True)
        fresh = Game(game.variant, game.dice_source, position=None if data["opening"] else game.start,
                     starter=None if data["opening"] else game.start.turn, match_length=game.match_length,
                     crawford=game.crawford, score=game.score, cube=game.start_cube, cube_owner=game.start_cube_owner)
        for event in history:
            fresh._replay(dict(event))
        return fresh

    def positions(self) -> list[Position]:
        """The position at the start and after each event of the history, in order (a record
        to step through): `positions()[k]` is the board once the first k events happened."""
        replay = Game._rebuilt(self, [])
        found = [replay.position]
        for event in self.history:
            replay._replay(dict(event))
            found.append(replay.position)
        return found

    def __repr__(self) -> str:
        dice = f", dice={self.dice.dice}" if self.dice else ""
        return (f"<Game {self.variant.token} {self.phase}{dice}, {len(self.history)} events: "
                f"{self.board}>")

    def _repr_svg_(self) -> str:
        from .svg import render  # drawing is only needed in notebooks

        return render(self.board, dice=self.dice.dice if self.dice else None)

    def double(self) -> None:
        """Offer the cube (backgammon, before rolling)."""
        if not self.may_double():
            raise GameError(self._why_no_double())
        side = self.position.turn
        self.history.append({"event": "double", "side": SIDE_LETTERS[side], "cube": self.cube_value * 2})
        self.phase = "take"

    def take(self) -> None:
        """Accept the cube: the stake doubles and the taker owns the cube."""
        self._expect("take")
        taker = 1 - self.position.turn
        self.cube_value *= 2
        self.cube_owner = taker
        self.history.append({"event": "take", "side": SIDE_LETTERS[taker]})
        self.phase = "roll"

    def beaver(self) -> None:
        """Take and redouble at once, keeping the cube (money play, option `beaver`)."""
        if not self.may_beaver():
            raise GameError("a beaver needs the option, money play, a double offered and room under the cube limit")
        taker = 1 - self.position.turn
        self.cube_value *= 4
        self.cube_owner = taker
        self.history.append({"event": "beaver", "side": SIDE_LETTERS[taker], "cube": self.cube_value})
        self.phase = "roll"

    def drop(self) -> None:
        """Refuse the cube: the doubler wins the current stake."""
        self._expect("take")
        doubler = self.position.turn
        self.history.append({"event": "drop", "side": SIDE_LETTERS[1 - doubler]})
        self.result = GameResult(doubler, self.cube_value, "drop", self.cube_value)
        self.phase = "over"

    def resign(self, level: str | None = None) -> None:
        """The side on roll gives up (steps played this turn are taken back first).

        Backgammon: offers to lose a `level` of RESIGN_LEVELS times the cube, which the other
        side accepts or declines. The other games: concedes at once and loses what the game
        scores as it stands (docs/rules-decisions.md), e.g. a mars when no checker is off yet.
        """
        if not self.may_resign():
            raise GameError(f"not now: resigning is for the side on roll, not in the {self.phase!r} phase")
        if self.resign_by_offer and level not in RESIGN_LEVELS:
            raise GameError(f"resign what: {', '.join(RESIGN_LEVELS)}, not {level!r}")
        if not self.resign_by_offer and level is not None:
            raise GameError(f"{self.variant.name} is conceded as it stands, without a level")
        side = self.position.turn
        event: dict[str, Any] = {"event": "resign", "side": SIDE_LETTERS[side]}
        if level is not None:
            event["level"] = level
        if self.phase == "move":
            assert self.dice is not None
            self.undo_all()
            event["dice"] = list(self.dice.dice)
        self.history.append(event)
        if level is None:
            self.dice, self.planner = None, None
            result = score_game(self.position, 1 - side, self.cube_value, self._jacoby())
            self._end(GameResult(result.winner, result.points, result.kind, result.cube, resigned=True))
            return
        self.resign_offer = (level, self.phase)
        self.phase = "resign"

    def accept_resignation(self) -> None:
        """The other side takes what was offered: the game ends."""
        self._expect("resign")
        assert self.resign_offer is not None
        level = self.resign_offer[0]
        winner = 1 - self.position.turn
        multiple = 1 if self._jacoby() and self.cube_value == 1 else RESIGN_LEVELS[level]
        self.history.append({"event": "accept", "side": SIDE_LETTERS[winner]})
        self.resign_offer = None
        self.dice, self.planner = None, None
        self._end(GameResult(winner, multiple * self.cube_value, level, self.cube_value, resigned=True))

    def decline_resignation(self) -> None:
        """The other side plays on: the game goes back to where it was offered."""
        self._expect("resign")
        assert self.resign_offer is not None
        self.history.append({"event": "decline", "side": SIDE_LETTERS[1 - self.position.turn]})
        self.phase = self.resign_offer[1]
        self.resign_offer = None

    # -- the end of a turn --------------------------------------------------------------

    def _finish_turn(self, result: Position, text: str) -> None:
        assert self.dice is not None
        side = self.position.turn
        event = {"event": "play" if text else "pass", "side": SIDE_LETTERS[side], "dice": list(self.dice.dice)}
        if text:
            event["play"] = text
        self.history.append(event)
        self.position = result
        self.dice = None
        self.planner = None
        winner = result.winner()
        if self.last_roll:
            self.last_roll = False
            if result.off(side) == CHECKERS:
                self._end(GameResult(None, 0, "draw"))  # the second player finished too
            else:
                self._end(score_game(result, 1 - side))
            return
        if winner is not None:
            if (
                self.variant.has("last-roll")
                and winner == self.starter
                and result.off(1 - winner) == CHECKERS - 1
            ):
                self.last_roll = True  # the second player rolls once more
                self.phase = "roll"
                return
            self._end(score_game(result, winner, self.cube_value, self._jacoby()))
            return
        self.phase = self._turn_phase()

    def _jacoby(self) -> bool:
        return self.money and self.variant.has("jacoby")

    def _end(self, result: GameResult) -> None:
        self.result = result
        self.phase = "over"

    def _turn_phase(self) -> str:
        return "cube" if self._cube_available(self.position.turn) else "roll"

    def _expect(self, *phases: str) -> None:
        if self.phase not in phases:
            raise GameError(f"not now: the game is in the {self.phase!r} phase, this needs {' or '.join(phases)}")

    def _why_no_double(self) -> str:
        if not self.variant.cube:
            return f"{self.variant.name} has no cube"
        if self.phase != "cube":
            return f"the cube is offered before rolling, not in the {self.phase!r} phase"
        if self.crawford:
            return "no doubling in the Crawford game"
        if self.cube_owner not in (None, self.position.turn):
            return "the opponent owns the cube"
        return f"the cube is at its limit ({self.variant.cube_limit})"

    # -- saving ---------------------------------------------------------------------

    def to_dict(self, history: bool = True) -> dict[str, Any]:
        """The whole game as plain JSON types (schema version 1).

        The history is what the game is rebuilt from; `position`, `phase`, `cube`,
        `cube_owner` and `result` are stored too, for readers and as a check.
        """
        data: dict[str, Any] = {
            "version": STATE_VERSION,
            "variant": self.variant.token,
            "start": str(self.start),
            "opening": self.opening,
            "match_length": self.match_length,
            "crawford": self.crawford,
            "score": list(self.score),
            "start_cube": self.start_cube,
            "start_cube_owner": _letter(self.start_cube_owner),
            "history": [dict(event) for event in self.history] if history else None,
            "dice": list(self.dice.dice) if self.dice else None,
            "steps": [[s.origin, s.target, s.die] for s in self.steps],
            "position": str(self.position),
            "phase": self.phase,
            "cube": self.cube_value,
            "cube_owner": _letter(self.cube_owner),
            "result": self.result.to_dict() if self.result else None,
        }
        if not history:
            del data["history"]
        return data

    @classmethod
    def from_dict(cls, data: Any, dice: DiceSource | None = None) -> Game:
        """Rebuild a game from `to_dict()` data, replaying its history; raises GameStateError.

        Data without a history (`to_dict(history=False)`) starts from `position` as a
        set-up position with the stored cube, phase and dice.
        """
        data = _expect_dict(data, "game", _GAME_KEYS, _GAME_KEYS - {"history"})
        if data["version"] != STATE_VERSION:
            raise GameStateError(f"game data version {data['version']!r} is not {STATE_VERSION}")
        try:
            variant = find_variant(_str(data["variant"], "variant", 200))
            start = Position.parse(_str(data["start"], "start", 400))
            position = Position.parse(_str(data["position"], "position", 400))
        except (VariantError, PositionError) as error:
            raise GameStateError(str(error)) from None
        for name, value in (("start", start), ("position", position)):
            if value.variant != variant:
                raise GameStateError(f"{name} {value} is not a {variant.token} position")
        opening = _bool(data["opening"], "opening")
        match_length = _int(data["match_length"], "match_length", 0, 9999)
        crawford = _bool(data["crawford"], "crawford")
        score = data["score"]
        if not isinstance(score, list) or len(score) != 2:
            raise GameStateError(f"score must be [white, black], not {score!r}")
        score = (_int(score[0], "score", 0, 9999), _int(score[1], "score", 0, 9999))
        phase = data["phase"]
        if phase not in PHASES:
            raise GameStateError(f"phase {phase!r} is not one of {', '.join(PHASES)}")
        history = data.get("history")
        if history is None:
            return cls._from_setup(data, variant, position, match_length, crawford, score, dice)
        if not isinstance(history, list) or len(history) > MAX_HISTORY:
            raise GameStateError(f"history must be a list of at most {MAX_HISTORY} events")
        try:
            game = cls(
                variant,
                dice,
                position=None if opening and start == Position.start(variant) else start,
                starter=None if opening else start.turn,
                match_length=match_length,
                crawford=crawford,
                score=score,
                cube=_int(data["start_cube"], "start_cube", 1, 2**15),
                cube_owner=_side(data["start_cube_owner"], "start_cube_owner", allow_none=True),
            )
        except GameError as error:
            raise GameStateError(str(error)) from None
        if opening and not game.opening:
            raise GameStateError(f"a game with an opening roll starts from the start position, not {start}")
        for number, event in enumerate(history):
            try:
                game._replay(event)
            except (GameError, GameStateError, NotationError, ValueError) as error:
                raise GameStateError(f"history event {number} {event!r}: {error}") from None
        game._replay_pending(data)
        game._check_stored(data)
        return game

    @classmethod
    def _from_setup(
        cls,
        data: dict[str, Any],
        variant: Variant,
        position: Position,
        match_length: int,
        crawford: bool,
        score: tuple[int, int],
        dice: DiceSource | None,
    ) -> Game:
        phase = data["phase"]
        if phase in ("opening", "over"):
            raise GameStateError(f"a game without history cannot be in the {phase!r} phase")
        cube = _int(data["cube"], "cube", 1, 2**15)
        owner = _side(data["cube_owner"], "cube_owner", allow_none=True)
        try:
            game = cls(
                variant, dice, position=position, match_length=match_length, crawford=crawford, score=score,
                cube=cube, cube_owner=owner,
            )
        except GameError as error:
            raise GameStateError(str(error)) from None
        if phase == "take":
            if not game._cube_available(position.turn):
                raise GameStateError("a double is offered, but the side on roll may not double")
            game.phase = "cube"
            game.double()
        elif phase == "cube" and game.phase != "cube":
            raise GameStateError("phase 'cube', but the side on roll may not double")
        elif phase == "roll":
            game.phase = "roll"
        game._replay_pending(data)
        game._check_stored(data)
        return game

    def _replay(self, event: Any) -> None:
        if not isinstance(event, dict):
            raise GameStateError("an event is an object")
        kind = event.get("event")
        side = _side(event.get("side"), "side", allow_none=kind == "opening")
        if kind == "opening":
            _expect_dict(event, "opening event", {"event", "dice"}, {"event", "dice"})
            self._expect("opening")
            self.roll(_dice_list(event["dice"]))
            return
        if side != self.to_act:
            raise GameStateError(f"it is {_letter(self.to_act)}'s turn to act, not {event.get('side')!r}'s")
        if kind in ("play", "pass"):
            keys = {"event", "side", "dice", "play"} if kind == "play" else {"event", "side", "dice"}
            _expect_dict(event, f"{kind} event", keys, keys)
            rolled = Roll.of(*_dice_list(event["dice"]))
            if self.phase == "move":
                if self.dice != rolled:
                    raise GameStateError(f"the dice were {self.dice}, not {rolled}")
            else:
                self.roll(rolled.dice)
            if kind == "pass":
                if self.plays():
                    raise GameStateError(f"a legal play exists with {rolled}")
                self.confirm()
            else:
                self.play(_str(event["play"], "play", 200))
        elif kind == "double":
            _expect_dict(event, "double event", {"event", "side", "cube"}, {"event", "side"})
            self.double()
        elif kind in ("take", "drop"):
            _expect_dict(event, f"{kind} event", {"event", "side"}, {"event", "side"})
            self.take() if kind == "take" else self.drop()
        elif kind == "beaver":
            _expect_dict(event, "beaver event", {"event", "side", "cube"}, {"event", "side"})
            self.beaver()
        elif kind == "resign":
            _expect_dict(event, "resign event", {"event", "side", "level", "dice"}, {"event", "side"})
            if "dice" in event:  # offered after rolling: the roll is not an event of its own
                rolled = Roll.of(*_dice_list(event["dice"]))
                if self.phase != "move":
                    self.roll(rolled.dice)
                elif self.dice != rolled:
                    raise GameStateError(f"the dice were {self.dice}, not {rolled}")
            self.resign(event.get("level"))
        elif kind in ("accept", "decline"):
            _expect_dict(event, f"{kind} event", {"event", "side"}, {"event", "side"})
            self.accept_resignation() if kind == "accept" else self.decline_resignation()
        else:
            raise GameStateError(f"unknown event {kind!r}")

    def _replay_pending(self, data: dict[str, Any]) -> None:
        """The turn under way: dice rolled and steps played but not yet confirmed."""
        dice = data["dice"]
        steps = data["steps"]
        if not isinstance(steps, list) or len(steps) > 4:
            raise GameStateError("steps must be a list of at most 4 [origin, target, die]")
        if dice is None:
            if steps:
                raise GameStateError("steps are stored but no dice")
            return
        rolled = Roll.of(*_dice_list(dice))
        if self.phase == "move" or (self.phase == "resign" and self.dice is not None):
            if self.dice != rolled:
                raise GameStateError(f"the dice were {self.dice}, not {rolled}")
        else:
            try:
                self.roll(rolled.dice)
            except GameError as error:
                raise GameStateError(f"dice {dice!r}: {error}") from None
        for item in steps:
            if not isinstance(item, list) or len(item) != 3 or not all(_is_int(x) for x in item):
                raise GameStateError(f"a step is [origin, target, die], not {item!r}")
            try:
                self.step(item)
            except GameError as error:
                raise GameStateError(f"step {item!r}: {error}") from None

    def _check_stored(self, data: dict[str, Any]) -> None:
        """The stored summary must agree with the game rebuilt from the history."""
        expected = {
            "position": str(self.position),
            "phase": self.phase,
            "cube": self.cube_value,
            "cube_owner": _letter(self.cube_owner),
            "result": self.result.to_dict() if self.result else None,
        }
        for key, value in expected.items():
            if data[key] != value:
                raise GameStateError(f"stored {key} {data[key]!r} does not match the game's history ({value!r})")


_CUBE_VALUES = {2**n for n in range(16)}
_GAME_KEYS = {
    "version", "variant", "start", "opening", "match_length", "crawford", "score", "start_cube", "start_cube_owner",
    "history", "dice", "steps", "position", "phase", "cube", "cube_owner", "result",
}


# -- strict readers for untrusted data --------------------------------------------------


def _expect_dict(data: Any, what: str, allowed: set[str], required: set[str]) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise GameStateError(f"{what} must be an object, not {type(data).__name__}")
    unknown = set(data) - allowed
    if unknown:
        raise GameStateError(f"{what} has unknown fields: {', '.join(sorted(map(str, unknown)))}")
    missing = required - set(data)
    if missing:
        raise GameStateError(f"{what} lacks fields: {', '.join(sorted(missing))}")
    return data


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int(value: Any, what: str, low: int, high: int) -> int:
    if not _is_int(value) or not low <= value <= high:
        raise GameStateError(f"{what} must be a whole number {low}..{high}, not {value!r}")
    return int(value)


def _bool(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise GameStateError(f"{what} must be true or false, not {value!r}")
    return value


def _str(value: Any, what: str, limit: int) -> str:
    if not isinstance(value, str) or len(value) > limit:
        raise GameStateError(f"{what} must be text of at most {limit} characters")
    return value


def _side(value: Any, what: str, allow_none: bool = False) -> int | None:
    if value is None and allow_none:
        return None
    if value in ("w", "b"):
        return SIDE_LETTERS.index(value)
    raise GameStateError(f"{what} must be 'w' or 'b'{' or null' if allow_none else ''}, not {value!r}")


def _letter(side: int | None) -> str | None:
    return None if side is None else SIDE_LETTERS[side]


def _dice_list(value: Any) -> list[int]:
    if not isinstance(value, list) or len(value) != 2 or not all(_is_int(x) and 1 <= x <= 6 for x in value):
        raise GameStateError(f"dice must be two numbers 1..6, not {value!r}")
    return [int(x) for x in value]


def _dice_pair(dice: Sequence[int]) -> tuple[int, int]:
    values = list(dice)
    if len(values) != 2 or not all(_is_int(x) and 1 <= x <= 6 for x in values):
        raise GameError(f"dice must be two numbers 1..6, not {dice!r}")
    return int(values[0]), int(values[1])


def event_text(event: Mapping[str, Any], side_prefix: bool = True) -> str:
    """One history event as a line of text, e.g. `w 65: 24/18 13/11` (without `w ` if not `side_prefix`)."""
    kind = event.get("event")
    side = event.get("side", "") if side_prefix else ""
    if kind == "opening":
        white, black = event["dice"]
        return f"opening roll: white {white}, black {black}" + (" (tie, again)" if white == black else "")
    lead = f"{side} " if side else ""
    if kind == "play":
        return f"{lead}{event['dice'][0]}{event['dice'][1]}: {event['play']}"
    if kind == "pass":
        return f"{lead}{event['dice'][0]}{event['dice'][1]}: no legal play"
    if kind in ("double", "beaver"):
        return f"{lead}{kind}s to {event.get('cube', '?')}"
    if kind == "resign":
        return f"{lead}resigns" + (f" a {event['level']}" if event.get("level") else "")
    return f"{lead}{kind}s"
