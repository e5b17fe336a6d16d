"""Puzzles for each game: positions of strong self-play where the best play is clearly better
than the second by rollouts, each with a difficulty rating and its themes.

    python -m train.puzzles GAME [--want 360] [--games 216] [--plies 10] [--seed 1]
                                 [--ship]

1. Decisions come from self-play of the shipped network at 0 ply (plays drawn near-greedily, so
   that games differ): a turn is a candidate when the network's best play leads its second by
   at least half the margin below, at most three a game.
2. Each candidate's three best plays at 0 ply are rolled out `--games` times on the same dice
   (after the first EARLY games, a candidate whose best leads by less than half the margin is
   dropped)
   (train/openings.py's truncated rollouts: `--plies` turns, then the network's value; exact
   once the game is over or a home-board race). It is kept when the rollouts' best leads their
   second by at least MARGIN x the game's largest win (0.06 points in backgammon) and the paired
   difference's 95% interval stays above a third of it.
3. Its rating (`rating`) is an a-priori difficulty: 900, plus how often a player who picks at
   random misses (x 250), how often the beginner level misses (x 350), and 300 if the heuristic
   player misses, 400 if the network at 0 ply misses. Players' own ratings move from there.

Kept candidates and rejected ones are written to `train/logs/puzzles-GAME.json` as they are
judged, so an interrupted run goes on; `--ship` writes `nardcore/books/puzzles-GAME.json`.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import random
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

from nardcore.bots.contact import is_race
from nardcore.bots.explain import hit_rolls
from nardcore.bots.heuristic import HeuristicBot
from nardcore.bots.neural import network_for
from nardcore.bots.neural_bot import BEGINNER_TEMPERATURE, POINTS_SCALE
from nardcore.bots.outcomes import OUTCOMES
from nardcore.movegen import legal_plays
from nardcore.notation import format_play
from nardcore.position import Position
from nardcore.variant import BAR, OFF, VARIANT_NAMES, find_variant

from .npnet import Net
from .openings import Z95, load, roll_out, write_json
from .play import on_roll_equities

ROOT = Path(__file__).resolve().parent.parent
LOGS = ROOT / "train" / "logs"
BOOKS = ROOT / "nardcore" / "books"
MARGIN = 0.02  # of the game's largest win: the least lead of the best play over the second
PER_GAME = 3  # candidates kept from one self-play game at most
EARLY = 54  # games first: a candidate whose best leads by less than half the margin after them is dropped


def made(board: tuple[int, ...], hitting: bool) -> list[bool]:
    """Which of points 1..24 the side holds against the other's landing (two checkers where a
    lone one is hit, one checker elsewhere)."""
    least = 2 if hitting else 1
    return [board[point] >= least for point in range(1, 25)]


def longest_block(board: tuple[int, ...], hitting: bool) -> int:
    best = run = 0
    for held in made(board, hitting):
        run = run + 1 if held else 0
        best = max(best, run)
    return best


SAFER = 4  # of the opponent's 36 rolls: fewer that hit, for the best play to be about safety


def themes(position: Position, best: Position, second: Position) -> list[str]:
    """What the puzzle is about: the ways its best play differs from the second (docs/puzzles.md)."""
    variant = position.variant
    side = position.turn
    found = []
    if variant.hitting and best.boards[1 - side][BAR] > position.boards[1 - side][BAR]:
        found.append("hitting")
    elif variant.hitting and hit_rolls(best) + SAFER <= hit_rolls(second):
        found.append("safety")
    # where one checker holds a point, three in a row already block (narde's family, tawla 31)
    block = longest_block(best.boards[side], variant.hitting)
    if block >= (4 if variant.hitting else 3) and block > longest_block(second.boards[side], variant.hitting):
        found.append("priming")
    if points_held(best, side) > points_held(second, side):
        found.append("points")
    if variant.head_rule and best.boards[side][24] != second.boards[side][24]:
        found.append("head")
    if best.boards[side][OFF] > position.boards[side][OFF] or all_home(position, side):
        found.append("bearing_off")
    if is_race(position):
        found.append("racing")
    return found


def points_held(position: Position, side: int) -> int:
    """How many points `side` holds against the other's landing (made(), outside home too)."""
    return sum(made(position.boards[side], position.variant.hitting))


def all_home(position: Position, side: int) -> bool:
    """Every checker of `side` in its home (points 1-6) or borne off: the side bears off."""
    return not any(position.boards[side][point] for point in range(7, BAR + 1))


class Judge:
    def __init__(self, variant_name: str, args: argparse.Namespace) -> None:
        network = network_for(variant_name)
        if network is None:
            raise SystemExit(f"no network for {variant_name}")
        self.variant_name = variant_name
        self.net = Net.from_network(network)
        self.spec = OUTCOMES[variant_name]
        self.weights = np.array(self.spec.weights)
        self.scale = POINTS_SCALE[variant_name]
        self.args = args
        self.heuristic = HeuristicBot()

    def mine(self, results: list[Position]) -> np.ndarray:
        """Each result's equity for the side that plays it, at 0 ply."""
        return -on_roll_equities(self.net, self.spec, self.weights, results)

    def decisions(self, count: int, seed: int) -> list[tuple[str, str]]:
        """(position, dice) of `count` candidate turns from seeded self-play."""
        rng = random.Random(seed)
        variant = find_variant(self.variant_name)
        found: list[tuple[str, str]] = []
        temperature = BEGINNER_TEMPERATURE[self.variant_name] * self.scale / 4
        while len(found) < count:
            position = Position.start(variant, rng.randint(0, 1))
            taken = 0
            for _ in range(400):
                if position.winner() is not None:
                    break
                dice = (rng.randint(1, 6), rng.randint(1, 6))
                results = list(legal_plays(position, dice))
                if not results:
                    position = position.pass_turn()
                    continue
                values = self.mine(results) if len(results) > 1 else np.zeros(1)
                if len(results) > 1:
                    top = np.sort(values)[::-1]
                    if top[0] - top[1] >= MARGIN * self.scale / 2 and taken < PER_GAME and rng.random() < 0.5:
                        found.append((position.format(), f"{max(dice)}{min(dice)}"))
                        taken += 1
                chances = np.exp((values - values.max()) / temperature)
                position = rng.choices(results, list(chances))[0]
        return found[:count]

    def judge(self, position: Position, dice: tuple[int, int]) -> dict[str, Any]:
        plays = legal_plays(position, dice)
        results = list(plays)
        values = self.mine(results)
        order = sorted(range(len(results)), key=lambda i: (-values[i], results[i].format()))
        top = [results[i] for i in order[:3]]
        seed = int.from_bytes(hashlib.sha256(f"{position} {dice}".encode()).digest()[:4], "big")
        equities = [self.equities(result, 0, EARLY, seed) for result in top]
        means = sorted((float(e.mean()) for e in equities), reverse=True)
        if means[0] - means[1] >= MARGIN * self.scale / 2:  # else not clear: no need to look closer
            equities = [np.concatenate([early, self.equities(result, EARLY, self.args.games - EARLY, seed)])
                        for early, result in zip(equities, top, strict=True)]
        ranked = sorted(range(len(top)), key=lambda i: -float(equities[i].mean()))
        best_games = equities[ranked[0]]
        rows: list[dict[str, Any]] = []
        for i in ranked:
            difference = best_games - equities[i]
            spread = Z95 * float(difference.std(ddof=1)) / math.sqrt(len(difference)) if i != ranked[0] else 0.0
            rows.append({"play": format_play(position, plays[top[i]]), "result": top[i].format(),
                         "equity": round(float(equities[i].mean()), 4), "behind": round(float(difference.mean()), 4),
                         "behind_interval": round(spread, 4)})
        lead, spread = rows[1]["behind"], rows[1]["behind_interval"]
        clear = lead >= MARGIN * self.scale and lead - spread >= MARGIN * self.scale / 3
        verdict: dict[str, Any] = {"position": position.format(), "dice": f"{dice[0]}{dice[1]}", "clear": clear,
                                   "plays": rows}
        if clear:
            best = Position.parse(rows[0]["result"])
            verdict["themes"] = themes(position, best, Position.parse(rows[1]["result"]))
            verdict["rating"] = self.rating(position, dice, results, values, best)
        return verdict

    def equities(self, result: Position, first: int, games: int, seed: int) -> np.ndarray:
        outcomes = roll_out(self.net, self.spec, result, games, self.args.plies, seed, first)
        return np.asarray(self.spec.constant + outcomes @ self.weights)

    def rating(self, position: Position, dice: tuple[int, int], results: list[Position], values: np.ndarray,
               best: Position) -> int:
        index = results.index(best)
        random_misses = 1 - 1 / len(results)
        temperature = BEGINNER_TEMPERATURE[self.variant_name] * self.scale
        chances = np.exp((values - values.max()) / temperature)
        beginner_misses = 1 - float(chances[index] / chances.sum())
        heuristic = self.heuristic.choose_play(position, results)
        net_choice = int(np.argmax(values))
        return round(900 + 250 * random_misses + 350 * beginner_misses + 300 * (heuristic != best)
                     + 400 * (net_choice != index))


def run(variant_name: str, args: argparse.Namespace) -> None:
    path = LOGS / f"puzzles-{variant_name}.json"
    kept = load(path)
    key = f"{args.games} games, {args.plies} plies, seed {args.seed}"
    section = kept.setdefault(key, {"decisions": [], "judged": {}})
    judge = Judge(variant_name, args)
    began = time.time()
    judged = section["judged"]
    while sum(1 for v in judged.values() if v["clear"]) < args.want:
        # more candidates, from further self-play, once each one found so far is judged (self-play
        # can meet a turn twice, so the count of decisions is not the count to judge)
        if all(f"{text} {dice_text}" in judged for text, dice_text in section["decisions"]):
            more = judge.decisions(len(section["decisions"]) + 100, args.seed)
            section["decisions"] = [list(item) for item in more]
        for text, dice_text in section["decisions"]:
            name = f"{text} {dice_text}"
            if name in judged:
                continue
            position = Position.parse(text)
            judged[name] = judge.judge(position, (int(dice_text[0]), int(dice_text[1])))
            if len(judged) % 5 == 0:
                write_json(path, kept)
            clear = sum(1 for v in judged.values() if v["clear"])
            rate = (time.time() - began) / max(1, len(judged))
            print(f"{variant_name}: {clear} of {args.want} puzzles from {len(judged)} judged "
                  f"({rate:.1f} s each)", flush=True)
            if clear >= args.want:
                break
        write_json(path, kept)
    write_json(path, kept)


def themes_of(verdict: dict[str, Any]) -> list[str]:
    """A judged puzzle's themes, found again from its position and its two best plays (so that a
    puzzle judged before a theme was named gets it when shipped)."""
    best, second = (Position.parse(row["result"]) for row in verdict["plays"][:2])
    return themes(Position.parse(verdict["position"]), best, second)


def ship(variant_name: str, args: argparse.Namespace) -> Path:
    path = LOGS / f"puzzles-{variant_name}.json"
    key = f"{args.games} games, {args.plies} plies, seed {args.seed}"
    judged = json.loads(path.read_text())[key]["judged"] if path.exists() else {}
    chosen = [verdict for verdict in judged.values() if verdict["clear"]]
    if not chosen:
        raise SystemExit(f"no puzzles judged for {variant_name} ({key})")
    chosen.sort(key=lambda verdict: (verdict["rating"], verdict["position"], verdict["dice"]))
    target = BOOKS / f"puzzles-{variant_name}.json"
    # A puzzle keeps its id from one shipping to the next (links and players' progress name it);
    # a new one takes the next number.
    before = json.loads(target.read_text())["puzzles"] if target.exists() else []
    ids = {(item["position"], item["dice"]): item["id"] for item in before}
    numbers = [int(str(item["id"]).rsplit("-", 1)[1]) for item in before]
    fresh = iter(range(max(numbers, default=0) + 1, 1_000_000))
    shipped = [{"id": ids.get((verdict["position"], verdict["dice"])) or f"{variant_name}-{next(fresh)}",
                "position": verdict["position"], "dice": verdict["dice"],
                "rating": verdict["rating"], "themes": themes_of(verdict),
                "plays": [{field: row[field] for field in ("play", "result", "equity", "behind")}
                          for row in verdict["plays"]]}
               for verdict in chosen]
    write_json(target, {"variant": variant_name, "method": key, "puzzles": shipped})
    return target


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("variants", nargs="+", choices=VARIANT_NAMES)
    parser.add_argument("--want", type=int, default=360)
    parser.add_argument("--games", type=int, default=216)
    parser.add_argument("--plies", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ship", action="store_true")
    args = parser.parse_args(argv)
    for variant_name in args.variants:
        if args.ship:
            print(f"wrote {ship(variant_name, args)}")
        else:
            run(variant_name, args)


if __name__ == "__main__":
    main(sys.argv[1:])

