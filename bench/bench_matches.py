"""Matches between `strongest` that knows the score and the same player blind to it (bench only).

    python bench/bench_bots.py matches [--matches 500] [--length 7] [--only GAME ...] [--level L] [--report]

For narde, khachapuri, moultezim and tawla31 (tawla31 always to 31 points, its own length):
matches of `--length` points between `strongest` told what each outcome is worth at the
score (nardcore.bots.stakes) and `strongest` playing for points as in a single game. The
matches come in pairs on the same dice with the players' colours swapped; a game's winner
starts the next game, the first game's starter is the opening roll's. Both are the numpy port
of the strongest level (train/play.py `net_strongest_player`: the same choices, no time
limit). `--level advanced` plays the same matches at 0 ply (train/play.py
`net_advanced_player`, the `advanced` level's choice): hundreds of times cheaper a match, so
that the full count fits where the look-ahead's does not. The share of matches won has a 95%
interval from the spread of the pairs' results (Wilson's over the matches when that is wider:
few pairs, or pairs all alike).
Results go to train/logs/score-matches.json after every pair: an interrupted run goes on
where it stopped (same weights, same table); progress is printed every 30 s.
"""

from __future__ import annotations

import json
import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from nardcore.bots.neural import network_for
from nardcore.bots.outcomes import Outcomes
from nardcore.bots.stakes import MatchScore, outcome_values
from nardcore.match import default_length
from nardcore.movegen import result_positions
from nardcore.position import Position
from nardcore.scoring import score_game
from nardcore.variant import find_variant
from train.npnet import Net
from train.play import MAX_TURNS, Player, net_advanced_player, net_strongest_player

ROOT = Path(__file__).resolve().parent.parent
CHECKPOINT = ROOT / "train" / "logs" / "score-matches.json"
GAMES = ("narde", "khachapuri", "moultezim", "tawla31")
SEED = 2026


@dataclass
class Board:
    """The match score as the players see it: white's and black's points, the length."""

    length: int
    score: tuple[int, int] = (0, 0)


LEVELS: dict[str, Callable[..., Player]] = {"strongest": net_strongest_player, "advanced": net_advanced_player}


def knowing(net: Net, board: Board, level: str = "strongest") -> Player:
    """The level told the score: the values of the side to play at the score on `board`."""

    def values(position: Position) -> Outcomes | None:
        side = position.turn
        return outcome_values(net.variant_name, MatchScore(board.length, board.score[side], board.score[1 - side]))

    return LEVELS[level](net, values_for=values)


def play_match(name: str, players: Sequence[Player], board: Board, rng: random.Random) -> int:
    """One match; the winner (0 white, 1 black)."""
    variant = find_variant(name)
    board.score = (0, 0)
    starter: int | None = None
    while max(board.score) < board.length:
        if starter is None:  # the opening roll: the higher die starts (and rolls again)
            while True:
                white, black = rng.randint(1, 6), rng.randint(1, 6)
                if white != black:
                    starter = 0 if white > black else 1
                    break
        position = Position.start(variant, turn=starter)
        for _ in range(MAX_TURNS):
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            results = result_positions(position, dice)
            position = results[0] if len(results) == 1 else players[position.turn](position, dice, results)
            winner = position.winner()
            if winner is not None:
                points = score_game(position, winner).points
                score = list(board.score)
                score[winner] += points
                board.score = (score[0], score[1])
                starter = winner  # the winner starts the next game
                break
        else:
            raise RuntimeError(f"no end after {MAX_TURNS} turns: {position}")
    return 0 if board.score[0] >= board.length else 1


def interval(pairs: Sequence[float]) -> tuple[float, float, float]:
    """The share of matches won by the first player, with a 95% interval (pairs: the share won
    in each pair of matches: 0, 0.5 or 1): from the spread of the pairs' results, or Wilson's
    interval over the matches as if unpaired when that is wider (few pairs, or pairs all alike)."""
    n = len(pairs)
    mean = sum(pairs) / n if n else 0.5
    if n < 2:
        return mean, 0.0, 1.0
    spread = math.sqrt(sum((p - mean) ** 2 for p in pairs) / (n - 1) / n)
    low, high = mean - 1.96 * spread, mean + 1.96 * spread
    matches, z = 2 * n, 1.96
    centre = (mean + z * z / (2 * matches)) / (1 + z * z / matches)
    half = z * math.sqrt(mean * (1 - mean) / matches + z * z / (4 * matches * matches)) / (1 + z * z / matches)
    if 2 * half > high - low:
        low, high = centre - half, centre + half
    return mean, max(0.0, low), min(1.0, high)


def load() -> dict[str, dict[str, object]]:
    try:
        found: dict[str, dict[str, object]] = json.loads(CHECKPOINT.read_text(encoding="utf-8"))
        return found
    except (OSError, ValueError):
        return {}


def save(key: str, entry: dict[str, object]) -> None:
    data = load()  # read afresh: another run (another game) may have written its own entry
    data[key] = entry
    temp = CHECKPOINT.with_suffix(".tmp")
    temp.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    temp.replace(CHECKPOINT)


def describe(name: str, pairs: Sequence[float], length: int, seconds: float, target: int,
             level: str = "strongest") -> str:
    share, low, high = interval(pairs)
    done = "" if 2 * len(pairs) >= target else f" (unfinished: {2 * len(pairs)} of {target})"
    return (f"{name}, matches to {length}: score-aware {level} won {share:.1%} [{low:.1%}, {high:.1%}] of "
            f"{2 * len(pairs)} matches against the score-blind one, {seconds / 60:.0f} min{done}")


def matches(count: int, length: int, only: list[str], report: bool, digest: dict[str, str],
            level: str = "strongest") -> None:
    """Play (or, with `report`, show) `count` matches a game, in pairs, resuming the checkpoint."""
    for name in GAMES:
        if only and name not in only:
            continue
        to = default_length(name) if find_variant(name).fixed_match_length else length
        key = f"{name} / to {to} / {level} knowing the score vs blind / weights {digest[name]}"
        stored = load().get(key, {})
        pairs = [float(p) for p in stored.get("pairs", [])]  # type: ignore[attr-defined]
        seconds = float(stored.get("seconds", 0.0))  # type: ignore[arg-type]
        if report:
            if pairs:
                print(describe(name, pairs, to, seconds, count, level))
            continue
        network = network_for(name)
        assert network is not None
        net = Net.from_network(network)
        board = Board(to)
        blind = LEVELS[level](net)
        aware = knowing(net, board, level)
        start, last_note, pairs_before = time.time(), time.time(), len(pairs)
        for pair in range(len(pairs), count // 2):
            won = 0.0
            for aware_side in (0, 1):
                players = [aware, blind] if aware_side == 0 else [blind, aware]
                won += play_match(name, players, board, random.Random(f"{SEED}:{name}:{pair}")) == aware_side
            pairs.append(won / 2)
            elapsed = time.time() - start
            save(key, {"pairs": pairs, "seconds": seconds + elapsed})
            if time.time() - last_note > 30:
                last_note = time.time()
                share, low, high = interval(pairs)
                rate = (len(pairs) - pairs_before) / elapsed if elapsed else 0.0
                left = (count // 2 - len(pairs)) / rate / 60 if rate else 0.0
                print(f"  {name}: {2 * len(pairs)} of {count} matches, {share:.1%} [{low:.1%}, {high:.1%}] so far, "
                      f"{left:.0f} min left", flush=True)
        print(describe(name, pairs, to, seconds + time.time() - start, count, level), flush=True)
