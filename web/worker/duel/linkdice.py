"""Rolls from two secrets, for play by link (docs/link-play.md, "Rolls from two secrets"): who
rolls each roll slot, each device's secrets, the commitments, the fair dice a slot's two secrets
give, and the hash chain that binds every link to those before it. The protocol that sends them
is linkplay.py.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from typing import Any

from .linkformat import SECRET_BYTES, LinkError


def committer(slot: str, host: str) -> str:
    """The side that rolls `slot` (and commits to its secret): the host for the opening."""
    return host if slot == "o" else slot[0]


def later_slot(slot: str) -> str:
    """The roll slot after `slot` of the same side: w3 -> w4."""
    return f"{slot[0]}{int(slot[1:]) + 1}"


def commitment(gid: str, slot: str, secret: bytes) -> bytes:
    """What the roller sends before the other player's share: SHA-256 of its secret, bound to
    the game and the roll."""
    return hashlib.sha256(f"nard-link-commit|{gid}|{slot}|".encode() + secret).digest()


def derive_secret(key: bytes, gid: str, slot: str, role: str) -> bytes:
    """A device's secret for a roll: its own (`role` "own") or its share of the other's
    ("share"); the same every time, so a reload gives nothing new."""
    return hmac.new(key, f"nard-link|{gid}|{slot}|{role}".encode(), hashlib.sha256).digest()[:SECRET_BYTES]


class SlotDice:
    """The dice of one roll slot: a stream of fair dice from SHA-256(roller's secret, other's
    share, game, slot), by rejection (bytes 216..255 are skipped, 216 = 6**3)."""

    def __init__(self, gid: str, slot: str, own: bytes, share: bytes) -> None:
        self._seed = hashlib.sha256(f"nard-link-dice|{gid}|{slot}|".encode() + own + share).digest()
        self._block = 0
        self._bytes = b""

    def die(self) -> int:
        while True:
            if not self._bytes:
                self._bytes = hashlib.sha256(self._seed + self._block.to_bytes(4, "big")).digest()
                self._block += 1
            byte, self._bytes = self._bytes[0], self._bytes[1:]
            if byte < 216:
                return byte % 6 + 1

    def roll(self) -> tuple[int, int]:
        return self.die(), self.die()


class NoDice:
    """The dice of a game played by link come only from its secrets: a roll without them is a bug."""

    def die(self) -> int:
        raise LinkError("a game played by link rolls only with the dice its secrets give")


def canonical(message: dict[str, Any]) -> bytes:
    return json.dumps(message, sort_keys=True, separators=(",", ":")).encode()


def hash_chain(head: bytes, message: dict[str, Any]) -> bytes:
    """The chain's head after `message`: every link is bound to all before it."""
    return hashlib.sha256(head + canonical(message)).digest()


__all__ = ["NoDice", "SlotDice", "canonical", "commitment", "committer", "derive_secret", "hash_chain", "later_slot"]
