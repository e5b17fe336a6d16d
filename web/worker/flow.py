"""The game's actions as the session tells them: each one acts on the game, then says what
happened (the message) and keeps the last move and the score line up to date.

Shared by the person's intents and the autopilot, so a roll or a take reads the same
whoever made it. Whether an action is allowed now is asked by the caller.
"""

from __future__ import annotations

from typing import Any

from nardcore.forced import why_no_play, why_one_play
from nardcore.game import RESIGN_LEVELS, Game
from nardcore.notation import format_play
from nardcore.position import SIDE_LETTERS
from nardcore.scoring import score_game

from . import fairplay
from .layout import point_id
from .session import Session


def roll(session: Session) -> None:
    """The opening roll (naming who starts, and how many ties) or the roll of the side on roll.
    Dice entered by hand: the opening is one round (White's die, Black's) each time."""
    game = session.game
    if game.phase == "opening":
        before = len(game.history)
        game.roll(session.entered[:2] if session.by_hand else None)
        session.entered.clear()
        rounds = [e["dice"] for e in game.history[before:] if e.get("event") == "opening"]
        white, black = rounds[-1]
        if game.phase == "opening":  # a tie entered by hand: the opening is rolled again
            session.say("hand_tie", n=white)
            return
        session.say("opening", w=white, b=black, side=SIDE_LETTERS[game.position.turn], ties=len(rounds) - 1)
        return
    game.roll()
    session.selected = None
    session.note("roll")
    plays = game.plays()
    if not plays:
        session.say("no_moves", side=SIDE_LETTERS[game.position.turn], dice=str(game.dice), why=no_play_why(game))
    elif len(plays) == 1:  # said before it is played (the autopilot says "forced" if it plays it)
        assert game.dice is not None
        why = why_one_play(game.position, game.dice.dice)
        session.say("only_play", side=SIDE_LETTERS[game.position.turn], dice=str(game.dice),
                    why=None if why is None else {"key": why, "args": {}})


def no_play_why(game: Game) -> dict[str, Any] | None:
    """Why the roll has no legal play, as the message's `why` (a key of web/i18n)."""
    assert game.dice is not None
    key = why_no_play(game.position, game.dice.dice)
    return None if key is None else {"key": key, "args": {}}


def confirm(session: Session) -> None:
    """End the turn (a pass when nothing could be played) and remember it as the last move."""
    game = session.game
    side, board, steps, dice = game.position.turn, game.position, game.steps, str(game.dice)
    why = None if steps else no_play_why(game)
    game.confirm()
    session.last = {
        "side": SIDE_LETTERS[side],
        "dice": dice,
        "text": format_play(board, steps),
        "steps": [[point_id(side, s.origin, board), point_id(side, s.target, board)] for s in steps],
    }
    session.selected = None
    if steps:
        session.note("confirm")
    else:
        session.say("passed", side=SIDE_LETTERS[side], dice=dice, why=why)
    if game.over:
        game_over(session)


def double(session: Session) -> None:
    game = session.game
    game.double()
    session.say("doubled", side=SIDE_LETTERS[game.position.turn], cube=game.cube_value * 2)


def take(session: Session) -> None:
    game = session.game
    game.take()
    session.say("took", side=SIDE_LETTERS[1 - game.position.turn], cube=game.cube_value)


def beaver(session: Session) -> None:
    game = session.game
    game.beaver()
    session.say("beavered", side=SIDE_LETTERS[1 - game.position.turn], cube=game.cube_value)


def drop(session: Session) -> None:
    session.game.drop()
    game_over(session)


def resign(session: Session, level: str | None) -> None:
    """The side on roll gives up: at once (a concession), or by an offer to answer."""
    game = session.game
    side = game.position.turn
    game.resign(level)
    session.fresh_turn()  # steps of this turn were taken back
    if game.over:
        game_over(session)
    else:
        session.say("resign_offered", side=SIDE_LETTERS[side], level=level, points=resign_points(game, level))


def accept_resignation(session: Session) -> None:
    session.game.accept_resignation()
    game_over(session)


def decline_resignation(session: Session) -> None:
    game = session.game
    game.decline_resignation()
    session.say("resign_declined", side=SIDE_LETTERS[1 - game.position.turn])


def resign_points(game: Game, level: str | None) -> int:
    """What resigning now costs the side on roll: an offer of `level`, or a concession."""
    if level is None:
        return score_game(game.position, 1 - game.position.turn, game.cube_value).points
    jacoby = game.money and game.variant.has("jacoby") and game.cube_value == 1
    return (1 if jacoby else RESIGN_LEVELS[level]) * game.cube_value


def game_over(session: Session) -> None:
    """The result: added to the tally of single games, said with the match score at its end;
    the game's dice seed revealed."""
    match, result = session.match, session.game.result
    assert result is not None
    fairplay.game_ended(session)
    if match is None and result.winner is not None:
        session.tally[result.winner] += result.points
    args: dict[str, Any] = {
        "winner": None if result.winner is None else SIDE_LETTERS[result.winner],
        "kind": result.kind,
        "points": result.points,
    }
    key = "game_over" if result.winner is not None else "draw"
    if result.resigned:
        key = "resigned"
        args["loser"] = SIDE_LETTERS[1 - result.winner] if result.winner is not None else None
    if match is not None and match.over:
        key = "match_over"
        # the winner's score first, capped at the match length (the last game may overshoot it)
        assert result.winner is not None
        won, lost = match.score[result.winner], match.score[1 - result.winner]
        args["score"] = f"{min(won, match.length)}:{min(lost, match.length)}"
    session.say(key, **args)
    session.selected = None


def next_game(session: Session) -> None:
    """The match's next game, or a new game with the same settings."""
    match = session.match
    if match is not None and not match.over:
        match.next_game()
        session.replace_game(match.game)
        session.message = None
        if match.game.crawford:
            session.say("crawford")
    elif match is None and session.game.over and session.duel is None:
        session.next_session_game()  # money play: the session goes on, one entry in Games
    else:
        session.start_game(session.settings)
