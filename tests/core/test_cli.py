"""The command line: the batch contract of docs/RULES.md §1, and the commands people type."""

from __future__ import annotations

import io
import json
import os
import re
import selectors
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

import pytest
from vectors import load_cases

from nardcore.cli.main import main
from nardcore.cli.requests import MAX_LINE, LongLine, request_lines
from nardcore.cli.terminal import play_game
from nardcore.position import Position

ROOT = Path(__file__).resolve().parents[2]
CASES = load_cases()


def run(args: list[str], stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "nardcore", *args], input=stdin, capture_output=True, text=True, cwd=ROOT, timeout=300
    )


def test_batch_answers_every_golden_case_with_bad_lines_mixed_in() -> None:
    bad = ["", "narde:w:24x15:24x15", "narde:w:24x15:24x15 70", "narde:w:25x15:24x15 65", "a b c"]
    lines: list[str] = []
    expected: list[set[str] | None] = []
    for number, case in enumerate(CASES):
        if number % 40 == 0:
            lines.append(bad[(number // 40) % len(bad)])
            expected.append(None)
        lines.append(f"{case.position} {case.dice[0]}{case.dice[1]}")
        expected.append(set(case.results))
    done = run(["plays", "--batch"], "\n".join(lines) + "\n")
    assert done.returncode == 0, done.stderr
    answers = done.stdout.splitlines()
    assert len(answers) == len(lines)
    for line, answer, results in zip(lines, answers, expected):
        got = json.loads(answer)
        if results is None:
            assert set(got) == {"error"} and isinstance(got["error"], str), line
        else:
            assert got == sorted(got) and set(got) == results, line


def test_batch_with_no_legal_play_answers_the_same_position_with_the_turn_passed() -> None:
    position = "khachapuri:w:24x4,6x11:24x4,6x11"
    done = run(["plays", "--batch"], f"{position} 66\n")
    assert json.loads(done.stdout) == [str(Position.parse(position).pass_turn())]


def test_batch_lists_each_result_once_even_when_two_step_orders_reach_it() -> None:
    # 17/11/10 and 17/16/10: in moultezim the runner rule lifts on the way in one order only
    done = run(["plays", "--batch"], "moultezim:w:24x14,17:24x14,20 61\n")
    assert json.loads(done.stdout) == ["moultezim:b:24x13,23,11:24x14,20", "moultezim:b:24x14,10:24x14,20"]


def test_batch_errors_quote_the_bad_input() -> None:
    done = run(["plays", "--batch"], "chess:w:24x15:24x15 65\nnarde:w:24x15:24x15 6x\n")
    first, second = (json.loads(line)["error"] for line in done.stdout.splitlines())
    assert "chess" in first and "6x" in second


def test_batch_answers_each_line_before_the_next_one_arrives() -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "nardcore", "plays", "--batch"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT,
    )
    assert process.stdin is not None and process.stdout is not None
    selector = selectors.DefaultSelector()
    selector.register(process.stdout, selectors.EVENT_READ)
    try:
        for case in CASES[:5]:
            process.stdin.write(f"{case.position} {case.dice[0]}{case.dice[1]}\n")
            process.stdin.flush()  # the input stays open: only a flushed answer can arrive
            assert selector.select(timeout=120), "no answer while the input is still open"
            assert set(json.loads(process.stdout.readline())) == case.results
    finally:
        process.stdin.close()
        process.wait(timeout=120)
        selector.close()


def test_plays_lists_every_legal_play_in_notation() -> None:
    done = run(["plays", "backgammon:w:24x2,13x5,8x3,6x5:24x2,13x5,8x3,6x5", "31"])
    assert done.stdout.startswith("16 legal plays with 31:")
    assert re.search(r"^  8/5 6/5 +backgammon:b:24x2,13x5,8x2,6x4,5x2:", done.stdout, re.MULTILINE)
    none = run(["plays", "khachapuri:w:24x4,6x11:24x4,6x11", "66"])
    assert "no legal play" in none.stdout


def test_show_draws_the_board_and_bad_input_is_an_error_not_a_crash(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "narde:w:24x15:24x15"]) == 0
    assert "w15" in capsys.readouterr().out
    done = run(["show", "narde:w:24x16:24x15"])
    assert done.returncode == 2 and "16 checkers (at most 15)" in done.stderr


class Player(io.StringIO):
    """Terminal input that answers each prompt as a person would: roll, take, and the first listed play."""

    def __init__(self, out: io.StringIO) -> None:
        super().__init__()
        self.out = out
        self.listed = False

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        prompt = self.out.getvalue().rsplit("\n", 1)[-1]
        if "double or roll" in prompt:
            return "r\n"
        if "take or drop" in prompt:
            return "t\n"
        if not self.listed:
            self.listed = True
            return "plays\n"
        self.listed = False
        listing = self.out.getvalue().rsplit("your play: ", 2)[-2]
        first = listing.splitlines()[0].strip()
        return first + "\n"


def test_a_whole_terminal_game_can_be_played_by_typing_plays() -> None:
    for variant, seed in (("backgammon", 1), ("narde", 2), ("tawla31", 3)):
        out = io.StringIO()
        assert play_game(variant, seed, 0, Player(out), out) == 0
        text = out.getvalue()
        assert re.search(r"(you|bot) won: \w+, \d+ points?\n$", text), text[-300:]
        assert "you: " in text and "bot: " in text


def test_play_stops_quietly_at_the_end_of_input() -> None:
    done = run(["play", "narde", "--seed", "4"], "")
    assert done.returncode == 0 and "you play white" in done.stdout
    bad = run(["play", "chess"])
    assert bad.returncode == 2 and "unknown game" in bad.stderr


# -- the request lines: bounded, a reader that stops, a game that is over ----------------------------


def _peak_memory_kb(chunks: Iterable[bytes]) -> tuple[int, str]:
    """`plays --batch` fed `chunks` through a pipe: the child's peak resident memory (KiB) and its output."""
    process = subprocess.Popen([sys.executable, "-m", "nardcore", "plays", "--batch"],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=ROOT)
    assert process.stdin is not None and process.stdout is not None
    for chunk in chunks:
        process.stdin.write(chunk)
    process.stdin.close()
    out = process.stdout.read().decode()
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    assert process.returncode == 0
    return usage.ru_maxrss, out


def test_a_huge_line_is_answered_too_long_without_being_held_in_memory() -> None:
    request = b"narde:w:24x15:24x15 65\n"
    baseline, _ = _peak_memory_kb([request])
    megabyte = b"x" * (1 << 20)
    peak, out = _peak_memory_kb([request, *([megabyte] * 50), b"\n", request, megabyte * 3])  # the last: no end
    answers = [json.loads(line) for line in out.splitlines()]
    assert len(answers) == 4 and answers[0] == answers[2] and isinstance(answers[0], list)
    assert answers[1] == {"error": f"line too long ({50 * (1 << 20) + 1} bytes)"}
    assert answers[3] == {"error": f"line too long ({3 * (1 << 20)} bytes)"}
    assert peak < baseline + 20_000, (peak, baseline)  # KiB: a line held whole would take 50 MB and more


def test_lines_at_the_limit_are_read_and_the_limit_counts_characters() -> None:
    padded = "narde:w:24x15:24x15 65".ljust(MAX_LINE) + "\n"
    over = "x" * (MAX_LINE + 1)
    wide = "é" * MAX_LINE  # 2 bytes each: within the byte bound, over the character limit by nothing
    done = run(["plays", "--batch"], padded + over + "\n" + wide + "\n")
    first, second, third = (json.loads(line) for line in done.stdout.splitlines())
    assert isinstance(first, list) and second == {"error": f"line too long ({MAX_LINE + 1} characters)"}
    assert "expected 'POSITION D1D2'" in third["error"]
    lines = list(request_lines(io.BytesIO(b"ab\n" + b"c" * 10 + b"\n" + b"d" * 5), limit=5))
    assert lines == [b"ab\n", LongLine(11), b"ddddd"]


@pytest.mark.parametrize("args", [["plays", "--batch"], ["move", "--level", "beginner"]])
def test_a_reader_that_stops_reading_ends_the_run_quietly(args: list[str], tmp_path: Path) -> None:
    requests = tmp_path / "requests.txt"
    requests.write_text("narde:w:24x15:24x15 65\n" * 30_000)  # far more answers than a pipe holds
    with requests.open("rb") as stdin:
        process = subprocess.Popen([sys.executable, "-m", "nardcore", *args], stdin=stdin,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
        assert process.stdout is not None and process.stderr is not None
        first = process.stdout.readline()  # as `| head -1` does: one line, and the pipe is closed
        process.stdout.close()
        errors = process.stderr.read().decode()
        assert process.wait(timeout=120) == 1
    assert first.startswith((b'["narde:b:', b"narde:b:")) and errors == ""


def test_a_finished_games_position_is_refused_alike_by_plays_and_move() -> None:
    over = "narde:b::24x15"
    expected = {"error": f"the game is over in {over!r}"}
    for args in (["plays", "--batch"], ["move", "--level", "beginner"]):
        done = run(args, f"{over} 65\nnarde:w:24x15:24x15 65\n")
        first, second = done.stdout.splitlines()  # move answers a position, plays --batch a JSON array of them
        assert json.loads(first) == expected and "narde:b:24x14,13:24x15" in second, args
    single = run(["plays", over, "65"])
    assert single.returncode == 2 and single.stderr == f"error: {expected['error']}\n"
