"""Fixed keys for games played by link. A device's dice come from secrets it derives from a key
(web/worker/duel/linkplay.py); the app makes its keys and game ids with `secrets`, so a test
played with them would roll other dice on every run. `SeededSecrets` stands in for the module
`secrets` (tests/support/fixtures.py puts one seeded by the test's name into linkplay and session for
every test); `link_key(n)` is the n-th fixed key for a Duel made in a test."""

from __future__ import annotations

import hashlib
import random

KEY_BYTES = 32


class SeededSecrets:
    """What linkplay and session use of the module `secrets`, from a seeded generator."""

    def __init__(self, seed: int | str) -> None:
        self._rng = random.Random(seed)

    def token_bytes(self, nbytes: int | None = None) -> bytes:
        return self._rng.randbytes(KEY_BYTES if nbytes is None else nbytes)

    def token_hex(self, nbytes: int | None = None) -> str:
        return self.token_bytes(nbytes).hex()


def link_key(n: int, nbytes: int = KEY_BYTES) -> bytes:
    """The n-th fixed key: the same bytes on every run."""
    return hashlib.sha256(f"link key {n}".encode()).digest()[:nbytes]
