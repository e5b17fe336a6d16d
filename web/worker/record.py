"""The game record beside the board, and stepping through it (replay).

`entries(game)` lists the history as the page shows it: each turn with its number, side, dice
and play (docs/RULES.md notation), and the cube and resignation actions. Replay shows the
position after any number of events (`session.replay`), from the start to the game as it is;
"play on from here" starts a new game of the library from that position.

>>> from nardcore.dice import PresetDice
>>> from nardcore.game import Game
>>> game = Game("narde", PresetDice([5, 2, 6, 5]))
>>> game.roll(); game.roll(); game.play("24/13")
>>> [(e["number"], e["side"], e["text"]) for e in entries(game)]
[(0, None, 'opening roll: white 5, black 2'), (1, 'w', '65: 24/13')]
"""

from __future__ import annotations

from typing import Any

from nardcore.game import Game
from nardcore.gamedata import event_text, events_kept
from nardcore.position import SIDE_LETTERS, Position

from .session import Session

TURNS = ("play", "pass")
CUBE_ACTIONS = ("double", "take", "drop", "beaver")


def entries(game: Game) -> list[dict[str, Any]]:
    """One entry per history event: `number` counts the turns played (0 before the first).
    Every view asks for them, so the entries of the history's unchanged beginning are reused
    (an event equal to the one read last gives the same entry: its number counts only the
    events before it)."""
    global _entries_read
    events, found = _entries_read
    history = game.history
    kept = events_kept(events, history)
    found = found[:kept]
    number = found[-1]["number"] if found else 0
    for index in range(kept, len(history)):
        event = history[index]
        kind = str(event.get("event"))
        if kind in TURNS:
            number += 1
        side = event.get("side")
        dice = event.get("dice")
        found.append({
            "index": index,
            "number": number,
            "kind": kind,
            "side": side if side in ("w", "b") else None,
            "text": event_text(event, side_prefix=False),  # English, for tools; the page words it itself
            "dice": [int(d) for d in dice] if isinstance(dice, list) else None,
            "play": str(event.get("play", "")),
            "cube": event.get("cube"),
            "level": event.get("level"),
        })
    _entries_read = (list(history), found)
    return list(found)


# The history `entries` read last (its events) and their entries.
_entries_read: tuple[list[dict[str, Any]], list[dict[str, Any]]] = ([], [])


# The last game's positions, with the history they came from: every view during a replay needs one of them,
# and replaying the whole history for each would repeat the same work on every step.
_replayed: tuple[Game, list[dict[str, Any]], list[Position]] | None = None


def embed_record(game: Game) -> str:
    """The record as <nard-board> replays it (docs/embed.md): the position before the first turn,
    then after each turn the position, its dice and its play, on one line. In backgammon a cube
    off its centre is a word after it (`cube=2b`: at 2, Black's), and each cube action a frame
    of its own (`double=2`, `take`, `drop`, `beaver=4`).

    >>> from nardcore.dice import PresetDice
    >>> game = Game("narde", PresetDice([5, 2, 6, 5, 3, 1]))
    >>> game.roll(); game.roll(); game.play("24/13"); game.roll(); game.play("24/20")
    >>> embed_record(game)
    'narde:w:24x15:24x15  narde:b:24x14,13:24x15 65 24/13  narde:w:24x14,13:24x14,20 31 24/20'
    """
    positions = game.positions()
    kept = [index for index, event in enumerate(game.history)
            if event.get("event") in TURNS or (game.variant.cube and event.get("event") in CUBE_ACTIONS)]
    value, owner = game.start_cube, game.start_cube_owner

    def frame(*parts: str) -> str:
        cube = "" if value == 1 and owner is None else f"cube={value}{'' if owner is None else SIDE_LETTERS[owner]}"
        return " ".join(part for part in (*parts, cube) if part)

    frames = [frame(str(positions[kept[0] if kept else len(game.history)]))]
    for index in kept:
        event = game.history[index]
        kind = str(event.get("event"))
        after = str(positions[index + 1])
        if kind in TURNS:
            dice = "".join(str(int(d)) for d in event.get("dice", []))
            frames.append(frame(after, dice, str(event.get("play", ""))))
            continue
        if kind in ("take", "beaver"):
            value = value * 2 if kind == "take" else int(event["cube"])
            owner = SIDE_LETTERS.index(str(event["side"]))
        action = f"{kind}={event['cube']}" if kind in ("double", "beaver") else kind
        frames.append(frame(after, action))
    return "  ".join(frames)


def shown_position(session: Session) -> Position | None:
    """The position replay shows instead of the game's, or None for the game as it is."""
    global _replayed
    if session.replay is None:
        return None
    game = session.game
    if _replayed is None or _replayed[0] is not game or _replayed[1] != game.history:
        _replayed = (game, [dict(event) for event in game.history], game.positions())
    return _replayed[2][session.replay]


def step(session: Session, to: Any) -> None:
    """Move the replay: "first", "back", "forward", "last", an event count, or None (the game)."""
    last = len(session.game.history)
    at = last if session.replay is None else session.replay
    if to is None or to == "last":
        at = last
    elif to == "first":
        at = 0
    elif to == "back":
        at = max(0, at - 1)
    elif to == "forward":
        at = min(last, at + 1)
    elif isinstance(to, int) and not isinstance(to, bool) and 0 <= to <= last:
        at = to
    else:
        raise ValueError(f"replay goes to first, back, forward, last or 0..{last}, not {to!r}")
    session.replay = None if at == last else at
