"""web/worker/layout.py: checker ids that follow the checkers, and web/worker/messages.py's saved form."""

from __future__ import annotations

import json

from nardcore.dice import PresetDice
from nardcore.game import Game
from nardcore.position import Position
from web.worker.dice import CountingDice
from web.worker.layout import Layout, point_order
from web.worker.messages import MAX_SAVED_LENGTH, Message
from web.worker.session import Session
from web.worker.turn_input import sync_layout

START = Position.start("backgammon")


def test_points_sort_by_number_then_the_bar_then_the_trays() -> None:
    ids = ["off-w", "bar-b", "13", "2", "off-b", "24", "bar-w", "1"]
    assert sorted(ids, key=point_order) == ["1", "2", "13", "24", "bar-b", "bar-w", "off-w", "off-b"]
    assert sorted(["off-b", "bar-w"], key=point_order) == ["bar-w", "off-b"]


def moved(position: Position, side: int, origin: int, target: int) -> Position:
    boards = [list(position.boards[0]), list(position.boards[1])]
    boards[side][origin] -= 1
    boards[side][target] += 1
    return Position(position.variant, position.turn, (tuple(boards[0]), tuple(boards[1])))


def test_a_layout_matches_its_board_and_no_other() -> None:
    layout = Layout(START)
    assert layout.matches(START)
    assert not layout.matches(moved(START, 0, 24, 23))  # one of White's checkers elsewhere
    assert not layout.matches(moved(START, 1, 24, 23))  # one of Black's
    assert not layout.matches(moved(START, 1, 6, 0))  # one of Black's borne off


def test_ids_follow_a_step_and_its_undo() -> None:
    game = Game("backgammon", PresetDice([3, 1]))
    game.roll()
    layout = Layout(game.board)
    before = {point: list(ids) for point, ids in layout.stacks.items()}
    step = game.steps_now()[0]
    board = game.board
    layout.apply(board, step)
    game.step(step)
    assert layout.matches(game.board)
    layout.revert(board, step)
    assert layout.stacks == {point: ids for point, ids in before.items()} | {
        point: [] for point in layout.stacks if point not in before}


def test_a_board_changed_behind_the_layouts_back_gets_fresh_ids() -> None:
    session = Session(dice=CountingDice(None), game=Game("backgammon", PresetDice([3, 1])))
    kept = session.layout
    sync_layout(session)
    assert session.layout is kept  # nothing moved: the ids stay
    session.game = Game("backgammon", PresetDice([3, 1]), position=moved(START, 1, 24, 23))
    sync_layout(session)
    assert session.layout is not kept and session.layout.matches(session.game.board)


def test_a_saved_message_is_read_back_up_to_its_length_limit() -> None:
    message = Message("moved", {"text": "x"})
    assert Message.from_saved(message.to_dict()) == message
    base = len(json.dumps({"key": "k", "args": {"a": ""}}))
    longest = {"key": "k", "args": {"a": "y" * (MAX_SAVED_LENGTH - 1 - base)}}
    assert len(json.dumps(longest)) == MAX_SAVED_LENGTH - 1
    assert Message.from_saved(longest) == Message("k", longest["args"])  # type: ignore[arg-type]
    too_long = {"key": "k", "args": {"a": "y" * (MAX_SAVED_LENGTH - base)}}
    assert Message.from_saved(too_long) is None
    bad_saves: list[object] = [None, "moved", {"key": 3}, {"key": "k", "args": []}, {"args": {}}]
    for bad in bad_saves:
        assert Message.from_saved(bad) is None
