"""How fast the app starts with the longest record a player can have, and how long imports take.

    python bench/bench_startup.py [--runs N] [--games N] [--starts-only]

The longest record (issue 20): a narde match to 999 of 316 finished games and one under way,
played by seeded random players (nardcore's RandomBot), about 1.9 MB as the app saves it;
made once and cached in .bench/ (not in git). In headless Chromium, each of N rounds (the
median is reported) measures, from navigation start to the board being interactive
(app.js's `nard:ready` mark, set with data-ready=1):

- the start with an empty library, and the start with the long match as the game to open
  (its save and library entry in IndexedDB, as the page keeps them), each a reload of a
  page that has booted once (the same caches for both); beside each, its part after the
  engine answered (`nard:engine-ready` to `nard:ready`: the boot request with the save and
  its answer painted), the part that depends on the save, where the Python start does not;
- the first click's answer once the long match is open (a roll, saved at once);
- importing .mat records of growing size (the long match's first games, then all of it)
  through the Games screen: from choosing the file to the imported game on the board, or to
  the refusal that names the size;
- importing the long match's save (the file Games' Export writes).

Targets: the long record starts in at most 3 s and within 1.5x the empty library's start; an
import takes at most 10 s or is refused at once. Not a test: the figures depend on the machine
(shared hosts vary by up to 2x; run it when the machine is as idle as it gets).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from support.long_record import match_save  # noqa: E402

from bench.bench_boot import CHROMIUM, FLAGS, serving_apart, wait_ready  # noqa: E402
from nardcore.bots import RandomBot, act  # noqa: E402
from nardcore.dice import SeededDice  # noqa: E402
from nardcore.formats.mat import write_mat  # noqa: E402
from nardcore.match import Match  # noqa: E402
from tools import site as dist_site  # noqa: E402

CACHE = ROOT / ".bench"
DIST = CACHE / "dist"  # a build of its own: the tests' dist/ is left alone while they run
GAME_ID = "0123456789ab"
READY = "performance.getEntriesByName('nard:ready')[0]?.startTime ?? null"
# the page's start once the engine answers: the boot request with the save, and the first paint of its answer
OPENING = ("performance.getEntriesByName('nard:ready')[0].startTime"
           " - performance.getEntriesByName('nard:engine-ready')[0].startTime")
OPENED: list[float] = []  # OPENING of each start, in order
SEQ = "Number(document.getElementById('board').dataset.seq || 0)"
# what an import changes: the game on the board and the message line, or the Games screen's notice
SAID = """(window.nardPage.gameId + '|' + (document.getElementById('games-undo').hidden ? ''
    : document.getElementById('games-undo-text').textContent) + ' ' + document.getElementById('message').textContent)"""


def longest_match(games: int, seed: int = 1) -> dict[str, Any]:
    """A narde match to 999 with `games` finished games, played by seeded random players (cached)."""
    path = CACHE / f"narde-999-{games}-games-seed-{seed}.json"
    if path.exists():
        return dict(json.loads(path.read_text()))
    match = Match("narde", SeededDice(seed), 999)
    bot = RandomBot(seed)
    while len(match.closed) < games:
        while not match.game.over:
            act(match.game, bot)
        match.next_game()
    for _ in range(6):  # the game under way: a few turns in
        act(match.game, bot)
    CACHE.mkdir(exist_ok=True)
    data = match.to_dict()
    path.write_text(json.dumps(data, separators=(",", ":")))
    return data


def library_entry(data: dict[str, Any]) -> dict[str, Any]:
    now = int(time.time() * 1000)
    return {"id": GAME_ID, "variant": "narde", "token": "narde", "opponent": "human", "level": "intermediate",
            "seat": "w", "match_length": data["length"], "score": data["score"], "position": data["game"]["position"],
            "phase": data["game"]["phase"], "over": False, "winner": None, "started": True, "link": None,
            "name": "", "created": now, "updated": now}


def start(page: Any) -> float:
    """Reload and wait for the board to be interactive: ms from navigation start."""
    page.reload()
    wait_ready(page)
    OPENED.append(float(page.evaluate(OPENING)))
    return float(page.evaluate(READY))


def starts(browser: Any, url: str, save: str | None, entry: dict[str, Any] | None) -> tuple[float, float | None]:
    """(ms to interactive, ms of the first roll's answer) for a fresh context with `save` as its game."""
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    page = context.new_page()
    page.goto(url)
    wait_ready(page)  # the first visit: the service worker and the caches as for any later start
    if save is not None:
        page.evaluate("""async ([save, entry]) => {
            sessionStorage.clear();
            const db = await new Promise((ok, no) => {
                const r = indexedDB.open('nard'); r.onsuccess = () => ok(r.result); r.onerror = () => no(r.error);
            });
            const tx = db.transaction(['games', 'saves', 'meta'], 'readwrite');
            tx.objectStore('games').put({...entry, rev: 1, rival: 'human', outcome: 'on'});
            tx.objectStore('saves').put(save, entry.id);
            tx.objectStore('meta').put(entry.id, 'current');
            await new Promise((ok, no) => { tx.oncomplete = ok; tx.onerror = () => no(tx.error); });
            db.close();
        }""", [save, entry])
    took = start(page)
    roll = None
    if save is not None:
        if page.evaluate("window.nardPage.gameId") != GAME_ID:
            raise RuntimeError("the long match was not opened")
        before = page.evaluate(SEQ)
        began = time.perf_counter()
        page.click("#btn-roll")
        page.wait_for_function(f"{SEQ} > {before}", timeout=60_000)
        roll = (time.perf_counter() - began) * 1000
    context.close()
    return took, roll


def imports(browser: Any, url: str, files: list[tuple[str, Path]]) -> list[tuple[str, int, float, str]]:
    """(name, bytes, ms, what the message line said) for each file imported through Games."""
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    page = context.new_page()
    page.goto(url)
    wait_ready(page)
    if page.is_visible("#setup-start"):
        page.click("#setup-start")
    results = []
    for name, path in files:
        before = page.evaluate(SAID)
        page.click("#btn-games")
        began = time.perf_counter()
        page.set_input_files("#games-import", str(path))
        page.wait_for_function(f"([before]) => ({SAID}) !== before", arg=[before], timeout=120_000)
        took = (time.perf_counter() - began) * 1000
        said = " ".join(page.evaluate(SAID).split("|", 1)[-1].split())
        results.append((name, path.stat().st_size, took, said))
        page.keyboard.press("Escape")
    context.close()
    return results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--games", type=int, default=316)
    parser.add_argument("--starts-only", action="store_true", help="the starts and the first roll, no imports")
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    made = time.perf_counter()
    data = longest_match(args.games)
    save = match_save(data, GAME_ID)
    entry = library_entry(data)
    match = Match.from_dict(data, SeededDice(1), lazy=True)
    record = write_mat(match)
    print(f"the longest record: {len(data['games'])} finished games, score {data['score']}, save {len(save):,} "
          f"bytes, .mat {len(record):,} bytes ({time.perf_counter() - made:.1f} s to make or read)", flush=True)
    workdir = Path(tempfile.mkdtemp(prefix="nard-bench-"))
    files: list[tuple[str, Path]] = []
    lines = record.split("\n Game ")
    for count in (10, 25, 50, 100):
        part = workdir / f"first-{count}-games.mat"
        part.write_text("\n Game ".join(lines[: count + 1]) + "\n")
        files.append((f".mat, the first {count} games", part))
    whole = workdir / "whole-match.mat"
    whole.write_text(record)
    files.append((f".mat, all {len(data['games']) + 1} games", whole))
    exported = workdir / "whole-match.json"
    exported.write_text(save)
    files.append(("the save (Games' Export)", exported))

    dist_site.build(quiet=True, dist=DIST)
    empty: list[float] = []
    long: list[float] = []
    opened: dict[str, list[float]] = {"empty": [], "long": []}
    rolls: list[float] = []
    imported: list[list[tuple[str, int, float, str]]] = []
    with serving_apart(DIST) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        for run in range(args.runs):
            empty.append(starts(browser, url, None, None)[0])
            opened["empty"].append(OPENED[-1])
            took, roll = starts(browser, url, save, entry)
            opened["long"].append(OPENED[-1])
            long.append(took)
            rolls.append(roll or 0.0)
            imported.append([] if args.starts_only else imports(browser, url, files))
            print(f"run {run + 1}: empty {empty[-1]:,.0f} ms, long record {long[-1]:,.0f} ms "
                  f"(after the engine answered: {opened['empty'][-1]:,.0f} and {opened['long'][-1]:,.0f} ms), "
                  f"first roll {rolls[-1]:,.0f} ms", flush=True)
        browser.close()

    med_empty, med_long = statistics.median(empty), statistics.median(long)
    out = [
        "",
        f"Start-up in headless Chromium ({args.runs} runs, median; each run's figures above), {os.cpu_count()} cores",
        f"  {'empty library':<44} {med_empty:>8,.0f} ms",
        f"  {'the longest record (' + str(len(data['games'])) + ' games)':<44} {med_long:>8,.0f} ms",
        f"  {'  its first roll, answered and saved':<44} {statistics.median(rolls):>8,.0f} ms",
        f"  {'after the engine answered: empty library':<44} {statistics.median(opened['empty']):>8,.0f} ms",
        f"  {'after the engine answered: the longest record':<44} {statistics.median(opened['long']):>8,.0f} ms",
        f"  {'the ratio of each run (median)':<44} "
        f"{statistics.median(lo / em for lo, em in zip(long, empty, strict=True)):>8.2f}x",
        "",
        "Imports through Games (median ms from choosing the file to the message)",
    ]
    if args.starts_only:
        out = out[:-2]
    for index, (name, size, _, said) in enumerate(imported[0]):
        took = statistics.median(run[index][2] for run in imported)
        out.append(f"  {name:<32} {size / 1000:>8,.0f} kB {took:>9,.0f} ms   {said[:70]}")
    slow = [name for index, (name, *_rest) in enumerate(imported[0])
            if statistics.median(run[index][2] for run in imported) > 10_000]
    out += [
        "",
        "targets",
        f"  the longest record starts in <= 3 s: {med_long / 1000:.2f} s   {'met' if med_long <= 3000 else 'MISSED'}",
        f"  within 1.5x the empty library's start: {med_long / med_empty:.2f}x   "
        f"{'met' if med_long <= 1.5 * med_empty else 'MISSED'}",
    ]
    if not args.starts_only:
        out.append(f"  every import done or refused in <= 10 s: {'met' if not slow else 'MISSED: ' + ', '.join(slow)}")
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
