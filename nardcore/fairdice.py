"""Dice you can check (docs/fair-dice.md): rolls from a secret seed the app commits to before the
first roll, mixed with the player's own entropy, by a published procedure; the seed revealed
afterwards, and every roll of a record recomputed from it.

- `commitment(seed)`: SHA-256 of the 32-byte seed, in hex, shown before the first roll.
- `derive_roll(seed, entropy, index)`: roll number `index` (0, 1, ...) of a commitment, two dice
  by HMAC-SHA-256 with rejection sampling.
- `FairDice`: a dice source (`die()`) drawing from the current seed; `reveal()` ends a seed's
  proof and opens a fresh commitment for the rolls after it; `proof()` the record, with the
  revealed seeds only.
- `verify(proof, record_rolls)`: every roll recomputed and compared; `game_rolls(history,
  variant)`: the rolls a game's history shows, in the order they were drawn.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import NardError
from .variant import Variant

PROCEDURE = "nard-fair-dice/1"
SEED_BYTES = 32
MAX_ENTROPY = 200  # characters of the player's own entropy
MAX_ROLLS = 100_000  # rolls in one proof
_LIMIT = 252  # 6 * 42: bytes 252..255 are skipped, so every die is uniform


class FairDiceError(NardError):
    """A dice proof that cannot be read (a field missing or of the wrong type)."""


def commitment(seed: bytes) -> str:
    """What the app shows before the first roll: SHA-256 of the seed, 64 hex digits."""
    return hashlib.sha256(seed).hexdigest()


def derive_roll(seed: bytes, entropy: str, index: int) -> tuple[int, int]:
    """Roll `index` (0 first) of `seed` and the player's `entropy`: the bytes of
    HMAC-SHA-256(seed, "nard-fair-dice/1|" + SHA-256(entropy) in hex + "|" + index + "|" + block)
    for block 0, 1, ... in turn; a byte below 252 gives the die `byte % 6 + 1`, the others are
    skipped; the first two dice are the roll (the first is White's in an opening round)."""
    mixed = hashlib.sha256(entropy.encode("utf-8")).hexdigest()
    dice: list[int] = []
    block = 0
    while True:
        message = f"{PROCEDURE}|{mixed}|{index}|{block}".encode()
        for byte in hmac.new(seed, message, hashlib.sha256).digest():
            if byte < _LIMIT:
                dice.append(byte % 6 + 1)
                if len(dice) == 2:
                    return dice[0], dice[1]
        block += 1


@dataclass
class Segment:
    """The rolls of one commitment. `seed` is None until it is revealed (its secret is kept by
    `FairDice`, never here, so a proof handed on holds only revealed seeds)."""

    commitment: str
    entropy: str = ""
    seed: str | None = None
    rolls: list[tuple[int, int]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"commitment": self.commitment, "entropy": self.entropy, "seed": self.seed,
                "rolls": [f"{a}{b}" for a, b in self.rolls]}


@dataclass
class Proof:
    """A game's or match's dice proof: `begins` rolls of its record came before it (a game opened
    from a link or an older save), then the rolls of each segment in order."""

    segments: list[Segment] = field(default_factory=list)
    begins: int = 0

    @property
    def rolls(self) -> int:
        return sum(len(s.rolls) for s in self.segments)

    def to_dict(self) -> dict[str, Any]:
        return {"procedure": PROCEDURE, "begins": self.begins, "segments": [s.to_dict() for s in self.segments]}

    @classmethod
    def from_dict(cls, data: Any) -> Proof:
        """A proof as `to_dict` writes it; FairDiceError naming the field that is wrong."""
        if not isinstance(data, dict) or data.get("procedure") != PROCEDURE:
            raise FairDiceError(f"a dice proof is an object with procedure {PROCEDURE!r}")
        begins, parts = data.get("begins"), data.get("segments")
        if not isinstance(begins, int) or isinstance(begins, bool) or not 0 <= begins <= MAX_ROLLS:
            raise FairDiceError("the dice proof's begins is not a count of rolls")
        if not isinstance(parts, list) or len(parts) > MAX_ROLLS:
            raise FairDiceError("the dice proof's segments are not a list")
        proof = cls(begins=begins)
        for number, part in enumerate(parts, 1):
            proof.segments.append(_read_segment(part, number))
        if proof.rolls > MAX_ROLLS:
            raise FairDiceError(f"a dice proof holds at most {MAX_ROLLS} rolls")
        return proof


def _read_segment(part: Any, number: int) -> Segment:
    what = f"commitment {number} of the segments"
    if not isinstance(part, dict) or set(part) != {"commitment", "entropy", "seed", "rolls"}:
        raise FairDiceError(f"{what} needs exactly commitment, entropy, seed and rolls")
    if not _is_hex(part["commitment"]):
        raise FairDiceError(f"{what}: the commitment is not 64 hex digits")
    if part["seed"] is not None and not _is_hex(part["seed"]):
        raise FairDiceError(f"{what}: the seed is not 64 hex digits")
    if not isinstance(part["entropy"], str) or len(part["entropy"]) > MAX_ENTROPY:
        raise FairDiceError(f"{what}: the entropy is not text of at most {MAX_ENTROPY} characters")
    rolls = part["rolls"]
    if not isinstance(rolls, list) or len(rolls) > MAX_ROLLS:
        raise FairDiceError(f"{what}: the rolls are not a list")
    read: list[tuple[int, int]] = []
    for text in rolls:
        if not isinstance(text, str) or len(text) != 2 or not all(c in "123456" for c in text):
            raise FairDiceError(f"{what}: a roll is two digits 1..6, not {text!r}")
        read.append((int(text[0]), int(text[1])))
    return Segment(part["commitment"], part["entropy"], part["seed"], read)


def _is_hex(value: Any) -> bool:
    return isinstance(value, str) and len(value) == 64 and all(c in "0123456789abcdef" for c in value)


class FairDice:
    """A dice source whose rolls are proven: each pair of dice is `derive_roll` of the current
    secret seed, the entropy given for it, and the roll's number under that seed.

    The secret seed lives only here (and in the app's own save, `state()`): nothing handed to a
    computer player holds this object (web/worker/autopilot.py gives it a sealed copy of the game).
    """

    def __init__(self, begins: int = 0) -> None:
        """`begins`: the rolls of the record before this proof (a game opened from a link)."""
        self._proof = Proof(begins=begins)
        self._seed = b""
        self._pending: list[int] = []
        self._open()

    def _open(self) -> None:
        self._seed = secrets.token_bytes(SEED_BYTES)
        self._proof.segments.append(Segment(commitment(self._seed)))

    @property
    def current(self) -> Segment:
        return self._proof.segments[-1]

    @property
    def may_add_entropy(self) -> bool:
        """The player's entropy is taken only before the first roll of its commitment."""
        return not self.current.rolls and not self._pending

    def add_entropy(self, text: str) -> None:
        if not self.may_add_entropy:
            raise FairDiceError("the entropy is fixed once the first roll of its commitment is made")
        self.current.entropy = (self.current.entropy + text)[:MAX_ENTROPY]

    def die(self) -> int:
        if not self._pending:
            segment = self.current
            if not segment.entropy:
                # the player gave none: the moment of the first roll, which the app did not choose
                segment.entropy = f"time:{_now_ns()}"
            pair = derive_roll(self._seed, segment.entropy, len(segment.rolls))
            segment.rolls.append(pair)
            self._pending = list(pair)
        return self._pending.pop(0)

    def reveal(self) -> None:
        """The seed of the current commitment is shown, and the rolls after it come from a fresh
        one. A commitment without rolls is left as it is (nothing to prove yet)."""
        if not self.current.rolls:
            return
        self.current.seed = self._seed.hex()
        self._pending = []
        self._open()

    @property
    def revealed(self) -> bool:
        """Every roll made so far is proven: the seeds of all commitments with rolls are shown."""
        return all(s.seed is not None or not s.rolls for s in self._proof.segments)

    def proof(self) -> Proof:
        """The proof as far as it goes: revealed seeds only; a last commitment without rolls is
        left out (it proves nothing yet)."""
        parts = [Segment(s.commitment, s.entropy, s.seed, list(s.rolls)) for s in self._proof.segments]
        if parts and not parts[-1].rolls:
            parts.pop()
        return Proof(parts, self._proof.begins)

    def state(self) -> dict[str, Any]:
        """For the app's own save: the whole proof and the current secret seed."""
        return {"proof": self._proof.to_dict(), "secret": self._seed.hex(), "pending": list(self._pending)}

    @classmethod
    def from_state(cls, data: Any) -> FairDice:
        if not isinstance(data, dict) or set(data) != {"proof", "secret", "pending"}:
            raise FairDiceError("the saved dice need proof, secret and pending")
        proof = Proof.from_dict(data["proof"])
        if not proof.segments or not _is_hex(data["secret"]):
            raise FairDiceError("the saved dice have no commitment or no secret seed")
        seed = bytes.fromhex(data["secret"])
        if commitment(seed) != proof.segments[-1].commitment or proof.segments[-1].seed is not None:
            raise FairDiceError("the saved secret seed is not the last commitment's")
        pending = data["pending"]
        if not isinstance(pending, list) or len(pending) > 1 or not all(
                isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in pending):
            raise FairDiceError("the saved dice's pending die is not one die")
        dice = object.__new__(cls)
        dice._proof, dice._seed, dice._pending = proof, seed, list(pending)
        return dice


def _now_ns() -> int:
    import time
    return time.time_ns()


# -- what a record shows ---------------------------------------------------------------------


@dataclass(frozen=True)
class RecordedRoll:
    """A roll as a game's record shows it: `dice` in the order written, `ordered` when that order
    says something (an opening round: White's die first), `game` numbered from 1."""

    dice: tuple[int, int]
    ordered: bool
    game: int

    def matches(self, pair: tuple[int, int]) -> bool:
        return pair == self.dice if self.ordered else sorted(pair) == sorted(self.dice)


def game_rolls(history: Iterable[Any], variant: Variant, current: Sequence[int] | None = None,
               game: int = 1) -> list[RecordedRoll]:
    """The rolls a game's history shows, in the order they were drawn: each opening round, and
    each roll played, passed or resigned on; the dice of a deciding opening round that the
    starter plays (backgammon) and the dice of a declined resignation are no new roll.
    `current`: the dice rolled and not played yet (a game saved mid-turn)."""
    rolls: list[RecordedRoll] = []
    standing: list[int] | None = None  # the dice of the last roll while it is still to be played
    for event in history:
        if not isinstance(event, dict):
            continue
        kind, dice = event.get("event"), event.get("dice")
        if not (isinstance(dice, list) and len(dice) == 2 and all(isinstance(d, int) for d in dice)):
            continue
        if kind == "opening":
            rolls.append(RecordedRoll((dice[0], dice[1]), True, game))
            standing = sorted(dice) if dice[0] != dice[1] and variant.opening_dice_played else None
        elif kind in ("play", "pass", "resign"):
            if standing != sorted(dice):  # a new roll (or other dice than the standing roll's: named)
                rolls.append(RecordedRoll((dice[0], dice[1]), False, game))
            standing = sorted(dice) if kind == "resign" else None
    if current is not None and len(current) == 2 and standing != sorted(current):
        rolls.append(RecordedRoll((int(current[0]), int(current[1])), False, game))
    return rolls


def record_rolls(data: Any) -> list[RecordedRoll]:
    """The rolls of a game or match as `gamedata.game_to_dict` / `Match.to_dict` write them (the
    finished games of a match first); FairDiceError when it is neither."""
    from .variant import VariantError, find_variant
    if not isinstance(data, dict) or not isinstance(data.get("variant"), str):
        raise FairDiceError("the record is not a game or a match")
    try:
        variant = find_variant(data["variant"])
    except VariantError as error:
        raise FairDiceError(f"the record's variant: {error}") from None
    if "games" in data and "game" in data:  # a match
        played = data.get("played") or []
        games = ([g for g in played if isinstance(g, dict)] if isinstance(played, list) else []) + [data["game"]]
    else:
        games = [data]
    rolls: list[RecordedRoll] = []
    for number, item in enumerate(games, 1):
        if not isinstance(item, dict) or not isinstance(item.get("history") or [], list):
            raise FairDiceError(f"game {number} of the record is not a game with its history")
        current = item.get("dice")
        dice = current if isinstance(current, list) and all(isinstance(d, int) for d in current) else None
        rolls += game_rolls(item.get("history") or [], variant, dice, number)
    return rolls


# -- verification ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Check:
    """One roll's check: `number` counts the record's rolls from 1; `status` is "ok", "unproven"
    (before the proof, or its seed not revealed yet), "seed" (the seed does not match its
    commitment), "roll" (the roll is not the one the seed gives), "record" (the game's record
    shows another roll than the proof, or a roll the proof lacks, or lacks one of its rolls)."""

    number: int
    dice: tuple[int, int] | None
    expected: tuple[int, int] | None
    status: str
    game: int = 1


@dataclass(frozen=True)
class Verification:
    checks: list[Check]

    @property
    def first_failure(self) -> Check | None:
        return next((c for c in self.checks if c.status != "ok"), None)

    @property
    def ok(self) -> bool:
        return self.first_failure is None

    @property
    def proven(self) -> int:
        return sum(c.status == "ok" for c in self.checks)


def verify(proof: Proof, record: Sequence[RecordedRoll] | None = None, *, ties_recorded: bool = True) -> Verification:
    """Every roll of `proof` recomputed from its seed and entropy, and compared with the proof's
    roll and with the record's (when given: the rolls `record_rolls` reads from the game).
    `ties_recorded` False: a record that leaves out the tied rounds of an opening (a backgammon
    `.mat`): a tie of the proof where the record shows an opening round is checked by its seed only."""
    checks: list[Check] = []
    rest = list(record) if record is not None else None
    number = 0
    if rest is not None:
        for early in rest[:proof.begins]:
            number += 1
            checks.append(Check(number, early.dice, None, "unproven", early.game))
        rest = rest[proof.begins:]
    for segment in proof.segments:
        seed = bytes.fromhex(segment.seed) if segment.seed is not None else None
        seed_ok = seed is not None and commitment(seed) == segment.commitment
        for index, pair in enumerate(segment.rolls):
            number += 1
            recorded = rest[0] if rest else None
            game = recorded.game if recorded is not None else (checks[-1].game if checks else 1)
            expected = derive_roll(seed, segment.entropy, index) if seed is not None and seed_ok else None
            differs = False
            if rest is not None:
                if recorded is not None and recorded.matches(pair):
                    rest.pop(0)
                elif not (not ties_recorded and recorded is not None and recorded.ordered and pair[0] == pair[1]):
                    differs = True
            if seed is not None and not seed_ok:
                checks.append(Check(number, pair, None, "seed", game))
            elif seed is not None and pair != expected:
                checks.append(Check(number, pair, expected, "roll", game))
            elif differs:
                checks.append(Check(number, recorded.dice if recorded else None, pair, "record", game))
            else:
                checks.append(Check(number, pair, expected, "ok" if seed is not None else "unproven", game))
    for extra in rest or []:
        number += 1
        checks.append(Check(number, extra.dice, None, "record", extra.game))
    return Verification(checks)


__all__ = ["MAX_ENTROPY", "PROCEDURE", "Check", "FairDice", "FairDiceError", "Proof", "RecordedRoll", "Segment",
           "Verification", "commitment", "derive_roll", "game_rolls", "record_rolls", "verify"]
