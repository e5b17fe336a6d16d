"""A start with a long save sends that save one way only: the page passes it beside the request's
JSON (`engine.dispatch(request_json, save)`), and an answer whose save is that save unchanged
says `same_save` instead of sending megabytes back (web/page/boot/app.js puts it back). A save
that changes on the way, or that cannot be read, comes back as before. And a long save's finished
games are not even read at the start: their text is kept as it is and read when they are asked
for (a record, an export). No timing here (bench/bench_startup.py measures the start)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from support.long_record import long_match_save

from nardcore import safejson
from nardcore.bots import RandomBot, act
from nardcore.dice import SeededDice
from nardcore.formats.mat import write_mat
from nardcore.match import Match
from web.worker import engine, saves

GAMES = 12
STAMP = '{"rev":7,"tab":"k3",'  # the page's revision stamp before IndexedDB (web/page/library/migrate.js)


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


# -- a long save's finished games are not even read at the start ------------------------------------


def long_save(games: int = 40) -> str:
    """A save longer than saves.LAZY_SAVE, laid out as save_text writes it."""
    save = long_match_save(games, seed=3)
    assert len(save) > saves.LAZY_SAVE
    return save


def test_the_start_reads_no_finished_game_of_a_long_save_and_loses_none(monkeypatch: pytest.MonkeyPatch) -> None:
    save = long_save()
    read: list[int] = []
    real = safejson.loads
    def loads(text: Any, *args: Any, **options: Any) -> Any:
        read.append(len(text))
        return real(text, *args, **options)

    monkeypatch.setattr(safejson, "loads", loads)
    assert boot(save)["same_save"] is True
    match = engine._app.session.match  # type: ignore[union-attr]
    assert match is not None and match.played_pending
    assert max(read) < len(save) // 10  # the request and the save without its finished games
    # a game played to its end and the next begun: saved with every finished game, none of them read
    app = engine._app
    assert app is not None
    while not match.game.over:
        act(match.game, RandomBot(2))
    match.next_game()
    app.session.replace_game(match.game)
    text = saves.save_text(app.session)
    assert match.played_pending and max(read) < len(save) // 10
    eager = Match.from_dict(json.loads(save)["match"], SeededDice(1))
    played = json.loads(text)["match"]["played"]
    assert played[:-1] == json.loads(save)["match"]["played"] and len(played) == len(eager.closed) + 1
    # asked for (the share dialog's record): read now, the record the same as the whole match's
    share = json.loads(engine.dispatch(json.dumps({"type": "share"})))["share"]
    assert not match.played_pending
    assert share["mat"].startswith(write_mat(eager).split(f" Game {len(eager.closed) + 1}\n")[0])


def test_damaged_finished_games_of_a_long_save_open_the_match_and_are_kept_as_they_were() -> None:
    save = long_save()
    cut = save.index('"history":[', save.index(',"played":[')) + len('"history":[')
    damaged = save[:cut] + "{{" + save[cut:]  # not JSON, inside the finished games only
    answer = boot(damaged)
    assert answer["same_save"] is True and "set_aside" not in answer  # the match opens as it is
    match = engine._app.session.match  # type: ignore[union-attr]
    assert match is not None and answer["view"]["match"]["score"] == json.loads(save)["match"]["score"][:1] + [0]
    rolled = json.loads(engine.dispatch(json.dumps({"type": "roll"})))
    assert damaged[cut - 200:cut + 200] in rolled["save"]  # the damaged text kept as it was
    assert match.played == [None] * len(match.closed)  # asked for: unknown, as before records were kept


def test_a_long_save_laid_out_otherwise_is_read_whole() -> None:
    data = json.loads(long_save())
    pretty = json.dumps(data, indent=1)
    answer = boot(pretty)
    assert "set_aside" not in answer and not engine._app.session.match.played_pending  # type: ignore[union-attr]
    engine._app = None
    broken = pretty.replace('"played": [', '"played": [{{', 1)
    answer = boot(broken)
    assert answer["set_aside"] == broken  # refused whole, and kept aside, as any unreadable save


def pending(match: Match) -> bool:
    return match.played_pending


def test_a_match_given_its_finished_games_as_text_reads_them_when_asked() -> None:
    data = json.loads(long_save())["match"]
    text = json.dumps(data.pop("played"), separators=(",", ":"))
    match = Match.from_dict(data, SeededDice(1), lazy=True, played_text=text)
    assert pending(match) and match.played_text() == text
    assert match.played_count == len(match.closed) and not pending(match)
    assert all(game is not None for game in match.played)
    for wrong in ("[]", "[1]", text[:-1] + ",null]", "{}", "[" * 100 + "]" * 100):
        odd = Match.from_dict(dict(data), SeededDice(1), lazy=True, played_text=wrong)
        assert odd.played == [None] * len(odd.closed)  # unknown, never an error
