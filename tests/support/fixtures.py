"""Fixtures and settings for every test (the repository's conftest.py loads this plugin).

Every random source a test reaches is seeded, so a test gives the same result on every run,
alone, in any order, or on any pytest-xdist worker:

- Hypothesis runs derandomized (its examples follow from the test alone) and keeps no example
  database: the profile "tests", loaded unless HYPOTHESIS_PROFILE names another.
- `seeded_randomness` (autouse): the keys and game ids the app makes with the module `secrets`
  (web/worker/duel/linkplay.py, web/worker/session.py) and the dice a Game, Match or app rolls
  when given none (nardcore.dice.SystemDice) come from generators seeded by the test's name.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator

import pytest
from hypothesis import settings

from nardcore import dice
from support.link_keys import SeededSecrets
from web.worker import session
from web.worker.duel import linkplay

settings.register_profile("tests", derandomize=True, database=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "tests"))


@pytest.fixture(autouse=True)
def seeded_randomness(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    name = request.node.name
    stand_in = SeededSecrets(name)
    monkeypatch.setattr(linkplay, "secrets", stand_in)
    monkeypatch.setattr(session, "secrets", stand_in)
    seeds = random.Random(f"dice {name}")

    def seeded_system_dice(self: dice.SystemDice) -> None:
        self._random = random.Random(seeds.getrandbits(64))

    monkeypatch.setattr(dice.SystemDice, "__init__", seeded_system_dice)
    yield
