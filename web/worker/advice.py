"""Help from the analysis: hints for the person to act, the coach, and the game's review.

The review runs a slice of about REVIEW_SLICE seconds per request, so the page can show
progress between slices; its state stays in the session until the game moves on.
"""

from __future__ import annotations

import time
from typing import Any

from nardcore.books import book_entry
from nardcore.bots import analysis, cube_judge, explain, neural_cube
from nardcore.bots.neural import Network, network_for
from nardcore.bots.stakes import Stakes, game_values
from nardcore.game import Game
from nardcore.movegen import legal_plays
from nardcore.notation import NotationError, parse_play
from nardcore.position import SIDE_LETTERS, Position

from .inputs import UIError
from .layout import point_id
from .messages import Message
from .session import Session
from .viewmodel import Arrow, Die

REVIEW_SLICE = 0.25  # seconds of review per request
HINT_PLAYS = 5
EVERY_PLAY = 1_000


def can_hint(session: Session) -> bool:
    """The person is to act and there is a choice: a play to choose, a cube to answer or offer."""
    game = session.game
    if game.over or session.others_to_act() or session.duel is not None:  # no help in a game by link
        return False
    return ((game.phase == "move" and bool(game.plays())) or game.phase == "take"
            or (game.phase == "cube" and game.may_double()))


def hint_for(game: Game) -> dict[str, Any]:
    """The hint for the side to act: up to five plays with their value and chance to win, each
    with why the best is better than it (the best: why it is better than the second), or the
    cube action."""
    if game.phase in ("cube", "take"):
        if game.phase == "cube":
            action = "double" if neural_cube.wants_double(game) else "roll"
        else:
            action = "beaver" if neural_cube.beavers(game) else "take" if neural_cube.takes(game) else "drop"
        return {"cube": action, "plays": [], "shown": None, "side": SIDE_LETTERS[game.position.turn],
                "cube_advice": cube_judge.advice(game.position, cube_state(game))}
    position, plays = game.position, game.plays()
    side = position.turn
    found = []
    assert game.dice is not None  # a play is hinted only once the dice are thrown (can_hint)
    entry = book_entry(position, game.dice.dice)  # the opening book's plays here ("book" beside them)
    book = {play.play for play in entry.plays} if entry is not None else set()
    ranked = analysis.hint(position, game.dice.dice, count=HINT_PLAYS, values=game_values(game, side))
    network = network_for(position.variant.name)
    for index, item in enumerate(ranked):
        steps = plays.get(item.result, ())
        better, other = (ranked[0], item) if index else (item, ranked[1] if len(ranked) > 1 else None)
        found.append({
            "play": item.play,
            "equity": round(item.equity, 3),
            "loss": round(item.loss, 3),
            "book": item.play in book,
            "win": _win_chance(network, item.result),
            "steps": [[point_id(side, s.origin, position), point_id(side, s.target, position)] for s in steps],
            "why": why_facts(better.result, other.result, network) if other is not None else [],
        })
    return {"cube": None, "plays": found, "shown": 0, "side": SIDE_LETTERS[side]}


def cube_state(game: Game) -> cube_judge.CubeState:
    """The cube and the score of the game as it stands, for a cube decision in it."""
    money = game.money
    return cube_judge.CubeState(game.cube_value, game.cube_owner, game.match_length, game.score, game.crawford,
                                money and game.variant.has("jacoby"), money and game.variant.has("beaver"))


def start_cube_state(game: Game) -> cube_judge.CubeState:
    """The cube and the score the game started at, for its review."""
    money = game.money
    return cube_judge.CubeState(game.start_cube, game.start_cube_owner, game.match_length, game.score,
                                game.crawford, money and game.variant.has("jacoby"),
                                money and game.variant.has("beaver"))


def _win_chance(network: Network | None, result: Position) -> float | None:
    """The chance to win (0..1) of the side that played into `result`, None without a network."""
    if network is None:
        return None
    return round(float(network.outcomes.flip(network.value(result))[0]), 4)


def why_facts(better: Position, other: Position, network: Network | None = None) -> list[dict[str, Any]]:
    """Why the play into `better` beats the one into `other`: the facts as the page shows them."""
    return [fact.to_dict() for fact in explain.compare(better, other, network)]


def coach_stops(session: Session) -> bool:
    """With the coach on, hold a blunder back once, saying what it costs and what was best."""
    game = session.game
    if not session.prefs["coach"] or not game.steps or session.duel is not None:
        return False
    result = game.board.pass_turn()
    if session.coach_warned == str(result):
        return False  # warned already: the player confirms it anyway
    assert game.dice is not None
    options = analysis.hint(game.position, game.dice.dice, count=EVERY_PLAY,
                            values=game_values(game, game.position.turn))
    chosen = next((h for h in options if h.result == result), None)
    if chosen is None or analysis.mark(chosen.loss, game.variant.name) != "blunder":
        return False
    session.coach_warned = str(result)
    session.say("coach_blunder", loss=f"{chosen.loss:.3f}", best=options[0].play,
                why=why_facts(options[0].result, chosen.result))
    return True


def run_review(session: Session) -> None:
    """Start the review, or take it one slice further."""
    game = reviewed_game(session)
    if session.review is None:
        session.review_run = analysis.review_steps(game.start, game.history, cube=start_cube_state(game),
                                                   cube_limit=game.variant.cube_limit, stakes=Stakes.of(game))
        session.review = {"done": 0, "total": 0, "complete": False, "shown": None, "why": None,
                          "game": session.review_game, **analysis.Review().to_dict()}
    if session.review_run is None:
        return
    review = session.review
    deadline = time.perf_counter() + REVIEW_SLICE
    was_ranked = bool(review.get("ranked"))
    latest: analysis.Review | None = None
    for done, total, latest in session.review_run:
        review.update(done=done, total=total)
        # the first pass done: its graph and marks are painted at once, before the luck
        if time.perf_counter() > deadline or (latest.ranked and not was_ranked):
            break
    else:
        review["complete"] = True
        session.review_run = None
    if latest is not None:
        review.update(latest.to_dict())
        if review.get("why") is None and review.get("shown") is not None:  # marked since it was shown
            review["why"] = review_why(review)


def show_review_turn(session: Session, turn: Any) -> None:
    """Draw the position after `turn` (None: the game's own board again)."""
    assert session.review is not None
    if turn is not None and not (isinstance(turn, int) and 0 <= turn < len(session.review["positions"])):
        raise UIError("no such turn in the review")
    rollout = session.review.get("rollout")
    if rollout is not None and rollout.get("turn") != turn:  # a turn's rollout goes with its turn
        session.review.pop("rollout")
        session.review_rollout_run = None
    session.review["shown"] = turn
    session.review["why"] = review_why(session.review)


def review_why(review: dict[str, Any]) -> list[dict[str, Any]] | None:
    """Why the best play of the shown marked turn beats the play made (None on another turn)."""
    marked = shown_decision(review)
    if marked is None:
        return None
    position = Position.parse(marked["position"])
    dice = (int(marked["dice"][0]), int(marked["dice"][1]))
    try:
        facts = explain.compare_texts(position, dice, marked["best"], marked["chosen"])
    except NotationError:  # a play the review could not read back: no why rather than no review
        return None
    return [fact.to_dict() for fact in facts]


def close_review(session: Session) -> None:
    session.review, session.review_run, session.review_rollout_run = None, None, None
    session.review_game, session.summary_run = None, None


def reviewed_game(session: Session) -> Game:
    """The game under review: one of the match's finished games, or the game on the board."""
    number = session.review_game
    if number is not None and session.match is not None:
        played = session.match.played
        if 0 <= number < len(played) and played[number] is not None:
            found = played[number]
            assert found is not None
            return found
    return session.game


def shown_decision(review: dict[str, Any] | None) -> dict[str, Any] | None:
    """The play of the review's shown turn, when it is marked: the board shows the position
    before it, with its roll, the play made and the better one."""
    if review is None or review.get("shown") is None:
        return None
    for decision in review["decisions"]:
        if decision["turn"] == review["shown"] and decision["kind"] == "play" and decision.get("mark"):
            return dict(decision)
    return None


def reviewed_position(session: Session) -> Position | None:
    """The review's position on the board instead of the game's, if one is shown: after the
    turn, or before a marked play."""
    review = session.review
    if review is None or review.get("shown") is None:
        return None
    marked = shown_decision(review)
    return Position.parse(marked["position"] if marked else review["positions"][review["shown"]])


def _steps(position: Position, dice: tuple[int, int], text: str) -> list[list[str]]:
    """The steps of a play given by its notation, as point ids (none for a pass)."""
    if not text:
        return []
    result = parse_play(position, dice, text)
    side = position.turn
    return [[point_id(side, s.origin, position), point_id(side, s.target, position)]
            for s in legal_plays(position, dice).get(result, ())]


def review_arrows(session: Session) -> list[Arrow]:
    """On a marked play of the review: the play made and the best one (as a hint), in two colours."""
    marked = shown_decision(session.review)
    if marked is None:
        return []
    position = Position.parse(marked["position"])
    dice = (int(marked["dice"][0]), int(marked["dice"][1]))
    side = marked["side"]
    made: list[Arrow] = [{"from": a, "to": b, "kind": "played", "side": side}
                         for a, b in _steps(position, dice, marked["chosen"])]
    better: list[Arrow] = [{"from": a, "to": b, "kind": "hint", "side": side}
                           for a, b in _steps(position, dice, marked["best"])]
    return made + better


def review_dice(session: Session) -> list[Die]:
    """The roll of a marked play the review shows (the board shows no dice otherwise)."""
    marked = shown_decision(session.review)
    if marked is None:
        return []
    high, low = int(marked["dice"][0]), int(marked["dice"][1])
    return [{"value": v, "used": False} for v in ([high] * 4 if high == low else [high, low])]


def review_message(review: dict[str, Any]) -> Message:
    turn = review["shown"]
    marked = shown_decision(review)
    if marked is not None:
        return Message("review_better", {"turn": turn + 1, "side": marked["side"], "dice": marked["dice"],
                                         "play": marked.get("chosen_read", marked["chosen"]),
                                         "best": marked.get("best_read", marked["best"])})
    played = [d for d in review["decisions"] if d["turn"] == turn and d["kind"] == "play"]
    args: dict[str, Any] = {"turn": turn + 1}
    if played:
        args.update(side=played[0]["side"], play=played[0].get("chosen_read", played[0]["chosen"]))
    return Message("review_shown", args)


def try_review_turn(session: Session, turn: Any) -> None:
    """A new single game against the computer from the position before a play of the review,
    with that play's roll, the person playing the side that rolled it."""
    review = session.review
    if review is None or not isinstance(turn, int) or isinstance(turn, bool):
        raise UIError("no such turn in the review")
    plays = [d for d in review["decisions"] if d["turn"] == turn and d["kind"] == "play"]
    if not plays:
        raise UIError("no such turn in the review")
    decision = plays[0]
    position = Position.parse(decision["position"])
    close_review(session)
    session.play_on_from(position)
    session.settings = {**session.settings, "opponent": "computer", "seat": decision["side"]}
    if session.game.phase in ("cube", "roll"):
        session.game.roll((int(decision["dice"][0]), int(decision["dice"][1])))
        session.fresh_turn()
    session.say("review_tried", side=decision["side"], dice=decision["dice"])
