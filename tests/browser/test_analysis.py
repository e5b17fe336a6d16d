"""The worker's analysis in the browser: the bear-off database read from the site's files,
and rollouts from the hint panel (started, followed by their progress, cancelled)."""

from __future__ import annotations

import pytest
from browser_support import AppPage

from nardcore.bots import analysis, bearoff
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
    monkeypatch.setattr(bearoff, "_SHIPPED", None)  # the network alone gives other figures
    bearoff.database.cache_clear()
    try:
        assert hint_equities(Position.parse(RACE), (2, 1)) != expected
    finally:
        monkeypatch.undo()
        bearoff.database.cache_clear()
