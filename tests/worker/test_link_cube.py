"""Play by link in backgammon (web/worker/duel/linkplay.py, docs/link-play.md): one link a turn by the
declaration N, the cube kept for a next turn, and every misplaced declaration, double or share refused."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from test_linkplay import edit, mid_game, play_out, play_turn, refused, start

from nardcore.gamedata import game_to_dict
from nardcore.position import SIDE_LETTERS
from web.worker.duel import linkdice, linkformat
from web.worker.duel.linkformat import LinkError, read_link
from web.worker.duel.linkplay import Duel

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
