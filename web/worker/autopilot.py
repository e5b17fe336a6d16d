"""What happens without the person deciding: automation (prefs) and the computer player.

The computer's player is made by an injected factory (nardcore.bots.levels.make_bot by
default) and acts one action per request (`act`), so the page can show each step. A bot
that fails raises: the error goes to the worker boundary (web/worker/engine.py), which reports
it; nothing here catches it or plays something else instead.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from nardcore.bots import neural_cube
from nardcore.bots.base import Bot, choose_at_score
from nardcore.bots.levels import DEFAULT_LEVEL
from nardcore.bots.stakes import game_values
from nardcore.forced import why_one_play
from nardcore.game import Game
from nardcore.movegen import Step
from nardcore.notation import format_play
from nardcore.position import SIDE_LETTERS, Position

from . import flow, turn_input
from .advice import coach_stops
from .inputs import UIError
from .session import Session

BotFactory = Callable[..., Bot]  # make_bot(level, seed=...)
Moment = tuple[Game, int, Position]  # games compare by identity
MAX_AUTOMATIC_ACTIONS = 200  # a bound, never reached in a real game: automation cannot spin


class Autopilot:
    """Plays for the person what needs no decision, and plays the computer's side."""

    def __init__(self, make_bot: BotFactory, rng: random.Random | None = None) -> None:
        self.make_bot = make_bot
        self.rng = rng or random.Random()
        self._bot: Bot | None = None
        # the computer's chosen play still to be stepped, and the moment it goes on from
        self._plan: tuple[Moment, list[Step]] | None = None

    def bot(self, level: str) -> Bot:
        """The computer player of the chosen level (made once per level)."""
        if self._bot is None or self._bot.name != level:
            self._bot = self.make_bot(level, seed=self.rng.getrandbits(32))
        return self._bot

    # -- automation for the person ---------------------------------------------------------

    def automate(self, session: Session) -> None:
        """Play what needs no decision: auto-roll, forced plays, passes, auto-confirm."""
        for _ in range(MAX_AUTOMATIC_ACTIONS):
            if not self._automatic_action(session):
                return

    def _automatic_action(self, session: Session) -> bool:
        """One action the prefs ask for; False when the person has to decide."""
        game, prefs = session.game, session.prefs
        if game.over or session.screen == "setup" or session.others_to_act():
            return False
        if game.phase in ("roll", "opening") and prefs["auto_roll"] and session.duel is None and not session.by_hand:
            flow.roll(session)
            return True
        if game.phase != "move":
            return False
        plays = game.plays()
        if not game.steps and len(plays) <= 1 and prefs["auto_forced"]:
            if not plays:
                flow.confirm(session)  # the pass, shown as a message
                return True
            (steps,) = plays.values()
            assert game.dice is not None
            why = why_one_play(game.position, game.dice.dice)
            for step in steps:
                turn_input.apply_step(session, step)
            session.say("forced", side=SIDE_LETTERS[game.position.turn], dice=str(game.dice),
                        play=format_play(game.position, steps), why=None if why is None else {"key": why, "args": {}})
            return bool(prefs["auto_confirm"])
        rest = turn_input.bear_off_rest(game) if prefs["auto_bear_off"] else None
        if rest:  # only bear-offs are left, and they end alike: nothing to choose
            for step in rest:
                turn_input.apply_step(session, step)
            session.selected = None
            return True
        if game.turn_done and game.steps and prefs["auto_confirm"] and not coach_stops(session):
            flow.confirm(session)
            return True
        return False

    # -- the computer ------------------------------------------------------------------------

    def act(self, session: Session) -> None:
        """One action of the computer: answer the cube, double, roll, one step, or confirm."""
        if not session.computer_to_act():
            return
        game = session.game
        bot = self.bot(session.settings.get("level", DEFAULT_LEVEL))
        if game.phase == "take":
            if game.may_beaver() and self.beavers(bot, sealed(game)):
                flow.beaver(session)
            elif bot.takes(sealed(game)):
                flow.take(session)
            else:
                flow.drop(session)
                return
        elif game.phase == "resign":
            if self.accepts_resignation(bot, sealed(game)):
                flow.accept_resignation(session)
                return
            flow.decline_resignation(session)
        elif game.phase == "cube" and game.may_double() and bot.wants_double(sealed(game)):
            flow.double(session)
        elif game.phase in ("cube", "roll", "opening"):
            flow.roll(session)
        elif game.phase == "move":
            plan = self._steps_to_play(session, bot)
            if plan:
                turn_input.apply_step(session, plan.pop(0))
                self._plan = (moment(game), plan)
            if not plan and game.turn_done:
                self._plan = None
                flow.confirm(session)
        self.automate(session)

    def accepts_resignation(self, bot: Bot, game: Game) -> bool:
        """A bot may answer offers its own way; the others by the network's equity."""
        answer = getattr(bot, "accepts_resignation", None)
        return bool(answer(game)) if answer is not None else neural_cube.accepts_resignation(game)

    def beavers(self, bot: Bot, game: Game) -> bool:
        """Bots without a `beavers` answer never beaver."""
        answer = getattr(bot, "beavers", None)
        return answer is not None and bool(answer(game))

    def _steps_to_play(self, session: Session, bot: Bot) -> list[Step]:
        """The rest of the play chosen for this turn, choosing it first if need be."""
        game = session.game
        if self._plan is not None and self._plan[0] == moment(game):
            return self._plan[1]
        self._plan = None
        return list(choose_steps(bot, game))


class SealedDice:
    """The dice of the game a computer player is handed: none. It decides from the board, the
    cube and the score; the session's dice (their seed, the rolls to come) stay out of its reach
    (docs/fair-dice.md)."""

    def die(self) -> int:
        raise UIError("a computer player rolls no dice")


def sealed(game: Game) -> Game:
    """The game as a computer player may see it: a copy whose dice source is `SealedDice`."""
    return game.copy(dice=SealedDice())


def moment(game: Game) -> Moment:
    """Where a game is: which game, how far its history has got, the board with the turn's steps."""
    return (game, len(game.history), game.board)


def choose_steps(bot: Bot, game: Game) -> tuple[Step, ...]:
    """The steps of the bot's play (none: the pass). A bot that fails raises, as does one
    that names a play that is not legal."""
    plays = game.plays()
    if not plays:
        return ()
    chosen = choose_at_score(bot, game.position, plays, game_values(game, game.position.turn))
    if chosen not in plays:
        raise UIError(f"the computer chose {chosen}, which is not a legal play")
    return plays[chosen]
