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
    over     `result` holds winner, points and kind; `lose_on_time(side)` ends the
             game in any phase (a game played on clocks)

Everything is saved with `nardcore.gamedata.game_to_dict(game)` (plain JSON types) and read
back, strictly checked, with `gamedata.game_from_dict(data, dice)`: the history
is replayed, so a saved game can only hold what the rules allow. `push()` and `pop()`
play and take back whole turns; each event keeps the state it left behind, so taking
back and copying never replay the history.

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
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .dice import DiceSource, Roll, SystemDice
from .errors import NardError, quoted
from .movegen import Plays, Step, TurnPlanner
from .notation import NotationError, format_play, parse_play
from .plays import LegalPlays, Play
from .position import SIDE_LETTERS, WHITE, Position
from .readers import is_whole_number
from .scoring import GameResult, score_game
from .variant import CHECKERS, Variant, find_variant


def _copied(value: Any) -> Any:
    """A copy of a history event's JSON-like data (dicts, lists, and immutable values):
    what copy.deepcopy gives for it, several times faster (a game is copied at every turn by link)."""
    if isinstance(value, dict):
        return {key: _copied(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_copied(item) for item in value]
    return value

__all__ = ["PHASES", "RESIGN_LEVELS", "Game", "GameError"]

PHASES = ("opening", "cube", "roll", "take", "resign", "move", "over")
# What a backgammon resignation gives up, in multiples of the cube.
RESIGN_LEVELS = {"single": 1, "gammon": 2, "backgammon": 3}


class GameError(NardError):
    """An action that is not allowed in the game's current phase."""


@dataclass(frozen=True)
class _State:
    """What a game holds besides its settings and history, as one of its events left it:
    enough to go back there (`Game.pop`) without replaying the history."""

    position: Position
    phase: str
    dice: Roll | None
    planner: TurnPlanner | None  # a copy of its own, never stepped: restoring copies it again
    cube_value: int
    cube_owner: int | None
    starter: int | None
    result: GameResult | None
    last_roll: bool
    resign_offer: tuple[str, str] | None


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
        # _states[k]: the state once the first k events of the history happened
        self._states: list[_State] = [self._state()]

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
        if white != black:
            starter = WHITE if white > black else 1 - WHITE
            self.starter = starter
            self.position = self.position.with_turn(starter)
            if self.variant.opening_dice_played:
                self._start_move(Roll.of(white, black))
            else:
                self.phase = "roll"  # the starter rolls both dice again
        self._record({"event": "opening", "dice": [white, black]})

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
        turn = next((k for k in range(len(self.history) - 1, -1, -1)
                     if self.history[k].get("event") in ("play", "pass")), None)
        if turn is None:
            raise GameError("no turn to take back")
        popped = self.history[turn]
        self._restore(self._states[turn])
        del self.history[turn:]
        del self._states[turn + 1:]
        return popped

    def copy(self, dice: DiceSource | None = None) -> Game:
        """An independent game in the same state, with its own copy of the dice source, or with
        `dice` instead (a copy for someone who must not know the dice: nothing of the source is
        copied)."""
        twin = object.__new__(Game)
        twin.__dict__.update(self.__dict__)
        twin.dice_source = copy.deepcopy(self.dice_source) if dice is None else dice
        twin.history = [_copied(event) for event in self.history]
        twin.planner = self.planner.copy() if self.planner is not None else None
        twin._states = list(self._states)  # each state is frozen and its planner never stepped
        return twin

    def positions(self) -> list[Position]:
        """The position at the start and after each event of the history, in order (a record
        to step through): `positions()[k]` is the board once the first k events happened."""
        return [state.position for state in self._states]

    def _state(self) -> _State:
        planner = self.planner.copy() if self.planner is not None else None
        return _State(self.position, self.phase, self.dice, planner, self.cube_value, self.cube_owner, self.starter,
                      self.result, self.last_roll, self.resign_offer)

    def _restore(self, state: _State) -> None:
        self.position, self.phase, self.dice = state.position, state.phase, state.dice
        self.planner = state.planner.copy() if state.planner is not None else None
        self.cube_value, self.cube_owner, self.starter = state.cube_value, state.cube_owner, state.starter
        self.result, self.last_roll, self.resign_offer = state.result, state.last_roll, state.resign_offer

    def _record(self, event: dict[str, Any]) -> None:
        """Add `event` to the history, once the game's state shows what it did."""
        self.history.append(event)
        self._states.append(self._state())

    def __repr__(self) -> str:
        dice = f", dice={self.dice.dice}" if self.dice else ""
        return (f"<Game {self.variant.token} {self.phase}{dice}, {len(self.history)} events: "
                f"{self.board}>")

    def _repr_svg_(self) -> str:
        from .svg import render_game  # drawing is only needed in notebooks

        return render_game(self)

    def double(self) -> None:
        """Offer the cube (backgammon, before rolling)."""
        if not self.may_double():
            raise GameError(self._why_no_double())
        side = self.position.turn
        self.phase = "take"
        self._record({"event": "double", "side": SIDE_LETTERS[side], "cube": self.cube_value * 2})

    def take(self) -> None:
        """Accept the cube: the stake doubles and the taker owns the cube."""
        self._expect("take")
        taker = 1 - self.position.turn
        self.cube_value *= 2
        self.cube_owner = taker
        self.phase = "roll"
        self._record({"event": "take", "side": SIDE_LETTERS[taker]})

    def beaver(self) -> None:
        """Take and redouble at once, keeping the cube (money play, option `beaver`)."""
        if not self.may_beaver():
            raise GameError("a beaver needs the option, money play, a double offered and room under the cube limit")
        taker = 1 - self.position.turn
        self.cube_value *= 4
        self.cube_owner = taker
        self.phase = "roll"
        self._record({"event": "beaver", "side": SIDE_LETTERS[taker], "cube": self.cube_value})

    def drop(self) -> None:
        """Refuse the cube: the doubler wins the current stake."""
        self._expect("take")
        doubler = self.position.turn
        self._end(GameResult(doubler, self.cube_value, "drop", self.cube_value))
        self._record({"event": "drop", "side": SIDE_LETTERS[1 - doubler]})

    def resign(self, level: str | None = None) -> None:
        """The side on roll gives up (steps played this turn are taken back first).

        Backgammon: offers to lose a `level` of RESIGN_LEVELS times the cube, which the other
        side accepts or declines. The other games: concedes at once and loses what the game
        scores as it stands (docs/rules-decisions.md), e.g. a mars when no checker is off yet.
        """
        if not self.may_resign():
            raise GameError(f"not now: resigning is for the side on roll, not in the {self.phase!r} phase")
        if self.resign_by_offer and (not isinstance(level, str) or level not in RESIGN_LEVELS):
            raise GameError(f"resign what (level): {', '.join(RESIGN_LEVELS)}, not {quoted(level)}")
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
        if level is None:
            self.dice, self.planner = None, None
            result = score_game(self.position, 1 - side, self.cube_value, self._jacoby())
            self._end(GameResult(result.winner, result.points, result.kind, result.cube, resigned=True))
        else:
            self.resign_offer = (level, self.phase)
            self.phase = "resign"
        self._record(event)

    def accept_resignation(self) -> None:
        """The other side takes what was offered: the game ends."""
        self._expect("resign")
        assert self.resign_offer is not None
        level = self.resign_offer[0]
        winner = 1 - self.position.turn
        multiple = 1 if self._jacoby() and self.cube_value == 1 else RESIGN_LEVELS[level]
        self.resign_offer = None
        self.dice, self.planner = None, None
        self._end(GameResult(winner, multiple * self.cube_value, level, self.cube_value, resigned=True))
        self._record({"event": "accept", "side": SIDE_LETTERS[winner]})

    def decline_resignation(self) -> None:
        """The other side plays on: the game goes back to where it was offered."""
        self._expect("resign")
        assert self.resign_offer is not None
        self.phase = self.resign_offer[1]
        self.resign_offer = None
        self._record({"event": "decline", "side": SIDE_LETTERS[1 - self.position.turn]})

    def lose_on_time(self, side: int) -> None:
        """`side` ran out of time on its clock (a game played live on clocks, docs/live.md): the
        game ends whatever its phase, won by the other side at the cube's value, as a dropped
        double would be. Steps of a turn under way are taken back."""
        if self.phase == "over":
            raise GameError("not now: the game is over")
        if side not in (0, 1):
            raise GameError(f"side must be 0 (white) or 1 (black), not {side!r}")
        if self.phase == "move":
            self.undo_all()
        self.dice, self.planner, self.resign_offer, self.last_roll = None, None, None, False
        self._end(GameResult(1 - side, self.cube_value, "time", self.cube_value, resigned=True))
        self._record({"event": "time", "side": SIDE_LETTERS[side]})

    # -- the end of a turn --------------------------------------------------------------

    def _finish_turn(self, result: Position, text: str) -> None:
        assert self.dice is not None
        side = self.position.turn
        event = {"event": "play" if text else "pass", "side": SIDE_LETTERS[side], "dice": list(self.dice.dice)}
        if text:
            event["play"] = text
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
        elif winner is None:
            self.phase = self._turn_phase()
        elif self.variant.has("last-roll") and winner == self.starter and result.off(1 - winner) == CHECKERS - 1:
            self.last_roll = True  # the second player rolls once more
            self.phase = "roll"
        else:
            self._end(score_game(result, winner, self.cube_value, self._jacoby()))
        self._record(event)

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


_CUBE_VALUES = {2**n for n in range(16)}


def _dice_pair(dice: Sequence[int]) -> tuple[int, int]:
    values = list(dice)
    if len(values) != 2 or not all(is_whole_number(x) and 1 <= x <= 6 for x in values):
        raise GameError(f"dice must be two numbers 1..6, not {dice!r}")
    return int(values[0]), int(values[1])
