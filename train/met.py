"""Write nardcore/met.json, the match equity table (`nardcore.bots.met`), from measured numbers.

    python -m train.met count [--games 1000] [--seed 7]    the gammon shares, into train/logs/gammon-shares.json
    python -m train.met build [--size 25] [--x X]            the table from them, into nardcore/met.json
    python -m train.met games [--games 2000] [--seed 7]      the other four games' outcome rates, into
                                                             train/logs/game-outcomes.json and their
                                                             tables into nardcore/met.json ("game_tables")

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
from collections.abc import Iterator
from pathlib import Path

from nardcore.bots.cubeful import efficiency
from nardcore.bots.met import GAME_TABLE_SIZE, TABLE_FILE, build_game_table, build_table
from nardcore.bots.neural import network_for
from nardcore.dice import ROLLS
from nardcore.movegen import result_positions
from nardcore.position import Position
from nardcore.variant import find_variant

from .npnet import Net
from .play import net_player, play_game

START_PIPS = 167
COUNTS = Path(__file__).resolve().parent / "logs" / "gammon-shares.json"
GAME_COUNTS = Path(__file__).resolve().parent / "logs" / "game-outcomes.json"
MATCH_GAMES = ("narde", "khachapuri", "moultezim", "tawla31")


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


def game_outcomes(name: str, games: int, seed: int) -> Iterator[dict[str, object]]:
    """Seeded cubeless 0-ply self-play games of a game's shipped network: how often the
    starter won, and how many points the winner scored (a count for each number of points);
    the counts so far after every 25 games, so that a run stopped early keeps what it counted."""
    network = network_for(name)
    assert network is not None
    player = net_player(Net.from_network(network))
    rng = random.Random(seed)
    starter_wins = 0
    points: dict[int, int] = {}
    for n in range(games):
        played = play_game(find_variant(name), [player, player], rng)
        starter_wins += played.winner == played.seen[0].turn
        points[played.points] = points.get(played.points, 0) + 1
        if (n + 1) % 25 == 0 or n + 1 == games:
            print(f"{name}: {n + 1} games, the starter won {starter_wins}", file=sys.stderr, flush=True)
            yield {"games": n + 1, "seed": seed, "starter_wins": starter_wins,
                   "points": {str(k): points[k] for k in sorted(points)}}


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
    outcomes = commands.add_parser("games")
    outcomes.add_argument("--games", type=int, default=2000)
    outcomes.add_argument("--seed", type=int, default=7)
    outcomes.add_argument("--build-only", action="store_true", help="rebuild the tables from the counts kept")
    outcomes.add_argument("--only", nargs="*", default=list(MATCH_GAMES), help="count these games only")
    args = parser.parse_args()
    if args.command == "games":
        write_game_tables(args.games, args.seed, args.build_only, args.only)
        return
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
    old = json.loads(TABLE_FILE.read_text(encoding="utf-8")) if TABLE_FILE.exists() else {}
    if "game_tables" in old:
        data["game_tables"] = old["game_tables"]  # the other games' tables (`games`) are kept
    TABLE_FILE.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"gammons {g:.4f} [{g - half:.4f}, {g + half:.4f}], backgammons {bg:.4f}, x {args.x}: {TABLE_FILE}")


def write_game_tables(games: int, seed: int, build_only: bool, only: list[str]) -> None:
    """Count the outcomes of the games `only` names (unless `build_only`), then write the
    tables of every game counted into met.json. Runs for different games may go at once."""
    if not build_only:
        for name in only:
            for found in game_outcomes(name, games, seed):
                counts = json.loads(GAME_COUNTS.read_text(encoding="utf-8")) if GAME_COUNTS.exists() else {}
                counts[name] = found  # read afresh: another run may have written its game meanwhile
                temp = GAME_COUNTS.with_suffix(f".{name}.tmp")
                temp.write_text(json.dumps(counts, indent=1) + "\n", encoding="utf-8")
                temp.replace(GAME_COUNTS)
    counts = json.loads(GAME_COUNTS.read_text(encoding="utf-8"))
    tables: dict[str, object] = {}
    for name, found in counts.items():
        played = int(str(found["games"]))
        points = {int(k): int(v) for k, v in dict(found["points"]).items()}
        starter = int(str(found["starter_wins"])) / played
        table = build_game_table(starter, {k: v / played for k, v in points.items()}, GAME_TABLE_SIZE[name])
        tables[name] = {"games": played, "starter_wins": int(str(found["starter_wins"])),
                        "points": {str(k): v for k, v in sorted(points.items())},
                        # the other half is its complement: waits(a, b) = 1 - starts(b, a)
                        "starts": [[round(v, 6) for v in row] for row in table.starts]}
        print(f"{name}: the starter won {starter:.3f} of {played}; points {points}")
    data = json.loads(TABLE_FILE.read_text(encoding="utf-8"))
    data["game_tables"] = tables
    TABLE_FILE.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
