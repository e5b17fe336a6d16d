"""Hostile links and saves in the real engine (Pyodide's stack is far smaller than CPython's)."""

from __future__ import annotations

import json

import pytest
from browser_support import AppPage, board, open_app, put_save, saved, start_game, stored_library, wait_ready
from hostile import hostile_fragments, hostile_saves  # tests/hostile.py
from playwright.sync_api import Browser, expect

DEEP_LINK = "s=7cEBDQAAAMKgoO_fwxxuQAEAAAAAAAAAAMC_AQ"  # deflated "[" x 10,000: 41 characters

# In the page: roll if needed, then one legal step, through the engine; the position after it.
ONE_STEP = """async () => {
  const ask = async (intent) => (await window.nardApp.request(intent)).view;
  let view = await ask({type: "close_setup"});
  for (let i = 0; i < 30 && !view.movable.length; i++) {
    if (view.can.roll) view = await ask({type: "roll"});
    else if (view.can.confirm) view = await ask({type: "confirm"});
    else if (view.can.next_game) view = await ask({type: "next_game"});
    else if (view.can.new_match) view = await ask({type: "new_game", settings: {}});
    else break;
  }
  if (!view.movable.length) return null; // stuck: the test fails
  view = await ask({type: "click", point: view.movable[0]});
  return (await ask({type: "click", point: view.destinations[0]})).position;
}"""


def test_the_engine_killing_link_and_nested_save_are_refused_and_the_game_goes_on(browser: Browser, site: str) -> None:
    context, page, watch = open_app(browser, site + "#" + DEEP_LINK)
    try:
        assert page.evaluate("location.hash") == ""  # off the address bar: a reload cannot meet it again
        expect(page.locator("#message")).to_contain_text("nested more than")
        start_game(page)
        assert page.evaluate(ONE_STEP) is not None
        # the same link arriving during a game
        page.evaluate(f"location.hash = {DEEP_LINK!r}")
        page.wait_for_function("location.hash === ''")
        expect(page.locator("#message")).to_contain_text("nested more than")
        assert page.evaluate(ONE_STEP) is not None
        # a save nested ten thousand deep
        put_save(page, "[" * 10000)
        page.reload()
        wait_ready(page)
        expect(page.locator("#message")).to_contain_text("could not be read")
        aside = [a["text"] for a in stored_library(page)["aside"] if a["kind"] == "engine_refused"]
        assert aside == ["[" * 10000], "the unreadable save is kept aside"
        assert page.evaluate(ONE_STEP) is not None
        watch.assert_clean()
    finally:
        context.close()


@pytest.mark.fresh_game  # the worker's booted app, reset (shared_app.py): a new game is all it needs
@pytest.mark.dice_seed(2)
def test_two_hundred_generated_links_never_stop_the_engine(app: AppPage) -> None:
    page = app.page
    start_game(page)
    for number, fragment in enumerate(hostile_fragments(200, seed=11)):
        answer = page.evaluate("(f) => window.nardApp.request({type: 'load_url', fragment: f})", fragment)
        # refused with a message, or (a mutation that happens to stay valid) opened
        assert answer.get("view", {}).get("message", {}).get("key") in ("url_bad", "url_loaded"), number
        assert page.evaluate(ONE_STEP) is not None, (number, fragment[:60])
    assert json.loads(page.evaluate("JSON.stringify(window.nardApp.hello)"))["ready"] is True


SAVES, SAVE_PARTS = 20, 4  # each part boots once and starts from a fifth of the saves (a reload each)


@pytest.mark.fresh_game  # the worker's booted app, reset (shared_app.py); each save is read by a reload
@pytest.mark.dice_seed(2)
@pytest.mark.parametrize("part", range(SAVE_PARTS))
def test_twenty_generated_saves_never_stop_the_engine(app: AppPage, part: int) -> None:
    page = app.page
    start_game(page)
    valid = saved(page)
    assert valid is not None
    saves = list(enumerate(hostile_saves(SAVES, seed=12, valid_save=valid)))
    for number, save in saves[part::SAVE_PARTS]:
        put_save(page, save)
        page.reload()
        wait_ready(page)
        assert page.evaluate(ONE_STEP) is not None, (number, save[:60])
        assert board(page)["position"]
    assert json.loads(page.evaluate("JSON.stringify(window.nardApp.hello)"))["ready"] is True
