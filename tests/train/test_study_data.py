"""The opening books and the puzzles shipped with nardcore (docs/openings.md, docs/puzzles.md):
their command lines, their shape, their plays legal, and their answers checked from outside by
fresh rollouts on other dice. Every game shipped is checked; which games are shipped so far, and
how backgammon's compare with gnubg, is in docs/openings.md and docs/puzzles.md."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import gnubg_nn
import numpy as np
import pytest
from gnubg_oracle import BACKGAMMON, to_gnubg

from nardcore.books import book_entries, book_entry
from nardcore.bots.neural import network_for
from nardcore.bots.outcomes import OUTCOMES
from nardcore.movegen import legal_plays
from nardcore.notation import format_play, parse_play
from nardcore.position import Position
from nardcore.puzzles import THEMES, puzzle_by_id, puzzles
from nardcore.variant import VARIANT_NAMES, find_variant
from train.npnet import Net
from train.openings import opening_rolls, roll_out


def cli(*args: str) -> list[dict[str, Any]]:
    done = subprocess.run([sys.executable, "-m", "nardcore", *args], capture_output=True, text=True, check=True)
    return [json.loads(line) for line in done.stdout.splitlines()]


BOOKS = [name for name in VARIANT_NAMES if book_entries(name)]
BOOK_FILES = Path(__file__).resolve().parents[2] / "nardcore" / "books"
PUZZLES = [name for name in VARIANT_NAMES if puzzles(name)]


def test_books_and_puzzles_are_shipped() -> None:
    assert BOOKS == PUZZLES == list(VARIANT_NAMES)  # every game has its opening book and its puzzles


@pytest.mark.parametrize("variant_name", BOOKS)
def test_the_book_covers_every_opening_roll_with_legal_plays_best_first(variant_name: str) -> None:
    start = Position.start(find_variant(variant_name))
    lines = cli("openings", variant_name)
    openings = {line["dice"]: line for line in lines if line["position"] == start.format()}
    assert sorted(openings) == sorted(f"{a}{b}" for a, b in opening_rolls(variant_name))
    for line in lines:
        position = Position.parse(str(line["position"]))
        dice_text = str(line["dice"])
        dice = (int(dice_text[0]), int(dice_text[1]))
        plays = line["plays"]
        assert isinstance(plays, list) and plays
        equities = [play["equity"] for play in plays]
        assert equities == sorted(equities, reverse=True)
        for play in plays:
            parse_play(position, dice, play["play"])  # legal, in the app's notation
            assert set(play["outcomes"]) >= {"win"}
        assert book_entry(position, dice) is not None
    # 1,296 games a play, or fewer with variance reduction where a finer run refined a roll
    refined = json.loads((BOOK_FILES / f"{variant_name}.json").read_text()).get("refined", {})
    assert all(line["games"] >= 1296 or (dice in refined and "luck" in refined[dice])
               for dice, line in openings.items())


def test_the_book_is_found_for_either_colour_on_roll() -> None:
    white = Position.start(BACKGAMMON)
    black = Position.start(BACKGAMMON, turn=1)
    assert book_entry(white, (1, 3)) == book_entry(black, (3, 1)) is not None
    assert book_entry(white, (3, 3)) is None  # backgammon opens with two different dice


@pytest.mark.parametrize("variant_name", PUZZLES)
def test_the_puzzles_have_legal_answers_and_ratings(variant_name: str) -> None:
    lines = cli("puzzles", variant_name)
    assert len(lines) == len(puzzles(variant_name)) >= 300  # at least 300 a game, as the command lists them
    assert len({line["id"] for line in lines}) == len(lines)
    for line in lines:
        assert set(line) == {"id", "position", "dice", "best", "rating", "themes"}
        position = Position.parse(str(line["position"]))
        dice_text = str(line["dice"])
        dice = (int(dice_text[0]), int(dice_text[1]))
        result = parse_play(position, dice, str(line["best"]))
        assert format_play(position, legal_plays(position, dice)[result]) == line["best"]
        assert isinstance(line["rating"], int) and 500 <= line["rating"] <= 3000
        assert set(line["themes"]) <= set(THEMES)
        puzzle = puzzle_by_id(str(line["id"]))
        assert puzzle is not None and puzzle.best == line["best"] and len(puzzle.plays) >= 2


@pytest.mark.parametrize("variant_name", PUZZLES)
def test_a_sample_of_puzzles_holds_on_fresh_dice(variant_name: str) -> None:
    """Rolled out again on other dice, the best play of most sampled puzzles still leads."""
    network = network_for(variant_name)
    assert network is not None
    net, spec = Net.from_network(network), OUTCOMES[variant_name]
    sample = random.Random(7).sample(list(puzzles(variant_name)), min(8, len(puzzles(variant_name))))
    holds = 0
    for number, puzzle in enumerate(sample):
        best, second = (spec.constant + roll_out(net, spec, play.result, 216, 10, 10_007 + number)
                        @ np.array(spec.weights) for play in puzzle.plays[:2])
        holds += float(best.mean()) > float(second.mean())
    assert holds >= len(sample) - 1


GNUBG_FILTER_KEEP, GNUBG_FILTER_WITHIN = 8, 0.16  # gnubg's move filter before its 2-ply look


def played_equity(result: Position, plies: int = 2) -> float:
    """gnubg's cubeless equity at `plies` of a play's result, for the side that played it."""
    if result.winner() is not None:
        return 3.0  # every shipped puzzle's plays leave the game going; a win tops them all
    win, gammon, backgammon, lose_gammon, lose_backgammon = gnubg_nn.probabilities(
        [list(side) for side in to_gnubg(result)], plies)
    return -float(2 * win - 1 + gammon + backgammon - lose_gammon - lose_backgammon)


def test_backgammon_puzzles_agree_with_gnubg_at_two_plies() -> None:
    """gnubg 2-ply (an outside judge, never a source of what ships) picks the shipped best play
    among all legal plays in at least 95% of the backgammon puzzles."""
    shipped = puzzles("backgammon")
    assert shipped
    agree = 0
    for puzzle in shipped:
        # as gnubg's own 2-ply analysis does (its move filter): every legal play at 0 ply, the
        # best eight of those within 0.16 of the first at 2 ply
        at_0 = sorted(((played_equity(result, 0), result) for result in legal_plays(puzzle.position, puzzle.dice)),
                      key=lambda pair: -pair[0])
        kept = [result for equity, result in at_0[:GNUBG_FILTER_KEEP] if equity >= at_0[0][0] - GNUBG_FILTER_WITHIN]
        gnubg_best = max(kept, key=lambda result: played_equity(result, 2))
        agree += gnubg_best == puzzle.plays[0].result
    assert agree >= 0.95 * len(shipped), f"{agree} of {len(shipped)}"


def test_the_backgammon_opening_book_agrees_with_gnubg_at_two_plies() -> None:
    """gnubg 2-ply (an outside judge only) picks the book's first play among all legal plays for
    at least 13 of the 15 opening rolls (the issue's bar; docs/openings.md: which differ, why)."""
    start = Position.start(BACKGAMMON)
    agree = []
    for dice in opening_rolls("backgammon"):
        entry = book_entry(start, dice)
        assert entry is not None
        gnubg_best = max(legal_plays(start, dice), key=played_equity)
        agree.append(gnubg_best == entry.plays[0].result)
    assert sum(agree) >= 13, [dice for dice, same in zip(opening_rolls("backgammon"), agree, strict=True) if not same]
