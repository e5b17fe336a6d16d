"""gnubg Position ID and Match ID, XGID, and URL state: exact formats, round trips, strict reading."""

from __future__ import annotations

import base64
import json
import random
import zlib

import gnubg_nn
import pytest

from nardcore.bots import RandomBot, act
from nardcore.dice import SeededDice, roll
from nardcore.formats import CodecError
from nardcore.formats.gnubg import (
    GAME_DROP,
    GAME_NONE,
    GAME_OVER,
    GAME_PLAYING,
    GAME_RESIGNED,
    MatchInfo,
    game_from_gnubg,
    gnubg_id,
    match_id,
    match_info,
    match_info_from_id,
    position_from_id,
    position_id,
)
from nardcore.formats.state import decode_state, encode_state
from nardcore.formats.xgid import game_from_xgid, position_from_xgid, xgid, xgid_of_position
from nardcore.game import Game
from nardcore.gamedata import game_from_dict, game_to_dict
from nardcore.match import Match
from nardcore.movegen import legal_plays
from nardcore.position import BLACK, WHITE, Position, make_board
from nardcore.variant import BAR

START = Position.start("backgammon")


def game_positions(count: int, seed: int) -> list[Position]:
    """Backgammon positions from seeded random games (hits, the bar and the bear-off among them)."""
    rng = random.Random(seed)
    dice = SeededDice(seed)
    found: list[Position] = []
    while len(found) < count:
        position = Position.start("backgammon", turn=rng.randint(0, 1))
        while position.winner() is None and len(found) < count:
            found.append(position)
            plays = legal_plays(position, roll(dice).dice)
            position = rng.choice(sorted(plays, key=str)) if plays else position.pass_turn()
    return found


def gnubg_board(position: Position) -> list[list[int]]:
    """gnubg's board: [side not on roll, side on roll], 25 counts each (index 24 = bar)."""
    return [list(board[1:BAR]) + [board[BAR]] for board in (position.opponent, position.mover)]


POSITIONS = game_positions(4000, seed=31)


# -- Position ID ---------------------------------------------------------------------------


def test_the_start_position_has_the_published_position_id() -> None:
    assert position_id(START) == "4HPwATDgc/ABMA"
    assert position_from_id("4HPwATDgc/ABMA") == START
    assert position_from_id("4HPwATDgc/ABMA", BLACK) == START.with_turn(BLACK)


def test_position_ids_equal_gnubgs_for_thousands_of_positions_from_random_games() -> None:
    assert sum(1 for p in POSITIONS if p.mover[BAR] or p.opponent[BAR]) > 100
    assert sum(1 for p in POSITIONS if p.off(0) or p.off(1)) > 100
    for position in POSITIONS:
        ours = position_id(position)
        assert ours == gnubg_nn.position_id(gnubg_board(position)), str(position)
        assert [list(side) for side in gnubg_nn.board_from_position_id(ours)] == gnubg_board(position)
        assert position_from_id(ours, position.turn) == position


@pytest.mark.parametrize(
    ("text", "complaint"),
    [
        ("4HPwATDgc/ABM", "14 base64"),
        ("4HPwATDgc/AB-A", "14 base64"),
        ("//////////////", "more than 15"),
        ("AAAAAAAAAAAAgA", "bits beyond"),
    ],
)
def test_a_bad_position_id_is_refused_and_quoted(text: str, complaint: str) -> None:
    with pytest.raises(CodecError, match=complaint):
        position_from_id(text)


def test_a_position_id_with_two_sides_on_one_point_is_refused() -> None:
    both_on_one_point = Position(START.variant, WHITE, (make_board({1: 1}), make_board({24: 1})))
    with pytest.raises(CodecError, match="also held"):
        position_from_id(position_id(both_on_one_point))


def test_ids_exist_only_for_backgammon() -> None:
    with pytest.raises(CodecError, match="backgammon"):
        position_id(Position.start("narde"))


# -- Match ID ------------------------------------------------------------------------------


def test_the_match_id_example_of_the_gnubg_manual_encodes_and_decodes() -> None:
    # score 2-4 (player 0 - player 1) in a 9-point match, player 0 holds a 2-cube, player 1 rolled 5-2;
    # gnubg's player 1 is white here
    info = MatchInfo(cube=2, cube_owner=BLACK, on_roll=WHITE, to_act=WHITE, dice=(5, 2), match_length=9, score=(4, 2))
    assert match_id(info) == "QYkqASAAIAAA"
    assert match_info_from_id("QYkqASAAIAAA") == info


def test_a_published_match_id_reads_as_its_players_saw_it() -> None:
    # "wells 0, fanar 3 (match to 7 points) ... fanar to play 44": fanar is gnubg's player 1
    info = match_info_from_id("cAnyAAAAGAAA")
    assert (info.match_length, info.score, info.dice, info.on_roll) == (7, (3, 0), (4, 4), WHITE)
    assert (info.cube, info.cube_owner, info.crawford, info.doubled) == (1, None, False, False)


def test_the_jacoby_bit_is_set_when_jacoby_is_off() -> None:
    assert match_id(MatchInfo(jacoby=True)).endswith("AAA")
    assert match_info_from_id(match_id(MatchInfo(jacoby=False))).jacoby is False


@pytest.mark.parametrize(
    ("text", "complaint"),
    [
        ("QYkqASAAIAA", "12 base64"),
        ("QYkqASAAIAA!", "12 base64"),
        ("YAAAAAAAAAAA", "cube owner 2"),
        ("MIADAAAAAAAA", "dice 70"),
        ("MIACAAAAAAAA", "dice 50"),
    ],
)
def test_a_bad_match_id_is_refused_and_quoted(text: str, complaint: str) -> None:
    with pytest.raises(CodecError, match=complaint):
        match_info_from_id(text)


def test_a_game_exports_and_imports_through_gnubg_ids() -> None:
    game = Game("backgammon", SeededDice(4), match_length=7, score=(2, 5))
    bot = RandomBot(4)
    for _ in range(9):
        act(game, bot)
    text = gnubg_id(game)
    again = game_from_gnubg(text)
    assert gnubg_id(again) == text
    assert (again.position, again.phase, again.dice, again.score, again.match_length) == (
        game.position, game.phase, game.dice, (2, 5), 7
    )


def test_a_double_offered_is_imported_with_the_other_side_to_decide() -> None:
    game = Game("backgammon", starter=BLACK)
    game.double()
    info = match_info(game)
    assert (info.on_roll, info.to_act, info.doubled) == (BLACK, WHITE, True)
    again = game_from_gnubg(gnubg_id(game))
    assert (again.phase, again.to_act, again.cube_value) == ("take", WHITE, 1)


# -- XGID ---------------------------------------------------------------------------------------


def test_the_start_position_has_the_well_known_xgid_board() -> None:
    assert xgid_of_position(START).startswith("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:")
    assert position_from_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10") == START


def test_an_xgid_and_the_gnubg_ids_of_the_same_match_state_agree() -> None:
    game = game_from_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:53:1:2:1:3:10")
    assert (game.phase, str(game.dice), game.score, game.crawford, game.match_length) == ("move", "53", (1, 2), True, 3)
    info = match_info(game)
    assert (info.on_roll, info.dice, info.score, info.crawford) == (WHITE, (5, 3), (1, 2), True)
    assert gnubg_id(game).startswith("4HPwATDgc/ABMA:")


def test_xgids_round_trip_for_random_positions_and_checkers_on_both_bars() -> None:
    for position in POSITIONS[:1500]:
        assert position_from_xgid(xgid_of_position(position)) == position
    both_bars = position_from_xgid("XGID=b-----B------------c-----C:0:0:1:00:0:0:0:0:10")
    assert (both_bars.boards[WHITE][BAR], both_bars.boards[BLACK][BAR]) == (3, 2)


def test_an_xgid_carries_the_cube_the_double_and_the_money_rules() -> None:
    game = game_from_xgid("XGID=-b----E-C---eE---c-e----B-:1:-1:-1:D:0:0:3:0:10")
    assert (game.phase, game.to_act, game.cube_value, game.cube_owner) == ("take", WHITE, 2, BLACK)
    assert game.variant.has("jacoby") and game.variant.has("beaver") and game.may_beaver()
    assert xgid(game) == "XGID=-b----E-C---eE---c-e----B-:1:-1:-1:D:0:0:3:0:6"


@pytest.mark.parametrize(
    ("text", "complaint"),
    [
        ("XGID=-b----E-C---eE---c-e----B:0:0:1:00:0:0:0:0:10", "not an XGID"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:70:0:0:0:0:10", "not a roll"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:B:0:0:0:0:10", "beaver"),
        ("XGID=Bb----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10", "other side's bar"),
        ("XGID=-p----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10", "not an XGID"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:2:5:10", "rules field"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:5:0:0:5:10", "score"),
    ],
)
def test_a_bad_xgid_is_refused_and_quoted(text: str, complaint: str) -> None:
    with pytest.raises(CodecError, match=complaint):
        game_from_xgid(text)


# -- URL state ----------------------------------------------------------------------------------


def test_a_game_half_way_through_a_turn_survives_the_url() -> None:
    game = Game("narde+last-roll", SeededDice(9))
    bot = RandomBot(9)
    for _ in range(15):
        act(game, bot)
    game.roll()
    game.step(game.steps_now()[0])
    text = encode_state(game)
    assert set(text) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    again = decode_state(text)
    assert isinstance(again, Game) and game_to_dict(again) == game_to_dict(game)


def test_a_match_survives_the_url() -> None:
    match = Match("tawla31", SeededDice(3))
    bot = RandomBot(3)
    while not match.game.over:
        act(match.game, bot)
    match.next_game()
    again = decode_state(encode_state(match))
    assert isinstance(again, Match) and again.to_dict() == match.to_dict()


def packed(payload: bytes) -> str:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return base64.urlsafe_b64encode(packer.compress(payload) + packer.flush()).decode().rstrip("=")


@pytest.mark.parametrize(
    ("text", "complaint"),
    [
        ("", "empty"),
        ("a" * 30_000, "too long"),
        ("abc$%", "only letters"),
        ("AAAA", "cannot be read|cut short"),
        (packed(b" " * 1_000_000), "too large"),
        (packed(b'{"v":1,"v":1,"kind":"game","data":{}}'), "twice"),
        (packed(b'{"v":NaN,"kind":"game","data":{}}'), "NaN"),
        (packed(b'{"v":2,"kind":"game","data":{}}'), "version"),
        (packed(b'{"v":1,"kind":"chess","data":{}}'), "neither"),
        (packed(b'{"v":1,"kind":"game","data":{"version":1}}'), "not a valid game"),
        (packed(b"[" * 5000 + b"]" * 5000), "cannot be read|must be an object"),
        (packed(json.dumps({"v": 1, "kind": "game", "data": "<script>"}).encode()), "must be an object"),
    ],
)
def test_url_state_from_a_stranger_is_read_strictly(text: str, complaint: str) -> None:
    with pytest.raises(CodecError, match=complaint):
        decode_state(text)


# -- Match IDs and gnubg IDs at their edges -----------------------------------------------------



@pytest.mark.parametrize(("length", "fits"), [(2**15 - 1, True), (2**15, False)])
def test_a_match_id_field_holds_what_its_bits_can(length: int, fits: bool) -> None:
    info = MatchInfo(match_length=length, jacoby=False)
    if fits:
        assert match_info_from_id(match_id(info)).match_length == length
    else:
        with pytest.raises(CodecError, match="does not fit a 15-bit field"):
            match_id(info)


def test_a_match_id_reads_every_game_state_and_the_highest_dice() -> None:
    for state in (GAME_NONE, GAME_PLAYING, GAME_OVER, GAME_RESIGNED, GAME_DROP):
        info = MatchInfo(state=state, dice=(6, 6) if state == GAME_PLAYING else (0, 0))
        assert match_info_from_id(match_id(info)) == info


def test_a_match_id_with_a_die_of_seven_is_refused() -> None:
    with pytest.raises(CodecError, match="dice 71 are not a roll"):
        match_info_from_id(match_id(MatchInfo(state=GAME_PLAYING, dice=(7, 1))))


def finished(how: str) -> Game:
    game = Game("backgammon", starter=WHITE)
    if how == "drop":
        game.double()
        game.drop()
    elif how == "resigned":
        game.resign("single")
        game.accept_resignation()
    else:
        game = Game("backgammon", starter=WHITE, position=Position.parse("backgammon:w:1:6x15"))
        game.roll([2, 1])
        game.play("1/off")
    return game


def test_a_games_match_id_says_how_it_stands() -> None:
    assert match_info(Game("backgammon")).state == GAME_NONE  # the opening roll is to come
    assert match_info(Game("backgammon", starter=WHITE)).state == GAME_PLAYING
    assert [match_info(finished(how)).state for how in ("drop", "resigned", "played out")] == [
        GAME_DROP, GAME_RESIGNED, GAME_OVER]
    offered = Game("backgammon", starter=WHITE)
    assert match_info(offered).resigned == 0
    offered.resign("gammon")
    assert match_info(offered).resigned == 2


def test_the_jacoby_bit_is_the_money_games_alone() -> None:
    assert match_info(Game("backgammon+jacoby", starter=WHITE)).jacoby
    assert not match_info(Game("backgammon", starter=WHITE)).jacoby
    assert not match_info(Game("backgammon+jacoby", starter=WHITE, match_length=5)).jacoby


def test_gnubg_ids_are_read_within_their_length() -> None:
    text = gnubg_id(Game("backgammon", starter=WHITE))
    assert game_from_gnubg(text + " " * (100 - len(text))).position == START
    with pytest.raises(CodecError, match="gnubg IDs are text like"):
        game_from_gnubg(text + " " * (101 - len(text)))
    with pytest.raises(CodecError, match="gnubg IDs are text like"):
        game_from_gnubg(5)  # type: ignore[arg-type]


def test_a_gnubg_id_is_imported_before_or_after_the_roll_but_not_finished() -> None:
    before = game_from_gnubg(gnubg_id(Game("backgammon", starter=WHITE)))
    assert (before.phase, before.to_act, before.dice) == ("cube", WHITE, None)
    rolled = Game("backgammon", starter=BLACK)
    rolled.roll([4, 2])
    after = game_from_gnubg(gnubg_id(rolled))
    assert (after.phase, after.to_act, after.dice) == ("move", BLACK, rolled.dice)
    position_part = gnubg_id(rolled).split(":")[0]
    over = match_id(MatchInfo(state=GAME_OVER))
    with pytest.raises(CodecError, match="describes a finished game"):
        game_from_gnubg(f"{position_part}:{over}")
    doubled_after_rolling = match_id(MatchInfo(state=GAME_PLAYING, doubled=True, to_act=BLACK, dice=(4, 2)))
    with pytest.raises(CodecError, match="a double is offered after the dice were rolled"):
        game_from_gnubg(f"{position_part}:{doubled_after_rolling}")


def test_an_xgid_names_the_cube_owner_by_side() -> None:
    fields = {owner: xgid_of_position(START, 2, owner).split(":")[2] for owner in (WHITE, BLACK)}
    assert fields == {WHITE: "1", BLACK: "-1"} and xgid_of_position(START).split(":")[2] == "0"


def test_an_xgid_of_a_match_already_won_is_refused() -> None:
    text = xgid(Game("backgammon", starter=WHITE, match_length=5, score=(4, 3)))
    won = text.replace(":4:3:", ":5:3:") if ":4:3:" in text else text.replace(":3:4:", ":3:5:")
    assert won != text
    with pytest.raises(CodecError, match="in a match to 5"):
        game_from_xgid(won)


def id_of_counts(first: dict[int, int], second: dict[int, int]) -> str:
    """A Position ID written from raw counts (slot 25 = bar), even counts no game allows."""
    bits = at = 0
    for counts in (first, second):
        for slot in range(1, 26):
            bits |= ((1 << counts.get(slot, 0)) - 1) << at
            at += counts.get(slot, 0) + 1
    return base64.b64encode(bits.to_bytes(10, "little")).decode("ascii")[:14]


def test_a_position_id_holds_fifteen_checkers_a_side_at_most() -> None:
    assert position_from_id(id_of_counts({6: 15}, {6: 15})).boards[WHITE][6] == 15
    with pytest.raises(CodecError, match="more than 15 checkers on one point"):
        position_from_id(id_of_counts({6: 16}, {6: 15}))
    with pytest.raises(CodecError, match="more than 15 checkers for one side"):
        position_from_id(id_of_counts({6: 15, 5: 1}, {6: 15}))


@pytest.mark.parametrize(("info", "complaint"), [
    (MatchInfo(state=GAME_PLAYING, match_length=5, score=(5, 0)), "score"),
    (MatchInfo(state=GAME_PLAYING, match_length=5, score=(0, 5)), "score"),
    (MatchInfo(state=GAME_PLAYING, crawford=True), "money play has no Crawford game"),
    (MatchInfo(state=GAME_PLAYING, score=(1, 0)), "money play has no Crawford game and no score"),
])
def test_a_match_id_that_no_game_can_be_in_is_refused(info: MatchInfo, complaint: str) -> None:
    with pytest.raises(CodecError, match=complaint):
        match_info_from_id(match_id(info))


def test_a_match_id_with_a_second_die_of_seven_is_refused() -> None:
    bits = int.from_bytes(base64.b64decode(match_id(MatchInfo(state=GAME_PLAYING, dice=(3, 1)))), "little")
    bits = bits & ~(0b111 << 18) | 7 << 18  # the second die's field (gnubg writes the higher die first)
    with pytest.raises(CodecError, match="dice 37 are not a roll"):
        match_info_from_id(base64.b64encode(bits.to_bytes(9, "little")).decode())


@pytest.mark.parametrize("info", [
    MatchInfo(state=GAME_OVER, match_length=5, score=(5, 2)),  # a match just won
    MatchInfo(state=GAME_PLAYING, match_length=5, score=(4, 4), crawford=True),
    MatchInfo(cube=4, cube_owner=WHITE, on_roll=BLACK, to_act=BLACK),
])
def test_a_match_id_that_a_game_can_be_in_reads_back(info: MatchInfo) -> None:
    assert match_info_from_id(match_id(info)) == info


def test_a_money_game_imported_from_gnubg_keeps_its_jacoby_rule() -> None:
    for token in ("backgammon+jacoby", "backgammon"):
        assert game_from_gnubg(gnubg_id(Game(token, starter=WHITE))).variant.token == token


@pytest.mark.parametrize(("text", "phase"), [
    ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:1", "cube"),  # cube limit 2: the first double fits
    ("XGID=-b----E-C---eE---c-e----B-:1:1:1:00:0:0:0:0:1", "roll"),  # a 2-cube is at that limit
    ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:4:2:1:5:10", "roll"),  # the Crawford game
    ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10", "cube"),
    ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0", "cube"),  # an older XGID: no cube limit field
])
def test_an_xgid_before_the_roll_waits_for_a_double_only_when_one_is_allowed(text: str, phase: str) -> None:
    game = game_from_xgid(text)
    assert (game.phase, game.dice) == (phase, None)


@pytest.mark.parametrize(("rules", "options"), [
    (0, set()), (1, {"jacoby"}), (2, {"beaver"}), (3, {"jacoby", "beaver"})])
def test_an_xgids_money_rules_are_two_bits(rules: int, options: set[str]) -> None:
    game = game_from_xgid(f"XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:{rules}:0:10")
    assert {o for o in ("jacoby", "beaver") if game.variant.has(o)} == options


@pytest.mark.parametrize("dice", ["12", "21", "65", "56", "11", "66"])
def test_an_xgid_reads_every_roll(dice: str) -> None:
    game = game_from_xgid(f"XGID=-b----E-C---eE---c-e----B-:0:0:1:{dice}:0:0:0:0:10")
    assert game.phase == "move" and game.dice is not None
    assert sorted(game.dice.dice) == sorted((int(dice[0]), int(dice[1])))


@pytest.mark.parametrize(("text", "complaint"), [
    ("XGID=-b----E-C---eE---c-e----B-:0:0:1:71:0:0:0:0:10", "dice 71 are not a roll"),
    ("XGID=-b----E-C---eE---c-e----B-:0:0:1:17:0:0:0:0:10", "dice 17 are not a roll"),
    ("XGID=-b----E-C---eE---c-e----B-:0:0:1:07:0:0:0:0:10", "dice 07 are not a roll"),
    ("XGID=-b----E-C---eE---c-e----B-:16:0:1:00:0:0:0:0:10", "too large"),
    ("XGID=-b----E-C---eE---c-e----Bb:0:0:1:00:0:0:0:0:10", "other side's bar"),
    ("XGID=ab----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10", "more than 15 checkers for one side"),  # 16
    ("XGID=" + "-" * 95, "not an XGID"),
    ("XGID=" + "-" * 96, "an XGID is text like"),
])
def test_an_xgid_is_read_strictly(text: str, complaint: str) -> None:
    with pytest.raises(CodecError, match=complaint):
        game_from_xgid(text)


def test_an_xgid_position_may_carry_any_cube_up_to_two_to_the_fifteenth() -> None:
    assert position_from_xgid("XGID=-b----E-C---eE---c-e----B-:15:0:1:00:0:0:0:0:10") == START
    with pytest.raises(CodecError, match="an XGID is text like"):
        position_from_xgid(5)  # type: ignore[arg-type]


def test_a_long_match_goes_into_the_url_with_its_results_only() -> None:
    from nardcore.formats.state import MAX_STATE_TEXT

    match = Match("backgammon", SeededDice(5), length=999)
    bot = RandomBot(5)
    while len(encode_state(match.game)) * len(match.closed) < 3 * MAX_STATE_TEXT:
        while not match.game.over:
            act(match.game, bot)
        match.next_game()
    from nardcore.formats.state import _packed

    assert len(_packed("match", match.to_dict())) > MAX_STATE_TEXT  # with the games as played: too long
    text = encode_state(match)
    assert len(text) <= MAX_STATE_TEXT
    loaded = decode_state(text, SeededDice(1))
    assert isinstance(loaded, Match) and loaded.played == [None] * len(match.closed)
    assert loaded.score == match.score


def test_the_url_of_a_state_does_not_depend_on_the_order_of_its_keys() -> None:
    game = Game("backgammon", SeededDice(3))
    bot = RandomBot(3)
    for _ in range(6):
        act(game, bot)
    reordered = json.loads(json.dumps(game_to_dict(game)), object_pairs_hook=lambda pairs: dict(reversed(pairs)))
    assert encode_state(game_from_dict(reordered, SeededDice(3))) == encode_state(game)


def test_a_state_at_the_length_limit_is_read_on_and_one_longer_is_not() -> None:
    from nardcore.formats.state import MAX_STATE_TEXT

    with pytest.raises(CodecError) as at_limit:
        decode_state("A" * MAX_STATE_TEXT)
    assert "too long" not in str(at_limit.value)
    with pytest.raises(CodecError, match="too long"):
        decode_state("A" * (MAX_STATE_TEXT + 1))


def test_a_state_that_is_not_an_object_is_refused() -> None:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(json.dumps(["v", "kind", "data"]).encode()) + packer.flush()
    with pytest.raises(CodecError, match="must be an object"):
        decode_state(base64.urlsafe_b64encode(packed).decode().rstrip("="))
