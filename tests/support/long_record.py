"""The longest record a player can have, made in a moment: a narde match to 999 of hundreds of games.

A narde game's winner starts the next one rolling both dice, and the match score changes
nothing in the play (narde has no cube): so once white has won a game it started, that game
played again from the next score is a valid game of the match, with the same result. Two
games are played by seeded random players; the second is repeated (its saved `score` set to
the match's score before it) until the match holds `games` finished games, and a game is
under way (white to roll) after them. `long_match_save` wraps it as a save of the app
(web/worker/saves.py schema 2), the way the page keeps it under `nard.game.<id>`.
"""

from __future__ import annotations

import copy
import json
from typing import Any

from nardcore.bots import RandomBot, act
from nardcore.bots.levels import DEFAULT_LEVEL
from nardcore.dice import SeededDice
from nardcore.match import Match
from web.worker.settings import DEFAULT_PREFS

LENGTH = 999
GAMES = 316  # the longest record of issue 20: a narde match to 999, 316 games


def long_match_data(games: int = GAMES, seed: int = 1) -> dict[str, Any]:
    """`Match.to_dict()` data of a narde match to 999 with `games` finished games and one under way."""
    for attempt in range(100):
        match = Match("narde", SeededDice(seed * 1000 + attempt), LENGTH)
        bot = RandomBot(seed * 1000 + attempt)
        for _ in range(2):
            while not match.game.over:
                act(match.game, bot)
            match.next_game()
        # white won the second game, which white started: it can be played again and again
        second = match.played[1]
        if second is not None and second.result is not None and second.result.winner == 0 and second.start.turn == 0:
            break
    else:
        raise AssertionError("no seed gave a second game won by white")
    data = match.to_dict()
    repeated = data["played"][1]
    points = data["games"][1]["points"]
    played, results = data["played"][:2], data["games"][:2]
    score = list(match.score)
    while len(played) < games:
        again = copy.deepcopy(repeated)
        again["score"] = list(score)
        played.append(again)
        results.append(copy.deepcopy(data["games"][1]))
        score[0] += points
    assert score[0] < LENGTH, "the match would be over"
    current = copy.deepcopy(repeated)
    current.update(score=list(score), history=[], dice=None, steps=[], position=current["start"], phase="roll",
                   cube=1, cube_owner=None, result=None)
    data.update(played=played, games=results, score=score, game=current)
    return data


def long_match(games: int = GAMES, seed: int = 1) -> Match:
    return Match.from_dict(long_match_data(games, seed), SeededDice(seed))


def long_match_save(games: int = GAMES, seed: int = 1, game_id: str = "0123456789ab") -> str:
    """The app's save of the long match, a game between two people on the board."""
    return match_save(long_match_data(games, seed), game_id)


def match_save(data: dict[str, Any], game_id: str = "0123456789ab") -> str:
    """A save of the app (schema 2) holding the narde match `data` (`Match.to_dict()`), two people playing."""
    save = {
        "schema": 2,
        "app": "nard",
        "id": game_id,
        "settings": {"variant": "narde", "match_length": data["length"], "opponent": "human", "level": DEFAULT_LEVEL,
                     "seat": "w"},
        "prefs": dict(DEFAULT_PREFS),
        "tally": [0, 0],
        "screen": "board",
        "match": data,
        "game": None,
        "last": None,
        "message": None,
        "selected": None,
        "dice": {"spec": None, "drawn": 0},
        "duel": None,
    }
    return json.dumps(save, separators=(",", ":"))


def played_game(data: dict[str, Any], number: int) -> dict[str, Any]:
    """A copy of finished game `number` (0-based) of `long_match_data`."""
    return copy.deepcopy(data["played"][number])

