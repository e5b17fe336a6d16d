"""Generated hostile input for links and saved games: deep nesting, huge, cut, wrong shapes and types, old schemas."""

from __future__ import annotations

import base64
import json
import random
import zlib
from typing import Any

from nardcore.formats.state import encode_state
from nardcore.game import Game


def state_text(payload: str | bytes) -> str:
    """The `#s=` form of any JSON text: raw deflate, base64url without padding."""
    raw = payload.encode() if isinstance(payload, str) else payload
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return base64.urlsafe_b64encode(packer.compress(raw) + packer.flush()).decode().rstrip("=")


def _mutated(value: Any, rng: random.Random) -> Any:
    """`value` with one field somewhere replaced by something of the wrong type or size."""
    junk: Any = rng.choice([None, -1, 10**20, "x" * 5000, [], {}, [[[[]]]], True, 1.5, "w", {"event": "play"}])
    if isinstance(value, dict) and value:
        key = rng.choice(sorted(value))
        fields = dict(value)
        fields[key] = _mutated(value[key], rng) if rng.random() < 0.6 else junk
        return fields
    if isinstance(value, list) and value:
        items = list(value)
        index = rng.randrange(len(items))
        items[index] = _mutated(items[index], rng) if rng.random() < 0.6 else junk
        return items
    return junk


def hostile_json(rng: random.Random, valid: dict[str, Any]) -> str:
    """One hostile JSON text: nesting up to a million deep, huge, cut short, or a mutated valid one."""
    kind = rng.randrange(6)
    if kind == 0:
        depth = rng.choice([65, 100, 1000, 10_000, 100_000, 1_000_000])
        return rng.choice(["[", "{\"a\":"]) * depth
    if kind == 1:
        text = json.dumps(valid)
        return text[: rng.randrange(len(text))]
    if kind == 2:
        return json.dumps({**valid, "v": rng.choice([0, 2, "1", None])})
    if kind == 3:
        return json.dumps(_mutated(valid, rng))
    if kind == 4:
        return rng.choice(["", "null", "[]", "3", '"game"', "{}", "x" * 100_000, "\x00\xff", '{"v":1,"v":1}'])
    return json.dumps(_mutated(_mutated(valid, rng), rng))


def hostile_fragments(count: int, seed: int) -> list[str]:
    """URL fragments (without '#') a stranger could send."""
    rng = random.Random(seed)
    valid = json.loads(zlib.decompress(base64.urlsafe_b64decode(_padded(encode_state(Game("narde")))), -15))
    found = []
    for _ in range(count):
        kind = rng.randrange(4)
        if kind == 0:
            found.append("s=" + state_text(hostile_json(rng, valid)))
        elif kind == 1:
            good = encode_state(Game(rng.choice(["narde", "backgammon", "tawla31"])))
            cut = rng.randrange(len(good))
            found.append("s=" + rng.choice([good[:cut], good[cut:], good[:cut] + "!" + good[cut:]]))
        elif kind == 2:
            odd = ["s=", "s", "g1.abc", "s=a&s=b", "vs=computer", "s=@@@", "%00", "s=" + "A" * 30_000]
            found.append(rng.choice(odd))
        else:
            found.append("s=" + state_text(bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200)))))
    return found


def hostile_saves(count: int, seed: int, valid_save: str) -> list[str]:
    """localStorage save texts: like the fragments, around a real save of the app."""
    rng = random.Random(seed)
    valid = json.loads(valid_save)
    return [hostile_json(rng, valid) for _ in range(count)]


def _padded(text: str) -> str:
    return text + "=" * (-len(text) % 4)
