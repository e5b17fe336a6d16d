"""A dice proof (nardcore.fairdice) as comment lines of a `.mat` record, and back
(docs/fair-dice.md, "In the record"): gnubg and `read_mat` skip them, `verify-dice` reads them.

    ; [DiceProcedure 0 "nard-fair-dice/1"]
    ; [DiceCommitment 1 "<64 hex>"]
    ; [DiceEntropy 1 "<the entropy as a JSON string>"]
    ; [DiceSeed 1 "<64 hex>"]                 (only once revealed)
    ; [DiceRolls 1 "52 66 31 ..."]            (60 rolls a line, repeated)
"""

from __future__ import annotations

import json
import re

from ..fairdice import PROCEDURE, FairDiceError, Proof

ROLLS_A_LINE = 60
_LINE = re.compile(r';\s*\[Dice(Procedure|Commitment|Entropy|Seed|Rolls) (\S+) (".*")\]\s*$')


def proof_comments(proof: Proof) -> list[str]:
    lines = [f'; [DiceProcedure {proof.begins} "{PROCEDURE}"]']
    for number, segment in enumerate(proof.segments, 1):
        lines.append(f'; [DiceCommitment {number} "{segment.commitment}"]')
        lines.append(f"; [DiceEntropy {number} {json.dumps(segment.entropy)}]")
        if segment.seed is not None:
            lines.append(f'; [DiceSeed {number} "{segment.seed}"]')
        texts = [f"{a}{b}" for a, b in segment.rolls]
        for start in range(0, len(texts), ROLLS_A_LINE):
            lines.append(f'; [DiceRolls {number} "{" ".join(texts[start:start + ROLLS_A_LINE])}"]')
    return lines


def with_proof(mat: str, proof: Proof | None) -> str:
    """A `.mat` record with the proof's comments at its head (none: the record as it is)."""
    if proof is None:
        return mat
    return "\n".join(proof_comments(proof)) + "\n" + mat


def read_proof_comments(text: str) -> Proof | None:
    """The proof a `.mat` record carries (None: it carries none); FairDiceError when its comments
    are there but do not make a proof."""
    head: str | int | None = None
    parts: dict[int, dict[str, object]] = {}
    for line in text.splitlines():
        found = _LINE.match(line.strip())
        if found is None:
            continue
        kind, key, value = found.groups()
        try:
            content = json.loads(value)
        except ValueError:
            raise FairDiceError(f"a dice comment is not readable: {line.strip()[:80]!r}") from None
        if kind == "Procedure":
            if content != PROCEDURE or not key.isdigit():
                raise FairDiceError(f"the dice procedure is {content!r}, not {PROCEDURE!r}")
            head = int(key)
            continue
        if not key.isdigit() or not 1 <= int(key) <= 100_000:
            raise FairDiceError(f"a dice comment names commitment {key!r}")
        part = parts.setdefault(int(key), {"seed": None, "rolls": []})
        field = kind.lower()
        if field == "rolls":
            rolls = part["rolls"]
            assert isinstance(rolls, list)
            rolls.extend(str(content).split())
        elif field in part and field != "seed":
            raise FairDiceError(f"commitment {key} has its {field} twice")
        else:
            part[field] = content
    if head is None:
        if parts:
            raise FairDiceError("the dice comments lack their DiceProcedure line")
        return None
    if sorted(parts) != list(range(1, len(parts) + 1)):
        raise FairDiceError("the dice comments skip a commitment's number")
    segments = []
    for number in sorted(parts):
        part = parts[number]
        if "commitment" not in part or "entropy" not in part:
            raise FairDiceError(f"commitment {number} lacks its DiceCommitment or DiceEntropy line")
        segments.append(part)
    return Proof.from_dict({"procedure": PROCEDURE, "begins": head, "segments": segments})


__all__ = ["proof_comments", "read_proof_comments", "with_proof"]
