"""The hint at a cube decision (web/worker/advice.py, nardcore/bots/cube_judge.py): the cube
action with the cubeful equities of no double, double/take and double/pass, and the take point
at this score; money in points per unit cube, a match in match-winning chances with the money
equity beside them."""

from __future__ import annotations

from support.app import act

from nardcore.bots import cube_judge, neural_cube
from nardcore.bots.met import match_equity
from nardcore.game import Game
from nardcore.position import Position
from web.worker import ui

# White on roll in a race, 64 pips against 74: a double and a drop for money
AHEAD = "backgammon:w:6x4,5x3,4x3,3x3,2x2:7x2,6x4,5x3,4x3,3x3"
EVEN_RACE = "backgammon:w:6x4,5x3,4x3,3x3,2x2:6x4,5x3,4x3,3x3,2x2"  # 64 each: no double, take


def at_cube(position: str, **game: object) -> ui.App:
    app = ui.App(dice="seed:3")
    app.dispatch({"type": "new_game", "settings": {"variant": "backgammon"}})
    app.session.play_on_from(Position.parse(position))
    if game:
        app.session.replace_game(Game("backgammon", app.session.dice, position=Position.parse(position),
                                      **game))  # type: ignore[arg-type]
    return app


def test_the_hint_before_a_roll_gives_the_cube_action_and_its_three_equities() -> None:
    app = at_cube(AHEAD)
    view = act(app, "hint")
    hint = view["hint"]
    advice = hint["cube_advice"]
    expected = neural_cube.cube_decision(app.game)
    assert expected is not None and expected.double and not expected.take
    assert hint["cube"] == "double" and hint["plays"] == []
    assert advice["action"] == "double_pass" and advice["money"] and advice["doubler"] == "w"
    assert advice["equity"] == {"no_double": round(expected.no_double, 4),
                                "double_take": round(expected.double_take, 4), "double_pass": 1.0}
    # no gammons in a race: the take point lies between the live cube's 20% and the dead cube's 25%
    assert 0.2 < advice["take_point"] < 0.25
    assert advice["taker_chance"] < advice["take_point"]  # why it is a drop


def test_the_hint_to_the_doubled_side_gives_the_answer_with_the_same_figures() -> None:
    app = at_cube(EVEN_RACE)
    before = act(app, "hint")["hint"]["cube_advice"]
    assert before["action"] == "no_double_take"
    act(app, "double")
    hint = act(app, "hint")["hint"]
    assert hint["cube"] == "take"
    assert hint["cube_advice"] == before  # the doubler's view, as before the double
    assert hint["cube_advice"]["taker_chance"] > hint["cube_advice"]["take_point"]


def test_at_a_match_score_the_equities_are_match_winning_chances_with_their_money_equity() -> None:
    app = at_cube(AHEAD, match_length=7, score=(2, 4))
    advice = act(app, "hint")["hint"]["cube_advice"]
    assert not advice["money"] and advice["score"] == {"length": 7, "need": 5, "other": 3}
    assert all(0.0 <= value <= 1.0 for value in advice["equity"].values())
    # a pass leaves White 4-away against 3-away: the table's figure
    assert advice["equity"]["double_pass"] == round(match_equity(4, 3), 4)
    assert advice["emg"]["double_pass"] == 1.0  # a pass wins the cube's point: +1 in money terms
    state = cube_judge.CubeState(match_length=7, score=(2, 4))
    found = cube_judge.decision(Position.parse(AHEAD), state)
    assert advice["action"] == cube_judge.action_key(found)
    # the take point moves with the score: not the money one
    money = act(at_cube(AHEAD), "hint")["hint"]["cube_advice"]
    assert advice["take_point"] != money["take_point"]


def test_the_emg_of_a_match_equity_is_linear_and_fixed_at_a_win_and_a_loss_of_the_cube() -> None:
    position = Position.parse(AHEAD)
    state = cube_judge.CubeState(match_length=5, score=(1, 2))
    win, loss = 1.0, -1.0
    assert abs(cube_judge.to_emg(position, state, match_equity(3, 3)) - win) < 1e-9
    assert abs(cube_judge.to_emg(position, state, match_equity(4, 2)) - loss) < 1e-9
