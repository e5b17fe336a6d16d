"""What one answer of the engine costs on CPython as a game grows: its CPU time per request.

    python bench/bench_views.py [--games 3] [--seed 1]

Two kinds of game, played by seeded random clicks through the requests the page sends
(tests/support/random_play.py `random_app_action`: roll, a click on a checker and one on its
destination, undo now and then, confirm), nobody doubling or dropping:

- hot seat: both sides at one app, in narde and in backgammon;
- by link: two apps passing each turn's link, in backgammon (each turn puts a copy of the game on
  the board, as a link opened does). Its dice come from both devices' secrets, new at each run,
  so its games differ from run to run; the hot-seat games are the same every time.

Every request is answered with the view, the save and the library entry, as in the browser; the
engine runs the same Python in Pyodide, some three to four times slower. Not a test: the figures
depend on the machine (docs/testing.md).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from support.random_play import random_app_action  # noqa: E402

from web.worker import ui  # noqa: E402


def hot_seat(variant: str, seed: int) -> tuple[int, float]:
    """A hot-seat game to its end: (requests, CPU seconds)."""
    app = ui.App(dice=f"seed:{seed}")
    app.dispatch({"type": "new_game", "settings": {"variant": variant, "opponent": "human"}})
    rng = random.Random(seed)
    view = app.view()
    requests, start = 0, time.process_time()
    while view["phase"] != "over":
        view = random_app_action(app, view, rng, drop=False, double=0.0)["view"]
        requests += 1
    return requests, time.process_time() - start


def by_link(seed: int) -> tuple[int, float]:
    """A backgammon game by link to its end: (link openings and actions, CPU seconds)."""
    rng = random.Random(seed)
    host, guest = ui.App(dice=f"seed:{seed}"), ui.App(dice=f"seed:{seed + 10}")
    start = time.process_time()
    answer = host.dispatch({"type": "link_new", "variant": "backgammon", "seat": "w"})
    devices, saves = {"w": host, "b": guest}, {"w": answer["save"], "b": ""}
    url, to, requests = answer["view"]["link"]["url"], "b", 1
    while True:
        answer = devices[to].dispatch({"type": "load_url", "fragment": url, "link_save": saves[to]})
        requests += 1
        while not answer["view"]["link"]["waiting"] and answer["view"]["phase"] != "over":
            answer = random_app_action(devices[to], answer["view"], rng, drop=False, double=0.0)
            requests += 1
        saves[to] = answer["save"]
        if answer["view"]["phase"] == "over" and not answer["view"]["link"]["waiting"]:
            return requests, time.process_time() - start
        url, to = answer["view"]["link"]["url"], "b" if to == "w" else "w"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3, help="games of each kind")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    kinds = {"hot seat, narde": lambda seed: hot_seat("narde", seed),
             "hot seat, backgammon": lambda seed: hot_seat("backgammon", seed),
             "by link, backgammon": by_link}
    for name, play in kinds.items():
        requests, seconds = 0, 0.0
        for game in range(args.games):
            count, spent = play(args.seed + game)
            requests, seconds = requests + count, seconds + spent
            print(f"  {name}: game {game + 1} of {args.games}, {count} requests", file=sys.stderr, flush=True)
        print(f"{name}: {args.games} games, {requests} requests, {1000 * seconds / requests:.1f} ms of CPU a request")


if __name__ == "__main__":
    main()
