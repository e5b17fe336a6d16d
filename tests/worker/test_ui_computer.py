"""The app's state machine (web/worker/ui.py) on CPython, no browser: the computer's levels, hints,
the review and the coach, matches against the computer."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

import pytest
from support.app import act, fresh, link_game_to_move, play_simply, to_move
from support.random_play import play_random_game

from nardcore.bots import analysis
from nardcore.dice import ROLLS
from nardcore.movegen import legal_plays
from nardcore.notation import parse_play, renumbered
from nardcore.position import Position
from web.worker import advice, ui
from web.worker.layout import point_id

# -- the computer's levels ------------------------------------------------------------------------------


def bot_until_human(app: ui.App, view: Mapping[str, Any]) -> Mapping[str, Any]:
    for _ in range(200):
        if not view["bot_pending"]:
            return view
        view = act(app, "bot")
    raise AssertionError("the computer never finished its turn")


@pytest.mark.parametrize("level", ["beginner", "intermediate", "advanced", "strongest"])
def test_the_chosen_level_plays_the_computers_side(level: str, monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[str] = []
    real = ui.make_bot

    def spy(name: str, seed: Any = None) -> Any:
        made.append(name)
        return real(name, seed=seed, budget=0.05) if name == "strongest" else real(name, seed=seed)

    app = ui.App(dice="seed:3", make_bot=spy)
    view = app.dispatch({"type": "new_game", "settings": {"variant": "tawla31", "opponent": "computer",
                                                          "level": level}})["view"]
    assert view["settings"]["level"] == level
    view = play_random_game(app, random.Random(1))
    assert view["phase"] == "over" and made and set(made) == {level}
    saved = app.to_save()
    again = ui.App(dice="seed:3")
    again.dispatch({"type": "boot", "save": json.dumps(saved), "fragment": "", "query": ""})
    assert again.settings["level"] == level


def test_a_computer_player_is_made_once_per_level_and_anew_when_the_level_changes() -> None:
    made: list[str] = []
    real = ui.make_bot

    def spy(name: str, seed: Any = None) -> Any:
        made.append(name)
        return real(name, seed=seed)

    app = ui.App(dice="seed:3", make_bot=spy)
    for level in ("beginner", "advanced"):
        app.dispatch({"type": "new_game", "settings": {"variant": "tawla31", "opponent": "computer", "level": level}})
        view = play_random_game(app, random.Random(1))
        assert view["phase"] == "over"
    assert made == ["beginner", "advanced"]


def test_an_unknown_level_is_refused_and_an_old_save_gets_the_default_level() -> None:
    app = ui.App(dice="seed:3")
    with pytest.raises(ui.UIError, match="level"):
        app.dispatch({"type": "new_game", "settings": {"opponent": "computer", "level": "godlike"}})
    app.dispatch({"type": "new_game", "settings": {"variant": "narde", "opponent": "computer"}})
    saved = app.to_save()
    del saved["settings"]["level"]  # saved before levels existed
    again = ui.App(dice="seed:3")
    view = again.dispatch({"type": "boot", "save": json.dumps(saved), "fragment": "", "query": ""})["view"]
    assert view["settings"]["level"] == ui.DEFAULT_LEVEL and view["variant"] == "narde"


def test_a_failing_computer_player_is_reported_not_replaced_by_random_plays(monkeypatch: pytest.MonkeyPatch) -> None:
    class Broken:
        name = ui.DEFAULT_LEVEL

        def choose_play(self, position: Any, plays: Any) -> Any:
            raise RuntimeError("the network file is damaged")

        def wants_double(self, game: Any) -> bool:
            return False

        def takes(self, game: Any) -> bool:
            return True

    app = ui.App(dice="seed:4", make_bot=lambda level, seed=None: Broken())
    app.dispatch({"type": "new_game", "settings": {"variant": "narde", "opponent": "computer"}})
    act(app, "roll")
    # to the first turn where the computer has to choose a play
    play_simply(app, lambda view: view["bot_pending"] and app.game is not None and app.game.phase == "move")
    before = app.game.position if app.game else None
    with pytest.raises(RuntimeError, match="damaged"):
        app.dispatch({"type": "bot"})
    assert app.game is not None and app.game.position == before and not app.game.steps


def test_the_computer_beavers_a_double_it_should_not_have_been_offered(monkeypatch: pytest.MonkeyPatch) -> None:
    app, _ = fresh("backgammon+beaver", dice="6,1,3,2")
    app.dispatch({"type": "new_game", "settings": {"variant": "backgammon+beaver", "opponent": "computer"}})
    act(app, "roll")  # white (the person) opens with 6-1
    act(app, "drag", **{"from": "13", "to": "7"})
    act(app, "drag", **{"from": "8", "to": "7"})
    view = act(app, "confirm")
    view = bot_until_human(app, view)
    if not view["can"]["double"]:
        pytest.fail(f"white cannot double here: {view['phase']}")
    monkeypatch.setattr(app.autopilot, "beavers", lambda bot, game: True)
    view = act(app, "double")
    view = bot_until_human(app, view)
    assert view["cube"]["value"] == 4 and view["cube"]["owner"] == "b"
    assert view["message"]["key"] == "beavered"


# -- hints -----------------------------------------------------------------------------------------------


def test_a_hint_lists_the_best_plays_draws_the_one_asked_for_and_goes_with_the_moment() -> None:
    from nardcore.bots.analysis import hint

    app, _ = fresh("narde", dice="5,2,6,5,4,4")
    view = to_move(app)
    assert view["can"]["hint"] and view["hint"] is None
    view = act(app, "hint")
    plays = view["hint"]["plays"]
    expected = hint(app.game.position, app.game.dice.dice, count=5)  # type: ignore[union-attr]
    assert [p["play"] for p in plays] == [h.play for h in expected] and 1 <= len(plays) <= 5
    # values to the thousandth, as the panel shows them
    assert [(p["equity"], p["loss"]) for p in plays] == [(round(h.equity, 3), round(h.loss, 3)) for h in expected]
    assert [p["loss"] for p in plays] == sorted(p["loss"] for p in plays) and plays[0]["loss"] == 0
    assert view["hint"]["shown"] == 0 and plays[0]["steps"] and all(len(s) == 2 for s in plays[0]["steps"])
    if len(plays) > 1:
        assert act(app, "hint", show=len(plays) - 1)["hint"]["shown"] == len(plays) - 1
    # playing the hinted steps ends in the hinted play, and the hint is gone once anything else happens
    for origin, target in plays[0]["steps"]:
        view = act(app, "drag", **{"from": origin, "to": target})
        assert view["hint"] is None
    view = act(app, "confirm")
    assert view["last"]["text"] == plays[0]["play"]


def test_a_hint_for_the_cube_and_none_on_the_computers_turn() -> None:
    app, _ = fresh("backgammon", dice="6,1,3,2")
    act(app, "roll")
    act(app, "drag", **{"from": "13", "to": "7"})
    act(app, "drag", **{"from": "8", "to": "7"})
    act(app, "confirm")
    view = act(app, "hint")  # black, before rolling, may double: the hint is a cube action
    assert view["hint"]["cube"] in ("double", "roll") and view["hint"]["plays"] == []
    view = act(app, "double")
    view = act(app, "hint")
    assert view["hint"]["cube"] in ("take", "drop")
    computer = ui.App(dice="seed:4")
    computer.dispatch({"type": "new_game", "settings": {"variant": "narde", "opponent": "computer"}})
    act(computer, "roll")
    view = play_simply(computer, lambda view: bool(view["bot_pending"]))  # to the computer's turn
    assert view["bot_pending"] and not view["can"]["hint"]
    assert act(computer, "hint")["message"]["key"] == "not_now"


def test_a_hint_is_offered_exactly_when_the_person_has_a_choice_to_make() -> None:
    app, view = fresh("narde", dice="5,2,6,5,4,4")
    assert view["phase"] == "opening" and not view["can"]["hint"]
    view = to_move(app)
    assert view["phase"] == "move" and view["movable"] and view["can"]["hint"]
    for origin, target in act(app, "hint")["hint"]["plays"][0]["steps"]:
        act(app, "drag", **{"from": origin, "to": target})
    view = act(app, "confirm")
    assert view["phase"] == "roll" and not view["can"]["hint"]  # narde has no cube: rolling is no choice
    stuck, _ = fresh("khachapuri", dice="5,2,6,6", auto_forced=False)
    act(stuck, "roll")
    view = act(stuck, "roll")
    assert view["phase"] == "move" and view["movable"] == [] and not view["can"]["hint"]  # no play at all
    cube, _ = fresh("backgammon", dice="6,1,3,2")
    act(cube, "roll")
    act(cube, "drag", **{"from": "13", "to": "7"})
    act(cube, "drag", **{"from": "8", "to": "7"})
    view = act(cube, "confirm")
    assert view["phase"] == "cube" and view["can"]["hint"]  # to double or to roll
    view = act(cube, "double")
    assert view["phase"] == "take" and view["can"]["hint"]
    assert view["message"] == {"key": "doubled", "args": {"side": "b", "cube": 2}}  # the cube offered at 2
    view = act(cube, "take")
    assert view["phase"] == "roll" and not view["can"]["hint"]  # the cube is White's: Black just rolls
    view = act(cube, "resign", level="backgammon")
    view = act(cube, "answer_resign", accept=True) if view["phase"] == "resign" else view
    assert view["phase"] == "over" and not view["can"]["hint"]


def test_no_hint_in_a_game_played_by_link() -> None:
    mover, view = link_game_to_move()  # the fair opening roll decides which device moves
    assert view["phase"] == "move" and view["movable"] and not view["link"]["waiting"]  # a move of its own
    assert not view["can"]["hint"]
    assert act(mover, "hint")["message"]["key"] == "not_now" and mover.view()["hint"] is None


# -- review ----------------------------------------------------------------------------------------------


def read(view: Mapping[str, Any], decision: Mapping[str, Any], field: str) -> str:
    """A review's play as the board of `view` reads it: the reader's own as made, the other's renumbered."""
    play = str(decision[field])
    if not play or decision["side"] == view["numbers"][0]:
        return play
    return renumbered(Position.parse(view["position"]).variant, play)


def test_the_review_runs_in_slices_marks_blunders_and_shows_any_turns_position(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(advice, "REVIEW_SLICE", 0.0)  # one turn per request: the progress is seen
    app = ui.App(dice="seed:3")
    app.dispatch({"type": "new_game", "settings": {"variant": "backgammon"}})
    assert not app.view()["can"]["review"]  # nothing played yet
    final = play_random_game(app, random.Random(1))
    assert app.game is not None
    turns = sum(1 for e in app.game.history if e.get("event") in ("play", "pass"))
    assert final["can"]["review"] and turns > 10
    seen = []
    for _ in range(25 * turns):  # a turn a request, then each turn's luck a roll a request
        review = act(app, "review")["review"]
        seen.append(review["done"])
        if review["complete"]:
            break
    assert review["complete"] and review["done"] == review["total"] == turns
    assert seen[:3] == [1, 2, 3]  # progress, a turn at a time
    assert len(review["chances"]) == len(review["positions"]) == turns
    marks = [d["mark"] for d in review["decisions"]]
    assert "blunder" in marks  # random plays blunder
    worst = max(review["decisions"], key=lambda d: d["loss"])
    assert worst["mark"] == "blunder" and worst["best"] != worst["chosen"]
    assert review["error_rate"]["w"] > 0 and review["error_rate"]["b"] > 0
    # a marked play: the position before it with its roll, the play made and the better one drawn
    shown = act(app, "review", show=worst["turn"])
    assert shown["position"] == worst["position"] != final["position"]
    assert shown["movable"] == [] and shown["review"]["shown"] == worst["turn"]
    high, low = int(worst["dice"][0]), int(worst["dice"][1])
    assert [d["value"] for d in shown["dice"]] == ([high] * 4 if high == low else [high, low])
    before = Position.parse(worst["position"])
    steps = legal_plays(before, (high, low))[parse_play(before, (high, low), worst["best"])]
    best_arrows = [(a["from"], a["to"]) for a in shown["arrows"] if a["kind"] == "hint"]
    assert best_arrows == [(point_id(before.turn, s.origin, before), point_id(before.turn, s.target, before))
                           for s in steps] and best_arrows
    assert {a["side"] for a in shown["arrows"]} == {worst["side"]}
    # the plays in the numbering of the board's reader (point_numbers.py)
    assert shown["message"] == {"key": "review_better", "args": {
        "turn": worst["turn"] + 1, "side": worst["side"], "dice": worst["dice"], "play": read(shown, worst, "chosen"),
        "best": read(shown, worst, "best")}}
    # an unmarked play: the position after it, no dice, no arrows, the message names the play
    plain = [d for d in review["decisions"] if d["kind"] == "play" and not d["mark"]
             and not any(o["turn"] == d["turn"] and o["mark"] for o in review["decisions"])]
    for decision in plain[:3]:
        view = act(app, "review", show=decision["turn"])
        assert view["position"] == review["positions"][decision["turn"]]
        assert view["dice"] == [] and view["arrows"] == []
        assert view["message"] == {"key": "review_shown", "args": {"turn": decision["turn"] + 1,
                                                                     "side": decision["side"],
                                                                     "play": read(view, decision, "chosen")}}
    for beyond in (turns, -1):
        with pytest.raises(ui.UIError, match="no such turn"):
            act(app, "review", show=beyond)
    back = act(app, "review", close=True)
    assert back["review"] is None and back["position"] == final["position"]
    with pytest.raises(ui.UIError, match="no such turn"):
        act(app, "review")
        act(app, "review", show=10_000)


def test_a_roll_that_changes_nothing_has_no_luck_and_a_winning_roll_has_much() -> None:
    # on the bar against a closed board every roll dances: all 21 are worth the same
    closed = Position.parse("backgammon:w:bar,13x2:1x2,2x2,3x2,4x2,5x2,6x2,13x3")
    assert all(not legal_plays(closed, r.dice) for r in ROLLS)
    assert all(abs(analysis.luck(closed, r.dice)) < 1e-9 for r in ROLLS)
    # two checkers on the six point, Black bears off next: only 33, 44, 55 and 66 win at once
    race = Position.parse("backgammon:w:6x2:1")
    lucks = {r.dice: analysis.luck(race, r.dice) for r in ROLLS}
    assert {d for d, value in lucks.items() if value > 0} == {(3, 3), (4, 4), (5, 5), (6, 6)}
    assert lucks[(6, 6)] == pytest.approx(2 - 4 / 18) and lucks[(2, 1)] == pytest.approx(-4 / 18)
    # luck is against the average roll: its mean over the 21 rolls is nothing
    assert abs(sum(float(r.probability) * lucks[r.dice] for r in ROLLS)) < 1e-9
    # the opening roll is never a double: its luck is against the 15 others only
    start = Position.start(race.variant)
    opening = {r.dice: analysis.luck(start, r.dice, opening=True) for r in ROLLS if not r.is_double}
    assert abs(sum(opening.values()) / 15) < 1e-9 and opening[(3, 1)] > 0 > opening[(2, 1)]


@pytest.mark.parametrize(("rate", "label"), [
    (0.0, "supernatural"), (1.9, "supernatural"), (2.0, "world_class"), (4.9, "world_class"), (5.0, "expert"),
    (7.9, "expert"), (8.0, "advanced"), (11.9, "advanced"), (12.0, "intermediate"), (17.9, "intermediate"),
    (18.0, "casual"), (25.9, "casual"), (26.0, "beginner"), (34.9, "beginner"), (35.0, "awful"), (400.0, "awful"),
])
def test_backgammon_skill_labels_follow_gnubgs_error_rate_scale(rate: float, label: str) -> None:
    assert analysis.skill(rate, "backgammon") == label


def test_the_other_games_skill_scales_are_gnubgs_times_their_own_factor() -> None:
    for variant, factor in analysis.SKILL_FACTOR.items():
        bounds = [bound * factor for bound in analysis.GNUBG_BOUNDS]
        assert [analysis.skill(b - 1e-6 * factor, variant) for b in bounds] == list(analysis.SKILLS[:-1])
        assert [analysis.skill(b, variant) for b in bounds] == list(analysis.SKILLS[1:])


def reviewed_game(variant: str, seed: int) -> tuple[ui.App, dict[str, Any]]:
    app = ui.App(dice=f"seed:{seed}")
    app.dispatch({"type": "new_game", "settings": {"variant": variant}})
    play_random_game(app, random.Random(seed))
    for _ in range(500):
        review = act(app, "review")["review"]
        if review["complete"]:
            return app, review
    raise AssertionError("the review never finished")


def test_the_review_gives_each_roll_its_luck_and_each_side_its_total_and_skill() -> None:
    app, review = reviewed_game("backgammon", 3)
    plays = [d for d in review["decisions"] if d["kind"] == "play"]
    assert all(isinstance(d["luck"], float) for d in plays)
    assert all(d["luck"] is None for d in review["decisions"] if d["kind"] != "play")
    for side in "wb":
        own = [d for d in review["decisions"] if d["side"] == side]
        assert review["luck"][side] == pytest.approx(sum(d["luck"] or 0.0 for d in own), abs=1e-3)
        unforced = [d["loss"] for d in own if not d["forced"]]
        assert review["error_rate"][side] == pytest.approx(1000 * sum(unforced) / len(unforced), abs=0.05)
        assert review["skill"][side] == analysis.judged_skill(review["error_rate"][side], len(unforced), "backgammon")
    assert any(d["forced"] for d in plays) and not all(d["forced"] for d in plays)
    # a forced play has no choice to score: its loss is nothing
    assert all(d["loss"] == 0 for d in plays if d["forced"])
    assert {review["skill"]["w"], review["skill"]["b"]} <= set(analysis.SKILLS)  # random plays: far from good
    # each roll's luck is that roll's against the average of the 21, from the mover's side
    sample = plays[5]
    before = Position.parse(sample["position"])
    dice = (int(sample["dice"][0]), int(sample["dice"][1]))
    assert sample["luck"] == pytest.approx(analysis.luck(before, dice), abs=1e-4)


def test_the_review_shows_its_graph_marks_and_skill_first_and_fills_in_the_luck_after(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(advice, "REVIEW_SLICE", 0.0)  # one step per request: each pass is seen
    app = ui.App(dice="seed:5")
    app.dispatch({"type": "new_game", "settings": {"variant": "narde"}})
    play_random_game(app, random.Random(5))
    assert app.game is not None
    turns = sum(1 for e in app.game.history if e.get("event") in ("play", "pass"))
    answers = []
    for _ in range(25 * turns):
        answers.append(json.loads(json.dumps(act(app, "review")["review"])))  # as sent, not the live dict
        if answers[-1]["complete"]:
            break
    first = next(i for i, r in enumerate(answers) if r["ranked"])
    # the first pass, a turn a request: the graph, the marks and the error rates, no luck yet
    assert first == turns - 1 and [r["done"] for r in answers[:3]] == [1, 2, 3]
    ranked = answers[first]
    assert len(ranked["chances"]) == turns and not ranked["complete"]
    assert ranked["luck_done"] == 0 and ranked["luck_turns"] == turns
    assert all(d["luck"] is None for d in ranked["decisions"]) and ranked["luck"] == {"w": 0.0, "b": 0.0}
    assert ranked["skill"]["w"] in analysis.SKILLS and ranked["error_rate"]["w"] > 0
    # then the luck, a roll of the 21 a request, each turn's filled in as it is done
    done = [r["luck_done"] for r in answers[first:]]
    assert done == sorted(done) and all(b - a <= 1 for a, b in zip(done, done[1:], strict=False))
    assert len(answers) - first > 15 * turns  # not all at once: the page shows its progress between
    final = answers[-1]
    assert final["complete"] and final["luck_done"] == turns
    # nothing of the first pass changes, and each luck is the roll's against the 21
    for key in ("chances", "positions", "error_rate", "skill"):
        assert final[key] == ranked[key]
    assert [{**d, "luck": None} for d in final["decisions"]] == ranked["decisions"]
    for decision in final["decisions"][1:6]:
        before = Position.parse(decision["position"])
        dice = (int(decision["dice"][0]), int(decision["dice"][1]))
        assert decision["luck"] == pytest.approx(analysis.luck(before, dice), abs=1e-4)


def test_a_slice_that_ranks_the_last_play_stops_there_so_the_graph_is_painted_before_the_luck(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(advice, "REVIEW_SLICE", 60.0)  # time enough for the whole review in one slice
    app = ui.App(dice="seed:7")
    app.dispatch({"type": "new_game", "settings": {"variant": "backgammon"}})
    play_random_game(app, random.Random(7))
    first = act(app, "review")["review"]
    assert first["ranked"] and not first["complete"] and first["luck_done"] == 0
    second = act(app, "review")["review"]
    assert second["complete"] and second["luck_done"] == second["luck_turns"] > 0


def test_closing_the_review_stops_its_luck_and_a_new_one_starts_again(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(advice, "REVIEW_SLICE", 0.0)
    app = ui.App(dice="seed:6")
    app.dispatch({"type": "new_game", "settings": {"variant": "backgammon"}})
    play_random_game(app, random.Random(6))
    review = act(app, "review")["review"]
    while not review["ranked"] or review["luck_done"] < 2:
        review = act(app, "review")["review"]
    assert not review["complete"]
    asked: list[object] = []

    def noted(*args: object) -> float:
        asked.append(args)
        return 0.0

    monkeypatch.setattr(analysis, "best_equity", noted)
    assert act(app, "review", close=True)["review"] is None and app.session.review_run is None
    assert asked == []  # closed: the luck is measured no further
    again = act(app, "review")["review"]
    assert again["done"] == 1 and again["luck_done"] == 0 and not again["ranked"]


def test_the_luck_ranks_the_played_roll_once_and_the_other_rolls_once_each(monkeypatch: pytest.MonkeyPatch) -> None:
    start = Position.start("backgammon")
    history = [{"event": "opening", "dice": [3, 1]}, {"event": "play", "side": "w", "dice": [3, 1], "play": "8/5 6/5"},
               {"event": "play", "side": "b", "dice": [6, 4], "play": "24/14"},
               {"event": "play", "side": "w", "dice": [2, 2], "play": "6/4(2) 8/6(2)"}]
    asked: list[tuple[int, int]] = []
    real = analysis.best_equity

    def counted(position: Position, dice: tuple[int, int]) -> float:
        asked.append(dice)
        return real(position, dice)

    monkeypatch.setattr(analysis, "best_equity", counted)
    done = analysis.review(start, history, with_luck=False)
    assert asked == [] and all(d.luck is None for d in done.decisions)
    done = analysis.review(start, history)
    # the opening roll against the 14 other non-doubles, each later roll against the 20 others:
    # the rolled dice are ranked once, in the first pass
    assert len(asked) == 14 + 20 + 20
    assert (3, 1) not in asked[:14] and (6, 4) not in asked[14:34] and (2, 2) not in asked[34:]
    monkeypatch.undo()
    expected = [analysis.luck(start, (3, 1), opening=True)]
    position = parse_play(start, (3, 1), "8/5 6/5")
    expected.append(analysis.luck(position, (6, 4)))
    position = parse_play(position, (6, 4), "24/14")
    expected.append(analysis.luck(position, (2, 2)))
    assert [d.luck for d in done.decisions] == pytest.approx(expected, abs=1e-4)


def test_try_it_from_here_plays_a_marked_turn_again_against_the_computer() -> None:
    app, review = reviewed_game("backgammon", 3)
    worst = max(review["decisions"], key=lambda d: d["loss"])
    assert worst["mark"] and worst["kind"] == "play"
    old_id = app.session.game_id
    view = act(app, "review", **{"try": worst["turn"]})
    assert view["review"] is None and view["position"] == worst["position"] and view["phase"] == "move"
    assert view["dice_text"] == worst["dice"] and view["movable"] and not view["bot_pending"]
    assert view["settings"]["opponent"] == "computer" and view["settings"]["seat"] == worst["side"]
    assert view["settings"]["match_length"] == 0 and app.session.game_id != old_id  # a new game of the library
    assert view["message"] == {"key": "review_tried", "args": {"side": worst["side"], "dice": worst["dice"]}}
    # a turn that is not one of the review's is refused by name, and the review stays
    app, review = reviewed_game("tawla31", 2)
    for bad in (-1, len(review["positions"]), "3", True, None, 1.5):
        with pytest.raises(ui.UIError, match="no such turn"):
            act(app, "review", **{"try": bad})
        assert app.session.review is not None and app.session.review["complete"]


def test_the_coach_holds_back_a_blunder_once_and_lets_good_plays_through() -> None:
    from nardcore.bots.analysis import hint, mark

    app, _ = fresh("backgammon", dice="6,5,6,5")
    act(app, "set", name="coach", value=True)
    view = to_move(app)
    game = app.game
    assert game is not None and game.dice is not None
    options = hint(game.position, game.dice.dice, count=1000)
    worst = options[-1]
    assert mark(worst.loss, "backgammon") == "blunder"
    steps = game.plays()[worst.result]
    for step in steps:
        act(app, "click", point=ui.point_id(0, step.origin, game.position))
        view = act(app, "click", point=ui.point_id(0, step.target, game.position))
    view = act(app, "confirm")
    assert view["message"]["key"] == "coach_blunder" and view["phase"] == "move" and view["can"]["undo"]
    assert view["message"]["args"]["best"] == options[0].play
    view = act(app, "confirm")  # confirmed anyway
    assert view["last"]["text"] == worst.play and view["message"] is None
    good, _ = fresh("backgammon", dice="6,5,6,5")
    act(good, "set", name="coach", value=True)
    to_move(good)
    assert good.game is not None
    best_steps = good.game.plays()[options[0].result]
    for step in best_steps:
        act(good, "drag", **{"from": ui.point_id(0, step.origin, good.game.position),
                             "to": ui.point_id(0, step.target, good.game.position)})
    assert act(good, "confirm")["last"]["text"] == options[0].play
    # with auto-confirm, the coach holds the blunder too; changing another preference then
    # confirms nothing by itself: the person still confirms or takes the play back
    held, _ = fresh("backgammon", dice="6,5,6,5", auto_confirm=True)
    act(held, "set", name="coach", value=True)
    to_move(held)
    assert held.game is not None
    for step in held.game.plays()[worst.result]:
        act(held, "click", point=ui.point_id(0, step.origin, held.game.position))
        view = act(held, "click", point=ui.point_id(0, step.target, held.game.position))
    assert view["message"]["key"] == "coach_blunder" and view["phase"] == "move"
    history = list(held.game.history)
    view = act(held, "set", name="flip", value=True)
    assert view["phase"] == "move" and held.game.history == history


@pytest.mark.parametrize("seed", range(6))
def test_a_match_score_is_shown_capped_at_the_length_with_the_winner_first(seed: int) -> None:
    app = ui.App(dice=f"seed:{seed}")
    app.dispatch({"type": "new_game", "settings": {"variant": "khachapuri", "match_length": 3}})
    view = play_random_game(app, random.Random(seed))  # khachapuri games give 1..14 or 30 points
    while view["can"]["next_game"]:
        act(app, "next_game")
        view = play_random_game(app, random.Random(seed))
    assert view["message"]["key"] == "match_over" and app.match is not None and app.match.over
    winner = view["result"]["winner"]
    loser = "b" if winner == "w" else "w"
    assert view["players"][winner]["score"] == 3 == view["match"]["score"]["wb".index(winner)]
    assert view["players"][loser]["score"] < 3
    assert view["message"]["args"]["score"] == f"3:{view['players'][loser]['score']}"
    assert max(app.match.score) >= 3  # the real score is kept (it may be far past 3)


def test_the_person_can_play_black_against_the_computer_and_sees_the_board_from_there() -> None:
    app = ui.App(dice="seed:4")
    view = app.dispatch({"type": "new_game", "settings": {"variant": "narde", "opponent": "computer",
                                                          "seat": "b"}})["view"]
    assert view["players"]["w"]["kind"] == "computer" and view["players"]["b"]["kind"] == "human"
    assert view["flipped"] is True
    view = act(app, "set", name="flip", value=True)
    assert view["flipped"] is False  # the flip button still turns it round
    view = act(app, "roll")
    for _ in range(60):  # the computer moves White, the person Black
        if view["bot_pending"]:
            assert app.game is not None and app.game.to_act == 0
            view = act(app, "bot")
        elif view["can"]["roll"]:
            view = act(app, "roll")
        elif view["movable"]:
            assert app.game is not None and app.game.to_act == 1
            act(app, "click", point=view["movable"][0])
            view = act(app, "click", point=app.view()["destinations"][0])
        elif view["can"]["confirm"]:
            view = act(app, "confirm")
    assert app.game is not None and len(app.game.history) > 6
    assert play_random_game(app, random.Random(5))["phase"] == "over"
    with pytest.raises(ui.UIError, match="seat"):
        app.dispatch({"type": "new_game", "settings": {"seat": "red"}})


def test_the_last_move_line_starts_clean_in_the_next_game_of_a_match() -> None:
    app = ui.App(dice="seed:2")
    app.dispatch({"type": "new_game", "settings": {"variant": "narde", "match_length": 5}})
    view = play_random_game(app, random.Random(3))
    assert view["last"] is not None and view["can"]["next_game"]
    assert act(app, "next_game")["last"] is None


def test_hundreds_of_hostile_links_and_saves_change_nothing_and_the_game_goes_on() -> None:
    from hostile import hostile_fragments, hostile_saves

    app, _ = fresh("narde", dice="seed:1")
    valid_save = json.dumps(app.to_save())
    for number, fragment in enumerate(hostile_fragments(300, seed=5)):
        app = ui.App(dice="seed:1")
        answer = app.dispatch({"type": "boot", "save": valid_save, "fragment": "#" + fragment, "query": ""})
        key = answer["view"]["message"]["key"]
        assert key in ("url_bad", "url_loaded"), (number, fragment[:80])  # refused, or still a valid game
        if key == "url_bad":
            assert answer["view"]["variant"] == "narde", (number, fragment[:80])  # the saved game is still there
    for number, save in enumerate(hostile_saves(300, seed=6, valid_save=valid_save)):
        app = ui.App(dice="seed:1")
        answer = app.dispatch({"type": "boot", "save": save, "fragment": "", "query": ""})
        if answer["view"]["message"] and answer["view"]["message"]["key"] == "save_corrupt":
            assert answer["set_aside"] == save, number  # kept aside, never thrown away
        view = to_move(app)  # a legal move can be played
        act(app, "click", point=view["movable"][0])
        assert act(app, "click", point=app.view()["destinations"][0])["position"] != view["position"], number
