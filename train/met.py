"""Write nardcore/met.json, the match equity table (`nardcore.bots.met`), from measured numbers.

    python -m train.met count [--games 1000] [--seed 7]    the gammon shares, into train/logs/gammon-shares.json
    python -m train.met build [--size 25] [--x X]            the table from them, into nardcore/met.json

The gammon and backgammon shares of wins come from `--games` seeded cubeless self-play
games of the shipped backgammon network at 0 ply (the same player as train/cube_efficiency.py);
x is the contact cube efficiency measured by train/cube_efficiency.py at the start of a
game (`nardcore.bots.cubeful.efficiency(167, race=False)`). The counts and the table go into the
file, so that tests can rebuild its corner and check it.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from pathlib import Path

from nardcore.bots.cubeful import efficiency
from nardcore.bots.met import TABLE_FILE, build_table
from nardcore.bots.neural import network_for
from nardcore.dice import ROLLS
from nardcore.movegen import result_positions
from nardcore.position import Position
from nardcore.variant import find_variant

from .npnet import Net
from .play import net_player, play_game

START_PIPS = 167
COUNTS = Path(__file__).resolve().parent / "logs" / "gammon-shares.json"


def gammon_shares(games: int, seed: int) -> tuple[int, int, int]:
    """Games played, wins that were gammons or backgammons, wins that were backgammons."""
    network = network_for("backgammon")
    assert network is not None
    player = net_player(Net.from_network(network))
    rng = random.Random(seed)
    gammons = backgammons = 0
    for n in range(games):
        played = play_game(find_variant("backgammon"), [player, player], rng)
        gammons += played.points >= 2
        backgammons += played.points >= 3
        if (n + 1) % 100 == 0:
            print(f"{n + 1} games: {gammons} gammons, {backgammons} backgammons", file=sys.stderr, flush=True)
    return games, gammons, backgammons


def first_chances() -> list[tuple[float, float]]:
    """The post-Crawford trailer's chances at its first turn to double, by our network: after
    the leader's opening play (half the games), or after the trailer's opening play and the
    leader's reply (the other half), each play the network's best; (weight, chance) pairs."""
    network = network_for("backgammon")
    assert network is not None
    openings = [roll for roll in ROLLS if not roll.is_double]

    def best(position: Position, dice: tuple[int, int]) -> Position:
        return min(result_positions(position, dice), key=lambda result: (network.equity(result), str(result)))

    found: list[tuple[float, float]] = []
    start = Position.start("backgammon")
    for roll in openings:  # the leader opens: the trailer is on roll after it
        found.append((0.5 / len(openings), network.evaluate(best(start, roll.dice))[0]))
        opened = best(start, roll.dice)  # the trailer opens, the leader replies
        for reply in ROLLS:
            weight = 0.5 / len(openings) * float(reply.probability)
            found.append((weight, network.value(best(opened, reply.dice))[0]))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    count = commands.add_parser("count")
    count.add_argument("--games", type=int, default=1000)
    count.add_argument("--seed", type=int, default=7)
    build = commands.add_parser("build")
    build.add_argument("--size", type=int, default=25)
    build.add_argument("--x", type=float, default=round(efficiency(START_PIPS, race=False), 4),
                       help="default: the measured contact x at the start of a game (167 pips)")
    args = parser.parse_args()
    if args.command == "count":
        games, gammons, backgammons = gammon_shares(args.games, args.seed)
        COUNTS.write_text(json.dumps({"games": games, "gammons": gammons, "backgammons": backgammons,
                                      "seed": args.seed}) + "\n", encoding="utf-8")
        return
    counts = json.loads(COUNTS.read_text(encoding="utf-8"))
    games, gammons, backgammons = counts["games"], counts["gammons"], counts["backgammons"]
    g, bg = gammons / games, backgammons / games
    half = 1.96 * math.sqrt(g * (1 - g) / games)
    chances = first_chances()
    table = build_table(g, bg, args.x, args.size, chances)
    data = {
        "method": "Janowski's model at a centred cube, recursion from the end of the match (nardcore/bots/met.py)",
        "games": games, "gammons": gammons, "backgammons": backgammons,
        "gammon_share": round(g, 5), "gammon_share_95": [round(g - half, 5), round(g + half, 5)],
        "backgammon_share": round(bg, 5), "x": args.x, "size": args.size,
        "first_chances": [[round(weight, 8), round(p, 6)] for weight, p in chances],
        "pre_crawford": [[round(v, 6) for v in row] for row in table.pre],
        "post_crawford": [round(v, 6) for v in table.post],
    }
    TABLE_FILE.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"gammons {g:.4f} [{g - half:.4f}, {g + half:.4f}], backgammons {bg:.4f}, x {args.x}: {TABLE_FILE}")


if __name__ == "__main__":
    main()
