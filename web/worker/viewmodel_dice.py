"""The view model's part for the dice: dice you can check (web/worker/fairplay.py) and this
game's rolls (a setting). Types only, named by viewmodel.py's View; web/page/dice-model.d.ts is
generated from them (tools/viewmodel_ts.py)."""

from __future__ import annotations

from typing import TypedDict


class FairCheck(TypedDict):
    """The last Verify dice: `status` "ok" or the first failure's (nardcore.fairdice.Check)."""

    rolls: int
    proven: int
    first: int | None
    status: str
    at: int


class RevealedSeed(TypedDict):
    """A seed shown: the commitment it answers, the seed, the player's words mixed in, its rolls."""

    commitment: str
    seed: str
    entropy: str
    rolls: int


class FairView(TypedDict):
    """Dice you can check (web/worker/fairplay.py): the commitment the next rolls come from, its
    entropy, whether the player may still add theirs, and the seeds revealed so far."""

    commitment: str
    entropy: str
    may_add: bool
    rolls: int  # rolls made under the proof
    secret_rolls: int  # of them, those of the commitment whose seed is still secret
    revealed: list[RevealedSeed]
    check: FairCheck | None


class DiceHistory(TypedDict):
    """This game's rolls (as drawn, an opening round White's die first) and the counts of each
    face and of doubles, beside their expected counts with fair dice."""

    rolls: list[str]
    faces: list[int]  # how often 1..6 came, counting both dice
    expected_face: float
    doubles: int
    expected_doubles: float
