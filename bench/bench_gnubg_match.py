"""Five-point backgammon matches with the cube against gnubg 0-ply (a benchmark; `train` and `test` extras).

    python bench/bench_gnubg_match.py [--matches 1000] [--length 5] [--report]

Ours: `strongest` knowing the score (the numpy port of its checker play, train/play.py, with
`stakes.outcome_values` at each score and cube) and the app's own cube (`neural_cube`:
Janowski's model with the match equity table, close decisions a roll deeper). gnubg: its
0-ply checker play (PyPI gnubg-nn, its network without look-ahead, cubeless) and its own cube
decisions at 0 ply from Debian's `gnubg -t` (one process kept open: score, Crawford, cube
value and owner set, then `hint`; double when min(double/take, double/pass) beats no double,
take when double/take is at most double/pass). gnubg only plays here: nothing is learned from it.

Matches come in pairs on the same dice with the sides swapped. The share of matches won has a
95% interval from the pairs' spread (Wilson's over the matches when that is wider). Results
go to train/logs/gnubg-matches.json after every pair (an interrupted run goes on where it
stopped); progress is printed every 30 s.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

import gnubg_nn  # noqa: E402

from bench.bench_matches import interval  # noqa: E402
from nardcore.bots import neural_cube  # noqa: E402
from nardcore.bots.neural import network_for  # noqa: E402
from nardcore.bots.stakes import game_values  # noqa: E402
from nardcore.dice import SeededDice  # noqa: E402
from nardcore.game import Game  # noqa: E402
from nardcore.match import Match  # noqa: E402
from train.npnet import Net  # noqa: E402
from train.opponents import gnubg_player, gnubg_side  # noqa: E402
from train.play import net_strongest_player  # noqa: E402

CHECKPOINT = ROOT / "train" / "logs" / "gnubg-matches.json"
GNUBG = shutil.which("gnubg") or shutil.which("/usr/games/gnubg")
SEED = 2026
ANSWERS = {name: re.compile(label + r"\s+([+-]?\d+\.\d+)") for name, label in
           (("no_double", r"No double"), ("take", r"Double, take"), ("pass", r"Double, pass"))}


class GnubgCube:
    """gnubg's cube decisions at 0 ply, from one `gnubg -t` process."""

    def __init__(self, length: int) -> None:
        if GNUBG is None:
            raise SystemExit("Debian's gnubg is not installed (python build.py test installs it)")
        command = [GNUBG, "-t", "-q"]
        if shutil.which("stdbuf"):
            command = ["stdbuf", "-oL", *command]  # a line at a time, so that each answer can be read
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.STDOUT, text=True, bufsize=1)
        self._send(["set player 0 human", "set player 1 human", "set output mwc off",
                    "set evaluation cubedecision evaluation plies 0", f"new match {length}"])
        self.length = length

    def _send(self, lines: list[str]) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write("\n".join(lines) + "\n")
        self.process.stdin.flush()

    def equities(self, game: Game) -> dict[str, float] | None:
        """No double, double/take, double/pass for the side on roll (EMG), or None when gnubg
        gives no cube analysis."""
        side = game.position.turn
        board = [gnubg_side(game.position.opponent), gnubg_side(game.position.mover)]
        owner = "centre" if game.cube_owner is None else "owner 1" if game.cube_owner == side else "owner 0"
        crawford_done = not game.crawford and max(game.score) == self.length - 1
        self._send([f"set score {game.score[1 - side]} {game.score[side]}",
                    f"set crawford {'on' if game.crawford else 'off'}",
                    f"set postcrawford {'on' if crawford_done else 'off'}",
                    "set turn 1", f"set cube value {game.cube_value}", f"set cube {owner}",
                    f"set board {gnubg_nn.position_id(board)}", "hint"])
        assert self.process.stdout is not None
        found: dict[str, float] = {}
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError("gnubg stopped")
            for name, pattern in ANSWERS.items():
                if (match := pattern.search(line)) is not None:
                    found[name] = float(match.group(1))
            if "Proper cube action" in line:
                return found if len(found) == 3 else None
            if "cannot double" in line or "not possible" in line:
                return None

    def doubles(self, game: Game) -> bool:
        answer = self.equities(game)
        return answer is not None and min(answer["take"], answer["pass"]) > answer["no_double"]

    def takes(self, game: Game) -> bool:
        """The doubled side's answer: gnubg asked with the doubler on roll (the cube is still
        as before the double until the take)."""
        answer = self.equities(game)
        return answer is None or answer["take"] <= answer["pass"]

    def close(self) -> None:
        self._send(["quit", "y"])
        self.process.wait(timeout=10)


def play_match(ours: int, gnubg: GnubgCube, length: int, seed: str, actions: dict[str, int]) -> tuple[int, int]:
    """One match, ours playing side `ours`; the winner and the number of games. The cube
    actions are counted into `actions` ("ours double", "gnubg take", ...)."""
    network = network_for("backgammon")
    assert network is not None
    net = Net.from_network(network)
    match = Match("backgammon", SeededDice(seed), length)
    holder: dict[str, Game] = {}
    our_checkers = net_strongest_player(net, values_for=lambda position: game_values(holder["game"],
                                                                                    position.turn))
    their_checkers = gnubg_player(0)
    games = 1
    while True:
        game = match.game
        holder["game"] = game
        while not game.over:
            side = game.to_act
            mine = side == ours
            if game.phase in ("opening", "roll"):
                game.roll()
            elif game.phase == "cube":
                wants = neural_cube.wants_double(game) if mine else gnubg.doubles(game)
                if game.may_double() and wants:
                    game.double()
                    _count(actions, mine, "double")
                else:
                    game.roll()
            elif game.phase == "take":
                if neural_cube.takes(game) if mine else gnubg.takes(game):
                    game.take()
                    _count(actions, mine, "take")
                else:
                    game.drop()
                    _count(actions, mine, "drop")
            elif game.phase == "resign":
                game.decline_resignation()
            else:
                plays = game.plays()
                if not plays:
                    game.confirm()
                    continue
                assert game.dice is not None
                results = list(plays)
                choose = our_checkers if mine else their_checkers
                chosen = results[0] if len(results) == 1 else choose(game.position, game.dice.dice, results)
                game.play(chosen)
        if match.over:
            winner = match.winner
            assert winner is not None
            return winner, games
        match.next_game()
        games += 1


def _count(actions: dict[str, int], mine: bool, what: str) -> None:
    key = f"{'ours' if mine else 'gnubg'} {what}"
    actions[key] = actions.get(key, 0) + 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--length", type=int, default=5)
    parser.add_argument("--report", action="store_true", help="print the stored result, play nothing")
    args = parser.parse_args()
    key = f"backgammon / to {args.length} / strongest with the cube vs gnubg 0-ply with its cube"
    data = json.loads(CHECKPOINT.read_text(encoding="utf-8")) if CHECKPOINT.exists() else {}
    stored = data.get(key, {})
    pairs: list[float] = [float(p) for p in stored.get("pairs", [])]
    seconds, games = float(stored.get("seconds", 0.0)), int(stored.get("games", 0))
    actions: dict[str, int] = dict(stored.get("actions", {}))
    if not args.report:
        gnubg = GnubgCube(args.length)
        start, last_note, before = time.time(), time.time(), len(pairs)
        try:
            for pair in range(len(pairs), args.matches // 2):
                won = 0.0
                for ours in (0, 1):
                    winner, played = play_match(ours, gnubg, args.length, f"{SEED}:{pair}", actions)
                    won += winner == ours
                    games += played
                pairs.append(won / 2)
                data = json.loads(CHECKPOINT.read_text(encoding="utf-8")) if CHECKPOINT.exists() else {}
                data[key] = {"pairs": pairs, "games": games, "actions": actions,
                             "seconds": seconds + time.time() - start}
                CHECKPOINT.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
                if time.time() - last_note > 30:
                    last_note = time.time()
                    share, low, high = interval(pairs)
                    rate = (len(pairs) - before) / (time.time() - start)
                    left = (args.matches // 2 - len(pairs)) / rate / 60
                    print(f"  {2 * len(pairs)} of {args.matches} matches, {share:.1%} [{low:.1%}, {high:.1%}] so far, "
                          f"{left:.0f} min left", flush=True)
        finally:
            gnubg.close()
        seconds += time.time() - start
    share, low, high = interval(pairs)
    done = "" if 2 * len(pairs) >= args.matches else f" (unfinished: {2 * len(pairs)} of {args.matches})"
    print(f"{args.length}-point matches with the cube: strongest won {share:.1%} [{low:.1%}, {high:.1%}] of "
          f"{2 * len(pairs)} against gnubg 0-ply ({games} games, {seconds / 60:.0f} min){done}")
    print("cube actions:", ", ".join(f"{k} {v}" for k, v in sorted(actions.items())))


if __name__ == "__main__":
    main()
