"""The review judges every cube decision (nardcore/bots/analysis.py with cube_judge.CubeTrack):
doubles, missed doubles, too good, takes and drops, at money and at a match score, marked as
plays are, and counted apart in each side's checker and cube error rates and skill."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from support.app import act

from nardcore.bots import analysis, cube_judge
from nardcore.bots.cube_judge import CubeState
from nardcore.dice import PresetDice
from nardcore.game import Game
from nardcore.position import Position
from web.worker import ui

AHEAD = "backgammon:w:6x4,5x3,4x3,3x3,2x2:7x2,6x4,5x3,4x3,3x3"  # 64 pips against 74: double, drop
EVEN = "backgammon:w:6x4,5x3,4x3,3x3,2x2:6x4,5x3,4x3,3x3,2x2"  # 64 each: no double, take


def best_play(game: Game) -> None:
    assert game.dice is not None
    game.play(analysis.hint(game.position, game.dice.dice, count=1)[0].result)


def cube_decisions(review: analysis.Review) -> list[analysis.Decision]:
    return [d for d in review.decisions if d.kind != "play"]


def test_a_double_too_early_is_marked_and_the_right_take_is_not() -> None:
    game = Game("backgammon", PresetDice([]), position=Position.parse(EVEN))
    game.double()
    game.take()
    game.roll((6, 5))
    best_play(game)
    review = analysis.review(game.start, game.history, with_luck=False, cube=CubeState())
    double, take = cube_decisions(review)[:2]
    found = cube_judge.decision(Position.parse(EVEN), CubeState())
    assert (double.kind, double.side, double.best) == ("double", "w", "no_double")
    assert double.loss == round(found.no_double - found.double_take, 4) and double.mark is not None
    assert (take.kind, take.side, take.best, take.loss, take.mark) == ("take", "b", "take", 0.0, None)
    # counted apart: White's one cube decision carries the whole loss, its plays none of it
    assert review.error_rate("w", "cube") == 1000 * double.loss
    assert review.error_rate("w", "checker") == 0.0
    parts = review.to_dict()
    assert parts["cube"]["w"]["choices"] == 1 and parts["checker"]["w"]["choices"] == 1


def test_a_wrong_take_is_marked_with_the_drop_as_best() -> None:
    game = Game("backgammon", PresetDice([]), position=Position.parse(AHEAD))
    game.double()
    game.take()
    game.roll((2, 1))
    best_play(game)
    review = analysis.review(game.start, game.history, with_luck=False, cube=CubeState())
    double, take = cube_decisions(review)[:2]
    found = cube_judge.decision(Position.parse(AHEAD), CubeState())
    assert (double.best, double.loss, double.mark) == ("double", 0.0, None)
    assert (take.kind, take.side, take.best) == ("take", "b", "drop")
    assert take.loss == round(found.double_take - 1.0, 4) and take.mark == "blunder"


def test_a_missed_double_is_marked_on_the_turn_rolled_without_it() -> None:
    game = Game("backgammon", PresetDice([]), position=Position.parse(AHEAD))
    game.roll((2, 1))
    best_play(game)
    review = analysis.review(game.start, game.history, with_luck=False, cube=CubeState())
    missed = cube_decisions(review)[0]
    found = cube_judge.decision(Position.parse(AHEAD), CubeState())
    assert (missed.kind, missed.turn, missed.chosen, missed.best) == ("no_double", 0, "no_double", "double")
    assert missed.loss == round(1.0 - found.no_double, 4) and missed.mark is not None


def test_an_opponents_cube_is_not_judged_and_a_taken_cube_moves_to_the_taker() -> None:
    game = Game("backgammon", PresetDice([]), position=Position.parse(AHEAD), cube=2, cube_owner=1)
    game.roll((2, 1))
    best_play(game)
    review = analysis.review(game.start, game.history, with_luck=False, cube=CubeState(2, 1))
    assert cube_decisions(review) == []  # White may not double: Black owns the cube
    track = cube_judge.CubeTrack(CubeState(), 64)
    track.before_roll(Position.parse(AHEAD), True)
    track.answer("take", 1)
    assert (track.state.value, track.state.owner) == (2, 1)


def reviewed(app: ui.App) -> Mapping[str, Any]:
    view = act(app, "review")
    for _ in range(200):
        if view["review"]["complete"]:
            return view
        view = act(app, "review")
    raise AssertionError("the review did not finish")


def test_a_match_reviewed_in_the_app_marks_a_wrong_take_and_a_wrong_double() -> None:
    app = ui.App(dice="seed:3")
    app.dispatch({"type": "new_game", "settings": {"variant": "backgammon"}})
    app.session.play_on_from(Position.parse(AHEAD))
    session = app.session
    session.replace_game(Game("backgammon", session.dice, position=Position.parse(AHEAD), match_length=7,
                              score=(2, 4)))
    state = CubeState(match_length=7, score=(2, 4))
    found = cube_judge.decision(Position.parse(AHEAD), state)
    assert found.double and not found.take  # at 5-away 3-away too: double, drop
    act(app, "double")
    act(app, "take")  # wrong
    act(app, "roll")
    assert session.game.dice is not None
    best_play(session.game)
    session.game.double()  # Black, far behind, redoubles to 4: wrong
    session.game.take()
    review = reviewed(app)["review"]
    cube = [d for d in review["decisions"] if d["kind"] != "play"]
    kinds = [(d["kind"], d["side"]) for d in cube[:4]]
    assert kinds == [("double", "w"), ("take", "b"), ("double", "b"), ("take", "w")]
    assert not cube[0]["mark"]
    take, redouble = cube[1], cube[2]
    assert take["best"] == "drop" and take["mark"]
    wrong = found.double_take - found.double_pass  # what the take gives the doubler beyond the drop
    assert take["loss"] == round(cube_judge.in_emg(Position.parse(AHEAD), state, wrong), 4)
    assert redouble["best"] == "no_double" and redouble["mark"]
    assert review["cube"]["b"]["choices"] == 2 and review["cube"]["b"]["error_rate"] > 0
