"""The script PyScript runs in the engine worker (index.html's `<script type="py" worker>`):
it exports the engine's `dispatch` to the page (web/worker/engine.py)."""

from web.worker.engine import dispatch  # noqa: F401 - exported to the page by __export__

__export__ = ["dispatch"]
