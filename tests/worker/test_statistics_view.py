"""The Statistics screen's figures (web/worker/statistics_view.py), the ratings (nardcore/bots/ratings.py) and
the background review (background.py), with known answers: a seeded library of games against
the computer, one between two people and one with dice entered by hand, planted as saves."""

from __future__ import annotations

import functools
import json

import pytest
from support.library_saves import by_hand, finished_save

from nardcore.bots import analysis, ratings
from nardcore.position import Position
from web.worker import background, engine
from web.worker.statistics import dice_counts, games_of_save
from web.worker.statistics_view import moving_average, report


@functools.cache
def reviewed(text: str) -> dict[str, object]:
    """The background review's answer for a save, slice after slice until done."""
    for _ in range(10_000):
        answer = background.review_in_background({"id": json.loads(text)["id"], "save": text}, slice_s=0.05)
        if "done" not in answer:
            return answer
    raise AssertionError("the review never ended")


def test_gnubg_rating_formula_and_its_weights() -> None:
    # a single game: a2 = 8798, b = 863; 10 thousandths per move and 20 per cube decision
    assert ratings.gnubg_rating(0.010, 0.020) == pytest.approx(2050 - 87.98 - 17.26)
    # a 7-point match: a2(7) = 8798 + 25526/7, b(7) = 863 - 519/7
    assert ratings.gnubg_rating(0.010, 0.0, 7) == pytest.approx(2050 - 0.010 * (8798 + 25526 / 7))
    assert ratings.cube_weight(7) == pytest.approx(863 - 519 / 7)
    assert ratings.gnubg_rating(0.0) == 2050


def test_the_other_games_are_rated_on_backgammons_scale_through_their_factor() -> None:
    back = ratings.rating("backgammon", move_loss=0.8, moves=100)
    for variant in ("narde", "khachapuri", "moultezim", "tawla31"):
        factor = ratings.game_factor(variant)
        assert factor != 1.0
        # the same player: errors larger by the game's factor give the same rating
        assert ratings.rating(variant, move_loss=0.8 * factor, moves=100) == pytest.approx(back)
    assert ratings.rating("narde", 0.0, 0) is None


def test_moving_average_of_the_last_ten() -> None:
    values: list[float | None] = [float(v) for v in range(1, 13)]
    found = moving_average(values)
    assert found[0] == 1 and found[1] == 1.5 and found[9] == 5.5
    assert found[11] == pytest.approx(sum(range(3, 13)) / 10)
    assert moving_average([None, 4.0, None, 8.0], 2) == [None, 4.0, 4.0, 6.0]


def test_the_background_review_gives_the_reviews_figures_in_slices() -> None:
    text = finished_save(31)
    answer = reviewed(text)
    summary = answer["review"]
    assert isinstance(summary, dict) and summary["version"] == 1
    game = json.loads(text)["game"]
    whole = analysis.review(Position.parse(game["start"]), game["history"])
    assert summary["games"] == [background.summary(whole)]
    mine = summary["games"][0]["w"]
    assert mine["moves"] == sum(1 for d in whole.decisions if d.side == "w" and d.kind == "play" and not d.forced)
    assert mine["move_loss"] == pytest.approx(sum(d.loss for d in whole.decisions if d.side == "w" and not d.forced
                                                  and d.kind == "play"), abs=1e-4)


def test_the_background_review_skips_what_it_should_not_review() -> None:
    two = finished_save(32, "human")
    assert reviewed(two)["skip"] is True  # two people at one device: not the player against the computer
    assert background.review_in_background({"id": "abc", "save": "{not json"})["skip"] is True
    unfinished = json.loads(finished_save(31))
    del unfinished["game"]["result"]
    assert background.review_in_background({"id": "abd", "save": json.dumps(unfinished)})["skip"] is True


def library() -> list[dict[str, object]]:
    """Three games against the computer (the first reviewed), one between two people at one
    device, one with dice entered by hand, and a save that is not one."""
    computer = [finished_save(seed) for seed in (31, 33, 34)]
    items: list[dict[str, object]] = []
    for k, text in enumerate(computer):
        items.append({"id": json.loads(text)["id"], "save": text, "when": 1000.0 * (k + 1),
                      "review": reviewed(text)["review"] if k == 0 else None})
    two = finished_save(32, "human")
    items.append({"id": json.loads(two)["id"], "save": two, "when": 5000.0, "review": None})
    items.append({"id": "0000000000aa", "save": by_hand(computer[1]), "when": 6000.0, "review": None})
    items.append({"id": "0000000000bb", "save": "{\"app\": 1", "when": 7000.0})
    return items


def test_a_seeded_library_gives_its_known_counts() -> None:
    items = library()
    saves = [json.loads(str(item["save"])) for item in items[:5]]
    games = [game for save in saves for game in games_of_save(save)]
    found = report(items)
    assert found["games"] == 5 and found["unread"] == 1
    total = found["results"]["total"]
    assert total["played"] == 5
    # the player won or lost each of the four games against the computer; the two people's game is nobody's
    computer = [g for g in games if g.rival == "computer:beginner"]
    won = sum(1 for g in computer if g.winner == g.mine)
    assert (total["won"], total["lost"]) == (won, len(computer) - won)
    assert total["points_won"] == sum(g.points for g in computer if g.winner == g.mine)
    assert found["results"]["by_rival"]["computer:beginner"]["played"] == 4
    assert found["results"]["by_rival"]["human"]["played"] == 1
    assert found["results"]["by_variant"]["backgammon"]["played"] == 5
    assert found["results"]["by_kind"] == {"single": total}
    # the dice: the hand game's rolls are left out of the test; the player's and the opponent's
    dice = found["dice"]
    assert dice["hand_games"] == 1
    mine, theirs = dice["sides"]
    machine = [g for g in games if not g.hand]
    assert mine["who"] == "mine" and mine["rolls"] == dice_counts(machine, "mine").rolls
    assert theirs["count"] == dice_counts(machine, "theirs").count
    assert mine["expected_rolls"]["66"] == pytest.approx(mine["count"] / 36, abs=0.01)
    assert sum(mine["faces"]) == 2 * mine["count"]
    # the skill: one reviewed game, its rate and rating from its summary
    skill = found["skill"]["backgammon"]
    assert skill["reviewed"] == 1 and len(skill["points"]) == 1
    summary = items[0]["review"]["games"][0]["w"]  # type: ignore[index]
    rate = 1000 * summary["move_loss"] / summary["moves"]
    assert skill["rate"] == pytest.approx(rate, abs=0.01)
    assert skill["points"][0]["when"] == 1000.0
    cube = summary["cube_loss"] / summary["cubes"] if summary["cubes"] else 0.0
    assert skill["rating"] == round(ratings.gnubg_rating(rate / 1000, cube))
    assert skill["luck"] == {"mine": pytest.approx(summary["luck"], abs=1e-3),
                             "theirs": pytest.approx(items[0]["review"]["games"][0]["b"]["luck"], abs=1e-3)}  # type: ignore[index]


def test_the_scopes_the_games_against_the_computer_and_one_game() -> None:
    items = library()
    computer = report(items, "computer")
    assert computer["games"] == 4 and "human" not in computer["results"]["by_rival"]
    first = str(items[0]["id"])
    one = report(items, first)
    assert one["games"] == 1 and one["results"]["total"]["played"] == 1
    game = games_of_save(json.loads(str(items[0]["save"])))[0]
    assert game.mine is not None
    assert one["dice"]["sides"][0]["count"] == sum(game.rolls[game.mine])
    # two people at one device: the dice by colour
    two = report(items, str(items[3]["id"]))
    assert [side["who"] for side in two["dice"]["sides"]] == ["w", "b"]


def test_a_review_summary_that_is_not_one_is_left_out() -> None:
    items = library()[:1]
    items[0]["review"] = {"version": 1, "games": [{"w": {"moves": -3}, "b": {}}]}
    assert report(items)["skill"] == {}
    items[0]["review"] = "junk"
    assert report(items)["skill"] == {}
    assert report("not a list")["games"] == 0


def test_the_engine_answers_statistics_without_touching_the_game() -> None:
    before = engine._app
    items = library()[:2]
    answer = json.loads(engine.dispatch(json.dumps({"type": "statistics", "games": items, "scope": "all"})))
    assert answer["statistics"]["games"] == 2
    assert engine._app is before
    slice_ = json.loads(engine.dispatch(json.dumps({"type": "review_in_background", "id": "x", "save": "[]"})))
    assert slice_ == {"id": "x", "skip": True}
