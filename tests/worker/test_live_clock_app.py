"""The clocks of a game played live in the app (web/worker/duel/livegame.py with liveclock.py,
docs/live.md "Clocks") on a controlled clock: nothing waits. The time control travels in the
invitation, the side to act is timed while the line is open, a flag falls when the reserve is
spent and not a moment before, the game is lost on time on both devices, and a dropped line
stops the clocks, whose reserves the new pair of links carries."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from support.random_play import random_app_action
from test_live_game import ANSWER, OFFER

from web.worker import ui
from web.worker.duel import livegame
from web.worker.duel.linkformat import LinkError
from web.worker.duel.linkplay import Duel
from web.worker.duel.liveclock import GRACE
from web.worker.duel.livelink import live_link, read_live_link

DELAY, RESERVE = 10.0, 60.0


class Time:
    """The clocks' time, moved by the test."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def time(monkeypatch: pytest.MonkeyPatch) -> Time:
    clock = Time()
    monkeypatch.setattr(livegame, "now", clock)
    return clock


def connect(clock: list[float] | None = None, variant: str = "narde") -> tuple[ui.App, ui.App]:
    """Two apps connected live with the time control `clock`, what each sent carried to the other."""
    host, guest = ui.App(), ui.App()
    invite = host.dispatch({"type": "live_new", "variant": variant, "seat": "w", "offer": OFFER,
                            "clock": [DELAY, RESERVE] if clock is None else clock})
    guest.dispatch({"type": "load_url", "fragment": invite["view"]["live"]["link"]})
    reply = guest.dispatch({"type": "live_answer", "answer": ANSWER})["view"]["live"]["link"]
    host.dispatch({"type": "load_url", "fragment": reply})
    host.dispatch({"type": "live_state", "state": "open"})
    guest.dispatch({"type": "live_state", "state": "open"})
    carry(host, guest)
    return host, guest


def carry(*apps: ui.App) -> None:
    """Every message not yet carried, to the other app, until none is left."""
    sent = {id(app): getattr(app, "_carried", 0) for app in apps}
    moved = True
    while moved:
        moved = False
        for index, app in enumerate(apps):
            live = app.session.live
            assert live is not None
            for number, data in live.outbox:
                if number > sent[id(app)]:
                    sent[id(app)] = number
                    app._carried = number  # type: ignore[attr-defined]
                    apps[1 - index].dispatch({"type": "live_in", "data": data})
                    moved = True


def clock_of(app: ui.App) -> dict[str, Any]:
    view = app.dispatch({"type": "live_tick"})["view"]["live"]["clock"]
    assert view is not None
    return dict(view)


def result_of(app: ui.App) -> ui.GameResult | None:
    return app.game.result


def mover(host: ui.App, guest: ui.App) -> tuple[ui.App, ui.App]:
    """The app whose player acts now, and the other."""
    return (guest, host) if host.session.others_to_act() else (host, guest)


def test_the_time_control_travels_in_the_invitation_and_the_side_to_act_is_timed(time: Time) -> None:
    host, guest = connect()
    for app in (host, guest):
        clock = clock_of(app)
        assert clock["control"] == [DELAY, RESERVE] and clock["w"] == clock["b"] == RESERVE and not clock["paused"]
    playing, waiting = mover(host, guest)
    side = playing.session.duel.me  # type: ignore[union-attr]
    assert clock_of(playing)["running"] == clock_of(waiting)["running"] == side
    time.now += DELAY + 5  # the delay is free, then 5 s of the reserve
    assert clock_of(playing)[side] == RESERVE - 5 and clock_of(playing)["delay"] == 0


def test_a_flag_falls_on_the_players_own_device_when_the_reserve_is_spent_and_not_before(time: Time) -> None:
    host, guest = connect()
    playing, waiting = mover(host, guest)
    side = playing.session.duel.me  # type: ignore[union-attr]
    time.now += DELAY + RESERVE - 0.001
    assert clock_of(playing)["flag"] is None and result_of(playing) is None
    time.now += 0.001
    answer = playing.dispatch({"type": "live_tick"})
    assert answer["view"]["live"]["clock"]["flag"] == side and answer["view"]["phase"] == "over"
    assert answer["view"]["message"]["key"] == "live_time" and answer["view"]["message"]["args"]["loser"] == side
    result = result_of(playing)
    assert result is not None and result.kind == "time" and result.winner == 1 - "wb".index(side)
    assert answer["entry"]["result"] == {"points": 1, "kind": "time"}
    # the other device learns it on the line at once, before its own clock would say so
    assert result_of(waiting) is None
    carry(playing, waiting)
    taken = result_of(waiting)
    assert taken is not None and taken.winner == result.winner and taken.kind == "time"
    assert clock_of(waiting)["flag"] == side


def reloaded(save: str) -> dict[str, Any]:
    """The answer of a tab reloaded from `save` (what the page keeps of the game)."""
    return ui.App().dispatch({"type": "boot", "save": save})


def test_a_loss_on_time_is_saved_finished_on_both_devices(time: Time) -> None:
    host, guest = connect()
    playing, waiting = mover(host, guest)
    side = playing.session.duel.me  # type: ignore[union-attr]
    winner = "b" if side == "w" else "w"
    time.now += DELAY + RESERVE
    flagged = playing.dispatch({"type": "live_tick"})
    carry(playing, waiting)
    told = waiting.dispatch({"type": "live_tick"})
    assert told["view"]["live"]["clock"]["flag"] == side
    for answer in (flagged, told):
        entry = answer["entry"]
        assert entry["over"] and entry["winner"] == winner and entry["result"] == {"points": 1, "kind": "time"}
        again = reloaded(answer["save"])  # a reload reads the game as it was saved, finished
        view = again["view"]
        assert view["phase"] == "over" and view["message"]["key"] == "live_time"
        assert view["result"] is not None and view["result"]["kind"] == "time" and view["result"]["winner"] == winner
        assert view["record"][-1]["kind"] == "time" and view["record"][-1]["side"] == side
        assert again["entry"] == entry and again["save"] == answer["save"]
        assert view["link"] is not None and view["link"]["over"] and view["live"] is None


def test_a_loss_on_time_at_the_cubes_value_stays_after_a_reload_and_no_later_link_counts(time: Time) -> None:
    host, guest = connect(variant="backgammon")
    rng = random.Random(5)
    while host.game.cube_value == 1:  # each player keeps the cube and doubles as soon as it may, the other takes
        playing, waiting = mover(host, guest)
        view = playing.dispatch({"type": "live_tick"})["view"]
        if view["link"]["hold_offered"] and not view["link"]["hold"]:
            view = playing.dispatch({"type": "link_hold", "keep": True})["view"]
        random_app_action(playing, view, rng, drop=False, double=1.0, undo=0.0)
        carry(playing, waiting)
    playing, waiting = mover(host, guest)
    answer = playing.dispatch({"type": "live_tick"})
    while not playing.session.others_to_act():
        answer = random_app_action(playing, answer["view"], rng, drop=False, double=0.0, undo=0.0)
    late = playing.session.duel.last_link()  # type: ignore[union-attr]  # held back by the line
    time.now += 1000 * (DELAY + RESERVE + GRACE)
    save = waiting.dispatch({"type": "live_tick"})["save"]
    result = waiting.game.result
    assert result is not None and result.kind == "time" and result.points == result.cube == 2
    assert result.winner == "wb".index(waiting.session.duel.me)  # type: ignore[union-attr]
    back = ui.App()
    refused = back.dispatch({"type": "boot", "save": save, "fragment": late, "link_save": save})
    message = refused["view"]["message"]
    assert message["key"] == "link_refused" and message["args"]["error"]["key"] == "why.duel_on_time"
    assert back.game.over and back.game.result == result and back.game.history == waiting.game.history


def test_a_record_that_says_a_side_lost_on_time_is_read_strictly(time: Time) -> None:
    host, guest = connect()
    time.now += DELAY + RESERVE
    playing = mover(host, guest)[0]
    playing.dispatch({"type": "live_tick"})
    duel = playing.session.duel
    assert duel is not None
    record = duel.to_dict()
    assert record["flag"] == duel.flag and duel.flag in ("w", "b")
    assert Duel.from_dict(json.loads(json.dumps(record))).game.result == duel.game.result
    for damaged in ("x", 1):
        with pytest.raises(LinkError, match="flag"):
            Duel.from_dict({**record, "flag": damaged})


def test_a_silent_player_loses_on_the_other_device_after_a_grace_and_not_before(time: Time) -> None:
    host, guest = connect()
    playing, waiting = mover(host, guest)
    side = playing.session.duel.me  # type: ignore[union-attr]
    time.now += DELAY + RESERVE + GRACE - 0.01  # the player's own device would have said so by now
    assert clock_of(waiting)["flag"] is None and not waiting.game.over
    time.now += 0.01
    assert clock_of(waiting)["flag"] == side and waiting.game.over


def test_a_move_that_comes_after_the_flag_fell_counts_no_more(time: Time) -> None:
    host, guest = connect()
    playing, waiting = mover(host, guest)
    rng, answer = random.Random(3), playing.dispatch({"type": "live_tick"})
    time.now += DELAY + RESERVE - 1  # played in time on the player's device
    while not playing.session.others_to_act():
        answer = random_app_action(playing, answer["view"], rng, drop=False, double=0.0, undo=0.0)
    history = list(waiting.game.history)
    time.now += 1 + GRACE  # but the line held it back longer than the grace
    assert waiting.dispatch({"type": "live_tick"})["view"]["live"]["clock"]["flag"] == playing.session.duel.me  # type: ignore[union-attr]
    carry(playing, waiting)
    side = playing.session.duel.me  # type: ignore[union-attr]
    assert waiting.game.history == [*history, {"event": "time", "side": side}] and waiting.game.over


def test_a_move_made_after_the_reserve_is_spent_is_lost_on_time_not_sent(time: Time) -> None:
    host, guest = connect()
    playing, waiting = mover(host, guest)
    side = playing.session.duel.me  # type: ignore[union-attr]
    answer = playing.dispatch({"type": "live_tick"})
    time.now += DELAY + RESERVE + 1  # the page's tick did not come: the next request finds the flag first
    rng = random.Random(4)
    answer = random_app_action(playing, answer["view"], rng, drop=False, double=0.0, undo=0.0)
    assert answer["view"]["message"]["key"] == "live_time" and answer["view"]["live"]["clock"]["flag"] == side
    sent = [json.loads(data) for _, data in playing.session.live.outbox]
    assert sent[-1] == {"f": side}


def test_playing_within_the_delay_costs_nothing_and_the_clock_passes_to_the_other(time: Time) -> None:
    host, guest = connect()
    playing, waiting = mover(host, guest)
    side = playing.session.duel.me  # type: ignore[union-attr]
    rng = random.Random(7)
    answer = playing.dispatch({"type": "live_tick"})
    time.now += DELAY - 1
    while not playing.session.others_to_act():
        answer = random_app_action(playing, answer["view"], rng, drop=False, double=0.0, undo=0.0)
    carry(playing, waiting)
    other = waiting.session.duel.me  # type: ignore[union-attr]
    for app in (playing, waiting):
        clock = clock_of(app)
        assert clock[side] == RESERVE and clock["running"] == other


def test_a_dropped_line_stops_the_clocks_and_the_new_pair_of_links_carries_them(time: Time) -> None:
    host, guest = connect()
    playing, waiting = mover(host, guest)
    side = playing.session.duel.me  # type: ignore[union-attr]
    time.now += DELAY + 20  # 20 s of the reserve spent
    for app in (playing, waiting):
        app.dispatch({"type": "live_state", "state": "dropped"})
    time.now += 10_000  # nobody's time runs while the line is down
    assert clock_of(playing)["flag"] is None and clock_of(playing)[side] == RESERVE - 20
    assert clock_of(waiting)["paused"] and not waiting.game.over
    offer = waiting.dispatch({"type": "live_offer", "offer": OFFER})["view"]["live"]["link"]
    assert read_live_link(offer)[1]["t"] == [DELAY, RESERVE, *((RESERVE - 20, RESERVE) if side == "w"
                                                               else (RESERVE, RESERVE - 20))]
    # the player's tab was reloaded: its clocks come from the link
    reloaded = ui.App()
    save = playing.dispatch({"type": "live_tick"})["save"]
    answer = reloaded.dispatch({"type": "load_url", "fragment": offer, "link_save": save})
    assert answer["view"]["live"]["state"] == "answering"
    reply = reloaded.dispatch({"type": "live_answer", "answer": ANSWER})["view"]["live"]["link"]
    waiting.dispatch({"type": "load_url", "fragment": reply})
    for app in (waiting, reloaded):
        app.dispatch({"type": "live_state", "state": "open"})
    time.now += DELAY + RESERVE - 20 - 0.01  # the turn's delay again, then what is left
    assert clock_of(reloaded)["flag"] is None
    time.now += 0.01
    assert clock_of(reloaded)["flag"] == side


def test_a_claim_that_the_receiver_ran_out_of_time_is_refused(time: Time) -> None:
    host, guest = connect()
    answer = host.dispatch({"type": "live_in", "data": json.dumps({"f": "w"})})  # the host plays white
    assert answer["view"]["message"]["key"] == "live_refused" and not host.game.over


def test_share_plays_live_from_the_board_with_the_clocks_chosen(time: Time) -> None:
    """Share → "Play a friend live from here": the position on the board as the start, and the
    time control chosen beside it, in the invitation and on both devices' clocks."""
    start = "backgammon:w:6x2,5,4,3:6x2,5,4,3"
    host, guest = ui.App(), ui.App()
    host.dispatch({"type": "load_url", "fragment": f"p={start}"})
    invite = host.dispatch({"type": "live_new", "from_board": True, "seat": "w", "offer": OFFER, "clock": [12, 120]})
    link = invite["view"]["live"]["link"]
    assert read_live_link(link)[1]["t"] == [12, 120, 120, 120]
    guest.dispatch({"type": "load_url", "fragment": link})
    assert str(guest.game.position) == start
    for app in (host, guest):
        clock = clock_of(app)
        assert clock["control"] == [12, 120] and clock["w"] == clock["b"] == 120


@pytest.mark.parametrize("clock", [[-1, 60], [10, 0], [10], "10+60", [10, 10**9], [True, 60]])
def test_a_time_control_out_of_shape_is_refused(clock: Any) -> None:
    with pytest.raises(ui.UIError, match="time control|seconds"):
        ui.App().dispatch({"type": "live_new", "variant": "narde", "seat": "w", "offer": OFFER, "clock": clock})


def test_a_live_link_with_damaged_clocks_is_refused() -> None:
    host = ui.App()
    link = host.dispatch({"type": "live_new", "variant": "narde", "seat": "w", "offer": OFFER})["view"]["live"]["link"]
    fragment, line = read_live_link(link)
    duel = host.session.duel
    assert duel is not None and "t" not in line  # no clocks chosen: none carried
    forged = live_link(duel.last_link() or "", line)
    line["t"] = [10, 60, 90, 60]  # more left than the reserve
    with pytest.raises(Exception, match="clocks"):
        live_link(duel.last_link() or "", line)
    assert forged == link


def test_a_match_by_link_or_live_is_refused_with_the_reason() -> None:
    for kind in ("link_new", "live_new"):
        app = ui.App()
        answer = app.dispatch({"type": kind, "variant": "backgammon", "seat": "w", "offer": OFFER, "match_length": 3})
        assert answer["view"]["message"] == {"key": "link_no_match", "args": {"length": 3}}
        assert app.session.duel is None and answer["view"]["live"] is None
