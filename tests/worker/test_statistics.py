"""The player's history and the dice statistics (web/worker/statistics.py), with known answers: a
library whose games and rolls are known, fair dice against a loaded die, the chi-square's tails."""

from __future__ import annotations

import json
import random

import pytest
from support.library_saves import finished_game

from nardcore.bots import RandomBot, act
from nardcore.dice import SeededDice
from nardcore.game import Game
from nardcore.gamedata import game_to_dict
from web.worker.statistics import (
    ROLLS,
    DiceCounts,
    GamePlayed,
    check_dice,
    chi_square_p,
    dice_counts,
    games_of_save,
    results,
    rolls_of_history,
)


def test_the_rolls_counted_are_the_turns_played_without_the_opening() -> None:
    game = Game("backgammon", SeededDice(5))
    bot = RandomBot(5)
    for _ in range(40):
        act(game, bot)
    history = game_to_dict(game)["history"]
    plays = [e for e in history if e["event"] == "play"]
    rolls = rolls_of_history(history)
    # backgammon's first turn plays the opening's two dice: not a roll of that side
    assert len(rolls) == len(plays) - 1
    assert [dice for _, dice in rolls] == [tuple(e["dice"]) for e in plays[1:]]
    assert [side for side, _ in rolls] == [{"w": 0, "b": 1}[e["side"]] for e in plays[1:]]


def test_narde_counts_every_turn_its_starter_rolls_after_the_opening() -> None:
    game = Game("narde", SeededDice(9))
    bot = RandomBot(9)
    for _ in range(30):
        act(game, bot)
    history = game_to_dict(game)["history"]
    opening = next(e for e in history if e["event"] == "opening")
    plays = [e for e in history if e["event"] == "play"]
    first_is_opening = sorted(plays[0]["dice"]) == sorted(opening["dice"])
    assert len(rolls_of_history(history)) == len(plays) - first_is_opening


def test_a_seeded_library_has_the_counts_its_dice_gave() -> None:
    """Games against the computer from the app itself: the counts over the library are the sums of
    the rolls in the saves, and results say who won how much."""
    saves = [json.loads(finished_game(seed + 20)[0]) for seed in range(3)]
    games = [g for save in saves for g in games_of_save(save)]
    # the rolls, counted by hand from the histories
    mine: dict[str, int] = dict.fromkeys(ROLLS, 0)
    theirs = 0
    for save in saves:
        # backgammon's first turn is played with the opening's dice (after any ties rolled again)
        plays = [event for event in save["game"]["history"] if event["event"] == "play"][1:]
        for event in plays:
            if event["side"] == "w":
                high, low = max(event["dice"]), min(event["dice"])
                mine[f"{high}{low}"] += 1
            else:
                theirs += 1
    counts = dice_counts(games, "mine")
    assert counts.rolls == mine
    assert dice_counts(games, "theirs").count == theirs
    assert dice_counts(games, "all").count == counts.count + theirs
    assert sum(counts.faces) == 2 * counts.count
    assert counts.doubles == sum(n for roll, n in mine.items() if roll[0] == roll[1])
    # the results from the player's side
    tally = results(games).by_rival["computer:beginner"]
    over = [g for g in games if g.over]
    assert tally.played == len(over) and tally.won + tally.lost == len(over)
    assert tally.points_won == sum(g.points for g in over if g.winner == 0)
    assert tally.points_lost == sum(g.points for g in over if g.winner == 1)


def test_results_by_game_opponent_and_kind_from_known_games() -> None:
    def game(variant: str, rival: str, mine: int | None, winner: int | None, points: int, match: bool = False,
             over: bool = True) -> GamePlayed:
        return GamePlayed(variant, rival, match, mine, over, winner, points)

    games = [
        game("narde", "computer:strongest", 0, 0, 2),
        game("narde", "computer:strongest", 0, 1, 1),
        game("narde", "computer:strongest", 1, 1, 3, match=True),
        game("backgammon", "link", 1, 0, 4),
        game("backgammon", "human", None, 0, 1),
        game("backgammon", "computer:beginner", 0, None, 0, over=False),
        game("tawla31", "computer:advanced", 0, None, 0),  # a draw
    ]
    found = results(games)
    narde = found.by_variant["narde"]
    assert (narde.played, narde.won, narde.lost, narde.points_won, narde.points_lost) == (3, 2, 1, 5, 1)
    strongest = found.by_rival["computer:strongest"]
    assert (strongest.won, strongest.lost) == (2, 1)
    link = found.by_rival["link"]
    assert (link.played, link.won, link.lost, link.points_lost) == (1, 0, 1, 4)
    two = found.by_rival["human"]
    assert (two.played, two.won, two.lost) == (1, 0, 0)  # nobody's side is the player's
    assert found.by_kind["match"].won == 1 and found.by_kind["single"].played == 5
    assert found.by_variant["backgammon"].played == 2  # the unfinished one is not counted
    assert found.by_variant["tawla31"].drawn == 1
    assert (found.total.played, found.total.won, found.total.lost, found.total.drawn) == (6, 2, 2, 1)


def counts_of(rolls: list[tuple[int, int]]) -> DiceCounts:
    counts = DiceCounts()
    for dice in rolls:
        counts.add(dice)
    return counts


def test_fair_dice_read_as_fair_and_a_loaded_die_is_flagged() -> None:
    rng = random.Random(1)  # 3,600 rolls of fair dice: p = 0.94 over the rolls, 0.59 over the faces
    fair = counts_of([(rng.randint(1, 6), rng.randint(1, 6)) for _ in range(3600)])
    verdict = check_dice(fair)
    assert verdict.verdict == "dice.verdict.fair" and verdict.p_rolls > 0.05 and verdict.p_faces > 0.05
    assert verdict.expected_rolls["66"] == pytest.approx(100) and verdict.expected_rolls["21"] == pytest.approx(200)
    assert verdict.expected_doubles == pytest.approx(600) and verdict.expected_faces == pytest.approx(1200)
    assert verdict.expected_pips == pytest.approx(3600 * 49 / 6)  # 8 1/6 pips a roll, doubles four times
    # one die shows a six a third of the time
    def loaded() -> int:
        return 6 if rng.random() < 1 / 3 else rng.randint(1, 5)
    bad = check_dice(counts_of([(loaded(), rng.randint(1, 6)) for _ in range(3600)]))
    assert bad.verdict == "dice.verdict.loaded" and bad.p_faces < 0.001
    # too few rolls to say anything
    assert check_dice(counts_of([(6, 6)] * 20)).verdict == "dice.verdict.too_few"


def test_a_count_by_hand_gives_its_chi_square() -> None:
    counts = counts_of([(1, 1)] * 36 * 10)  # nothing but double ones
    test = check_dice(counts)
    assert counts.faces == [720, 0, 0, 0, 0, 0] and counts.doubles == 360 and counts.pips == 360 * 4
    # 21 cells: (360 - 10)^2/10 for 11, each other double 10, each non-double 20
    assert test.chi2_rolls == pytest.approx(350 ** 2 / 10 + 5 * 10 + 15 * 20)
    assert test.verdict == "dice.verdict.loaded"


@pytest.mark.parametrize(("x", "df", "p"), [(31.410, 20, 0.05), (37.566, 20, 0.01), (11.070, 5, 0.05),
                                            (20.515, 5, 0.001), (3.0, 5, 0.69999), (0.4549, 1, 0.5),
                                            (0.0, 5, 1.0)])
def test_the_chi_square_tail_matches_the_tables(x: float, df: int, p: float) -> None:
    assert chi_square_p(x, df) == pytest.approx(p, abs=2e-4)


def test_a_save_that_is_not_one_gives_no_games_and_no_error() -> None:
    assert games_of_save({}) == []
    assert games_of_save({"game": {"history": [{"event": "play", "side": "w", "dice": [9, 1]}, 7]}})[0].rolls == (
        [0] * 21, [0] * 21)
    assert rolls_of_history("not a list") == []
    link = games_of_save({"settings": {"opponent": "human"}, "duel": {"me": "b"},
                          "game": {"variant": "narde", "history": [], "result": {"winner": "b", "points": 2}}})
    assert link[0].rival == "link" and link[0].mine == 1 and link[0].winner == 1 and link[0].points == 2
