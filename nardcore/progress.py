"""Long computations say they are still going.

The app's engine runs in a browser worker that answers one request at a time; the page takes
a worker that stays silent too long for a hung one (web/page/boot/app.js). So every long
computation (the computer's search, a review, a long record replayed or imported) passes
through `tick()` now and then: the move generator ticks at each turn's graph, which a search,
a review, a replay and an import all build again and again. `tick()` costs a test when nobody
listens (the command line, the tests) and calls the listener every `STRIDE` ticks; the
worker's listener looks at the clock and tells the page that it is alive (web/worker/engine.py).
A loop that never reaches `tick()` (a bug that hangs) stays silent, and the page restarts the
worker.
"""

from __future__ import annotations

from collections.abc import Callable

# Ticks between two calls of the listener. A turn's graph or a network's evaluation takes
# a millisecond or so in the browser, a call a microsecond: every 16th keeps the listener's
# cost out of sight while it hears of the computation many times a second.
STRIDE = 16

_listener: Callable[[], None] | None = None
_count = 0


def tick() -> None:
    """One step of a long computation: every STRIDE-th call reaches the listener."""
    global _count
    if _listener is None:
        return
    _count += 1
    if _count >= STRIDE:
        _count = 0
        _listener()


def listen(listener: Callable[[], None] | None) -> None:
    """`listener` is called every STRIDE ticks from now on (None: nobody listens)."""
    global _listener, _count
    _listener = listener
    _count = 0
