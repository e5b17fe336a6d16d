"""What the start of a long record does not do: the page does not write back the save it opened
unchanged (1.9 MB for the longest record), nor count a revision for it, nor read the whole save
on the page; and what it still does: the next change of the game is saved with the next
revision, a save of the page of before claiming another game's id further on is set aside when
it moves into IndexedDB. No timing is asserted here (bench/bench_startup.py measures the start)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from browser_support import (
    clear_library,
    eventually,
    in_library,
    open_app,
    press,
    stored_library,
    stored_save,
    wait_ready,
)
from playwright.sync_api import Browser, Page, expect
from support.long_record import long_match_data, match_save

GAME_ID = "0123456789ab"
OTHER_ID = "ba9876543210"
DICE = "seed:4"
STAMP = '{"rev":7,"tab":"k3",'  # as the page of before stamped its saves in localStorage
# Before any page script: every write to the library and every whole JSON.parse of a long text, noted.
SPY = """
window.__writes = [];
window.__parsed = 0;
const put = IDBObjectStore.prototype.put;
IDBObjectStore.prototype.put = function (value, key) {
  window.__writes.push(this.name + ':' + (key === undefined ? value.id : key));
  return put.call(this, value, key);
};
const parse = JSON.parse;
JSON.parse = function (text, ...rest) {
  if (typeof text === 'string' && text.length > 100000) window.__parsed += 1;
  return parse.call(this, text, ...rest);
};
"""


@pytest.fixture(scope="module")
def long_save() -> str:
    """A long match's save as the page keeps it: its dice those of the test's query."""
    save = json.loads(match_save(long_match_data(60, seed=1), GAME_ID))
    save["dice"] = {"spec": DICE, "drawn": 0}
    return json.dumps(save, separators=(",", ":"))


def keep(page: Page, entries: list[dict[str, Any]], saves: dict[str, str]) -> None:
    """The library with `entries` (at revision 7) and `saves`, the first entry's game the current one."""
    clear_library(page)
    in_library(page, """(() => {
        for (const entry of arg[0]) stores.games.put({...entry, rev: 7});
        for (const [id, save] of Object.entries(arg[1])) stores.saves.put(save, id);
        stores.meta.put(arg[0][0].id, 'current');
    })()""", [entries, saves], mode="readwrite")


def keep_as_before(page: Page, entries: list[dict[str, Any]], saves: dict[str, str]) -> None:
    """The library as the page of before kept it in localStorage."""
    clear_library(page)
    page.evaluate("""([entries, saves]) => {
        for (const [id, save] of Object.entries(saves)) localStorage.setItem('nard.game.' + id, save);
        localStorage.setItem('nard.library', JSON.stringify({schema: 1, current: entries[0].id, games: entries}));
    }""", [entries, saves])


def entry(game_id: str, variant: str = "narde") -> dict[str, Any]:
    return {"id": game_id, "variant": variant, "token": variant, "opponent": "human", "level": "intermediate",
            "seat": "w", "match_length": 999, "score": [0, 0], "position": "", "phase": "roll", "over": False,
            "winner": None, "started": True, "link": None, "name": "", "created": 1, "updated": 1}


def test_the_start_does_not_write_back_the_long_save_it_opened_and_saves_the_next_change(
        browser: Browser, site: str, long_save: str) -> None:
    context, page, watch = open_app(browser, f"{site}?dice={DICE}")
    try:
        context.add_init_script(SPY)
        keep(page, [entry(GAME_ID)], {GAME_ID: long_save})
        page.reload()
        wait_ready(page)
        assert page.evaluate("window.nardPage.gameId") == GAME_ID
        expect(page.locator("#btn-roll")).to_be_visible()
        writes = page.evaluate("window.__writes")
        assert f"saves:{GAME_ID}" not in writes  # the save opened is not written again
        assert f"games:{GAME_ID}" in writes  # its entry is kept (the engine's, the time it was opened)
        assert stored_save(page, GAME_ID) == long_save
        assert page.evaluate("window.__parsed") == 0  # nor read whole on the page
        (kept,) = stored_library(page)["games"]
        assert kept["rev"] == 7 and kept["updated"] > 1  # no revision counted for it
        # the next change is saved, over revision 7 with revision 8, and nothing of the match is lost
        press(page, "btn-roll")
        eventually(lambda: stored_save(page, GAME_ID) != long_save)
        stored = stored_save(page, GAME_ID) or ""
        assert stored_library(page)["games"][0]["rev"] == 8
        now, before = json.loads(stored), json.loads(long_save)
        assert now["match"]["game"]["dice"] and not before["match"]["game"]["dice"]
        assert now["match"]["played"] == before["match"]["played"] and now["match"]["games"] == before["match"]["games"]
        # and a reload opens it as it now is
        page.reload()
        wait_ready(page)
        assert stored_save(page, GAME_ID) == stored
        assert page.evaluate("window.nardPage.view.dice.map(d => d.value)") == now["match"]["game"]["dice"]
        watch.assert_clean()
    finally:
        context.close()


def test_a_save_that_claims_another_id_further_on_is_still_set_aside(browser: Browser, site: str,
                                                                     long_save: str) -> None:
    """A save of the page of before that begins as the engine writes it, with its key's id, and
    says another id later (JSON takes the last): read whole as it moves into IndexedDB, opened under
    its key, the odd text kept aside."""
    other = json.loads(match_save(long_match_data(2, seed=2), OTHER_ID))
    other["dice"] = {"spec": DICE, "drawn": 0}
    other_save = json.dumps(other, separators=(",", ":"))
    odd = STAMP + long_save[1:-1] + f',"id":"{OTHER_ID}"}}'
    assert json.loads(odd)["id"] == OTHER_ID
    context, page, watch = open_app(browser, f"{site}?dice={DICE}")
    try:
        keep_as_before(page, [entry(GAME_ID), entry(OTHER_ID)], {GAME_ID: odd, OTHER_ID: other_save})
        page.reload()
        wait_ready(page)
        assert page.evaluate("window.nardPage.gameId") == GAME_ID  # the key is trusted
        assert stored_save(page, OTHER_ID) == other_save  # untouched
        expect(page.locator("#message")).to_contain_text("kept aside")
        assert [a["text"] for a in stored_library(page)["aside"]] == [odd]
        assert json.loads(stored_save(page, GAME_ID) or "{}")["id"] == GAME_ID
        watch.assert_clean()
    finally:
        context.close()
