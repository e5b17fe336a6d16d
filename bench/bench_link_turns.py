"""Links a turn in backgammon played by link, version 1 against version 2 (docs/link-play.md).

    python bench/bench_link_turns.py [--games 20] [--seed 1]

Plays whole money games between two simulated devices (web/worker/duel/linkplay.py), random legal
moves, nobody doubling, once as version 1 (every turn where the cube may be turned asks for its
share first: `R`, the share back, the move) and once as version 2 (each move's link declares
`N` and carries the other's next share), and prints the links sent after the invitation and
the join per turn played. Not a test: tests/worker/test_link_cube.py holds the one-link-a-turn rule.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

from nardcore.game import Game  # noqa: E402
from web.worker.duel.linkplay import Duel  # noqa: E402

SIDES = ("w", "b")


def play_part(duel: Duel, rng: random.Random) -> str:
    """This device's player rolls (or asks to), plays a random legal play, and sends the link."""
    local: Game = duel.game.copy()
    for _ in range(50):
        if duel.link_due(local):
            return duel.send(local)
        if local.phase in ("cube", "roll"):
            if not duel.may_roll(local):
                return duel.send(local, ask=True)
            local.roll(duel.dice_for(local))
        elif local.phase == "move":
            plays = list(local.plays())
            if plays:
                local.play(rng.choice(plays))
            else:
                local.confirm()
        else:
            raise RuntimeError(f"nothing to do in the {local.phase} phase")
    raise RuntimeError("no link after 50 actions")


def links_a_turn(version: int, games: int, seed: int) -> float:
    rng = random.Random(seed)
    links = turns = 0
    for _ in range(games):
        host, invite = Duel.create("backgammon", "w", version=version)  # the game keeps its version
        guest, join = Duel.join(invite)
        host.receive(join)
        devices = {"w": host, "b": guest}
        while not host.game.over:
            sender = host if host.my_link_next else guest
            devices[SIDES[1 - SIDES.index(sender.me)]].receive(play_part(sender, rng))
            links += 1
        turns += sum(1 for event in host.game.history if event["event"] in ("play", "pass"))
    return links / turns


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for version in (1, 2):
        print(f"version {version}: {links_a_turn(version, args.games, args.seed):.2f} links a turn "
              f"({args.games} backgammon games, nobody doubling)")


if __name__ == "__main__":
    main()
