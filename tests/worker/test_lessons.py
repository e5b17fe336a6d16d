"""The lessons played through the app's intents as a person plays them: each game's lessons
opened by their link, a checker a rule holds back touched (the rule is named), a legal play that
misses the task refused (the board set up again), the right play accepted, and the progress kept
across a reload."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest
from support.app import act
from support.lessons import held_somewhere, place, plays_of

from nardcore.movegen import Step
from web.worker import ui
from web.worker.lesson_data import LESSONS, Lesson, Task

GAMES = list(LESSONS)
RULES_TAUGHT = {  # the rules docs/RULES.md gives each game, as the held-back names the lessons touch
    "backgammon": {"blocked", "bar"},
    "narde": {"blocked", "head", "block"},
    "khachapuri": {"blocked", "block"},
    "moultezim": {"blocked", "runner", "table"},
    "tawla31": {"blocked", "runner"},
}


def step_by_hand(app: ui.App, step: Step) -> Mapping[str, Any]:
    act(app, "click", point=place(step.origin))
    return act(app, "click", point=place(step.target))


def play_by_hand(app: ui.App, steps: tuple[Step, ...]) -> Mapping[str, Any]:
    view: Mapping[str, Any] = app.view()
    for step in steps:
        view = step_by_hand(app, step)
    return view


def learn_game(app: ui.App, game: str) -> None:
    view = act(app, "load_url", fragment=f"learn={game}")
    assert view["learn"]["variant"] == game and view["learn"]["open"] is None
    for lesson in LESSONS[game]:
        view = act(app, "lesson_open", lesson=lesson.id)
        for index, task in enumerate(lesson.tasks):
            assert view["learn"]["open"]["index"] == index and view["learn"]["open"]["text"] == task.text
            assert view["position"] == task.position and view["dice_text"] == task.dice
            assert view["guide"]["home"]["w"] == ["1", "2", "3", "4", "5", "6"]
            view = try_task(app, lesson, task)
        assert view["learn"]["open"]["state"] == "done", lesson.id
        assert view["message"]["key"] in ("lesson_done", "lesson_won")
        assert {entry["id"] for entry in view["learn"]["lessons"] if entry["done"]} >= {lesson.id}


def try_task(app: ui.App, lesson: Lesson, task: Task) -> Mapping[str, Any]:
    if task.rule is not None:  # the rule the lesson teaches: touched, it is named
        path, origin = held_somewhere(task)
        play_by_hand(app, path)
        view = act(app, "click", point=place(origin))
        assert view["message"] == {"key": "held", "args": {"why": task.rule}}, lesson.id
        for _ in path:
            view = act(app, "undo")
        assert view["position"] == task.position
    good, bad = plays_of(task)
    assert good, f"{lesson.id}: no legal play does what the task asks"
    if task.goal.kind != "any":
        assert bad, f"{lesson.id}: every legal play does what the task asks"
        view = play_by_hand(app, bad[0])
        assert view["message"]["key"] == "lesson_miss", lesson.id
        assert view["position"] == task.position and view["learn"]["open"]["state"] == "miss"
    return play_by_hand(app, good[0])


@pytest.mark.parametrize("game", GAMES)
def test_each_game_has_its_lessons_and_teaches_its_rules(game: str) -> None:
    assert len(LESSONS[game]) >= 6
    topics = {lesson.id.split("-", 1)[1] for lesson in LESSONS[game]}
    assert {"start", "doubles", "blocked", "bearoff", "score"} <= topics
    assert {task.rule for lesson in LESSONS[game] for task in lesson.tasks} - {None} == RULES_TAUGHT[game]


@pytest.mark.parametrize("game", GAMES)
def test_lessons_completed_by_hand_and_kept_across_a_reload(game: str) -> None:
    app = ui.App(dice="seed:3")
    act(app, "new_game", settings={"variant": "backgammon"})
    before = app.view()["position"]
    learn_game(app, game)
    view = act(app, "learn_close")
    assert view["learn"] is None and view["position"] == before  # the game on the board is untouched
    save = app.dispatch({"type": "dismiss"})["save"]
    again = ui.App(dice="seed:3")
    again.dispatch({"type": "boot", "save": save})
    view = act(again, "learn", game=game)
    assert all(entry["done"] for entry in view["learn"]["lessons"])
    assert view["prefs"]["learned"] == [lesson.id for lesson in LESSONS[game]]


def test_a_won_task_says_what_the_win_scores() -> None:
    app = ui.App()
    act(app, "lesson_open", lesson="khachapuri-score")
    view = play_by_hand(app, plays_of(LESSONS["khachapuri"][-1].tasks[0])[0][0])
    assert view["message"] == {"key": "lesson_won", "args": {"points": 30, "kind": "mars"}}
    assert view["movable"] == [] and not view["can"]["undo"]
    view = act(app, "lesson_next")  # the last lesson: back to the list
    assert view["learn"]["open"] is None and view["learn"]["variant"] == "khachapuri"


def test_next_and_again() -> None:
    app = ui.App()
    act(app, "lesson_open", lesson="narde-start")
    assert act(app, "lesson_next")["learn"]["open"]["id"] == "narde-start"  # not done yet: stays
    view = play_by_hand(app, plays_of(LESSONS["narde"][0].tasks[0])[0][0])
    assert view["learn"]["open"]["next"] == "narde-dice"
    view = act(app, "lesson_again")
    assert view["learn"]["open"]["state"] == "try" and view["position"] == "narde:w:24x15:24x15"
    assert act(app, "roll")["learn"]["open"]["id"] == "narde-start"  # the game's controls wait
    view = act(app, "new_game", settings={"variant": "narde"})
    assert view["learn"] is None and view["guide"] is not None  # the first game of narde shows its way
    assert act(app, "new_game", settings={"variant": "narde"})["guide"] is None  # the second no more


@pytest.mark.parametrize("fragment", ["learn=chess", "learn=narde&p=x", "learn=", "learn=narde-nothing",
                                      "learn=<b>narde</b>"])
def test_a_bad_lessons_link_is_said_and_changes_nothing(fragment: str) -> None:
    app = ui.App(dice="seed:1")
    before = act(app, "new_game", settings={"variant": "tawla31"})
    view = act(app, "load_url", fragment=fragment)
    assert view["learn"] is None and view["position"] == before["position"]
    assert view["message"]["key"] == "url_bad" and view["message"]["args"]["error"]["key"] == "why.lesson_link"


def test_a_link_opens_one_lesson_and_requests_are_read_strictly() -> None:
    app = ui.App()
    assert act(app, "load_url", fragment="#learn=moultezim-table")["learn"]["open"]["id"] == "moultezim-table"
    for bad in ({"type": "lesson_open", "lesson": "nope"}, {"type": "lesson_open", "lesson": ["x"]},
                {"type": "learn", "game": "chess"}):
        with pytest.raises(ui.UIError):
            app.dispatch(bad)
    with pytest.raises(ui.UIError):  # progress is never set by hand
        app.dispatch({"type": "set", "name": "learned", "value": ["narde-start"]})


def test_saved_progress_is_read_strictly() -> None:
    from web.worker.settings import checked_prefs
    assert checked_prefs({"learned": ["narde-start", "narde-start", "tawla31-score"]})["learned"] == [
        "narde-start", "tawla31-score"]
    for bad in ("narde-start", [1], ["x" * 41], ["a"] * 201, None):
        assert checked_prefs({"learned": bad})["learned"] == []


@pytest.mark.parametrize("game", GAMES)
def test_a_first_game_with_the_coach(game: str) -> None:
    """Against the beginner level, the person White: on each of their first three turns with a
    choice the coach says what the roll asks, naming the rule that holds a checker back; then
    it is quiet, and another game has no coach."""
    app = ui.App(dice="seed:11")
    view = act(app, "learn", game=game)
    view = act(app, "learn_game", game=game)
    assert view["learn"] is None and view["settings"]["level"] == "beginner" and view["guide"] is not None
    notes: list[Mapping[str, Any] | None] = []
    for _ in range(400):
        view = app.view()
        if view["result"] is not None or len([e for e in app.game.history if e.get("side") == "w"]) >= 4:
            break
        if view["bot_pending"]:
            act(app, "bot")
        elif view["can"]["roll"]:
            act(app, "roll")
        elif view["movable"]:
            if not app.game.steps:
                notes.append(view["message"])
                held = [why for point in range(25, 0, -1) if (why := app.game.held_back(point)) not in (None, "done")]
                expected = {"key": "coach_turn_held", "args": {"why": held[0]}} if held else {"key": "coach_turn",
                                                                                            "args": {}}
                white_turns = [e for e in app.game.history if e.get("side") == "w"]
                assert view["message"] == (expected if len(white_turns) < 3 else None)
            act(app, "click", point=view["movable"][0])
            act(app, "click", point=app.view()["destinations"][0])
        elif view["can"]["confirm"]:
            act(app, "confirm")
    assert any(note is not None for note in notes)
    assert act(app, "new_game", settings={"variant": game})["guide"] is None


def test_a_lesson_board_turns_with_the_flip_setting_and_keeps_its_task() -> None:
    app = ui.App()
    act(app, "lesson_open", lesson="tawla31-blocked")
    view = act(app, "set", name="flip", value=True)
    assert view["flipped"] and view["learn"]["open"]["id"] == "tawla31-blocked"
    view = act(app, "click", point="12")  # held back: the one opposing checker on 9 closes it
    assert view["message"] == {"key": "held", "args": {"why": "blocked"}}
