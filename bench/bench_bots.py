"""The computer's strength and think time (a benchmark, not a test; needs the `train` and `test` extras).

    python bench/bench_bots.py strength [--games 2000] [--only NAME ...] [--report] [--weights VARIANT=FILE]
    python bench/bench_bots.py think [--positions 200] [--only GAME ...] [--weights VARIANT=FILE]
    python bench/bench_bots.py matches [--matches 500] [--length 7] [--only GAME ...] [--level L] [--report]

strength: pairings of cubeless games, half of them with colours swapped on the same dice,
points scored by each game's rules, each share with a 95% interval:
  backgammon: strongest vs pubeval (target >= 70%), vs gnubg 0-ply and vs Open Sage's 1ply
  network (>= 50% each);
  the other four: strongest vs the heuristic player (>= 85%), vs random plays (>= 98%);
  each game: strongest vs `frozen`, the same player on the network shipped on 2026-11-28
  (bench/frozen/, >= 60%), and every level against the one below it (the higher wins more points);
  the other four: `strongest-deepened` vs `frozen`, backgammon's two-ply deepening in that game;
  khachapuri: `strongest-deeper` vs `frozen`, deepening all 21 rolls in more decisions.
The `strongest` and `beginner` levels are played by numpy ports of nardcore's pure-Python
players (train/play.py: the same network, candidates and look-ahead, no time limit), so that
thousands of games fit in an hour; `think` times the pure-Python player itself. Results are
kept in .bench/strength.json after every pair of games: an interrupted run goes on where it
stopped, as long as the network is the same (the beginner's and the random player's draws
then differ from an unbroken run's); `--report` prints them. Runs of different pairings
(`--only`) may go at once, one per core: each writes only its own pairing's entry.
`--no-bearoff`: the players without the bear-off database (the network alone in home-board
races as well; a result of its own in the file), to measure what the database brings.

matches: in narde, khachapuri, moultezim and tawla31 (to 31), matches between `strongest` that
knows the score and the score-blind `strongest`, with 95% intervals (bench/bench_matches.py);
`--level advanced`: the same at 0 ply.

think: the strongest level's time per move (pure Python, its 0.4 s budget) on positions
from games, median and 95th percentile, per game.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

from nardcore.bots import bearoff, neural  # noqa: E402
from nardcore.bots.levels import make_bot  # noqa: E402
from nardcore.bots.neural import Network, network_for  # noqa: E402
from nardcore.bots.neural_bot import BEGINNER_TEMPERATURE, DEEPEN_GAP  # noqa: E402
from nardcore.dice import ROLLS  # noqa: E402
from nardcore.movegen import result_positions  # noqa: E402
from nardcore.position import Position  # noqa: E402
from nardcore.variant import VARIANT_NAMES  # noqa: E402
from train.npnet import Net  # noqa: E402
from train.play import (  # noqa: E402
    Player,
    Score,
    heuristic_player,
    match_up,
    net_lookahead_player,
    net_player,
    net_strongest_player,
    net_two_ply_player,
    random_player,
    softmax_player,
)

TARGETS = {"pubeval": 0.70, "gnubg0": 0.50, "sage1": 0.50, "frozen": 0.60, "heuristic": 0.85, "random": 0.98}


# A candidate network to measure in place of the shipped one (`--weights VARIANT=FILE`).
CANDIDATES: dict[str, Path] = {}


# Each game's network as shipped on 2026-11-28, kept as an opponent that does not move when the
# shipped one improves: `strongest` against `frozen` (the same look-ahead on these weights).
FROZEN = ROOT / "bench" / "frozen"


def use_weights(parser: argparse.ArgumentParser, item: str, games: tuple[str, ...] = VARIANT_NAMES) -> None:
    """`--weights VARIANT=FILE`: that network in place of the shipped one, for the numpy players
    and for nardcore's own (the pure-Python player, the cube)."""
    variant, _, file = item.partition("=")
    if variant not in games or not Path(file).is_file():
        parser.error(f"--weights wants VARIANT=FILE with a game of {', '.join(games)} and an existing file, "
                     f"not {item!r}")
    CANDIDATES[variant] = Path(file).resolve()
    neural._SHIPPED[variant] = CANDIDATES[variant].read_bytes()
    neural.network_for.cache_clear()


def numpy_net(variant: str, frozen: bool = False) -> Net:
    candidate = FROZEN / f"{variant}.nnw" if frozen else CANDIDATES.get(variant)
    network = Network.from_bytes(candidate.read_bytes()) if candidate else network_for(variant)
    if network is None:
        raise SystemExit(f"no trained network for {variant}")
    return Net.from_network(network)


def players(variant: str) -> dict[str, Callable[[], Player]]:
    net = numpy_net(variant)
    found: dict[str, Callable[[], Player]] = {
        "beginner": lambda: softmax_player(net, BEGINNER_TEMPERATURE[variant], random.Random(1)),
        "intermediate": heuristic_player,
        "advanced": lambda: net_player(net),
        "strongest": lambda: net_strongest_player(net),
        "heuristic": heuristic_player,
        "random": lambda: random_player(random.Random(2)),
        "frozen": lambda: net_lookahead_player(numpy_net(variant, frozen=True)),
        # look-ahead variants measured against `strongest` (docs/training.md, "Look-ahead")
        "strongest-1ply": lambda: net_lookahead_player(net),
        # backgammon's two-ply deepening in any game: whether it should ship there too
        "strongest-deepened": lambda: net_strongest_player(net, games=(variant,)),
        # deeper still: all 21 rolls, in decisions three times as close
        "strongest-deeper": lambda: net_strongest_player(net, deepen_rolls=len(ROLLS), deepen_gap=3 * DEEPEN_GAP,
                                                         games=(variant,)),
        "strongest-blend": lambda: net_lookahead_player(net, blend=0.5),
        "strongest-wide": lambda: net_lookahead_player(net, candidates=10, margin_share=0.2),
        "two-ply": lambda: net_two_ply_player(net),
    }
    if variant == "backgammon":
        from train.opponents import gnubg_player, pubeval_player

        found["pubeval"] = pubeval_player
        found["gnubg0"] = gnubg_player
        found["sage1"] = sage1_player
    return found


def sage1_player() -> Player:
    """Open Sage's network at 1 ply (its own choice, cubeless): bench-only, from the train extra."""
    from train.sage import sage_player

    return sage_player()


def pairings() -> list[tuple[str, str, str]]:
    found = [("backgammon", "strongest", "pubeval"), ("backgammon", "strongest", "gnubg0"),
             ("backgammon", "strongest", "sage1")]
    for variant in VARIANT_NAMES[1:]:
        found += [(variant, "strongest", "heuristic"), (variant, "strongest", "random")]
    found += [(variant, "strongest", "frozen") for variant in VARIANT_NAMES]
    found += [(variant, "strongest-deepened", "frozen") for variant in VARIANT_NAMES[1:]]
    found += [("khachapuri", "strongest-deeper", "frozen")]  # the game whose target was met on the point
    for variant in VARIANT_NAMES:
        found += [(variant, "intermediate", "beginner"), (variant, "advanced", "intermediate"),
                  (variant, "strongest", "advanced")]
    return found


# runs in progress and done; out of git unless --results puts them elsewhere (a run that outlasts
# a session is committed under train/logs/ and goes on from there in the next)
RESULTS = ROOT / ".bench" / "strength.json"


def weights_digest(variant: str) -> str:
    """Which network a result belongs to: a run of other weights starts afresh."""
    path = CANDIDATES.get(variant, ROOT / "nardcore" / "bots" / "weights" / f"{variant}.nnw")
    return hashlib.sha256(path.read_bytes()).hexdigest()[:12]


def load_results(path: Path | None = None) -> dict[str, dict[str, Any]]:
    """The results file (RESULTS unless `path`), empty when missing or unreadable."""
    try:
        found = json.loads((path or RESULTS).read_text())
    except (OSError, ValueError):
        return {}
    return found if isinstance(found, dict) else {}


def save_result(key: str, entry: dict[str, Any], path: Path | None = None) -> None:
    """One entry (a pairing's result) into the file, read afresh first: runs of other pairings
    may be writing theirs at the same time (`--only`), and each rewrites its own on every save."""
    path = path or RESULTS
    path.parent.mkdir(parents=True, exist_ok=True)
    results = load_results(path)
    results[key] = entry
    temp = path.with_suffix(f".{os.getpid()}.tmp")
    temp.write_text(json.dumps(results, indent=1))
    temp.replace(path)


def describe(name: str, ours: str, theirs: str, score: Score, seconds: float) -> str:
    low, high = score.interval()
    target = TARGETS.get(theirs, 0.5)  # against a level: more than half of the points
    verdict = "  met" if score.share >= target else f"  MISSED (target {target:.0%})"
    return (f"{name}: {score.share:.1%} of the points [{low:.1%}, {high:.1%}] in {score.games} games, "
            f"{seconds:.0f} s{verdict}")


def strength(games: int, only: list[str], report: bool) -> None:
    """Every pairing; each resumes from .bench/strength.json when interrupted (same weights)."""
    for variant, ours, theirs in pairings():
        name = f"{variant}: {ours} vs {theirs}"
        if only and not any(word in name for word in only):
            continue
        key = f"{name} / {games} games / weights {weights_digest(variant)}"
        if "beginner" in name:  # another temperature is another player
            key += f" / temperature {BEGINNER_TEMPERATURE[variant]}"
        key += " / bear-off database" if bearoff.database() is not None else " / no bear-off database"
        stored = load_results().get(key, {})  # read afresh: another run may have added to it
        score = Score(stored.get("games", 0), stored.get("for", 0), stored.get("against", 0),
                      stored.get("per_pair", []))
        seconds = stored.get("seconds", 0.0)
        if report:
            if score.games:
                done = "" if score.games >= games else f" (unfinished: {score.games} of {games})"
                print(describe(name, ours, theirs, score, seconds) + done)
            continue
        table = players(variant)
        start, last_note = time.time(), time.time()
        pairs_before = len(score.per_pair or [])

        def keep(progress: Score) -> None:
            nonlocal last_note
            elapsed = time.time() - start
            save_result(key, {"games": progress.games, "for": progress.points_for, "against": progress.points_against,
                              "per_pair": progress.per_pair, "seconds": seconds + elapsed})
            if time.time() - last_note > 30:
                last_note = time.time()
                done = len(progress.per_pair or [])
                rate = (done - pairs_before) / elapsed
                left = (games // 2 - done) / rate / 60 if rate else 0.0
                print(f"  {name}: {progress.games} of {games} games, {progress.share:.1%} so far, "
                      f"{left:.0f} min left", flush=True)

        score = match_up(variant, table[ours](), table[theirs](), games // 2, seed=2026, score=score, on_pair=keep)
        print(describe(name, ours, theirs, score, seconds + time.time() - start), flush=True)


def think(count: int, only: list[str]) -> None:
    for variant in VARIANT_NAMES:
        if only and variant not in only:
            continue
        bot = make_bot("strongest")
        rng = random.Random(4)
        times: list[float] = []
        position = Position.start(variant)
        while len(times) < count:
            if position.winner() is not None:
                position = Position.start(variant, turn=rng.randint(0, 1))
            results = result_positions(position, (rng.randint(1, 6), rng.randint(1, 6)))
            start = time.perf_counter()
            position = bot.choose_play(position, results)
            if len(results) > 1:
                times.append(time.perf_counter() - start)
        times.sort()
        p95 = times[int(0.95 * (len(times) - 1))]
        print(f"{variant}: strongest thinks {statistics.median(times):.3f} s median, {p95:.3f} s at the 95th "
              f"percentile, {times[-1]:.3f} s at most ({len(times)} moves)", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("what", choices=["strength", "think", "matches"], nargs="?", default="think")
    parser.add_argument("--matches", type=int, default=500, help="matches per game (matches)")
    parser.add_argument("--length", type=int, default=7, help="match length (matches; tawla31 plays to 31)")
    parser.add_argument("--level", choices=["strongest", "advanced"], default="strongest",
                        help="the level that plays the matches (matches)")
    parser.add_argument("--games", type=int, default=2000, help="games per pairing (strength)")
    parser.add_argument("--only", nargs="*", default=[],
                        help="pairings whose name holds one of these words (think: these games)")
    parser.add_argument("--report", action="store_true", help="print the stored results, play nothing (strength)")
    parser.add_argument("--positions", type=int, default=200, help="moves timed per game (think)")
    parser.add_argument("--weights", action="append", default=[], metavar="VARIANT=FILE",
                        help="measure this network (.nnw) in place of the shipped one")
    parser.add_argument("--results", type=Path, default=None,
                        help="the file of results kept between runs (strength; default .bench/strength.json)")
    parser.add_argument("--no-bearoff", action="store_true",
                        help="play without the bear-off database: the network in home-board races too")
    args = parser.parse_args()
    if args.results:
        global RESULTS
        RESULTS = args.results.resolve()
    if args.no_bearoff:
        bearoff._SHIPPED = None  # race_outcomes then answers None: Network.evaluate and train/play.py
        bearoff.database.cache_clear()  # use the network
    for item in args.weights:
        use_weights(parser, item)
    if args.what == "strength":
        strength(args.games, args.only, args.report)
    elif args.what == "matches":
        from bench.bench_matches import GAMES, matches
        matches(args.matches, args.length, args.only, args.report, {name: weights_digest(name) for name in GAMES},
                args.level)
    else:
        think(args.positions, args.only)


if __name__ == "__main__":
    main()
