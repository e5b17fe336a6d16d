"""Play by link (web/worker/duel/linkplay.py): whole games between two simulated devices in every game,
and every way of cheating the protocol is meant to stop, refused with the honest game going on."""

from __future__ import annotations

import base64
import doctest
import json
import random
import zlib
from typing import Any

import pytest
from support.link_keys import link_key
from support.random_play import RandomActor, apply

from nardcore.gamedata import game_from_dict, game_to_dict
from nardcore.position import SIDE_LETTERS, Position
from web.worker.duel import linkformat, linkplay
from web.worker.duel.linkformat import LinkError, fragment_of, read_link
from web.worker.duel.linkplay import Duel, SlotDice

VARIANTS = ["backgammon", "narde", "khachapuri", "moultezim", "tawla31", "narde+last-roll", "backgammon+beaver"]


def test_doctests() -> None:
    assert doctest.testmod(linkplay).failed == 0


def play_turn(duel: Duel, rng: random.Random, *, cube: float = 0.1, hold: float = 0.0) -> str:
    """The device's player acts until a link is due (random but legal choices, by
    support.random_play.RandomActor, rolling the dice the link gives); the link. `hold`: the
    chance the player keeps the cube for their next turn where they may (else their link
    declares they will not double then, the default)."""
    local = duel.game.copy()
    me = SIDE_LETTERS.index(duel.me)
    actor = RandomActor(beaver=0.2, take=0.8, double=cube)
    if hold and duel.hold_offered(local) and rng.random() < hold:
        duel.set_hold(local, True)
    for _ in range(50):
        if duel.link_due(local):
            return duel.send(local)
        assert local.to_act == me, "the player may act"
        action, argument = actor.choose(local, rng, may_double=not duel.no_double)
        if action != "roll":
            apply(local, action, argument)
        elif duel.may_roll(local):
            local.roll(duel.dice_for(local))
        else:
            assert local.phase == "cube", "in the roll phase the share is always here"
            return duel.send(local, ask=True)
    raise AssertionError("no link after 50 actions")


def play_out(host: Duel, guest: Duel, rng: random.Random, limit: int = 2000,
             links: list[str] | None = None, cube: float = 0.1, hold: float = 0.0) -> int:
    """Pass links between the devices until the game is over; answers the number of links."""
    devices = {host.me: host, guest.me: guest}
    count = 0
    for _ in range(limit):
        sender = host if host.my_link_next else guest
        if sender.game.over and not sender.link_due(sender.game):
            break
        receiver = devices[linkplay._other(sender.me)]
        link = play_turn(sender, rng, cube=cube, hold=hold)
        if links is not None:
            links.append(link)
        receiver.receive(link)
        count += 1
        assert receiver.game.history == sender.game.history
        game = receiver.game
        if game.phase == "cube" and game.to_act == SIDE_LETTERS.index(receiver.me) and receiver.may_roll(game):
            assert receiver.no_double  # its dice are known here only once its cube decision is made
        if receiver.game.over:
            break
    return count


def start(variant: str = "narde", host: str = "w", position: Position | None = None,
          keys: int | None = None, version: int = linkformat.VERSION) -> tuple[Duel, Duel]:
    """A game by link set up between two devices; `keys`: the devices' keys and the game's id
    are the fixed ones numbered so (support.link_keys), else the test's seeded ones."""
    gid = None if keys is None else link_key(keys, 6).hex()
    a, invite = Duel.create(variant, host, position, key=None if keys is None else link_key(2 * keys), gid=gid,
                            version=version)
    b, join = Duel.join(invite, key=None if keys is None else link_key(2 * keys + 1))
    a.receive(join)
    return a, b


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("seed", [1, 2])
def test_whole_games_to_the_end(variant: str, seed: int) -> None:
    rng = random.Random(seed)
    host, guest = start(variant, "w" if seed % 2 else "b")
    play_out(host, guest, rng)
    assert host.game.over and guest.game.over
    assert host.game.result == guest.game.result
    assert game_to_dict(host.game) == game_to_dict(guest.game)
    # every roll in the record is the one the two secrets give
    replayed = game_from_dict(game_to_dict(host.game))
    assert replayed.result == host.game.result
    # both records read back, every link checked again
    again = Duel.from_dict(json.loads(json.dumps(host.to_dict())))
    assert game_to_dict(again.game) == game_to_dict(host.game)


def test_from_a_start_position_and_link_length() -> None:
    position = Position.parse("narde:w:6x2,5,3,2:6x2,4,2,1")
    host, guest = start("narde", "w", position)
    links: list[str] = []
    play_out(host, guest, random.Random(3), links=links)
    assert host.game.over and host.game.start == position


def test_link_length_after_twenty_moves() -> None:
    host, guest = start("backgammon")
    links: list[str] = []
    rng = random.Random(5)
    while sum(1 for e in host.game.history if e["event"] in ("play", "pass")) < 20 and not host.game.over:
        sender = host if host.my_link_next else guest
        link = play_turn(sender, rng, cube=0.0)
        links.append(link)
        (guest if sender is host else host).receive(link)
    assert len(links[-1]) < 1200, len(links[-1])


def test_slot_dice_are_uniform() -> None:
    counts: dict[tuple[int, int], int] = {}
    for n in range(7200):
        roll = SlotDice("0" * 12, f"w{n + 1}", n.to_bytes(16, "big"), b"x" * 16).roll()
        counts[roll] = counts.get(roll, 0) + 1
    assert len(counts) == 36
    assert all(140 < c < 265 for c in counts.values())  # 200 each expected


# -- cheating ---------------------------------------------------------------------------------


def mid_game(variant: str = "narde", turns: int = 6, seed: int = 7,
             keys: int | None = None) -> tuple[Duel, Duel, random.Random]:
    host, guest = start(variant, keys=keys)
    rng = random.Random(seed)
    for _ in range(turns):
        sender = host if host.my_link_next else guest
        (guest if sender is host else host).receive(play_turn(sender, rng))
    return host, guest, rng


def edit(link: str, change: Any) -> str:
    """The link with its JSON changed by `change(body)` (and packed again)."""
    head, payload = link.rsplit(".", 1)
    raw = zlib.decompress(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)), -15)
    body = json.loads(raw)
    change(body)
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = packer.compress(json.dumps(body, separators=(",", ":")).encode()) + packer.flush()
    return head + "." + base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def refused(duel: Duel, link: str, words: str) -> None:
    before = (duel.to_dict(), game_to_dict(duel.game))
    with pytest.raises(LinkError, match=words):
        duel.receive(link)
    assert (duel.to_dict(), game_to_dict(duel.game)) == before  # untouched


def next_link(host: Duel, guest: Duel, rng: random.Random) -> tuple[Duel, Duel, str]:
    sender = host if host.my_link_next else guest
    return sender, (guest if sender is host else host), play_turn(sender, rng)


def test_duplicated_and_old_links_are_refused() -> None:
    host, guest, rng = mid_game()
    sender, receiver, link = next_link(host, guest, rng)
    receiver.receive(link)
    refused(receiver, link, "opened already")
    old = sender.links[1]
    refused(host, fragment_of(old, []), "opened already|old")
    # the honest game goes on
    sender, receiver, link = next_link(host, guest, rng)
    receiver.receive(link)


def test_a_missing_link_and_own_link_are_refused() -> None:
    host, guest, rng = mid_game()
    sender, receiver, first = next_link(host, guest, rng)
    receiver.receive(first)
    _, _, second = next_link(host, guest, rng)
    refused(sender, first, "your own link")
    receiver_of_second = sender
    third_sender = receiver
    # the second link is kept back; a third from the same sender cannot exist, so forge one
    forged = edit(second, lambda body: None).replace(f".{receiver.me}{second.split('.')[1][1:]}.",
                                                      f".{receiver.me}{int(second.split('.')[1][1:]) + 2}.")
    refused(receiver_of_second, forged, "missing")
    receiver_of_second.receive(second)
    assert third_sender.game.history == receiver_of_second.game.history


def test_reroll_by_reload_gives_the_same_dice() -> None:
    """The roller's device after a reload (its record read back) rolls the very same dice; a
    fresh key (storage cleared) cannot continue: its secret no longer matches its commitment."""
    host, guest, rng = mid_game(turns=5)
    roller = host if host.my_link_next else guest
    other = guest if roller is host else host
    local = roller.game.copy()
    dice = roller.dice_for(local)
    reloaded = Duel.from_dict(json.loads(json.dumps(roller.to_dict())))
    assert reloaded.dice_for(reloaded.game.copy()) == dice
    with pytest.raises(LinkError, match="key does not match the commitments"):  # another key
        Duel.from_dict({**roller.to_dict(), "key": base64.urlsafe_b64encode(b"k" * 32).rstrip(b"=").decode()})
    # a device that lost its record cannot step in: it has no part in the game
    with pytest.raises(LinkError, match="not an invitation"):
        Duel.join(fragment_of(other.links[-1], other._history_before(len(other.links) - 1)))
    other.receive(play_turn(roller, rng))  # the honest one goes on


def test_edited_dice_and_moves_are_refused() -> None:
    host, guest, rng = mid_game(seed=11)
    sender, receiver, link = next_link(host, guest, rng)
    message = read_link(link).message
    plays = [a for a in message["a"] if a.startswith("p")]
    assert plays
    # a play the true dice do not allow (as if other dice were rolled)
    other_play = "p24/18 24/23" if plays[0] != "p24/18 24/23" else "p24/20 24/21"
    forged = edit(link, lambda body: body.__setitem__("a", [other_play if a == plays[0] else a for a in body["a"]]))
    refused(receiver, forged, "not legal|not written")
    # a share or revealed secret changed: the dice they give differ, the commitment fails
    slot = next(iter(message["r"]), None)
    if slot is not None:
        forged = edit(link, lambda body: body["r"].__setitem__(slot, base64.urlsafe_b64encode(b"\0" * 16)
                                                               .rstrip(b"=").decode()))
        refused(receiver, forged, "does not match the commitment")
    receiver.receive(link)


def test_forged_reveal_and_extra_share_are_refused() -> None:
    host, guest, rng = mid_game(seed=13)
    sender, receiver, link = next_link(host, guest, rng)

    def add_share(body: dict[str, Any]) -> None:
        body["s"]["w999"] = base64.urlsafe_b64encode(b"\1" * 16).rstrip(b"=").decode()

    refused(receiver, edit(link, add_share), "shares are not the ones due")

    def drop_commit(body: dict[str, Any]) -> None:
        body["c"] = {}

    refused(receiver, edit(link, drop_commit), "commitments are not the ones due")
    receiver.receive(link)


def test_edited_history_is_refused() -> None:
    host, guest, rng = mid_game(seed=17)
    sender, receiver, link = next_link(host, guest, rng)
    refused(receiver, edit(link, lambda body: body["h"].__setitem__(3, "p13/7 13/9")), "history .* differs")
    refused(receiver, edit(link, lambda body: body.__setitem__("p", "A" * 22)), "chain hash")
    receiver.receive(link)


def test_a_link_of_another_game_or_a_third_player_is_refused() -> None:
    host, guest, rng = mid_game(seed=19)
    other_host, other_guest, _ = mid_game(seed=19)
    sender, receiver, link = next_link(other_host, other_guest, rng)
    refused(host if receiver is other_host else guest, link, "another game")
    # a third device joins the same invitation: the host has its second player already
    invite = fragment_of(host.links[0], [])
    _, third_join = Duel.join(invite)
    refused(host, third_join, "old or different")
    # a link of the right game from a device outside it: a forged next link
    third, _ = Duel.join(invite)
    sender, receiver, link = next_link(host, guest, rng)
    receiver.receive(link)


def test_roll_before_the_share_and_double_after_asking_are_refused() -> None:
    host, guest = start("backgammon")
    rng = random.Random(23)
    # play until some device is in the cube phase without its share
    for _ in range(40):
        sender = host if host.my_link_next else guest
        local = sender.game.copy()
        if local.phase == "cube" and local.to_act == SIDE_LETTERS.index(sender.me) and not sender.may_roll(local):
            break
        (guest if sender is host else host).receive(play_turn(sender, rng, cube=0.0, hold=1.0))  # keeps the cube
    else:
        pytest.fail("no cube decision met")
    receiver = guest if sender is host else host
    with pytest.raises(LinkError, match="share"):
        sender.dice_for(local)
    ask = sender.send(local, ask=True)
    forged = edit(ask, lambda body: body.__setitem__("a", ["R", "d"]))
    refused(receiver, forged, "after asking")
    receiver.receive(ask)
    answer = play_turn(receiver, rng)
    assert read_link(answer).message["a"] == [] and read_link(answer).message["s"]
    sender.receive(answer)
    assert sender.may_roll(sender.game)
    receiver.receive(play_turn(sender, rng))


def test_malformed_links_are_refused_clearly() -> None:
    host, guest, rng = mid_game(seed=29)
    for text in ("d=", "d=zz", "d=0123456789ab.w3.@@@", "d=0123456789ab.w3.AAAA", "s=abc", "d=" + "A" * 30000):
        with pytest.raises(LinkError):
            host.receive(text)
    with pytest.raises(LinkError, match="not an invitation"):
        Duel.join(next_link(host, guest, rng)[2])


def test_damaged_record_is_refused() -> None:
    host, guest, _ = mid_game(seed=31)
    data = host.to_dict()
    data["links"][3]["a"] = ["p24/1"]
    with pytest.raises(LinkError):
        Duel.from_dict(data)
    with pytest.raises(LinkError):
        Duel.from_dict({"v": 1})
