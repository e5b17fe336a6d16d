"""Checker-play error rates in the four games without an outside engine, judged by rollouts
(a benchmark; `train` and `test` extras).

    python bench/bench_rollout_errors.py VARIANT [--decisions 300] [--games 288] [--plies 6] [--top 3]
                                         [--players strongest frozen advanced heuristic beginner]
                                         [--weights VARIANT=FILE] [--results FILE] [--report]

Backgammon's error rates are judged by gnubg (bench_errors.py); narde, khachapuri, moultezim
and tawla 31 have no engine but ours, and a network judged by itself at 0 or 1 ply only
agrees with itself. Rollouts are the judge that sees further: each candidate play is played
out `--games` times on the dice of `nardcore.bots.rollout` (the app's rollouts: the first two
rolls stratified, game g of every candidate on the same dice) by the frozen network
(bench/frozen/, the networks shipped on 2026-11-28) at 0 ply on both sides, in numpy. The
judge stays the same when the shipped network changes, so figures for different candidates
compare.

By default the games are truncated: after `--plies` turns the frozen network values the
position at 0 ply (exact when the game is over or a home-board race). Played to the end
(`--plies 0`, home-board races ended by the bear-off database) the games of two candidates
drift apart whatever the dice: in moultezim the per-game difference between a decision's two
best plays has a standard deviation near 1.3 points, so 72 games leave some 150 millipoints of
noise on each decision, where the errors to measure are tens; after 6 plies it is near 0.28,
and 288 games leave about 16, at a seventh of the cost a game. The price is the leaves: the
frozen network's own misjudgements six plies on still count, so the judge is deeper than any
player here but not an outside one.

The decisions come from real play: seeded games of `frozen` (1 ply) against the heuristic
player, each side in turn, a quarter of the turns with more than one distinct result, until
`--decisions` are gathered. On each, the candidates rolled out are the `--top` best at 0 ply
by the frozen network and every player's choice; the best rollout equity is taken as right,
and a choice's error is the equity it gives up against it, in thousandths of a point of the
game's own scoring (khachapuri's and tawla 31's largest win is 30 and 15 points, the others'
2 or 3: compare players within a game, not games). A player's figure is the mean over the
decisions with a 95% interval; the paired difference against the first player is the sharper.

The rollout equities of each decision are kept (`.bench/rollout-errors.json`, or `--results`)
as they are made: an interrupted run goes on where it stopped, and a later run with another
network rolls out only the plays it chooses that were not rolled out before (on the same dice).
`--report` prints the figures from the kept rollouts without rolling out anything.
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import random
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

from bench.bench_bots import FROZEN, load_results, numpy_net, players, save_result, use_weights  # noqa: E402
from bench.bench_errors import Decision, millipoints, real_play  # noqa: E402
from nardcore.bots.outcomes import OUTCOMES  # noqa: E402
from nardcore.bots.rollout import Chooser, game_rolls, play_out  # noqa: E402
from nardcore.movegen import result_positions  # noqa: E402
from nardcore.position import Position  # noqa: E402
from nardcore.variant import VARIANT_NAMES, find_variant  # noqa: E402
from train.play import Player, net_player, on_roll_equities  # noqa: E402

GAMES = VARIANT_NAMES[1:]
RESULTS = ROOT / ".bench" / "rollout-errors.json"
SAMPLED = 0.25  # the share of decisions kept: spread over more games than every turn of a few
SEED = 2026


def gather(variant_name: str, count: int, seed: int) -> list[Decision]:
    """A share of the turns with more than one distinct result of seeded games of `frozen`
    against the heuristic player, each side in turn."""
    table = players(variant_name)
    games = real_play(find_variant(variant_name), [table["frozen"](), table["heuristic"]()], seed)
    pick = random.Random(seed + 1)  # its own draws: the games' dice do not depend on the sampling
    found = (turn for turn in games if len(turn[2]) > 1 and pick.random() < SAMPLED)
    return list(itertools.islice(found, count))


class Judge:
    """Rollout equities of a decision's candidates, for the side that plays them, kept by
    candidate (its position string) so that a later run reuses them."""

    def __init__(self, variant_name: str, games: int, plies: int, path: Path) -> None:
        self.variant_name = variant_name
        self.games = games
        self.plies = plies
        self.path = path
        frozen = (FROZEN / f"{variant_name}.nnw").read_bytes()
        depth = f"{plies} plies" if plies else "to the end"
        self.key = (f"{variant_name} / {games} games {depth} / seed {SEED} / "
                    f"judge {hashlib.sha256(frozen).hexdigest()[:12]}")
        self.spec = OUTCOMES[variant_name]
        self.weights = np.array(self.spec.weights)
        self.net = numpy_net(variant_name, frozen=True)
        greedy = net_player(self.net)
        self.choose: Chooser = lambda position, results: greedy(position, (0, 0), results)  # dice unused
        self.kept: dict[str, dict[str, float]] = load_results(path).get(self.key, {})

    def save(self) -> None:
        """Into the file read afresh (runs of other games may write theirs at the same time)."""
        save_result(self.key, self.kept, self.path)

    def equities(self, index: int, results: list[Position], wanted: set[int]) -> dict[int, float]:
        """The rollout equity of each wanted candidate of decision `index` (rolled out if new)."""
        record = self.kept.setdefault(str(index), {})
        for i in sorted(wanted):
            text = results[i].format()
            if text not in record:
                record[text] = self.roll_out(results[i], index)
        return {i: record[results[i].format()] for i in wanted}

    def roll_out(self, result: Position, index: int) -> float:
        """Mean points of `games` games from the result, for the side that played it; game g
        of every candidate of a decision on the same dice."""
        side = 1 - result.turn
        total = 0.0
        for game in range(self.games):
            rolls = game_rolls(SEED + index, game)
            if not self.plies:
                total += self.spec.equity(self.spec.flip(play_out(result, self.choose, rolls)))
                continue
            position = result
            for _ in range(self.plies):
                if position.winner() is not None:
                    break
                results = result_positions(position, next(rolls))
                position = results[0] if len(results) == 1 else self.choose(position, results)
            value = float(on_roll_equities(self.net, self.spec, self.weights, [position])[0])
            total += value if position.turn == side else -value
        return total / self.games


def judge(decisions: list[Decision], table: dict[str, Player], rollouts: Judge, top: int,
          report: bool) -> dict[str, list[float]]:
    """Each player's error on each decision (`report`: only decisions whose needed rollouts
    are all kept)."""
    errors: dict[str, list[float]] = {name: [] for name in table}
    start, last_note, rolled = time.time(), time.time(), 0
    for index, (position, dice, results) in enumerate(decisions):
        chosen = {name: results.index(player(position, dice, results)) for name, player in table.items()}
        quick = -on_roll_equities(rollouts.net, rollouts.spec, rollouts.weights, results)
        best_quick = sorted(range(len(results)), key=lambda i: (-quick[i], results[i].format()))[:top]
        wanted = set(best_quick) | set(chosen.values())
        record = rollouts.kept.get(str(index), {})
        if report and any(results[i].format() not in record for i in wanted):
            continue
        values = rollouts.equities(index, results, wanted)
        if not report and len(rollouts.kept[str(index)]) > len(record):
            rolled += 1
            rollouts.save()
        best = max(values.values())
        for name, i in chosen.items():
            errors[name].append(best - values[i])
        if not report and time.time() - last_note > 30:
            last_note = time.time()
            rate = rolled / (time.time() - start)
            left = (len(decisions) - index - 1) / rate / 60 if rate else 0.0
            print(f"  {index + 1} of {len(decisions)} decisions judged, {left:.0f} min left", flush=True)
    return errors


def describe(name: str, errors: list[float]) -> str:
    wrong = sum(1 for e in errors if e > 1e-9) / len(errors)
    return f"{name}: {millipoints(errors)}, {wrong:.1%} of choices not the rollouts' best, {len(errors)} decisions"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("variant", choices=GAMES)
    parser.add_argument("--decisions", type=int, default=300)
    parser.add_argument("--games", type=int, default=288, help="games a candidate is played out")
    parser.add_argument("--plies", type=int, default=6,
                        help="turns played before the frozen network values the position (0: to the end)")
    parser.add_argument("--top", type=int, default=3, help="the best plays at 0 ply rolled out besides the choices")
    parser.add_argument("--players", nargs="*", default=["strongest", "frozen", "advanced", "heuristic", "beginner"])
    parser.add_argument("--weights", default=None, metavar="VARIANT=FILE",
                        help="judge this network (.nnw) in place of the shipped one")
    parser.add_argument("--results", type=Path, default=RESULTS)
    parser.add_argument("--report", action="store_true", help="the figures from the kept rollouts only")
    args = parser.parse_args()
    if args.decisions < 1 or args.games < 1 or args.top < 1 or args.plies < 0:
        parser.error("--decisions, --games and --top want at least 1, --plies at least 0")
    if args.weights:
        use_weights(parser, args.weights, games=GAMES)
    available = players(args.variant)
    unknown = [name for name in args.players if name not in available]
    if not args.players or unknown:
        parser.error(f"no such player: {', '.join(unknown)} (known: {', '.join(available)})")
    started = time.time()
    decisions = gather(args.variant, args.decisions, SEED)
    print(f"{len(decisions)} decisions gathered in {time.time() - started:.0f} s", flush=True)
    rollouts = Judge(args.variant, args.games, args.plies, args.results)
    errors = judge(decisions, {name: available[name]() for name in args.players}, rollouts, args.top, args.report)
    if not errors[args.players[0]]:
        print("no decision judged yet")
        return
    for name in args.players:
        print(describe(name, errors[name]), flush=True)
    first = args.players[0]
    for name in args.players[1:]:
        gaps = [a - b for a, b in zip(errors[name], errors[first], strict=True)]
        print(f"{name} minus {first}: {millipoints(gaps)}", flush=True)
    print(f"{time.time() - started:.0f} s in all", flush=True)


if __name__ == "__main__":
    main()
