"""What the start of a long record does not do: the page does not write back the save it opened
unchanged (1.9 MB for the longest record), nor count a revision for it, nor read the whole save
to check its id when the save begins as the engine writes it; and what it still does: the next
change of the game is saved with the next revision, a save claiming another game's id further on
is still set aside. No timing is asserted here (bench/bench_startup.py measures the start)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from browser_support import open_app, press, wait_ready
from playwright.sync_api import Browser, Page, expect
from support.long_record import long_match_data, match_save

GAME_ID = "0123456789ab"
OTHER_ID = "ba9876543210"
DICE = "seed:4"
STAMP = '{"rev":7,"tab":"k3",'  # as web/page/library/store.js stampSave writes it
# Before any page script: every write to storage and every whole JSON.parse of a long text, noted.
SPY = """
window.__writes = [];
window.__parsed = 0;
const setItem = Storage.prototype.setItem;
Storage.prototype.setItem = function (key, value) {
  if (this === window.localStorage) window.__writes.push(key);
  return setItem.call(this, key, value);
};
const parse = JSON.parse;
JSON.parse = function (text, ...rest) {
  if (typeof text === 'string' && text.length > 100000) window.__parsed += 1;
  return parse.call(this, text, ...rest);
};
"""


@pytest.fixture(scope="module")
def long_save() -> str:
    """A long match's save as the page keeps it: its dice those of the test's query, its revision stamped."""
    save = json.loads(match_save(long_match_data(60, seed=1), GAME_ID))
    save["dice"] = {"spec": DICE, "drawn": 0}
    return STAMP + json.dumps(save, separators=(",", ":"))[1:]


def keep(page: Page, entries: list[dict[str, Any]], saves: dict[str, str]) -> None:
    page.evaluate("""([entries, saves]) => {
        localStorage.clear(); sessionStorage.clear();
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
        assert f"nard.game.{GAME_ID}" not in writes  # the save opened is not written again
        assert "nard.library" in writes  # its entry is kept (the engine's, the time it was opened)
        assert page.evaluate(f"localStorage.getItem('nard.game.{GAME_ID}')") == long_save  # revision 7 still
        assert page.evaluate("window.__parsed") == 0  # nor read whole on the page to check its id
        library = json.loads(page.evaluate("localStorage.getItem('nard.library')"))
        assert library["current"] == GAME_ID and library["games"][0]["updated"] > 1
        # the next change is saved, over revision 7 with revision 8, and nothing of the match is lost
        press(page, "btn-roll")
        stored = page.evaluate(f"localStorage.getItem('nard.game.{GAME_ID}')")
        assert stored.startswith('{"rev":8,"tab":"')
        now, before = json.loads(stored), json.loads(long_save)
        assert now["match"]["game"]["dice"] and not before["match"]["game"]["dice"]
        assert now["match"]["played"] == before["match"]["played"] and now["match"]["games"] == before["match"]["games"]
        # and a reload opens it as it now is
        page.reload()
        wait_ready(page)
        assert page.evaluate(f"localStorage.getItem('nard.game.{GAME_ID}')") == stored
        assert page.evaluate("window.nardPage.view.dice.map(d => d.value)") == now["match"]["game"]["dice"]
        watch.assert_clean()
    finally:
        context.close()


def test_a_save_that_claims_another_id_further_on_is_still_set_aside(browser: Browser, site: str,
                                                                     long_save: str) -> None:
    """A save that begins as the engine writes it, with its key's id, and says another id later
    (JSON takes the last): read whole, opened under its key, the odd text kept aside."""
    other = json.loads(match_save(long_match_data(2, seed=2), OTHER_ID))
    other["dice"] = {"spec": DICE, "drawn": 0}
    other_save = json.dumps(other, separators=(",", ":"))
    odd = long_save[:-1] + f',"id":"{OTHER_ID}"}}'
    assert json.loads(odd)["id"] == OTHER_ID
    context, page, watch = open_app(browser, f"{site}?dice={DICE}")
    try:
        keep(page, [entry(GAME_ID), entry(OTHER_ID)], {GAME_ID: odd, OTHER_ID: other_save})
        page.reload()
        wait_ready(page)
        assert page.evaluate("window.nardPage.gameId") == GAME_ID  # the key is trusted
        assert page.evaluate(f"localStorage.getItem('nard.game.{OTHER_ID}')") == other_save  # untouched
        expect(page.locator("#message")).to_contain_text("kept aside")
        aside = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('nard.game-aside.'))"
                              ".map(k => localStorage.getItem(k))")
        assert aside == [odd]
        assert json.loads(page.evaluate(f"localStorage.getItem('nard.game.{GAME_ID}')"))["id"] == GAME_ID
        watch.assert_clean()
    finally:
        context.close()
