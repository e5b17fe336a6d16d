"""The Practice screen: the player's drills (drills.py) asked again when due, on the study board
(study.py), each answer graded by the equity it gives up (the network's ranking of every play,
as the hint's) and the card scheduled again; and the deck filled from a finished review.
"""

from __future__ import annotations

from typing import Any

from nardcore.bots import analysis
from nardcore.bots.stakes import Stakes
from nardcore.position import SIDE_LETTERS, Position

from . import drills, studydata
from .session import Session
from .study import Study, show_answer, study_board

__all__ = ["answer", "collect_review", "due_count", "open_drill", "practice_view"]

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
    dice = (int(card["dice"][0]), int(card["dice"][1]))
    session.study = Study("drills", position.variant.name, study_board(session, position, dice), card=card)
    session.message = None


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
    scheduled = drills.graded(card, grade, drills.today())
    progress = session.prefs.get("study")
    deck = [scheduled if item["id"] == card["id"] else item for item in _deck(session)]
    session.prefs["study"] = studydata.with_drills(progress, deck)
    study.card = scheduled
    study.result = {"puzzle": card["id"], "solved": grade >= 3, "played": chosen.play, "best": options[0].play,
                    "lost": round(chosen.loss, 3), "mark": mark, "rated": False, "before": 0, "after": 0,
                    "interval": scheduled["interval"]}
    show_answer(session, position, game.dice.dice, result, chosen.play, chosen.loss <= 0,
                [(o.play, o.result, o.equity, o.loss) for o in options])


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
                      "due": len(drills.due(deck, drills.today())), "cards": len(deck)}}
