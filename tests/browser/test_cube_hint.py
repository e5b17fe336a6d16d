"""The hint at a cube decision in the browser: the cube action, the equities of no double,
double/take and double/pass (the best in bold) and the take point at this score."""

from __future__ import annotations

from browser_support import AppPage

from nardcore.bots import cube_judge
from nardcore.position import Position

AHEAD = "backgammon:w:6x4,5x3,4x3,3x3,2x2:7x2,6x4,5x3,4x3,3x3"  # 64 pips against 74: double, drop


def signed(value: float) -> str:
    return ("+" if value >= 0 else "−") + f"{abs(value):.3f}"


def test_a_hint_at_a_cube_decision_shows_the_action_and_its_equities(app: AppPage) -> None:
    page = app.page
    page.evaluate(f"location.hash = 'p={AHEAD}'")
    page.wait_for_function(f"document.getElementById('board').dataset.position === {AHEAD!r}")
    page.click("#btn-hint")
    page.wait_for_selector(".hint-cube-equity")
    expected = cube_judge.advice(Position.parse(AHEAD), cube_judge.CubeState())
    assert expected is not None
    hint = page.locator("#hint")
    assert hint.locator(".hint-title").inner_text() == "Cube action: White's expected points per unit of the cube"
    assert hint.locator(".hint-cube-action").inner_text() == "Right cube action: double, drop"
    rows = hint.locator(".hint-cube-equity")
    texts = [rows.nth(i).inner_text().replace("\u2066", "").replace("\u2069", "") for i in range(rows.count())]
    equity = expected["equity"]
    assert texts == [f"No double: {signed(equity['no_double'])}", f"Double, take: {signed(equity['double_take'])}",
                     f"Double, drop: {signed(equity['double_pass'])}"]
    assert page.locator(".hint-cube-equity[aria-current='true']").get_attribute("data-cube") == "double_pass"
    point = page.locator(".hint-cube-take-point").inner_text().replace("\u2066", "").replace("\u2069", "")
    assert point == (f"Take point at this score: {100 * expected['take_point']:.1f}%. "
                     f"Black's chance to win: {100 * expected['taker_chance']:.1f}%.")
