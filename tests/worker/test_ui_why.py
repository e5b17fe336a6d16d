"""The app says why: the hint's plays with their chance to win and why the best beats each,
the review's marked turn with why its best play beats the one made (two colours of arrows), the
coach's blunder with why, a roll with no play or one play with the rule that made it so; and a
random player's short game never called world class."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from support.app import act as intent
from support.app import fresh, to_move
from support.random_play import play_random_game

from nardcore.bots import RandomBot, act, analysis
from nardcore.bots.explain import KEYS
from nardcore.dice import SeededDice
from nardcore.game import Game
from nardcore.position import Position
from web.worker import ui


def app_at(position: str, dice: str, **prefs: Any) -> tuple[ui.App, Mapping[str, Any]]:
    app, _ = fresh(position.split(":")[0], dice=dice, **prefs)
    app.session.play_on_from(Position.parse(position))
    return app, app.view()


def test_the_hint_gives_each_play_its_chance_to_win_and_why_the_best_beats_it() -> None:
    app, _ = fresh("backgammon", dice="3,1,3,1")
    to_move(app)
    hint = intent(app, "hint")["hint"]
    plays = hint["plays"]
    assert plays[0]["play"] == "8/5 6/5" and len(plays) == 5
    assert all(0.0 < p["win"] < 1.0 for p in plays)
    assert plays[0]["win"] == max(p["win"] for p in plays)  # the best opening wins most often too
    for play in plays:
        assert 1 <= len(play["why"]) <= 3 and all(fact["key"] in KEYS for fact in play["why"])
    # the best against 8/4 ...: its fifth point made is told with the points counted
    keys = {fact["key"]: fact["args"] for p in plays[1:] for fact in p["why"]}
    assert keys["why.play.points_made"]["best"] == 5


def test_the_review_says_why_a_marked_turn_s_best_play_beats_the_one_made() -> None:
    app = ui.App(dice="seed:2")
    app.dispatch({"type": "new_game", "settings": {"variant": "tawla31"}})
    play_random_game(app, random.Random(2))
    review: Mapping[str, Any] = {}
    for _ in range(500):
        review = intent(app, "review")["review"]
        if review["complete"]:
            break
    assert review["why"] is None  # no turn shown
    marked = next(d for d in review["decisions"] if d["kind"] == "play" and d["mark"])
    view = intent(app, "review", show=marked["turn"])
    why = view["review"]["why"]
    assert why and all(fact["key"] in KEYS for fact in why)
    kinds = [arrow["kind"] for arrow in view["arrows"]]
    assert "played" in kinds and "hint" in kinds and "last" not in kinds
    # an unmarked turn has no why
    plain = next(d for d in review["decisions"] if d["kind"] == "play" and not d["mark"])
    assert intent(app, "review", show=plain["turn"])["review"]["why"] is None


def test_the_coach_says_why_the_best_play_beats_a_blunder() -> None:
    app, _ = fresh("backgammon", dice="6,5,6,5")
    intent(app, "set", name="coach", value=True)
    to_move(app)
    game = app.game
    assert game is not None and game.dice is not None
    worst = analysis.hint(game.position, game.dice.dice, count=1000)[-1]
    for step in game.plays()[worst.result]:
        intent(app, "click", point=ui.point_id(0, step.origin, game.position))
        intent(app, "click", point=ui.point_id(0, step.target, game.position))
    message = intent(app, "confirm")["message"]
    assert message["key"] == "coach_blunder"
    assert message["args"]["why"] and all(fact["key"] in KEYS for fact in message["args"]["why"])


def test_a_roll_with_no_play_says_which_rule_closes_the_way() -> None:
    # a tawla runner on its 9 facing six points held by single opposing checkers
    app, _ = app_at("tawla31:w:24x14,9:24x9,22,21,20,19,18,17", "5,3", auto_forced=False)
    view = intent(app, "roll")
    assert view["message"]["key"] == "no_moves"
    assert view["message"]["args"]["why"] == {"key": "why.nomove.runner_home", "args": {}}
    view = intent(app, "confirm")
    assert view["message"]["key"] == "passed" and view["message"]["args"]["why"]["key"] == "why.nomove.runner_home"


def test_a_forced_play_says_which_rule_left_only_it() -> None:
    # one checker left behind on the 1 point may not bear off, and only one leaves the head
    app, _ = app_at("narde:w:24x14,1:24x15", "6,5", auto_forced=True)
    view = intent(app, "roll")
    assert view["message"]["key"] == "forced"
    assert view["message"]["args"]["why"] == {"key": "why.forced.head", "args": {}}


def test_random_play_is_never_called_strong_however_short_the_game() -> None:
    strong = {"supernatural", "world_class", "expert"}
    for seed in range(4):
        game = Game("tawla31", SeededDice(seed))
        bot = RandomBot(seed)
        while not game.over:
            act(game, bot)
        done = analysis.review(game.start, game.history, with_luck=False)
        for side in "wb":
            losses = [d.loss for d in done.decisions if d.side == side and not d.forced]
            # the game cut short after each of the side's choices: the label of that review
            for n in range(1, len(losses) + 1):
                label = analysis.judged_skill(1000 * sum(losses[:n]) / n, n, "tawla31")
                assert label not in strong, (seed, side, n, label)
            assert done.skill(side) == analysis.judged_skill(done.error_rate(side), len(losses), "tawla31")


def test_a_label_needs_choices_and_a_long_faultless_game_still_earns_the_top() -> None:
    assert analysis.judged_skill(0.0, 0, "backgammon") is None
    assert analysis.judged_skill(0.0, analysis.SKILL_LEAST_CHOICES - 1, "backgammon") == analysis.TOO_FEW
    assert analysis.judged_skill(0.0, analysis.SKILL_LEAST_CHOICES, "backgammon") not in {"supernatural", "world_class"}
    assert analysis.judged_skill(0.0, 60, "backgammon") == "supernatural"
    assert analysis.judged_skill(500.0, 60, "backgammon") == "awful"


def test_a_single_play_left_to_the_person_is_said_with_its_rule() -> None:
    app, _ = app_at("narde:w:24x14,1:24x15", "6,5", auto_forced=False)
    view = intent(app, "roll")
    assert view["message"] == {"key": "only_play", "args": {"side": "w", "dice": "65",
                                                           "why": {"key": "why.forced.head", "args": {}}}}
    assert view["movable"] == ["24"]  # the person plays it
