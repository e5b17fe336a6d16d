"""What every bot offers, and the one function that lets a bot take its turn in a `Game`."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from ..game import Game
from ..position import Position
from .neural_cube import accepts_resignation
from .outcomes import Outcomes
from .stakes import game_values


class Bot(Protocol):
    name: str

    def choose_play(self, position: Position, plays: Iterable[Position]) -> Position:
        """One of `plays` (results of the legal plays from `position`, e.g. `legal_plays` keys);
        with none, the pass."""
        ...

    def wants_double(self, game: Game) -> bool:
        """The side to act, before rolling, offers the cube."""
        ...

    def takes(self, game: Game) -> bool:
        """The doubled side takes (True) or drops (False)."""
        ...


def choose_at_score(bot: Bot, position: Position, plays: Iterable[Position], values: Outcomes | None) -> Position:
    """The bot's play; a bot that `knows_score` is told what each outcome is worth to the
    mover at the match score (`values`, from `stakes`; None in money play)."""
    if values is not None and getattr(bot, "knows_score", False):
        return bot.choose_play(position, plays, values)  # type: ignore[call-arg]
    return bot.choose_play(position, plays)


def act(game: Game, bot: Bot) -> str:
    """Do one action for the side to act and say what it was (`roll`, `double`, `take`, a play …)."""
    phase = game.phase
    if phase == "over":
        raise ValueError("the game is over")
    if phase == "opening" or phase == "roll":
        game.roll()
        return "roll"
    if phase == "cube":
        if game.may_double() and bot.wants_double(game):
            game.double()
            return "double"
        game.roll()
        return "roll"
    if phase == "take":
        beavers = getattr(bot, "beavers", None)  # optional: only some bots know the beaver
        if beavers is not None and game.may_beaver() and beavers(game):
            game.beaver()
            return "beaver"
        if bot.takes(game):
            game.take()
            return "take"
        game.drop()
        return "drop"
    if phase == "resign":  # every bot answers an offer by the same measure
        if accepts_resignation(game):
            game.accept_resignation()
            return "accept"
        game.decline_resignation()
        return "decline"
    plays = game.plays()
    if not plays:
        game.confirm()
        return "pass"
    game.play(choose_at_score(bot, game.position, plays, game_values(game, game.position.turn)))
    return str(game.history[-1].get("play", ""))
