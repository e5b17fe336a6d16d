"""A start with a long save sends that save one way only: the page passes it beside the request's
JSON (`engine.dispatch(request_json, save)`), and an answer whose save is that save unchanged
says `same_save` instead of sending megabytes back (web/page/boot/app.js puts it back). A save
that changes on the way, or that cannot be read, comes back as before. No timing here
(bench/bench_startup.py measures the start)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from support.long_record import long_match_save

from web.worker import engine, saves

GAMES = 12
STAMP = '{"rev":7,"tab":"k3",'  # the page's revision stamp (web/page/library/store.js stampSave)


@pytest.fixture(autouse=True)
def fresh_engine() -> Iterator[None]:
    """Each test starts a worker of its own: no session, no save read before."""
    engine._app = None
    saves._read = None
    yield
    engine._app = None
    saves._read = None


def boot(save: str, beside: bool = True, **fields: Any) -> dict[str, Any]:
    request = {"type": "boot", "fragment": "", "query": "", "lang": "en", **fields}
    if beside:
        return dict(json.loads(engine.dispatch(json.dumps(request), save)))
    return dict(json.loads(engine.dispatch(json.dumps({**request, "save": save}))))


def test_a_save_sent_beside_the_request_and_unchanged_is_not_sent_back() -> None:
    save = long_match_save(GAMES, seed=3)
    stamped = STAMP + save[1:]
    answer = boot(stamped)
    assert "save" not in answer and answer["same_save"] is True
    assert answer["entry"]["id"] == json.loads(save)["id"] and answer["view"]["match"] is not None
    # the same request with the save inside its JSON: the save comes back whole, as it was read
    saves._read = None
    engine._app = None
    inside = boot(stamped, beside=False)
    assert inside["save"] == save and "same_save" not in inside
    assert inside["view"] == answer["view"] and inside["entry"] == answer["entry"]


def test_a_later_change_of_the_game_comes_back_as_a_save() -> None:
    save = long_match_save(GAMES, seed=3)
    assert boot(save).get("same_save") is True
    rolled = json.loads(engine.dispatch(json.dumps({"type": "roll"})))
    assert "same_save" not in rolled
    after = json.loads(rolled["save"])
    assert after["match"]["game"]["dice"] and not json.loads(save)["match"]["game"]["dice"]  # rolled, and saved
    assert after["match"]["played"] == json.loads(save)["match"]["played"]  # nothing of the match lost


def test_a_save_that_changes_or_cannot_be_read_comes_back_whole() -> None:
    # schema 1 (the old single slot) is read as a new game of the library: written anew
    old = json.loads(long_match_save(GAMES, seed=3))
    old["schema"] = 1
    answer = boot(json.dumps(old))
    assert "same_save" not in answer and json.loads(answer["save"])["schema"] == 2
    # unreadable: set aside whole, and a new game's save answered
    engine._app = None
    broken = long_match_save(GAMES, seed=3)[:-40]
    answer = boot(broken)
    assert answer["set_aside"] == broken and "same_save" not in answer
    assert json.loads(answer["save"])["match"] is None
