"""What the page costs a click: a hot-seat game of narde played by clicks in Debian's Chromium,
as the browser tests play it (reduced motion, seeded dice), and the CPU each click cost, by
Chromium process and, in the renderer, by thread (its main thread paints the page, the
DedicatedWorker runs the engine, the raster workers draw the pixels).

    python bench/bench_paint.py [--clicks 200] [--seed 1] [--flag=--some-chromium-flag ...]

After the CPU by process and thread it prints Chromium's own count of the renderer's main
thread (DevTools' Performance metrics): how long its tasks took, and of that how long went to
the page's scripts, to style and to layout (the rest: painting, and Playwright's own calls).

Every answer of the engine is painted by every part of the page; a part writes to the page only
what changed (web/page/dom.js setText, board.js redraw), since what is written is laid out,
painted and rastered again. Not a test: the figures depend on the machine (docs/testing.md).
"""

from __future__ import annotations

import argparse
import collections
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "tests" / "browser")]

from playwright.sync_api import CDPSession  # noqa: E402
from support.proc_cpu import descendants, thread_cpu  # noqa: E402

from bench.bench_boot import serving_apart  # noqa: E402


def spent_now() -> dict[str, float]:
    """CPU seconds so far of this process's descendants: by kind, the renderers' by thread."""
    spent: collections.defaultdict[str, float] = collections.defaultdict(float)
    for pid, (kind, seconds) in descendants().items():
        if kind == "renderer":
            for thread, used in thread_cpu(pid).items():
                spent[f"renderer: {thread}"] += used
        else:
            spent[kind] += seconds
    return dict(spent)


def main_thread_counts(devtools: CDPSession) -> dict[str, float]:
    """Chromium's running totals for the page's main thread (DevTools' Performance.getMetrics)."""
    return {metric["name"]: metric["value"] for metric in devtools.send("Performance.getMetrics")["metrics"]}


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--clicks", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--flag", action="append", default=[], help="one more Chromium flag (repeatable)")
    args = parser.parse_args()
    from browser_support import (
        APP_VIEWPORT,
        CHROMIUM,
        TEST_CHROMIUM_FLAGS,
        board,
        click_point,
        open_app,
        points,
        press,
        start_game,
    )
    from playwright.sync_api import sync_playwright

    from tools import site

    site.build()  # dist/ as the sources stand (a build with nothing changed is quick)
    rng = random.Random(args.seed)
    with serving_apart() as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=[*TEST_CHROMIUM_FLAGS, *args.flag])
        _, page, _ = open_app(browser, url + f"?dice=seed:{args.seed}", viewport=APP_VIEWPORT)
        start_game(page, "narde")
        devtools = page.context.new_cdp_session(page)
        devtools.send("Performance.enable")
        counted_before = main_thread_counts(devtools)
        before, wall, clicks, painted = spent_now(), time.monotonic(), 0, int(board(page).get("seq") or 0)
        while clicks < args.clicks and board(page)["phase"] != "over":
            if board(page)["phase"] != "move":
                press(page, "btn-roll")
                continue
            movable = points(page, "movable")
            if not movable:
                press(page, "btn-confirm")
                continue
            click_point(page, rng.choice(movable))
            click_point(page, points(page, "dest")[0])
            clicks += 2
            if clicks % 20 == 0:
                print(f"  {clicks} of {args.clicks} clicks", file=sys.stderr, flush=True)
        after, wall = spent_now(), time.monotonic() - wall
        counted = main_thread_counts(devtools)
        painted = int(board(page).get("seq") or 0) - painted
        browser.close()
    used = {name: after.get(name, 0.0) - before.get(name, 0.0) for name in after}
    total = sum(used.values())
    print(f"{clicks} clicks, {painted} answers painted, {wall:.0f} s: {total / clicks * 1000:.0f} ms of CPU a click")
    for name, seconds in sorted(used.items(), key=lambda item: -item[1])[:12]:
        print(f"  {seconds / clicks * 1000:6.1f} ms  {name}")
    print("the renderer's main thread by Chromium's own count (wall time of its tasks, a click):")
    for name in ("TaskDuration", "ScriptDuration", "RecalcStyleDuration", "LayoutDuration"):
        print(f"  {(counted[name] - counted_before[name]) / clicks * 1000:6.1f} ms  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
