"""A long record does not slow the app's start: a match read from its save replays its finished
games only when a record or an export asks for them (`Match.from_dict(lazy=True)`), and a .mat
of a game without hits is written from the saved plays without any replay. No timing here:
what is checked is that the work is not done (a replay that is not called, a damaged finished
game that does not stop the match from opening) and that nothing is lost on the way."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from support.long_record import long_match_data, long_match_save

from nardcore import gamedata, safejson
from nardcore import match as match_module
from nardcore.bots import RandomBot, act
from nardcore.dice import SeededDice
from nardcore.formats import CodecError
from nardcore.formats.mat import read_mat, write_mat
from nardcore.formats.state import MAX_STATE_MOVES, _packed, decode_state, encode_state
from nardcore.game import Game
from nardcore.match import Match, SavedGame
from nardcore.readers import GameStateError
from web.worker import saves, ui
from web.worker.dice import CountingDice
from web.worker.session import Session

GAMES = 24  # enough finished games to tell a replay of all from none, quick to replay once


@pytest.fixture(scope="module")
def data() -> dict[str, Any]:
    return long_match_data(GAMES, seed=3)


def count_replays(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every game the match module replays from saved data, counted."""
    calls: list[int] = []
    real = gamedata.game_from_dict

    def counted(data: Any, dice: Any = None) -> Any:
        calls.append(1)
        return real(data, dice)

    monkeypatch.setattr(match_module, "game_from_dict", counted)
    return calls


def test_a_match_read_lazily_replays_only_its_current_game(data: dict[str, Any],
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    calls = count_replays(monkeypatch)
    match = Match.from_dict(copy.deepcopy(data), SeededDice(1), lazy=True)
    assert len(calls) == 1  # the current game, not the 24 finished ones
    assert match.score == data["score"] and len(match.closed) == GAMES and match.played_count == GAMES
    assert match.to_dict() == data and len(calls) == 1  # written back as read, still without a replay
    assert all(game is not None and game.over for game in match.played)  # asked for: replayed now, once
    assert len(calls) == 1 + GAMES
    match.played
    assert len(calls) == 1 + GAMES
    eager = Match.from_dict(copy.deepcopy(data), SeededDice(1))
    assert [game_of.history for game_of in eager.played if game_of] == [g.history for g in match.played if g]


def test_a_lazily_read_match_plays_on_and_saves_what_it_read(data: dict[str, Any]) -> None:
    match = Match.from_dict(copy.deepcopy(data), SeededDice(5), lazy=True)
    rng = random.Random(5)
    while not match.game.over:
        match.game.roll() if match.game.phase in ("roll", "opening") else match.game.play(
            rng.choice(list(match.game.plays())) if match.game.plays() else "")
    match.next_game()
    saved = match.to_dict()
    assert saved["played"][:GAMES] == data["played"] and len(saved["played"]) == GAMES + 1
    again = Match.from_dict(saved, SeededDice(5))  # and the whole of it replays, strictly
    assert again.score == match.score and len(again.played) == GAMES + 1


def test_a_damaged_finished_game_opens_the_match_and_is_kept_as_it_was(data: dict[str, Any]) -> None:
    damaged = copy.deepcopy(data)
    damaged["played"][5]["history"][3]["play"] = "24/1"  # not a legal play
    with pytest.raises(GameStateError, match="history event 3"):
        Match.from_dict(copy.deepcopy(damaged), SeededDice(1))  # a link or an import: refused
    match = Match.from_dict(copy.deepcopy(damaged), SeededDice(1), lazy=True)  # the player's own save
    assert match.played[5] is None and all(game is not None for n, game in enumerate(match.played) if n != 5)
    assert match.to_dict() == damaged  # nothing of it lost
    # the record leaves the damaged game's moves out only if they cannot even be written
    assert " Game 6\n" in write_mat(match)
    damaged["played"][5]["history"][3]["play"] = "24/13\n Game 1"
    unreadable = Match.from_dict(copy.deepcopy(damaged), SeededDice(1), lazy=True)
    text = write_mat(unreadable)
    assert " Game 6\n" not in text and " Game 7\n" in text and "\n Game 1\n" in text


def test_the_record_of_a_lazily_read_match_is_the_one_of_the_match_played(data: dict[str, Any],
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    eager = Match.from_dict(copy.deepcopy(data), SeededDice(1))
    calls = count_replays(monkeypatch)
    lazy = Match.from_dict(copy.deepcopy(data), SeededDice(1), lazy=True)
    text = write_mat(lazy)
    assert len(calls) == 1  # a narde record is written from the saved plays
    assert text == write_mat(eager)
    assert read_mat(text).match is not None and read_mat(text).match.score == eager.score  # type: ignore[union-attr]


def test_a_saved_game_refuses_events_a_record_cannot_write(data: dict[str, Any]) -> None:
    match = Match.from_dict(copy.deepcopy(data), SeededDice(1), lazy=True)
    game = copy.deepcopy(data["played"][2])
    for event, junk in [("play", {"event": "play", "side": "w", "dice": [7, 1], "play": "24/16"}),
                        ("side", {"event": "play", "side": "x", "dice": [6, 1], "play": "24/17"}),
                        ("kind", {"event": "jump", "side": "w"}),
                        ("cube", {"event": "double", "side": "w", "cube": "2"}),
                        ("object", ["play"])]:
        broken = copy.deepcopy(game)
        broken["history"][4] = junk
        with pytest.raises(GameStateError):
            SavedGame.of(match.variant, broken, match.closed[2], [0, 0])
    assert SavedGame.of(match.variant, game, match.closed[2], [2, 0]).history == game["history"]


def test_the_app_opens_a_long_match_without_replaying_its_finished_games(monkeypatch: pytest.MonkeyPatch) -> None:
    save = long_match_save(GAMES, seed=3)
    calls = count_replays(monkeypatch)
    app = ui.App(dice="seed:1")
    answer = app.dispatch({"type": "boot", "save": save})
    assert len(calls) == 1  # the current game, none of the finished ones
    view = answer["view"]
    assert view["match"]["score"] == [json.loads(save)["match"]["score"][0], 0] and view["message"] is None
    assert json.loads(answer["save"])["match"]["played"] == json.loads(save)["match"]["played"]
    share = app.dispatch({"type": "share"})["share"]
    assert len(calls) == 1
    assert share["mat"] == write_mat(Match.from_dict(json.loads(save)["match"], SeededDice(1)))


def test_nesting_depth_counts_as_a_scan_of_every_character_would() -> None:
    def scanned(text: str) -> int:
        depth = deepest = 0
        in_string = escaped = False
        for char in text:
            if in_string:
                escaped, in_string = (False, True) if escaped else (char == "\\", char != '"')
            elif char == '"':
                in_string = True
            elif char in "[{":
                depth += 1
                deepest = max(deepest, depth)
            elif char in "]}":
                depth -= 1
        return deepest

    rng = random.Random(11)

    def value(depth: int) -> Any:
        roll = rng.random()
        if depth > 8 or roll < 0.3:
            return rng.choice(['a[', ']}"', "\\", 'x\\"[', "é{", 1, None, True, ""])
        if roll < 0.65:
            return [value(depth + 1) for _ in range(rng.randrange(4))]
        return {rng.choice(["[", "k", "}", '"', "\\["]): value(depth + 1) for _ in range(rng.randrange(4))}

    for _ in range(3000):
        text = json.dumps(value(0), ensure_ascii=rng.random() < 0.5)
        assert safejson.nesting_depth(text) == scanned(text), text
    assert safejson.nesting_depth("[" * 100 + "]" * 100) == safejson.MAX_DEPTH + 1


def test_the_save_of_a_long_match_reuses_the_text_of_its_finished_games_until_one_is_added(
        data: dict[str, Any]) -> None:
    session = Session(dice=CountingDice("seed:3"), game=Game("narde", SeededDice(1)))
    session.match = Match.from_dict(copy.deepcopy(data), SeededDice(3), lazy=True)
    session.replace_game(session.match.game)

    def plain() -> str:
        return json.dumps(saves.to_save(session), separators=(",", ":"))

    assert saves.save_text(session) == plain()
    assert json.loads(saves.save_text(session))["match"] == data
    bot = RandomBot(3)
    while not session.game.over:
        act(session.game, bot)
    assert saves.save_text(session) == plain()
    session.match.next_game()
    session.replace_game(session.match.game)
    text = saves.save_text(session)
    assert text == plain() and len(json.loads(text)["match"]["played"]) == GAMES + 1
    session.match.played  # replayed: the same games, written the same way
    assert saves.save_text(session) == text


def test_a_link_whose_finished_games_hold_too_many_moves_is_refused_at_once_naming_them(
        monkeypatch: pytest.MonkeyPatch) -> None:
    data = long_match_data(40, seed=3)  # repeated games: 40 of them deflate to a few thousand characters
    moves = sum(len(game["history"]) for game in data["played"])
    assert moves > MAX_STATE_MOVES
    link = _packed("match", data)
    assert len(link) < 8_000
    calls = count_replays(monkeypatch)
    with pytest.raises(CodecError, match=f"hold {moves} moves, at most {MAX_STATE_MOVES}") as refused:
        decode_state(link)
    assert not calls and refused.value.why == "why.state_long"
    assert refused.value.params == {"moves": moves, "limit": MAX_STATE_MOVES}
    app = ui.App(dice="seed:1")
    app.dispatch({"type": "boot"})
    view = app.dispatch({"type": "load_url", "fragment": "s=" + link})["view"]
    assert view["message"]["args"]["error"]["key"] == "why.state_long" and not calls
    # the app's own link of such a match carries the results only, and is read back
    match = Match.from_dict(copy.deepcopy(data), SeededDice(1), lazy=True)
    again = decode_state(encode_state(match))
    assert isinstance(again, Match) and again.score == match.score and again.played == [None] * 40
