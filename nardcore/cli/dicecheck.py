"""`python -m nardcore verify-dice FILE`: every roll of an exported game or match recomputed from
its dice proof (docs/fair-dice.md). FILE is the app's export (JSON: the game or match and its
`dice_proof`) or a `.mat` record with the proof as comments. Exit 0 when every roll is proven
and matches; 2 naming the first roll that does not match or cannot be checked."""

from __future__ import annotations

from typing import Any, TextIO

from .. import safejson
from ..fairdice import Check, FairDiceError, Proof, RecordedRoll, record_rolls, verify
from ..formats.dicecomments import read_proof_comments
from ..formats.mat import read_mat
from ..gamedata import game_to_dict

MAX_FILE = 2_000_000

WHAT_FAILED = {
    "seed": "its seed does not match the commitment made before the game",
    "roll": "it is not the roll the revealed seed and the entropy give",
    "record": "the game's record shows another roll than the proof",
    "unproven": "it cannot be checked: no revealed seed proves it",
}


def read_record(text: str) -> tuple[Proof, list[RecordedRoll], bool]:
    """The proof, the record's rolls, and whether the record keeps the opening's tied rounds."""
    if text.lstrip().startswith("{"):
        data = safejson.loads(text)
        if not isinstance(data, dict):
            raise FairDiceError("the file is not a game exported by the app")
        proof_data: Any = data.get("dice_proof")
        if proof_data is None and isinstance(data.get("fair_dice"), dict):
            proof_data = data["fair_dice"].get("proof")  # the app's own save
        if proof_data is None:
            raise FairDiceError("the file carries no dice proof (a game played with dice it does not prove)")
        record = data.get("match") if data.get("match") is not None else data.get("game")
        return Proof.from_dict(proof_data), record_rolls(record), True
    proof = read_proof_comments(text)
    if proof is None:
        raise FairDiceError("the record carries no dice proof (no '; [Dice...]' comments)")
    games = read_mat(text).games
    rolls: list[RecordedRoll] = []
    for number, game in enumerate(games, 1):
        rolls += [RecordedRoll(r.dice, r.ordered, number) for r in record_rolls(game_to_dict(game))]
    return proof, rolls, False


def describe(check: Check) -> str:
    shown = f"{check.dice[0]}-{check.dice[1]}" if check.dice else "none"
    line = f"roll {check.number:>4} (game {check.game}): {shown}"
    if check.status == "ok":
        return f"{line}  ok"
    if check.status == "roll" and check.expected:
        return f"{line}  FAILS: the seed gives {check.expected[0]}-{check.expected[1]}"
    if check.status == "record" and check.expected:
        return f"{line}  FAILS: the proof has {check.expected[0]}-{check.expected[1]}"
    return f"{line}  {'not proven' if check.status == 'unproven' else 'FAILS'}"


def run_verify(path: str, out: TextIO, err: TextIO) -> int:
    try:
        with open(path, encoding="utf-8-sig") as file:
            text = file.read(MAX_FILE + 1)
    except (OSError, UnicodeDecodeError) as error:
        err.write(f"error: cannot read {path}: {error}\n")
        return 2
    if len(text) > MAX_FILE:
        err.write(f"error: {path} is longer than {MAX_FILE} characters\n")
        return 2
    try:
        proof, rolls, ties = read_record(text)
    except ValueError as error:  # FairDiceError, MatError, JSON errors: all say what is wrong
        err.write(f"error: {error}\n")
        return 2
    result = verify(proof, rolls, ties_recorded=ties)
    for check in result.checks:
        out.write(describe(check) + "\n")
    failure = result.first_failure
    if not result.checks:
        out.write("no rolls to check\n")
        return 2
    if failure is None:
        out.write(f"all {len(result.checks)} rolls match the commitments made before they were rolled\n")
        return 0
    out.write(f"roll {failure.number} (game {failure.game}) does not pass: {WHAT_FAILED[failure.status]}\n")
    return 2


__all__ = ["read_record", "run_verify"]
