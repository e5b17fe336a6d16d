"""The app's state machine (web/worker/ui.py) on CPython, no browser: the record of the game and
replay."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest
from support.app import act, fresh, play_turns, to_move

from web.worker import ui

# -- the record and replay ----------------------------------------------------------------------------


def test_the_record_lists_every_turn_and_replay_steps_through_it() -> None:
    app, _ = fresh("narde", dice="seed:3")
    play_turns(app, 4)
    view: Mapping[str, Any] = app.view()
    record, events = view["record"], app.game.history
    assert [e["text"] for e in record][0].startswith("opening roll") and len(record) == len(events)
    numbers = [e["number"] for e in record if e["kind"] in ("play", "pass")]
    assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) >= 4
    positions = app.game.positions()
    live = view["position"]
    view = act(app, "replay", to="first")
    assert view["replay"] == {"at": 0, "of": len(events)} and view["position"] == str(positions[0])
    assert not view["can"]["roll"] and not view["movable"] and view["dice"] == []
    view = act(app, "replay", to="forward")
    assert view["position"] == str(positions[1]) and view["message"]["key"] == "replay_at"
    view = act(app, "replay", to=3)
    assert view["position"] == str(positions[3])
    view = act(app, "replay", to="back")
    assert view["position"] == str(positions[2])
    view = act(app, "replay", to="last")
    assert view["replay"] is None and view["position"] == live and view["message"] is None
    with pytest.raises(ui.UIError):
        app.dispatch({"type": "replay", "to": 99})
    # any other action goes back to the game as it is
    act(app, "replay", to=1)
    assert act(app, "undo")["replay"] is None


def test_replay_at_its_ends_and_after_the_game_changes_under_it() -> None:
    app, _ = fresh("narde", dice="seed:3")
    play_turns(app, 2)
    last = len(app.game.history)
    positions = app.game.positions()
    assert act(app, "replay", to=0)["position"] == str(positions[0])  # the first event count is 0
    assert act(app, "replay", to="back")["replay"]["at"] == 0  # no further back than the start
    assert act(app, "replay", to=1)["replay"]["at"] == 1
    assert act(app, "replay", to="back")["replay"]["at"] == 0
    assert act(app, "replay", to=last)["replay"] is None  # the last event count is the game itself
    act(app, "replay", to=last - 1)
    assert act(app, "replay", to="forward")["replay"] is None
    assert act(app, "replay", to="forward")["replay"] is None  # no further than the game
    # the replay follows the game on the board: another game, or this one played on
    act(app, "replay", to=2)
    other, _ = fresh("backgammon", dice="seed:3")
    to_move(other)
    assert act(other, "replay", to=1)["position"] == str(other.game.positions()[1])
    assert act(app, "replay", to=2)["position"] == str(positions[2])
    act(app, "replay", to="last")
    play_turns(app, 2)  # two more turns: positions the replay had not seen
    grown = app.game.positions()
    assert len(grown) > len(positions) + 1
    assert act(app, "replay", to=len(grown) - 2)["position"] == str(grown[-2])


def test_replay_shows_the_game_on_the_board_when_two_games_share_their_moves() -> None:
    """Two games opened from different positions, the same play made in each: replaying one
    and then the other shows each its own start."""
    starts = ["narde:w:24x14,13:24x15", "narde:w:24x13,13,10:24x15"]
    apps = []
    for start in starts:
        app, _ = fresh("narde")
        act(app, "load_url", fragment=f"p={start}&dice=65")
        act(app, "drag", **{"from": "24", "to": "13"})
        act(app, "confirm")
        apps.append(app)
    assert apps[0].game.history == apps[1].game.history
    for app, start in (*zip(apps, starts), *zip(apps, starts)):
        assert act(app, "replay", to=0)["position"] == start


def test_play_on_from_a_replayed_position_starts_a_new_game_of_the_library() -> None:
    app, _ = fresh("backgammon", dice="seed:3")
    to_move(app)
    view: Mapping[str, Any] = app.view()
    while view["movable"]:
        view = act(app, "click", point=view["movable"][0])
        view = act(app, "click", point=view["destinations"][0])
    before = app.dispatch({"type": "confirm"})
    act(app, "replay", to=1)  # after the opening roll: the opening play to make
    shown = app.view()["position"]
    answer = app.dispatch({"type": "play_on"})
    assert answer["entry"]["id"] != before["entry"]["id"]
    view = answer["view"]
    assert view["replay"] is None and view["message"]["key"] == "played_on"
    assert view["position"] == shown and view["phase"] in ("cube", "roll")
    assert app.game.history == []
    # from the very start: a new game with its opening roll
    other, _ = fresh("narde", dice="seed:3")
    to_move(other)
    act(other, "replay", to="first")
    assert act(other, "play_on")["phase"] == "opening"
    # from a match's game: a single game, outside the match
    in_match = ui.App(dice="seed:3")
    in_match.dispatch({"type": "new_game", "settings": {"variant": "backgammon", "match_length": 3}})
    play_turns(in_match, 1)
    act(in_match, "replay", to="first")
    view = act(in_match, "play_on")
    assert view["match"] is None and in_match.session.settings["match_length"] == 0


def test_the_record_read_again_for_each_view_is_the_record_read_from_nothing() -> None:
    """`record.entries` reuses the entries of a history's unchanged beginning: through games
    played on, taken back, replaced by another game and by a copy, it gives what a reading
    from nothing gives."""
    from web.worker import record

    def from_nothing(game: Any) -> list[dict[str, Any]]:
        record._entries_read = ([], [])  # noqa: SLF001
        return record.entries(game)

    narde, _ = fresh("narde", dice="seed:3")
    backgammon, _ = fresh("backgammon", dice="seed:4")
    seen = 0
    for _ in range(6):
        for app in (narde, backgammon):
            play_turns(app, 2)
            game = app.game
            assert record.entries(game) == from_nothing(game)
            shorter = game.copy()
            del shorter.history[-3:]
            assert record.entries(game) == from_nothing(game) and record.entries(shorter) == from_nothing(shorter)
            seen += len(game.history)
    assert seen > 60
