"""Made once, with the app as it kept its library in localStorage (before IndexedDB): a library of
real saves as that page wrote them, for test_library_migration.py. Run from the repository root on
the commit before the move: `python tests/browser/data/make_library_of_2026.py` writes
library_of_2026.json beside it (every `nard.*` key of localStorage)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[3]), str(Path(__file__).resolve().parents[1]),
                str(Path(__file__).resolve().parents[2])]

from browser_support import (  # noqa: E402
    CHROMIUM,
    TEST_CHROMIUM_FLAGS,
    after,
    play_one_turn,
    press,
    start_game,
    wait_ready,
)
from playwright.sync_api import sync_playwright  # noqa: E402
from support.dist import built_dist  # noqa: E402

import build  # noqa: E402

OUT = Path(__file__).with_name("library_of_2026.json")


def main() -> None:
    with build.SiteServer(built_dist(), 0).serving() as site, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=TEST_CHROMIUM_FLAGS)
        context = browser.new_context(reduced_motion="reduce", service_workers="block")
        page = context.new_page()
        page.goto(site + "?dice=seed:11")
        wait_ready(page)
        # a narde game two turns in
        start_game(page, "narde")
        play_one_turn(page)
        play_one_turn(page)
        # a narde game against the computer, conceded: a finished game the computer won
        start_game(page, "narde", opponent="computer")
        for _ in range(30):
            if page.is_visible("#btn-resign"):
                break
            if page.is_visible("#btn-roll"):
                press(page, "btn-roll")
            page.wait_for_timeout(500)
        page.click("#btn-resign")
        after(page, lambda: page.click("#resign-choices .resign-choice"))
        # a backgammon game a turn in, named by the player
        start_game(page, "backgammon")
        play_one_turn(page)
        page.click("#btn-games")
        page.click(".game-entry[data-current='1'] .game-rename")
        page.fill(".game-name-input", "Saturday's backgammon")
        page.keyboard.press("Enter")
        page.click("#games-close")
        # a tawla 31 game against the computer, a turn in (on the board last)
        start_game(page, "tawla31", opponent="computer")
        page.wait_for_timeout(4000)
        stored = page.evaluate("Object.fromEntries(Object.keys(localStorage).map(k => [k, localStorage.getItem(k)]))")
        browser.close()
    OUT.write_text(json.dumps({k: v for k, v in sorted(stored.items()) if k.startswith("nard.")}, indent=1) + "\n")
    print(OUT, len(stored))


if __name__ == "__main__":
    main()
