"""A whole match reviewed (web/worker/match_review.py, nardcore/bots/match_review.py): an
earlier game reopened in the review, read-only, and the match summary with each side's checker
and cube error rates, luck and gnubg's rating estimate."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest
from support.app import act
from support.matches import match_of_two_games

from nardcore.bots import analysis, ratings
from nardcore.bots.analysis import SKILL_LEAST_CHOICES
from nardcore.bots.match_review import summary
from web.worker import ui
from web.worker.inputs import UIError


def finished(app: ui.App, kind: str, **args: Any) -> Mapping[str, Any]:
    view = act(app, "review", **args)
    for _ in range(400):
        review = view["review"]
        if kind == "review" and review["complete"]:
            return view
        if kind == "summary" and "sides" in review.get("summary", {}):
            return view
        view = act(app, "review", **({"summary": True} if kind == "summary" else {}))
    raise AssertionError("the review did not finish")


def test_an_earlier_game_of_the_match_reopens_and_reviews_while_the_game_in_play_stays() -> None:
    app = match_of_two_games()
    board = app.view()["position"]
    first = app.session.match.played[0]  # type: ignore[union-attr]
    assert first is not None
    view = finished(app, "review", game=0)
    review = view["review"]
    assert review["game"] == 0 and review["games"] == 2
    assert review["positions"][0] != board and view["position"] == review["positions"][0]  # its own board
    expected = analysis.review(first.start, first.history, with_luck=False)
    plays = [d for d in review["decisions"] if d["kind"] == "play"]
    assert [d["chosen"] for d in plays] == [d.chosen for d in expected.decisions if d.kind == "play"]
    assert any(d["kind"] == "drop" for d in review["decisions"])  # the cube's answer judged too
    view = act(app, "review", close=True)
    assert view["position"] == board and app.session.review_game is None


def test_the_game_in_play_is_the_last_of_the_match_and_no_game_past_it_opens() -> None:
    app = match_of_two_games()
    view = finished(app, "review", game=1)
    assert view["review"]["game"] is None  # the game on the board
    for wrong in (2, -1, True, "0"):
        with pytest.raises(UIError, match="no such game"):
            act(app, "review", game=wrong)


def test_the_match_summary_sums_every_game_as_gnubg_does() -> None:
    app = match_of_two_games()
    finished(app, "review")
    summed = finished(app, "summary", summary=True)["review"]["summary"]
    assert summed["games"] == 2 and summed["match_length"] == 3
    games = [g for g in app.session.match.played if g is not None] + [app.session.game]  # type: ignore[union-attr]
    reviews = [analysis.review(g.start, g.history, cube=None) for g in games]
    for side in ("w", "b"):
        plays = [d.loss for r in reviews for d in r.decisions if d.side == side and d.kind == "play" and not d.forced]
        mine = summed["sides"][side]
        assert mine["checker"]["choices"] == len(plays)
        assert mine["checker"]["error_rate"] == round(1000 * sum(plays) / len(plays), 1)
        assert mine["overall"]["skill"] == "too_few" and mine["rating"] is None  # four choices say too little


def test_the_match_summary_rates_a_side_from_enough_choices_as_gnubg_does() -> None:
    app = match_of_two_games(turns=12)
    finished(app, "review")
    summed = finished(app, "summary", summary=True)["review"]["summary"]
    for side in ("w", "b"):
        mine = summed["sides"][side]
        assert mine["overall"]["choices"] >= SKILL_LEAST_CHOICES
        epm, epc = mine["checker"]["error_rate"] / 1000, mine["cube"]["error_rate"] / 1000
        assert mine["rating"] == pytest.approx(ratings.gnubg_rating(epm, epc, 3), abs=1.0)


def decided(side: str, kind: str, loss: float) -> analysis.Decision:
    return analysis.Decision(turn=0, side=side, kind=kind, position="", dice="", chosen="", best="", loss=loss,
                             mark=None)


@pytest.mark.parametrize("variant", ["backgammon", "narde"])
def test_a_summary_rates_as_the_statistics_screen_does_and_money_not_at_all(variant: str) -> None:
    """gnubg's formula in backgammon, calibrated for the other games (nardcore.bots.ratings)."""
    plays = [decided("w", "play", loss) for loss in (0.0, 0.01, 0.02, 0.05, 0.0, 0.03)]
    cubes = [decided("w", "take", 0.1), decided("w", "double", 0.0)]
    reviews = [analysis.Review(decisions=plays[:3], variant=variant),
               analysis.Review(decisions=plays[3:] + cubes, variant=variant)]
    mine = summary(reviews, 7, variant)["sides"]["w"]
    expected = ratings.rating(variant, sum(d.loss for d in plays), len(plays), 0.1, 2, 7)
    assert expected is not None and mine["rating"] == round(expected)
    if variant == "backgammon":  # gnubg's own: 0.11 / 6 a move, 0.05 a cube decision, N = 7
        assert mine["rating"] == round(2050 - 0.11 / 6 * (8798 + 25526 / 7) - 0.05 * (863 - 519 / 7))
    else:  # its errors read at backgammon's scale
        assert mine["rating"] != round(ratings.gnubg_rating(0.11 / 6, 0.05, 7))
    assert summary(reviews, 0, variant)["sides"]["w"]["rating"] is None  # money
    assert summary(reviews[:1], 7, variant)["sides"]["w"]["rating"] is None  # three choices
