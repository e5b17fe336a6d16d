"""`python -m nardcore verify-dice FILE` (docs/fair-dice.md): the app's export and a .mat record
with the proof's comments verify; one changed roll, seed or commitment fails at that roll."""

from __future__ import annotations

import copy
import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from nardcore.bots.base import act
from nardcore.bots.random_bot import RandomBot
from nardcore.cli.main import main
from nardcore.fairdice import FairDice, record_rolls
from nardcore.formats.dicecomments import with_proof
from nardcore.formats.mat import write_mat
from nardcore.game import Game
from nardcore.gamedata import game_to_dict
from nardcore.match import Match
from nardcore.variant import find_variant

ROOT = Path(__file__).resolve().parents[2]


def finished(variant: str = "backgammon", length: int = 0, seed: int = 2) -> tuple[Game | Match, FairDice]:
    dice = FairDice()
    bot = RandomBot(seed)
    if not length:
        game = Game(find_variant(variant), dice)
        while not game.over:
            act(game, bot)
        dice.reveal()
        return game, dice
    match = Match(find_variant(variant), dice, length)
    while True:
        while not match.game.over:
            act(match.game, bot)
        dice.reveal()
        if match.over:
            return match, dice
        match.next_game()


def export(item: Game | Match, dice: FairDice) -> dict[str, Any]:
    """As the app exports a game: its save's game or match, and the proof."""
    return {"app": "nard", "game": game_to_dict(item) if isinstance(item, Game) else None,
            "match": item.to_dict() if isinstance(item, Match) else None, "dice_proof": dice.proof().to_dict()}


def verify_file(tmp_path: Path, text: str, name: str = "game.json") -> tuple[int, str, str]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err
    try:
        code = main(["verify-dice", str(path)])
    finally:
        sys.stdout, sys.stderr = saved
    return code, out.getvalue(), err.getvalue()


def test_an_exported_game_verifies_roll_by_roll(tmp_path: Path) -> None:
    game, dice = finished()
    assert isinstance(game, Game)
    code, out, _ = verify_file(tmp_path, json.dumps(export(game, dice)))
    rolls = len(record_rolls(game_to_dict(game)))
    assert code == 0
    assert out.count("  ok\n") == rolls and f"all {rolls} rolls match" in out


def test_the_command_runs_as_a_module(tmp_path: Path) -> None:
    game, dice = finished("narde")
    path = tmp_path / "narde.json"
    path.write_text(json.dumps(export(game, dice)), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "nardcore", "verify-dice", str(path)], capture_output=True,
                          text=True, cwd=ROOT, timeout=300)
    assert done.returncode == 0 and "rolls match" in done.stdout


@pytest.mark.parametrize("field", ["roll", "seed", "commitment", "record"])
def test_a_tampered_export_fails_naming_the_roll(tmp_path: Path, field: str) -> None:
    game, dice = finished()
    data = export(game, dice)
    segment = data["dice_proof"]["segments"][0]
    number = 1
    if field == "roll":
        number = 9
        segment["rolls"][8] = "21" if sorted(segment["rolls"][8]) != ["1", "2"] else "43"
    elif field == "record":
        before = record_rolls(data["game"])
        plays = [e for e in data["game"]["history"] if e["event"] == "play"]
        event = plays[7]
        event["dice"] = [6, 6] if event["dice"] != [6, 6] else [5, 5]
        number = next(n for n, (a, b) in enumerate(zip(before, record_rolls(data["game"]), strict=True), 1) if a != b)
    else:
        value = segment[field]
        segment[field] = ("a" if value[0] != "a" else "b") + value[1:]
    code, out, _ = verify_file(tmp_path, json.dumps(data))
    assert code == 2
    assert f"roll {number} (game 1) does not pass" in out.splitlines()[-1]
    reason = {"roll": "not the roll", "seed": "does not match the commitment",
              "commitment": "does not match the commitment", "record": "another roll"}[field]
    assert reason in out.splitlines()[-1]


def test_a_match_export_and_its_mat_record_verify(tmp_path: Path) -> None:
    match, dice = finished("backgammon", 5, seed=4)
    assert isinstance(match, Match)
    code, out, _ = verify_file(tmp_path, json.dumps(export(match, dice)))
    assert code == 0, out
    mat = with_proof(write_mat(match), dice.proof())
    code, out, _ = verify_file(tmp_path, mat, "match.mat")
    assert code == 0, out
    assert "(game 2)" in out


@pytest.mark.parametrize("variant", ["narde", "tawla31"])
def test_a_mat_record_of_the_other_games_verifies(tmp_path: Path, variant: str) -> None:
    game, dice = finished(variant)
    code, out, _ = verify_file(tmp_path, with_proof(write_mat(game), dice.proof()), "game.mat")
    assert code == 0, out


def test_a_changed_roll_in_a_mat_record_fails_there(tmp_path: Path) -> None:
    game, dice = finished("narde", seed=9)
    lines = with_proof(write_mat(game), dice.proof()).splitlines()
    rolls_line = next(n for n, line in enumerate(lines) if line.startswith("; [DiceRolls 1"))
    rolls = lines[rolls_line].split('"')[1].split()
    rolls[11] = "12" if sorted(rolls[11]) != ["1", "2"] else "34"
    lines[rolls_line] = f'; [DiceRolls 1 "{" ".join(rolls)}"]'
    code, out, _ = verify_file(tmp_path, "\n".join(lines) + "\n", "game.mat")
    assert code == 2 and "roll 12 (game 1) does not pass" in out


def test_a_seed_not_revealed_is_not_a_proof(tmp_path: Path) -> None:
    dice = FairDice()
    game = Game(find_variant("narde"), dice)
    bot = RandomBot(1)
    for _ in range(10):
        act(game, bot)
    data = export(game, dice)
    code, out, _ = verify_file(tmp_path, json.dumps(data))
    assert code == 2 and "roll 1 (game 1) does not pass: it cannot be checked" in out


@pytest.mark.parametrize("text", ["", "{", "[]", '{"app": "nard", "game": null}', "not a record",
                                  '{"dice_proof": {"procedure": "x"}, "game": {}}'])
def test_a_file_without_a_readable_proof_says_why(tmp_path: Path, text: str) -> None:
    code, out, err = verify_file(tmp_path, text)
    assert code == 2 and err.startswith("error: ") and "Traceback" not in err


def test_a_proof_and_another_games_record_do_not_verify(tmp_path: Path) -> None:
    one, dice = finished("narde", seed=1)
    other, _ = finished("narde", seed=2)
    assert isinstance(other, Game)
    data = export(one, dice)
    data["game"] = game_to_dict(other)
    code, out, _ = verify_file(tmp_path, json.dumps(copy.deepcopy(data)))
    assert code == 2 and "another roll than the proof" in out
