"""A game by link says what the link to send carries (web/worker/duel/linkgame.py `sent_key`): the
player's move, their decision, or only the other side's dice — never "Your move is in the link"
to a host who opens the join link without having moved, or to a player who only sends dice back.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from support.random_play import random_app_action

from web.worker import saves, ui
from web.worker.duel.linkformat import read_link

SENT = {"link_send", "link_send_choice", "link_send_dice"}
STAMP = '{"rev":7,"tab":"k3",'  # the page's revision stamp before IndexedDB (web/page/library/migrate.js)


def carried(url: str) -> str:
    """The message a link calls for, from the actions it carries (its sender's word that it will
    not double at its next turn, N, goes with any of them)."""
    actions = [str(action) for action in read_link(url).message["a"] if action != "N"]
    if any(action[:1] in ("p", "-") for action in actions):
        return "link_send"
    return "link_send_choice" if actions else "link_send_dice"


def checked(answer: dict[str, Any], seen: set[str]) -> dict[str, Any]:
    view = answer["view"]
    key = view["message"]["key"] if view["message"] else None
    if key in SENT:
        assert view["link"]["waiting"] and key == carried(view["link"]["url"]), (key, view["link"]["url"])
        seen.add(key)
    return answer


def test_each_link_to_send_is_named_by_what_it_carries() -> None:
    seen: set[str] = set()
    for seed in range(3):
        rng = random.Random(seed)
        host, guest = ui.App(dice=f"seed:{seed}"), ui.App(dice=f"seed:{seed + 10}")
        answer = host.dispatch({"type": "link_new", "variant": "backgammon", "seat": "w"})
        devices, saves = {"w": host, "b": guest}, {"w": answer["save"], "b": ""}
        url, to = answer["view"]["link"]["url"], "b"
        for _ in range(400):
            answer = checked(devices[to].dispatch({"type": "load_url", "fragment": url, "link_save": saves[to]}), seen)
            for _ in range(60):
                view = answer["view"]
                if view["link"]["waiting"] or view["phase"] == "over":
                    break
                if view["link"]["hold_offered"] and not view["link"]["hold"] and rng.random() < 0.5:
                    # "I may double at my next turn": that turn asks for its dice (or doubles) first
                    answer = devices[to].dispatch({"type": "link_hold", "keep": True})
                    continue
                answer = checked(random_app_action(devices[to], view, rng, drop=False, double=0.3, undo=0.0), seen)
            saves[to] = answer["save"]
            if answer["view"]["phase"] == "over" and not answer["view"]["link"]["waiting"]:
                break
            url, to = answer["view"]["link"]["url"], "b" if to == "w" else "w"
        else:
            raise AssertionError("the game did not end")
    assert seen == SENT


def test_the_host_opening_the_join_link_and_a_player_sending_dice_back_are_told_so() -> None:
    cases = set()
    for seed in range(12):
        host, guest = ui.App(dice=f"seed:{seed}"), ui.App(dice=f"seed:{seed + 1}")
        invitation = host.dispatch({"type": "link_new", "variant": "backgammon", "seat": "w"})["view"]["link"]["url"]
        joined = guest.dispatch({"type": "load_url", "fragment": invitation})["view"]
        assert joined["message"]["key"] == "link_joined"
        opened = host.dispatch({"type": "load_url", "fragment": joined["link"]["url"]})["view"]
        if opened["turn"] == "w":  # the host starts: their turn, no link yet
            assert opened["message"]["key"] == "link_received" and not opened["link"]["waiting"]
        else:  # the guest starts: the host only sends the opening roll on, and is told so
            assert opened["message"]["key"] == "link_send_dice" == carried(opened["link"]["url"])
        cases.add(opened["turn"])
    assert cases == {"w", "b"}


def test_a_link_opened_where_its_record_is_held_is_taken_without_reading_the_record_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The same tab's next link: the record the page sends is the one the session holds, and it is
    not read again (reading replays the whole game); the game goes on as on a device that reads it
    afresh. A record that differs from the session's (another tab went on) is read."""
    reads: list[str] = []
    read = saves.load_save

    def counted(session: Any, text: str, **options: Any) -> None:
        reads.append(text)
        read(session, text, **options)

    monkeypatch.setattr(saves, "load_save", counted)
    rng = random.Random(4)
    host, guest = ui.App(dice="seed:4"), ui.App(dice="seed:14")
    answer = host.dispatch({"type": "link_new", "variant": "backgammon", "seat": "w"})
    devices, stored = {"w": host, "b": guest}, {"w": STAMP + answer["save"][1:], "b": ""}
    url, to, skipped = answer["view"]["link"]["url"], "b", 0
    for _ in range(30):
        before = len(reads)
        answer = devices[to].dispatch({"type": "load_url", "fragment": url, "link_save": stored[to]})
        if stored[to]:
            skipped += len(reads) == before
            # a device that reads the same record afresh comes to the same game and the same link
            fresh = ui.App(dice=f"seed:{99}")
            again = fresh.dispatch({"type": "load_url", "fragment": url, "link_save": stored[to]})
            assert again["view"]["position"] == answer["view"]["position"]
            assert again["view"]["link"] == answer["view"]["link"]
        for _ in range(60):
            view = answer["view"]
            if view["link"]["waiting"] or view["phase"] == "over":
                break
            answer = random_app_action(devices[to], view, rng, drop=False, double=0.0, undo=0.0)
        stored[to] = STAMP + answer["save"][1:]  # as the page keeps it: with its revision stamp
        url, to = answer["view"]["link"]["url"], "b" if to == "w" else "w"
    assert skipped >= 25  # every link after each device's first one
    # the tab went on to another game meanwhile: the record sent is not the session's, and is read
    device = devices[to]
    assert device.dispatch({"type": "new_game", "settings": {"variant": "narde"}})["view"]["variant"] == "narde"
    before = len(reads)
    answer = device.dispatch({"type": "load_url", "fragment": url, "link_save": stored[to]})
    assert len(reads) == before + 1
    assert answer["view"]["variant"] == "backgammon" and answer["view"]["message"]["key"] == "link_received"
