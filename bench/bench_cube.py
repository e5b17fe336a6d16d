"""Backgammon cube decisions judged by gnubg's cubeful evaluation (a benchmark; `train` and `test` extras).

    python bench/bench_cube.py [--positions 500] [--weights backgammon=FILE] [--from-win 0.6]

The positions come from real play, as bench_errors.py's decisions do: seeded games of gnubg
0-ply against Open Sage's 1ply network, each position before a roll where the cube could
matter (gnubg 0-ply gives the side on roll at least `--from-win` cubeless chances to win),
until `--positions` are gathered. Money play, cube centred at 1, no Jacoby rule, no beavers
(backgammon as the app plays it by default). Debian's gnubg (`gnubg -t`, test-only: it
measures, nothing is trained on it) gives each position's cubeful equities at its default
2 ply: no double, double/take, double/pass. Then for the side on roll, whether to double
(`nardcore.bots.neural_cube.wants_double`): the error is the best of no double and
min(double/take, double/pass) less what the choice gets; and for the other side, doubled,
whether to take (`takes`): the best of taking and passing less what the choice keeps. Each
as millipoints a decision (cube value 1) with a 95% interval, and the share of wrong
decisions.
"""

from __future__ import annotations

import argparse
import itertools
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

import gnubg_nn  # noqa: E402

from bench.bench_bots import use_weights  # noqa: E402
from bench.bench_errors import gnubg_against_sage, millipoints  # noqa: E402
from nardcore.bots import neural_cube  # noqa: E402
from nardcore.game import Game  # noqa: E402
from nardcore.position import Position  # noqa: E402
from nardcore.variant import find_variant  # noqa: E402
from train.opponents import gnubg_side  # noqa: E402

BACKGAMMON = find_variant("backgammon")
GNUBG = shutil.which("gnubg") or shutil.which("/usr/games/gnubg")
_EQUITY = r"\s+([+-]?\d+\.\d+)"
_ANSWERS = {name: re.compile(label + _EQUITY) for name, label in
            (("no_double", r"No double"), ("take", r"Double, take"), ("pass", r"Double, pass"))}


def gnubg_board(position: Position) -> list[list[int]]:
    """gnubg's board: [side not on roll, side on roll]."""
    return [gnubg_side(position.opponent), gnubg_side(position.mover)]


def gather(count: int, seed: int, from_win: float) -> list[Position]:
    """Positions before a roll, in games of gnubg 0-ply against Sage 1ply, where the side on
    roll has at least `from_win` chances to win by gnubg 0-ply."""
    found = (position for position, _, _ in gnubg_against_sage(seed)
             if gnubg_nn.probabilities(gnubg_board(position), 0)[0] >= from_win)
    return list(itertools.islice(found, count))


def cubeful(positions: list[Position]) -> list[dict[str, float]]:
    """gnubg's cubeful equities (no double, double/take, double/pass) for the side on roll."""
    if GNUBG is None:
        raise SystemExit("Debian's gnubg is not installed (python build.py test installs it)")
    commands = ["set player 0 human", "set player 1 human", "set jacoby off", "set beavers 0", "new game"]
    for position in positions:
        commands += ["set turn 1", "set cube centre", "set cube value 1",
                     f"set board {gnubg_nn.position_id(gnubg_board(position))}", "hint"]
    run = subprocess.run([GNUBG, "-t", "-q"], input="\n".join(commands) + "\n", capture_output=True,
                         text=True, timeout=3600, check=False)
    parts = run.stdout.split("Cube analysis")[1:]
    if len(parts) != len(positions):
        raise SystemExit(f"gnubg answered {len(parts)} cube analyses for {len(positions)} positions:\n"
                         f"{run.stdout[-2000:]}{run.stderr[-2000:]}")
    answers = []
    for part in parts:
        found = {name: pattern.search(part) for name, pattern in _ANSWERS.items()}
        missing = [name for name, match in found.items() if match is None]
        if missing:
            raise SystemExit(f"no {', '.join(missing)} in gnubg's answer:\n{part[:1000]}")
        answers.append({name: float(match.group(1)) for name, match in found.items() if match is not None})
    return answers


def describe(name: str, errors: list[float]) -> str:
    wrong = sum(1 for e in errors if e > 1e-9)
    return f"{name}: {millipoints(errors)}, {wrong} of {len(errors)} decisions wrong"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=500)
    parser.add_argument("--from-win", type=float, default=0.6)
    parser.add_argument("--weights", default=None, metavar="backgammon=FILE",
                        help="judge this network (.nnw) in place of the shipped one")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    if args.weights:
        use_weights(parser, args.weights, games=("backgammon",))
    started = time.time()
    positions = gather(args.positions, args.seed, args.from_win)
    print(f"{len(positions)} positions gathered in {time.time() - started:.0f} s", flush=True)
    answers = cubeful(positions)
    print(f"gnubg's cube analyses in {time.time() - started:.0f} s", flush=True)
    doubling, taking = [], []
    doubles = takes = 0
    for position, answer in zip(positions, answers, strict=True):
        doubled = min(answer["take"], answer["pass"])
        game = Game(BACKGAMMON, position=position)
        double = neural_cube.wants_double(game)
        doubles += double
        doubling.append(max(answer["no_double"], doubled) - (doubled if double else answer["no_double"]))
        take = neural_cube.takes(game)
        takes += take
        taking.append(max(-answer["take"], -answer["pass"]) - (-answer["take"] if take else -answer["pass"]))
    print(describe("doubling", doubling), f"({doubles} doubles)", flush=True)
    print(describe("taking", taking), f"({takes} takes)", flush=True)
    print(f"{time.time() - started:.0f} s in all", flush=True)


if __name__ == "__main__":
    main()
