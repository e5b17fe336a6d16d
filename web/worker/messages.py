"""What the app tells the person, and the one rule for how long it is shown.

The rule: a message stays until it is replaced, dismissed, or one of the events named for
its key happens (`ENDS_AT`; any other key: `NEWS`). Events are what the person or the
automation does to the turn: a step played by hand, an undo, a roll, a confirmed turn.

>>> Message("forced", {"play": "24/18"}).ends_at("step"), Message("opening").ends_at("roll")
(True, False)
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Literal

Event = Literal["step", "undo", "roll", "confirm"]

# news of the session (a pass, a result, a loaded link ...): gone with the next roll
NEWS: frozenset[Event] = frozenset({"undo", "roll"})
# the turn's own news (who starts, a taken cube): stays through the roll, gone with the turn
TURN: frozenset[Event] = frozenset({"undo", "confirm"})
# about the move at hand: gone with the roll or the turn
MOVE: frozenset[Event] = frozenset({"undo", "roll", "confirm"})

ENDS_AT: dict[str, frozenset[Event]] = {
    "opening": TURN,
    "took": TURN,
    "beavered": TURN,
    "no_moves": MOVE,
    "only_play": MOVE,
    "not_now": MOVE,
    "doubled": MOVE,
    "coach_blunder": MOVE,
    "forced": MOVE | {"step"},  # the person took over the forced play
    "held": MOVE | {"step"},  # why a checker may not move: gone with the next step
}
MAX_SAVED_LENGTH = 2000


@dataclass(frozen=True)
class Message:
    """A key the page translates (web/i18n) and its arguments."""

    key: str
    args: dict[str, Any] = field(default_factory=dict)

    def ends_at(self, event: Event) -> bool:
        return event in ENDS_AT.get(self.key, NEWS)

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "args": dict(self.args)}

    @classmethod
    def from_saved(cls, data: Any) -> Message | None:
        """A message as `to_dict` wrote it, or None for anything else (a save is untrusted)."""
        if not (isinstance(data, dict) and isinstance(data.get("key"), str)):
            return None
        args = data.get("args", {})
        if not isinstance(args, dict) or len(json.dumps(data)) >= MAX_SAVED_LENGTH:
            return None
        return cls(data["key"], dict(args))
