"""nardcore as a library: play objects, the legal-plays view, whole turns pushed and popped,
copies, reprs that read back, errors by kind, and the board as SVG."""

from __future__ import annotations

import re

import pytest

import nardcore
from nardcore import (
    AmbiguousPlayError,
    Game,
    IllegalPlayError,
    LegalPlays,
    MalformedPlayError,
    NotationError,
    Play,
    Position,
    SeededDice,
    game_to_dict,
)
from nardcore.svg import render

START = Position.parse("backgammon:w:24x2,13x5,8x3,6x5:24x2,13x5,8x3,6x5")


def test_the_legal_plays_are_a_collection_of_play_objects() -> None:
    plays = LegalPlays(START, (3, 1))
    assert len(plays) == len(nardcore.legal_plays(START, (3, 1))) == 16
    everything = list(plays)
    assert {p.result for p in everything} == set(nardcore.legal_plays(START, (3, 1)))
    play = plays["8/5 6/5"]
    assert play in plays and play.result in plays and "6/5 8/5" in plays  # any order of the same play
    assert play.notation == str(play) == "8/5 6/5" and len(play.steps) == 2
    assert "24/18" not in plays and "nonsense" not in plays and 7 not in plays
    with pytest.raises(KeyError):
        plays[START]  # the position itself is no result
    blocked = Position.parse("backgammon:w:bar:1x2,2x2,3x2,4x2,5x2,6x2,24x3")
    none = LegalPlays(blocked, (6, 6))
    assert len(none) == 0 and none.pass_play is not None and none.pass_play.result == blocked.pass_turn()
    assert plays.pass_play is None


def test_reprs_read_back() -> None:
    namespace = {"Position": Position, "Play": Play, "LegalPlays": LegalPlays}
    play = LegalPlays(START, (6, 5))["24/13"]
    assert eval(repr(play), namespace) == play  # noqa: S307 - our own repr, read back
    assert eval(repr(START), namespace) == START  # noqa: S307
    assert eval(repr(LegalPlays(START, (6, 5))), namespace).results() == LegalPlays(START, (6, 5)).results()  # noqa: S307
    assert repr(nardcore.find_variant("narde+koks")).startswith("Variant(")
    game = Game("narde", SeededDice(2))
    assert re.fullmatch(r"<Game narde opening, 0 events: narde:w:24x15:24x15>", repr(game))


def test_whole_turns_are_pushed_and_popped() -> None:
    game = Game("narde", SeededDice(5))
    game.roll()  # the opening roll
    positions = [game.position]
    for _ in range(6):
        if game.phase in ("cube", "roll"):
            game.roll()
        legal = game.legal()
        game.push(next(iter(legal)) if len(legal) else "")
        positions.append(game.position)
    for expected in reversed(positions[:-1]):
        event = game.pop()
        assert event["event"] in ("play", "pass") and game.position == expected
        assert game.phase in ("roll", "cube", "move")
    with pytest.raises(nardcore.GameError, match="no turn"):
        game.pop()


def test_a_copy_goes_its_own_way() -> None:
    game = Game("backgammon", SeededDice(7))
    game.roll()
    twin = game.copy()
    assert game_to_dict(twin) == game_to_dict(game) and twin is not game
    game.push(next(iter(game.legal())))
    assert twin.position != game.position and twin.phase == "move"
    twin.push(list(twin.legal())[-1])
    assert twin.history[:1] == game.history[:1]
    # the copy rolls the same dice as the original would have
    game.roll()
    twin.roll()
    assert twin.dice == game.dice


def test_notation_errors_say_what_kind_of_wrong() -> None:
    with pytest.raises(MalformedPlayError):
        nardcore.parse_play(START, (3, 1), "8-5 6-5")
    with pytest.raises(IllegalPlayError):
        nardcore.parse_play(START, (3, 1), "24/18")
    two_blots = Position.parse("backgammon:w:13,6x14:18,17,2x13")  # black blots on white's 7 and 8
    with pytest.raises(AmbiguousPlayError):
        nardcore.parse_play(two_blots, (6, 5), "13/2")  # 13/7*/2 or 13/8*/2: say which
    for error in (MalformedPlayError, IllegalPlayError, AmbiguousPlayError):
        assert issubclass(error, NotationError) and issubclass(error, nardcore.NardError)


@pytest.mark.parametrize("text", [
    "backgammon:w:bar,24,13x5,8x3,6x3:24x2,13x5,8x3,6x4",
    "narde:b:24x10,13x3,1x2:24x14,10",
    "tawla31:w:24x15:24x15",
])
def test_the_svg_board_draws_every_checker_where_the_apps_board_would(text: str) -> None:
    position = Position.parse(text)
    picture = position._repr_svg_()
    assert picture.startswith("<svg") and picture.endswith("</svg>")
    for side, letter in ((0, "w"), (1, "b")):
        on_board = sum(position.boards[side][1:])  # points and bar
        assert picture.count(f'class="checker side-{letter}"') == on_board
    assert picture.count('class="off"') == position.off(0) + position.off(1)
    # White's point 24 is drawn top right, 1 bottom right (the app's geometry)
    x24, top24 = nardcore.svg.point_place(24)
    x1, top1 = nardcore.svg.point_place(1)
    assert x24 == x1 and top24 and not top1
    assert 'class="die side-' in render(position, dice=(6, 5))
