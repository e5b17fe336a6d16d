"""The position editor (web/worker/editor.py) and its intents: checkers placed, moved and taken away,
every rule a set-up can break named with its reason, and valid set-ups of every variant
played as new games through the same reader as a `#p=` link."""

from __future__ import annotations

from typing import Any

import pytest

from nardcore.game import Game
from nardcore.movegen import illegal_block
from nardcore.position import Position, PositionError
from nardcore.variant import VARIANT_NAMES
from web.worker import editor as editing
from web.worker import links, ui
from web.worker.dice import CountingDice
from web.worker.inputs import UIError


def editor_at(text: str) -> editing.Editor:
    return editing.Editor.from_position(Position.parse(text))


def keys(editor: editing.Editor, flipped: bool = False) -> list[str]:
    return [problem["key"] for problem in editor.problems(flipped)]


def editing_app(variant: str = "backgammon", **settings: Any) -> tuple[ui.App, dict[str, Any]]:
    app = ui.App(dice="seed:7")
    app.dispatch({"type": "new_game", "settings": {"variant": variant, **settings}})
    return app, app.dispatch({"type": "edit_open"})["view"]


def send(app: ui.App, kind: str, **args: Any) -> dict[str, Any]:
    view: dict[str, Any] = app.dispatch({"type": kind, **args})["view"]
    return view


# -- checkers ------------------------------------------------------------------------------------


def test_a_click_places_a_checker_from_the_tray_and_the_remove_tool_puts_it_back() -> None:
    editor = editor_at("narde:w:24x14:24x15")
    assert editor.stacks["off-w"] == ["w14"]
    assert editor.place("5") and editor.stacks["5"] == ["w14"] and editor.stacks["off-w"] == []
    editor.set("tool", "b")
    assert editor.place("7") and editor.text() == "narde:w:24x14,5:24x15,19"
    assert keys(editor) == ["too_many"]  # black's sixteenth
    editor.set("tool", "remove")
    assert editor.place("7") and editor.place("5")
    assert editor.text() == "narde:w:24x14:24x15" and editor.stacks["off-w"] == ["w14"]
    assert not editor.place("5")  # nothing there: nothing changes
    assert not editor.place("off-w")  # a tray is not a point to place on


def test_a_sixteenth_checker_is_reported_and_taking_one_away_leaves_fifteen() -> None:
    editor = editor_at("backgammon:w:24x2,13x5,8x3,6x5:24x2,13x5,8x3,6x5")
    editor.place("2")
    assert editor.problems(False) == [{"key": "too_many", "args": {"side": "w", "count": 16}}]
    assert editor.text().startswith("backgammon:w:24x2,13x5,8x3,6x5,2:")  # kept as it is, not mended
    editor.move("13", "off-b")  # dropped on any tray: taken off the board
    assert editor.problems(False) == [] and editor.on_board(0) == 15
    assert not editor.stacks.get("off-w")  # no seventeenth id kept in the tray
    ids = {checker for stack in editor.stacks.values() for checker in stack if checker[0] == "w"}
    assert len(ids) == 15


def test_a_drag_moves_the_top_checker_with_its_id() -> None:
    editor = editor_at("backgammon:w:24x2,13x5,8x3,6x5:24x2,13x5,8x3,6x5")
    top = editor.stacks["13"][-1]
    assert editor.move("13", "4") and editor.stacks["4"] == [top]
    assert editor.move("4", "bar-b") and editor.stacks["bar-w"] == [top]  # its own bar half
    assert editor.text() == "backgammon:w:bar,24x2,13x4,8x3,6x5:24x2,13x5,8x3,6x5"
    assert editor.move("bar-w", "off-w") and editor.counts(0)[0] == 1
    assert editor.move("off-w", "2") and editor.text() == "backgammon:w:24x2,13x4,8x3,6x5,2:24x2,13x5,8x3,6x5"
    assert not editor.move("7", "8") and not editor.move("8", "8") and not editor.move("off-b", "off-w")


def test_a_bar_half_takes_its_own_colour() -> None:
    editor = editor_at("backgammon:w:24x2,13x5,8x3,6x4:24x2,13x5,8x3,6x4")
    editor.set("tool", "w")
    editor.place("bar-b")
    assert editor.text() == "backgammon:w:24x2,13x5,8x3,6x4:bar,24x2,13x5,8x3,6x4"


def test_clear_and_start() -> None:
    editor = editor_at("tawla31:b:20x3,5:1")
    editor.clear()
    assert editor.text() == "tawla31:b::" and len(editor.stacks["off-w"]) == 15
    assert keys(editor) == ["finished", "finished"]
    editor.set("variant", "khachapuri")
    editor.start()
    assert editor.text() == "khachapuri:b:24x4,6x11:24x4,6x11" and not editor.problems(False)


# -- every rule a set-up can break, with its reason ---------------------------------------------


def test_both_colours_on_a_point_name_the_point_as_the_board_labels_it() -> None:
    editor = editor_at("backgammon:w:24x2,13x5,8x3,6x4:24x2,13x5,8x3,6x4")
    editor.set("tool", "b")
    editor.place("6")
    assert editor.problems(False) == [{"key": "mixed", "args": {"point": 6}}]
    assert editor.problems(True) == [{"key": "mixed", "args": {"point": 19}}]  # from Black's side
    narde = editor_at("narde:w:24x14:24x14")
    narde.set("tool", "b")
    narde.place("24")
    assert narde.problems(True) == [{"key": "mixed", "args": {"point": 12}}]


def test_the_bar_is_backgammon_only() -> None:
    editor = editor_at("backgammon:w:bar,24x14:24x15")
    assert not editor.problems(False)
    editor.set("variant", "narde")
    assert editor.problems(False) == [{"key": "bar", "args": {"side": "w", "variant": "narde"}}]


def test_a_side_with_every_checker_off_would_have_won() -> None:
    assert editor_at("backgammon:b::24x15").problems(False) == [{"key": "finished", "args": {"side": "w"}}]


@pytest.mark.parametrize("variant", ["narde", "khachapuri", "narde+end-block", "khachapuri+end-block"])
def test_a_six_block_with_no_opposing_checker_ahead_cannot_be_reached(variant: str) -> None:
    text = f"{variant}:w:24x9,23,22,21,20,19,18:24x15"
    position = Position.parse(text)
    assert illegal_block(position.variant, position.boards[0], position.boards[1])
    # seven in a row from the head: the first six the opponent meets are named
    assert editor_at(text).problems(False) == [{"key": "block", "args": {"side": "w", "first": 24, "last": 19}}]
    assert editor_at(text).problems(True)[0]["args"] == {"side": "w", "first": 12, "last": 7}
    # one black checker past the block (black's 5 is white's 17): the block is legal
    assert not editor_at(f"{variant}:w:24x9,23,22,21,20,19,18:24x14,5").problems(False)
    assert not editor_at(f"{variant}:w:24x10,22,21,20,19,18:24x15").problems(False)  # five in a row
    black = editor_at(f"{variant}:b:24x15:24x9,23,22,21,20,19,18")
    assert black.problems(False) == [{"key": "block", "args": {"side": "b", "first": 12, "last": 7}}]


def test_a_six_block_is_no_problem_in_the_games_without_the_rule() -> None:
    for variant in ("moultezim", "backgammon"):
        assert "block" not in keys(editor_at(f"{variant}:w:24x9,23,22,21,20,19,18:24x15"))


def test_moultezim_holds_at_most_four_points_of_the_opponents_starting_table() -> None:
    editor = editor_at("moultezim:w:24x10,12,11,10,9,8:10x15")
    assert editor.problems(False) == [{"key": "table", "args": {"side": "w", "count": 5}}]
    assert not editor_at("moultezim:w:24x11,12,11,10,9:10x15").problems(False)


@pytest.mark.parametrize(("variant", "goal", "home"), [("moultezim", 11, 11), ("tawla31", 6, 6)])
def test_only_one_checker_leaves_before_the_runner_arrives(variant: str, goal: int, home: int) -> None:
    editor = editor_at(f"{variant}:w:24x13,20,15:24x15")
    assert editor.problems(False) == [{"key": "runner", "args": {"side": "w", "count": 2, "goal": goal}}]
    assert not editor_at(f"{variant}:w:24x13,20,{home}:24x15").problems(False)
    assert not editor_at(f"{variant}:w:24x14,20:24x15").problems(False)
    assert keys(editor_at(f"{variant}+next-turn-runner:w:24x13,20,15:24x15")) == ["runner"]
    assert keys(editor_at("narde:w:24x13,20,15:24x15")) == []


def test_the_cube_and_the_score_are_checked() -> None:
    editor = editor_at("backgammon:w:24x2,13x5,8x3,6x5:24x2,13x5,8x3,6x5")
    editor.set("cube", 4)
    assert keys(editor) == ["cube_owner"]
    editor.set("owner", "b")
    assert keys(editor) == []
    editor.set("cube", 128)
    assert keys(editor) == ["cube_limit"]
    editor.set("cube", 1)
    assert keys(editor) == ["cube_owner"]
    editor.set("owner", "")
    editor.set("length", 5)
    editor.set("score_b", 5)
    assert editor.problems(False) == [{"key": "score", "args": {"length": 5}}]
    editor.set("score_b", 4)
    assert keys(editor) == [] and editor.fragment().endswith("&score=0-4&length=5")
    editor.set("variant", "narde")  # no cube in narde: the form has none to show
    assert editor.cube == 1 and editor.owner == ""


def test_a_crawford_game_is_set_only_where_a_match_has_one() -> None:
    editor = editor_at("backgammon:w:24x2,13x5,8x3,6x5:24x2,13x5,8x3,6x5")
    editor.set("crawford", True)
    assert editor.problems(False) == [{"key": "crawford", "args": {"away": 0}}]  # no match
    editor.set("length", 5)
    editor.set("score_w", 3)
    assert editor.problems(False) == [{"key": "crawford", "args": {"away": 4}}]  # nobody at 4
    editor.set("score_b", 4)
    assert keys(editor) == [] and editor.fragment().endswith("&score=3-4&length=5&crawford=1")
    editor.set("score_w", 4)  # both at 4: the Crawford game was played already
    assert keys(editor) == ["crawford"]
    editor.set("score_w", 2)
    app = ui.App(dice="seed:3")
    app.dispatch({"type": "load_url", "fragment": editor.fragment()})
    assert app.game.crawford and not app.game.may_double()
    editor.set("variant", "narde")  # no cube, no Crawford game
    assert not editor.crawford


@pytest.mark.parametrize(("name", "value"), [
    ("tool", "pen"), ("turn", "x"), ("turn", ""), ("turn", "wb"), ("turn", ["w"]), ("tool", ["w"]),
    ("dice", "70"), ("dice", 52), ("cube", 3), ("cube", True), ("owner", "white"),
    ("length", -1), ("length", 1000), ("crawford", "yes"),
    ("score_w", "2"), ("opponent", "robot"), ("variant", "chess"), ("colour", "w"),
])
def test_a_value_the_form_never_sends_is_refused_and_changes_nothing(name: str, value: Any) -> None:
    editor = editor_at("backgammon:w:24x2,13x5,8x3,6x5:24x2,13x5,8x3,6x5")
    before = editor.view(False)
    with pytest.raises(UIError):
        editor.set(name, value)
    assert editor.view(False) == before


def test_the_forms_values_are_taken_up_to_their_limits() -> None:
    editor = editor_at("backgammon:w:24x2,13x5,8x3,6x5:24x2,13x5,8x3,6x5")
    for cube in (1, 2, 1 << 16):
        editor.set("cube", cube)
        assert editor.cube == cube
    with pytest.raises(UIError):
        editor.set("cube", 1 << 17)
    editor.set("length", editing.MAX_LENGTH)
    editor.set("score_w", 0)
    editor.set("score_b", editing.MAX_LENGTH)
    assert (editor.length, editor.score) == (editing.MAX_LENGTH, [0, editing.MAX_LENGTH])
    with pytest.raises(UIError, match="no setting"):
        editor.set("variant", "x" * 121)  # too long to be looked up
    with pytest.raises(UIError, match="unknown game"):
        editor.set("variant", "x" * 120)
    limited = editor_at("backgammon+cube-limit-8:w:24x2,13x5,8x3,6x5:24x2,13x5,8x3,6x5")
    assert limited.view(False)["cube_values"] == [1, 2, 4, 8]
    assert editor_at("narde:w:24x15:24x15").view(False)["cube_values"] == []
    limited.set("cube", 8)
    limited.set("owner", "w")
    assert keys(limited) == []  # the highest face is allowed
    limited.set("cube", 16)
    assert keys(limited) == ["cube_limit"]


def test_a_typed_text_is_at_most_400_characters_and_a_game_without_a_cube_drops_it() -> None:
    editor = editor_at("backgammon:w:24x2,13x5,8x3,6x5:24x2,13x5,8x3,6x5")
    for text in (5, None, "x" * 401):
        with pytest.raises(PositionError, match="at most 400"):
            editor.load(text)
    with pytest.raises(PositionError) as refused:
        editor.load("x" * 400)
    assert "at most 400" not in str(refused.value)  # read, and refused for what it says
    editor.set("length", 5)
    editor.set("score_b", 4)
    editor.set("crawford", True)
    editor.set("cube", 4)
    editor.set("owner", "b")
    editor.load("backgammon:b:6x15:6x15")
    assert (editor.cube, editor.owner, editor.crawford, editor.turn) == (4, "b", True, 1)  # kept
    editor.load("narde:w:24x15:24x15")
    assert (editor.cube, editor.owner, editor.crawford) == (1, "", False)


def test_a_tray_is_not_a_place_to_move_a_checker_from_a_tray() -> None:
    editor = editor_at("narde:w:24x14:24x15")
    before = editor.text()
    assert not editor.move("off-w", "off-b") and not editor.move("off-w", "off-w")
    assert editor.text() == before and editor.stacks["off-w"] == ["w14"]


def test_both_colours_on_a_point_are_found_on_every_point() -> None:
    for point in (1, 24):
        editor = editor_at("backgammon:w:24x2,13x5,8x3,6x5:24x2,13x5,8x3,6x5")
        editor.set("tool", "b" if point == 24 else "w")
        editor.clear()
        editor.set("tool", "w")
        editor.place(str(point))
        editor.set("tool", "b")
        editor.place(str(point))
        assert {"key": "mixed", "args": {"point": point}} in editor.problems(False)


def test_a_six_block_at_the_end_of_the_opponents_way_is_named() -> None:
    # white holds black's points 6..1 (white's 18..13), every black checker still behind them
    editor = editor_at("narde:w:24x9,18,17,16,15,14,13:24x15")
    assert editor.problems(False) == [{"key": "block", "args": {"side": "w", "first": 18, "last": 13}}]


def test_the_table_limit_counts_points_7_to_12_only() -> None:
    assert keys(editor_at("moultezim:w:24x10,11,10,9,8,7:10x15")) == ["table"]
    assert keys(editor_at("moultezim:w:24x10,13,12,11,10,9:10x15")) == []


@pytest.mark.parametrize(("variant", "home"), [("moultezim", 11), ("tawla31", 6)])
def test_a_checker_one_point_short_of_the_runners_goal_has_not_arrived(variant: str, home: int) -> None:
    editor = editor_at(f"{variant}:w:24x13,20,{home + 1}:{home}x15")  # black: all arrived
    assert keys(editor) == ["runner"] and editor.problems(False)[0]["args"]["count"] == 2


def test_problems_come_from_the_same_reader_as_links() -> None:
    editor = editor_at("backgammon:w:6:6")
    editor.set("dice", "21")
    assert keys(editor) == []
    game = links.linked_game(editor.fields(), CountingDice(None))
    assert isinstance(game, Game) and str(game.position) == "backgammon:w:6:6" and game.phase == "move"


# -- the intents ---------------------------------------------------------------------------------


def test_the_editor_opens_on_the_game_and_is_drawn_by_the_board() -> None:
    app, view = editing_app("narde")
    assert view["phase"] == "edit" and view["position"] == "narde:w:24x15:24x15"
    assert view["editor"]["valid"] and view["editor"]["fragment"] == "p=narde:w:24x15:24x15"
    assert not any(view["can"].values()) and view["movable"] == [] and not view["bot_pending"]
    assert len(view["checkers"]) == 30 and view["points"]["24"] == {"side": "w", "count": 15}
    view = send(app, "edit_point", point="13")
    assert view["editor"]["problems"] == [{"key": "too_many", "args": {"side": "w", "count": 16}}]
    assert not view["editor"]["valid"] and view["editor"]["fragment"] is None
    assert len(view["checkers"]) == 31 and view["players"]["w"]["off"] == 0


def test_the_editor_keeps_the_roll_to_be_played_and_the_opponent() -> None:
    app = ui.App(dice="seed:7")
    app.dispatch({"type": "new_game", "settings": {"variant": "backgammon", "opponent": "computer", "seat": "w"}})
    app.dispatch({"type": "load_url", "fragment": "p=backgammon:w:24x2,13x5,8x3,6x5:24x2,13x5,8x3,6x5&dice=52"})
    assert app.game is not None and app.game.phase == "move"
    form = send(app, "edit_open")["editor"]
    assert form["dice"] == "52" and form["opponent"] == "human"  # the link's game is hot-seat
    send(app, "edit_close")
    app.dispatch({"type": "load_url", "fragment": "p=backgammon:w:24x2,13x5,8x3,6x5:24x2,13x5,8x3,6x5&vs=computer"})
    assert app.game.phase == "cube" and app.game.dice is None  # white may double before rolling
    form = send(app, "edit_open")["editor"]
    assert form["dice"] == "" and form["opponent"] == "computer"


def test_a_set_up_with_problems_is_neither_played_nor_shared() -> None:
    app, _ = editing_app("narde")
    send(app, "edit_point", point="13")
    answer = app.dispatch({"type": "edit_play"})
    assert answer["view"]["phase"] == "edit" and "share" not in app.dispatch({"type": "edit_share"})
    assert app.game.position == Position.start("narde")


def test_the_games_actions_wait_while_the_editor_is_open() -> None:
    app, _ = editing_app("backgammon", opponent="computer")
    for kind in ("roll", "bot", "confirm", "undo", "hint"):
        assert send(app, kind)["phase"] == "edit"
    assert app.game.phase == "opening" and not app.game.history
    assert send(app, "set", name="flip", value=True)["editor"] is not None
    assert send(app, "edit_close")["phase"] == "opening"
    send(app, "edit_open")
    assert send(app, "new_game", settings={"variant": "narde"})["editor"] is None  # another game closes it


def test_edit_intents_outside_the_editor_do_nothing() -> None:
    app = ui.App(dice="seed:7")
    app.dispatch({"type": "new_game", "settings": {"variant": "narde"}})
    for kind, args in (("edit_point", {"point": "5"}), ("edit_set", {"name": "tool", "value": "b"}),
                       ("edit_play", {}), ("edit_reset", {"to": "clear"})):
        assert send(app, kind, **args)["editor"] is None
    assert app.game.position == Position.start("narde")


def test_bad_requests_are_refused() -> None:
    app, _ = editing_app("narde")
    with pytest.raises(UIError):
        app.dispatch({"type": "edit_point", "point": "25"})
    with pytest.raises(UIError):
        app.dispatch({"type": "edit_reset", "to": "middle"})
    with pytest.raises(UIError):
        app.dispatch({"type": "edit_open", "start": "end"})
    assert app.view()["position"] == "narde:w:24x15:24x15"


def test_a_typed_position_string_is_read_strictly_and_a_bad_one_loses_nothing() -> None:
    app, _ = editing_app("narde")
    send(app, "edit_move", **{"from": "24", "to": "20"})
    view = send(app, "edit_set", name="position", value="narde:w:24x16:24x15")
    assert view["message"]["key"] == "edit_bad_text" and "16 checkers" in view["message"]["args"]["error"]["detail"]
    assert view["position"] == "narde:w:24x14,20:24x15"
    view = send(app, "edit_set", name="position", value="tawla31:b:24x14,3:24x15")
    assert view["position"] == "tawla31:b:24x14,3:24x15" and view["variant"] == "tawla31" and view["message"] is None


def test_start_and_clear_from_the_games_screen() -> None:
    app = ui.App(dice="seed:7")
    app.dispatch({"type": "new_game", "settings": {"variant": "tawla31"}})
    view = send(app, "edit_open", start="clear")
    assert view["position"] == "tawla31:w::" and [p["key"] for p in view["editor"]["problems"]] == ["finished"] * 2
    assert send(app, "edit_reset", to="start")["position"] == "tawla31:w:24x15:24x15"


SET_UPS: dict[str, tuple[str, dict[str, Any]]] = {
    "backgammon": ("backgammon:b:bar,20x2,13x4,6x5,5x3:24x2,13x5,8x3,6x4,3",
                   {"dice": "63", "cube": 2, "owner": "w", "length": 7, "score_w": 2, "score_b": 5}),
    "narde": ("narde:b:24x10,13x3,11,7:24x12,18,16,15", {"dice": "44"}),
    "khachapuri": ("khachapuri:w:24x2,17x2,6x11:24x4,6x10,3", {"length": 3, "score_w": 1}),
    "moultezim": ("moultezim:w:24x12,10,9,3:24x13,17,11", {"dice": "61", "opponent": "computer"}),
    "tawla31": ("tawla31:b:24x13,12,4:24x14,2", {"length": 31, "score_b": 30}),
}


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_a_valid_set_up_of_every_variant_is_played_as_a_new_game(variant: str) -> None:
    text, form = SET_UPS[variant]
    app, _ = editing_app(variant)
    before = app.session.game_id
    view = send(app, "edit_reset", to="clear")
    for point, count in _points_of(text).items():  # placed one click at a time, as a player does
        side, many = count
        send(app, "edit_set", name="tool", value=side)
        for _ in range(many):
            view = send(app, "edit_point", point=point)
    send(app, "edit_set", name="turn", value=text.split(":")[1])
    for name, value in form.items():
        view = send(app, "edit_set", name=name, value=value)
    assert view["position"] == text and view["editor"]["valid"], view["editor"]["problems"]
    fragment = view["editor"]["fragment"]
    view = send(app, "edit_play")
    game = app.game
    assert view["editor"] is None and app.session.game_id != before
    assert str(game.start) == text
    if "dice" in form:
        assert game.dice is not None and "".join(map(str, game.dice.dice)) == form["dice"]
    assert game.match_length == form.get("length", 0)
    assert game.score == (form.get("score_w", 0), form.get("score_b", 0))
    assert (game.cube_value, game.cube_owner) == ((2, 0) if "cube" in form else (1, None))
    assert app.settings["opponent"] == form.get("opponent", "human")
    # the same set-up through its link, as the share dialog gives it
    other = ui.App(dice="seed:7")
    other.dispatch({"type": "load_url", "fragment": fragment})
    assert str(other.game.start) == text


def _points_of(text: str) -> dict[str, tuple[str, int]]:
    """Board point ids (White's numbering) of a position string: (colour, count)."""
    position = Position.parse(text)
    found: dict[str, tuple[str, int]] = {}
    for side, letter in ((0, "w"), (1, "b")):
        for slot in range(1, 26):
            count = position.boards[side][slot]
            if count:
                where = f"bar-{letter}" if slot == 25 else str(position.point_abs(side, slot))
                found[where] = (letter, count)
    return found


def test_share_gives_the_position_link_and_its_picture() -> None:
    app, _ = editing_app("backgammon")
    send(app, "edit_set", name="dice", value="31")
    answer = app.dispatch({"type": "share"})  # the menu's Share while editing: the set-up
    assert answer["share"]["position"] == "p=backgammon:w:24x2,13x5,8x3,6x5:24x2,13x5,8x3,6x5&dice=31"
    assert answer["share"]["svg"].startswith("<svg") and answer["view"]["phase"] == "edit"
    # the picture shows the set-up's dice, each as set, and the cube in the middle (its highest face)
    from nardcore.svg import render

    start = Position.start("backgammon")
    assert answer["share"]["svg"] == render(start, dice=(3, 1), cube=(64, None))
    assert app.dispatch({"type": "edit_share"})["share"]["svg"] == render(start, dice=(3, 1), cube=(64, None))
    send(app, "edit_set", name="cube", value=4)
    send(app, "edit_set", name="owner", value="b")
    assert app.dispatch({"type": "edit_share"})["share"]["svg"] == render(start, dice=(3, 1), cube=(4, 1))
