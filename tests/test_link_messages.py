"""A game by link says what the link to send carries (web/worker/linkgame.py `sent_key`): the
player's move, their decision, or only the other side's dice — never "Your move is in the link"
to a host who opens the join link without having moved, or to a player who only sends dice back.
"""

from __future__ import annotations

import random
from typing import Any

from support.random_play import random_app_action

from web.worker import ui
from web.worker.linkformat import read_link

SENT = {"link_send", "link_send_choice", "link_send_dice"}


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
