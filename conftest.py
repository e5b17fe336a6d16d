"""pytest's plugins for the whole suite: tests/support/fixtures.py (seeded randomness, Hypothesis's
profile) and tests/support/order.py (the modules with the longest tests first). They live under
tests/ with the other helpers, where mypy checks them; pytest puts tests/ on the path
(pyproject.toml's pythonpath) before this file is read."""

pytest_plugins = ["support.fixtures", "support.order"]
