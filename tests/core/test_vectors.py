"""Every golden case of tests/data/vectors, through the library and through the command line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from vectors import Case, load_cases

from nardcore.movegen import TurnPlanner, result_positions
from nardcore.position import Position

CASES = load_cases()
ROOT = Path(__file__).resolve().parents[2]


def describe_mismatch(case: Case, got: set[str]) -> str:
    missing = sorted(case.results - got)
    extra = sorted(got - case.results)
    lines = [f"{case} {case.description}", f"  position {case.position} dice {case.dice}"]
    lines += [f"  missing {r}" for r in missing] + [f"  extra   {r}" for r in extra]
    return "\n".join(lines)


def test_every_game_has_golden_cases() -> None:
    assert {case.file for case in CASES} == {"backgammon", "narde", "khachapuri", "moultezim", "tawla31"}
    assert len(CASES) >= 150


@pytest.mark.parametrize("case", CASES, ids=str)
def test_golden_case(case: Case) -> None:
    position = Position.parse(case.position)
    found = [str(p) for p in result_positions(position, case.dice)]
    got = set(found)
    assert got == case.results, describe_mismatch(case, got)
    assert len(found) == len(got), f"{case}: a play listed twice"


@pytest.mark.parametrize("case", CASES, ids=str)
def test_step_by_step_view_reaches_exactly_the_golden_results(case: Case) -> None:
    position = Position.parse(case.position)
    reached: set[str] = set()

    def walk(planner: TurnPlanner) -> None:
        steps = planner.steps_now()
        if planner.done:
            reached.add(str(planner.result()))
        for step in steps:
            planner.step(step)
            walk(planner)
            planner.undo()

    walk(TurnPlanner(position, case.dice))
    assert reached == case.results, describe_mismatch(case, reached)


def test_command_line_batch_answers_every_golden_case_in_order() -> None:
    lines = [f"{case.position} {case.dice[0]}{case.dice[1]}" for case in CASES]
    lines.insert(3, "not-a-game:w:1:1 65")  # a bad line gets an error object and the run goes on
    run = subprocess.run(
        [sys.executable, "-m", "nardcore", "plays", "--batch"],
        input="\n".join(lines) + "\n", capture_output=True, text=True, cwd=ROOT, check=True,
    )
    answers = run.stdout.splitlines()
    assert len(answers) == len(lines)
    bad = json.loads(answers.pop(3))
    assert "error" in bad and "not-a-game" in bad["error"]
    for case, answer in zip(CASES, answers):
        got = json.loads(answer)
        assert got == sorted(got) and set(got) == case.results, describe_mismatch(case, set(got))
