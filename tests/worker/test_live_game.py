"""A game played live (web/worker/duel/livegame.py, livelink.py, docs/live.md) on CPython: two apps
connected by the two live links, every message of the line carried between them as the pages
carry it, a whole game to the end; what the other side sends read as strictly as a link."""

from __future__ import annotations

import doctest
import json
import random
from typing import Any

import pytest
from support.random_play import random_app_action

from nardcore.gamedata import game_to_dict
from web.worker import ui
from web.worker.duel import livelink
from web.worker.duel.linkformat import LinkError
from web.worker.duel.linkplay import Duel
from web.worker.duel.livelink import read_live_link, rebuild_sdp, reduce_sdp

FINGERPRINT = ":".join(["06", "24", "76", "ED"] * 8)
OFFER = "\r\n".join([
    "v=0", "o=- 4789210034020879993 2 IN IP4 127.0.0.1", "s=-", "t=0 0", "a=group:BUNDLE 0", "a=extmap-allow-mixed",
    "a=msid-semantic: WMS", "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
    "a=candidate:3237690688 1 udp 2113937151 a1c7cfbe-0ed5-4f4e-8d35-72c76bb5e35b.local 51825 typ host generation 0",
    "a=candidate:194903200 1 udp 2113942271 192.168.1.23 43186 typ host generation 0 network-cost 999",
    "a=candidate:194903201 1 tcp 1518280447 192.168.1.23 9 typ host tcptype active generation 0",
    "a=candidate:842163049 1 udp 1677729535 203.0.113.7 61000 typ srflx raddr 192.168.1.23 rport 43186",
    "a=ice-ufrag:JgG9", "a=ice-pwd:W4MWuxF701YaYCIN8lehMOYG", "a=ice-options:trickle",
    f"a=fingerprint:sha-256 {FINGERPRINT}", "a=setup:actpass", "a=mid:0", "a=sctp-port:5000",
    "a=max-message-size:262144", ""])
ANSWER = OFFER.replace("a=setup:actpass", "a=setup:active").replace("JgG9", "9tiv")


def test_doctests() -> None:
    assert doctest.testmod(livelink).failed == 0


def test_a_description_is_reduced_to_what_the_other_browser_needs_and_rebuilt_from_it() -> None:
    line = reduce_sdp(OFFER, "o")
    assert line["c"] == ["h mocfPvg7VT0-NXLLdbXrW1w 51825".replace("mocfPvg7VT0-NXLLdbXrW1w", line["c"][0][2:-6]),
                         "h 192.168.1.23 43186", "s 203.0.113.7 61000"]  # no TCP candidate
    sdp = rebuild_sdp(line)
    assert "a1c7cfbe-0ed5-4f4e-8d35-72c76bb5e35b.local 51825 typ host" in sdp
    assert "203.0.113.7 61000 typ srflx" in sdp and f"a=fingerprint:sha-256 {FINGERPRINT}" in sdp
    assert "a=ice-ufrag:JgG9\r\n" in sdp and "a=setup:actpass" in sdp
    assert reduce_sdp(sdp, "o") == line


@pytest.mark.parametrize(("change", "words"), [
    (lambda line: {**line, "u": "ab\r\na=x"}, "credentials"),
    (lambda line: {**line, "p": "short"}, "credentials"),
    (lambda line: {**line, "f": "AAAA"}, "fingerprint"),
    (lambda line: {**line, "s": "c"}, "role"),
    (lambda line: {**line, "c": []}, "no address"),
    (lambda line: {**line, "c": ["h 192.168.1.1\r\na=x 5"]}, "address"),
    (lambda line: {**line, "c": ["h evil.example 5000"]}, "IP address"),
    (lambda line: {**line, "c": ["h 10.0.0.1 70000"]}, "addresses"),
    (lambda line: {**line, "x": 1}, "how to reach"),
])
def test_a_line_with_any_field_out_of_shape_is_refused_by_name(change: Any, words: str) -> None:
    with pytest.raises(LinkError, match=words):
        rebuild_sdp(change(reduce_sdp(OFFER, "o")))


def test_a_description_with_no_udp_address_cannot_make_a_link() -> None:
    with pytest.raises(LinkError, match="no address"):
        reduce_sdp("\r\n".join(line for line in OFFER.split("\r\n") if "udp" not in line), "o")


# -- two apps ----------------------------------------------------------------------------------------


def connect(variant: str = "narde") -> tuple[ui.App, ui.App, dict[str, Any], dict[str, Any]]:
    """Two apps connected live: the invitation opened by the guest, its answer by the host, the
    line opened on both pages. Answers each app's last answer."""
    host, guest = ui.App(), ui.App()
    answer = host.dispatch({"type": "live_new", "variant": variant, "seat": "w", "offer": OFFER})
    live = answer["view"]["live"]
    assert live["state"] == "inviting" and live["link"].startswith("live=")
    assert answer["view"]["message"]["key"] == "live_invite" and answer["entry"]["link"]["side"] == "w"
    joined = guest.dispatch({"type": "load_url", "fragment": "#" + live["link"]})
    assert joined["view"]["live"]["state"] == "answering" and "a=setup:actpass" in joined["view"]["live"]["remote"]
    joined = guest.dispatch({"type": "live_answer", "answer": ANSWER})
    reply = joined["view"]["live"]["link"]
    assert joined["view"]["live"]["state"] == "replying" and reply.startswith("live=") and ".b1." in reply
    answer = host.dispatch({"type": "load_url", "fragment": reply})
    assert answer["view"]["live"]["state"] == "connecting" and "a=setup:active" in answer["view"]["live"]["remote"]
    answer = host.dispatch({"type": "live_state", "state": "open"})
    joined = guest.dispatch({"type": "live_state", "state": "open"})
    assert answer["view"]["live"]["state"] == joined["view"]["live"]["state"] == "connected"
    return host, guest, answer, joined


class Line:
    """The two pages' side of the line: each message in an app's outbox sent once, to the other."""

    def __init__(self) -> None:
        self.sent: dict[int, int] = {0: 0, 1: 0}
        self.carried: list[str] = []

    def carry(self, apps: list[ui.App], answers: list[dict[str, Any]], index: int) -> dict[str, Any] | None:
        """The messages app `index` has not sent yet, taken by the other; the other's last answer."""
        other = None
        for item in answers[index]["view"]["live"]["outbox"]:
            if item["n"] > self.sent[index]:
                self.sent[index] = item["n"]
                self.carried.append(item["data"])
                other = apps[1 - index].dispatch({"type": "live_in", "data": item["data"]})
                answers[1 - index] = other
        return other


@pytest.mark.parametrize(("variant", "seed"), [("narde", 1), ("backgammon", 2)])
def test_two_apps_play_a_whole_game_live_with_no_link_after_the_second(variant: str, seed: int) -> None:
    host, guest, host_answer, guest_answer = connect(variant)
    apps, answers, line, rng = [host, guest], [host_answer, guest_answer], Line(), random.Random(seed)
    doubles = 0
    for _ in range(3000):
        if host.game.over and guest.game.over:
            break
        for index in (0, 1):
            other = line.carry(apps, answers, index)
            if other is not None and other["view"]["phase"] == "take":  # said as against the computer
                assert other["view"]["message"]["key"] == "doubled"
                doubles += 1
        acting = [i for i in (0, 1) if not apps[i].session.others_to_act() and not apps[i].game.over]
        if not acting:
            continue
        index = acting[0]
        link = answers[index]["view"]["link"]
        if link["hold_offered"] and not link["hold"] and rng.random() < 0.3:  # "I may double at my next turn"
            answers[index] = apps[index].dispatch({"type": "link_hold", "keep": True})
            continue
        answers[index] = random_app_action(apps[index], answers[index]["view"], rng, drop=False, double=0.3,
                                           undo=0.0)
        assert answers[index]["view"]["message"] is None or answers[index]["view"]["message"]["key"] != "live_refused"
    assert host.game.over and guest.game.over
    assert doubles > 0 or variant == "narde"
    assert game_to_dict(host.game)["history"] == game_to_dict(guest.game)["history"]
    assert all(json.loads(data).keys() == {"d"} for data in line.carried)
    assert answers[0]["entry"]["link"] == {"gid": duel_of(host).gid, "side": "w"}  # both keep it in their library
    assert answers[1]["entry"]["link"] == {"gid": duel_of(host).gid, "side": "b"}


def first_move(variant: str = "narde") -> tuple[list[ui.App], list[dict[str, Any]], str]:
    """Connected, what was sent carried, and the side to play has played its turn: the apps
    (the mover first), their last answers, and the mover's message, not yet carried."""
    host, guest, host_answer, guest_answer = connect(variant)
    apps, answers, rng, line = [host, guest], [host_answer, guest_answer], random.Random(5), Line()
    line.carry(apps, answers, 0)
    line.carry(apps, answers, 1)
    mover = 0 if not host.session.others_to_act() else 1
    while max((item["n"] for item in answers[mover]["view"]["live"]["outbox"]), default=0) <= line.sent[mover]:
        answers[mover] = random_app_action(apps[mover], answers[mover]["view"], rng, drop=False, double=0.0, undo=0.0)
    data = answers[mover]["view"]["live"]["outbox"][-1]["data"]
    return [apps[mover], apps[1 - mover]], [answers[mover], answers[1 - mover]], data


def test_a_forged_replayed_or_foreign_message_is_refused_and_the_game_is_unchanged() -> None:
    apps, answers, data = first_move()
    guest = apps[1]
    before = game_to_dict(guest.game)
    fragment = json.loads(data)["d"]
    head, payload = fragment.rsplit(".", 1)
    forged = head + "." + payload[:-6] + ("A" if payload[-6] != "A" else "B") + payload[-5:]
    other, _, _, _ = connect()  # a third party's game
    foreign = duel_of(other).last_link()
    for bad in (json.dumps({"d": forged}), json.dumps({"d": foreign}), "<img src=x>", json.dumps({"d": "s=abc"}),
                json.dumps({"q": "nonsense"}), json.dumps({"d": fragment, "q": "gg"}), "x" * 30_000):
        answer = guest.dispatch({"type": "live_in", "data": bad})
        assert answer["view"]["message"]["key"] == "live_refused", bad[:40]
        assert game_to_dict(guest.game) == before
    taken = guest.dispatch({"type": "live_in", "data": data})
    assert taken["view"]["message"]["key"] == "live_received"
    after = game_to_dict(guest.game)
    guest.dispatch({"type": "live_in", "data": data})  # the same message again: nothing new
    assert game_to_dict(guest.game) == after
    invitation = json.dumps({"d": _link(apps[0], duel_of(apps[0]).seq - 3)})
    replayed = guest.dispatch({"type": "live_in", "data": invitation})  # an old message replayed
    assert replayed["view"]["message"]["key"] == "live_refused" and game_to_dict(guest.game) == after


def duel_of(app: ui.App) -> Duel:
    assert app.session.duel is not None
    return app.session.duel


def _link(app: ui.App, number: int) -> str:
    from web.worker.duel.linkformat import fragment_of
    duel = duel_of(app)
    return fragment_of(duel.links[number], [a for message in duel.links[:number] for a in message["a"]])


def test_an_illegal_move_from_the_peer_is_refused() -> None:
    apps, answers, data = first_move()
    host, guest = apps
    guest.dispatch({"type": "live_in", "data": data})
    # the mover's first link again with another play (it is not the mover's turn now)
    from web.worker.duel.linkformat import fragment_of, read_link
    link = read_link(json.loads(data)["d"])
    message = {**link.message, "a": ["p24/1"]}
    forged = fragment_of(message, link.history)
    before = game_to_dict(guest.game)
    answer = guest.dispatch({"type": "live_in", "data": json.dumps({"d": forged})})
    assert answer["view"]["message"]["key"] == "live_refused" and game_to_dict(guest.game) == before


def test_a_dropped_line_is_said_and_the_game_goes_on_by_links_then_live_again() -> None:
    apps, answers, data = first_move()
    host, guest = apps  # the mover and the other
    answer = guest.dispatch({"type": "live_state", "state": "dropped"})
    assert answer["view"]["message"]["key"] == "live_dropped" and answer["view"]["live"]["state"] == "dropped"
    # the host's move goes by link instead, and the guest plays on
    url = host.dispatch({"type": "live_state", "state": "dropped"})["view"]["link"]["url"]
    answer = guest.dispatch({"type": "load_url", "fragment": url})
    assert answer["view"]["message"]["key"] == "link_received"
    # a new pair of live links from the last link each holds
    offer = guest.dispatch({"type": "live_offer", "offer": OFFER})["view"]["live"]
    assert offer["state"] == "inviting"
    answer = host.dispatch({"type": "load_url", "fragment": offer["link"]})
    assert answer["view"]["live"]["state"] == "answering"
    reply = host.dispatch({"type": "live_answer", "answer": ANSWER})["view"]["live"]["link"]
    answer = guest.dispatch({"type": "load_url", "fragment": reply})
    assert answer["view"]["live"]["state"] == "connecting"
    assert guest.dispatch({"type": "live_state", "state": "open"})["view"]["live"]["state"] == "connected"
    assert host.dispatch({"type": "live_state", "state": "open"})["view"]["live"]["state"] == "connected"
    assert game_to_dict(host.game)["history"] == game_to_dict(guest.game)["history"]


def test_an_answer_opened_where_no_invitation_waits_goes_on_by_links() -> None:
    host, guest = ui.App(), ui.App()
    invite = host.dispatch({"type": "live_new", "variant": "narde", "seat": "w", "offer": OFFER})
    save = invite["save"]
    guest.dispatch({"type": "load_url", "fragment": invite["view"]["live"]["link"]})
    reply = guest.dispatch({"type": "live_answer", "answer": ANSWER})["view"]["live"]["link"]
    other_tab = ui.App()  # the host's device, another tab: the record from the library, no offer waiting
    answer = other_tab.dispatch({"type": "load_url", "fragment": reply, "link_save": save})
    assert answer["view"]["live"]["state"] == "dropped"  # the game goes on by links from the join taken
    assert other_tab.session.duel is not None and other_tab.session.duel.seq >= 2


def test_quick_messages_and_chat_go_to_the_other_side_as_text() -> None:
    host, guest, _, _ = connect()
    answer = host.dispatch({"type": "live_say", "quick": "gg"})
    answer = host.dispatch({"type": "live_say", "text": "<b>hi</b>" + "x" * 500})
    out = [item["data"] for item in answer["view"]["live"]["outbox"] if "d" not in json.loads(item["data"])]
    assert json.loads(out[0]) == {"q": "gg"} and len(json.loads(out[1])["t"]) == 200
    for data in out:
        answer = guest.dispatch({"type": "live_in", "data": data})
    assert answer["view"]["live"]["heard"] == [{"q": "gg"}, {"t": ("<b>hi</b>" + "x" * 500)[:200]}]
    with pytest.raises(Exception, match="quick"):
        host.dispatch({"type": "live_say", "quick": "insult"})


def test_the_invitation_stays_short() -> None:
    host = ui.App()
    answer = host.dispatch({"type": "live_new", "variant": "backgammon", "seat": "w", "offer": OFFER})
    link = answer["view"]["live"]["link"]
    assert len(link) < 600
    parsed, line = read_live_link(link)
    assert parsed.seq == 0 and line["k"] == "o"
