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


def reviewed(app: ui.App) -> Mapping[str, Any]:
    view = act(app, "review")
    for _ in range(2000):
        if view["review"]["complete"]:
            return view
        view = act(app, "review")
    raise AssertionError("the review did not finish")


def test_the_reviews_plays_are_in_the_readers_numbering_and_in_their_own_with_both_numbers() -> None:
    app = ui.App(dice="seed:4")
    act(app, "new_game", settings={"variant": "narde", "opponent": "computer", "level": "beginner", "seat": "b"})
    play_simply(app, lambda v: len(plays_of(v)) >= 6)
    view = reviewed(app)
    narde = find_variant("narde")
    plays = [d for d in view["review"]["decisions"] if d["kind"] == "play" and d["chosen"]]
    assert {d["side"] for d in plays} == {"w", "b"} and view["numbers"] == ["b"]
    for d in plays:  # the person plays Black: the computer's plays renumbered, the person's as made
        mine = d["side"] == "b"
        assert d["chosen_read"] == (d["chosen"] if mine else renumbered(narde, d["chosen"]))
        assert d["best_read"] == (d["best"] if mine else renumbered(narde, d["best"]))
    theirs = next(d for d in plays if d["side"] == "w" and d["chosen_read"] != d["chosen"])
    # the message line of a turn shown says its play as the board reads it too
    shown = act(app, "review", show=theirs["turn"])
    assert shown["message"]["args"]["play"] == theirs["chosen_read"]
    if theirs["mark"]:
        assert shown["message"]["args"]["best"] == theirs["best_read"]
    both = act(app, "set", name="both_numbers", value=True)
    assert both["review"] is not None and len(both["review"]["decisions"]) == len(view["review"]["decisions"])
    assert all(d["chosen_read"] == d["chosen"] and d["best_read"] == d["best"]
               for d in both["review"]["decisions"] if d["kind"] == "play")
