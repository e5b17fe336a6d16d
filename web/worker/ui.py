"""The app's state machine: intents in, one plain JSON-able view model out.

Runs on CPython (tests) and in the browser's Python worker alike; it never touches the
DOM. The main thread sends intents (`App.dispatch({"type": "click", "point": "13"})`) and
paints the view it gets back; it keeps `save` in localStorage.

`App` is the façade over the parts, each with one reason to change:

    session.py     the state: settings, prefs, match/game, dice, screen, message, last move
    settings.py    the settings' and preferences' defaults and readers      dice.py  the dice
    messages.py    a message, and the one rule for how long it is shown
    intents.py     the table of requests and their handlers
    turn_input.py  selection, click and drag routes, undo        layout.py  checker ids
    flow.py        the game's actions and what they say          advice.py  hints, coach, review
    autopilot.py   automation and the computer player (the bot is injected)
    presenter.py   session -> view model; the catalogue; the start view
    saves.py       save/load, the library entry, the game shared as links and opened from one
    links.py       links read strictly (no session)
    variant_rules.py  what the app knows of a game's rules beyond nardcore's Variant
    study.py       puzzles and the opening book on a board of their own      puzzles.py  grading
    practice.py    drills from the player's errors (drills.py: the deck, SM-2; studydata.py: kept)

>>> app = App(dice="1,2,6,5")
>>> view = app.dispatch({"type": "new_game", "settings": {"variant": "narde"}})["view"]
>>> view["phase"], view["position"]
('opening', 'narde:w:24x15:24x15')
>>> view = app.dispatch({"type": "roll"})["view"]   # black 2, white 1: black starts
>>> view["phase"], view["turn"]
('roll', 'b')
"""

from __future__ import annotations

import random
from typing import Any

from nardcore.bots.levels import DEFAULT_LEVEL, LEVELS, make_bot
from nardcore.game import Game, GameError
from nardcore.match import Match
from nardcore.scoring import GameResult
from nardcore.variant import CHECKERS

from . import presenter, saves
from .autopilot import Autopilot, BotFactory
from .dice import CountingDice
from .duel import linkgame, livegame
from .inputs import UIError, request_kind
from .intents import INTENTS
from .layout import Layout, point_id
from .reasons import reason
from .session import Session
from .turn_input import sync_layout
from .viewmodel import View


class App:
    """One session and its autopilot; `dispatch` answers one request."""

    def __init__(self, dice: str | None = None, bot_random: random.Random | None = None,
                 make_bot: BotFactory = make_bot) -> None:
        self.session = Session.fresh(CountingDice(dice))
        self.autopilot = Autopilot(make_bot, bot_random)

    def dispatch(self, request: Any) -> dict[str, Any]:
        """Handle one intent; answer with the view, the state to save with its library entry,
        and the URL fragment and an unreadable save to keep aside when there are."""
        kind = request_kind(request)
        intent = INTENTS.get(kind)
        if intent is None:
            raise UIError(f"unknown request {kind!r}")
        session = self.session
        url: str | None = None
        flagged = livegame.before(session)  # a player out of time loses before anything more is played
        try:
            url = intent.perform(session, self.autopilot, request)
        except GameError as error:  # an action the game refuses now: said, not raised
            session.say("not_now", error=reason(error))
        if flagged:
            livegame.say_flag(session)
        linkgame.after(session)
        livegame.after(session)
        sync_layout(session)
        answer: dict[str, Any] = {"view": self.view(), "save": saves.save_text(session),
                                  "entry": saves.library_entry(session)}
        if url is not None:
            answer["url"] = url
        if session.set_aside is not None:
            answer["set_aside"] = session.set_aside
        if session.share is not None:
            answer["share"] = session.share
        if session.imported is not None:
            answer["imported"] = session.imported
        if session.library_head is not None:
            answer["library"] = session.library_head
        return answer

    def view(self) -> View:
        return presenter.view(self.session)

    def to_save(self) -> dict[str, Any]:
        return saves.to_save(self.session)

    # read-only views of the session, for tests and tools
    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def match(self) -> Match | None:
        return self.session.match

    @property
    def selected(self) -> int | None:
        return self.session.selected

    @property
    def dice(self) -> CountingDice:
        return self.session.dice

    @property
    def settings(self) -> dict[str, Any]:
        return self.session.settings


__all__ = ["CHECKERS", "DEFAULT_LEVEL", "LEVELS", "App", "GameResult", "Layout", "UIError", "make_bot", "point_id"]
