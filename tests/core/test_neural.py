"""The learned players: inputs and inference against the training code, levels, cube, hints, review, protocol."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from nardcore.bots import act, neural_cube
from nardcore.bots.analysis import hint, review
from nardcore.bots.inputs import INPUTS, features
from nardcore.bots.levels import LEVELS, LevelError, make_bot
from nardcore.bots.neural import OUTCOMES, Network, final_outcome, network_for
from nardcore.dice import SeededDice
from nardcore.game import Game
from nardcore.movegen import result_positions
from nardcore.position import Position
from nardcore.variant import VARIANT_NAMES, find_variant
from train.npnet import Net, boards_of, encode

ROOT = Path(__file__).resolve().parents[2]
TRAINED = [name for name in VARIANT_NAMES if network_for(name) is not None]


def random_game_positions(variant: str, count: int, seed: int) -> list[Position]:
    """Positions met in random games (both sides on roll, bar and bear-off included)."""
    rng = random.Random(seed)
    found: list[Position] = []
    while len(found) < count:
        position = Position.start(variant, turn=rng.randint(0, 1))
        while position.winner() is None and len(found) < count:
            found.append(position)
            position = rng.choice(result_positions(position, (rng.randint(1, 6), rng.randint(1, 6))))
    return found


def dense(position: Position) -> np.ndarray:
    x = np.zeros(INPUTS)
    for index, value in features(position):
        x[index] = value
    return x


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_the_training_codes_inputs_equal_the_library_inputs(variant: str) -> None:
    positions = random_game_positions(variant, 1500, seed=7)
    batch = encode(boards_of(positions), positions[0].variant)
    for row, position in zip(batch, positions, strict=True):
        assert np.array_equal(row, dense(position)), str(position)


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_pure_python_inference_equals_numpy_inference(variant: str) -> None:
    shipped = network_for(variant)
    if shipped is None:  # an untrained game: check the same on a random network
        shipped = Net.fresh(variant, 16, np.random.default_rng(3)).to_network()
    net = Net(
        variant,
        np.array(shipped.rows),
        np.array(shipped.hidden_bias),
        np.array(shipped.output_columns).T,
        np.array(shipped.output_bias),
    )
    positions = random_game_positions(variant, 600, seed=11)
    expected = net.outputs(encode(boards_of(positions), positions[0].variant, net.tactical))
    got = np.array([shipped.forward(p) for p in positions])  # the network alone, bear-offs too
    assert np.abs(got - expected).max() < 1e-6


def test_a_network_survives_its_file_format_and_refuses_a_broken_file() -> None:
    network = Net.fresh("tawla31", 8, np.random.default_rng(1)).to_network({"games": 5})
    again = Network.from_bytes(network.to_bytes())
    position = Position.start("tawla31")
    assert again.evaluate(position) == network.evaluate(position) and again.info["games"] == 5
    with pytest.raises(ValueError, match="weights"):
        Network.from_bytes(network.to_bytes()[:-4])


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_outcomes_flip_to_the_other_side_and_score_the_end_as_the_rules_do(variant: str) -> None:
    spec = OUTCOMES[variant]
    rng = random.Random(2)
    for _ in range(50):
        outputs = [rng.random() for _ in range(spec.size)]
        assert spec.flip(spec.flip(outputs)) == pytest.approx(outputs)
        assert spec.equity(spec.flip(outputs)) == pytest.approx(-spec.equity(outputs))
    # a finished game's targets are worth exactly its points, for the winner, and minus them for the loser
    checked = 0
    token = variant + "+cube-limit-1" if find_variant(variant).cube else variant  # games that end on the board
    for seed in range(30):
        game = Game(token, SeededDice(seed))
        bot = make_bot("advanced")
        while not game.over:
            act(game, bot)
        assert game.result is not None and game.result.winner is not None
        final = game.position
        checked += 1
        for side in (0, 1):
            sign = 1 if side == game.result.winner else -1
            points = sign * game.result.points / game.result.cube
            assert spec.equity(final_outcome(final, side)) == pytest.approx(points)
    assert checked >= 20


@pytest.mark.parametrize("variant", VARIANT_NAMES)
@pytest.mark.parametrize("level", ["beginner", "intermediate", "advanced"])
def test_every_level_plays_only_legal_plays(variant: str, level: str) -> None:
    bot = make_bot(level, seed=4)
    for position in random_game_positions(variant, 1000, seed=hash((variant, level)) % 1000):
        dice = (1 + hash(str(position)) % 6, 1 + hash(str(position)[::-1]) % 6)
        results = result_positions(position, dice)
        choice = bot.choose_play(position, dict.fromkeys(results))
        assert choice in results


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_the_strongest_level_plays_only_legal_plays(variant: str) -> None:
    bot = make_bot("strongest", budget=0.02)
    rng = random.Random(5)
    for position in random_game_positions(variant, 60, seed=9):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        results = result_positions(position, dice)
        assert bot.choose_play(position, results) in results


def test_an_unknown_level_is_refused() -> None:
    with pytest.raises(LevelError, match="levels: beginner"):
        make_bot("grandmaster")
    assert LEVELS[0] == "beginner" and LEVELS[-1] == "strongest"


def test_the_beginner_prefers_good_plays_but_not_always_the_best() -> None:
    position = Position.start("backgammon")
    results = result_positions(position, (3, 1))
    losses = {h.result: h.loss for h in hint(position, (3, 1), count=100)}
    best = make_bot("advanced").choose_play(position, results)
    picks = [make_bot("beginner", seed=s).choose_play(position, results) for s in range(300)]
    counts = {r: picks.count(r) for r in results}
    assert max(counts, key=lambda r: counts[r]) == best  # the best play is its favourite
    assert counts[best] < len(picks)  # but not its only play
    # its mistakes are mostly small: well below the average loss of a play picked at random
    # (about half of it on this roll at backgammon's temperature, docs/training.md "Levels")
    mean_pick = sum(losses[p] for p in picks) / len(picks)
    mean_any = sum(losses.values()) / len(losses)
    assert mean_pick < 0.6 * mean_any, (mean_pick, mean_any)


def test_the_cube_stays_in_the_middle_in_near_even_positions_and_turns_when_well_ahead() -> None:
    network = network_for("backgammon")
    assert network is not None
    checked = 0
    for seed in range(80):  # after each side's first play: near even, never a double
        game = Game("backgammon", SeededDice(seed))
        bot = make_bot("advanced")
        while len(game.history) < 4 and not game.over:
            if game.phase == "cube" and game.may_double():
                assert not bot.wants_double(game), str(game.position)
                checked += 1
            act(game, bot)
    assert checked >= 80
    # races from even to hopeless: the decisions are the model's equities read, some lead is
    # a double and a take, and the largest is a double and a pass
    races = [  # white (on roll) against black, by a growing lead; the first is near even (gnubg: 53%)
        "6x4,5x3,4x3,3x3,2x2:6x3,5x3,4x3,3x3,2x3",
        "6x4,5x3,4x3,3x3,2x2:6x4,5x4,4x4,3x2,2",
        "6x3,5x3,4x3,3x3,2x3:6x4,5x4,4x3,3x3,2",
        "6x3,5x3,4x3,3x3,2x3:6x4,5x4,4x4,3x3",
        "3x5,2x5,1x5:8x3,7x3,6x3,5x3,4x3",
    ]
    answers = []
    for sides in races:
        race = Game("backgammon", SeededDice(1), position=Position.parse(f"backgammon:w:{sides}"))
        decision = neural_cube.cube_decision(race)
        assert decision is not None
        doubles = neural_cube.wants_double(race)
        assert doubles is (min(decision.double_take, decision.double_pass) > decision.no_double), sides
        race.double()
        assert neural_cube.takes(race) is (decision.double_take <= decision.double_pass)
        answers.append((doubles, neural_cube.takes(race)))
    assert answers[0] == (False, True)  # even: no double (a double would be taken)
    assert (True, True) in answers[1:4], answers
    assert answers[-1][1] is False  # 45 pips against 90: a pass


def test_review_marks_a_planted_blunder_and_not_the_best_play() -> None:
    start = Position.start("backgammon")
    options = hint(start, (6, 5), count=1000)
    worst = options[-1]
    assert worst.loss >= 0.16, "the network should see the worst 6-5 opening as a blunder"
    for planted, expected in ((worst, "blunder"), (options[0], None)):
        play = {"event": "play", "side": "w", "dice": [6, 5], "play": planted.play}
        history = [{"event": "opening", "dice": [6, 5]}, play]
        done = review(start, history)
        assert [d.mark for d in done.decisions] == [expected]
        assert done.decisions[0].best == options[0].play
        assert len(done.chances) == 1 and 0 <= done.chances[0] <= 1


def test_the_move_protocol_answers_line_by_line_with_error_lines() -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "nardcore", "move", "--level", "advanced"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=ROOT,
    )
    assert process.stdin is not None and process.stdout is not None
    lines = [
        b"narde:w:24x15:24x15 65",
        b"not a position 65",
        b"\xff\xfe 31",
        b"backgammon:w:bar,6x14:24x2,13x5,8x3,6x5,5x0 66",
        b"backgammon:w:bar,13x14:1x2,2x2,3x2,4x2,5x2,6x2,7x3 66",
    ]
    answers = []
    for line in lines:  # one at a time: each answer must come before the next line is sent
        process.stdin.write(line + b"\n")
        process.stdin.flush()
        answers.append(process.stdout.readline().decode().strip())
    process.stdin.close()
    assert process.wait(timeout=30) == 0
    assert Position.parse(answers[0]) in result_positions(Position.parse("narde:w:24x15:24x15"), (6, 5))
    assert "error" in json.loads(answers[1]) and "error" in json.loads(answers[2]) and "error" in json.loads(answers[3])
    closed = Position.parse("backgammon:w:bar,13x14:1x2,2x2,3x2,4x2,5x2,6x2,7x3")
    assert answers[4] == str(closed.pass_turn())  # no legal play: the same position, turn passed


def test_hint_and_eval_on_the_command_line() -> None:
    start = str(Position.start("backgammon"))
    out = subprocess.run([sys.executable, "-m", "nardcore", "hint", start, "31", "--n", "3"], capture_output=True,
                         text=True, cwd=ROOT, check=True).stdout.splitlines()
    assert len(out) == 3 and out[0].startswith("1. ")
    assert out[0].split()[1] == hint(Position.start("backgammon"), (3, 1), 1)[0].play.split()[0]
    if "backgammon" in TRAINED:
        answer = json.loads(subprocess.run([sys.executable, "-m", "nardcore", "eval", start], capture_output=True,
                                           text=True, cwd=ROOT, check=True).stdout)
        assert set(answer["outputs"]) == {"win", "win_2x", "win_3x", "lose_2x", "lose_3x"}
        assert -0.3 < answer["equity"] < 0.3 and 0.4 < answer["outputs"]["win"] < 0.6


def test_a_variant_without_rules_options_still_finds_its_network() -> None:
    variant = find_variant("backgammon+jacoby")
    assert network_for(variant.name) is network_for("backgammon")


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_the_benchmarks_numpy_players_choose_as_the_shipped_players_do(variant: str) -> None:
    from train.play import net_player, net_strongest_player

    shipped = network_for(variant)
    assert shipped is not None, f"no network shipped for {variant}"
    net = Net(variant, np.array(shipped.rows), np.array(shipped.hidden_bias), np.array(shipped.output_columns).T,
              np.array(shipped.output_bias))
    advanced, strongest = make_bot("advanced"), make_bot("strongest", budget=1e9)
    fast_advanced, fast_strongest = net_player(net), net_strongest_player(net)
    rng = random.Random(8)
    compared = 0
    for position in random_game_positions(variant, 400, seed=12):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        results = result_positions(position, dice)
        if len(results) < 2:
            continue
        assert fast_advanced(position, dice, results) == advanced.choose_play(position, results)
        if compared < 25:
            assert fast_strongest(position, dice, results) == strongest.choose_play(position, results)
        compared += 1
    assert compared > 100


def test_evaluations_are_kept_and_the_least_recently_used_leave_first() -> None:
    network = Net.fresh("narde", 8, np.random.default_rng(2)).to_network()
    network.cache_size = 2
    positions = random_game_positions("narde", 40, seed=3)[10:13]
    first = network.evaluate(positions[0])
    first[0] = 99.0  # the caller's copy: the kept outputs stay as they were
    assert network.evaluate(positions[0]) == network.forward(positions[0]) and (network.hits, network.misses) == (1, 1)
    network.evaluate(positions[1])
    network.evaluate(positions[0])  # used again: now the most recent
    network.evaluate(positions[2])  # the cache is full: positions[1] leaves
    assert list(network._cache) == [positions[0], positions[2]] and (network.hits, network.misses) == (2, 3)
    network.cache_size = 0
    network._cache.clear()
    network.evaluate(positions[1])
    assert not network._cache and network.misses == 4


def test_strongest_looks_two_plies_deep_when_its_best_two_plays_are_close() -> None:
    from nardcore.bots.neural_bot import NeuralBot, lookahead_equity
    from nardcore.dice import ROLLS

    # a close decision (found with the bench's numpy players) that two plies decide otherwise than one
    position, dice = Position.parse("backgammon:b:24x4,9,6x3,4x2,3,2x3,1:bar,14,13x2,11,8,6x3,5x3,3x3"), (2, 5)
    network = network_for("backgammon")
    assert network is not None
    results = result_positions(position, dice)
    one_ply = NeuralBot(lookahead=True, budget=1e9)
    two_ply = NeuralBot(lookahead=True, budget=1e9, deepen_rolls=len(ROLLS), deepen_gap=1.0, deepen_budget=1e9)

    def two_plies(result: Position) -> float:
        """For the mover: each opponent roll's best reply at 0 ply, valued by the mover's best
        play at 0 ply after each of its own rolls."""
        total = 0.0
        for roll in ROLLS:
            reply = min(result_positions(result, roll.dice), key=network.equity)
            total += float(roll.probability) * sum(
                float(mine.probability) * max(-network.equity(after) for after in result_positions(reply, mine.dice))
                for mine in ROLLS)
        return total

    by_one_ply = sorted(one_ply.rank(position, results)[:6], key=lambda r: -lookahead_equity(network, r.result))
    best_two = [r.result for r in by_one_ply[:2]]
    chosen = two_ply.choose_play(position, results)
    assert two_ply.deepened == len(ROLLS)
    assert chosen == max(best_two, key=two_plies)
    assert chosen != one_ply.choose_play(position, results) == best_two[0]
    # no time left for it: no roll is deepened, and the 1-ply choice stands
    rushed = NeuralBot(lookahead=True, budget=1e9, deepen_rolls=len(ROLLS), deepen_gap=1.0, deepen_budget=0.0)
    assert rushed.choose_play(position, results) == best_two[0] and rushed.deepened == 0


def test_strongest_looks_two_plies_deep_in_khachapuri_too(monkeypatch: pytest.MonkeyPatch) -> None:
    from nardcore.bots import neural_bot

    # a close decision in khachapuri (found by playing the level itself), then one with a single play
    position, dice = Position.parse("khachapuri:w:24,20,19,6x8,5,3,2,1:24x2,16,10,6x7,5,3,2,1"), (1, 5)
    results = result_positions(position, dice)
    strongest = make_bot("strongest", budget=1e9)
    assert isinstance(strongest, neural_bot.NeuralBot)
    strongest.choose_play(position, results)
    assert strongest.deepened == neural_bot.DEEPENED_ROLLS
    strongest.choose_play(position, results[:1])
    assert strongest.deepened == 0  # the count is the last choice's, not a stale one
    monkeypatch.setattr(neural_bot, "DEEPENED_GAMES", ("backgammon",))
    strongest.choose_play(position, results)
    assert strongest.deepened == 0
