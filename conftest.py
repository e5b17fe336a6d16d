"""pytest's plugins for the whole suite: tests/support/fixtures.py (seeded randomness, Hypothesis's
profile). It lives under tests/ with the other helpers, where mypy checks it; pytest puts tests/
on the path (pyproject.toml's pythonpath) before this file is read."""

pytest_plugins = ["support.fixtures"]
