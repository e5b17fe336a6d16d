"""The Statistics report from each save's summary (web/worker/statistics.py summary_of_save), as
the page keeps them: the same report as from the saves, for a library of every kind of game;
a summary that does not read is never trusted, and its game is read from its save again."""

from __future__ import annotations

import copy
import functools
import json
from collections.abc import Callable
from typing import Any

import pytest
from support.library_saves import by_hand, finished_game, play_to_the_end

from web.worker import background, engine, ui
from web.worker.statistics import STATS_VERSION, games_of_save, games_of_summary, summary_of_save
from web.worker.statistics_view import statistics_answer

NOTHING = object()  # no corrupt summary sent
UNREADABLE = "0000000000bb"
CORRUPT = "0000000000cc"


@functools.cache
def match_save() -> str:
    """A match to 3 against the computer's beginner, the player Black, played to its end."""
    app = ui.App(dice="seed:41")
    app.dispatch({"type": "new_game", "settings": {"variant": "backgammon", "match_length": 3,
                                                   "opponent": "computer", "seat": "b", "level": "beginner"}})
    play_to_the_end(app, 6000, next_games=True)
    return str(app.dispatch({"type": "dismiss"})["save"])


def changed(text: str, game_id: str, **settings: Any) -> str:
    """The same save under another id, with other settings (a level) or played by link (`duel`)."""
    save = json.loads(text)
    save["id"] = game_id
    duel = settings.pop("duel", None)
    if duel:
        save["duel"] = duel
    save["settings"].update(settings)
    return json.dumps(save)


@functools.cache
def library() -> tuple[tuple[str, str, dict[str, Any] | None], ...]:
    """(id, save, review) of a library of every kind: the five games, single games and a match,
    the computer at three levels, by link, two players at one device, dice by hand, a save that
    does not read, and a game whose kept summary is corrupt."""
    first = finished_game(31)[0]
    review = background.review_in_background({"id": json.loads(first)["id"], "save": first}, slice_s=60)
    games = [
        first,
        changed(finished_game(33, variant="narde")[0], "00000000000a", level="strongest"),
        changed(finished_game(34, variant="khachapuri")[0], "00000000000b", level="advanced"),
        finished_game(35, "human", "moultezim")[0],
        changed(finished_game(36, "human", "tawla31")[0], "00000000000c", duel={"me": "b", "gid": "x"}),
        match_save(),
        by_hand(finished_game(33)[0]),
        changed(finished_game(37, variant="tawla31")[0], CORRUPT),
    ]
    items: list[tuple[str, str, dict[str, Any] | None]] = [
        (json.loads(text)["id"], text, review.get("review") if k == 0 else None) for k, text in enumerate(games)]
    items.append((UNREADABLE, '{"app": 1', None))
    return tuple(items)


def sent(summaries: dict[str, Any], corrupt: Any = NOTHING) -> list[dict[str, Any]]:
    """The page's request: a summary for every game that has one (through JSON, as it is kept),
    the save for the others; the corrupt game's summary replaced by `corrupt`, its save sent too."""
    items = []
    for k, (game_id, save, review) in enumerate(library()):
        item: dict[str, Any] = {"id": game_id, "review": review, "when": 1000.0 * k}
        if game_id == CORRUPT and corrupt is not NOTHING:
            item.update(summary=corrupt, save=save)
        elif game_id in summaries:
            item["summary"] = json.loads(json.dumps(summaries[game_id]))
        else:
            item["save"] = save
        items.append(item)
    return items


def test_the_report_from_summaries_is_the_report_from_saves() -> None:
    first = statistics_answer({"games": sent({}), "scope": "all"})
    summaries = first["summaries"]
    # every save that reads got its summary; the unreadable one none
    assert set(summaries) == {game_id for game_id, _, _ in library()} - {UNREADABLE}
    found = first["statistics"]
    played = [game for _, save, _ in library()[:-1] for game in games_of_save(json.loads(save))]
    assert found["games"] == len(played) and found["unread"] == 1
    assert set(found["results"]["by_variant"]) == {"backgammon", "narde", "khachapuri", "moultezim", "tawla31"}
    assert set(found["results"]["by_rival"]) == {"computer:beginner", "computer:strongest", "computer:advanced",
                                                 "human", "link"}
    in_match = [game for game in games_of_save(json.loads(match_save())) if game.over]
    assert found["results"]["by_kind"]["match"]["played"] == len(in_match) >= 1
    assert found["skill"]["backgammon"]["reviewed"] == 1
    assert found["dice"]["hand_games"] == 1
    scopes = ["all", "computer", library()[0][0], match_id(), "00000000000c"]
    for scope in scopes:
        from_saves = statistics_answer({"games": sent({}), "scope": scope})
        again = statistics_answer({"games": sent(summaries), "scope": scope})
        assert again["statistics"] == from_saves["statistics"], scope
        assert again["summaries"] == {}  # nothing read but the unreadable save
    # through the engine, as the page asks
    answer = json.loads(engine.dispatch(json.dumps({"type": "statistics", "games": sent(summaries), "scope": "all"})))
    assert answer["statistics"] == json.loads(json.dumps(found)) and answer["summaries"] == {}


def match_id() -> str:
    return str(json.loads(match_save())["id"])


def test_a_summary_holds_what_the_save_gives() -> None:
    save = json.loads(match_save())
    summary = summary_of_save(save)
    assert summary["version"] == STATS_VERSION and summary["length"] == 3 and summary["mine"] == 1
    assert len(summary["games"]) == len(save["match"].get("played", [])) + isinstance(save["match"].get("game"), dict)
    assert all(len(side) == 21 for game in summary["games"] for side in game["rolls"])
    assert games_of_summary(json.loads(json.dumps(summary))) == games_of_save(save)


def corruptions() -> list[Any]:
    good = summary_of_save(json.loads(library()[-2][1]))
    spoilt = []
    changes: tuple[Callable[[dict[str, Any]], object], ...] = (
        lambda s: s.update(version=STATS_VERSION + 1),
        lambda s: s.update(version=True),
        lambda s: s.pop("hand"),
        lambda s: s.update(extra=1),
        lambda s: s.update(rival="computer:<b>bold</b>"),
        lambda s: s.update(mine=2),
        lambda s: s.update(hand="no"),
        lambda s: s.update(length=-1),
        lambda s: s.update(games={"0": 1}),
        lambda s: s["games"][0].update(variant="chess"),
        lambda s: s["games"][0].update(points=True),
        lambda s: s["games"][0].update(winner="w"),
        lambda s: s["games"][0].update(over=False),  # not over, yet a winner and points
        lambda s: s["games"][0]["rolls"][0].pop(),
        lambda s: s["games"][0]["rolls"][1].__setitem__(3, -2),
        lambda s: s["games"][0]["rolls"][1].__setitem__(3, 2.0),
        lambda s: s["games"][0]["rolls"].append([0] * 21),
        lambda s: s["games"].append("game"),
    )
    for change in changes:
        summary = copy.deepcopy(good)
        change(summary)
        spoilt.append(summary)
    return [*spoilt, "junk", None, [good], {"version": STATS_VERSION}]


@pytest.mark.parametrize("corrupt", corruptions())
def test_a_corrupt_summary_is_ignored_and_its_save_read_again(corrupt: Any) -> None:
    assert games_of_summary(corrupt) is None
    summaries = statistics_answer({"games": sent({}), "scope": "all"})["summaries"]
    expected = statistics_answer({"games": sent({}), "scope": "all"})["statistics"]
    answer = statistics_answer({"games": sent(summaries, corrupt), "scope": "all"})
    assert answer["statistics"] == expected
    assert answer["summaries"] == {CORRUPT: summaries[CORRUPT]}  # made again from the save
    # without its save, the page is asked for it, and nothing is counted meanwhile
    items = [{key: value for key, value in item.items() if not (item["id"] == CORRUPT and key == "save")}
             for item in sent(summaries, corrupt)]
    assert statistics_answer({"games": items, "scope": "all"}) == {"again": [CORRUPT]}
