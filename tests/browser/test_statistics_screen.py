"""The Statistics screen on a seeded library (games planted in IndexedDB as the app keeps them):
the right counts, a game's dice alone, the link #statistics, the summaries of the saves kept so
that an opening again sends them in place of the saves, and the background review that fills in
the error rates by itself once allowed in Settings."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from browser_support import (
    AppPage,
    after,
    board,
    click_point,
    eventually,
    in_library,
    points,
    press,
    start_game,
    wait_ready,
)
from playwright.sync_api import Page, expect
from support.library_saves import by_hand, finished_game

from web.worker.statistics import dice_counts, games_of_save, results

pytestmark = pytest.mark.fresh_game  # the worker's booted app, reset (shared_app.py); a reload boots it again

SEEDS = (31, 33, 34)  # three games against the computer, the player White


def plant(page: Page, games: list[tuple[str, dict[str, Any]]]) -> None:
    """The games kept in the library as the page keeps them (library/store.js keepGame), then
    the page read again so that it lists them."""
    now = int(time.time() * 1000)
    records = []
    for k, (save, entry) in enumerate(games):
        rival = f"computer:{entry['level']}" if entry["opponent"] == "computer" else "human"
        won = entry["winner"] == entry["seat"]
        outcome = ("won" if won else "lost") if entry["opponent"] == "computer" else "over"
        records.append([save, {**entry, "name": "", "created": now - 10_000 + k, "updated": now - 10_000 + k, "rev": 1,
                               "rival": rival, "outcome": outcome}])
    in_library(page, """Promise.all(arg.map(([save, entry]) => Promise.all([
        get('games', stores.games.put(entry)), get('saves', stores.saves.put(save, entry.id))])))""",
               records, mode="readwrite")
    page.reload()
    wait_ready(page)
    if page.is_visible("#setup"):  # the first visit's start screen: a game nobody rolled in, left out
        after(page, lambda: page.click("#setup-start"))


def library() -> list[tuple[str, dict[str, Any]]]:
    computer = [finished_game(seed) for seed in SEEDS]
    two = finished_game(32, "human")
    hand_save = by_hand(computer[1][0])
    hand = (hand_save, {**computer[1][1], "id": json.loads(hand_save)["id"], "hand": True})
    return [*computer, two, hand]


def open_statistics(page: Page) -> None:
    page.click("#btn-games")
    page.click("#games-statistics")
    expect(page.locator("#statistics")).to_be_visible()
    expect(page.locator("#stats-body .stats-section")).to_have_count(3)


def cells(page: Page, group: str) -> list[str]:
    return list(page.locator(f"#stats-body tr[data-group='{group}'] td").all_inner_texts())


def test_the_statistics_screen_counts_a_seeded_library(app: AppPage) -> None:
    page = app.page
    planted = library()
    plant(page, planted)
    open_statistics(page)
    games = [game for save, _ in planted for game in games_of_save(json.loads(save))]
    found = results(games)
    expect(page.locator("#stats-status")).to_have_text("Games: 5")
    total = found.total
    assert cells(page, "total") == [str(n) for n in (total.played, total.won, total.lost, total.drawn,
                                                     total.points_won, total.points_lost)]
    assert cells(page, "rival:computer:beginner")[:3] == [str(found.by_rival["computer:beginner"].played),
                                                          str(found.by_rival["computer:beginner"].won),
                                                          str(found.by_rival["computer:beginner"].lost)]
    assert cells(page, "rival:human")[0] == "1"
    assert cells(page, "variant:backgammon")[0] == "5"
    # nothing reviewed yet: the screen says how to get the error rates
    expect(page.locator("#stats-body")).to_contain_text("No reviewed game yet")
    # the dice: the player's, without the game whose dice were entered by hand
    machine = [game for game in games if not game.hand]
    mine = dice_counts(machine, "mine")
    dice = page.locator("#stats-body .stats-dice[data-who='mine']")
    expect(dice.locator(".stats-note")).to_contain_text(f"Rolls: {mine.count}")
    assert dice.locator(".stats-seen td").all_inner_texts()[:6] == [str(n) for n in mine.faces]
    expect(dice.locator(".stats-bars rect.bar")).to_have_count(21)
    expect(page.locator("#stats-body")).to_contain_text("Games with dice entered by hand, left out of this test: 1")
    # against the computer only: the two people's game is left out
    page.select_option("#stats-scope", "computer")
    expect(page.locator("#stats-status")).to_have_text("Games: 4")
    expect(page.locator("#stats-body tr[data-group='rival:human']")).to_have_count(0)


def test_the_dice_statistics_of_the_game_on_the_board_and_the_link(app: AppPage) -> None:
    page = app.page
    planted = library()
    plant(page, planted)
    save, entry = planted[0]
    page.click("#btn-games")
    after(page, lambda: page.click(f".game-entry[data-game-id='{entry['id']}'] .game-open"))
    page.goto(page.url.split("#")[0] + "#statistics")
    expect(page.locator("#statistics")).to_be_visible()
    page.select_option("#stats-scope", entry["id"])
    expect(page.locator("#stats-status")).to_have_text("Games: 1")
    game = games_of_save(json.loads(save))[0]
    for who, side in (("mine", "mine"), ("theirs", "theirs")):
        counts = dice_counts([game], side)
        part = page.locator(f"#stats-body .stats-dice[data-who='{who}']")
        expect(part.locator(".stats-note").first).to_contain_text(f"Rolls: {counts.count}")
        assert part.locator(".stats-seen td").all_inner_texts() == [str(n) for n in (*counts.faces, counts.doubles,
                                                                                     counts.pips)]
    # one game has too few rolls to judge the dice
    expect(page.locator("#stats-body .stats-verdict").first).to_have_attribute("data-verdict", "dice.verdict.too_few")


# Every statistics request's games as sent: [{id, save: bool, summary: bool}] in window.statisticsSent.
WATCH_REQUESTS = """() => {
    window.statisticsSent = [];
    const app = window.nardApp;
    const request = app.request;
    app.request = function (message) {
        if (message && message.type === 'statistics') {
            window.statisticsSent.push(message.games.map(
                (g) => ({id: g.id, save: 'save' in g, summary: 'summary' in g})));
        }
        return request.call(this, message);
    };
}"""


def opened_again(page: Page, times: int) -> list[dict[str, Any]]:
    """Statistics opened from Games, the `times`-th request's answer drawn: that request's games."""
    page.click("#btn-games")
    page.click("#games-statistics")
    page.wait_for_function(f"window.statisticsSent.length >= {times}"
                           " && !document.getElementById('statistics').hasAttribute('aria-busy')")
    return list(page.evaluate(f"window.statisticsSent[{times - 1}]"))


def kept_summaries(page: Page) -> dict[str, int]:
    return {record["id"]: record["rev"] for record in in_library(page, "get('summaries', stores.summaries.getAll())")}


def test_statistics_opened_again_sends_summaries_and_reads_a_game_played_on(app: AppPage) -> None:
    page = app.page
    plant(page, library())
    page.evaluate(WATCH_REQUESTS)
    start_game(page, "backgammon")
    for _ in range(5):  # the opening roll may tie
        if board(page)["phase"] == "move":
            break
        press(page, "btn-roll")
    on_board = str(page.evaluate("window.nardPage.gameId"))
    # the first opening: every game's save, and their summaries kept
    first = opened_again(page, 1)
    assert len(first) == 6 and all(game["save"] and not game["summary"] for game in first)
    expect(page.locator("#stats-status")).to_have_text("Games: 6")
    figures = page.inner_text("#stats-body")
    eventually(lambda: len(kept_summaries(page)) == 6)
    page.click("#stats-close")
    # again: the summaries, no save, and the same figures
    second = opened_again(page, 2)
    assert len(second) == 6 and all(game["summary"] and not game["save"] for game in second)
    expect(page.locator("#stats-status")).to_have_text("Games: 6")
    assert page.inner_text("#stats-body") == figures
    page.click("#stats-close")
    # the game on the board played on: its save read again, its summary made again
    rev = kept_summaries(page)[on_board]
    click_point(page, points(page, "movable")[0])
    click_point(page, points(page, "dest")[0])
    eventually(lambda: (in_library(page, "get('games', stores.games.get(arg))", on_board) or {}).get("rev", 0) > rev)
    third = {game["id"]: game for game in opened_again(page, 3)}
    assert third[on_board]["save"] and not third[on_board]["summary"]
    assert all(game["summary"] and not game["save"] for game_id, game in third.items() if game_id != on_board)
    eventually(lambda: kept_summaries(page)[on_board] > rev)


# The library as the page of database version 1 kept it (no store `summaries`), with `arg`'s games.
VERSION_1 = """async (records) => {
    await new Promise((ok, no) => {
        const r = indexedDB.deleteDatabase('nard'); r.onsuccess = ok; r.onerror = () => no(r.error);
    });
    const db = await new Promise((ok, no) => {
        const r = indexedDB.open('nard', 1);
        r.onupgradeneeded = () => {
            const games = r.result.createObjectStore('games', {keyPath: 'id'});
            for (const [name, key] of [['updated', 'updated'], ['variant', ['variant', 'updated']],
                                       ['rival', ['rival', 'updated']], ['outcome', ['outcome', 'updated']]]) {
                games.createIndex(name, key);
            }
            r.result.createObjectStore('saves');
            r.result.createObjectStore('aside', {autoIncrement: true});
            r.result.createObjectStore('meta');
        };
        r.onsuccess = () => ok(r.result); r.onerror = () => no(r.error);
    });
    const tx = db.transaction(['games', 'saves'], 'readwrite');
    for (const [save, entry] of records) {
        tx.objectStore('games').put(entry);
        tx.objectStore('saves').put(save, entry.id);
    }
    await new Promise((ok, no) => { tx.oncomplete = ok; tx.onerror = () => no(tx.error); });
    db.close();
}"""


def test_a_library_of_database_version_1_gains_the_store_of_summaries(app: AppPage) -> None:
    page = app.page
    now = int(time.time() * 1000)
    planted = library()
    records = [[save, {**entry, "name": "", "created": now - 1000 + k, "updated": now - 1000 + k, "rev": 1,
                       "rival": "computer:beginner" if entry["opponent"] == "computer" else "human",
                       "outcome": "over"}] for k, (save, entry) in enumerate(planted)]
    page.evaluate(VERSION_1, records)
    page.reload()
    wait_ready(page)
    if page.is_visible("#setup"):
        after(page, lambda: page.click("#setup-start"))
    assert page.evaluate("""() => new Promise((ok) => { const r = indexedDB.open('nard');
        r.onsuccess = () => { ok([r.result.version, [...r.result.objectStoreNames]]); r.result.close(); }; })""") == [
        2, ["aside", "games", "meta", "saves", "summaries"]]
    open_statistics(page)
    expect(page.locator("#stats-status")).to_have_text("Games: 5")
    eventually(lambda: len(kept_summaries(page)) == 5)
    assert {entry["id"] for _, entry in planted} == set(kept_summaries(page))


def test_the_background_review_fills_in_the_error_rate(app: AppPage) -> None:
    page = app.page
    plant(page, [finished_game(31)])
    game_id = finished_game(31)[1]["id"]
    page.click("#btn-settings")
    after(page, lambda: page.locator("#pref-background_review").set_checked(True))
    page.click("#settings-close")

    def review() -> Any:
        return in_library(page, "get('games', stores.games.get(arg))", game_id).get("review")

    eventually(lambda: review() is not None, timeout=240)
    summary = review()
    assert summary["version"] == 1 and summary["games"][0]["w"]["moves"] > 0
    open_statistics(page)
    skill = page.locator("#stats-body .stats-skill[data-variant='backgammon']")
    expect(skill.locator("[data-fact='reviewed']")).to_have_text("Reviewed games: 1")
    expect(skill.locator("[data-fact='rating']")).to_contain_text("gnubg")
    expect(skill.locator("circle.dot")).to_have_count(1)
