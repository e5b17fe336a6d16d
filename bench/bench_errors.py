"""Backgammon checker-play error rates judged by gnubg 2-ply (a benchmark; `train` and `test` extras).

    python bench/bench_errors.py [--decisions 1000] [--players strongest advanced sage1 gnubg0 pubeval]
                                 [--weights backgammon=FILE] [--judge-plies 2]

The decisions come from real play: seeded games of gnubg 0-ply against Open Sage's 1ply
network (each side in turn), every turn with more than one distinct legal result, both
sides, until `--decisions` are gathered. Each player then chooses on every decision, and each
choice is judged by gnubg (gnubg-nn, test-only: it measures, nothing is trained on it): every
candidate at 0 ply, then the best eight of them and every choice made at `--judge-plies`
(gnubg's move filter), the best of those taken as right. A choice's error is the cubeless
money equity it gives up against that best, and a player's error rate is the mean over the
decisions, in millipoints (gnubg's scale: below 5 world class, 8 expert, 12 advanced, 18
intermediate), with a 95% interval. `strongest` and `advanced` are the numpy ports of
bench_bots.py (the network and look-ahead the app plays, no time limit).
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

import gnubg_nn  # noqa: E402

from bench.bench_bots import players, use_weights  # noqa: E402
from nardcore.movegen import result_positions  # noqa: E402
from nardcore.position import Position  # noqa: E402
from nardcore.scoring import score_game  # noqa: E402
from nardcore.variant import Variant, find_variant  # noqa: E402
from train.opponents import gnubg_side  # noqa: E402
from train.play import Player, opening  # noqa: E402

BACKGAMMON = find_variant("backgammon")
FILTER = 8  # candidates judged at the judge's plies besides every player's choice


def mover_equity(result: Position, plies: int) -> float:
    """Cubeless money equity of a result (turn passed) for the side that just played."""
    winner = result.winner()
    if winner is not None:
        points = score_game(result, winner).points
        return float(points if winner != result.turn else -points)
    board = [gnubg_side(result.boards[1 - result.turn]), gnubg_side(result.boards[result.turn])]
    win, gammon, backgammon, lose_gammon, lose_backgammon = gnubg_nn.probabilities(board, plies)
    on_roll = 2 * win - 1 + gammon + backgammon - lose_gammon - lose_backgammon
    return -float(on_roll)


Decision = tuple[Position, tuple[int, int], list[Position]]


def real_play(variant: Variant, pair: list[Player], seed: int) -> Iterator[Decision]:
    """Every turn (the position, its roll, the results) of seeded games between the two
    players, each side in turn, for as long as asked."""
    rng = random.Random(seed)
    for game in itertools.count():
        sides = pair if game % 2 == 0 else pair[::-1]
        starter, dice = opening(variant, rng)
        position = Position.start(variant, turn=starter)
        while position.winner() is None:
            if dice is None:
                dice = (rng.randint(1, 6), rng.randint(1, 6))
            candidates = result_positions(position, dice)
            yield position, dice, candidates
            position = candidates[0] if len(candidates) == 1 else sides[position.turn](position, dice, candidates)
            dice = None
    raise AssertionError("unreachable")


def gnubg_against_sage(seed: int) -> Iterator[Decision]:
    """Every turn of seeded games of gnubg 0-ply against Sage 1ply, each side in turn."""
    table = players("backgammon")
    return real_play(BACKGAMMON, [table["gnubg0"](), table["sage1"]()], seed)


def gather(count: int, seed: int) -> list[Decision]:
    """Decisions met in games of gnubg 0-ply against Sage 1ply."""
    decisions = (turn for turn in gnubg_against_sage(seed) if len(turn[2]) > 1)
    return list(itertools.islice(decisions, count))


def judge(decisions: list[Decision], table: dict[str, Player], plies: int) -> dict[str, list[float]]:
    errors: dict[str, list[float]] = {name: [] for name in table}
    start, last_note = time.time(), time.time()
    for index, (position, dice, candidates) in enumerate(decisions):
        chosen = {name: candidates.index(player(position, dice, candidates)) for name, player in table.items()}
        quick = [mover_equity(c, 0) for c in candidates]
        kept = sorted(range(len(candidates)), key=lambda i: -quick[i])[:FILTER]
        deep = {i: mover_equity(candidates[i], plies) for i in set(kept) | set(chosen.values())}
        best = max(deep.values())
        for name, i in chosen.items():
            errors[name].append(best - deep[i])
        if time.time() - last_note > 30:
            last_note = time.time()
            rate = (index + 1) / (time.time() - start)
            print(f"  {index + 1} of {len(decisions)} decisions judged, "
                  f"{(len(decisions) - index - 1) / rate / 60:.0f} min left", flush=True)
    return errors


def millipoints(errors: list[float]) -> str:
    """The mean error a decision in millipoints, with its 95% interval."""
    mean = sum(errors) / len(errors)
    spread = math.sqrt(sum((e - mean) ** 2 for e in errors) / max(1, len(errors) - 1))
    half = 1.96 * spread / math.sqrt(len(errors))
    return f"{1000 * mean:.1f} millipoints a decision [{1000 * (mean - half):.1f}, {1000 * (mean + half):.1f}]"


def describe(name: str, errors: list[float]) -> str:
    wrong = sum(1 for e in errors if e > 1e-9) / len(errors)
    return f"{name}: {millipoints(errors)}, {wrong:.1%} of choices not the judge's best, {len(errors)} decisions"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--decisions", type=int, default=1000)
    parser.add_argument("--players", nargs="*", default=["strongest", "advanced", "sage1", "gnubg0", "pubeval"])
    parser.add_argument("--weights", default=None, metavar="backgammon=FILE",
                        help="judge this network (.nnw) in place of the shipped one")
    parser.add_argument("--judge-plies", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    if args.weights:
        use_weights(parser, args.weights, games=("backgammon",))
    available = players("backgammon")
    unknown = [name for name in args.players if name not in available]
    if unknown:
        parser.error(f"no such player: {', '.join(unknown)} (known: {', '.join(available)})")
    started = time.time()
    decisions = gather(args.decisions, args.seed)
    print(f"{len(decisions)} decisions gathered in {time.time() - started:.0f} s", flush=True)
    makers: dict[str, Callable[[], Player]] = {name: available[name] for name in args.players}
    errors = judge(decisions, {name: make() for name, make in makers.items()}, args.judge_plies)
    for name in args.players:
        print(describe(name, errors[name]), flush=True)
    first = args.players[0]
    for name in args.players[1:]:  # on the same decisions: the paired difference is the sharper figure
        gaps = [a - b for a, b in zip(errors[name], errors[first], strict=True)]
        print(f"{name} minus {first}: {millipoints(gaps)}", flush=True)
    print(f"{time.time() - started:.0f} s in all", flush=True)


if __name__ == "__main__":
    main()
