"""The worker's analysis in the browser: the bear-off database read from the site's files,
and rollouts from the hint panel (started, followed by their progress, cancelled)."""

from __future__ import annotations

import pytest
from browser_support import AppPage

from nardcore.bots import analysis, bearoff
from nardcore.bots.neural import network_for
from nardcore.position import Position

RACE = "backgammon:w:6x2,5,2:6x2,4,3"  # both sides all home: the database's


def hint_equities(position: Position, dice: tuple[int, int]) -> list[tuple[str, float]]:
    return [(item.play, round(item.equity, 3)) for item in analysis.hint(position, dice, count=5)]


def test_the_worker_evaluates_a_home_board_race_from_the_bear_off_database(app: AppPage,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    page = app.page
    answer = page.evaluate(f"window.nardApp.request({{type: 'load_url', fragment: '#p={RACE}&dice=21'}})")
    assert answer["view"]["position"] == RACE and answer["view"]["phase"] == "move"
    hint = page.evaluate("window.nardApp.request({type: 'hint'}).then(a => a.view.hint)")
    shown = [(play["play"], play["equity"]) for play in hint["plays"]]
    expected = hint_equities(Position.parse(RACE), (2, 1))
    assert shown == expected
    network = network_for("backgammon")
    assert network is not None
    monkeypatch.setattr(bearoff, "_SHIPPED", None)  # the network alone gives other figures
    monkeypatch.setattr(network, "cache_size", 0)  # nothing kept from the evaluations above
    bearoff.database.cache_clear()
    network._cache.clear()
    try:
        assert hint_equities(Position.parse(RACE), (2, 1)) != expected
    finally:
        monkeypatch.undo()
        bearoff.database.cache_clear()


SHORT = "backgammon:w:8,6x2:23,6x2,5x2,4x2"  # four plays of 21, a few turns to a home-board race
WATCH_PROGRESS = """() => {
  window.__progress = [];
  const bar = document.getElementById('rollout-progress');
  new MutationObserver(() => { if (!bar.hidden) window.__progress.push([bar.value, bar.max]); })
    .observe(bar, {attributes: true});
}"""
ROWS = "[...document.querySelectorAll('#rollout-table tbody tr')].map(r => [...r.cells].map(c => c.textContent))"


def open_hint(app: AppPage, position: str, dice: str) -> None:
    """The position opened by its link in this tab (as a pasted link), the hint asked for."""
    page = app.page
    page.evaluate(f"location.hash = 'p={position}&dice={dice}'")
    page.wait_for_function(f"document.getElementById('board').dataset.position === {position!r}")
    page.click("#btn-hint")
    page.wait_for_selector("#btn-rollout", state="visible")


def shown_figures(position: str, dice: tuple[int, int], games: int) -> list[list[str]]:
    """The table's rows as the page should write them, from nardcore on CPython."""
    from nardcore.bots.rollout import rollout
    from nardcore.notation import parse_play
    from web.worker import rollouts

    start = Position.parse(position)
    plays = [item.play for item in analysis.hint(start, dice, count=5)]
    found = rollout(start, [(play, parse_play(start, dice, play)) for play in plays], games=games,
                    level=rollouts.ROLLOUT_LEVEL)
    rows = []
    for figures in found:
        shown = figures.to_dict()  # what the worker sends: rounded to 4 decimals
        equity = shown["equity"]  # formatted from the rounded figure, as the page does
        sign = "+" if equity >= 0 else "−"
        spread = f" ±{(shown['high'] - shown['low']) / 2:.3f}"
        win = f"{100 * shown['outcomes']['win']:.1f}%"
        rows.append([figures.play or "", f"{sign}{abs(equity):.3f}{spread}", win])
    return rows


def test_a_rollout_from_the_hint_shows_its_progress_then_every_plays_figures(app: AppPage) -> None:
    page = app.page
    open_hint(app, SHORT, "21")
    page.evaluate(WATCH_PROGRESS)
    page.click("#btn-rollout")
    expect_status = "Rolled out: 36 games per play"
    page.wait_for_function(f"document.getElementById('rollout-status').textContent === {expect_status!r}",
                           timeout=180_000)
    seen = page.evaluate("window.__progress")
    assert seen and all(0 <= value <= high == 144 for value, high in seen), seen
    assert any(0 < value < 144 for value, _ in seen)  # the bar moved while the games were played
    assert page.is_hidden("#rollout-progress") and page.is_hidden("#rollout-cancel") and page.is_visible("#btn-rollout")
    assert page.evaluate(ROWS) == shown_figures(SHORT, (2, 1), 36)


def test_a_rollout_cancelled_stops_and_keeps_the_figures_so_far(app: AppPage) -> None:
    page = app.page
    open_hint(app, "backgammon:w:24x2,13x5,8x3,6x5:24x2,13x5,8x3,6x5", "31")
    page.click("#btn-rollout")
    page.wait_for_function("document.getElementById('rollout-progress').value >= 2", timeout=120_000)
    assert page.is_visible("#rollout-cancel")
    page.click("#rollout-cancel")
    page.wait_for_function("document.getElementById('rollout-status').textContent.startsWith('Stopped at ')")
    status = page.text_content("#rollout-status") or ""
    done = int(status.split()[2])
    assert 2 <= done < 180 and status == f"Stopped at {done} of 180 games"
    assert page.is_hidden("#rollout-progress") and page.is_visible("#btn-rollout")
    rows = page.evaluate("[...document.querySelectorAll('#rollout-table tbody tr')].map(r => Number(r.dataset.games))")
    assert sum(rows) == done and len(rows) == 5
    # nothing more is played: another request later finds the same figures
    hint = page.evaluate("window.nardApp.request({type: 'hint', show: 1}).then(a => a.view.hint.rollout)")
    assert hint["done"] == done and not hint["running"] and hint["stopped"]
