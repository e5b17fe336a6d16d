"""The whole library as one file, and many files imported at once (web/worker/backup.py): read
strictly, games never twice, the player's progress from two devices merged."""

from __future__ import annotations

import json
from typing import Any

from nardcore.bots import RandomBot, act
from nardcore.dice import SeededDice
from nardcore.formats.mat import write_mat
from nardcore.game import Game
from nardcore.variant import find_variant
from web.worker import backup
from web.worker.drills import new_card, new_cube_card
from web.worker.puzzle_rating import PlayerRating
from web.worker.ui import App


def played(app: App, variant: str, turns: int) -> dict[str, Any]:
    """A game of `variant` with `turns` turns played by random players; its save, entry and id."""
    app.dispatch({"type": "new_game", "settings": {"variant": variant, "opponent": "human"}})
    bot = RandomBot(7)
    while len([e for e in app.game.history if e.get("event") == "play"]) < turns and not app.game.over:
        act(app.game, bot)
    answer = app.dispatch({"type": "dismiss"})
    return {"id": answer["entry"]["id"], "name": variant.title(), "created": 1000, "updated": 2000 + turns,
            "save": answer["save"], "entry": answer["entry"]}


def library_text(app: App, games: list[dict[str, Any]]) -> str:
    """The library file as the page writes it (library/backup.js libraryFile)."""
    head = app.dispatch({"type": "export_library"})["library"]
    return json.dumps({**head, "exported": 5, "games": [{k: g[k] for k in ("id", "name", "created", "updated", "save")}
                                                          for g in games]})


CUBE_POSITION = "backgammon:b:6x4,5x3,4x3,3x3,2x2:7x2,6x4,5x3,4x3,3x3"  # Black redoubles to 4: a take to drill


def studied(app: App) -> None:
    """Progress on the exporting device: a lesson, a puzzle answered, a drill card, a cube card."""
    prefs = app.session.prefs
    prefs["learned"] = ["narde-head"]
    rating = PlayerRating().after(1500, solved=True)
    prefs["study"] = {"puzzles": {"narde": {"rating": rating.to_dict(), "seen": ["n-1"]}},
                      "drills": [new_card("narde", "narde:w:24x15:24x15", "64", "24/14", "24/18 24/20", 0.2, 700000),
                                 new_cube_card("backgammon", CUBE_POSITION, "take", "take", "drop", 0.31, 700001,
                                               {"value": 2, "owner": "b", "jacoby": False, "beavers": False},
                                               [7, 2, 4, 0])]}
    prefs["coach"] = not prefs["coach"]


def test_a_library_exported_reads_back_on_another_device_with_its_progress() -> None:
    home = App(dice="seed:3")
    studied(home)
    games = [played(home, "narde", 6), played(home, "backgammon", 4), played(home, "tawla31", 2)]
    text = library_text(home, games)
    away = App(dice="seed:9")
    answer = away.dispatch({"type": "import_files", "files": [{"name": "lib.json", "text": text}]})
    imported = answer["imported"]
    assert imported["report"] == [{"name": "lib.json", "games": 3}] and imported["aside"] == []
    assert {g["id"]: g["entry"] for g in imported["games"]} == {g["id"]: g["entry"] for g in games}
    assert {g["id"]: (g["name"], g["created"], g["updated"], g["save"]) for g in imported["games"]} == {
        g["id"]: (g["name"], g["created"], g["updated"], g["save"]) for g in games}
    prefs = away.session.prefs
    assert prefs["learned"] == ["narde-head"] and prefs["coach"] == home.session.prefs["coach"]
    assert prefs["study"] == home.session.prefs["study"]
    assert answer["view"]["message"]["key"] == "library_imported"
    # the progress travels in the game on the board's save: kept by the page with it
    assert json.loads(answer["save"])["prefs"]["study"] == home.session.prefs["study"]
    # a second import of the same file changes nothing of the progress
    again = away.dispatch({"type": "import_files", "files": [{"name": "lib.json", "text": text}]})
    assert away.session.prefs == prefs and len(again["imported"]["games"]) == 3


def test_a_corrupt_or_foreign_file_is_refused_whole_with_its_reason_and_changes_nothing() -> None:
    home = App(dice="seed:3")
    good = library_text(home, [played(home, "narde", 3)])
    away = App(dice="seed:4")
    before = dict(away.session.prefs), {**away.to_save(), "message": None}
    cases = {
        "cut.json": (good[:len(good) // 2], "why.library_unreadable"),
        "newer.json": (good.replace('"version":1', '"version":2').replace('"version": 1', '"version": 2'),
                       "why.library_version"),
        "games.json": ('{"app": "nard", "kind": "library", "version": 1, "games": {}}', "why.library_unreadable"),
        "bad-id.json": (good.replace('"id": "', '"id": "X'), "why.library_unreadable"),
        "empty.json": ("  \n", "why.import_empty"),
        "photo.mat": ("\x89PNG not a record", None),
    }
    answer = away.dispatch({"type": "import_files", "files": [{"name": n, "text": t} for n, (t, _) in cases.items()]})
    report = {line["name"]: line for line in answer["imported"]["report"]}
    for name, (_, why) in cases.items():
        assert "error" in report[name] and report[name]["games"] == 0, name
        if why is not None:
            assert report[name]["error"]["key"] == why, (name, report[name])
    assert answer["imported"]["games"] == [] and answer["view"]["message"]["args"]["failed"] == len(cases)
    assert (away.session.prefs, {**away.to_save(), "message": None}) == before  # but what it says


def test_a_game_whose_save_does_not_read_is_set_aside_and_the_others_go_in() -> None:
    home = App(dice="seed:3")
    games = [played(home, "narde", 3), played(home, "moultezim", 3)]
    games[1]["save"] = games[1]["save"].replace('"history":[', '"history":[{"event":"nonsense"},', 1)
    answer = App().dispatch({"type": "import_files", "files": [{"name": "l.json", "text": library_text(home, games)}]})
    imported = answer["imported"]
    assert [g["id"] for g in imported["games"]] == [games[0]["id"]]
    assert imported["aside"] == [games[1]["save"]]
    line = imported["report"][0]
    assert line["games"] == 1 and len(line["failed"]) == 1 and line["failed"][0]["key"].startswith("why.")


def test_many_records_and_saves_at_once_each_reported_and_the_same_file_is_one_game() -> None:
    home = App(dice="seed:3")
    save = played(home, "narde", 5)["save"]
    game = Game(find_variant("backgammon"), SeededDice(2))
    while not game.over:
        act(game, RandomBot(2))
    record = write_mat(game)
    away = App(dice="seed:1")
    board = {**away.to_save(), "message": None}
    files = [{"name": "a.json", "text": save}, {"name": "b.mat", "text": record},
             {"name": "b-again.mat", "text": record}]
    imported = away.dispatch({"type": "import_files", "files": files})["imported"]
    assert [(line["name"], line["games"], "error" in line) for line in imported["report"]] == [
        ("a.json", 1, False), ("b.mat", 1, False), ("b-again.mat", 1, False)]
    ids = [g["id"] for g in imported["games"]]
    assert ids[1] == ids[2] != ids[0]  # the same record twice: one game (the page keeps it once)
    assert imported["games"][1]["entry"]["variant"] == "backgammon" and imported["games"][1]["entry"]["over"]
    assert json.loads(imported["games"][0]["save"])["id"] == ids[0] != json.loads(save)["id"]
    assert {**away.to_save(), "message": None} == board  # the board stays as it was


def test_progress_from_two_devices_merges_by_the_rules_written_in_docs() -> None:
    card = new_card("narde", "narde:w:24x15:24x15", "64", "24/14", "24/18 24/20", 0.2, 700000)
    other = new_card("narde", "narde:w:24x14,1:24x15", "31", "24/21", "24/23 24/20", 0.1, 700000)
    answered = {**card, "reps": 2, "due": 700010}
    strong = PlayerRating().after(1500, solved=True).after(1500, solved=True)
    mine = {"lang": "de", "coach": True, "learned": ["a"], "study": {
        "puzzles": {"narde": {"rating": PlayerRating().after(1500, solved=False).to_dict(), "seen": ["n-1"]}},
        "drills": [card]}}
    theirs = {"lang": "fr", "coach": False, "learned": ["b", "a"], "study": {
        "puzzles": {"narde": {"rating": strong.to_dict(), "seen": ["n-2", "n-1"]},
                    "backgammon": {"rating": PlayerRating().to_dict(), "seen": ["b-1"]}},
        "drills": [answered, other]}}
    merged = backup.merged_prefs(mine, theirs)
    assert merged["lang"] == "de" and merged["coach"] is False and merged["learned"] == ["a", "b"]
    puzzles = merged["study"]["puzzles"]
    assert puzzles["narde"]["seen"] == ["n-1", "n-2"] and puzzles["narde"]["rating"] == strong.to_dict()
    assert puzzles["backgammon"]["seen"] == ["b-1"]
    assert merged["study"]["drills"] == [answered, other]
    assert backup.merged_prefs(merged, theirs) == merged  # merging again changes nothing


def test_a_finished_games_background_review_travels_with_it_and_a_broken_one_is_left_behind() -> None:
    from web.worker.background import SUMMARY_VERSION
    from web.worker.statistics_view import read_review

    home = App(dice="seed:3")
    done, going = played(home, "narde", 1000), played(home, "backgammon", 4)
    assert done["entry"]["over"] and not going["entry"]["over"]
    # a review as the background review keeps it with the entry (background.py, library/store.js keepReview)
    review = {"version": SUMMARY_VERSION, "games": [
        {s: {"moves": 9, "move_loss": 0.5, "cubes": 0, "cube_loss": 0.0, "luck": 0.25} for s in "wb"}]}
    broken = {"version": 1, "games": [{"w": {"moves": -1}}]}
    text = json.dumps({**json.loads(library_text(home, [done, going])), "games": [
        {**{k: done[k] for k in ("id", "name", "created", "updated", "save")}, "review": review},
        {**{k: going[k] for k in ("id", "name", "created", "updated", "save")}, "review": review}]})
    imported = App(dice="seed:9").dispatch({"type": "import_files", "files": [{"name": "l.json", "text": text}]})
    games = {g["id"]: g for g in imported["imported"]["games"]}
    assert games[done["id"]]["review"] == review and read_review(review, 1)[0] is not None
    assert "review" not in games[going["id"]]  # kept with finished games only
    # a review that does not read: its summaries left out, or the whole of it, the game still in
    for bad, kept in ((broken, {"version": 1, "games": [None]}), ({"version": 7, "games": []}, None),
                      ("nonsense", None)):
        text = json.dumps({**json.loads(library_text(home, [done])), "games": [
            {**{k: done[k] for k in ("id", "name", "created", "updated", "save")}, "review": bad}]})
        found = App(dice="seed:9").dispatch({"type": "import_files", "files": [{"name": "l.json", "text": text}]})
        (game,) = found["imported"]["games"]
        assert game["id"] == done["id"] and game.get("review") == kept
