"""Long .mat records read without replaying their finished games (nardcore/formats/longmat.py):
what they give equals a full read (`read_mat`), the finished games replayed on demand included,
for every game, with the cube, resignations and money sessions; a record that lies is refused."""

from __future__ import annotations

import re

import pytest

from nardcore.bots import RandomBot, act, make_bot
from nardcore.dice import SeededDice
from nardcore.formats.longmat import read_mat_lazily
from nardcore.formats.mat import MatError, read_mat, write_mat
from nardcore.game import Game
from nardcore.gamedata import game_to_dict
from nardcore.match import Match
from nardcore.variant import VARIANT_NAMES
from web.worker import saves
from web.worker.dice import CountingDice
from web.worker.session import Session


def played_match(variant: str, length: int, seed: int, bot_level: str | None = None) -> Match:
    match = Match(variant, SeededDice(seed), length)
    bot = make_bot(bot_level, seed=seed) if bot_level else RandomBot(seed)
    while not match.over:
        act(match.game, bot)
        if match.game.over and not match.over:
            match.next_game()
    return match


def assert_same(text: str) -> None:
    full, lazy = read_mat(text, SeededDice(1)), read_mat_lazily(text, SeededDice(1))
    assert lazy.variant == full.variant and lazy.length == full.length and lazy.names == full.names
    assert full.match is not None and lazy.match is not None
    assert lazy.match.closed == full.match.closed
    assert lazy.match.score == full.match.score
    assert game_to_dict(lazy.match.game) == game_to_dict(full.match.game)
    # the finished games, kept as text until now, replayed on demand
    assert all(isinstance(item, dict) for item in lazy.match.played_items())
    assert [g and game_to_dict(g) for g in lazy.match.played] == [g and game_to_dict(g) for g in full.match.played]
    assert write_mat(lazy.match) == write_mat(full.match) == text


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_a_long_match_of_every_game_reads_as_a_full_read_does(variant: str) -> None:
    length = {"khachapuri": 61, "tawla31": 31}.get(variant, 7)
    assert_same(write_mat(played_match(variant, length, 3)))


def test_the_cube_drops_and_resignations_read_as_a_full_read_does() -> None:
    match = played_match("backgammon", 9, 11, "beginner")
    text = write_mat(match)
    assert "Doubles" in text and "Drops" in text or "Takes" in text
    assert_same(text)
    # a game resigned: the other side wins what it offered
    resigned = Match("backgammon", SeededDice(5), 5)
    bot = RandomBot(5)
    for _ in range(8):
        act(resigned.game, bot)
    while not resigned.game.may_resign():
        act(resigned.game, bot)
    resigned.game.resign("gammon")
    resigned.game.accept_resignation()
    resigned.next_game()
    for _ in range(5):
        act(resigned.game, bot)
    assert_same(write_mat(resigned))


def test_a_money_session_replays_its_last_game_only() -> None:
    games = []
    for seed in range(4):
        game = Game("backgammon", SeededDice(seed))
        while not game.over:
            act(game, RandomBot(seed))
        games.append(game)
    unfinished = Game("backgammon", SeededDice(9))
    for _ in range(5):
        act(unfinished, RandomBot(9))
    text = " 0 point match\n" + "".join(
        f"\n Game {n}\n" + write_mat(g).split("\n Game 1\n", 1)[1] for n, g in enumerate([*games, unfinished], 1))
    full, lazy = read_mat(text, SeededDice(1)), read_mat_lazily(text, SeededDice(1))
    assert len(full.games) == 5 and len(lazy.games) == 1
    assert game_to_dict(lazy.latest) == game_to_dict(full.latest)  # type: ignore[arg-type]


def test_a_record_that_lies_about_a_finished_game_is_refused_naming_a_line() -> None:
    text = write_mat(played_match("narde", 7, 4))
    lines = text.splitlines()
    wins = next(n for n, line in enumerate(lines) if "Wins" in line)
    told = lines[wins]
    points = "2" if " 1 point" in told else "1"
    lines[wins] = told.replace(told.split("Wins ")[1].split(" ")[0], points, 1)
    lying = "\n".join(lines) + "\n"
    with pytest.raises(MatError, match="line"):
        read_mat(lying, SeededDice(1))
    with pytest.raises(MatError, match="line"):
        read_mat_lazily(lying, SeededDice(1))
    # a roll of game 1 changed: its result still adds up, so the game is refused only when it is
    # replayed (it counts as unknown there, as a damaged game of a save does)
    lines = text.splitlines()
    first = next(n for n, line in enumerate(lines) if re.search(r"[1-6][1-6]: \S", line))
    lines[first] = re.sub(r"[1-6][1-6]:", "11:", lines[first], count=1)
    record = read_mat_lazily("\n".join(lines) + "\n", SeededDice(1))
    assert record.match is not None and len(record.match.closed) > 1 and record.match.played[0] is None


def test_the_app_imports_a_long_record_and_its_save_keeps_the_games_to_replay_on_demand() -> None:
    match = played_match("backgammon", 9, 8)
    text = write_mat(match)
    session = Session.fresh(CountingDice(None))
    saves.load_mat(session, text)
    save = saves.save_text(session)
    again = Session.fresh(CountingDice(None))
    saves.load_save(again, save)
    assert again.match is not None and again.match.closed == match.closed
    full = read_mat(text, SeededDice(1)).match
    assert full is not None
    assert [g and game_to_dict(g) for g in again.match.played] == [g and game_to_dict(g) for g in full.played]
