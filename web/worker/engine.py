"""The Python side of the page: runs in a PyScript worker, answers JSON with JSON.

The main thread (web/page/boot/app.js) calls `dispatch(request_json)` through the worker's
exports: `await element.xworker.sync.dispatch(json)`. Requests are objects with a "type":

- {"type": "hello"} — sent once by app.js at boot; answers {"ready": true, ...} as soon as
  the engine is importable, with the static `catalogue` (web/worker/presenter.py: the games,
  their options, cube limits and match lengths, the languages), which no other answer repeats.
- {"type": "ping"} — the page's heartbeat (app.js): answers {"pong": true} at once, touching nothing.
- {"type": "statistics", "games": [...], "scope"} — the Statistics screen's figures from the
  library the page sends (its saves, or their summaries made before), with the summaries of the
  saves read (web/worker/statistics_view.py); the session is not touched.
- {"type": "review_in_background", "id", "save"} — one slice of a finished game's review, for
  Statistics (web/worker/background.py); the session is not touched.
- anything else goes to `ui.App.dispatch()` (web/worker/ui.py, the UI state machine) and its
  answer comes back as it is.

A request that carries a save (boot, sync, open_game) may send it beside the JSON, as
`dispatch(request_json, save)` (app.js does): a save of megabytes is then neither escaped into
the request nor read twice. An answer whose save is that same save, as it was read (the old
page's revision stamp aside: web/page/library/migrate.js), leaves it out and says `same_save` instead:
the page has it already (a long match's start sends its save one way only).

While a long request runs (the computer's search, a review, an import), the worker cannot
answer the heartbeat, so it posts "nard:alive" to the page itself, at most every ALIVE_S, from
the ticks of nardcore's long computations (nardcore/progress.py). A worker silent for two
seconds, whatever it was asked, is taken for hung (app.js).

This is the one safety net: a request that fails for any reason (a bad intent, a bug, a
computer player that raises) answers {"error": "..."} naming the error instead of raising,
so the page can say so and nothing leaves an unhandled rejection on the main thread.
Nothing is played in its place.

The worker runs web/worker/main.py, which exports this module's `dispatch`; on CPython
(tests) it is `web.worker.engine`. Nothing here touches the DOM.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from typing import Any

import nardcore  # noqa: F401 - imported at boot so the first request is not slowed by it
from nardcore import progress, safejson
from nardcore.position import Position

from . import background, presenter, saves, statistics_view, ui

_app: ui.App | None = None
_alive_said = False  # the listener of nardcore's ticks is set (at the first request, not in the snapshot)

ALIVE_S = 0.25  # at most this often "nard:alive" is posted to the page during a long request


def alive_teller(post: Callable[[str], object], clock: Callable[[], float] = time.monotonic) -> Callable[[], None]:
    """A listener of nardcore's ticks that calls `post("nard:alive")` at most every ALIVE_S."""
    last = clock()

    def tell() -> None:
        nonlocal last
        now = clock()
        if now - last >= ALIVE_S:
            last = now
            post("nard:alive")

    return tell


def _say_alive() -> None:
    """In the browser's worker: nardcore's ticks post "nard:alive" to the page."""
    global _alive_said
    _alive_said = True
    worker = _js()
    if worker is not None:  # on CPython nobody is told
        progress.listen(alive_teller(worker.postMessage))


def _js() -> Any:
    """Pyodide's `js` (the worker's global scope), or None on CPython."""
    try:
        import js  # type: ignore[import-not-found]
    except ImportError:
        return None
    return js


def python_boot() -> str | None:
    """How the worker's Python started: "snapshot" or "plain (why)" (web/page/boot/runtime.mjs)."""
    js = _js()
    if js is None:  # CPython
        return None
    return str(getattr(js, "nardPythonBoot", None) or "") or None


def hello() -> dict[str, Any]:
    return {
        "ready": True,
        "python": sys.version.split()[0],
        "platform": sys.platform,
        "position": Position.start("backgammon").format(),
        "ui": True,  # the UI modules are imported (the boot test asks)
        "boot": python_boot(),
        "catalogue": presenter.catalogue(),
    }


def dispatch(request_json: str, save: str | None = None) -> str:
    """One request (JSON text) in, one answer (JSON text) out; `save`: the request's save, sent
    beside it (the answer then says `same_save` rather than sending it back unchanged)."""
    global _app
    if not _alive_said:
        _say_alive()
    try:
        request = safejson.loads(request_json)
        if isinstance(save, str) and isinstance(request, dict):
            request["save"] = save
        if isinstance(request, dict) and request.get("type") == "ping":
            answer: Any = {"pong": True}
        elif isinstance(request, dict) and request.get("type") == "hello":
            answer = hello()
        elif isinstance(request, dict) and request.get("type") == "statistics":
            answer = statistics_view.statistics_answer(request)
        elif isinstance(request, dict) and request.get("type") == "review_in_background":
            answer = background.review_in_background(request)
        else:
            if _app is None or (isinstance(request, dict) and request.get("type") == "boot"):
                # a page booting (or mounted again: page.js mountPage) starts afresh from what it
                # sends: its save, its link, its dice
                _app = ui.App()
            answer = _app.dispatch(request)
            if isinstance(save, str) and answer.get("save") == saves.unstamped(save):
                del answer["save"]  # the page's own save, unchanged: not sent back
                answer["same_save"] = True
    except Exception as error:  # noqa: BLE001 - every failure becomes an answer
        answer = {"error": f"{type(error).__name__}: {error}"}
    return json.dumps(answer, separators=(",", ":"))

