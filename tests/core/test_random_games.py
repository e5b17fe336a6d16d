"""Seeded random games of every variant, with the invariants checked at every state.

- Fast games (2,000 a variant) play uniformly random legal plays and check at every
  state: 15 checkers a side, no point held by both sides, the position string reads
  back to the same position, and a finished game is scored.
- Step games (a tenth as many) are played the way the app plays them, one step at a
  time through the step-by-step view, and check at every state that the view never
  offers a step that leads nowhere, that the plays it completes are exactly the legal
  plays (`result_positions`, a separate code path), that a legal play given step by
  step is accepted, and that the play's text reads back to it; every 25th state also
  walks every step path of the view.
- Matches (through the Game and Match API) check that every play's canonical text
  reads back to the same play, that scores add up and that every match ends exactly
  when a score reaches its length.

NARD_LONG=N multiplies the number of games (a long run: NARD_LONG=20). The fast and the step
games of each variant are played in parts, each from its own seed, so that pytest-xdist's
workers share them evenly.
"""

from __future__ import annotations

import os
import random

import pytest

from nardcore.bots import RandomBot, act
from nardcore.dice import SeededDice, roll
from nardcore.game import Game
from nardcore.match import Match
from nardcore.movegen import TurnPlanner, legal_plays, result_positions
from nardcore.notation import format_play, parse_play
from nardcore.position import Position
from nardcore.scoring import score_game
from nardcore.variant import VARIANT_NAMES, find_variant

LONG = float(os.environ.get("NARD_LONG", "1"))  # below 1 for quick runs (build.py mutate uses 0.1)
FAST_GAMES = max(20, int(2_000 * LONG))
STEP_GAMES = FAST_GAMES // 10
EXHAUSTIVE_EVERY = 25  # states of the step games whose every step path is walked
MATCHES = max(1, int(6 * LONG))
VARIANTS = [*VARIANT_NAMES, "narde+end-block+koks+last-roll", "moultezim+next-turn-runner"]
FAST_PARTS = 4  # the fast games of a variant in four tests
STEP_PARTS = 2


def share(games: int, part: int, parts: int) -> int:
    """How many of `games` the part plays (at least one)."""
    return max(1, games * (part + 1) // parts - games * part // parts)


def part_seed(token: str, part: int) -> int:
    return sum(map(ord, token)) + 7919 * part


def fast_games(token: str, games: int, seed: int) -> list[int]:
    """Play `games` random games; return each game's number of turns. Checks every state."""
    variant = find_variant(token)
    # my point p is the opponent's point opposite[p]
    opposite = [0] + [variant.opponent_point(p) for p in range(1, 25)]
    rng = random.Random(seed)
    dice = SeededDice(seed)
    lengths = []
    for number in range(games):
        position = Position.start(variant, turn=number % 2)
        turns = 0
        while True:
            white, black = position.boards
            assert sum(white) == 15 == sum(black), f"{position} in game {number}"
            assert not any(white[p] and black[opposite[p]] for p in range(1, 25)), f"{position} in game {number}"
            assert Position.parse(str(position)) == position, f"{position} in game {number}"
            winner = position.winner()
            if winner is not None:
                result = score_game(position, winner)
                assert result.points >= 1 and position.off(1 - winner) < 15
                break
            results = result_positions(position, roll(dice).dice)
            position = results[rng.randrange(len(results))]
            turns += 1
        lengths.append(turns)
    return lengths


@pytest.mark.parametrize("part", range(FAST_PARTS))
@pytest.mark.parametrize("token", VARIANTS)
def test_random_games_keep_fifteen_checkers_a_side_and_never_share_a_point(token: str, part: int) -> None:
    games = share(FAST_GAMES if "+" not in token else FAST_GAMES // 10, part, FAST_PARTS)
    lengths = fast_games(token, games, seed=part_seed(token, part))
    assert len(lengths) == games and min(lengths) > 0


def step_through(position: Position, dice: tuple[int, int], rng: random.Random, exhaustive: bool) -> Position:
    """Check the step-by-step view against the legal plays; return the play a random clicker made."""
    legal = set(result_positions(position, dice))
    planner = TurnPlanner(position, dice)
    graph = planner.graph
    # the plays the view completes are the legal plays (the turn passes when there is none)
    assert set(graph.results(graph.finals)) == legal, f"{position} {dice}"
    # a legal play, given one step at a time, is accepted and completes
    final = rng.choice(sorted(graph.finals))
    for step in graph.path_to(final):
        assert not planner.done and step in planner.steps_now(), f"{position} {dice} {step}"
        planner.step(step)
    assert planner.done and planner.result() == graph.result(final), f"{position} {dice}"
    # a player clicking any offered step never gets stuck and ends in a legal play
    planner = TurnPlanner(position, dice)
    while not planner.done:
        offered = planner.steps_now()
        assert offered, f"{position} {dice}: stuck after {planner.steps}"
        planner.step(rng.choice(offered))
    result = planner.result()
    assert result in legal, f"{position} {dice}: {planner.steps} is not a legal play"
    if planner.steps:
        text = format_play(position, planner.steps)
        assert parse_play(position, dice, text) == result, f"{position} {dice} {text!r}"
    if exhaustive:
        check_step_view(position, dice)
    return result


@pytest.mark.parametrize("part", range(STEP_PARTS))
@pytest.mark.parametrize("token", VARIANTS)
def test_games_played_step_by_step_only_ever_offer_steps_that_complete_a_legal_play(token: str, part: int) -> None:
    games = share(STEP_GAMES if "+" not in token else STEP_GAMES // 4, part, STEP_PARTS)
    seed = part_seed(token, part) + 1
    rng = random.Random(seed)
    dice = SeededDice(seed)
    states = 0
    for number in range(games):
        position = Position.start(token, turn=number % 2)
        while position.winner() is None:
            position = step_through(position, roll(dice).dice, rng, exhaustive=states % EXHAUSTIVE_EVERY == 0)
            states += 1
    assert states > 20 * games


def check_step_view(position: Position, dice: tuple[int, int]) -> None:
    """Walking every step path of the step-by-step view reaches exactly the legal plays,
    and every legal play's text reads back to it."""
    plays = legal_plays(position, dice)
    for result, steps in plays.items():
        assert parse_play(position, dice, format_play(position, steps)) == result, f"{position} {dice}"
    reached: set[Position] = set()

    def walk(planner: TurnPlanner) -> None:
        if planner.done:
            reached.add(planner.result())
        for step in planner.steps_now():
            planner.step(step)
            walk(planner)
            planner.undo()

    walk(TurnPlanner(position, dice))
    assert reached == (set(plays) or {position.pass_turn()}), f"{position} {dice}"


@pytest.mark.parametrize("token", VARIANTS)
def test_random_matches_read_back_every_play_and_their_scores_add_up(token: str) -> None:
    seed = sum(map(ord, token))
    rng = random.Random(seed)
    states = walked = 0
    for number in range(MATCHES):
        length = rng.choice([1, 3, 5]) if "tawla" not in token else 31
        match = Match(token, SeededDice(seed + number), length=length)
        bot = RandomBot(seed + number)
        while True:
            game = match.game
            while not game.over:
                if game.phase == "move":
                    position, dice = game.position, game.dice
                    assert dice is not None
                    act(game, bot)
                    text = game.history[-1].get("play", "")
                    assert parse_play(position, dice.dice, text) == game.position, f"{position} {dice} {text!r}"
                    states += 1
                    if states % 20 == 0 and position.winner() is None:
                        check_step_view(position, dice.dice)
                        walked += 1
                    continue
                act(game, bot)
            result = game.result
            assert result is not None and match.score == _added(match)
            if match.over:
                break
            assert max(match.score) < length
            match.next_game()
        assert max(match.score) >= length and match.winner is not None
    assert states > 20 * MATCHES and walked > 0


def _added(match: Match) -> list[int]:
    total = [0, 0]
    for result in match.results:
        if result.winner is not None:
            total[result.winner] += result.points
    return total


def test_a_random_game_is_the_same_game_again_with_the_same_seed() -> None:
    def history(seed: int) -> list[dict[str, object]]:
        game = Game("backgammon+jacoby", SeededDice(seed))
        bot = RandomBot(seed)
        while not game.over:
            act(game, bot)
        return game.history

    assert history(3) == history(3)
    assert history(3) != history(4)
