"""Every public parser, fed anything: it reads it or raises its own documented error, nothing else."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nardcore import safejson
from nardcore.dice import DiceError, Roll
from nardcore.errors import NardError
from nardcore.formats import CodecError
from nardcore.formats.gnubg import game_from_gnubg, match_info_from_id, position_from_id
from nardcore.formats.state import decode_state, encode_state
from nardcore.formats.xgid import game_from_xgid, position_from_xgid
from nardcore.game import Game
from nardcore.gamedata import game_from_dict, game_to_dict
from nardcore.match import Match
from nardcore.notation import NotationError, parse_play
from nardcore.position import Position, PositionError
from nardcore.readers import GameStateError
from nardcore.variant import VARIANT_NAMES, VariantError, find_variant

FAST = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# text near the grammar (the parsers' own alphabets, digits of other scripts, newlines) and any text
NEAR = st.text(alphabet="0123456789²٣x,:+-wbar/*()naedgmoklcuhpitzsjyv3=_ \n\t", max_size=60)
ANY = st.one_of(NEAR, st.text(max_size=60))
TOKENS = st.builds(
    lambda name, options: "+".join([name, *options]),
    st.sampled_from([*VARIANT_NAMES, "chess", ""]),
    st.lists(st.sampled_from(["jacoby", "beaver", "koks", "end-block", "simple-head", "last-roll", "next-turn-runner",
                              "cube-limit-8", "cube-limit-08", "cube-limit-64", "cube-limit-16", "cube-limit-8²", ""]),
             max_size=3),
)
JSONISH = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text(max_size=10)),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=20,
)


def only(error: type[NardError], read: Callable[[], Any]) -> Any:
    """Call `read`; any exception must be `error` (a NardError) with a message."""
    try:
        return read()
    except error as raised:
        assert isinstance(raised, NardError) and str(raised)
        return None


@FAST
@given(ANY)
def test_position_strings(text: str) -> None:
    position = only(PositionError, lambda: Position.parse(text))
    if position is not None:
        assert Position.parse(position.format()) == position


@FAST
@given(st.builds(lambda v, w, b, t: f"{v}:{t}:{w}:{b}", st.sampled_from(VARIANT_NAMES), NEAR, NEAR,
                 st.sampled_from(["w", "b", "x", ""])))
def test_position_strings_near_the_grammar(text: str) -> None:
    position = only(PositionError, lambda: Position.parse(text))
    if position is not None:
        assert Position.parse(position.format()) == position


@FAST
@given(st.one_of(TOKENS, ANY))
def test_variant_tokens(token: str) -> None:
    variant = only(VariantError, lambda: find_variant(token))
    if variant is not None:
        assert find_variant(variant.token) == variant
        assert variant.token.count("cube-limit") <= 1


@FAST
@given(st.sampled_from(VARIANT_NAMES), ANY, st.integers(1, 6), st.integers(1, 6))
def test_plays_in_notation(variant: str, text: str, d1: int, d2: int) -> None:
    start = Position.start(variant)
    only(NotationError, lambda: parse_play(start, (d1, d2), text))


@FAST
@given(ANY)
def test_rolls(text: str) -> None:
    roll = only(DiceError, lambda: Roll.parse(text))
    if roll is not None:
        assert Roll.parse(str(roll)) == roll


@FAST
@given(ANY)
def test_gnubg_ids_and_xgids(text: str) -> None:
    for read in (position_from_id, match_info_from_id, position_from_xgid, game_from_gnubg, game_from_xgid):
        only(CodecError, lambda: read(text))  # noqa: B023 - called at once
    only(CodecError, lambda: position_from_id(text + "\n"))


def test_ids_take_no_trailing_newline() -> None:
    with pytest.raises(CodecError):
        position_from_id("4HPwATDgc/ABM\n")
    assert position_from_id("4HPwATDgc/ABMA") == Position.start("backgammon")


@FAST
@given(ANY)
def test_shared_states(text: str) -> None:
    only(CodecError, lambda: decode_state(text))


@FAST
@given(st.integers(0, 200), st.sampled_from(VARIANT_NAMES), st.binary(max_size=4))
def test_shared_states_cut_or_changed(cut: int, variant: str, junk: bytes) -> None:
    text = encode_state(Game(variant))
    for changed in (text[:cut], text[cut:], text[:cut] + junk.hex() + text[cut:]):
        only(CodecError, lambda: decode_state(changed))  # noqa: B023


@FAST
@given(JSONISH)
def test_saved_games_and_matches(data: Any) -> None:
    only(GameStateError, lambda: game_from_dict(data))
    only(GameStateError, lambda: Match.from_dict(data))


@FAST
@given(JSONISH, st.sampled_from(sorted(game_to_dict(Game("narde")))))
def test_saved_games_with_one_field_replaced(value: Any, field: str) -> None:
    data = game_to_dict(Game("narde"))
    data[field] = value
    only(GameStateError, lambda: game_from_dict(data))


@FAST
@given(st.one_of(ANY, st.builds(lambda n, c: c * n, st.integers(0, 100_000), st.sampled_from(["[", "{", '{"a":']))))
def test_json_from_strangers(text: str) -> None:
    only(safejson.JSONShapeError, lambda: safejson.loads(text))
