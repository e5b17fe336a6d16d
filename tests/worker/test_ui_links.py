"""The app's state machine (web/worker/ui.py) on CPython, no browser: sharing by URL, hostile links
and saves, links a person can read and write (positions, gnubg, XGID, records)."""

from __future__ import annotations

import json

import pytest
from support.app import STARTS, act, fresh, to_move

from web.worker import ui

# -- sharing by URL --------------------------------------------------------------------------------


def test_a_url_names_the_computer_opponent() -> None:
    app = ui.App(dice="seed:3")
    app.dispatch({"type": "new_game", "settings": {"variant": "tawla31", "opponent": "computer"}})
    fragment = app.dispatch({"type": "export_url"})["url"]
    assert fragment.endswith("&vs=computer")
    other = ui.App()
    view = other.dispatch({"type": "boot", "save": None, "fragment": fragment, "query": ""})["view"]
    assert view["settings"]["opponent"] == "computer" and view["players"]["b"]["kind"] == "computer"


def test_a_url_holds_the_whole_game_mid_turn() -> None:
    app, _ = fresh("moultezim", dice="seed:2", auto_forced=False)
    view = to_move(app)
    act(app, "click", point=view["movable"][0])
    view = act(app, "click", point=app.view()["destinations"][0])
    fragment = app.dispatch({"type": "export_url"})["url"]
    assert fragment.startswith("s=") and len(fragment) < 2000
    assert set(fragment[2:]) <= set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")
    other = ui.App()
    shared = other.dispatch({"type": "boot", "save": None, "fragment": "#" + fragment, "query": ""})["view"]
    for key in ("position", "phase", "turn", "dice", "movable", "cube", "settings"):
        assert shared[key] == view[key], key
    assert shared["message"]["key"] == "url_loaded"


@pytest.mark.parametrize(
    "fragment",
    [
        "s=",
        "x=abc",
        "s=!!!!",
        "s=AAAA",
        "s=" + "A" * 30_000,
        "s=eJwLycgsVgCi4vzcVIWS1OISAFXlB6Y",
        "s=AAAA&vs=robot",
        "s=AAAA&s=AAAA",
        "<img src=x>",
    ],
)
def test_a_bad_url_gives_a_message_and_changes_nothing(fragment: str) -> None:
    app, _ = fresh("narde", dice="seed:2")
    act(app, "roll")
    before = app.view()
    view = act(app, "load_url", fragment=fragment)
    assert view["message"]["key"] == "url_bad"
    assert view["position"] == before["position"] and view["phase"] == before["phase"]


# -- hostile input ---------------------------------------------------------------------------------------

DEEP_LINK = "#s=7cEBDQAAAMKgoO_fwxxuQAEAAAAAAAAAAMC_AQ"  # deflated "[" x 10,000: 41 characters


@pytest.mark.parametrize("depth", [65, 10_000, 1_000_000])
def test_deeply_nested_links_saves_and_requests_are_refused_before_they_are_parsed(depth: int) -> None:
    import base64
    import zlib

    from nardcore import safejson
    from web.worker import engine

    nested = "[" * depth + "]" * depth
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    link = "#s=" + base64.urlsafe_b64encode(packer.compress(nested.encode()) + packer.flush()).decode().rstrip("=")
    for fragment, save in ((link, None), ("", nested), (DEEP_LINK, "{" * depth)):
        app = ui.App(dice="seed:1")
        answer = app.dispatch({"type": "boot", "save": save, "fragment": fragment, "query": ""})
        assert answer["view"]["message"]["key"] in ("url_bad", "save_corrupt")
        error = answer["view"]["message"]["args"]["error"]["detail"]
        assert "nested more than" in error or "too large" in error, error
        view = to_move(app)  # the app goes on: a legal move can be played
        act(app, "click", point=view["movable"][0])
        view = act(app, "click", point=app.view()["destinations"][0])
        assert view["position"] != STARTS["backgammon"]
    reply = json.loads(engine.dispatch(nested))
    assert "nested more than" in reply["error"]
    assert safejson.nesting_depth('{"a": "[[[[[[", "b": [1, [2]]}') == 3  # brackets inside strings do not count


# -- links a person can read and write ----------------------------------------------------------------


def test_a_position_link_opens_that_position_as_a_new_game_with_its_dice_cube_and_score() -> None:
    app = ui.App(dice="seed:1")
    first = app.dispatch({"type": "new_game", "settings": {"variant": "narde"}})["entry"]["id"]
    answer = app.dispatch({"type": "load_url", "fragment": "p=narde%3Ab%3A24x14%2C13%3A24x15&dice=52"})
    view = answer["view"]
    assert view["position"] == "narde:b:24x14,13:24x15" and view["phase"] == "move"
    assert [d["value"] for d in view["dice"]] == [5, 2] and view["message"]["key"] == "url_loaded"
    assert answer["entry"]["id"] != first
    view = act(app, "load_url", fragment="p=backgammon:w:24x2,13x5,8x3,6x5:24x2,13x5,8x3,6x5&cube=4&owner=b"
                                         "&score=2-1&length=7")
    assert view["cube"]["value"] == 4 and view["cube"]["owner"] == "b" and view["phase"] == "roll"
    assert view["match"] == {"length": 7, "score": [2, 1], "crawford": False, "over": False}
    assert view["players"]["w"]["score"] == 2 and view["players"]["b"]["score"] == 1


def test_gnubg_and_xgid_links_open_backgammon_positions() -> None:
    app = ui.App(dice="seed:1")
    boards = STARTS["backgammon"].split(":", 1)[1]
    view = act(app, "load_url", fragment="gnubg=4HPwATDgc/ABMA:cAkAAAAAAAAA")
    assert view["position"].split(":", 1)[1] == boards and view["variant"] == "backgammon"
    start_xgid = "-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10"
    for xgid in ("XGID=" + start_xgid, start_xgid):
        view = act(app, "load_url", fragment=f"xgid={xgid}")
        assert view["position"].split(":", 1)[1] == boards, xgid
        assert [d["value"] for d in view["dice"]] == [5, 2], xgid


@pytest.mark.parametrize(("fragment", "named"), [
    ("p=narde:w:24x16:24x15", "16 checkers"),
    ("p=narde:w:24x15:24x15&dice=77", "dice are two digits"),
    ("p=narde:w:24x15:24x15&cube=2&owner=w", "narde has no cube"),
    ("p=backgammon:w:6:1&cube=2", "owner"),
    ("p=backgammon:w:6:1&score=1-0", "both score"),
    ("p=backgammon:w:6:1&score=one&length=5", "score is W-B"),
    ("p=narde:w:24x15:24x15&colour=w", "does not read"),
    ("p=narde:w:24x15:24x15&p=narde:b:24x15:24x15", "twice"),
    ("s=abc&p=narde:w:24x15:24x15", "s=, p=, gnubg= or xgid="),
    ("gnubg=4HPwATDgc/ABMA:cAkAAAAAAAAA&dice=52", "p= position only"),
    ("gnubg=nonsense", "Position ID"),
    ("xgid=-b----E-C---eE---c-e----B-:0:0:1", "XGID"),
    ("p=%ZZnarde", "4 fields"),
])
def test_a_malformed_readable_link_is_refused_with_a_message_naming_what_is_wrong(fragment: str, named: str) -> None:
    app, before = fresh("narde")
    view = act(app, "load_url", fragment=fragment)
    assert view["message"]["key"] == "url_bad"
    detail = view["message"]["args"]["error"]["detail"]
    assert named.lower() in detail.lower(), detail
    assert view["position"] == before["position"]


def test_the_share_dialogs_links_each_open_the_position_on_the_board() -> None:
    app = ui.App(dice="seed:9")
    app.dispatch({"type": "new_game", "settings": {"variant": "backgammon", "match_length": 5}})
    view = to_move(app)
    act(app, "click", point=view["movable"][0])  # a step of the turn under way
    shared = app.dispatch({"type": "share"})["share"]
    assert set(shared) == {"game", "position", "gnubg", "xgid", "svg", "mat", "record"}
    assert shared["svg"].startswith("<svg") and shared["svg"].count('class="checker') <= 30
    board, dice = app.view()["position"], [d["value"] for d in app.view()["dice"]]
    for kind in ("game", "position", "gnubg", "xgid"):
        fragment = shared[kind] if kind in ("game", "position") else f"{kind}={shared[kind]}"
        opened = ui.App().dispatch({"type": "load_url", "fragment": fragment})["view"]
        assert opened["message"]["key"] == "url_loaded", (kind, opened["message"])
        # the game link keeps the step under way; the others give the position before it, same roll
        expected = board if kind == "game" else app.game.position.__str__()
        assert opened["position"].split(":", 1)[1] == expected.split(":", 1)[1], kind
        assert sorted(d["value"] for d in opened["dice"]) == sorted(dice), kind
        assert opened["match"]["length"] == 5, kind
    # the other games: no gnubg ID or XGID
    narde = ui.App(dice="seed:9")
    narde.dispatch({"type": "new_game", "settings": {"variant": "narde"}})
    assert set(narde.dispatch({"type": "share"})["share"]) == {"game", "position", "svg", "mat", "record"}


def test_a_finished_games_share_dialog_offers_the_whole_game_but_no_position_to_play_on() -> None:
    app = ui.App(dice="seed:9")
    app.dispatch({"type": "new_game", "settings": {"variant": "narde"}})
    to_move(app)
    app.dispatch({"type": "resign"})  # narde: a resignation concedes at once
    assert app.game.over
    shared = app.dispatch({"type": "share"})["share"]
    assert "position" not in shared and shared["game"].startswith("s=")
    assert ui.App(dice="seed:1").dispatch({"type": "load_url", "fragment": shared["game"]})["view"]["phase"] == "over"


def test_a_downloaded_record_imports_as_a_new_game_and_a_bad_one_changes_nothing() -> None:
    app = ui.App(dice="seed:4")
    app.dispatch({"type": "new_game", "settings": {"variant": "backgammon", "match_length": 3}})
    for _ in range(6):
        to_move(app)
        app.game.play(sorted(app.game.plays(), key=str)[0])
    record = app.dispatch({"type": "share"})["share"]["mat"]
    assert record.startswith(" 3 point match")
    other = ui.App(dice="seed:5")
    other.dispatch({"type": "new_game", "settings": {"variant": "narde"}})
    before = other.view()
    view = other.dispatch({"type": "open_game", "save": record, "copy": True})["view"]
    assert view["message"]["key"] == "imported"
    assert other.game.history == app.game.history and view["position"] == str(app.game.board)
    assert view["match"]["length"] == 3 and other.session.game_id != before.get("game_id")
    bad = other.dispatch({"type": "open_game", "save": record.replace("Game 1", "Game 7"), "copy": True})["view"]
    assert bad["message"]["key"] == "open_bad" and "line 3" in bad["message"]["args"]["error"]["detail"]
    assert bad["position"] == view["position"]


def test_the_share_dialogs_record_for_a_web_page_holds_each_turns_position_dice_and_play() -> None:
    app, _ = fresh("narde", dice="seed:3")
    for _ in range(3):
        to_move(app)
        for _ in range(8):
            view = app.view()
            if not view["movable"]:
                break
            act(app, "click", point=view["movable"][0])
            act(app, "click", point=app.view()["destinations"][0])
        if app.view()["can"]["confirm"]:
            act(app, "confirm")
    game = app.game
    frames = app.dispatch({"type": "share"})["share"]["record"].split("  ")
    turns = [(i, e) for i, e in enumerate(game.history) if e["event"] in ("play", "pass")]
    assert len(turns) >= 3 and len(frames) == len(turns) + 1
    positions = game.positions()
    assert frames[0] == str(positions[turns[0][0]])  # after the opening roll, before the first turn
    for frame, (index, event) in zip(frames[1:], turns):
        words = frame.split(" ")
        assert words[0] == str(positions[index + 1])
        assert words[1] == "".join(str(d) for d in event["dice"])
        assert " ".join(words[2:]) == event.get("play", "")
    assert frames[-1].split(" ")[0] == str(game.position)
