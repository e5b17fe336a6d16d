"""The examples in the docstrings of the game-flow, notation, codec and bot modules run as written."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "nardcore.notation",
    "nardcore.game",
    "nardcore.match",
    "nardcore.codec",
    "nardcore.textboard",
    "nardcore.bots",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run_as_written(name: str) -> None:
    module = importlib.import_module(name)
    failed, tried = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert tried > 0 and failed == 0
