"""Where two plies pay in backgammon: 1- and 2-ply values, roll by roll, judged by gnubg 2-ply
(a benchmark; `train` and `test` extras).

    python bench/bench_deepen.py record [--decisions 1000] [--out train/logs/deepen.jsonl.gz]
    python bench/bench_deepen.py policies [--out train/logs/deepen.jsonl.gz]

`record` takes bench_errors.py's decisions (real play, seed 2026) and writes, a line per
decision: every candidate's 0-ply value; for the plays `strongest` looks at (at most 6 within
0.1 x the largest win at 0 ply), the 1-ply value of each opponent roll (its best reply at
0 ply); for the best 3 of them at 1 ply, the 2-ply value of each roll (that reply valued at
1 ply: my best play after each of my rolls); and gnubg 2-ply's equity of each of these plays
and of its own best 8 (the judge of bench_errors.py). It resumes where the file stops.

`policies` replays choice rules on the record: which plays to look at two plies deep (the
best K at 1 ply within a gap of the best), and how many of the opponent's 21 rolls to deepen
(the rest keep their 1-ply term), with each rule's error rate a decision, its paired
difference from `strongest`'s, and its cost in deepened rolls (each about 21 move
generations and 440 evaluations). The app's `strongest` look-ahead is chosen from this.
"""

from __future__ import annotations

import argparse
import gzip
import io
import json
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO, Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

import numpy as np  # noqa: E402

from bench.bench_bots import numpy_net  # noqa: E402
from bench.bench_errors import FILTER, gather, millipoints, mover_equity  # noqa: E402
from nardcore.bots.neural import OUTCOMES  # noqa: E402
from nardcore.bots.neural_bot import POINTS_SCALE  # noqa: E402
from nardcore.dice import ROLLS  # noqa: E402
from nardcore.movegen import result_positions  # noqa: E402
from nardcore.position import Position  # noqa: E402
from train.play import on_roll_equities  # noqa: E402

LOOKED_AT, MARGIN_SHARE, DEEPENED = 6, 0.1, 3
PROBABILITIES = [float(roll.probability) for roll in ROLLS]
Record = dict[str, Any]


def record(count: int, out: Path, seed: int) -> None:
    net = numpy_net("backgammon")
    spec = OUTCOMES["backgammon"]
    weights = np.array(spec.weights)

    def values(positions: list[Position]) -> np.ndarray:
        return on_roll_equities(net, spec, weights, positions)

    def best_reply(result: Position, dice: tuple[int, int]) -> tuple[Position, float]:
        """The opponent's best reply at 0 ply, and its value for me (on roll in it)."""
        replies = result_positions(result, dice)
        found = values(replies)
        index = int(found.argmin())
        return replies[index], float(found[index])

    def my_one_ply(reply: Position) -> float:
        if reply.winner() is not None:
            return float(values([reply])[0])
        by_roll = [result_positions(reply, roll.dice) for roll in ROLLS]
        found = values([r for results in by_roll for r in results])
        total, at = 0.0, 0
        for p, results in zip(PROBABILITIES, by_roll, strict=True):
            total += p * -float(found[at : at + len(results)].min())
            at += len(results)
        return total

    done = sum(1 for _ in _open(out, "rt")) if out.exists() else 0
    decisions = gather(count, seed)[done:]
    print(f"{done} decisions recorded before, {len(decisions)} to go", flush=True)
    start = time.time()
    with _open(out, "at") as file:
        for index, (position, dice, candidates) in enumerate(decisions):
            zero = [-float(v) for v in values(candidates)]
            order = sorted(range(len(candidates)), key=lambda i: (-zero[i], str(candidates[i])))
            margin = MARGIN_SHARE * POINTS_SCALE["backgammon"]
            looked = [i for rank, i in enumerate(order[:LOOKED_AT]) if not rank or zero[i] >= zero[order[0]] - margin]
            one: dict[int, list[float]] = {}
            replies: dict[int, list[Position | None]] = {}
            for i in looked:
                if candidates[i].winner() is not None:
                    one[i], replies[i] = [zero[i]] * len(ROLLS), [None] * len(ROLLS)
                    continue
                pairs = [best_reply(candidates[i], roll.dice) for roll in ROLLS]
                one[i] = [value for _, value in pairs]
                replies[i] = [reply for reply, _ in pairs]
            by_one = sorted(looked, key=lambda i: -_mean(one[i]))
            two = {i: [one[i][r] if reply is None else my_one_ply(reply) for r, reply in enumerate(replies[i])]
                   for i in by_one[:DEEPENED]}
            quick = [mover_equity(c, 0) for c in candidates]
            judged = set(sorted(range(len(candidates)), key=lambda i: -quick[i])[:FILTER]) | set(looked)
            judge = {i: mover_equity(candidates[i], 2) for i in judged}
            line = {"zero": _rounded(zero), "one": {i: _rounded(v) for i, v in one.items()},
                    "two": {i: _rounded(v) for i, v in two.items()},
                    "judge": {i: round(v, 6) for i, v in judge.items()}}
            file.write(json.dumps(line) + "\n")
            file.flush()
            rate = (index + 1) / (time.time() - start)
            if index % 20 == 19:
                left = (len(decisions) - index - 1) / rate / 60
                print(f"  {done + index + 1} of {count} decisions, {left:.0f} min left", flush=True)


def _open(path: Path, mode: str) -> IO[str]:
    """The record, compressed when its name ends in .gz (appending adds a gzip member)."""
    if path.suffix == ".gz":
        return io.TextIOWrapper(gzip.GzipFile(path, mode[0] + "b"), encoding="utf-8")
    return path.open(mode.replace("t", ""), encoding="utf-8")


def _rounded(values: Sequence[float]) -> list[float]:
    return [round(v, 6) for v in values]


def _mean(terms: Sequence[float]) -> float:
    return sum(p * v for p, v in zip(PROBABILITIES, terms, strict=True))


Rule = Callable[[Record], tuple[int, int]]  # a decision's record -> (the play chosen, rolls deepened)


def one_ply_rule(line: Record) -> tuple[int, int]:
    return max(line["one"], key=lambda i: _mean(line["one"][i])), 0


def deepen_rule(plays: int, gap: float, rolls: int, order: str = "likeliest") -> Rule:
    """The best `plays` at 1 ply within `gap` of the best: `rolls` of the opponent's rolls valued
    two plies deep, the others at one; the likeliest first, or (`order` "spread") those where
    the plays' 1-ply terms differ the most."""
    likeliest = sorted(range(len(ROLLS)), key=lambda r: -PROBABILITIES[r])

    def rule(line: Record) -> tuple[int, int]:
        by_one = sorted(line["one"], key=lambda i: -_mean(line["one"][i]))
        best = _mean(line["one"][by_one[0]])
        chosen = [i for i in by_one[:plays] if i in line["two"] and best - _mean(line["one"][i]) <= gap]
        if len(chosen) < 2:
            return by_one[0], 0
        if order == "spread":
            def spread(r: int) -> float:
                terms: list[float] = [line["one"][i][r] for i in chosen]
                return PROBABILITIES[r] * (max(terms) - min(terms))

            deepened = sorted(range(len(ROLLS)), key=spread, reverse=True)[:rolls]
        else:
            deepened = likeliest[:rolls]

        def value(i: str) -> float:
            terms = list(line["one"][i])
            for r in deepened:
                terms[r] = line["two"][i][r]
            return _mean(terms)

        return max(chosen, key=value), len(chosen) * len(deepened)

    return rule


def policies(out: Path) -> None:
    with _open(out, "rt") as file:
        lines = [json.loads(text) for text in file]
    print(f"{len(lines)} decisions")

    def errors(rule: Rule) -> tuple[list[float], list[int]]:
        found, costs = [], []
        for line in lines:
            chosen, cost = rule(line)
            found.append(max(line["judge"].values()) - line["judge"][chosen])
            costs.append(cost)
        return found, costs

    base, _ = errors(one_ply_rule)
    print(f"strongest (1 ply): {millipoints(base)}")
    for plays in (2, 3):
        for gap in (0.01, 0.02, 0.03, 0.05, 0.1):
            for rolls in (2, 3, 4, 6, 11, 21):
                for order in ("likeliest", "spread"):
                    if rolls == 21 and order == "spread":
                        continue
                    found, costs = errors(deepen_rule(plays, gap, rolls, order))
                    gaps = [a - b for a, b in zip(found, base, strict=True)]
                    deepened = sum(1 for c in costs if c) / len(costs)
                    print(f"best {plays} within {gap:g}, {rolls:2d} rolls {order:9s}: {millipoints(found)}; "
                          f"minus strongest {millipoints(gaps)}; deepened {deepened:.0%} of decisions, "
                          f"mean {sum(costs) / len(costs):.1f} rolls")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("what", choices=("record", "policies"))
    parser.add_argument("--decisions", type=int, default=1000)
    parser.add_argument("--out", type=Path, default=ROOT / "train" / "logs" / "deepen.jsonl.gz")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    if args.what == "record":
        record(args.decisions, args.out, args.seed)
    else:
        policies(args.out)


if __name__ == "__main__":
    main()
