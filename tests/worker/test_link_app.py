"""Play by link in the app (web/worker/ui.py, linkgame.py): two apps playing to the end, starting and
opening games by link, records and links of earlier versions, and every malformed part refused by name."""

from __future__ import annotations

import base64
import hashlib
import json
import random
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from support.random_play import random_app_action
from test_link_cube import turns_in
from test_linkplay import edit, mid_game, next_link, play_turn, refused

from nardcore.gamedata import game_to_dict
from nardcore.position import SIDE_LETTERS, Position
from web.worker.duel import linkformat
from web.worker.duel.linkformat import LinkError, read_link
from web.worker.duel.linkplay import Duel, SlotDice

# -- in the app (web/worker/ui.py), two devices -------------------------------------------------------


def app_turn(app: Any, rng: random.Random, answer: dict[str, Any], hold: bool = False) -> dict[str, Any]:
    """The person on this device plays until the app shows a link to send (random clicks by
    support.random_play.random_app_action, doubles always taken); the last answer. `hold`: the
    person ticks "I may double at my next turn" where it is offered."""
    for _ in range(60):
        view = answer["view"]
        if view["link"]["waiting"] or view["phase"] == "over":
            return answer
        if hold and view["link"]["hold_offered"] and not view["link"]["hold"]:
            answer = app.dispatch({"type": "link_hold", "keep": True})
            assert answer["view"]["link"]["hold"]
            continue
        answer = random_app_action(app, view, rng, drop=False, double=0.0, undo=0.0)
    raise AssertionError("no link to send")


def test_two_apps_play_by_link_to_the_end() -> None:
    from web.worker import ui

    host, guest = ui.App(), ui.App()
    rng = random.Random(3)
    answer = host.dispatch({"type": "link_new", "variant": "narde", "from_board": False, "seat": "w"})
    link = answer["view"]["link"]
    assert link["waiting"] and link["url"].startswith("d=") and answer["entry"]["link"]["side"] == "w"
    saves = {"w": answer["save"], "b": ""}
    answer = guest.dispatch({"type": "load_url", "fragment": link["url"]})
    assert answer["view"]["message"]["key"] == "link_joined" and answer["entry"]["link"]["side"] == "b"
    saves["b"] = answer["save"]
    devices = {"w": host, "b": guest}
    url = answer["view"]["link"]["url"]
    to, sent = "w", 1
    for _ in range(600):
        app = devices[to]
        answer = app.dispatch({"type": "load_url", "fragment": url, "link_save": saves[to]})
        assert answer["view"]["message"]["key"] in ("link_received", "link_send", "link_send_choice", "link_send_dice",
                                                    "link_asked")
        refused = app.dispatch({"type": "load_url", "fragment": url, "link_save": answer["save"]})
        assert refused["view"]["message"]["key"] == "link_refused"  # opened twice
        assert "opened already" in refused["view"]["message"]["args"]["error"]["detail"]
        answer = app_turn(app, rng, answer)
        saves[to] = answer["save"]
        if answer["view"]["phase"] == "over" and not answer["view"]["link"]["waiting"]:
            break
        url = answer["view"]["link"]["url"]
        to = "b" if to == "w" else "w"
        sent += 1
    assert host.game.over or guest.game.over
    final = devices["b" if to == "w" else "w"]
    if not final.game.over:
        final.dispatch({"type": "load_url", "fragment": url, "link_save": saves["b" if to == "w" else "w"]})
    assert game_to_dict(host.game)["history"] == game_to_dict(guest.game)["history"] and host.game.over


def test_two_apps_play_backgammon_by_link_one_link_a_turn() -> None:
    """In the app: each player opens the other's link and rolls at once (no Double: they said
    with their last move they would not double now), plays, and sends one link back; "I may
    double at my next turn" is offered, unticked, while the cube may be theirs next turn."""
    from web.worker import ui

    host, guest = ui.App(), ui.App()
    rng = random.Random(13)
    answer = host.dispatch({"type": "link_new", "variant": "backgammon", "seat": "w"})
    saves = {"w": answer["save"]}
    answer = guest.dispatch({"type": "load_url", "fragment": answer["view"]["link"]["url"]})
    saves["b"] = answer["save"]
    devices = {"w": host, "b": guest}
    url, to, rolled_at_once = answer["view"]["link"]["url"], "w", 0
    for _ in range(400):
        app = devices[to]
        answer = app.dispatch({"type": "load_url", "fragment": url, "link_save": saves[to]})
        view = answer["view"]
        assert view["message"]["key"] in ("link_received", "link_send", "link_send_dice"), view["message"]
        if view["phase"] == "over":
            break
        if view["phase"] == "cube" and not view["link"]["waiting"]:
            assert view["link"]["declared"] and view["can"]["roll"] and not view["can"]["double"]
            assert view["link"]["hold_offered"] and not view["link"]["hold"]
            rolled_at_once += 1
        answer = app_turn(app, rng, answer)
        assert answer["view"]["message"]["key"] != "link_asked"
        saves[to] = answer["save"]
        if answer["view"]["phase"] == "over" and not answer["view"]["link"]["waiting"]:
            break
        url, to = answer["view"]["link"]["url"], "b" if to == "w" else "w"
    duel = host.session.duel
    assert duel is not None and duel.game.over or guest.game.over
    links = duel.links if duel is not None else []
    assert [turns_in(message) for message in links[3:]] == [1] * len(links[3:])
    assert rolled_at_once > 10


def test_keeping_the_cube_in_the_app_costs_one_more_link_at_that_turn_only() -> None:
    from web.worker import ui

    host, guest = ui.App(), ui.App()
    rng = random.Random(17)
    answer = host.dispatch({"type": "link_new", "variant": "backgammon", "seat": "w"})
    joined = guest.dispatch({"type": "load_url", "fragment": answer["view"]["link"]["url"]})
    devices, saves = {"w": host, "b": guest}, {"w": answer["save"], "b": joined["save"]}
    url, to = joined["view"]["link"]["url"], "w"
    for _ in range(6):  # a few turns each, one link each
        answer = devices[to].dispatch({"type": "load_url", "fragment": url, "link_save": saves[to]})
        answer = app_turn(devices[to], rng, answer)
        saves[to], url, to = answer["save"], answer["view"]["link"]["url"], "b" if to == "w" else "w"
    app = devices[to]
    view = app.dispatch({"type": "load_url", "fragment": url, "link_save": saves[to]})["view"]
    assert view["link"]["hold_offered"] and not view["link"]["hold"]
    with pytest.raises(ui.UIError, match="keep is true or false"):
        app.dispatch({"type": "link_hold", "keep": "yes"})
    view = app.dispatch({"type": "link_hold", "keep": True})["view"]
    assert view["link"]["hold"]
    answer = app_turn(app, rng, {"view": view})
    assert answer["view"]["link"]["waiting"] and not answer["view"]["link"]["declared"]
    assert read_link(answer["view"]["link"]["url"]).message["a"][-1] != "N"
    saves[to], url, other = answer["save"], answer["view"]["link"]["url"], "b" if to == "w" else "w"
    answer = devices[other].dispatch({"type": "load_url", "fragment": url, "link_save": saves[other]})
    answer = app_turn(devices[other], rng, answer)  # the other plays; their link has no share for this side
    view = app.dispatch({"type": "load_url", "fragment": answer["view"]["link"]["url"], "link_save": saves[to]})["view"]
    assert view["phase"] == "cube" and view["can"]["double"] and view["can"]["roll"]  # the cube decision first
    view = app.dispatch({"type": "roll"})["view"]
    assert view["message"]["key"] == "link_asked" and view["link"]["asked"] and view["dice"] == []


# -- starting and opening games by link in the app -------------------------------------------------


def test_a_game_by_link_starts_from_the_board_only_where_there_is_a_position() -> None:
    from web.worker import ui

    app = ui.App(dice="seed:4")
    app.dispatch({"type": "new_game", "settings": {"variant": "narde"}})
    with pytest.raises(ui.UIError, match="no position on the board"):
        app.dispatch({"type": "link_new", "from_board": True, "seat": "w"})  # the opening roll to come
    app.dispatch({"type": "load_url", "fragment": "p=narde:b:24x14,13:24x15"})  # mid-game, Black to roll
    assert app.game is not None and app.game.phase == "roll"
    board = str(app.game.position)
    answer = app.dispatch({"type": "link_new", "from_board": True, "seat": "b"})
    assert answer["view"]["message"]["key"] == "link_started" and answer["view"]["link"]["me"] == "b"
    guest = ui.App()
    joined = guest.dispatch({"type": "load_url", "fragment": answer["view"]["link"]["url"]})["view"]
    assert joined["message"]["key"] == "link_joined" and joined["position"] == board
    # a game over, and a board whose last checker is off before the turn is confirmed, start nothing
    ended = ui.App(dice="seed:4")
    ended.dispatch({"type": "load_url", "fragment": "p=narde:w:1:24x15&dice=21"})
    ended.dispatch({"type": "set", "name": "auto_forced", "value": False})
    view = ended.dispatch({"type": "click", "point": "1"})["view"]
    if view["destinations"]:
        view = ended.dispatch({"type": "click", "point": view["destinations"][0]})["view"]
    assert ended.game is not None and ended.game.board.winner() is not None and not ended.game.over
    with pytest.raises(ui.UIError, match="no position on the board"):
        ended.dispatch({"type": "link_new", "from_board": True, "seat": "w"})
    assert ended.dispatch({"type": "confirm"})["view"]["phase"] == "over"
    with pytest.raises(ui.UIError, match="no position on the board"):
        ended.dispatch({"type": "link_new", "from_board": True, "seat": "w"})


def test_a_game_by_link_is_named_by_a_short_variant_token() -> None:
    from web.worker import ui

    app = ui.App()
    for variant in (5, None, "x" * 121):
        with pytest.raises(ui.UIError, match="variant must be a name"):
            app.dispatch({"type": "link_new", "variant": variant, "seat": "w"})
    with pytest.raises(ui.UIError, match="unknown game") as refused:
        app.dispatch({"type": "link_new", "variant": "x" * 120, "seat": "w"})
    assert "must be a name" not in str(refused.value)  # short enough to be looked up, and unknown
    with pytest.raises(ui.UIError, match="seat"):
        app.dispatch({"type": "link_new", "variant": "narde", "seat": "x"})


def test_a_game_by_link_is_a_single_game_with_a_score_of_its_own() -> None:
    from web.worker import ui

    host = ui.App(dice="seed:2")
    host.dispatch({"type": "new_game", "settings": {"variant": "narde", "match_length": 5}})
    guest = ui.App(dice="seed:3")
    guest.dispatch({"type": "new_game", "settings": {"variant": "narde"}})
    guest.session.tally = [3, 1]  # single games played at this device before
    invitation = host.dispatch({"type": "link_new", "variant": "narde", "seat": "w"})["view"]
    assert invitation["settings"]["match_length"] == 0 and invitation["match"] is None
    view = guest.dispatch({"type": "load_url", "fragment": invitation["link"]["url"]})["view"]
    assert view["settings"]["match_length"] == 0 and view["settings"]["opponent"] == "human"
    assert (view["players"]["w"]["score"], view["players"]["b"]["score"]) == (0, 0)


def test_a_link_opened_with_no_record_joins_and_with_its_record_keeps_the_preferences() -> None:
    from web.worker import ui

    host = ui.App()
    answer = host.dispatch({"type": "link_new", "variant": "narde", "seat": "w"})
    guest = ui.App()
    view = guest.dispatch({"type": "load_url", "fragment": answer["view"]["link"]["url"], "link_save": ""})["view"]
    assert view["message"]["key"] == "link_joined"  # an empty record is no record
    reply = view["link"]["url"]
    host.dispatch({"type": "set", "name": "flip", "value": True})  # after the record was saved
    view = host.dispatch({"type": "load_url", "fragment": reply, "link_save": answer["save"]})["view"]
    assert view["message"]["key"] in ("link_received", "link_send_dice") and view["prefs"]["flip"] is True


def test_rolling_without_doubling_asks_the_other_device_for_its_share() -> None:
    from web.worker import ui

    host, guest = ui.App(), ui.App()
    answer = host.dispatch({"type": "link_new", "variant": "backgammon", "seat": "w"})
    joined = guest.dispatch({"type": "load_url", "fragment": answer["view"]["link"]["url"]})
    devices, saves = {"w": host, "b": guest}, {"w": answer["save"], "b": joined["save"]}
    url, to, rng = joined["view"]["link"]["url"], "w", random.Random(1)
    for _ in range(20):
        answer = devices[to].dispatch({"type": "load_url", "fragment": url, "link_save": saves[to]})
        view = answer["view"]
        if view["phase"] == "cube" and view["can"]["double"]:  # a turn whose player kept the cube
            break
        answer = app_turn(devices[to], rng, answer, hold=True)
        saves[to], url, to = answer["save"], answer["view"]["link"]["url"], "b" if to == "w" else "w"
    else:
        raise AssertionError("no turn began in the cube phase")
    assert view["can"]["double"] and not view["link"]["waiting"]
    view = devices[to].dispatch({"type": "roll"})["view"]
    assert view["message"]["key"] == "link_asked" and view["link"]["asked"] and view["link"]["waiting"]
    assert view["phase"] == "cube" and view["dice"] == []  # the dice come with the other's share
    assert not view["can"]["roll"] and not view["can"]["double"]  # this device waits for the reply
    other = devices["b" if to == "w" else "w"]
    reply = other.dispatch({"type": "load_url", "fragment": view["link"]["url"],
                            "link_save": saves["b" if to == "w" else "w"]})["view"]
    assert reply["message"]["key"] == "link_send_dice" and reply["link"]["waiting"]  # only the share goes back
    back = devices[to].dispatch({"type": "load_url", "fragment": reply["link"]["url"]})["view"]
    assert back["phase"] == "cube" and back["can"]["roll"] and not back["link"]["waiting"]
    rolled = devices[to].dispatch({"type": "roll"})["view"]  # now with both shares: the dice
    assert rolled["phase"] == "move" and len(rolled["dice"]) in (2, 4)


def test_records_and_links_made_by_this_version_open_in_later_ones() -> None:
    """Whole games by link (fixed keys) as this version recorded them: a later version reads
    them the same, so a game under way survives an update of the app. Any change to how dice,
    commitments, shares or the chain hash are derived fails here (docs/link-play.md)."""
    stored = json.loads((Path(__file__).parents[1] / "data" / "link-records.json").read_text())
    assert [(entry["variant"], entry.get("version", 1)) for entry in stored] == [
        ("backgammon", 1), ("narde", 1), ("backgammon", 2)]
    for entry in stored:
        duel = Duel.from_dict(entry["record"])
        assert duel.version == entry.get("version", 1) == entry["record"]["v"]
        actions = {action for message in entry["record"]["links"] for action in message["a"]}
        assert ("N" in actions) == (duel.version == 2)
        assert ({"R", "d"} <= actions) == (entry["variant"] == "backgammon")  # with a cube: kept and doubled too
        assert duel.game.over and str(duel.game.position) == entry["position"]
        assert game_to_dict(duel.game)["history"] == entry["history"]
        assert duel.last_link() == entry["last_link"] and read_link(entry["last_link"]).sender == duel.me
        assert duel.to_dict() == entry["record"]
        other_key = dict(entry["record"], key=linkformat.b64(bytes(32)))
        with pytest.raises(LinkError, match="key does not match"):
            Duel.from_dict(other_key)  # the record's own commitments are checked with its key


TABLE_OF_FIVE = {f"w{n}": linkformat.b64(bytes(16)) for n in range(1, 6)}


@pytest.mark.parametrize(("change", "words"), [
    (lambda body: body.update(x=1), "unknown or missing fields"),
    (lambda body: body.pop("r"), "unknown or missing fields"),
    (lambda body: body.update(h="p24/13"), "history is not a list"),
    (lambda body: body.update(h=["-"] * (linkformat.MAX_HISTORY + 1)), "history is not a list"),
    (lambda body: body.update(h=[1]), "history is not a list"),
    (lambda body: body.update(a="p24/13"), "not a short list"),
    (lambda body: body.update(a=["-"] * (linkformat.MAX_ACTIONS + 1)), "not a short list"),
    (lambda body: body.update(a=[5]), "does not read"),
    (lambda body: body.update(r=["w1"]), "revealed secrets are not a small table"),
    (lambda body: body.update(s=TABLE_OF_FIVE), "shares are not a small table"),
    (lambda body: body.update(c={"q1": linkformat.b64(bytes(32))}), "roll this app does not know"),
    (lambda body: body.update(c={"w1": linkformat.b64(bytes(31))}), "has 31 bytes, not 32"),
    (lambda body: body.update(c={"w1": 5}), "not base64url"),
    (lambda body: body.update(p=5), "chain hash is not base64url"),
    (lambda body: body.update(i={"variant": "narde", "start": None, "host": "w"}), "only the first link"),
    (lambda body: body.pop("p"), "only the first link"),
])
def test_each_malformed_part_of_a_link_is_refused_by_name(change: Any, words: str) -> None:
    host, guest, rng = mid_game(seed=37)
    link = next_link(host, guest, rng)[2]
    assert read_link(link).seq > 0
    with pytest.raises(LinkError, match=words):
        read_link(edit(link, change))


def test_a_link_at_each_limit_is_still_read() -> None:
    host, guest, rng = mid_game(seed=37)
    link = next_link(host, guest, rng)[2]
    at_limits = edit(link, lambda body: body.update(a=["-"] * linkformat.MAX_ACTIONS,
                                                     h=["-"] * linkformat.MAX_HISTORY,
                                                     s={f"w{n}": linkformat.b64(bytes(16)) for n in range(1, 5)}))
    read = read_link(at_limits)
    assert len(read.message["a"]) == linkformat.MAX_ACTIONS and len(read.history) == linkformat.MAX_HISTORY
    with pytest.raises(LinkError, match="too long"):
        read_link("d=" + "A" * (linkformat.MAX_LINK - 1))
    with pytest.raises(LinkError) as refused:
        read_link("d=" + "A" * (linkformat.MAX_LINK - 2))  # as long as a link may be: read, and not one
    assert "too long" not in str(refused.value)


def test_a_link_whose_data_has_no_end_is_refused() -> None:
    host, guest, rng = mid_game(seed=37)
    link = next_link(host, guest, rng)[2]
    head, payload = link.rsplit(".", 1)
    raw = zlib.decompress(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)), -15)
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    unfinished = packer.compress(raw) + packer.flush(zlib.Z_SYNC_FLUSH)  # all the data, no last block
    with pytest.raises(LinkError, match="cannot be read"):
        read_link(head + "." + linkformat.b64(unfinished))


@pytest.mark.parametrize(("change", "words"), [
    (lambda info: info.update(host="b"), "side is not the sender's"),
    (lambda info: info.update(start=5), "not a position"),
    (lambda info: info.update(start="x" * 201), "not a position"),
    (lambda info: info.update(start="x" * 200), "cannot be set up"),
    (lambda info: info.update(start="backgammon:w:24x15:24x15"), "the position is backgammon"),
    (lambda info: info.update(variant="narde+simple-head+end-block"), "another game"),  # not as a token is written
])
def test_an_invitation_that_sets_up_no_game_is_refused(change: Any, words: str) -> None:
    _, invite = Duel.create("narde", "w")
    with pytest.raises(LinkError, match=words):
        Duel.join(edit(invite, lambda body: change(body["i"])))
    with pytest.raises(LinkError, match="which game"):
        Duel.join(edit(invite, lambda body: body.update(i=None)))


def test_a_damaged_record_is_refused_whatever_is_damaged() -> None:
    host, _, _ = mid_game(seed=31)
    good = host.to_dict()
    damages: list[tuple[Callable[[dict[str, Any]], object], str]] = [
        (lambda d: d.update(gid=5), "damaged"),
        (lambda d: d.update(me="x"), "damaged"),
        (lambda d: d.update(links=[]), "no links"),
        (lambda d: d.update(links="abc"), "no links"),
        (lambda d: d["links"].__setitem__(2, 5), "damaged"),
        (lambda d: d["links"][2].__setitem__("g", "ba9876543210"), "out of order"),
        (lambda d: d["links"][2].__setitem__("n", 7), "out of order"),
        (lambda d: d.update(v=3), "cannot be read"),
        (lambda d: d.update(v=1), "cannot be read"),  # a version 2 game's links said to be version 1
        (lambda d: d.update(hold="x1"), "damaged"),
    ]
    for damage, words in damages:
        data = json.loads(json.dumps(good))
        damage(data)
        with pytest.raises(LinkError, match=words):
            Duel.from_dict(data)
    assert Duel.from_dict(good).to_dict() == good


def test_the_last_link_sent_can_be_sent_again_after_the_others_reply() -> None:
    host, guest, rng = mid_game(seed=41)
    sender, receiver, link = next_link(host, guest, rng)
    receiver.receive(link)
    assert sender.last_link() == link
    reply = play_turn(receiver, rng)
    sender.receive(reply)
    assert sender.last_link() == link and receiver.last_link() == reply  # the other's link in between
    assert not sender.asked and not receiver.asked


def documented_dice(gid: str, slot: str, own: bytes, share: bytes, count: int) -> list[int]:
    """docs/link-play.md, written again: seed = SHA-256("nard-link-dice|GAME|SLOT|" + own +
    share), then the bytes of SHA-256(seed + counter) for counter 0, 1, ... (4 bytes, big-endian);
    a byte below 216 gives the die byte % 6 + 1."""
    seed = hashlib.sha256(f"nard-link-dice|{gid}|{slot}|".encode() + own + share).digest()
    dice: list[int] = []
    counter = 0
    while len(dice) < count:
        dice += [byte % 6 + 1 for byte in hashlib.sha256(seed + counter.to_bytes(4, "big")).digest() if byte < 216]
        counter += 1
    return dice[:count]


def test_the_dice_of_a_roll_are_the_documented_stream() -> None:
    rng = random.Random(5)
    for _ in range(20):
        own, share = rng.randbytes(16), rng.randbytes(16)
        slot = rng.choice(["o", "w1", "b12"])
        dice = SlotDice("0123456789ab", slot, own, share)
        assert [dice.die() for _ in range(200)] == documented_dice("0123456789ab", slot, own, share, 200)


def sender_acts_first() -> tuple[Duel, str]:
    """A mid-game backgammon link whose sender is to act when it begins, and its receiver."""
    host, guest, rng = mid_game("backgammon", seed=43)
    for _ in range(20):
        _, receiver, link = next_link(host, guest, rng)
        if read_link(link).message["a"][:1] and read_link(link).message["a"][0].startswith("p"):
            return receiver, link
        receiver.receive(link)  # a link with only a secret or a cube action: on to the next
    raise AssertionError("no link began with a play")


@pytest.mark.parametrize(("actions", "words"), [
    (lambda a: [*[x for x in a if x != "N"], "-"], "not its sender's to make now"),  # the turn has passed
    (lambda a: ["r"], "resignation does not fit"),  # backgammon's resignations name a level
    (lambda a: ["R", "R"], "no choice to double|after declaring"),
])
def test_a_link_acting_out_of_turn_or_out_of_its_rules_is_refused(actions: Any, words: str) -> None:
    receiver, link = sender_acts_first()
    refused(receiver, edit(link, lambda body: body.update(a=actions(body["a"]))), words)


def test_a_link_revealing_a_secret_its_sender_never_committed_to_is_refused() -> None:
    receiver, link = sender_acts_first()
    theirs = f"{receiver.me}1"  # the receiver's own first roll: committed by the receiver
    forged = edit(link, lambda body: body["r"].update({theirs: linkformat.b64(bytes(16))}))
    refused(receiver, forged, "did not commit to")


def test_narde_is_conceded_without_a_level_and_backgammon_resigns_with_one() -> None:
    host, guest, rng = mid_game("narde", seed=47, keys=1)
    sender, receiver, link = next_link(host, guest, rng)
    refused(receiver, edit(link, lambda body: body.update(a=["rs"])), "resignation does not fit")
    host, guest, rng = mid_game("backgammon", seed=43, keys=3)
    sender = host if host.my_link_next else guest
    receiver = guest if sender is host else host
    local = sender.game.copy()
    # the fixed keys give a game where the device whose link is next is the side to act (with
    # other keys its link may be only its share of the other side's roll: no resignation then)
    assert local.to_act == SIDE_LETTERS.index(sender.me)
    local.resign("gammon")
    link = sender.send(local)
    assert read_link(link).message["a"] == ["rg"]
    receiver.receive(link)
    assert receiver.game.phase == "resign" and receiver.game.resign_offer is not None
    assert receiver.game.resign_offer[0] == "gammon"


def test_a_game_from_a_position_where_the_guest_moves_first_is_joined() -> None:
    start_position = Position.parse("narde:b:24x14,13:24x15")  # black, the guest, on roll
    host, invite = Duel.create("narde", "w", start_position)
    guest, join = Duel.join(invite)
    assert read_link(join).message["a"] == [] and not read_link(join).message["s"]  # nothing to give yet
    host.receive(join)
    assert guest.my_link_next is False and host.my_link_next  # the host's share of the guest's roll is due
    guest.receive(host.send(host.game.copy()))
    assert guest.may_roll(guest.game) and str(guest.game.position) == str(start_position)


@pytest.mark.parametrize("side", ["", "wb", "x", ["w"], {"w": 1}, None, 0, True])
def test_a_side_that_is_not_w_or_b_is_refused_by_name_everywhere(side: Any) -> None:
    """In an invitation (its host), a record (its me), a new game (its seat): never a TypeError,
    and never "" or "wb" taken for a side (`in "wb"` would)."""
    from web.worker import ui

    _, invite = Duel.create("narde", "w")
    with pytest.raises(LinkError, match=r"side is not the sender's \(host: "):
        Duel.join(edit(invite, lambda body: body["i"].update(host=side)))
    guest = ui.App()
    view = guest.dispatch({"type": "load_url", "fragment": edit(invite, lambda body: body["i"].update(host=side))})
    assert view["view"]["message"]["key"] == "link_refused" and guest.session.duel is None
    host, _, _ = mid_game(seed=31)
    data = json.loads(json.dumps(host.to_dict()))
    data["me"] = side
    with pytest.raises(LinkError, match=r"the side this device plays \(me\)"):
        Duel.from_dict(data)
    data = json.loads(json.dumps(host.to_dict()))
    data["links"][3]["f"] = side
    with pytest.raises(LinkError, match=r"sender, f,"):
        Duel.from_dict(data)
    with pytest.raises(LinkError, match="host's side"):
        Duel.create("narde", side)
    app = ui.App()
    with pytest.raises(ui.UIError, match="seat is 'w' or 'b'"):
        app.dispatch({"type": "link_new", "variant": "narde", "seat": side})
    assert app.session.duel is None


def test_a_version_or_number_that_is_true_is_no_whole_number() -> None:
    _, invite = Duel.create("narde", "w")
    with pytest.raises(LinkError, match="version True"):
        Duel.join(edit(invite, lambda body: body.update(v=True)))
    host, _, _ = mid_game(seed=31)
    changes: list[Callable[[dict[str, Any]], object]] = [
        lambda d: d.update(v=True), lambda d: d["links"][1].update(n=True), lambda d: d["links"][1].update(v=True)]
    for change in changes:
        data = json.loads(json.dumps(host.to_dict()))
        change(data)
        with pytest.raises(LinkError, match="version|number"):
            Duel.from_dict(data)
