"""Backgammon cube decisions judged by gnubg's cubeful evaluation (a benchmark; `train` and `test` extras).

    python bench/bench_cube.py [--positions 500] [--weights backgammon=FILE] [--from-win 0.6]
                               [--scores money|all] [--per-score 30]

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

`--scores all` adds match play, in a match to 7 (gnubg's equities as equivalent money
equity, EMG, so that the errors read as at money): every score from 2-away to 7-away for
either side (36 scores), and post-Crawford (the trailer 2- to 7-away on roll, the leader
1-away: 6 scores), `--per-score` positions each, taken in turn from the money positions.
The Crawford game has no cube, so no decision to judge. gnubg's answers are kept in
.bench/cube-gnubg.json, so a second run asks gnubg only what it has not answered yet.
"""

from __future__ import annotations

import argparse
import itertools
import json
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
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


CACHE = ROOT / ".bench" / "cube-gnubg.json"


@dataclass(frozen=True)
class Setting:
    """Money (match 0), or a match score: the side on roll needs `need`, the other `other`."""

    match: int = 0
    need: int = 0
    other: int = 0
    post_crawford: bool = False

    @property
    def label(self) -> str:
        if not self.match:
            return "money"
        return f"{self.need}-away {self.other}-away{' post-Crawford' if self.post_crawford else ''}"

    def commands(self) -> list[str]:
        if not self.match:
            return []
        # gnubg's player 1 is the side on roll (set turn 1); scores are player 0's, then player 1's
        lines = [f"set score {self.match - self.other} {self.match - self.need}"]
        if 1 in (self.need, self.other):
            lines += ["set crawford off", f"set postcrawford {'on' if self.post_crawford else 'off'}"]
        return lines


MATCH = 7
# post-Crawford the leader's cube is dead (gnubg gives it no cube analysis): the trailer doubles
SETTINGS = [Setting(MATCH, a, b) for a in range(2, 8) for b in range(2, 8)] + [
    Setting(MATCH, a, 1, True) for a in range(2, 8)]


def cubeful(positions: list[Position], setting: Setting = Setting()) -> list[dict[str, float]]:
    """gnubg's cubeful equities (no double, double/take, double/pass) for the side on roll,
    at money or at a match score (EMG), from the cache or asked of gnubg."""
    if GNUBG is None:
        raise SystemExit("Debian's gnubg is not installed (python build.py test installs it)")
    cache: dict[str, dict[str, float]] = json.loads(CACHE.read_text()) if CACHE.exists() else {}
    keys = [f"{gnubg_nn.position_id(gnubg_board(p))} {setting.label}" for p in positions]
    asked = [(key, p) for key, p in dict(zip(keys, positions, strict=True)).items() if key not in cache]
    if asked:
        start = (["set jacoby off", "set beavers 0", "new game"] if not setting.match
                 else ["set output mwc off", f"new match {setting.match}"])
        commands = ["set player 0 human", "set player 1 human", *start]
        for _, position in asked:
            commands += [*setting.commands(), "set turn 1", "set cube centre", "set cube value 1",
                         f"set board {gnubg_nn.position_id(gnubg_board(position))}", "hint"]
        run = subprocess.run([GNUBG, "-t", "-q"], input="\n".join(commands) + "\n", capture_output=True,
                             text=True, timeout=3600, check=False)
        parts = run.stdout.split("Cube analysis")[1:]
        if len(parts) != len(asked):
            raise SystemExit(f"gnubg answered {len(parts)} cube analyses for {len(asked)} positions:\n"
                             f"{run.stdout[-2000:]}{run.stderr[-2000:]}")
        for (key, _), part in zip(asked, parts, strict=True):
            found = {name: pattern.search(part) for name, pattern in _ANSWERS.items()}
            missing = [name for name, match in found.items() if match is None]
            if missing:
                raise SystemExit(f"no {', '.join(missing)} in gnubg's answer:\n{part[:1000]}")
            cache[key] = {name: float(match.group(1)) for name, match in found.items() if match is not None}
        CACHE.parent.mkdir(exist_ok=True)
        CACHE.write_text(json.dumps(cache))
    return [cache[key] for key in keys]


def game_at(position: Position, setting: Setting) -> Game:
    """The game of `position` before its roll, at the setting's score (cube centred)."""
    if not setting.match:
        return Game(BACKGAMMON, position=position)
    side = position.turn
    score = [0, 0]
    score[side], score[1 - side] = setting.match - setting.need, setting.match - setting.other
    return Game(BACKGAMMON, position=position, match_length=setting.match, score=(score[0], score[1]))


def judge(positions: list[Position], setting: Setting) -> tuple[list[float], list[float], int, int]:
    """The doubling and taking errors (gnubg's equity units), and the doubles and takes chosen."""
    answers = cubeful(positions, setting)
    doubling, taking = [], []
    doubles = takes = 0
    for position, answer in zip(positions, answers, strict=True):
        doubled = min(answer["take"], answer["pass"])
        game = game_at(position, setting)
        double = neural_cube.wants_double(game)
        doubles += double
        doubling.append(max(answer["no_double"], doubled) - (doubled if double else answer["no_double"]))
        game.double()
        take = neural_cube.takes(game)
        takes += take
        taking.append(max(-answer["take"], -answer["pass"]) - (-answer["take"] if take else -answer["pass"]))
    return doubling, taking, doubles, takes


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
    parser.add_argument("--scores", choices=("money", "all"), default="money")
    parser.add_argument("--per-score", type=int, default=30, help="positions at each match score (--scores all)")
    args = parser.parse_args()
    if args.weights:
        use_weights(parser, args.weights, games=("backgammon",))
    started = time.time()
    positions = gather(args.positions, args.seed, args.from_win)
    print(f"{len(positions)} positions gathered in {time.time() - started:.0f} s", flush=True)
    doubling, taking, doubles, takes = judge(positions, Setting())
    print(f"gnubg's cube analyses in {time.time() - started:.0f} s", flush=True)
    print(describe("doubling", doubling), f"({doubles} doubles)", flush=True)
    print(describe("taking", taking), f"({takes} takes)", flush=True)
    if args.scores == "all":
        groups: dict[str, tuple[list[float], list[float]]] = {"2- to 7-away": ([], []), "post-Crawford": ([], [])}
        for number, setting in enumerate(SETTINGS):
            first = number * args.per_score % len(positions)
            chosen = (positions + positions)[first:first + args.per_score]
            doubling, taking, doubles, takes = judge(chosen, setting)
            group = groups["post-Crawford" if setting.post_crawford else "2- to 7-away"]
            group[0].extend(doubling)
            group[1].extend(taking)
            print(f"{setting.label}: doubling {1000 * sum(doubling) / len(doubling):.1f}, "
                  f"taking {1000 * sum(taking) / len(taking):.1f} millipoints ({doubles} doubles, {takes} takes)",
                  flush=True)
        for name, (doubling, taking) in groups.items():
            print(f"match, {name} (EMG):", describe("doubling", doubling), flush=True)
            print(f"match, {name} (EMG):", describe("taking", taking), flush=True)
    print(f"{time.time() - started:.0f} s in all", flush=True)


if __name__ == "__main__":
    main()
