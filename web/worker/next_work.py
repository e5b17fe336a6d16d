"""What the page sends by itself once a view is painted (the view's `next`), decided here and
nowhere else: the page waits `delay_ms` and sends `request`, and a request the person sends
meanwhile goes first (web/page/page.js cancels the wait and the next view says again).

In this order: the hint's rollout, a reviewed turn's rollout (asked for, it goes before the
review's luck), the review itself, the match summary (each a slice per request, sent at once),
then the computer's action, paced so the person sees it: a step of its play, or a roll or a cube
action, which waits longer. While the setup dialog is open or a review is shown the computer waits.
Last, when nothing else runs and the person is to act (or the game is over), a slice of the luck
measured ahead (`luck_behind`: web/worker/luck_ahead.py), after a pause the person's own request
cancels.
The page shortens the computer's paces (`paced`) to its own short one when the person asks for
reduced motion; the pause before the luck measured ahead is no motion, and it keeps it (work in
the background waits for the person to stop acting).

>>> next_work({"hint": None, "review": None, "bot_pending": True, "screen": "board", "phase": "move"})
{'request': {'type': 'bot'}, 'delay_ms': 420, 'paced': True}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .intent_shapes import NextWork

STEP_MS = 420  # between the computer's steps of a play
ACTION_MS = 650  # before its roll or its cube action
IDLE_MS = 400  # before a slice of the luck measured ahead


def running(work: Mapping[str, Any] | None) -> bool:
    return work is not None and bool(work.get("running"))


def next_work(view: Mapping[str, Any], luck_behind: bool = False) -> NextWork | None:
    """The request the page sends by itself after `view` (None: it waits for the person);
    `luck_behind`: the game on the board has luck to measure ahead."""
    hint, review = view["hint"], view["review"]
    if hint is not None and running(hint.get("rollout")):
        return {"request": {"type": "rollout", "of": "hint", "action": "more"}, "delay_ms": 0, "paced": False}
    if review is not None and running(review.get("rollout")):
        return {"request": {"type": "rollout", "of": "review", "action": "more"}, "delay_ms": 0, "paced": False}
    if review is not None and not review.get("complete"):
        return {"request": {"type": "review"}, "delay_ms": 0, "paced": False}
    if review is not None and "summary" in review and "sides" not in review["summary"]:
        return {"request": {"type": "review", "summary": True}, "delay_ms": 0, "paced": False}
    if view["bot_pending"] and view["screen"] != "setup" and review is None:
        return {"request": {"type": "bot"}, "delay_ms": STEP_MS if view["phase"] == "move" else ACTION_MS,
                "paced": True}
    if luck_behind and review is None and not view["bot_pending"] and view["screen"] == "board":
        return {"request": {"type": "luck_ahead"}, "delay_ms": IDLE_MS, "paced": False}
    return None
