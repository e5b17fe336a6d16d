"""Every docstring example in nardcore, and the README's library examples, run as written."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from pathlib import Path

import pytest

import nardcore

ROOT = Path(__file__).resolve().parents[2]
MODULES = sorted(m.name for m in pkgutil.walk_packages(nardcore.__path__, "nardcore.") if m.name != "nardcore.__main__")


@pytest.mark.parametrize("name", ["nardcore", *MODULES])
def test_docstring_examples_run_as_written(name: str) -> None:
    module = importlib.import_module(name)
    failed, _ = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert failed == 0


def test_the_modules_with_examples_are_many() -> None:
    tried = sum(doctest.testmod(importlib.import_module(name))[1] for name in MODULES)
    assert tried > 30


def test_the_readme_library_examples_run_as_written() -> None:
    failed, tried = doctest.testfile(str(ROOT / "README.md"), module_relative=False,
                                     optionflags=doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS)
    assert tried >= 15 and failed == 0
