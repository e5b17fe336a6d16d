"""The review as a player reads it: the graph's axes, legend and tooltip, each side's error rate,
skill and luck, the list's numbers beside the first line of an entry, the better play drawn on
the board for a marked play and "Try it from here"; and the level chooser, which says how strong
each level is and is offered only against the computer."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
from browser_support import AppPage, after, open_app, play_one_turn, press, start_game
from playwright.sync_api import Browser, Page

from nardcore.bots.levels import LEVEL_SHARES

# every test but the luck's (an engine warmed by an earlier test measures the luck within one
# request, so its running state would not be seen) shares the booted app
pytestmark = [pytest.mark.dice_seed(11)]

DRAWN_ARROWS = "[...document.querySelectorAll('#board .marks path')].map(p => p.getAttribute('class'))"


def view(page: Page) -> dict[str, Any]:
    return dict(page.evaluate("window.nardPage.view"))


ENGLISH = json.loads((Path(__file__).resolve().parents[2] / "web" / "i18n" / "en.json").read_text(encoding="utf-8"))


def english(fact: dict[str, Any]) -> str:
    """A fact of why one play beats another, as the English page writes it."""
    return str(ENGLISH[fact["key"]]).format(**fact["args"])


def reviewed(page: Page, turns: int = 10) -> dict[str, Any]:
    """A hot-seat backgammon game of `turns` turns (each the first checker to its first
    destination: marked plays come), then its review, complete."""
    start_game(page, "backgammon")
    for _ in range(turns):
        play_one_turn(page)
    press(page, "btn-review")
    page.wait_for_function("(window.nardPage.view.review || {}).complete === true", timeout=180_000)
    page.wait_for_selector("#review-sides tbody tr")
    return dict(view(page)["review"])


def signed(value: float) -> str:
    return ("+" if value >= 0 else "−") + f"{abs(value):.2f}"


@pytest.mark.fresh_game
def test_the_review_graph_has_axes_a_legend_and_a_tooltip_on_each_turn(app: AppPage) -> None:
    page = app.page
    review = reviewed(page)
    graph = page.locator("#review-graph svg")
    assert graph.locator(".x-axis .axis-title").text_content() == "Turn"
    assert graph.locator(".y-axis .axis-title").text_content() == "White's winning chance"
    assert graph.locator(".y-axis .tick").all_text_contents() == ["0%", "25%", "50%", "75%", "100%"]
    assert graph.locator(".x-axis .tick").all_text_contents()[:2] == ["1", "2"]
    legend = page.locator("#review-legend li").all_text_contents()
    assert legend == ["White's chance after each turn (above 50%: White is ahead)", "a turn: hover or tap for details",
                      "inaccuracy", "mistake", "blunder"]
    assert page.locator("#review-legend .swatch.line").is_visible()
    # a tooltip on hover: the turn, who played what, White's chance and its change, the loss, the luck
    tip = page.locator("#review-tip")
    assert tip.is_hidden()
    play = next(d for d in review["decisions"] if d["kind"] == "play" and d["turn"] == 2)
    page.hover('#review-graph .hit[data-turn="2"]')
    tip.wait_for(state="visible")
    lines = tip.locator("div").all_text_contents()
    side = "White" if play["side"] == "w" else "Black"
    assert lines[0] == "Turn 3" and lines[1] == f"{side} {play['dice']}: {play['chosen']}"
    chance = round(review["chances"][2] * 100)
    change = round((review["chances"][2] - review["chances"][1]) * 100)
    assert lines[2] == f"White's chance {chance}% ({'+' if change >= 0 else '−'}{abs(change)}%)"
    assert lines[3].startswith(f"Lost −{play['loss']:.3f}: ")
    assert lines[4] == f"Luck {'+' if play['luck'] >= 0 else '−'}{abs(play['luck']):.3f}"
    page.mouse.move(0, 0)
    tip.wait_for(state="hidden")
    # each side's error rate, skill and luck, beside each other
    words = {"supernatural": "Supernatural", "world_class": "World class", "expert": "Expert", "advanced": "Advanced",
             "intermediate": "Intermediate", "casual": "Casual player", "beginner": "Beginner", "awful": "Awful",
             "too_few": "too few choices"}
    for side in ("w", "b"):
        row = page.locator(f'#review-sides tr[data-side="{side}"]')
        # in points per choice, the review's one unit (the worker keeps thousandths)
        assert row.locator(".review-rate").text_content() == f"{review['error_rate'][side] / 1000:.3f}"
        assert row.locator(".review-skill").text_content() == words[review["skill"][side]]
        assert row.locator(".review-luck").text_content() == signed(review["luck"][side])
    assert page.locator("#review-sides thead th").all_text_contents() == ["Error rate", "Skill", "Luck"]


@pytest.mark.fresh_game
def test_a_marked_play_shows_the_better_play_and_try_it_from_here_plays_it_again(app: AppPage) -> None:
    page = app.page
    review = reviewed(page)
    assert page.locator("#review-try").is_hidden()
    index, marked = next((i, d) for i, d in enumerate(review["decisions"]) if d["mark"] and d["kind"] == "play")
    after(page, lambda: page.locator("#review-list .review-item").nth(index).click())
    shown = view(page)
    # the position before the play, its roll, the play made and the better one as arrows
    assert shown["position"] == marked["position"] and shown["review"]["shown"] == marked["turn"]
    better = [a for a in shown["arrows"] if a["kind"] == "hint"]
    assert better and all(a["side"] == marked["side"] for a in better)
    drawn = sorted(page.evaluate(DRAWN_ARROWS))
    assert drawn.count("hint-move") == len(better)
    assert drawn.count("played-move") == len(shown["arrows"]) - len(better)  # the play made, in its own colour
    # and why the better play is better, in sentences, with which arrow is which
    why = page.locator("#review-why")
    assert why.is_visible() and shown["review"]["why"]
    made = marked["chosen"] or "no play"
    assert why.locator(".why-title").text_content() == f"Why {marked['best']} rather than {made}:"
    assert why.locator(".why-list li").all_text_contents() == [english(f) for f in shown["review"]["why"]]
    assert why.locator(".why-legend li").all_text_contents() == ["the play made", "the better play"]
    high, low = int(marked["dice"][0]), int(marked["dice"][1])
    assert [d["value"] for d in shown["dice"]] == ([high] * 4 if high == low else [high, low])
    assert marked["best"] in (page.locator("#message").text_content() or "")
    # tapped, the turn keeps its tooltip
    assert page.locator("#review-tip").is_visible()
    assert page.locator("#review-tip").get_attribute("data-turn") == str(marked["turn"])
    # Try it from here: a new game against the computer from that position, with that roll
    assert page.locator("#review-try").is_visible()
    after(page, lambda: page.click("#review-try"))
    again = view(page)
    assert again["review"] is None and page.locator("#review").is_hidden()
    assert again["position"] == marked["position"] and again["phase"] == "move"
    assert again["dice_text"] == marked["dice"] and again["movable"]
    assert again["settings"]["opponent"] == "computer" and again["settings"]["seat"] == marked["side"]


@pytest.mark.fresh_game
def test_list_numbers_sit_beside_the_first_line_of_a_wrapped_entry(app: AppPage) -> None:
    page = app.page
    page.set_viewport_size({"width": 360, "height": 740})
    reviewed(page)
    boxes = page.evaluate("""[...document.querySelectorAll('#review-list .review-item')].map(b => {
        const no = b.querySelector('.review-no').getBoundingClientRect();
        const text = b.querySelector('.review-text');
        const r = text.getBoundingClientRect();
        return {no: no.top, text: r.top, height: r.height, line: parseFloat(getComputedStyle(text).lineHeight)};
    })""")
    wrapped = [b for b in boxes if b["height"] > 1.5 * b["line"]]
    assert wrapped, boxes  # marked entries are long enough to wrap at 360 px
    for box in wrapped:
        assert abs(box["no"] - box["text"]) < 2, box


def shown_share(variant: str, level: str) -> int:
    """A level's measured share against the level below it, rounded as the page rounds it."""
    return math.floor(LEVEL_SHARES[variant][level] + 0.5)


@pytest.mark.fresh_game
def test_the_level_chooser_says_each_levels_strength_and_is_only_for_the_computer(app: AppPage) -> None:
    page = app.page
    if not page.is_visible("#setup"):
        page.click("#btn-new")
    level, strength = page.locator("#setup-level"), page.locator("#setup-level-strength")
    page.check('input[name="variant"][value="backgammon"]')
    page.check('input[name="opponent"][value="human"]')
    assert level.is_disabled() and strength.is_hidden()
    page.check('input[name="opponent"][value="link"]')
    assert level.is_disabled() and strength.is_hidden()
    page.check('input[name="opponent"][value="computer"]')
    assert level.is_enabled() and strength.is_visible()
    page.select_option("#setup-level", "advanced")
    assert strength.text_content() == (
        f"Wins {shown_share('backgammon', 'advanced')}% of the points against Intermediate")
    page.select_option("#setup-level", "beginner")
    assert strength.text_content() == (
        f"Intermediate wins {shown_share('backgammon', 'intermediate')}% of the points against it")
    page.select_option("#setup-level", "strongest")
    assert strength.text_content() == f"Wins {shown_share('backgammon', 'strongest')}% of the points against Advanced"
    page.check('input[name="variant"][value="khachapuri"]')
    assert strength.text_content() == f"Wins {shown_share('khachapuri', 'strongest')}% of the points against Advanced"
    page.check('input[name="opponent"][value="human"]')
    assert level.is_disabled() and strength.is_hidden()


# what the review showed at each change of its progress line: the line, the graph's turns, the
# side table's luck cells
WATCH_REVIEW = """() => {
  window.__review = [];
  const rates = document.getElementById('review-rates');
  new MutationObserver(() => window.__review.push({
    rates: rates.textContent,
    dots: document.querySelectorAll('#review-graph .turn').length,
    marks: document.querySelectorAll('#review-graph .turn[class*="mark-"]').length,
    luck: [...document.querySelectorAll('#review-sides .review-luck')].map(c => c.textContent),
    skill: [...document.querySelectorAll('#review-sides .review-skill')].map(c => c.textContent),
  })).observe(rates, {childList: true, characterData: true, subtree: true});
}"""


def test_the_review_draws_the_graph_marks_and_skill_first_then_measures_the_luck(app: AppPage) -> None:
    page = app.page
    start_game(page, "backgammon")
    for _ in range(10):
        play_one_turn(page)
    page.evaluate(WATCH_REVIEW)
    press(page, "btn-review")
    page.wait_for_function("(window.nardPage.view.review || {}).complete === true", timeout=180_000)
    page.wait_for_selector("#review-sides tbody tr")
    review = view(page)["review"]
    turns = len(review["chances"])
    seen = page.evaluate("window.__review")
    # while the luck is measured: the whole graph with its marks, each side's skill, the luck to come
    measuring = [s for s in seen if s["rates"].startswith("Measuring luck… ")]
    assert measuring, seen
    marks = sum(1 for d in review["decisions"] if d["kind"] == "play" and d["mark"])
    for shown in measuring:
        assert shown["dots"] == turns and shown["marks"] == marks and shown["luck"] == ["…", "…"], shown
        assert all(skill and skill != "—" for skill in shown["skill"]), shown
        done = int(shown["rates"].split()[2])
        assert 0 <= done < turns and shown["rates"] == f"Measuring luck… {done} of {turns} turns"
    # before it, the turns ranked one slice after another; after it, the luck in the table
    first = seen.index(measuring[0])
    assert all(s["rates"].startswith("Reviewing… ") for s in seen[:first])
    assert seen[-1]["luck"] == [signed(review["luck"]["w"]), signed(review["luck"]["b"])]
    assert page.is_hidden("#review-progress")


@pytest.mark.fresh_game
def test_while_the_luck_is_measured_a_focused_entry_and_a_hovered_turn_stay(app: AppPage) -> None:
    page = app.page
    start_game(page, "backgammon")
    for _ in range(14):
        play_one_turn(page)
    # the review's requests held once every play is ranked (the worker stops its slice there), so
    # the luck cannot come in before the entry is focused and the turn hovered, however fast it is
    page.evaluate("""() => {
      const app = window.nardApp, original = app.request;
      const held = [];
      window.__release = () => { app.request = original; held.splice(0).forEach((go) => go()); };
      app.request = (message) => {
        const review = window.nardPage.view && window.nardPage.view.review;
        if (message.type !== 'review' || !review || !review.ranked || Object.keys(message).length > 1)
          return original.call(app, message);
        return new Promise((resolve, reject) => held.push(() => original.call(app, message).then(resolve, reject)));
      };
    }""")
    try:
        page.click("#btn-review")  # its answers held from the ranked one on: not press(), which waits for them
        page.wait_for_function("(window.nardPage.view.review || {}).ranked === true", timeout=180_000)
        assert not view(page)["review"]["complete"]
        # an entry of the list focused (marked, to know it again) and a turn of the graph hovered;
        # at each answer of the luck, whether the tooltip still shows that turn
        page.evaluate("""() => {
          const entry = document.querySelectorAll('#review-list .review-item')[2];
          entry.dataset.probe = '1';
          entry.focus();
          window.__luckAnswers = [];
          const rates = document.getElementById('review-rates');
          new MutationObserver(() => {
            const tip = document.getElementById('review-tip');
            window.__luckAnswers.push({rates: rates.textContent, tip: tip && !tip.hidden ? tip.dataset.turn : null,
                                       focused: document.activeElement.dataset.probe === '1'});
          }).observe(rates, {childList: true, characterData: true, subtree: true});
        }""")
        page.hover('#review-graph .hit[data-turn="3"]')
        page.locator("#review-tip").wait_for(state="visible")
    finally:
        page.evaluate("window.__release && window.__release()")
    page.wait_for_function("(window.nardPage.view.review || {}).complete === true", timeout=180_000)
    answers = page.evaluate("window.__luckAnswers")
    # the answers from the hover on (a repaint may come between the observer and the hover); the
    # luck, held until then, came in while they were there. While it is measured the tooltip stays;
    # the last answer fills the table above the graph, which may move the graph from under the pointer
    hovered = next((i for i, a in enumerate(answers) if a["tip"] == "3"), len(answers))
    measuring = [a for a in answers[hovered:] if a["rates"].startswith("Measuring luck… ")]
    assert answers[hovered:] and all(a["tip"] == "3" for a in measuring), answers
    assert not answers[-1]["rates"].startswith("Measuring luck") and all(a["focused"] for a in answers), answers
    # the same entry still has the focus; the turn's name for a screen reader has its luck now
    assert page.evaluate("document.activeElement.dataset.probe") == "1"
    play = next(d for d in view(page)["review"]["decisions"] if d["kind"] == "play" and d["turn"] == 3)
    label = page.get_attribute('#review-graph .hit[data-turn="3"]', "aria-label") or ""
    assert label.endswith(f"Luck {'+' if play['luck'] >= 0 else '−'}{abs(play['luck']):.3f}"), label


ROLLOUT_ROWS = """[...document.querySelectorAll('#review-rollout-table tbody tr')]
  .map(r => [...r.cells].map(c => c.textContent))"""


@pytest.mark.fresh_game
def test_a_reviewed_turn_is_rolled_out_from_the_review_and_cancelled(app: AppPage) -> None:
    page = app.page
    review = reviewed(page)
    assert page.locator("#review-rollout").is_hidden()  # no turn shown
    index, marked = next((i, d) for i, d in enumerate(review["decisions"]) if d["mark"] and d["kind"] == "play")
    after(page, lambda: page.locator("#review-list .review-item").nth(index).click())
    assert page.locator("#btn-review-rollout").text_content() == "Roll out this turn"
    page.click("#btn-review-rollout")
    page.wait_for_function("document.getElementById('review-rollout-progress').value >= 2", timeout=120_000)
    assert page.is_visible("#review-rollout-cancel")
    page.click("#review-rollout-cancel")
    page.wait_for_function("document.getElementById('review-rollout-status').textContent.startsWith('Stopped at ')")
    state = view(page)["review"]["rollout"]
    done, total = state["done"], state["total"]
    assert page.text_content("#review-rollout-status") == f"Stopped at {done} of {total} games"
    assert state["turn"] == marked["turn"] and not state["running"] and 2 <= done < total
    # the figures of the games played so far, as nardcore gives them on CPython: the roll's best
    # plays and the play made
    from nardcore.bots.rollout import rollout_steps
    from nardcore.position import Position
    from web.worker import rollouts

    position, _, candidates = rollouts.review_candidates(marked)
    assert position == Position.parse(marked["position"]) and marked["chosen"] in [text for text, _ in candidates]
    assert candidates[0][0] == marked["best"] and total == rollouts.ROLLOUT_GAMES * len(candidates)
    expected = next(found for count, _, found in rollout_steps(position, candidates, rollouts.ROLLOUT_GAMES,
                                                                rollouts.ROLLOUT_LEVEL) if count == done)
    assert state["plays"] == [figures.to_dict() for figures in expected]
    rows = page.evaluate(ROLLOUT_ROWS)
    assert [row[0] for row in rows] == [text for text, _ in candidates]
    assert page.is_hidden("#review-rollout-progress") and page.is_visible("#btn-review-rollout")
    # another turn shown: the rollout goes with its turn
    after(page, lambda: page.locator("#review-list .review-item").nth(index).click())
    assert "rollout" not in view(page)["review"] and page.locator("#review-rollout").is_hidden()


# each sign before a digit in the element's text: where it is drawn against the digit after it
SIGNS_DRAWN = r"""(selector) => {
  const found = [];
  for (const root of document.querySelectorAll(selector)) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent;
      for (const m of text.matchAll(/[−+](?=[\u2066-\u2069]*\d)/g)) {
        const digit = text.slice(m.index).search(/\d/) + m.index;
        const box = (at) => { const r = document.createRange(); r.setStart(node, at); r.setEnd(node, at + 1);
                              return r.getBoundingClientRect(); };
        const sign = box(m.index), first = box(digit);
        found.push({text, char: m[0], sign: sign.left, digit: first.left, isolated: text[m.index - 1] === '\u2066'});
      }
    }
  }
  return found;
}"""


@pytest.mark.fresh_game
def test_figures_keep_their_sign_in_front_in_arabic(browser: Browser, site: str) -> None:
    """Right to left, a signed figure is drawn with its sign in front ("−0.674", never "0.674−"),
    in a left-to-right isolate: the hint's values and losses and the review's losses and luck."""
    context, page, watch = open_app(browser, site + "?dice=seed:11", locale="ar",
                                    viewport={"width": 1280, "height": 860})
    try:
        assert page.evaluate("document.documentElement.dir") == "rtl"
        position = "backgammon:w:8,6x2:23,6x2,5x2,4x2"
        page.evaluate(f"location.hash = 'p={position}&dice=21'")
        page.wait_for_function(f"document.getElementById('board').dataset.position === {position!r}")
        after(page, lambda: page.click("#btn-hint"))
        hint = page.evaluate(SIGNS_DRAWN, "#hint-list")
        assert len(hint) >= 5 and any(f["char"] == "−" for f in hint), hint  # values and losses
        for figure in hint:
            assert figure["sign"] < figure["digit"] and figure["isolated"], figure
        review = reviewed(page)
        page.hover('#review-graph .hit[data-turn="2"]')
        page.locator("#review-tip").wait_for(state="visible")
        drawn = page.evaluate(SIGNS_DRAWN, "#review-list, #review-tip, #review-sides")
        losses = sum(1 for d in review["decisions"] if d["mark"])
        assert sum(1 for f in drawn if f["char"] == "−") >= losses, drawn
        for figure in drawn:
            assert figure["sign"] < figure["digit"] and figure["isolated"], figure
        watch.assert_clean()
    finally:
        context.close()
