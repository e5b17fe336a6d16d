"""A game saved as plain JSON types, and read back strictly (`game_to_dict`, `game_from_dict`).

The history is what a game is rebuilt from: every event is replayed through the rules,
so saved data can only hold what the rules allow. The position, phase, cube and result
are stored too, for readers and as a check; data without a history starts from the
stored position as a set-up game. Anything wrong raises `GameStateError` saying what.
`event_text` writes one event of the history as a line of text; `events_kept` tells how much of
a history read before still begins a game's.

>>> from nardcore.dice import PresetDice
>>> from nardcore.game import Game
>>> game = Game("narde", PresetDice([5, 2, 6, 5]))
>>> game.roll(); game.roll(); game.play("24/13")
>>> data = game_to_dict(game)
>>> data["history"][-1], data["position"]
({'event': 'play', 'side': 'w', 'dice': [6, 5], 'play': '24/13'}, 'narde:b:24x14,13:24x15')
>>> game_from_dict(data).position == game.position
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .dice import DiceSource, Roll
from .game import PHASES, Game, GameError
from .notation import NotationError
from .position import SIDE_LETTERS, Position, PositionError
from .readers import (
    GameStateError,
    is_whole_number,
    read_bool,
    read_dice,
    read_int,
    read_list,
    read_object,
    read_side,
    read_text,
)
from .scoring import GameResult
from .variant import Variant, VariantError, find_variant

__all__ = [
    "MAX_HISTORY",
    "STATE_VERSION",
    "event_text",
    "game_from_dict",
    "game_to_dict",
    "result_from_dict",
    "result_to_dict",
]

STATE_VERSION = 1
MAX_HISTORY = 1500  # far beyond any real game; bounds the work of loading a stranger's data
RESULT_KINDS = {"single", "gammon", "backgammon", "drop", "oin", "mars", "koks", "checkers", "draw", "time"}
_GAME_KEYS = {
    "version", "variant", "start", "opening", "match_length", "crawford", "score", "start_cube", "start_cube_owner",
    "history", "dice", "steps", "position", "phase", "cube", "cube_owner", "result",
}


# -- a game's result ----------------------------------------------------------------------


def result_to_dict(result: GameResult) -> dict[str, Any]:
    """A game's result as plain JSON types (`resigned` only when it is true)."""
    winner = None if result.winner is None else SIDE_LETTERS[result.winner]
    data: dict[str, Any] = {"winner": winner, "points": result.points, "kind": result.kind, "cube": result.cube}
    if result.resigned:
        data["resigned"] = True
    return data


def result_from_dict(data: Any) -> GameResult:
    """Read `result_to_dict` data strictly; raises GameStateError."""
    data = read_object(data, "result", {"winner", "points", "kind", "cube", "resigned"}, {"winner", "points", "kind"})
    winner = read_side(data["winner"], "result.winner", allow_none=True)
    points = read_int(data["points"], "result.points", 0, 10**6)
    kind = data["kind"]
    if kind not in RESULT_KINDS:
        raise GameStateError(f"result.kind {kind!r} is not one of {', '.join(sorted(RESULT_KINDS))}")
    cube = read_int(data.get("cube", 1), "result.cube", 1, 2**15)
    if (winner is None) != (kind == "draw"):
        raise GameStateError(f"result {data!r}: only a draw has no winner")
    resigned = read_bool(data.get("resigned", False), "result.resigned")
    if resigned and kind in ("draw", "drop"):
        raise GameStateError(f"result {data!r}: a {kind} is not a resignation")
    return GameResult(winner, points, kind, cube, resigned)


# -- writing ------------------------------------------------------------------------------


def game_to_dict(game: Game, history: bool = True) -> dict[str, Any]:
    """The whole game as plain JSON types (schema version 1).

    The history is what the game is rebuilt from; `position`, `phase`, `cube`,
    `cube_owner` and `result` are stored too, for readers and as a check.
    """
    data: dict[str, Any] = {
        "version": STATE_VERSION,
        "variant": game.variant.token,
        "start": str(game.start),
        "opening": game.opening,
        "match_length": game.match_length,
        "crawford": game.crawford,
        "score": list(game.score),
        "start_cube": game.start_cube,
        "start_cube_owner": _letter(game.start_cube_owner),
        "history": [dict(event) for event in game.history] if history else None,
        "dice": list(game.dice.dice) if game.dice else None,
        "steps": [[s.origin, s.target, s.die] for s in game.steps],
        "position": str(game.position),
        "phase": game.phase,
        "cube": game.cube_value,
        "cube_owner": _letter(game.cube_owner),
        "result": result_to_dict(game.result) if game.result else None,
    }
    if not history:
        del data["history"]
    return data


def _letter(side: int | None) -> str | None:
    return None if side is None else SIDE_LETTERS[side]


# -- reading ------------------------------------------------------------------------------


def game_from_dict(data: Any, dice: DiceSource | None = None) -> Game:
    """Rebuild a game from `game_to_dict` data, replaying its history; raises GameStateError.

    Data without a history (`game_to_dict(game, history=False)`) starts from `position` as a
    set-up position with the stored cube, phase and dice.
    """
    data = read_object(data, "game", _GAME_KEYS, _GAME_KEYS - {"history"})
    if data["version"] != STATE_VERSION:
        raise GameStateError(f"game data version {data['version']!r} is not {STATE_VERSION}")
    try:
        variant = find_variant(read_text(data["variant"], "variant", 200))
        start = Position.parse(read_text(data["start"], "start", 400))
        position = Position.parse(read_text(data["position"], "position", 400))
    except (VariantError, PositionError) as error:
        raise GameStateError(str(error)) from None
    for name, value in (("start", start), ("position", position)):
        if value.variant != variant:
            raise GameStateError(f"{name} {value} is not a {variant.token} position")
    opening = read_bool(data["opening"], "opening")
    match_length = read_int(data["match_length"], "match_length", 0, 9999)
    crawford = read_bool(data["crawford"], "crawford")
    score = data["score"]
    if not isinstance(score, list) or len(score) != 2:
        raise GameStateError(f"score must be [white, black], not {score!r}")
    score = (read_int(score[0], "score", 0, 9999), read_int(score[1], "score", 0, 9999))
    phase = data["phase"]
    if phase not in PHASES:
        raise GameStateError(f"phase {phase!r} is not one of {', '.join(PHASES)}")
    history = data.get("history")
    if history is None:
        return _from_setup(data, variant, position, match_length, crawford, score, dice)
    history = read_list(history, "history", MAX_HISTORY, "events")
    try:
        game = Game(
            variant,
            dice,
            position=None if opening and start == Position.start(variant) else start,
            starter=None if opening else start.turn,
            match_length=match_length,
            crawford=crawford,
            score=score,
            cube=read_int(data["start_cube"], "start_cube", 1, 2**15),
            cube_owner=read_side(data["start_cube_owner"], "start_cube_owner", allow_none=True),
        )
    except GameError as error:
        raise GameStateError(str(error)) from None
    if opening and not game.opening:
        raise GameStateError(f"a game with an opening roll starts from the start position, not {start}")
    for number, event in enumerate(history):
        try:
            _replay(game, event)
        except (GameError, GameStateError, NotationError, ValueError) as error:
            raise GameStateError(f"history event {number} {event!r}: {error}") from None
    _replay_pending(game, data)
    _check_stored(game, data)
    return game


def _from_setup(
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
    cube = read_int(data["cube"], "cube", 1, 2**15)
    owner = read_side(data["cube_owner"], "cube_owner", allow_none=True)
    try:
        game = Game(
            variant, dice, position=position, match_length=match_length, crawford=crawford, score=score,
            cube=cube, cube_owner=owner,
        )
    except GameError as error:
        raise GameStateError(str(error)) from None
    if phase == "take":
        game.phase = "cube"
        if not game.may_double():
            raise GameStateError("a double is offered, but the side on roll may not double")
        game.double()
    elif phase == "cube" and game.phase != "cube":
        raise GameStateError("phase 'cube', but the side on roll may not double")
    elif phase == "roll":
        game.phase = "roll"
    _replay_pending(game, data)
    _check_stored(game, data)
    return game


def _replay(game: Game, event: Any) -> None:
    """One history event, through the game's own actions."""
    if not isinstance(event, dict):
        raise GameStateError("an event is an object")
    kind = event.get("event")
    side = read_side(event.get("side"), "side", allow_none=kind == "opening")
    if kind == "time":  # lost on time: the side whose clock ran, whoever was to act
        read_object(event, "time event", {"event", "side"}, {"event", "side"})
        if game.over:
            raise GameStateError("the game is over: nobody loses on time any more")
        assert side is not None
        game.lose_on_time(side)
        return
    if kind == "opening":
        read_object(event, "opening event", {"event", "dice"}, {"event", "dice"})
        game._expect("opening")  # roll() would take the dice as a turn's
        game.roll(read_dice(event["dice"]))
        return
    if side != game.to_act:
        raise GameStateError(f"it is {_letter(game.to_act)}'s turn to act, not {event.get('side')!r}'s")
    if kind in ("play", "pass"):
        keys = {"event", "side", "dice", "play"} if kind == "play" else {"event", "side", "dice"}
        read_object(event, f"{kind} event", keys, keys)
        rolled = Roll.of(*read_dice(event["dice"]))
        if game.phase == "move":
            if game.dice != rolled:
                raise GameStateError(f"the dice were {game.dice}, not {rolled}")
        else:
            game.roll(rolled.dice)
        if kind == "pass":
            if game.plays():
                raise GameStateError(f"a legal play exists with {rolled}")
            game.confirm()
        else:
            game.play(read_text(event["play"], "play", 200))
    elif kind == "double":
        read_object(event, "double event", {"event", "side", "cube"}, {"event", "side"})
        game.double()
    elif kind in ("take", "drop"):
        read_object(event, f"{kind} event", {"event", "side"}, {"event", "side"})
        game.take() if kind == "take" else game.drop()
    elif kind == "beaver":
        read_object(event, "beaver event", {"event", "side", "cube"}, {"event", "side"})
        game.beaver()
    elif kind == "resign":
        read_object(event, "resign event", {"event", "side", "level", "dice"}, {"event", "side"})
        if "dice" in event:  # offered after rolling: the roll is not an event of its own
            rolled = Roll.of(*read_dice(event["dice"]))
            if game.phase != "move":
                game.roll(rolled.dice)
            elif game.dice != rolled:
                raise GameStateError(f"the dice were {game.dice}, not {rolled}")
        game.resign(event.get("level"))
    elif kind in ("accept", "decline"):
        read_object(event, f"{kind} event", {"event", "side"}, {"event", "side"})
        game.accept_resignation() if kind == "accept" else game.decline_resignation()
    else:
        raise GameStateError(f"unknown event {kind!r}")


def _replay_pending(game: Game, data: dict[str, Any]) -> None:
    """The turn under way: dice rolled and steps played but not yet confirmed."""
    dice = data["dice"]
    steps = read_list(data["steps"], "steps", 4, "[origin, target, die]")
    if dice is None:
        if steps:
            raise GameStateError("steps are stored but no dice")
        if data.get("phase") == "move":
            raise GameStateError("no dice are stored for the turn under way (phase 'move')")
        return
    rolled = Roll.of(*read_dice(dice))
    if game.phase == "move" or (game.phase == "resign" and game.dice is not None):
        if game.dice != rolled:
            raise GameStateError(f"the dice were {game.dice}, not {rolled}")
    else:
        try:
            game.roll(rolled.dice)
        except GameError as error:
            raise GameStateError(f"dice {dice!r}: {error}") from None
    for item in steps:
        if not isinstance(item, list) or len(item) != 3 or not all(is_whole_number(x) for x in item):
            raise GameStateError(f"a step is [origin, target, die], not {item!r}")
        try:
            game.step(item)
        except GameError as error:
            raise GameStateError(f"step {item!r}: {error}") from None


def _check_stored(game: Game, data: dict[str, Any]) -> None:
    """The stored summary must agree with the game rebuilt from the history."""
    expected = {
        "position": str(game.position),
        "phase": game.phase,
        "cube": game.cube_value,
        "cube_owner": _letter(game.cube_owner),
        "result": result_to_dict(game.result) if game.result else None,
    }
    for key, value in expected.items():
        if data[key] != value:
            raise GameStateError(f"stored {key} {data[key]!r} does not match the game's history ({value!r})")


# -- an event as text ---------------------------------------------------------------------


def events_kept(read: Sequence[Mapping[str, Any]], history: Sequence[Mapping[str, Any]]) -> int:
    """How many events of `read`, a history read before, still begin `history`: what was worked
    out from them still holds (an event is compared by identity first, as a copied game's
    history shares its unchanged events).

    >>> events_kept([{"event": "roll"}, {"event": "play"}], [{"event": "roll"}, {"event": "double"}])
    1
    """
    kept = 0
    for old, new in zip(read, history):
        if old is not new and old != new:
            break
        kept += 1
    return kept


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
    if kind == "time":
        return f"{lead}loses on time"
    return f"{lead}{kind}s"
