"""The Practice screen: the player's drills (drills.py) asked again when due, on the study board
(study.py), each answer graded by the equity it gives up (the network's ranking of every play,
as the hint's; a cube card's action against the cubeful best, as the review judged it) and the
card scheduled again; and the deck filled from a finished review.
"""

from __future__ import annotations

from typing import Any

from nardcore.bots import analysis, cube_judge
from nardcore.bots.stakes import Stakes
from nardcore.game import Game, GameError
from nardcore.position import SIDE_LETTERS, Position

from . import drills, studydata
from .dice import CountingDice
from .inputs import UIError
from .session import Session
from .study import Study, show_answer, study_board

__all__ = ["answer", "answer_cube", "collect_review", "due_count", "open_drill", "practice_view"]

EVERY_PLAY = 1_000


def _deck(session: Session) -> list[dict[str, Any]]:
    return studydata.drills_of(session.prefs.get("study"))


def due_count(session: Session) -> int:
    return len(drills.due(_deck(session), drills.today()))


def collect_review(session: Session) -> None:
    """A finished review's marked plays of the person here into the deck (both sides in a game
    between two people on this device), said in the message line when there are any."""
    review = session.review
    if review is None or not review.get("complete"):
        return
    if session.duel is not None:
        sides: tuple[str, ...] = (session.duel.me,)
    elif session.against_computer:
        sides = (SIDE_LETTERS[1 - session.computer_side],)
    else:
        sides = tuple(SIDE_LETTERS)
    progress = session.prefs.get("study")
    cards, added = drills.collect(_deck(session), review, session.game.variant.name, sides, drills.today(),
                                  Stakes.of(session.game))
    if added:
        session.prefs["study"] = studydata.with_drills(progress, cards)
        session.say("drills_added", n=added)


def open_drill(session: Session) -> None:
    """The drill due longest ago on the study board; none due: said, with the deck's size."""
    deck = _deck(session)
    due = drills.due(deck, drills.today())
    if not due:
        later = min((card["due"] for card in deck), default=None)
        session.say("drills_none_due", n=len(deck), days=0 if later is None else later - drills.today())
        return
    card = due[0]
    position = Position.parse(card["position"])
    if "cube" in card:
        board = cube_board(session, position, card)
    else:
        board = study_board(session, position, (int(card["dice"][0]), int(card["dice"][1])))
    session.study = Study("drills", position.variant.name, board, card=card)
    session.message = None


def cube_board(session: Session, position: Position, card: dict[str, Any]) -> Session:
    """A cube card's board: its position before the roll, the cube as it stood (offered, for a take)."""
    state = drills.cube_state(card)
    try:
        game = Game(position.variant, CountingDice(None), position=position, cube=state.value, cube_owner=state.owner,
                    match_length=state.match_length, score=state.score, crawford=state.crawford)
    except GameError:  # a score the rules refuse (a card edited by hand): the cube alone
        game = Game(position.variant, CountingDice(None), position=position, cube=state.value, cube_owner=state.owner)
    if card["cube"]["ask"] == "take" and game.may_double():
        game.double()
    board = Session(dice=CountingDice(None), game=game)
    board.settings = {**session.settings, "variant": position.variant.token, "match_length": 0, "opponent": "human"}
    board.prefs = session.prefs
    board.screen = "board"
    return board


def _schedule(session: Session, card: dict[str, Any], grade: int) -> dict[str, Any]:
    """The card answered with SM-2 quality `grade`, kept in the deck; the scheduled card."""
    scheduled = drills.graded(card, grade, drills.today())
    progress = session.prefs.get("study")
    deck = [scheduled if item["id"] == card["id"] else item for item in _deck(session)]
    session.prefs["study"] = studydata.with_drills(progress, deck)
    return scheduled


def answer(session: Session) -> None:
    """The drill's play, confirmed: graded by the equity it gives up, the card scheduled again."""
    study = session.study
    assert study is not None and study.card is not None
    card, game = study.card, study.board.game
    position = game.position
    assert game.dice is not None
    result = game.board.pass_turn()
    options = analysis.hint(position, game.dice.dice, count=EVERY_PLAY, values=drills.card_values(card))
    chosen = next(option for option in options if option.result == result)
    mark = analysis.mark(chosen.loss, study.variant)
    grade = drills.quality(chosen.loss, mark)
    scheduled = _schedule(session, card, grade)
    study.card = scheduled
    study.result = {"puzzle": card["id"], "solved": grade >= 3, "played": chosen.play, "best": options[0].play,
                    "lost": round(chosen.loss, 3), "mark": mark, "rated": False, "before": 0, "after": 0,
                    "interval": scheduled["interval"]}
    show_answer(session, position, game.dice.dice, result, chosen.play, chosen.loss <= 0,
                [(o.play, o.result, o.equity, o.loss) for o in options])


def answer_cube(session: Session, action: Any) -> None:
    """A cube card's answer (`action`, untrusted: one of its question's): graded by the equity it
    gives up against the best action (cube_judge, as the review judged it), the card scheduled
    again, and the board's hint spelling out the cubeful equities."""
    study = session.study
    if study is None or study.kind != "drills" or study.card is None or "cube" not in study.card:
        raise UIError("no cube decision to answer")
    if study.result is not None:
        return  # answered already: the next drill is asked for
    card = study.card
    ask = card["cube"]["ask"]
    state = drills.cube_state(card)
    if action not in cube_answers(card):
        raise UIError(f"the answer is one of {', '.join(cube_answers(card))}")
    position = Position.parse(card["position"])
    found = cube_judge.decision(position, state)
    if ask == "double":
        lost = cube_judge.double_loss(found) if action == "double" else cube_judge.no_double_loss(found)
        best = "too_good" if found.too_good else "double" if found.double else "no_double"
        hinted = "double" if best == "double" else "roll"
    else:
        lost = cube_judge.answer_loss(found, action)
        best = "beaver" if found.beaver and state.beavers else "take" if found.take else "drop"
        hinted = best
    loss = cube_judge.in_emg(position, state, lost)
    mark = analysis.mark(loss, study.variant)
    scheduled = _schedule(session, card, drills.quality(loss, mark))
    study.card = scheduled
    study.result = {"puzzle": card["id"], "solved": loss <= 0 or mark is None, "played": action, "best": best,
                    "lost": round(loss, 3), "mark": mark, "rated": False, "before": 0, "after": 0,
                    "interval": scheduled["interval"]}
    study.board.hint = {"cube": hinted, "plays": [], "shown": None, "side": SIDE_LETTERS[position.turn],
                        "cube_advice": cube_judge.advice(position, state)}


def cube_answers(card: dict[str, Any]) -> tuple[str, ...]:
    """The buttons of a cube card: Double / No double, or Take / Drop (and Beaver where allowed)."""
    ask = card["cube"]["ask"]
    if ask == "double":
        return ("double", "no_double")
    return ("take", "drop", "beaver") if drills.cube_state(card).beavers and not card.get("score") else ("take", "drop")


def practice_view(session: Session) -> dict[str, Any]:
    """The study panel of the Practice screen."""
    study = session.study
    assert study is not None and study.card is not None
    card = study.card
    deck = _deck(session)
    return {"kind": "drills", "variant": study.variant, "games": [study.variant], "rating": None,
            "puzzle": None, "result": study.result, "book": None,
            "drill": {"side": SIDE_LETTERS[Position.parse(card["position"]).turn], "dice": card["dice"],
                      "played": card["played"], "best": card["best"], "lapses": card["lapses"],
                      "due": len(drills.due(deck, drills.today())), "cards": len(deck),
                      **({} if "cube" not in card else {"cube": _cube_view(card)})}}


def _cube_view(card: dict[str, Any]) -> dict[str, Any]:
    """A cube card's question: who answers, the cube, the score, the answers to choose from."""
    state = drills.cube_state(card)
    side = drills.cube_decider(card)
    shown: dict[str, Any] = {"ask": card["cube"]["ask"], "side": SIDE_LETTERS[side],
                             "value": state.value * (2 if card["cube"]["ask"] == "take" else 1),
                             "answers": list(cube_answers(card))}
    if state.match_length:
        shown["score"] = {"length": state.match_length, "need": state.match_length - state.score[side],
                          "other": state.match_length - state.score[1 - side], "crawford": state.crawford}
    return shown
