"""Why one play is better than another (nardcore.bots.explain), and why a roll has no play or
only one (nardcore.forced): the facts of known positions, and their words in every language."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from nardcore.bots.explain import KEYS, Fact, compare, compare_texts, features, hit_rolls
from nardcore.forced import KEYS_NO_PLAY, KEYS_ONE_PLAY, why_no_play, why_one_play
from nardcore.notation import parse_play
from nardcore.position import Position

I18N = Path(__file__).resolve().parents[2] / "web" / "i18n"
LANGUAGES = sorted(I18N.glob("*.json"))


def facts_by_key(facts: list[Fact]) -> dict[str, dict[str, int | float | str]]:
    return {fact.key: fact.args for fact in facts}


# my 1..5 made and a blot on my 6: the opponent's one checker on the bar enters only with a 6,
# and each of those 11 rolls hits; its other checkers are on its own 1..3, far past my blot
BLOT_ELEVEN = "backgammon:b:6,5x2,4x2,3x2,2x2,1x2,13x4:bar,3x4,2x5,1x5"
NO_BLOT = "backgammon:b:6x2,5x2,4x2,3x2,2x2,1x2,13x3:bar,3x4,2x5,1x5"


def test_a_blot_hit_by_exactly_eleven_rolls_says_eleven() -> None:
    assert hit_rolls(Position.parse(BLOT_ELEVEN)) == 11
    facts = facts_by_key(compare(Position.parse(NO_BLOT), Position.parse(BLOT_ELEVEN), limit=10))
    assert facts["why.play.shots"] == {"best": 0, "other": 11}
    assert facts["why.play.blots"] == {"best": 0, "other": 1}


def test_hits_are_counted_by_the_rules_not_by_distance() -> None:
    # my 1..6 made and a blot on my 7: the checker on the bar cannot enter, so no roll hits,
    # though the blot stands within a 6 and a 1 of it
    closed = Position.parse("backgammon:b:7,6x2,5x2,4x2,3x2,2x2,1x2,13x2:bar,3x4,2x5,1x5")
    assert hit_rolls(closed) == 0


def test_making_a_point_is_told_with_the_points_counted() -> None:
    start = Position.start("backgammon")
    facts = facts_by_key(compare_texts(start, (3, 1), "8/5 6/5", "24/21 24/23", limit=10))
    assert facts["why.play.points_made"] == {"best": 5, "other": 3}
    assert facts["why.play.shots"]["best"] == 0 != facts["why.play.shots"]["other"]


def test_breaking_a_block_is_told_with_its_length() -> None:
    position = Position.parse("narde:w:24x10,18,17,16,15,14:24x15")
    facts = facts_by_key(compare_texts(position, (4, 1), "18/13", "18/14 16/15", limit=10))
    assert facts["why.play.block"] == {"best": 5, "other": 2}
    assert "why.play.points_held" in facts  # 18/14 16/15 leaves two checkers on one point


def test_the_head_is_told_in_the_narde_family() -> None:
    position = Position.parse("narde:w:24x10,18,17,16,15,14:24x15")
    facts = facts_by_key(compare_texts(position, (4, 1), "24/23 17/13", "18/13", limit=20))
    assert facts["why.play.head"] == {"best": 9, "other": 10}


def test_the_chances_come_from_the_network_for_the_side_that_played() -> None:
    start = Position.start("backgammon")
    good = features(parse_play(start, (3, 1), "8/5 6/5"))
    assert good.win is not None and 0.5 < good.win < 0.6  # the best opening is a small edge
    facts = facts_by_key(compare_texts(start, (3, 1), "8/5 6/5", "24/21 24/23", limit=10))
    assert float(facts["why.play.win"]["best"]) > float(facts["why.play.win"]["other"])


def test_facts_come_largest_first_and_at_most_the_limit() -> None:
    start = Position.start("backgammon")
    facts = compare_texts(start, (3, 1), "8/5 6/5", "24/21 24/23", limit=10)
    assert [f.size for f in facts] == sorted((f.size for f in facts), reverse=True)
    assert len(compare_texts(start, (3, 1), "8/5 6/5", "24/21 24/23")) == 3


def test_the_same_result_is_told_as_close() -> None:
    start = Position.start("narde")
    assert [f.key for f in compare_texts(start, (6, 5), "24/13", "24/18/13")] == ["why.play.close"]


def test_tawla_runner_facing_closed_points_says_why_no_move() -> None:
    stuck = Position.parse("tawla31:w:24x14,9:24x9,22,21,20,19,18,17")
    assert why_no_play(stuck, (5, 3)) == "why.nomove.runner_home"
    assert why_one_play(Position.start("tawla31"), (6, 5)) == "why.forced.runner_home"


def test_closed_points_name_how_many_checkers_close_one() -> None:
    khachapuri = Position.start("khachapuri")  # the opponent's 11 on my 18: an opening 6-6 passes
    assert why_no_play(khachapuri, (6, 6)) == "why.nomove.blocked"
    backgammon = Position.parse("backgammon:w:bar,6x14:6x2,5x2,4x2,3x2,2x2,1x2,24x3")
    assert why_no_play(backgammon, (6, 5)) == "why.nomove.bar"
    assert why_no_play(Position.start("backgammon"), (6, 5)) is None


def test_the_head_rule_explains_a_single_play_from_the_head() -> None:
    assert why_one_play(Position.start("narde"), (6, 5)) == "why.forced.head"
    assert why_one_play(Position.start("moultezim"), (6, 5)) == "why.forced.runner_start"


@pytest.mark.parametrize("path", LANGUAGES, ids=[p.stem for p in LANGUAGES])
def test_every_language_has_every_why_with_its_placeholders(path: Path) -> None:
    words = json.loads(path.read_text(encoding="utf-8"))
    for key, names in KEYS.items():
        assert key in words, key
        for name in names:
            assert "{" + name + "}" in words[key], (key, name)
    for key in (*KEYS_NO_PLAY, *KEYS_ONE_PLAY):
        assert key in words, key
        assert "{" not in words[key], key


@pytest.mark.parametrize("path", LANGUAGES, ids=[p.stem for p in LANGUAGES])
def test_the_runner_rule_names_its_goal_in_the_games_own_terms(path: Path) -> None:
    """Tawla 31's runner goes home (points 6 to 1), moultezim's past the opponent's start (11)."""
    words = json.loads(path.read_text(encoding="utf-8"))
    for family in ("nomove", "forced"):
        home, start = words[f"why.{family}.runner_home"], words[f"why.{family}.runner_start"]
        assert re.search(r"(?<!\d)6(?!\d)", home) and re.search(r"(?<!\d)1(?!\d)", home), home
        assert re.search(r"(?<!\d)11(?!\d)", start) and "11" not in home, start


def test_the_counted_rolls_are_those_of_the_legal_plays() -> None:
    """hit_rolls and stuck_rolls read the turn graph's finals: the same rolls as `legal_plays`
    gives, over the positions of a few random games."""
    from nardcore.bots import RandomBot, act
    from nardcore.bots.explain import stuck_rolls
    from nardcore.dice import ROLLS, SeededDice
    from nardcore.game import Game
    from nardcore.movegen import legal_plays
    from nardcore.variant import BAR

    checked = 0
    for variant, seed in (("backgammon", 1), ("backgammon", 2), ("narde", 3), ("tawla31", 4)):
        game = Game(variant, SeededDice(seed))
        bot = RandomBot(seed)
        while not game.over:
            act(game, bot)
            position = game.position
            if game.phase != "roll" or position.winner() is not None:
                continue
            played = 1 - position.turn
            hits = stuck = 0
            for roll in ROLLS:
                plays = legal_plays(position, roll.dice)
                weight = 1 if roll.is_double else 2
                full = 4 if roll.is_double else 2
                if any(r.boards[played][BAR] > position.boards[played][BAR] for r in plays):
                    hits += weight
                if not plays or max(len(s) for s in plays.values()) < full:
                    stuck += weight
            assert hit_rolls(position) == hits, position
            assert stuck_rolls(position) == stuck, position
            checked += 1
    assert checked > 100
