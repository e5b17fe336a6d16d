"""The app's Python: the UI state machine, the view model, saves and links, play by link.

It runs in the page's PyScript worker (web/worker/main.py is the worker's script; nardcore.zip
holds this package as web/worker/) and, for the tests, on CPython from the repository root.
Nothing here is imported on import of the package itself: `from web.worker import ui`.
"""
