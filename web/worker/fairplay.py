"""Dice you can check, in the app (docs/fair-dice.md): the commitment shown before the first
roll, the player's own entropy, the seed revealed when a game ends or when the player asks, and
Verify dice. The dice themselves are nardcore.fairdice's `FairDice`, the session's dice source
(dice.py); a game played by link proves its dice otherwise (linkdice.py) and shows none of this.
"""

from __future__ import annotations

from typing import Any

from nardcore.fairdice import MAX_ENTROPY, FairDice, FairDiceError, game_rolls, record_rolls, verify
from nardcore.gamedata import game_to_dict

from .inputs import UIError
from .session import Session
from .viewmodel_dice import DiceHistory, FairCheck, FairView, RevealedSeed


def live(session: Session) -> FairDice | None:
    """The proven dice of the game on the board; None with test dice or in a game by link."""
    return session.dice.fair if session.duel is None else None


def record(session: Session) -> dict[str, Any]:
    """The game or match as saved: what the proof's rolls are compared with."""
    return session.match.to_dict() if session.match is not None else game_to_dict(session.game)


def prove_from_here(session: Session) -> None:
    """A game that came with a record of its own (a link, a .mat record): the rolls from now on
    are proven, those before it are counted as not proven."""
    session.dice.prove_anew(len(record_rolls(record(session))))
    session.dice_check = None


def add_entropy(session: Session, text: Any) -> None:
    fair = live(session)
    if fair is None:
        return
    if not isinstance(text, str) or not text.strip() or len(text) > MAX_ENTROPY:
        raise UIError(f"your own entropy is text of 1 to {MAX_ENTROPY} characters", why="why.dice_entropy")
    if not fair.may_add_entropy:
        raise UIError("the first roll of this commitment is made: its entropy is fixed", why="why.dice_entropy_late")
    fair.add_entropy(text.strip())
    session.say("dice_entropy_added")


def reveal(session: Session) -> None:
    """The player asked for the seed: it is shown, and the next rolls come from a fresh commitment."""
    fair = live(session)
    if fair is None or not fair.current.rolls:
        return
    fair.reveal()
    session.dice_check = None
    session.say("dice_revealed")


def game_ended(session: Session) -> None:
    """A game's end reveals its seed (a match's next game rolls from a fresh commitment)."""
    fair = live(session)
    if fair is not None:
        fair.reveal()


def check(session: Session) -> None:
    """Verify dice: every roll of the game recomputed from the revealed seeds and compared with
    the record; the answer stays in the view until the next roll."""
    fair = live(session)
    if fair is None:
        return
    result = verify(fair.proof(), record_rolls(record(session)))
    failure = result.first_failure
    session.dice_check = FairCheck(rolls=len(result.checks), proven=result.proven,
                                   first=None if failure is None else failure.number,
                                   status="ok" if failure is None else failure.status, at=fair.proof().rolls)


def view(session: Session) -> FairView | None:
    fair = live(session)
    if fair is None or session.screen != "board":
        return None
    proof = fair.proof()
    segment = fair.current
    checked = session.dice_check
    shown = checked if checked is not None and checked["at"] == proof.rolls else None
    revealed: list[RevealedSeed] = [
        {"commitment": s.commitment, "seed": s.seed or "", "entropy": s.entropy, "rolls": len(s.rolls)}
        for s in proof.segments if s.seed is not None]
    return {
        "commitment": segment.commitment,
        "entropy": segment.entropy,
        "may_add": fair.may_add_entropy,
        "rolls": proof.rolls,
        "secret_rolls": len(segment.rolls),
        "revealed": revealed,
        "check": shown,
    }


def history(session: Session) -> DiceHistory | None:
    """This game's rolls so far and how often each face and doubles came, beside what fair dice
    give on average (the preference `dice_history`)."""
    if not session.prefs.get("dice_history") or session.screen != "board":
        return None
    game = session.game
    current = list(game.dice.dice) if game.dice is not None else None
    rolls = [r.dice for r in game_rolls(game.history, game.variant, current)]
    faces = [sum(pair.count(face) for pair in rolls) for face in range(1, 7)]
    return {
        "rolls": [f"{a}{b}" for a, b in rolls],
        "faces": faces,
        "expected_face": round(len(rolls) * 2 / 6, 1),
        "doubles": sum(a == b for a, b in rolls),
        "expected_doubles": round(len(rolls) / 6, 1),
    }


def to_save(session: Session) -> dict[str, Any] | None:
    """The proven dice for the save; None when there are none (test dice, an older save)."""
    return session.dice.fair.state() if session.dice.fair is not None else None


def from_save(data: Any) -> FairDice | None:
    """The proven dice of a save (None: the save has none, it was made before them)."""
    if data is None:
        return None
    try:
        return FairDice.from_state(data)
    except FairDiceError as error:
        raise UIError(f"bad fair dice proof (fair_dice): {error}") from None
