"""The numbering a player reads (web/worker/point_numbers.py): the board's point numbers, the
record and the last move in the reader's numbering (the side on roll on one device, the
person against the computer), or both sides' numbers with each play in its mover's own."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest
from support.app import act, fresh, play_simply, play_turns

from nardcore.movegen import legal_plays
from nardcore.notation import format_play, renumbered
from nardcore.position import Position
from nardcore.variant import VARIANT_NAMES, find_variant
from web.worker import ui


def plays_of(view: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    return [entry for entry in view["record"] if entry["kind"] == "play"]


@pytest.mark.parametrize("name", VARIANT_NAMES)
def test_a_play_renumbered_names_the_same_points_in_the_other_sides_numbering(name: str) -> None:
    variant = find_variant(name)
    rng = random.Random(7)
    position = Position.start(name)
    for _ in range(30):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        plays = legal_plays(position, dice)
        if not plays:
            continue  # another roll for the same side
        result, steps = rng.choice(list(plays.items()))
        text = format_play(position, steps)
        other = renumbered(variant, text)
        assert renumbered(variant, other) == text
        for own, theirs in zip(text.split(), other.split(), strict=True):
            for a, b in zip(own.split("/"), theirs.split("/"), strict=True):
                a, b = a.rstrip("*").split("(")[0], b.rstrip("*").split("(")[0]
                assert b == a if a in ("bar", "off") else int(b) == variant.opponent_point(int(a))
        position = result
        if position.winner() is not None:
            break


def test_on_one_device_the_board_and_the_record_follow_the_side_on_roll() -> None:
    app, view = fresh("backgammon", dice="seed:3")
    play_turns(app, 2)  # a turn of each side
    view = app.view()
    turn = view["turn"]
    assert view["numbers"] == [turn]
    for entry in plays_of(view):
        expected = entry["play"] if entry["side"] == turn else renumbered(find_variant("backgammon"), entry["play"])
        assert entry["read"] == expected
    assert any(entry["read"] != entry["play"] for entry in plays_of(view))  # the other side's play, renumbered
    last = view["last"]
    assert last is not None and last["side"] != turn
    assert last["read"] == renumbered(find_variant("backgammon"), last["text"])
    # the next turn: the other side on roll reads its own play as it wrote it
    play_turns(app, 1)
    view = app.view()
    assert view["numbers"] == [view["turn"]] != [turn] and view["last"] is not None
    assert view["last"]["read"] == renumbered(find_variant("backgammon"), view["last"]["text"])


def test_against_the_computer_everything_is_in_the_persons_numbering() -> None:
    app = ui.App(dice="seed:4")
    act(app, "new_game", settings={"variant": "narde", "opponent": "computer", "level": "beginner", "seat": "b"})
    view = play_simply(app, lambda v: len(plays_of(v)) >= 3)
    assert view["numbers"] == ["b"]
    for entry in plays_of(view):
        mine = entry["side"] == "b"
        assert entry["read"] == (entry["play"] if mine else renumbered(find_variant("narde"), entry["play"]))
    assert any(entry["side"] == "w" and entry["read"] != entry["play"] for entry in plays_of(view))


def test_both_numbers_show_both_numberings_and_each_play_in_its_own() -> None:
    app, _ = fresh("tawla31", dice="seed:3", both_numbers=True)
    play_turns(app, 2)
    view = app.view()
    assert view["numbers"] == [view["turn"], "b" if view["turn"] == "w" else "w"]
    assert all(entry["read"] == entry["play"] for entry in plays_of(view))
    assert view["last"] is not None and view["last"]["read"] == view["last"]["text"]
    assert act(app, "set", name="both_numbers", value=False)["numbers"] == [view["turn"]]


def test_the_hint_is_for_the_reader_in_the_numbering_the_board_shows() -> None:
    app, _ = fresh("backgammon", dice="seed:3")
    play_turns(app, 1)
    act(app, "roll")
    view = act(app, "hint")
    assert view["hint"]["plays"] and view["hint"].get("side", view["turn"]) == view["numbers"][0] == view["turn"]


def test_a_board_not_told_its_numbers_is_labelled_as_drawn() -> None:
    app, view = fresh("backgammon")
    view = act(app, "set", name="flip", value=True)
    assert view["flipped"] and view["numbers"] == ["w"]  # the reader's, however the board is turned
    editing = act(app, "edit_open")
    assert editing["numbers"] == ["b"]  # the editor has no reader: the numbering it is drawn in
