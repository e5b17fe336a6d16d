"""Dice you can check (docs/fair-dice.md): the published procedure, the proof, and verification."""

from __future__ import annotations

import copy
import hashlib
import random
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from nardcore.bots.base import act
from nardcore.bots.random_bot import RandomBot
from nardcore.fairdice import (
    FairDice,
    FairDiceError,
    Proof,
    commitment,
    derive_roll,
    record_rolls,
    verify,
)
from nardcore.game import Game
from nardcore.gamedata import game_to_dict
from nardcore.match import Match
from nardcore.variant import VARIANT_NAMES, find_variant

DOC = Path(__file__).resolve().parents[2] / "docs" / "fair-dice.md"


def doc_code() -> dict[str, Any]:
    """The reference implementation written in docs/fair-dice.md, run as it stands."""
    block = re.search(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert block is not None, "docs/fair-dice.md has no python block"
    names: dict[str, Any] = {}
    exec(block.group(1), names)  # noqa: S102 - our own doc, checked to say what the code does
    return names


def test_the_documented_code_gives_nardcores_rolls() -> None:
    roll = doc_code()["roll"]
    rng = random.Random(41)
    for case in range(300):
        seed = rng.randbytes(32)
        entropy = rng.choice(["", "my words", "тапы 3 7 1", "time:1796160452119382432", "x" * 200])
        index = rng.randrange(5000) if case % 2 else case
        assert roll(seed, entropy, index) == derive_roll(seed, entropy, index)


def test_the_documented_check_finds_the_first_changed_roll() -> None:
    check = doc_code()["check"]
    dice = played_game("narde").dice_source
    assert isinstance(dice, FairDice)
    dice.reveal()
    (part,) = dice.proof().segments
    rolls = [f"{a}{b}" for a, b in part.rolls]
    assert part.seed is not None
    assert check(part.commitment, part.seed, part.entropy, rolls) is None
    changed = list(rolls)
    changed[4] = "66" if rolls[4] != "66" else "11"
    assert check(part.commitment, part.seed, part.entropy, changed) == 5


def test_a_million_derived_dice_are_uniform() -> None:
    """Chi-square over the faces (5 degrees of freedom) and over the 36 ordered rolls (35): both
    under their 0.1% critical values, 20.52 and 66.62."""
    seed = hashlib.sha256(b"chi-square").digest()
    faces: Counter[int] = Counter()
    pairs: Counter[tuple[int, int]] = Counter()
    for index in range(500_000):
        pair = derive_roll(seed, "entropy", index)
        faces.update(pair)
        pairs[pair] += 1
    assert sum(faces.values()) == 1_000_000 and set(faces) == set(range(1, 7))
    chi_faces = sum((faces[f] - 1_000_000 / 6) ** 2 / (1_000_000 / 6) for f in range(1, 7))
    expected = 500_000 / 36
    chi_pairs = sum((pairs[(a, b)] - expected) ** 2 / expected for a in range(1, 7) for b in range(1, 7))
    assert chi_faces < 20.52, chi_faces
    assert chi_pairs < 66.62, chi_pairs


def test_the_entropy_and_the_seed_each_change_the_rolls() -> None:
    seed = bytes(32)
    rolls = [derive_roll(seed, "a", i) for i in range(40)]
    assert rolls != [derive_roll(seed, "b", i) for i in range(40)]
    assert rolls != [derive_roll(bytes([1]) + bytes(31), "a", i) for i in range(40)]


def played_game(variant: str, seed: int = 7, moves: int | None = None) -> Game:
    game = Game(find_variant(variant), FairDice())
    bot = RandomBot(seed)
    count = 0
    while not game.over and (moves is None or count < moves):
        act(game, bot)
        count += 1
    return game


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_a_games_rolls_verify_after_it_ends(variant: str) -> None:
    game = played_game(variant)
    dice = game.dice_source
    assert isinstance(dice, FairDice) and game.over
    assert not dice.revealed
    assert verify(dice.proof(), record_rolls(game_to_dict(game))).first_failure.status == "unproven"  # type: ignore[union-attr]
    dice.reveal()
    result = verify(dice.proof(), record_rolls(game_to_dict(game)))
    assert result.ok and result.proven == len(result.checks) > 10


def tampered_at(data: dict[str, Any], proof: dict[str, Any]) -> tuple[int, str] | None:
    result = verify(Proof.from_dict(proof), record_rolls(data))
    failure = result.first_failure
    return None if failure is None else (failure.number, failure.status)


def test_each_changed_field_fails_at_the_roll_it_touches() -> None:
    game = played_game("backgammon", seed=3)
    dice = game.dice_source
    assert isinstance(dice, FairDice)
    dice.reveal()
    data, proof = game_to_dict(game), dice.proof().to_dict()
    assert tampered_at(data, proof) is None
    rolls = proof["segments"][0]["rolls"]
    # a roll of the proof, changed (and the game's record changed to match it)
    for number in (1, 6, len(rolls)):
        forged = copy.deepcopy(proof)
        old = rolls[number - 1]
        forged["segments"][0]["rolls"][number - 1] = "12" if sorted(old) != ["1", "2"] else "34"
        assert tampered_at(data, forged) == (number, "roll")
    # a roll of the game's record: the play's dice no longer those of the proof
    forged_game = copy.deepcopy(data)
    plays = [e for e in forged_game["history"] if e["event"] in ("play", "pass")]
    plays[5]["dice"] = [6, 6] if plays[5]["dice"] != [6, 6] else [1, 1]
    number = next(n for n, (a, b) in enumerate(zip(record_rolls(data), record_rolls(forged_game), strict=True), 1)
                  if a != b)
    assert tampered_at(forged_game, proof) == (number, "record")
    # the seed or the commitment: the first roll already
    for name in ("seed", "commitment"):
        forged = copy.deepcopy(proof)
        value = forged["segments"][0][name]
        forged["segments"][0][name] = ("0" if value[0] != "0" else "1") + value[1:]
        assert tampered_at(data, forged) == (1, "seed")
    # the entropy: the first roll it changes (the game's seed is fresh: by chance that may be a later one)
    forged = copy.deepcopy(proof)
    forged["segments"][0]["entropy"] += "!"
    seed, entropy = bytes.fromhex(proof["segments"][0]["seed"]), proof["segments"][0]["entropy"]
    changed = next(index for index in range(len(rolls))
                   if derive_roll(seed, entropy, index) != derive_roll(seed, entropy + "!", index))
    assert tampered_at(data, forged) == (changed + 1, "roll")


def open_to_entropy(dice: FairDice) -> bool:
    return dice.may_add_entropy


def test_a_reveal_mid_game_goes_on_with_a_fresh_commitment() -> None:
    dice = FairDice()
    game = Game(find_variant("narde"), dice)
    bot = RandomBot(1)
    for _ in range(12):
        act(game, bot)
    first = dice.current.commitment
    dice.reveal()
    assert dice.current.commitment != first and open_to_entropy(dice)
    dice.add_entropy("my own words")
    while not game.over:
        act(game, bot)
    assert not open_to_entropy(dice)
    with pytest.raises(FairDiceError):
        dice.add_entropy("too late")
    dice.reveal()
    proof = dice.proof()
    assert len(proof.segments) == 2 and proof.segments[1].entropy == "my own words"
    assert verify(proof, record_rolls(game_to_dict(game))).ok


def test_a_match_proves_every_game_with_a_commitment_of_its_own() -> None:
    dice = FairDice()
    match = Match(find_variant("backgammon"), dice, 7)  # at most 3 points a game: 3 games or more
    bot = RandomBot(5)
    while True:
        while not match.game.over:
            act(match.game, bot)
        dice.reveal()
        if match.over:
            break
        match.next_game()
    proof = dice.proof()
    assert len(proof.segments) == len(match.results) >= 3
    data = match.to_dict()
    assert verify(proof, record_rolls(data)).ok
    # a changed roll in the second game fails there, not before
    second = data["played"][1]["history"] if len(data["played"]) > 1 else data["game"]["history"]
    event = next(e for e in second if e["event"] == "play")
    event["dice"] = [1, 1] if event["dice"] != [1, 1] else [2, 2]
    failure = verify(proof, record_rolls(data)).first_failure
    assert failure is not None and failure.status == "record" and failure.game == 2


def test_the_saved_state_resumes_the_same_rolls() -> None:
    dice = FairDice()
    dice.add_entropy("abc")
    dice.die()
    saved = dice.state()
    again = FairDice.from_state(copy.deepcopy(saved))
    assert [again.die() for _ in range(9)] == [dice.die() for _ in range(9)]
    bad = copy.deepcopy(saved)
    bad["secret"] = "00" * 32
    with pytest.raises(FairDiceError):
        FairDice.from_state(bad)


def test_the_proof_handed_on_holds_no_secret() -> None:
    dice = FairDice()
    for _ in range(6):
        dice.die()
    secret = dice.state()["secret"]
    assert secret not in repr(dice.proof().to_dict())
    assert commitment(bytes.fromhex(secret)) == dice.proof().segments[0].commitment


@pytest.mark.parametrize("bad", [
    None, [], {"procedure": "other"}, {"procedure": "nard-fair-dice/1", "begins": -1, "segments": []},
    {"procedure": "nard-fair-dice/1", "begins": 0, "segments": [{"commitment": "x"}]},
    {"procedure": "nard-fair-dice/1", "begins": 0,
     "segments": [{"commitment": "0" * 64, "entropy": "", "seed": None, "rolls": ["70"]}]},
    {"procedure": "nard-fair-dice/1", "begins": True, "segments": []},
])
def test_a_malformed_proof_is_refused_with_a_reason(bad: Any) -> None:
    with pytest.raises(FairDiceError):
        Proof.from_dict(bad)
