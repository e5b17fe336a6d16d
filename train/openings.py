"""Opening books: every opening roll's plays worth considering, rolled out, and the best reply
to each second roll.

    python -m train.openings GAME [--games 1296] [--plies 10] [--candidates 6] [--luck]
                                  [--from-book] [--chunked] [--rolls D1D2 ...]
                                  [--replies] [--reply-games 324] [--reply-candidates 4] [--ship]

The opening: in backgammon the starter plays the two dice of the opening roll, never a double
(15 rolls); in the other four games the starter rolls both dice again (21 rolls, doubles too;
docs/RULES.md §2.8). For each roll the candidates are the roll's best plays by the shipped
network at 0 ply (`--candidates`), each played out `--games` times by that network at 0 ply on
both sides, in numpy, all candidates of a roll on the same dice (the first two rolls of game g
stratified as in `nardcore.bots.rollout`); after `--plies` turns the network values the position
(exact when the game is over or a home-board race). `--replies` does the same for the second
roll: from the position after the book's best play of each opening roll, each of the 21 rolls of
the other side, `--reply-candidates` plays, `--reply-games` games each.

Every roll's figures are written to `train/logs/openings-GAME.json` as soon as its rollouts end,
so an interrupted run goes on with the next roll. `--ship` writes the book the app and the
command line read (`nardcore/books/GAME.json`) from the kept figures. The method, the figures and
the rollout noise left are in docs/openings.md.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from nardcore.books import book_entry as shipped_entry
from nardcore.bots.bearoff import race_outcomes
from nardcore.bots.neural import network_for
from nardcore.bots.outcomes import OUTCOMES, Outcomes
from nardcore.bots.rollout import game_rolls, outcome_names
from nardcore.dice import ROLLS
from nardcore.movegen import legal_plays, result_positions
from nardcore.notation import format_play
from nardcore.position import Position
from nardcore.variant import VARIANT_NAMES, find_variant

from .npnet import Net
from .play import on_roll_equities, on_roll_outcomes

ROOT = Path(__file__).resolve().parent.parent
LOGS = ROOT / "train" / "logs"
BOOKS = ROOT / "nardcore" / "books"
Z95 = 1.959964
CHUNK = 36  # games a chunk of a run kept as it goes (`partial`): the first two rolls stratified over 36
TO_THE_END = 10_000  # `--plies 0`: games played out (home-board races ended by the bear-off database)


def opening_rolls(variant_name: str) -> list[tuple[int, int]]:
    """The rolls a game's first play is made with, higher die first."""
    rolls = [(roll.high, roll.low) for roll in ROLLS]
    return [dice for dice in rolls if dice[0] != dice[1]] if variant_name == "backgammon" else rolls


def candidates(net: Net, spec: Outcomes, position: Position, dice: tuple[int, int],
               count: int) -> list[tuple[str, Position]]:
    """The roll's best `count` plays by the network at 0 ply (notation, resulting position)."""
    plays = legal_plays(position, dice)
    if not plays:
        return [("", position.pass_turn())]
    results = list(plays)
    mine = -on_roll_equities(net, spec, np.array(spec.weights), results)
    order = sorted(range(len(results)), key=lambda i: (-mine[i], results[i].format()))[:count]
    return [(format_play(position, plays[results[i]]), results[i]) for i in order]


def book_candidates(position: Position, dice: tuple[int, int], count: int) -> list[tuple[str, Position]]:
    """The shipped book's `count` best plays of the roll (notation, resulting position)."""
    entry = shipped_entry(position, dice)
    if entry is None:
        raise SystemExit(f"the shipped book has no entry for {position} {dice}")
    return [(play.play, play.result) for play in entry.plays[:count]]


def roll_out(net: Net, spec: Outcomes, start: Position, games: int, plies: int, seed: int,
             first: int = 0) -> np.ndarray:
    """The outcome of each of `games` truncated games from `start` (the other side on roll),
    games `first`, `first + 1`... of the seed's dice, for the side that made the play leading to
    it: one row a game, in OUTCOMES order."""
    side = 1 - start.turn
    weights = np.array(spec.weights)
    positions = [start] * games
    rolls = [game_rolls(seed, game) for game in range(first, first + games)]
    live = list(range(games))
    for _ in range(plies):
        batch: list[Position] = []
        owners: list[tuple[int, int, int]] = []
        still = []
        for game in live:
            position = positions[game]
            if position.winner() is not None or race_outcomes(position) is not None:
                continue  # its value is exact now
            still.append(game)
            results = result_positions(position, next(rolls[game]))
            if len(results) == 1:
                positions[game] = results[0]
            else:
                owners.append((game, len(batch), len(results)))
                batch.extend(results)
        live = still
        if batch:
            mine = -on_roll_equities(net, spec, weights, batch)
            for game, at, count in owners:
                positions[game] = batch[at + int(np.argmax(mine[at:at + count]))]
        if not live:
            break
    outcomes = on_roll_outcomes(net, positions)
    flipped = np.array([spec.flip(list(row)) for row in outcomes])
    mine_side = np.array([p.turn == side for p in positions])
    return np.where(mine_side[:, None], outcomes, flipped)


ROLL_CHANCES = np.array([float(roll.probability) for roll in ROLLS])
ROLL_INDEX = {(roll.high, roll.low): index for index, roll in enumerate(ROLLS)}


def roll_out_with_luck(net: Net, spec: Outcomes, start: Position, games: int, plies: int, seed: int,
                       first: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """`roll_out`'s games, and each game's luck: at every turn, the value (for the side that made
    the play leading to `start`) of the best play with the roll that came, less its mean over the
    21 rolls, summed over the game's turns. A game's equity less its luck has the same mean as
    its equity (each turn's luck has mean 0, whatever the values) and a much smaller spread:
    gnubg's variance reduction, at 21 times the moves generated a turn."""
    side = 1 - start.turn
    weights = np.array(spec.weights)
    positions = [start] * games
    rolls = [game_rolls(seed, game) for game in range(first, first + games)]
    luck = np.zeros(games)
    live = list(range(games))
    for _ in range(plies):
        batch: list[Position] = []
        owners: list[tuple[int, int, list[tuple[int, int]]]] = []  # game, its roll's index, each roll's slice
        still = []
        for game in live:
            position = positions[game]
            if position.winner() is not None or race_outcomes(position) is not None:
                continue
            still.append(game)
            high, low = sorted(next(rolls[game]), reverse=True)
            slices = []
            for roll in ROLLS:
                results = result_positions(position, (roll.high, roll.low))
                slices.append((len(batch), len(results)))
                batch.extend(results)
            owners.append((game, ROLL_INDEX[(high, low)], slices))
        live = still
        if batch:
            mine = -on_roll_equities(net, spec, weights, batch)
            for game, came, slices in owners:
                best = [at + int(np.argmax(mine[at:at + count])) for at, count in slices]
                values = mine[best]
                gained = float(values[came] - ROLL_CHANCES @ values)
                luck[game] += gained if positions[game].turn == side else -gained
                positions[game] = batch[best[came]]
        if not live:
            break
    outcomes = on_roll_outcomes(net, positions)
    flipped = np.array([spec.flip(list(row)) for row in outcomes])
    mine_side = np.array([p.turn == side for p in positions])
    return np.where(mine_side[:, None], outcomes, flipped), luck


def roll_seed(variant_name: str, position: Position, dice: tuple[int, int]) -> int:
    digest = hashlib.sha256(f"{variant_name} {position.format()} {dice}".encode()).digest()
    return int.from_bytes(digest[:4], "big")


def book_entry(net: Net, position: Position, dice: tuple[int, int], count: int, games: int,
               plies: int, luck: bool = False, from_book: bool = False,
               partial: dict[str, Any] | None = None, keep: Callable[[], None] | None = None) -> dict[str, Any]:
    """One roll's candidates rolled out on the same dice, best first, with each play's
    difference to the best and that difference's 95% interval (paired: common dice).
    `from_book`: the candidates are the shipped book's `count` best plays of the roll (a second,
    finer run of the plays an earlier run left within its noise), else the network's.
    `partial`: each candidate's games so far (its equities and outcomes a game), rolled on in
    chunks of 36 games (the first two rolls stay stratified), `keep` called after each chunk:
    a run stopped mid-roll goes on from its last chunk."""
    variant_name = position.variant.name
    spec = OUTCOMES[variant_name]
    found = book_candidates(position, dice, count) if from_book else candidates(net, spec, position, dice, count)
    seed = roll_seed(variant_name, position, dice)
    equity_weights = np.array(spec.weights)
    rows = []
    for text, result in found:
        if partial is not None:
            so_far = partial.setdefault(text or "pass", {"equities": [], "outcomes": []})
            while len(so_far["equities"]) < games:
                first = len(so_far["equities"])
                size = min(CHUNK, games - first)
                outcomes, lucky = (roll_out_with_luck(net, spec, result, size, plies or TO_THE_END, seed, first) if luck
                                   else (roll_out(net, spec, result, size, plies or TO_THE_END, seed, first),
                                         np.zeros(size)))
                so_far["equities"] += [round(float(x), 6) for x in spec.constant + outcomes @ equity_weights - lucky]
                so_far["outcomes"] += [[round(float(x), 6) for x in row] for row in outcomes]
                if keep is not None:
                    keep()
                print(f"  {dice[0]}{dice[1]} {text}: {first + size}/{games} games", flush=True)
            rows.append((text, result, np.array(so_far["outcomes"][:games]), np.array(so_far["equities"][:games])))
            continue
        if luck:
            outcomes, lucky = roll_out_with_luck(net, spec, result, games, plies or TO_THE_END, seed)
            equities = spec.constant + outcomes @ equity_weights - lucky
        else:
            outcomes = roll_out(net, spec, result, games, plies or TO_THE_END, seed)
            equities = spec.constant + outcomes @ equity_weights
        rows.append((text, result, outcomes, equities))
    rows.sort(key=lambda row: -float(row[3].mean()))
    best = rows[0][3]
    plays = []
    for text, result, outcomes, equities in rows:
        difference = equities - best
        spread = Z95 * float(difference.std(ddof=1)) / math.sqrt(games) if games > 1 else math.inf
        spread_alone = Z95 * float(equities.std(ddof=1)) / math.sqrt(games) if games > 1 else math.inf
        plays.append({
            "play": text,
            "result": result.format(),
            "equity": round(float(equities.mean()), 4),
            "interval": round(spread_alone, 4),
            "behind": round(float(difference.mean()), 4),
            "behind_interval": round(spread, 4),
            "outcomes": {name: round(float(value), 4) for name, value in
                         zip(outcome_names(variant_name), outcomes.mean(axis=0), strict=True)},
        })
    return {"position": position.format(), "dice": f"{dice[0]}{dice[1]}", "games": games, "plies": plies,
            "luck": luck, "plays": plays}


def load(path: Path) -> dict[str, Any]:
    if not path.exists():
        return {}
    data: dict[str, Any] = json.loads(path.read_text())
    return data


def save(path: Path, data: dict[str, Any]) -> None:
    """Into the file read afresh: another run (another method) may have written its figures."""
    for part, methods in load(path).items():
        for name, entries in methods.items():
            mine = data.setdefault(part, {}).setdefault(name, {})
            for key, entry in entries.items():
                mine.setdefault(key, entry)
    write_json(path, data, indent=1)


def write_json(path: Path, data: object, indent: int | None = None) -> None:
    """`data` as JSON with sorted keys (compact unless `indent`), into a file written whole: a run
    stopped while writing leaves the old file, never half of a new one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, indent=indent, separators=None if indent else (",", ":"), sort_keys=True)
    temporary = path.with_suffix(".tmp")
    temporary.write_text(text + "\n")
    temporary.replace(path)


def method(args: argparse.Namespace, games: int, count: int) -> str:
    """The name a run's figures are kept under: runs of other methods keep theirs beside them."""
    name = f"{games} games, {args.plies} plies, {count} {'of the book' if args.from_book else 'candidates'}"
    return name + ", luck" if args.luck else name


def run(variant_name: str, args: argparse.Namespace) -> None:
    network = network_for(variant_name)
    if network is None:
        raise SystemExit(f"no network for {variant_name}")
    net = Net.from_network(network)
    path = LOGS / f"openings-{variant_name}.json"
    kept = load(path)
    key = method(args, args.games, args.candidates)
    section = kept.setdefault("openings", {}).setdefault(key, {})
    start = Position.start(find_variant(variant_name))
    jobs: list[tuple[str, Position, tuple[int, int], int, int]] = [
        (f"{a}{b}", start, (a, b), args.candidates, args.games) for a, b in opening_rolls(variant_name)
        if args.rolls is None or f"{a}{b}" in args.rolls]
    todo = [job for job in jobs if job[0] not in section]
    began = time.time()
    # a chunked run (--chunked) keeps each play's games as they come, in a file of its own, under
    # what they depend on (the turns, the luck; the roll's dice are fixed): a later run with more
    # games, or more candidates, goes on from them
    partial_path = LOGS / f"openings-{variant_name}-games.json"
    partials = load(partial_path) if args.chunked else {}
    games_key = f"{args.plies} plies, luck" if args.luck else f"{args.plies} plies"
    for done, (name, position, dice, count, games) in enumerate(todo, 1):
        partial = partials.setdefault(games_key, {}).setdefault(name, {}) if args.chunked else None
        section[name] = book_entry(net, position, dice, count, games, args.plies, args.luck, args.from_book,
                                   partial, lambda: write_json(partial_path, partials))
        save(path, kept)
        best = section[name]["plays"][0]
        rate = (time.time() - began) / done
        print(f"[{len(jobs) - len(todo) + done}/{len(jobs)}] {variant_name} {name}: {best['play']} "
              f"{best['equity']:+.3f}, {rate * (len(todo) - done) / 60:.0f} min left", flush=True)
    if args.replies:
        reply_key = method(args, args.reply_games, args.reply_candidates)
        replies = kept.setdefault("replies", {}).setdefault(reply_key, {})
        reply_jobs = []
        for name, _, _, _, _ in jobs:
            after = Position.parse(section[name]["plays"][0]["result"])
            for a, b in [(roll.high, roll.low) for roll in ROLLS]:
                reply_jobs.append((f"{name}-{a}{b}", after, (a, b)))
        todo_replies = [job for job in reply_jobs if job[0] not in replies]
        began = time.time()
        for done, (name, position, dice) in enumerate(todo_replies, 1):
            replies[name] = book_entry(net, position, dice, args.reply_candidates, args.reply_games, args.plies,
                                       args.luck)
            if done % 7 == 0 or done == len(todo_replies):
                save(path, kept)
            rate = (time.time() - began) / done
            print(f"[{len(reply_jobs) - len(todo_replies) + done}/{len(reply_jobs)}] {variant_name} reply "
                  f"{name}: {replies[name]['plays'][0]['play']}, "
                  f"{rate * (len(todo_replies) - done) / 60:.0f} min left", flush=True)
        save(path, kept)


def refined(openings: dict[str, Any], name: str, entry: dict[str, Any], key: str) -> tuple[dict[str, Any], str]:
    """A roll's entry from the variance-reduced run with the most games where one has rolled it
    out (its paired intervals are several times narrower than a plain run's), else `entry`."""
    found = [(data[name]["games"], method) for method, data in openings.items()
             if method.endswith(", luck") and name in data]
    if not found:
        return entry, key
    _, method = max(found)
    return openings[method][name], method


def ship(variant_name: str, args: argparse.Namespace) -> Path:
    """The book the app reads: per roll, the plays best first with their equity, interval and
    outcome chances (a roll rolled out with variance reduction too: those figures, `refined`
    names the method); the replies to each second roll, their best play only."""
    kept = load(LOGS / f"openings-{variant_name}.json")
    key = method(args, args.games, args.candidates)
    section = kept.get("openings", {}).get(key)
    if not section:
        raise SystemExit(f"no rollouts kept for {variant_name} ({key}): run without --ship first")
    reply_key = method(args, args.reply_games, args.reply_candidates)
    replies = kept.get("replies", {}).get(reply_key, {})
    entries = []
    methods: dict[str, str] = {}
    for name in (f"{a}{b}" for a, b in opening_rolls(variant_name)):
        if name not in section:
            raise SystemExit(f"{variant_name} {name} is not rolled out yet")
        chosen, methods[name] = refined(kept.get("openings", {}), name, section[name], key)
        entries.append(chosen)
        entries.extend(replies[reply] for reply in sorted(replies) if reply.startswith(f"{name}-"))
    refined_rolls = {name: method for name, method in methods.items() if method != key}
    book = {"variant": variant_name, "method": key, "reply_method": reply_key if replies else None,
            **({"refined": refined_rolls} if refined_rolls else {}),
            "entries": [{field: entry[field] for field in ("position", "dice", "games", "plays")}
                        for entry in entries]}
    target = BOOKS / f"{variant_name}.json"
    write_json(target, book)
    return target


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("variants", nargs="+", choices=VARIANT_NAMES)
    parser.add_argument("--games", type=int, default=1296)
    parser.add_argument("--plies", type=int, default=10)
    parser.add_argument("--candidates", type=int, default=6)
    parser.add_argument("--replies", action="store_true")
    parser.add_argument("--reply-games", type=int, default=324)
    parser.add_argument("--reply-candidates", type=int, default=4)
    parser.add_argument("--luck", action="store_true",
                        help="variance reduction: each turn's luck taken out of the games' equities")
    parser.add_argument("--from-book", action="store_true",
                        help="the candidates: the shipped book's --candidates best plays (a finer second run)")
    parser.add_argument("--chunked", action="store_true",
                        help="keep each candidate's games in chunks of 36 as they come (a stop loses one chunk; "
                             "a run with more --games goes on from them)")
    parser.add_argument("--rolls", nargs="+", default=None,
                        help="only these opening rolls (D1D2, higher first): to measure a method on a sample")
    parser.add_argument("--ship", action="store_true", help="write nardcore/books/GAME.json from the kept figures")
    args = parser.parse_args(argv)
    for variant_name in args.variants:
        if args.ship:
            print(f"wrote {ship(variant_name, args)}")
        else:
            run(variant_name, args)


if __name__ == "__main__":
    main(sys.argv[1:])
