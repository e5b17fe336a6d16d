"""The Python side of the page: runs in a PyScript worker, answers JSON with JSON.

The main thread (web/app.js) calls `dispatch(request_json)` through the worker's exports:
`await element.xworker.sync.dispatch(json)`. Requests are objects with a "type":

- {"type": "hello"} — sent once by app.js at boot; answers {"ready": true, ...} as soon as
  the engine is importable, with the static `catalogue` (web/presenter.py: the games, their
  options, cube limits and match lengths, the languages), which no other answer repeats.
- anything else goes to `ui.App.dispatch()` (web/ui.py, the UI state machine) and its
  answer comes back as it is.

This is the one safety net: a request that fails for any reason (a bad intent, a bug, a
computer player that raises) answers {"error": "..."} naming the error instead of raising,
so the page can say so and nothing leaves an unhandled rejection on the main thread.
Nothing is played in its place.

Also importable on CPython (tests): put web/ on sys.path. Nothing here touches the DOM.
"""

from __future__ import annotations

import importlib
import json
import sys
from types import ModuleType
from typing import Any

import nardcore  # noqa: F401 - imported at boot so the first request is not slowed by it
from nardcore import safejson
from nardcore.position import Position

ui: ModuleType | None
presenter: ModuleType | None
UI_IMPORT_ERROR: str | None = None
try:
    ui = importlib.import_module("ui")
    presenter = importlib.import_module("presenter")
except ImportError as error:  # the app's UI modules are optional for the boot itself
    ui = presenter = None
    UI_IMPORT_ERROR = f"{type(error).__name__}: {error}"

_app: Any = None


def python_boot() -> str | None:
    """How the worker's Python started: "snapshot" or "plain (why)" (web/runtime.mjs)."""
    try:
        import js  # type: ignore[import-not-found]
    except ImportError:  # CPython
        return None
    return str(getattr(js, "nardPythonBoot", None) or "") or None


def hello() -> dict[str, Any]:
    return {
        "ready": True,
        "python": sys.version.split()[0],
        "platform": sys.platform,
        "position": Position.start("backgammon").format(),
        "ui": ui is not None,
        "ui_error": UI_IMPORT_ERROR,
        "boot": python_boot(),
        "catalogue": None if presenter is None else presenter.catalogue(),
    }


def dispatch(request_json: str) -> str:
    """One request (JSON text) in, one answer (JSON text) out."""
    global _app
    try:
        request = safejson.loads(request_json)
        if isinstance(request, dict) and request.get("type") == "hello":
            answer: Any = hello()
        elif ui is None:
            answer = {"error": f"the UI module is not available ({UI_IMPORT_ERROR})"}
        else:
            if _app is None:
                _app = ui.App()
            answer = _app.dispatch(request)
    except Exception as error:  # noqa: BLE001 - every failure becomes an answer
        answer = {"error": f"{type(error).__name__}: {error}"}
    return json.dumps(answer, separators=(",", ":"))


__export__ = ["dispatch"]
