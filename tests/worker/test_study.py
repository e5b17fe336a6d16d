"""The study screens in the worker (web/worker/study.py): puzzles by link, answered on their own
board, graded, the rating moved and kept across a reload; the opening book's screen; the game
of the library left as it was underneath. Whatever puzzles and book are installed are used:
no id or count is assumed."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import pytest
from support.app import act, fresh, play_turns

from nardcore.books import book_entries
from nardcore.bots import analysis, explain
from nardcore.game import Game
from nardcore.movegen import legal_plays
from nardcore.position import Position
from nardcore.puzzles import Puzzle, puzzles
from web.worker import drills, settings, ui
from web.worker.layout import point_id
from web.worker.study import book_games, puzzle_games


def first_puzzle() -> Puzzle:
    return puzzles(puzzle_games()[0])[0]


def play_result(app: ui.App, puzzle: Puzzle, result: Position) -> Mapping[str, Any]:
    """The play that ends in `result`, made by hand on the puzzle's board, then confirmed."""
    side = puzzle.position.turn
    position = puzzle.position
    for step in legal_plays(puzzle.position, puzzle.dice)[result]:
        act(app, "click", point=point_id(side, step.origin, position))
        act(app, "click", point=point_id(side, step.target, position))
    view = app.view()
    assert view["can"]["confirm"]
    return act(app, "confirm")


def wrong_result(puzzle: Puzzle) -> Position:
    return next(result for result in legal_plays(puzzle.position, puzzle.dice) if result != puzzle.plays[0].result)


def test_a_puzzle_opened_by_link_is_on_the_board_to_be_played() -> None:
    app, game_view = fresh("backgammon")
    puzzle = first_puzzle()
    view = act(app, "load_url", fragment=f"#puzzle={puzzle.id}")
    assert view["position"] == str(puzzle.position)
    assert sorted(die["value"] for die in view["dice"])[-1] == puzzle.dice[0]
    assert view["study"]["puzzle"]["id"] == puzzle.id and view["study"]["puzzle"]["link"] == f"puzzle={puzzle.id}"
    assert view["movable"] and view["hint"] is None and not view["can"]["hint"]  # no hint before the answer
    assert view["study"]["result"] is None
    # the game's own actions wait; closing the study gives the game back as it was
    act(app, "roll")
    view = act(app, "study_close")
    assert view["study"] is None and view["position"] == game_view["position"] and view["phase"] == game_view["phase"]


def test_a_study_board_shows_no_dice_to_verify_where_the_game_has_them() -> None:
    app = ui.App()  # the system's dice: the game's are proven (fairplay.py), its panel shown
    app.dispatch({"type": "new_game", "settings": {"variant": "backgammon"}})
    assert app.view()["fair"] is not None
    view = act(app, "load_url", fragment=f"#puzzle={first_puzzle().id}")
    assert view["study"] is not None and view["fair"] is None  # the puzzle's dice are its own
    assert act(app, "study_close")["fair"] is not None


def test_a_right_answer_raises_the_rating() -> None:
    app, _ = fresh("backgammon")
    puzzle = first_puzzle()
    act(app, "load_url", fragment=f"puzzle={puzzle.id}")
    view = play_result(app, puzzle, puzzle.plays[0].result)
    result = view["study"]["result"]
    assert result["solved"] and result["rated"] and result["lost"] == 0
    assert result["after"] > result["before"] == 1500
    assert view["study"]["rating"]["rating"] == result["after"] and view["study"]["rating"]["solved"] == 1
    assert not view["movable"]  # answered: nothing more to play on the board


def test_a_wrong_answer_lowers_the_rating_and_shows_the_best() -> None:
    app, _ = fresh("backgammon")
    puzzle = first_puzzle()
    act(app, "load_url", fragment=f"puzzle={puzzle.id}")
    view = play_result(app, puzzle, wrong_result(puzzle))
    result = view["study"]["result"]
    assert not result["solved"] and result["lost"] > 0 and result["best"] == puzzle.best
    assert result["after"] < result["before"]
    side = puzzle.position.turn
    best = [[point_id(side, s.origin, puzzle.position), point_id(side, s.target, puzzle.position)]
            for s in legal_plays(puzzle.position, puzzle.dice)[puzzle.plays[0].result]]
    assert [[a["from"], a["to"]] for a in view["arrows"] if a["kind"] == "hint"] == best
    assert any(a["kind"] == "last" for a in view["arrows"])  # the play made, in the other colour
    assert view["hint"]["plays"][0]["play"] == puzzle.best
    # tried again, it is not rated a second time
    view = act(app, "puzzles", pick="again")
    assert view["study"]["result"] is None and view["movable"]
    view = play_result(app, puzzle, puzzle.plays[0].result)
    assert view["study"]["result"]["solved"] and not view["study"]["result"]["rated"]
    assert view["study"]["rating"]["rating"] == result["after"]


def test_an_answer_says_why_the_best_play_is_better() -> None:
    """Wrong: why the best beats the play made; solved: why it beats the second best
    (nardcore.bots.explain), as embedded puzzles show it (docs/embed.md)."""
    app, _ = fresh("backgammon")
    puzzle = first_puzzle()
    act(app, "load_url", fragment=f"puzzle={puzzle.id}")
    wrong = wrong_result(puzzle)
    why = play_result(app, puzzle, wrong)["study"]["result"]["why"]
    assert why and why == [fact.to_dict() for fact in explain.compare(puzzle.plays[0].result, wrong)]
    act(app, "puzzles", pick="again")
    why = play_result(app, puzzle, puzzle.plays[0].result)["study"]["result"]["why"]
    assert why == [fact.to_dict() for fact in explain.compare(puzzle.plays[0].result, puzzle.plays[1].result)]


def test_share_on_a_puzzle_offers_the_puzzle_alone() -> None:
    app, _ = fresh("backgammon")
    puzzle = first_puzzle()
    act(app, "load_url", fragment=f"puzzle={puzzle.id}")
    answer = app.dispatch({"type": "share"})
    assert answer["share"] == {"puzzle": {"id": puzzle.id, "position": puzzle.position.format(),
                                          "dice": f"{puzzle.dice[0]}{puzzle.dice[1]}"}}
    assert answer["view"]["study"]["puzzle"]["id"] == puzzle.id  # still on the puzzle
    assert answer["view"]["study"]["puzzle"]["position"] == puzzle.position.format()


def test_the_rating_survives_a_save_and_reload() -> None:
    app, _ = fresh("backgammon")
    puzzle = first_puzzle()
    act(app, "load_url", fragment=f"puzzle={puzzle.id}")
    after = play_result(app, puzzle, puzzle.plays[0].result)["study"]["result"]["after"]
    answer = app.dispatch({"type": "study_close"})
    again = ui.App(dice="seed:5")
    view = again.dispatch({"type": "boot", "save": answer["save"]})["view"]
    assert view["study"] is None
    view = act(again, "puzzles", variant=puzzle.position.variant.name)
    rating = view["study"]["rating"]
    assert rating["rating"] == after > 1500 and rating["solved"] == 1
    # the next puzzle is another one: the one answered is remembered
    assert view["study"]["puzzle"]["id"] != puzzle.id or len(puzzles(puzzle.position.variant.name)) == 1


@pytest.mark.parametrize("fragment", ["puzzle=no-such-puzzle", "puzzle=<b>x</b>", "puzzle=" + "9" * 500,
                                      "openings=chess", "openings="])
def test_a_bad_study_link_is_refused_with_a_message_and_loses_nothing(fragment: str) -> None:
    app, _ = fresh("narde")
    before = app.dispatch({"type": "roll"})
    answer = app.dispatch({"type": "load_url", "fragment": fragment})
    view = answer["view"]
    assert view["message"]["key"] == "study_link_bad"
    assert view["message"]["args"]["error"]["key"] in ("why.puzzle_unknown", "why.book_unknown")
    assert view["study"] is None and view["position"] == before["view"]["position"]
    unsaid = [{k: v for k, v in json.loads(a["save"]).items() if k != "message"} for a in (answer, before)]
    assert unsaid[0] == unsaid[1] and answer["entry"] == before["entry"]  # all but the message as it was


def test_the_opening_book_screen_draws_each_rolls_best_play() -> None:
    name = book_games()[0]
    app, _ = fresh("backgammon")
    view = act(app, "load_url", fragment=f"openings={name}")
    book = view["study"]["book"]
    entries = book_entries(name)
    assert view["study"]["kind"] == "openings" and book["openings"] and book["entry"] == 0
    assert [p["play"] for p in book["plays"]] == [p.play for p in entries[0].plays]
    assert all(0 <= p["win"] <= 1 for p in book["plays"])
    assert view["position"] == str(entries[0].position) and any(a["kind"] == "hint" for a in view["arrows"])
    assert not view["movable"] and not view["can"]["confirm"]
    last = book["openings"][-1]["index"]
    view = act(app, "openings", entry=last)
    assert view["study"]["book"]["entry"] == last
    assert view["study"]["book"]["dice"] == f"{entries[last].dice[0]}{entries[last].dice[1]}"
    assert act(app, "hint", show=0)["study"]["book"]["shown"] == 0


def test_the_hint_says_book_beside_a_play_of_the_opening_book() -> None:
    name = book_games()[0]
    entry = book_entries(name)[0]
    app, _ = fresh(name)
    view = act(app, "load_url", fragment=f"p={entry.position}&dice={entry.dice[0]}{entry.dice[1]}")
    assert view["phase"] == "move" and view["position"] == str(entry.position)
    plays = act(app, "hint")["hint"]["plays"]
    book = {p.play for p in entry.plays}
    assert [p["book"] for p in plays] == [p["play"] in book for p in plays]
    assert any(p["book"] for p in plays)


def test_saved_study_progress_is_read_strictly() -> None:
    read = settings.checked_prefs({"study": {"puzzles": {"narde": {"rating": {"rating": "x"}, "seen": ["a", 3, None]},
                                                         "chess": {"seen": ["b"]}}}})
    assert read["study"]["puzzles"]["narde"]["seen"] == ["a"]
    assert read["study"]["puzzles"]["narde"]["rating"]["rating"] == 1500.0  # unreadable: afresh
    assert "chess" not in read["study"]["puzzles"]
    assert "study" not in settings.checked_prefs({"study": [1, 2]})
    with pytest.raises(ui.UIError):
        ui.App().dispatch({"type": "set", "name": "study", "value": True})  # no request sets it


# -- drills from the player's own errors -------------------------------------------------------------


def reviewed_game() -> ui.App:
    """A backgammon game between two people here, 16 turns of first-checker play, reviewed to the end."""
    app, _ = fresh("backgammon", dice="seed:5")
    play_turns(app, 16)
    view = act(app, "review")
    for _ in range(2000):
        if view["review"]["complete"]:
            return app
        view = act(app, "review")
    raise AssertionError("the review did not finish")


def best_result(position: Position, dice: tuple[int, int]) -> Position:
    return analysis.hint(position, dice, count=1)[0].result


def test_a_reviewed_games_errors_become_drills_due_again_on_the_schedule(monkeypatch: pytest.MonkeyPatch) -> None:
    day = drills.today()
    app = reviewed_game()
    view: Mapping[str, Any] = app.view()
    marked = [d for d in view["review"]["decisions"] if d["mark"] and not d["forced"]]
    # plays and cube decisions alike, once each: a position and roll, or a position and question
    keys = {(d["position"], d["dice"] or drills.CUBE_ASKS[d["kind"]]) for d in marked}
    assert any(d["kind"] == "play" for d in marked) and view["practice_due"] == len(keys)
    assert view["message"]["key"] == "drills_added"
    due = view["practice_due"]
    view = act(app, "practice")
    card = view["study"]["drill"]
    assert view["study"]["kind"] == "drills" and card["due"] == due and card["cards"] == due
    first = marked[0]
    assert view["position"] == first["position"] and ("cube" in card) == (first["kind"] != "play")
    # answered with the best play (or cube action): passed, due again tomorrow
    if "cube" in card:
        view = act(app, "drill_cube", action="no_double" if first["best"] == "too_good" else first["best"])
    else:
        assert view["dice_text"] in (first["dice"], first["dice"][::-1])
        position = Position.parse(view["position"])
        dice = (int(first["dice"][0]), int(first["dice"][1]))
        side = position.turn
        for step in legal_plays(position, dice)[best_result(position, dice)]:
            act(app, "click", point=point_id(side, step.origin, position))
            act(app, "click", point=point_id(side, step.target, position))
        view = act(app, "confirm")
    assert view["study"]["result"]["solved"] and view["study"]["result"]["interval"] == 1
    assert view["practice_due"] == due - 1
    # the deck survives a reload, and the card answered is due the next day
    save = app.dispatch({"type": "study_close"})["save"]
    again = ui.App(dice="seed:5")
    assert again.dispatch({"type": "boot", "save": save})["view"]["practice_due"] == due - 1
    monkeypatch.setattr(drills, "today", lambda: day + 1)
    assert again.view()["practice_due"] == due


def test_a_wrong_drill_answer_fails_and_comes_back_tomorrow(monkeypatch: pytest.MonkeyPatch) -> None:
    app = reviewed_game()
    view = act(app, "practice")
    position = Position.parse(view["position"])
    drill = view["study"]["drill"]
    due = view["practice_due"]
    dice = (int(drill["dice"][0]), int(drill["dice"][1]))
    worst = analysis.hint(position, dice, count=1000)[-1]
    side = position.turn
    for step in legal_plays(position, dice)[worst.result]:
        act(app, "click", point=point_id(side, step.origin, position))
        act(app, "click", point=point_id(side, step.target, position))
    view = act(app, "confirm")
    result = view["study"]["result"]
    assert worst.loss > 0 and result["lost"] == pytest.approx(worst.loss, abs=1e-3)
    # the worst play of a position where the player erred is marked: it fails, due again the next day
    assert result["mark"] is not None and not result["solved"] and result["interval"] == 1
    assert view["practice_due"] == due - 1 and view["study"]["drill"]["lapses"] == 1
    assert any(a["kind"] == "hint" for a in view["arrows"]) and view["hint"]["plays"][0]["play"] == result["best"]


def test_nothing_due_is_said_with_the_decks_size() -> None:
    app, _ = fresh("narde")
    view = act(app, "practice")
    assert view["study"] is None and view["message"] == {"key": "drills_none_due", "args": {"n": 0, "days": 0}}


# -- cube decisions as drills (backgammon) -----------------------------------------------------------

AHEAD = "backgammon:w:6x4,5x3,4x3,3x3,2x2:7x2,6x4,5x3,4x3,3x3"  # 64 pips against 74: double, drop


def wrong_take_reviewed() -> ui.App:
    """A 7-point match at 2-4 from AHEAD: White doubles (right), Black takes (wrong), reviewed."""
    app = ui.App(dice="seed:3")
    app.dispatch({"type": "new_game", "settings": {"variant": "backgammon"}})
    session = app.session
    session.replace_game(Game("backgammon", session.dice, position=Position.parse(AHEAD), match_length=7,
                              score=(2, 4)))
    act(app, "double")
    act(app, "take")
    act(app, "roll")
    assert session.game.dice is not None
    session.game.play(analysis.hint(session.game.position, session.game.dice.dice, count=1)[0].result)
    view = act(app, "review")
    for _ in range(400):
        if view["review"]["complete"]:
            return app
        view = act(app, "review")
    raise AssertionError("the review did not finish")


def test_a_wrong_take_becomes_a_cube_drill_asked_as_a_take() -> None:
    app = wrong_take_reviewed()
    view: Mapping[str, Any] = app.view()
    take = next(d for d in view["review"]["decisions"] if d["kind"] == "take")
    assert take["best"] == "drop" and take["mark"] and take["cube"] == {"value": 1, "owner": None, "jacoby": False,
                                                                        "beavers": False}
    deck = app.session.prefs["study"]["drills"]
    card = next(card for card in deck if "cube" in card)
    assert (card["position"], card["played"], card["best"], card["dice"]) == (AHEAD, "take", "drop", "")
    assert card["cube"]["ask"] == "take" and card["score"] == [7, 4, 2, 0]  # Black's side: 4 to White's 2
    assert card["loss"] == take["loss"]
    assert deck[0] is card  # the first error of the game: asked first
    view = act(app, "practice")
    asked = view["study"]["drill"]["cube"]
    assert asked["ask"] == "take" and asked["side"] == "b" and asked["value"] == 2
    assert asked["answers"] == ["take", "drop"] and asked["score"] == {"length": 7, "need": 3, "other": 5,
                                                                      "crawford": False}
    assert view["position"] == AHEAD and view["phase"] == "take"  # the cube offered, on the board
    return_value = act(app, "drill_cube", action="drop")
    result = return_value["study"]["result"]
    assert result["solved"] and result["lost"] == 0 and result["best"] == "drop" and result["interval"] == 1
    advice = return_value["hint"]["cube_advice"]
    assert return_value["hint"]["cube"] == "drop" and advice["doubler"] == "w" and not advice["money"]
    assert advice["equity"]["double_take"] > advice["equity"]["double_pass"]  # why: the take gives more away


def test_a_wrong_answer_to_a_cube_drill_fails_by_the_equity_it_gives_up(monkeypatch: pytest.MonkeyPatch) -> None:
    app = wrong_take_reviewed()
    cards = app.session.prefs["study"]["drills"]
    card = next(card for card in cards if "cube" in card)
    app.session.prefs["study"]["drills"] = [card]  # the cube card alone in the deck
    view = act(app, "practice")
    with pytest.raises(ui.UIError):
        app.dispatch({"type": "drill_cube", "action": "double"})  # not an answer to a take
    view = act(app, "drill_cube", action="take")
    result = view["study"]["result"]
    assert not result["solved"] and result["played"] == "take" and result["best"] == "drop"
    assert result["lost"] == pytest.approx(card["loss"], abs=1e-3) and result["mark"] == take_mark(card)
    assert result["interval"] == 1 and view["study"]["drill"]["lapses"] == 1 and view["practice_due"] == 0
    monkeypatch.setattr(drills, "today", lambda: card["due"] + 1)
    assert app.view()["practice_due"] == 1


def take_mark(card: Mapping[str, Any]) -> str | None:
    return analysis.mark(card["loss"], "backgammon")


def test_a_missed_double_is_asked_as_double_or_not() -> None:
    app = ui.App(dice="seed:3")
    app.dispatch({"type": "new_game", "settings": {"variant": "backgammon"}})
    session = app.session
    session.replace_game(Game("backgammon", session.dice, position=Position.parse(AHEAD)))
    act(app, "roll")  # no double: missed
    assert session.game.dice is not None
    session.game.play(analysis.hint(session.game.position, session.game.dice.dice, count=1)[0].result)
    view = act(app, "review")
    while not view["review"]["complete"]:
        view = act(app, "review")
    card = next(card for card in app.session.prefs["study"]["drills"] if "cube" in card)
    assert (card["played"], card["best"], card["cube"]["ask"], card.get("score")) == ("no_double", "double",
                                                                                       "double", None)
    app.session.prefs["study"]["drills"] = [card]
    view = act(app, "practice")
    assert view["study"]["drill"]["cube"]["answers"] == ["double", "no_double"] and view["phase"] == "cube"
    view = act(app, "drill_cube", action="double")
    assert view["study"]["result"]["solved"] and view["hint"]["cube"] == "double"
    assert view["hint"]["cube_advice"]["money"]


def test_cube_cards_read_strictly() -> None:
    card = drills.new_cube_card("backgammon", AHEAD, "take", "take", "drop", 0.3, 700000,
                                {"value": 1, "owner": None, "jacoby": False, "beavers": False}, [7, 4, 2, 0])
    assert drills.read_cards(json.loads(json.dumps([card]))) == [card]
    broken = [{**card, "cube": {**card["cube"], "ask": "redouble"}}, {**card, "played": "double"},
              {**card, "cube": {**card["cube"], "value": 3}}, {**card, "cube": {**card["cube"], "owner": "w"}},
              {**card, "variant": "narde"}, {**card, "position": "backgammon:w:junk"}, {**card, "cube": None}]
    assert drills.read_cards(broken) == []
