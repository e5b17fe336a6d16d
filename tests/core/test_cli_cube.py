"""`python -m nardcore cube`: the cube decision of a position, one JSON line (and `--batch`)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from nardcore.bots.neural import network_for
from nardcore.cli.cube import cube_line, run_cube
from nardcore.formats.xgid import xgid_of_position
from nardcore.position import Position

ROOT = Path(__file__).resolve().parents[2]
# Long races without gammon chances (the network: 0.000 gammons either way), white on roll
TAKE_24 = "backgammon:w:10,9x2,8x4,7x4,6,3,2x2:10x2,9x3,8x5,7,5x2,3,1"  # 101 against 108 pips
PASS_20 = "backgammon:w:10,9x2,8x3,7x2,6,5,4x2,3,1x2:11x3,10x2,8,7x2,6,5x2,4,3,1x2"  # 90 against 100
TOO_GOOD = "backgammon:w:8x3,6x2,5x2,4x2,3x2,2x2,1x2:barx2,13x5,8x4,6x4"
KEYS = {"double", "take", "action", "equity"}


def answer(*args: str) -> dict[str, object]:
    line = cube_line(" ".join(args))
    found: dict[str, object] = json.loads(line)
    return found


@pytest.mark.parametrize(("position", "chances"), [(TAKE_24, 0.24), (PASS_20, 0.20)])
def test_the_textbook_take_and_pass_without_gammons(position: str, chances: float) -> None:
    network = network_for("backgammon")
    assert network is not None
    outputs = network.evaluate(Position.parse(position))
    assert 1 - outputs[0] == pytest.approx(chances, abs=0.006)  # the taker's chances
    assert max(outputs[1], outputs[3]) < 0.003  # no gammons
    found = answer(position)
    assert set(found) == KEYS
    equity = found["equity"]
    assert isinstance(equity, dict) and set(equity) == {"no_double", "double_take", "double_pass"}
    assert equity["double_pass"] == 1.0
    assert found["double"] is True  # both are doubles: in the window, or past it
    if chances > 0.22:
        assert found["take"] is True and found["action"] == "double, take" and equity["double_take"] < 1
    else:
        assert found["take"] is False and found["action"] == "double, pass" and equity["double_take"] > 1


def test_a_known_too_good_position_is_played_on() -> None:
    found = answer(TOO_GOOD)
    assert found == {**found, "double": False, "take": False, "action": "too good, pass"}
    equity = found["equity"]
    assert isinstance(equity, dict) and equity["no_double"] > 1.5  # the gammon is worth more than the point


def test_an_xgid_carries_cube_and_score_and_flags_override_them() -> None:
    race = Position.parse(TAKE_24)
    owned = xgid_of_position(race, cube=2, cube_owner=1)  # black owns the cube: white may not double
    found = answer(owned)
    assert found["double"] is False and found["action"] == "no double (the cube is not available)"
    assert answer(owned, "--cube", "1")["double"] is True  # the flag centres it again
    # at 2-away 2-away (a 3-point match at 1-1) the same 24% is a pass: the drop keeps more
    match = xgid_of_position(race, score=(1, 1), match_length=3)
    at_score = answer(match)
    equity = at_score["equity"]
    assert isinstance(equity, dict) and 0 < equity["double_pass"] < 1  # match-winning chances
    assert at_score["take"] is False
    assert answer(TAKE_24, "--match", "3", "--score", "1-1") == at_score


@pytest.mark.parametrize(("line", "words"), [
    ("", "needs a POSITION"),
    ("narde:w:24x15:24x15", "backgammon's"),
    (f"{TAKE_24} --cube 3", "power of two"),
    (f"{TAKE_24} --cube 2", "--owner"),
    (f"{TAKE_24} --score 1-1", "need a match"),
    (f"{TAKE_24} --match 3 --score 3-1", "does not fit"),
    (f"{TAKE_24} --match 5 --score 1-1 --crawford", "one point away"),
    (f"{TAKE_24} --match 5 --score x", "W-B"),
    (f"{TAKE_24} --colour red", "unrecognized"),
    ("XGID=nonsense:1:2", "not an XGID"),
    ("backgammon:w:3x20:6x15", "15"),
])
def test_a_bad_line_is_answered_with_an_error(line: str, words: str) -> None:
    found = json.loads(cube_line(line))
    assert set(found) == {"error"} and words in str(found["error"])


def test_batch_answers_each_line_and_the_command_line_the_same() -> None:
    out = io.StringIO()
    run_cube([f"{TAKE_24}\n".encode(), b"rubbish\n", f"{PASS_20} --match 7 --score 2-3\n".encode()], out)
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(lines) == 3 and lines[0]["take"] is True and "error" in lines[1] and set(lines[2]) == KEYS
    ran = subprocess.run([sys.executable, "-m", "nardcore", "cube", TAKE_24], capture_output=True, text=True,
                         cwd=ROOT, timeout=300, check=True)
    assert json.loads(ran.stdout) == lines[0]
    batch = subprocess.run([sys.executable, "-m", "nardcore", "cube", "--batch"], input=f"{TAKE_24}\nbad\n",
                           capture_output=True, text=True, cwd=ROOT, timeout=300, check=True)
    assert [json.loads(line) for line in batch.stdout.splitlines()][0] == lines[0]
    refused = subprocess.run([sys.executable, "-m", "nardcore", "cube", "--cube", "3", TAKE_24],
                             capture_output=True, text=True, cwd=ROOT, timeout=300, check=False)
    assert refused.returncode == 2 and "power of two" in refused.stderr
