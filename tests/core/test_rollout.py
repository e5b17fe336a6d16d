"""Rollouts (nardcore.bots.rollout) and `python -m nardcore rollout`: certain outcomes come out
exactly, the interval narrows as games grow, the first rolls are stratified and shared by the
candidates, a cancelled rollout stops, and the command line's figures and progress."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from collections import Counter
from itertools import islice
from pathlib import Path

import pytest

from nardcore.bots import rollout as rollouts
from nardcore.bots.outcomes import OUTCOMES
from nardcore.bots.rollout import ORDERED_ROLLS, Rollout, candidate_plays, game_rolls, rollout, rollout_steps
from nardcore.position import Position
from nardcore.variant import VARIANT_NAMES

ROOT = Path(__file__).resolve().parents[2]
# White on roll with one checker on its 1-point: off whatever the dice, while Black still has
# all fifteen outside its home board: a gammon, a mars, or all fifteen checkers counted.
CERTAIN = {"backgammon": 2.0, "narde": 2.0, "moultezim": 2.0, "khachapuri": 30.0, "tawla31": 15.0}
FIFTEEN_OUT = {"backgammon": "13x15", "narde": "20x15", "moultezim": "20x15", "khachapuri": "20x15", "tawla31": "13x15"}
# late positions with some contact left, short to play out, in each game
LATE = {
    "backgammon": "backgammon:w:8,6x3,5x2:6x2,5x2,4x2,23",
    "narde": "narde:w:13,6x3,5x2:6x2,5x2,4x2,13",
    "moultezim": "moultezim:w:13,6x3,5x2:6x2,5x2,4x2,13",
    "khachapuri": "khachapuri:w:13,6x3,5x2:6x2,5x2,4x2,13",
    "tawla31": "tawla31:w:8,6x3,5x2:6x2,5x2,4x2,23",
}


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_a_certain_outcome_comes_out_exactly_with_an_interval_of_width_zero(variant: str) -> None:
    (found,) = rollout(Position.parse(f"{variant}:w:1:{FIFTEEN_OUT[variant]}"), games=5)
    assert found.games == 5 and found.equity == found.low == found.high == CERTAIN[variant]
    assert found.outcomes[0] == 1.0 and OUTCOMES[variant].equity(found.outcomes) == CERTAIN[variant]
    # the same from the bear-off database: one checker on the 1-point against a home board
    (race,) = rollout(Position.parse(f"{variant}:w:1:6x2,5"), games=3)
    assert race.outcomes[0] == 1.0 and race.low == race.high == race.equity


def test_a_game_that_has_ended_cannot_be_rolled_out_nor_zero_games() -> None:
    with pytest.raises(ValueError, match="over"):
        rollout(Position.parse("backgammon:w::6"))
    with pytest.raises(ValueError, match="at least one game"):
        rollout(Position.parse(LATE["backgammon"]), games=0)


def test_the_interval_narrows_about_twice_with_four_times_the_games() -> None:
    position = Position.parse(LATE["backgammon"])
    (few,) = rollout(position, games=36, seed=3)
    (many,) = rollout(position, games=144, seed=3)
    assert few.low < few.equity < few.high and many.low < many.equity < many.high
    ratio = (many.high - many.low) / (few.high - few.low)
    assert 0.35 < ratio < 0.7, ratio
    assert few.low < many.equity < few.high  # the larger rollout lands inside the smaller one's interval


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_every_game_rolls_out_to_figures_in_its_own_scoring(variant: str) -> None:
    (found,) = rollout(Position.parse(LATE[variant]), games=6, seed=2)
    spec = OUTCOMES[variant]
    assert len(found.outcomes) == spec.size and all(0.0 <= value <= 1.0 for value in found.outcomes)
    assert found.equity == pytest.approx(spec.equity(found.outcomes))  # the mean game's points
    assert found.low <= found.equity <= found.high
    shown = found.to_dict()
    assert list(shown["outcomes"]) == rollouts.outcome_names(variant) and shown["games"] == shown["total"] == 6


def test_the_first_two_rolls_are_stratified_and_every_candidate_gets_the_same_dice() -> None:
    firsts = [next(game_rolls(7, game)) for game in range(72)]
    seconds = [list(islice(game_rolls(7, game), 2))[1] for game in range(72)]
    assert Counter(firsts) == Counter(seconds) == {roll: 2 for roll in ORDERED_ROLLS}
    assert firsts[:36] == list(ORDERED_ROLLS) and seconds[:36] != seconds[36:]  # a new shuffle each 36 games
    assert list(islice(game_rolls(7, 5), 30)) == list(islice(game_rolls(7, 5), 30))
    assert list(islice(game_rolls(7, 5), 30)) != list(islice(game_rolls(8, 5), 30))


def test_a_candidate_is_the_other_sides_rollout_of_its_result_seen_from_the_mover() -> None:
    position = Position.parse(LATE["backgammon"])
    candidates = candidate_plays(position, (2, 1), count=2)
    assert [play for play, _ in candidates] == ["8/5", "6/3"]
    both = rollout(position, candidates, games=8, seed=4)
    spec = OUTCOMES["backgammon"]
    for (play, result), found in zip(candidates, both, strict=True):
        (alone,) = rollout(result, games=8, seed=4)  # the same dice, the other side on roll
        assert found.play == play and found.equity == pytest.approx(-alone.equity)
        assert list(found.outcomes) == pytest.approx(spec.flip(alone.outcomes))


def test_progress_comes_after_every_game_and_a_cancelled_rollout_stops_with_what_it_has() -> None:
    position = Position.parse(LATE["backgammon"])
    candidates = candidate_plays(position, (2, 1), count=2)
    seen: list[tuple[int, int]] = []
    found = rollout(position, candidates, games=50, progress=lambda done, total: seen.append((done, total)),
                    cancelled=lambda: len(seen) >= 5)
    assert seen == [(n, 100) for n in range(1, 6)]
    assert [f.games for f in found] == [3, 2] and all(f.total == 50 and not f.complete for f in found)
    steps = list(islice(rollout_steps(position, candidates, games=3), 6))
    assert [(done, total) for done, total, _ in steps] == [(n, 6) for n in range(1, 7)]
    assert steps[-1][2][0].complete and all(isinstance(f, Rollout) for f in steps[-1][2])


def test_a_single_game_has_no_interval_yet() -> None:
    (found,) = rollout(Position.parse(LATE["backgammon"]), games=1)
    assert math.isinf(found.low) and math.isinf(found.high)
    assert found.to_dict()["low"] is None and found.to_dict()["high"] is None  # JSON has no infinity


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "nardcore", "rollout", *args], capture_output=True, text=True,
                          cwd=ROOT, check=False)


def test_the_command_line_rolls_out_a_position_with_progress_on_stderr() -> None:
    done = run_cli("tawla31:w:1:13x15", "--games", "4", "--json")
    assert done.returncode == 0, done.stderr
    (line,) = done.stdout.splitlines()
    answer = json.loads(line)
    assert answer["equity"] == answer["low"] == answer["high"] == 15.0 and answer["games"] == 4
    assert answer["outcomes"] == {"win": 1.0, "win_checkers_share": 1.0, "lose_checkers_share": 0.0}
    assert "rollout: 4/4 games" in done.stderr.splitlines()


def test_the_command_line_rolls_out_a_rolls_best_plays_and_refuses_bad_input() -> None:
    done = run_cli(LATE["backgammon"], "21", "--games", "3", "--plays", "2")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert [line.split()[:2] for line in lines] == [["1.", "8/5"], ["2.", "6/3"]]
    assert all("(3 games)" in line and " win " in f" {line}" for line in lines)
    assert done.stderr.splitlines()[-1] == "rollout: 6/6 games"
    bad = run_cli(LATE["backgammon"], "--games", "0")
    assert bad.returncode == 2 and "at least 1" in bad.stderr
    bad = run_cli("backgammon:w:1x16:6", "--games", "3")
    assert bad.returncode == 2 and "error:" in bad.stderr
