"""The presenter (web/worker/presenter.py) from hand-built sessions: no intents, no whole games."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from nardcore.game import Game
from nardcore.position import Position
from nardcore.variant import VARIANT_NAMES, find_variant
from web.worker import advice, presenter, saves, ui, viewmodel
from web.worker import editor as editing
from web.worker.dice import CountingDice
from web.worker.messages import Message
from web.worker.session import Session
from web.worker.settings import DEFAULT_SETTINGS


def session_at(position: str, dice: list[int] | None = None, **fields: Any) -> Session:
    """A session on the board at a set-up position, rolled with `dice` if given."""
    start = Position.parse(position)
    game = Game(start.variant, position=start)
    if dice:
        game.roll(dice)
    settings = {**DEFAULT_SETTINGS, "variant": start.variant.token, **fields.pop("settings", {})}
    return Session(dice=CountingDice(None), game=game, settings=settings, screen="board", **fields)


BACKGAMMON = "backgammon:w:24x2,13x5,8x3,6x5:24x2,13x5,8x3,6x5"


# -- the board ------------------------------------------------------------------------------------


def test_movable_points_and_destinations_are_point_ids_in_whites_numbering() -> None:
    session = session_at(BACKGAMMON, [6, 1])
    view = presenter.view(session)
    assert view["movable"] == ["6", "8", "13", "24"] and view["destinations"] == [] and view["selected"] is None
    session.selected = 13
    view = presenter.view(session)
    assert view["selected"] == "13" and view["destinations"] == ["6", "7"]


def test_black_on_roll_is_shown_in_whites_numbering_too() -> None:
    session = session_at("narde:b:24x15:24x15", [6, 5])
    session.selected = 24  # black's head: white's 12 in narde
    view = presenter.view(session)
    assert view["turn"] == "b" and view["movable"] == ["12"] and view["selected"] == "12"
    assert view["destinations"] == ["1", "6", "7"]  # black's 13, 18, 19


@pytest.mark.parametrize("name", VARIANT_NAMES)
def test_the_numbering_maps_whites_points_to_blacks(name: str) -> None:
    variant = find_variant(name)
    numbering = presenter.view(session_at(str(Position.start(variant))))["numbering"]
    assert len(numbering) == 25 and numbering[0] == 0 and sorted(numbering[1:]) == list(range(1, 25))
    for point in range(1, 25):
        expected = 25 - point if name in ("backgammon", "tawla31") else (point + 12 - 1) % 24 + 1
        assert numbering[point] == expected
        assert numbering[numbering[point]] == point  # the same map both ways


def test_checkers_and_points_follow_the_layout() -> None:
    view = presenter.view(session_at(BACKGAMMON))
    assert len(view["checkers"]) == 30 and {c["id"] for c in view["checkers"]} == {
        f"{side}{n}" for side in "wb" for n in range(15)}
    assert view["points"]["24"] == {"side": "w", "count": 2} and view["points"]["1"] == {"side": "b", "count": 2}
    on_six = sorted((c["i"], c["id"]) for c in view["checkers"] if c["at"] == "6")
    assert [i for i, _ in on_six] == [0, 1, 2, 3, 4]


def test_dice_show_what_is_used_and_what_cannot_be_played() -> None:
    session = session_at(BACKGAMMON, [3, 3])
    assert presenter.view(session)["dice"] == [{"value": 3, "used": False}] * 4
    session.game.step((6, 3, 3))
    assert sorted(d["used"] for d in presenter.view(session)["dice"]) == [False, False, False, True]
    # white on the bar before a closed board: nothing can be played, both dice are blocked
    closed = session_at("backgammon:w:bar,6x14:13x3,6x2,5x2,4x2,3x2,2x2,1x2", [6, 5])
    view = presenter.view(closed)
    assert view["dice"] == [{"value": 6, "used": False, "blocked": True}, {"value": 5, "used": False, "blocked": True}]
    assert view["movable"] == [] and view["can"]["confirm"] and not view["can"]["undo"]


def test_the_opening_dice_are_shown_until_someone_rolls_again() -> None:
    game = Game("narde", CountingDice("2,5,6,4"))
    session = Session(dice=CountingDice(None), game=game, screen="board")
    assert presenter.view(session)["opening_dice"] is None
    game.roll()  # white 2, black 5: black starts and rolls again (narde)
    view = presenter.view(session)
    assert view["opening_dice"] == {"w": 2, "b": 5} and view["phase"] == "roll" and view["dice"] == []
    game.roll()
    view = presenter.view(session)
    assert view["opening_dice"] is None and view["dice_text"] == "64"
    game.play(next(iter(game.plays())))
    assert game.phase == "roll" and presenter.view(session)["opening_dice"] is None  # white's turn: old news


def test_backgammons_opening_dice_are_the_first_plays_and_shown_as_its_dice() -> None:
    game = Game("backgammon", CountingDice("3,5"))
    session = Session(dice=CountingDice(None), game=game, screen="board")
    game.roll()  # black's 5 beats white's 3: black plays them
    view = presenter.view(session)
    assert view["phase"] == "move" and view["opening_dice"] is None
    assert [die["value"] for die in view["dice"]] == [5, 3]


# -- the cube, the players, the controls --------------------------------------------------------


def test_the_cube_face_is_the_games_limit_in_the_middle_and_the_stake_once_turned() -> None:
    assert presenter.view(session_at(BACKGAMMON))["cube_face"] == 64
    limited = session_at(BACKGAMMON.replace("backgammon", "backgammon+cube-limit-8"))
    view = presenter.view(limited)
    assert view["cube_face"] == 8 and view["cube_limit"] == 8
    limited.game.double()
    view = presenter.view(limited)
    assert view["cube_face"] == 2 and view["cube"] == {"enabled": True, "value": 1, "owner": None, "offered": True}
    limited.game.take()
    view = presenter.view(limited)
    assert view["cube_face"] == 2 and view["cube"]["owner"] == "b"


def test_the_set_up_being_edited_shows_its_own_pips_dice_and_cube() -> None:
    # white: one on the bar, two on its 1-point, four borne off; black: the start less two off
    edited = editing.Editor.from_position(Position.parse("backgammon:b:bar,13x3,8x3,6x2,1x2:23x2,13x5,8x3,6x3"))
    session = session_at(BACKGAMMON)
    view = presenter.editor_view(session, edited)
    assert view["players"]["w"] == {"kind": "human", "pips": 25 + 39 + 24 + 12 + 2, "off": 4, "score": 0}
    assert view["players"]["b"] == {"kind": "human", "pips": 46 + 65 + 24 + 18, "off": 2, "score": 0}
    assert {c["side"] for c in view["checkers"]} == {"w", "b"} and view["turn"] == view["to_act"] == "b"
    assert view["dice"] == [] and view["match"] is None and not any(view["can"].values())
    edited.set("dice", "25")
    assert presenter.editor_view(session, edited)["dice"] == [
        {"value": 5, "used": False}, {"value": 2, "used": False}]
    edited.set("dice", "33")
    assert presenter.editor_view(session, edited)["dice"] == [{"value": 3, "used": False}] * 4
    # the cube: in the middle it shows the game's highest face; turned or owned, its stake
    view = presenter.editor_view(session, edited)
    assert view["cube_face"] == 64 and view["cube"] == {"enabled": True, "value": 1, "owner": None, "offered": False}
    edited.set("cube", 2)
    assert presenter.editor_view(session, edited)["cube_face"] == 2
    edited.set("cube", 1)
    edited.set("owner", "w")
    view = presenter.editor_view(session, edited)
    assert view["cube_face"] == 1 and view["cube"] == {"enabled": True, "value": 1, "owner": "w", "offered": False}
    edited.set("length", 7)
    edited.set("score_w", 2)
    edited.set("score_b", 4)
    view = presenter.editor_view(session, edited)
    assert view["match"] == {"length": 7, "score": [2, 4], "crawford": False, "over": False}
    assert (view["players"]["w"]["score"], view["players"]["b"]["score"]) == (2, 4)
    edited.set("length", 0)
    view = presenter.editor_view(session, edited)
    assert view["match"] is None and view["players"]["b"]["score"] == 0


def test_the_board_part_draws_the_last_moves_arrows_then_the_shown_hints() -> None:
    last = {"side": "b", "dice": "65", "text": "24/13", "steps": [["1", "7"], ["7", "12"]]}
    session = session_at(BACKGAMMON, [6, 1], last=last)
    view = presenter.view(session)
    assert view["arrows"] == [{"from": "1", "to": "7", "kind": "last", "side": "b"},
                              {"from": "7", "to": "12", "kind": "last", "side": "b"}]
    # the panels still read the last move as it is, and as White on roll reads it, in its numbering
    assert view["last"] == {**last, "read": "1/12"}
    session.hint = advice.hint_for(session.game)
    plays = session.hint["plays"]
    assert len(plays) > 1 and session.hint["shown"] == 0
    session.hint["shown"] = 1
    view = presenter.view(session)
    hinted = [{"from": a, "to": b, "kind": "hint", "side": "w"} for a, b in plays[1]["steps"]]
    assert hinted and view["arrows"] == [*presenter.view(session_at(BACKGAMMON, last=last))["arrows"], *hinted]
    assert view["hint"] == session.hint
    # a cube hint shows no play; a reviewed turn drops the live game's last move, not the hint's
    session.hint = {"cube": "double", "plays": [], "shown": None}
    assert [a["kind"] for a in presenter.view(session)["arrows"]] == ["last", "last"]
    session.last, session.hint = None, None
    assert presenter.view(session)["arrows"] == []


def test_the_board_part_is_flipped_by_the_preference_the_seat_and_the_turn() -> None:
    session = session_at(BACKGAMMON, [6, 1])
    assert presenter.view(session)["flipped"] is False
    session.prefs["flip"] = True
    assert presenter.view(session)["flipped"] is True
    # hot-seat with the board turned to the side to act: Black to act sees it from Black's side
    black = session_at("backgammon:b:24x2,13x5,8x3,6x5:24x2,13x5,8x3,6x5", [6, 1])
    assert presenter.view(black)["flipped"] is False
    black.prefs["turn_board"] = True
    assert presenter.view(black)["flipped"] is True
    black.prefs["flip"] = True
    assert presenter.view(black)["flipped"] is False


def test_the_editors_board_part_is_flipped_by_the_preference_and_has_no_arrows() -> None:
    edited = editing.Editor.from_position(Position.parse(BACKGAMMON))
    last = {"side": "b", "dice": "65", "text": "24/13", "steps": [["1", "7"], ["7", "12"]]}
    session = session_at(BACKGAMMON, [6, 1], last=last)
    session.hint = advice.hint_for(session.game)
    view = presenter.editor_view(session, edited)
    assert view["arrows"] == [] and view["flipped"] is False and view["last"] is None and view["hint"] is None
    session.prefs["flip"] = True
    assert presenter.editor_view(session, edited)["flipped"] is True


def test_the_board_part_holds_every_field_the_board_reads() -> None:
    board_fields = set(viewmodel.BoardView.__annotations__)
    assert {"flipped", "arrows"} <= board_fields and not board_fields & {"prefs", "last", "hint"}
    last = {"side": "w", "dice": "61", "text": "13/7 8/7", "steps": [["13", "7"], ["8", "7"]]}
    views = [presenter.start_view(), presenter.view(session_at(BACKGAMMON, [6, 1], last=last)),
             presenter.editor_view(session_at(BACKGAMMON), editing.Editor.from_position(Position.parse(BACKGAMMON)))]
    for view in views:
        assert board_fields <= set(view)
        assert set(view) == set(viewmodel.View.__annotations__)
    assert presenter.start_view()["arrows"] == [] and presenter.start_view()["flipped"] is False


def test_on_the_computers_turn_the_person_has_no_controls() -> None:
    settings = {"opponent": "computer", "seat": "w"}
    session = session_at("narde:b:24x15:24x15", [6, 5], settings=settings)
    view = presenter.view(session)
    assert view["bot_pending"] and view["movable"] == [] and not any(view["can"][k] for k in (
        "roll", "double", "take", "drop", "beaver", "undo", "hint", "confirm"))
    assert view["players"]["b"]["kind"] == "computer" and view["players"]["w"]["kind"] == "human"
    assert view["flipped"] is False
    black_seat = session_at("narde:b:24x15:24x15", [6, 5], settings={"opponent": "computer", "seat": "b"})
    view = presenter.view(black_seat)
    assert not view["bot_pending"] and view["movable"] == ["12"] and view["flipped"] is True


def test_each_control_is_offered_only_where_it_applies() -> None:
    session = session_at(BACKGAMMON)  # hot-seat, White to roll, nothing played
    can = presenter.view(session)["can"]
    assert can["roll"] and can["double"] and can["resign"] and not any(can[k] for k in (
        "take", "drop", "beaver", "undo", "confirm", "answer_resign", "review", "replay", "play_on",
        "next_game", "new_match"))
    session.game.double()
    can = presenter.view(session)["can"]
    assert can["take"] and can["drop"] and can["beaver"] == session.game.may_beaver() and not can["roll"]
    session.game.drop()
    can = presenter.view(session)["can"]
    assert session.game.over and can["next_game"] and can["replay"] and not any(can[k] for k in (
        "new_match", "take", "drop", "beaver", "double", "resign", "roll"))
    # the opening roll alone is nothing to review
    narde = Game("narde", CountingDice("2,5"))
    narde.roll()
    can = presenter.view(Session(dice=CountingDice(None), game=narde, screen="board"))["can"]
    assert narde.history and not can["review"] and can["replay"]


@pytest.mark.parametrize(("score", "shown"), [((1, 2), [3, 2]), ((4, 2), [5, 2])])
def test_a_match_positions_score_counts_the_game_once_it_is_won(score: tuple[int, int], shown: list[int]) -> None:
    start = Position.parse("backgammon:w:2:18x2,13x5,8x3,6x5")
    game = Game("backgammon", position=start, match_length=5, score=score)
    session = Session(dice=CountingDice(None), game=game, settings={**DEFAULT_SETTINGS}, screen="board")
    match = presenter.view(session)["match"]
    assert match is not None and match["score"] == list(score)
    game.roll([6, 5])
    game.play(next(iter(game.plays())))
    assert game.over and game.result is not None and game.result.points == 2  # a gammon
    match = presenter.view(session)["match"]
    assert match is not None and match["score"] == shown  # capped at the length


def test_the_languages_are_the_i18n_files_with_their_own_names(tmp_path: Path) -> None:
    found = presenter.available_languages()
    assert {"code": "en", "name": "English"} in found and {"code": "ru", "name": "Русский"} in found
    assert found == presenter.LANGUAGES
    assert presenter.available_languages(tmp_path) == [{"code": "en", "name": "English"}]  # nothing there


def test_single_games_show_the_sessions_tally() -> None:
    view = presenter.view(session_at(BACKGAMMON, tally=[3, 1]))
    assert (view["players"]["w"]["score"], view["players"]["b"]["score"]) == (3, 1) and view["match"] is None
    assert view["players"]["w"]["pips"] == 167 and view["players"]["w"]["off"] == 0


def test_the_message_and_the_last_move_are_shown_as_they_are() -> None:
    last = {"side": "b", "dice": "65", "text": "24/13", "steps": [["12", "6"], ["6", "1"]]}
    session = session_at(BACKGAMMON, message=Message("forced", {"side": "w", "dice": "61", "play": "8/7"}), last=last)
    view = presenter.view(session)
    assert view["message"] == {"key": "forced", "args": {"side": "w", "dice": "61", "play": "8/7"}}
    assert view["last"] == {**last, "read": "1/12"}  # Black's play in White's numbering, White on roll


def test_a_reviewed_turn_is_drawn_instead_of_the_game_without_its_dice_or_input() -> None:
    shown = "backgammon:b:24x2,13x4,8x3,6x6:24x2,13x5,8x3,6x5"
    decision = {"turn": 0, "kind": "play", "side": "w", "chosen": "13/6"}
    review = {"positions": [shown], "shown": 0, "decisions": [decision]}
    session = session_at(BACKGAMMON, [6, 1], last={"side": "b", "dice": "11", "text": "", "steps": []}, review=review)
    view = presenter.view(session)
    assert view["position"] == shown and view["turn"] == "b" and view["points"]["6"]["count"] == 6
    assert view["dice"] == [] and view["movable"] == [] and view["last"] is None
    # read by the side on roll of the board shown (two people here): White's 13/6 in Black's numbering
    assert view["numbers"] == ["b"]
    assert view["message"] == {"key": "review_shown", "args": {"turn": 1, "side": "w", "play": "12/19"}}


def test_the_presenter_changes_nothing() -> None:
    session = session_at(BACKGAMMON, [6, 1], selected=13)
    before = json.dumps(saves.to_save(session), sort_keys=True)
    first = presenter.view(session)
    assert presenter.view(session) == first
    assert json.dumps(saves.to_save(session), sort_keys=True) == before


# -- sent once, and before Python is up ---------------------------------------------------------------


def test_the_catalogue_says_what_the_setup_form_offers() -> None:
    catalogue = presenter.catalogue()
    entries = {v["name"]: v for v in catalogue["variants"]}
    assert list(entries) == list(VARIANT_NAMES)
    assert {lang["code"] for lang in catalogue["languages"]} >= {"en", "ru"} and catalogue["levels"] == list(ui.LEVELS)
    for name, entry in entries.items():
        assert set(entry) == {"name", "title", "options", "cube", "cube_limits", "default_cube_limit",
                              "match_lengths", "default_match_length", "fixed_match_length", "rules"}
        assert entry["options"] == sorted(find_variant(name).allowed_options)
        assert entry["default_match_length"] in entry["match_lengths"] and entry["match_lengths"][0] == 0
        assert (entry["default_cube_limit"] in entry["cube_limits"]) is entry["cube"]
    assert entries["backgammon"]["cube"] and entries["backgammon"]["cube_limits"][-1] == 64
    assert entries["narde"]["cube_limits"] == [] and entries["narde"]["fixed_match_length"] is None
    assert entries["tawla31"]["match_lengths"] == [0, 31] and entries["tawla31"]["fixed_match_length"] == 31
    assert entries["tawla31"]["default_match_length"] == 31
    # a game without a fixed length starts as a single game unless a match is asked for
    assert entries["backgammon"]["default_match_length"] == entries["narde"]["default_match_length"] == 0
    json.dumps(catalogue)  # plain JSON


def test_the_start_view_is_the_first_view_the_app_answers() -> None:
    start = presenter.start_view()
    booted = ui.App().dispatch({"type": "boot", "save": None, "fragment": "", "query": ""})["view"]
    assert start == booted
    assert start["screen"] == "setup" and start["position"] == BACKGAMMON and start["phase"] == "opening"
    assert json.loads(json.dumps(start)) == start and presenter.start_view() == start
