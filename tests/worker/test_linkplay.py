"""Play by link (web/worker/linkplay.py): whole games between two simulated devices in every game,
and every way of cheating the protocol is meant to stop, refused with the honest game going on."""

from __future__ import annotations

import base64
import doctest
import hashlib
import json
import random
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from support.link_keys import link_key
from support.random_play import RandomActor, apply, random_app_action

from nardcore.gamedata import game_from_dict, game_to_dict
from nardcore.position import SIDE_LETTERS, Position
from web.worker import linkdice, linkformat, linkplay
from web.worker.linkformat import LinkError, fragment_of, read_link
from web.worker.linkplay import Duel, SlotDice

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


# -- one link a turn in backgammon (version 2: the declaration N) ----------------------------------


def turns_in(message: dict[str, Any]) -> int:
    """The turns a link's message plays: its plays and passes."""
    return sum(1 for action in message["a"] if action[:1] in ("p", "-"))


@pytest.mark.parametrize(("variant", "host", "seed"), [("backgammon", "w", 1), ("backgammon", "b", 2),
                                                       ("backgammon+beaver", "w", 3)])
def test_a_backgammon_game_without_doubles_takes_one_link_a_turn(variant: str, host: str, seed: int) -> None:
    """Each move's link declares that its sender will not double at its next turn (N, the
    default) and carries the share of the other side's next roll: the other player rolls as soon
    as they open it. After the invitation and the join, every link is one turn."""
    a, b = start(variant, host)
    links: list[str] = []
    play_out(a, b, random.Random(seed), links=links, cube=0.0)
    assert a.game.over and game_to_dict(a.game) == game_to_dict(b.game)
    messages = [read_link(link).message for link in links]
    turns = sum(1 for event in a.game.history if event["event"] in ("play", "pass"))
    assert [m["n"] for m in messages] == list(range(2, 2 + len(messages)))
    # the first is the host's, revealing the opening roll (and playing it when the host starts)
    assert [turns_in(m) for m in messages[1:]] == [1] * (len(messages) - 1)
    assert len(messages) in (turns, turns + 1) and turns > 10
    assert not any("R" in m["a"] for m in messages)
    assert sum("N" in m["a"] for m in messages) > turns / 2  # the cube is centred all game: nearly every link


@pytest.mark.parametrize(("variant", "seed"), [("backgammon", 4), ("backgammon", 5), ("backgammon+beaver", 6),
                                               ("backgammon", 9)])
def test_backgammon_games_with_doubles_and_kept_cubes_play_to_the_end(variant: str, seed: int) -> None:
    """Players double often and keep the cube for their next turn half the time: declared turns
    take one link, kept ones ask for their share (R) or double first, and every turn's cube
    decision is made before its dice can be known (play_out checks each device)."""
    seen: set[str] = set()
    rng = random.Random(seed)
    for _ in range(6):  # games until each way of a turn came up (a short game may end at the first double)
        a, b = start(variant, "w" if seed % 2 else "b")
        play_out(a, b, rng, cube=0.3, hold=0.5)
        assert a.game.over and b.game.over and game_to_dict(a.game) == game_to_dict(b.game)
        again = Duel.from_dict(json.loads(json.dumps(b.to_dict())))
        assert game_to_dict(again.game) == game_to_dict(b.game)
        seen |= {action for message in a.links for action in message["a"]}
        if {"N", "R", "d"} <= seen:
            break
    assert {"N", "R", "d"} <= seen


def test_a_version_1_game_under_way_goes_on_in_version_1() -> None:
    """A game begun by the app before version 2 keeps its meaning: no declaration, and every turn
    where the cube may be turned asks for its share first (R)."""
    a, b = start("backgammon", "w", version=1)
    links: list[str] = []
    play_out(a, b, random.Random(8), links=links, cube=0.0)
    messages = [read_link(link).message for link in links]
    assert a.game.over and {m["v"] for m in messages} == {1} and a.to_dict()["v"] == 1
    assert not any("N" in m["a"] for m in messages) and any("R" in m["a"] for m in messages)
    assert game_to_dict(Duel.from_dict(json.loads(json.dumps(a.to_dict()))).game) == game_to_dict(a.game)
    with pytest.raises(LinkError, match="version 1 declares nothing"):
        read_link(edit(links[-2], lambda body: body["a"].append("N")))


def find_link(predicate: Callable[[Duel, Duel], bool], *, seed: int, cube: float = 0.0,
              hold: float = 0.0, variant: str = "backgammon") -> tuple[Duel, Duel, random.Random]:
    """A game played until `predicate(sender, receiver)` holds before the sender's next link
    (another game, up to five, when one ends first); answers the sender, the receiver and the
    game's random source."""
    for attempt in range(5):
        host, guest = start(variant)
        rng = random.Random(seed * 10 + attempt)
        for _ in range(400):
            sender = host if host.my_link_next else guest
            receiver = guest if sender is host else host
            if predicate(sender, receiver):
                return sender, receiver, rng
            if sender.game.over:
                break
            receiver.receive(play_turn(sender, rng, cube=cube, hold=hold))
    raise AssertionError("no game came there")


def rolls_declared(sender: Duel, receiver: Duel) -> bool:
    """The sender is to act in the cube phase with its share here: it declared it would not double."""
    game = sender.game
    return game.phase == "cube" and game.to_act == SIDE_LETTERS.index(sender.me) and sender.may_roll(game)


def test_a_double_or_a_request_to_roll_after_declaring_is_refused() -> None:
    sender, receiver, rng = find_link(rolls_declared, seed=53)
    assert sender.declared and sender.no_double and not sender.asked
    local = sender.game.copy()
    local.double()  # the game alone allows it; the record of the game by link does not
    before = sender.to_dict()
    with pytest.raises(LinkError, match="doubles after declaring"):
        sender.send(local)
    with pytest.raises(LinkError, match="after declaring it would not double"):
        sender.send(sender.game.copy(), ask=True)
    assert sender.to_dict() == before
    link = play_turn(sender, rng, cube=0.0)
    empty: dict[str, dict[str, str]] = {"r": {}, "s": {}, "c": {}}
    refused(receiver, edit(link, lambda body: body.update(a=["d"], **empty)), "doubles after declaring")
    refused(receiver, edit(link, lambda body: body.update(a=["R"], **empty)), "after declaring it would not double")
    receiver.receive(link)  # the honest game goes on


def test_a_share_for_a_roll_whose_player_kept_the_cube_is_refused() -> None:
    def receiver_kept(sender: Duel, receiver: Duel) -> bool:
        return (not receiver.declared and receiver.game.cube_owner is None and not receiver.game.over
                and sender.game.to_act == SIDE_LETTERS.index(sender.me) and sender.game.phase in ("cube", "roll")
                and sum(1 for e in receiver.game.history if e["event"] == "play") > 2)

    sender, receiver, rng = find_link(receiver_kept, seed=59, hold=0.5)
    slot = sender.next_slot(receiver.game, receiver.me)
    link = play_turn(sender, rng, cube=0.0)
    message = read_link(link).message
    assert slot not in message["s"] and "N" in message["a"]
    share = linkformat.b64(sender._share_secret(slot))
    refused(receiver, edit(link, lambda body: body["s"].update({slot: share})), "shares are not the ones due")
    receiver.receive(link)
    assert not receiver.may_roll(receiver.game) and not receiver.no_double  # it decides first: R or d


def test_a_share_missing_after_a_declaration_or_given_before_the_commitment_is_refused() -> None:
    def other_declared(sender: Duel, receiver: Duel) -> bool:
        return (receiver.declared and sender.game.to_act == SIDE_LETTERS.index(sender.me)
                and sender.game.phase in ("cube", "roll"))

    sender, receiver, rng = find_link(other_declared, seed=61)
    slot = sender.next_slot(receiver.game, receiver.me)
    link = play_turn(sender, rng, cube=0.0)
    message = read_link(link).message
    assert slot in message["s"]
    refused(receiver, edit(link, lambda body: body["s"].pop(slot)), "shares are not the ones due")
    later = linkdice.later_slot(slot)  # committed only with the receiver's next move
    assert later not in receiver.book.commits if receiver.book else False
    share = linkformat.b64(sender._share_secret(later))
    refused(receiver, edit(link, lambda body: body["s"].update({later: share})), "shares are not the ones due")
    receiver.receive(link)
    assert receiver.may_roll(receiver.game)


@pytest.mark.parametrize(("variant", "change", "words"), [
    ("narde", lambda a: [*a, "N"], "could not double anyway"),  # no cube
    ("backgammon", lambda a: ["N", *a], "not its last move"),
    ("backgammon", lambda a: [*a, "N", "N"], "not its last move"),
])
def test_a_declaration_out_of_place_is_refused(variant: str, change: Any, words: str) -> None:
    sender, receiver, rng = find_link(lambda s, r: r.game.phase != "opening" and s.seq > 4, seed=67,
                                      variant=variant)
    link = play_turn(sender, rng, cube=0.0)
    refused(receiver, edit(link, lambda body: body.update(a=change(body["a"]))), words)
    receiver.receive(link)


def test_a_declaration_by_a_side_whose_opponent_owns_the_cube_or_after_asking_is_refused() -> None:
    def owned_by_other(sender: Duel, receiver: Duel) -> bool:
        game = sender.game
        return (game.cube_owner == SIDE_LETTERS.index(receiver.me) and game.to_act == SIDE_LETTERS.index(sender.me)
                and game.phase == "roll")

    sender, receiver, rng = find_link(owned_by_other, seed=71, cube=0.5, hold=0.5)
    link = play_turn(sender, rng, cube=0.0)
    assert "N" not in read_link(link).message["a"]
    refused(receiver, edit(link, lambda body: body["a"].append("N")), "could not double anyway")
    receiver.receive(link)

    def asks(sender: Duel, receiver: Duel) -> bool:
        game = sender.game
        return game.phase == "cube" and game.to_act == SIDE_LETTERS.index(sender.me) and not sender.may_roll(game)

    sender, receiver, rng = find_link(asks, seed=73, hold=1.0)
    ask = sender.send(sender.game.copy(), ask=True)
    assert read_link(ask).message["a"] == ["R"]
    refused(receiver, edit(ask, lambda body: body["a"].append("N")), "in the middle of its turn")
    receiver.receive(ask)
    # the share sent back by a player who declared already: a second declaration is refused
    assert receiver.declared or not receiver.hold_offered(receiver.game)
    answer = play_turn(receiver, rng)
    assert read_link(answer).message["a"] == [] and read_link(answer).message["s"]
    if receiver.declared:
        refused(sender, edit(answer, lambda body: body["a"].append("N")), "declared already")
    sender.receive(answer)


def test_a_double_frees_the_other_side_from_its_declaration() -> None:
    """A player who declared and is then doubled decides again with the take: the cube is theirs."""
    def doubled(sender: Duel, receiver: Duel) -> bool:  # a first double, to a player who did not keep the cube
        game = sender.game
        return (game.phase == "take" and game.to_act == SIDE_LETTERS.index(sender.me) and game.cube_value == 1
                and sender.hold != sender.next_slot(game, sender.me))

    sender, receiver, rng = find_link(doubled, seed=79, cube=0.5, hold=0.5)
    assert not sender.declared  # the double set its declaration aside
    link = play_turn(sender, rng, cube=0.0)
    message = read_link(link).message
    if message["a"][0] in ("t", "b"):
        assert message["a"][-1] == "N"  # taken: the default declares again, the cube now the taker's
    else:
        assert message["a"] == ["x"]
    receiver.receive(link)


def test_keeping_the_cube_is_not_offered_where_a_declaration_already_covers_that_turn() -> None:
    """The host who starts plays the opening's roll having declared in the invitation: the turn
    after it is covered already (the guest's move will carry its share), so nothing is offered."""
    for _ in range(20):
        host, guest = start("backgammon", "w")
        if host.game.phase == "move":  # the host starts
            break
    else:
        raise AssertionError("the host never started")
    local = host.game.copy()
    assert host.declared and local.to_act == 0 and not host.hold_offered(local)
    rng = random.Random(1)
    guest.receive(play_turn(host, rng, cube=0.0))
    assert guest.may_roll(guest.game)  # the guest declared in the join: its dice came with the host's move
    answer = read_link(play_turn(guest, rng, cube=0.0)).message
    assert "w1" in answer["s"] and answer["a"][-1] == "N"  # and the host's first own roll with the guest's


def test_keeping_the_cube_is_offered_only_where_the_cube_may_be_the_players_next_turn() -> None:
    host, guest, rng = mid_game("narde", seed=83)
    sender = host if host.my_link_next else guest
    assert not sender.hold_offered(sender.game)
    with pytest.raises(LinkError, match="no cube to keep"):
        sender.set_hold(sender.game, True)
    sender, receiver, rng = find_link(rolls_declared, seed=53)
    local = sender.game.copy()
    assert sender.hold_offered(local) and not sender.holding(local)
    sender.set_hold(local, True)
    assert sender.holding(local) and sender.to_dict()["hold"] == sender.upcoming_slot(local)
    assert Duel.from_dict(json.loads(json.dumps(sender.to_dict()))).holding(local)  # kept across a reload
    local.roll(sender.dice_for(local))
    assert sender.holding(local)  # the same turn to come, rolled or not
    link = play_turn(sender, rng, cube=0.0)
    assert "N" not in read_link(link).message["a"]
    receiver.receive(link)
    assert not (receiver.game.phase == "cube" and sender.may_roll(sender.game))


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
