"""A library of 100,000 games in Chromium: the start against an empty library's, Games' opening, a search.

    python bench/bench_library.py [--games N] [--runs N]

In headless Chromium, a library of N games (default 100,000) is written into the app's IndexedDB
as web/page/library/store.js keeps it: entries of the five games against each level, by link
and between two players, won, lost and unfinished, singles and matches, over two years, one in
ten named, each with a save (a real one, of about a kilobyte). Then, the median of N runs:

- the start (navigation to the board interactive, app.js's `nard:ready` mark) with that library
  against the start with an empty one, both a reload of a page that booted once: the goal is a
  ratio of at most 1.2; and against the start with the same game on the board alone (what the
  library's size costs, apart from the game opened);
- Games opened, from the click to its first rows drawn: the first time (the newest games by the
  index of dates, then every entry read from IndexedDB: timed too) and again (the entries kept
  in memory);
- searches, from the keystroke or choice to the list drawn again: text in the name, one game, a
  level and a result, a date range, matches only (goal: 200 ms each);
- a scroll to the middle of the list, the rows in view drawn.

Not a test: the figures depend on the machine (run it when the machine is as idle as it gets).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_boot import CHROMIUM, FLAGS, serving_apart, wait_ready  # noqa: E402
from tools import site as dist_site  # noqa: E402

DIST = ROOT / ".bench" / "dist"
SAVES = json.loads((ROOT / "tests" / "browser" / "data" / "library_of_2026.json").read_text())
CURRENT = "6e79550fe3db"  # the fixture's backgammon game: the game on the board
READY = "performance.getEntriesByName('nard:ready')[0]?.startTime ?? null"

# Writes `count` entries (and their saves) in transactions of 5,000, deterministically.
FILL = """async ([count, save, current, currentSave, currentEntry]) => {
    const db = await new Promise((ok, no) => {
        const r = indexedDB.open('nard'); r.onsuccess = () => ok(r.result); r.onerror = () => no(r.error);
    });
    const variants = ['backgammon', 'narde', 'khachapuri', 'moultezim', 'tawla31'];
    const rivals = ['computer:beginner', 'computer:intermediate', 'computer:advanced', 'computer:strongest',
                    'link', 'human'];
    const names = ['Friday with Nino', 'Club night', 'Lunch break', 'Grandfather', 'Tournament'];
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const now = Date.now();
    for (let start = 0; start < count; start += 5000) {
        const tx = db.transaction(['games', 'saves', 'meta'], 'readwrite');
        for (let k = start; k < Math.min(count, start + 5000); k++) {
            const id = (0x100000000000 + k).toString(16).slice(1);
            const variant = variants[Math.floor(random() * 5)];
            const rival = rivals[Math.floor(random() * 6)];
            const over = random() < 0.9;
            const winner = over ? (random() < 0.5 ? 'w' : 'b') : null;
            const match = random() < 0.2 ? 5 : 0;
            const updated = now - Math.floor(random() * 730 * 86400000);
            const entry = {id, variant, token: variant, opponent: rival.startsWith('computer') ? 'computer' : 'human',
                level: rival.startsWith('computer') ? rival.slice(9) : 'intermediate', seat: 'w', match_length: match,
                score: [match ? 5 : 0, match ? 3 : 0], position: variant + ':w:24x15:24x15',
                phase: over ? 'over' : 'roll',
                over, winner, started: true, link: rival === 'link' ? {gid: id, side: 'w'} : null,
                result: over && !match ? {points: 1 + Math.floor(random() * 2), kind: 'single'} : null,
                name: random() < 0.1 ? names[Math.floor(random() * 5)] : '', created: updated, updated, rev: 1, rival,
                outcome: !over ? 'on' : rival === 'human' ? 'over' : winner === 'w' ? 'won' : 'lost'};
            tx.objectStore('games').put(entry);
            tx.objectStore('saves').put(save, id);
        }
        if (start === 0) {
            tx.objectStore('games').put(currentEntry);
            tx.objectStore('saves').put(currentSave, current);
            tx.objectStore('meta').put(current, 'current');
        }
        await new Promise((ok, no) => { tx.oncomplete = ok; tx.onerror = () => no(tx.error); });
    }
    db.close();
}"""

# ms from `act` to the Games list drawn with `changed` true (both JavaScript, run in the page)
TIMED = """async ([act, changed]) => {
    const before = document.getElementById('games-count').textContent;
    const t0 = performance.now();
    (new Function('before', act))(before);
    const done = new Function('before', 'return ' + changed);
    await new Promise((ok) => { const check = () => (done(before) ? ok() : setTimeout(check, 1)); check(); });
    return performance.now() - t0;
}"""
OPENED = ["document.getElementById('btn-games').click()",
          "document.getElementById('games').open && document.querySelector('#games-list .game-entry') !== null"]
SEARCHES = {
    "text in the name ('nino')": "const i = document.getElementById('games-search'); i.value = 'nino';"
                                 " i.dispatchEvent(new Event('input'))",
    "one game (narde)": "const s = document.getElementById('games-variant'); s.value = 'narde';"
                        " s.dispatchEvent(new Event('input'))",
    "a level and a result (strongest, won)": "for (const [id, v] of [['games-rival', 'computer:strongest'],"
                                             " ['games-outcome', 'won']]) { const s = document.getElementById(id);"
                                             " s.value = v; s.dispatchEvent(new Event('input')) }",
    "a date range (one month)": "const d = new Date(Date.now() - 40 * 86400000).toISOString().slice(0, 10);"
                                " const e = new Date(Date.now() - 10 * 86400000).toISOString().slice(0, 10);"
                                " for (const [id, v] of [['games-from', d], ['games-to', e]]) {"
                                " const s = document.getElementById(id); s.value = v;"
                                " s.dispatchEvent(new Event('input')) }",
    "matches only": "const s = document.getElementById('games-kind'); s.value = 'match';"
                    " s.dispatchEvent(new Event('input'))",
}
CLEAR = ("for (const id of ['games-search', 'games-variant', 'games-rival', 'games-outcome', 'games-kind',"
         " 'games-from', 'games-to']) document.getElementById(id).value = ''; document.getElementById('games-search')"
         ".dispatchEvent(new Event('input'))")
COUNT_CHANGED = "document.getElementById('games-count').textContent !== before"
SCROLL = """() => { const s = document.getElementById('games-scroll'); const t0 = performance.now();
    s.scrollTop = s.scrollHeight / 2; s.dispatchEvent(new Event('scroll'));
    const drawn = document.querySelectorAll('#games-list .game-entry').length;
    return [performance.now() - t0, drawn]; }"""


def start(page: Any) -> float:
    page.reload()
    wait_ready(page)
    return float(page.evaluate(READY))


def run(browser: Any, url: str, games: int) -> dict[str, Any]:
    """One round: the start with an empty library, then with `games` games, Games and searches."""
    figures: dict[str, Any] = {}
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    page = context.new_page()
    page.goto(url)
    wait_ready(page)
    figures["empty"] = start(page)
    context.close()
    figures["one"] = library_start(browser, url, 0)[0]["full"]
    full, page, context = library_start(browser, url, games, keep=True)
    figures.update(full)
    if page.evaluate("window.nardPage.gameId") != CURRENT:
        raise RuntimeError("the library's current game was not opened")
    began = time.perf_counter()
    figures["open_first"] = page.evaluate(TIMED, OPENED)
    # the newest games are shown at once; the whole list once every entry is read
    page.wait_for_function("!document.getElementById('games-count').textContent.startsWith('Loading')",
                           timeout=120_000)
    figures["listed"] = (time.perf_counter() - began) * 1000
    figures["count"] = page.evaluate("document.getElementById('games-count').textContent")
    page.keyboard.press("Escape")
    figures["open_again"] = page.evaluate(TIMED, OPENED)
    figures["searches"] = {}
    for name, act in SEARCHES.items():
        figures["searches"][name] = page.evaluate(TIMED, [act, COUNT_CHANGED])
        figures.setdefault("found", {})[name] = page.evaluate("document.getElementById('games-count').textContent")
        page.evaluate(TIMED, [CLEAR, COUNT_CHANGED])
    figures["scroll"] = page.evaluate(SCROLL)
    context.close()
    return figures


def library_start(browser: Any, url: str, games: int, keep: bool = False) -> tuple[dict[str, Any], Any, Any]:
    """The start with the fixture's backgammon game on the board and `games` more in the library:
    ({"full": ms, "fill_s": s}, the page, its context), the context closed unless `keep`."""
    figures: dict[str, Any] = {}
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    page = context.new_page()
    page.goto(url)
    wait_ready(page)
    current = json.loads(SAVES[f"nard.game.{CURRENT}"])
    current.pop("rev", None)
    current.pop("tab", None)
    current_save = json.dumps(current, separators=(",", ":"))
    index = json.loads(SAVES["nard.library"])
    entry = {**next(e for e in index["games"] if e["id"] == CURRENT), "rev": 1, "rival": "human", "outcome": "on",
             "updated": int(time.time() * 1000)}
    began = time.perf_counter()
    page.evaluate(FILL, [games, current_save, CURRENT, current_save, entry])
    figures["fill_s"] = time.perf_counter() - began
    page.evaluate("sessionStorage.clear()")
    figures["full"] = start(page)
    if not keep:
        context.close()
    return figures, page, context


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    dist_site.build(quiet=True, dist=DIST)
    rounds: list[dict[str, Any]] = []
    with serving_apart(DIST) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        for k in range(args.runs):
            figures = run(browser, url, args.games)
            rounds.append(figures)
            print(f"run {k + 1}: start empty {figures['empty']:,.0f} ms, one game {figures['one']:,.0f} ms, "
                  f"with {args.games:,} games "
                  f"{figures['full']:,.0f} ms (library written in {figures['fill_s']:.0f} s); Games opened "
                  f"{figures['open_first']:,.0f} ms (every entry read: {figures['listed']:,.0f} ms), "
                  f"again {figures['open_again']:,.0f} ms; scroll "
                  f"{figures['scroll'][0]:.1f} ms ({figures['scroll'][1]} rows drawn)", flush=True)
            for name, took in figures["searches"].items():
                print(f"    search, {name}: {took:,.0f} ms ({figures['found'][name]})", flush=True)
        browser.close()

    def median(key: str) -> float:
        return float(statistics.median(r[key] for r in rounds))

    print(f"\n{args.games:,} games, median of {args.runs}:")
    print(f"  start: empty {median('empty'):,.0f} ms, the same game alone {median('one'):,.0f} ms, "
          f"with {args.games:,} games {median('full'):,.0f} ms: ratio to empty {median('full') / median('empty'):.2f} "
          f"(goal <= 1.2), to the same game alone {median('full') / median('one'):.2f}")
    print(f"  Games opened: first {median('open_first'):,.0f} ms (the newest games; every entry read in "
          f"{median('listed'):,.0f} ms), again {median('open_again'):,.0f} ms")
    for name in rounds[0]["searches"]:
        took = statistics.median(r["searches"][name] for r in rounds)
        print(f"  search, {name}: {took:,.0f} ms (goal <= 200 ms)")
    print(f"  scroll to the middle: {statistics.median(r['scroll'][0] for r in rounds):.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
