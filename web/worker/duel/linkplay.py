"""Play by link with fair dice: two devices, one game, links sent back and forth.

The protocol and why it is fair: docs/link-play.md. In short, every roll comes from two
secrets, one from each player; the roller commits to its secret (its SHA-256) before the
other player reveals theirs, and reveals it with the move that used the roll. A device
derives its secrets from a key it never sends (HMAC), so a reload gives the same secrets,
and it checks every link it receives against everything it has seen: the sequence number,
the hash chain, the history, every commitment, the dice and every move, replayed in
nardcore. A link that fails any check is refused with a `LinkError` naming what is wrong,
and the device's record of the game is left as it was. Links as text: linkformat.py.

A `Duel` is one device's record of one game (its side, its key, every link so far) and the
game as far as that device can know it:

>>> host, invite = Duel.create("narde", "w")
>>> guest, join = Duel.join(invite)
>>> host.receive(join)
>>> host.game.phase != "opening"          # the host's device knows the opening roll now
True
>>> guest.game.phase                      # the guest learns it with the host's next link
'opening'
"""

from __future__ import annotations

import hmac
import secrets
from dataclasses import dataclass, field
from typing import Any

from nardcore.errors import NardError, quoted
from nardcore.game import Game, GameError
from nardcore.notation import NotationError
from nardcore.position import SIDE_LETTERS, Position
from nardcore.variant import VariantError, find_variant

from .linkdice import NoDice, SlotDice, commitment, committer, derive_secret, hash_chain, later_slot
from .linkformat import (
    CHAIN_BYTES,
    COMMIT_BYTES,
    KEY_BYTES,
    MAX_ACTIONS,
    RESIGN_CODES,
    SECRET_BYTES,
    VERSION,
    VERSIONS,
    Link,
    LinkError,
    actions_between,
    b64,
    check_record_link,
    fragment_of,
    is_side,
    names,
    read_flag,
    read_link,
    read_record,
    unb64,
)

INVITATION_FIELDS = {"variant", "start", "host"}


# -- one device's record of a game -----------------------------------------------------------


@dataclass
class _Book:
    """What a device knows of the game after some links: the game as far as it can be played
    here, and the commitments, revealed secrets and shares seen."""

    game: Game
    commits: dict[str, bytes] = field(default_factory=dict)
    reveals: dict[str, bytes] = field(default_factory=dict)
    shares: dict[str, bytes] = field(default_factory=dict)
    asked: str | None = None  # the side that asked for its share before rolling (it may double)
    declared: set[str] = field(default_factory=set)  # the sides that will not double at their next turn (N)
    actions: list[str] = field(default_factory=list)  # every action so far, in order


def _other(side: str) -> str:
    return "b" if side == "w" else "w"


def _cube_later(game: Game, side: int) -> bool:
    """The cube may be `side`'s to turn at its next turn, as far as the game now says: a game
    with a cube, not the Crawford game, the cube in the middle or `side`'s, below its limit."""
    variant = game.variant
    return (variant.cube and not game.crawford and game.cube_owner in (None, side)
            and game.cube_value * 2 <= variant.cube_limit)


class Duel:
    """One device's side of a game played by link. `game` is the game as this device knows it
    (a copy is what the person plays on); `send(local)` makes the next link from what was
    played on that copy, `receive(fragment)` checks and takes the other player's link."""

    def __init__(self, gid: str, me: str, key: bytes) -> None:
        self.gid, self.me, self.key = gid, me, key
        self.version = VERSION  # the invitation's: a game goes on in the version it began in
        self.hold: str | None = None  # the roll slot at whose turn this side keeps the cube (no N)
        self.flag: str | None = None  # the side that lost on time (a game played live on clocks)
        self.links: list[dict[str, Any]] = []
        self.head = b""
        self.host = "w"
        self.book: _Book | None = None

    # -- starting ----------------------------------------------------------------------------

    @classmethod
    def create(cls, variant: str, host: str = "w", start: Position | None = None,
               key: bytes | None = None, gid: str | None = None, version: int = VERSION) -> tuple[Duel, str]:
        """A new game on this device, which plays `host`; answers it and the invitation link
        (`version`: of its links; version 1 only as the app before version 2 made them)."""
        if not is_side(host):
            raise LinkError(f"the host's side must be 'w' or 'b', not {quoted(host)}")
        if version not in VERSIONS:
            raise LinkError(f"links of version {quoted(version)} are not made here")
        token = find_variant(variant).token
        if start is not None and start.variant.token != token:
            raise LinkError("the start position is of another game")
        duel = cls(gid or secrets.token_hex(6), host, key or secrets.token_bytes(KEY_BYTES))
        duel.version = version
        invite = {"i": {"variant": token, "start": None if start is None else str(start), "host": host}}
        return duel, duel._send_message(invite, [])

    @classmethod
    def join(cls, fragment: str | Link, key: bytes | None = None) -> tuple[Duel, str]:
        """This device takes the other side of the game an invitation sets up; answers the
        record and the link that joins it."""
        link = read_link(fragment) if isinstance(fragment, str) else fragment
        if link.seq != 0:
            raise LinkError("this device has no record of this game, and the link is not an invitation to it",
                            why="why.duel_unknown")
        duel = cls(link.gid, _other(link.sender), key or secrets.token_bytes(KEY_BYTES))
        duel._take(link)
        return duel, duel._send_message({}, [])

    # -- what the app asks -------------------------------------------------------------------

    @property
    def game(self) -> Game:
        assert self.book is not None
        return self.book.game

    @property
    def seq(self) -> int:
        """The number of the next link."""
        return len(self.links)

    @property
    def my_link_next(self) -> bool:
        """The next link is this device's (links alternate: the host's are even)."""
        return (self.seq % 2 == 0) == (self.me == self.host)

    @property
    def over(self) -> bool:
        return self.game.over

    def waiting(self, local: Game) -> bool:
        """This device waits for the other player's link before its player may act."""
        return not self.my_link_next or local.phase == "opening" or local.to_act != SIDE_LETTERS.index(self.me)

    @property
    def asked(self) -> bool:
        """This side asked for its share to roll: it may no longer double this turn."""
        return self.book is not None and self.book.asked == self.me

    @property
    def declared(self) -> bool:
        """This side said it will not double at its next turn (N): the other player's next link
        brings the share of that roll."""
        return self.book is not None and self.me in self.book.declared

    @property
    def no_double(self) -> bool:
        """This side may not double now whatever the game says: it asked for its share, or it
        declared it would not."""
        return self.asked or self.declared

    def upcoming_slot(self, local: Game) -> str:
        """The roll slot of this side's next turn after the one under way (the turn a
        declaration in the next link is about)."""
        slot = self.next_slot(local, self.me)
        if local.to_act == SIDE_LETTERS.index(self.me) and local.phase in ("cube", "roll", "move"):
            return later_slot(slot)
        return slot

    def hold_offered(self, local: Game) -> bool:
        """The player acting now on this device may choose to keep the cube for its next turn
        (no N in the link that ends its part: that turn then asks for its share first)."""
        me = SIDE_LETTERS.index(self.me)
        if (self.version < 2 or not self.my_link_next or local.over or local.to_act != me
                or local.phase == "opening" or (local.phase == "cube" and not self.may_roll(local))):
            return False
        book = self.game
        if self.declared and not (book.to_act == me and book.phase in ("cube", "roll")):
            return False  # its declaration is about that very turn (this turn plays the opening's roll, or answers)
        if local.phase == "take":  # taken, the cube is this side's at twice the stake
            return local.variant.cube and not local.crawford and local.cube_value * 4 <= local.variant.cube_limit
        return _cube_later(local, me)

    def holding(self, local: Game) -> bool:
        """This side keeps the cube for its next turn (the link that ends its part declares nothing)."""
        return self.hold is not None and self.hold == self.upcoming_slot(local)

    def set_hold(self, local: Game, keep: bool) -> None:
        """Keep the cube for this side's next turn (`keep`), or not: the default, whose link
        declares no double so the next turn's share comes with the other's move."""
        if not self.hold_offered(local):
            raise LinkError("there is no cube to keep for your next turn now")
        self.hold = self.upcoming_slot(local) if keep else None

    def may_roll(self, local: Game) -> bool:
        """The other player's share for this side's next roll is here (else, in the cube
        phase, the roll is asked for by a link first)."""
        return self._slot_ready(self.next_slot(local, self.me))

    def next_slot(self, game: Game, side: str) -> str:
        """The roll slot `side` rolls next: its own rolls counted, the opening's not."""
        played = sum(1 for e in game.history if e.get("event") in ("play", "pass") and e.get("side") == side)
        first_from_opening = game.opening and game.starter is not None and SIDE_LETTERS[game.starter] == side
        return f"{side}{played + 1 - int(first_from_opening)}"

    def dice_for(self, local: Game) -> tuple[int, int]:
        """The dice of this side's next roll; LinkError when the other's share is not here."""
        slot = self.next_slot(local, self.me)
        if not self._slot_ready(slot):
            raise LinkError("your opponent's share of this roll has not come yet", why="why.duel_wait")
        assert self.book is not None
        return SlotDice(self.gid, slot, self._own(slot), self.book.shares[slot]).roll()

    def link_due(self, local: Game) -> bool:
        """A link is to be sent now: it is this device's link and its player has finished
        (the other side acts next, or the game ended by a move made here); a request to roll
        is sent at once (`send(local, ask=True)`)."""
        if not self.my_link_next or self.book is None:
            return False
        if local.over:
            return len(local.history) > len(self.game.history)  # only a game ended here is news
        return local.phase != "opening" and local.to_act != SIDE_LETTERS.index(self.me)

    def send(self, local: Game, ask: bool = False) -> str:
        """The next link: what was played on `local` (a copy of `game`) since, or the request
        to roll (`ask`); checked as the other device will check it."""
        if not self.my_link_next:
            raise LinkError("it is your opponent's turn to send a link", why="why.duel_not_yours")
        actions = actions_between(self.game, local)
        if ask:
            actions.append("R")
        return self._send_message({}, actions)

    def receive(self, fragment: str | Link) -> None:
        """Take the other player's link, or raise LinkError and change nothing."""
        link = read_link(fragment) if isinstance(fragment, str) else fragment
        if link.gid != self.gid:
            raise LinkError("this link belongs to another game", why="why.duel_other_game")
        if self.flag is not None:
            raise LinkError("the game ended on time: no link counts after it", why="why.duel_on_time")
        seq = link.seq
        if link.sender == self.me:
            raise LinkError(f"this is your own link (number {seq}): send it to your opponent",
                            why="why.duel_own", n=seq)
        if seq < len(self.links):
            if self.links[seq] == link.message:
                raise LinkError(f"this link (number {seq}) was opened already; the game is at link {len(self.links)}",
                                why="why.duel_opened", n=seq, at=len(self.links))
            raise LinkError(f"an old or different link number {seq}: link {seq} of this game was another one",
                            why="why.duel_old", n=seq)
        if seq > len(self.links):
            raise LinkError(f"a link is missing: the next one is number {len(self.links)}, this is number {seq}",
                            why="why.duel_missing", next=len(self.links), n=seq)
        self._take(link)

    def last_link(self) -> str | None:
        """The last link this device sent, as a fragment (to send again)."""
        for index in range(len(self.links) - 1, -1, -1):
            if self.links[index]["f"] == self.me:
                return fragment_of(self.links[index], self._history_before(index))
        return None

    def lose_on_time(self, side: str) -> None:
        """`side` ran out of time (docs/live.md, "Clocks"): the game ends here, in the record
        itself, so it stays ended after a reload and no later link counts."""
        self.flag = side
        self.game.lose_on_time(SIDE_LETTERS.index(side))

    # -- saving --------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        data = {"v": self.version, "gid": self.gid, "me": self.me, "key": b64(self.key), "links": self.links}
        extras = {"hold": self.hold, "flag": self.flag}
        return {**data, **{name: value for name, value in extras.items() if value is not None}}

    @classmethod
    def from_dict(cls, data: Any) -> Duel:
        """A record as `to_dict` wrote it, every link checked again; LinkError naming the
        field otherwise."""
        gid, me, key, version, hold, links = read_record(data)
        duel = cls(gid, me, key)
        duel.version, duel.hold = version, hold
        for message in links:
            check_record_link(message, len(duel.links), gid, version)
            duel._take(Link(dict(message), tuple(duel.book.actions if duel.book else ())))
        flag = read_flag(data)
        if flag is not None:
            if duel.game.over:
                raise LinkError("the record is damaged: its game ended before it was lost on time (flag)")
            duel.lose_on_time(flag)
        return duel

    # -- inside --------------------------------------------------------------------------------

    def _own(self, slot: str) -> bytes:
        return derive_secret(self.key, self.gid, slot, "own")

    def _share_secret(self, slot: str) -> bytes:
        return derive_secret(self.key, self.gid, slot, "share")

    def _slot_ready(self, slot: str) -> bool:
        return self.book is not None and slot in self.book.shares and committer(slot, self.host) == self.me

    def _history_before(self, index: int) -> list[str]:
        return [a for message in self.links[:index] for a in message["a"]]

    def _send_message(self, extra: dict[str, Any], actions: list[str]) -> str:
        """Compose this device's next link (the secrets due with it) and keep it."""
        message: dict[str, Any] = {"g": self.gid, "f": self.me, "n": len(self.links), "v": self.version,
                                   "a": actions, "r": {}, "s": {}, "c": {}, **extra}
        if self.links:
            message["p"] = b64(self.head[:CHAIN_BYTES])
        history = list(self.book.actions) if self.book is not None else []
        self._take(Link(message, tuple(history)), compose=True)
        return fragment_of(message, history)

    def _start_book(self, message: dict[str, Any]) -> _Book:
        info = message.get("i")
        if not isinstance(info, dict):
            raise LinkError("the invitation (i) does not say which game is played")
        if set(info) != INVITATION_FIELDS:
            raise LinkError(f"the invitation (i) does not say which game is played: unknown or missing fields "
                            f"{names(set(info) ^ INVITATION_FIELDS)}")
        if not is_side(info["host"]) or info["host"] != message["f"]:
            raise LinkError(f"the invitation's side is not the sender's (host: {quoted(info['host'])})")
        variant_name, start = info["variant"], info["start"]
        if not isinstance(variant_name, str) or len(variant_name) > 120:
            raise LinkError(f"the invitation's game (variant) is not a name: {quoted(variant_name)}")
        if start is not None and (not isinstance(start, str) or len(start) > 200):
            raise LinkError(f"the invitation's start position (start) is not a position: {quoted(start)}")
        try:
            variant = find_variant(variant_name)
            if start is None:
                game = Game(variant, NoDice())
            else:
                game = Game(variant, NoDice(), position=Position.parse(start))
        except VariantError as error:
            raise LinkError(f"the invitation's game (variant) cannot be set up: {error}") from None
        except NardError as error:
            raise LinkError(f"the invitation's start position (start) cannot be set up: {error}") from None
        if game.position.variant.token != info["variant"]:
            raise LinkError("the invitation's start position is of another game")
        self.host, self.version = info["host"], message["v"]
        return _Book(game)

    def _take(self, link: Link, compose: bool = False) -> None:
        """Check a link (either side's) against the record and keep it, or raise and keep the
        record as it was. `compose`: this device's own link, its secrets filled in here."""
        message = link.message
        if self.book is not None:
            if message["f"] != (self.host if message["n"] % 2 == 0 else _other(self.host)):
                raise LinkError("this link is not from the player whose link comes next")
            if message.get("p") != b64(self.head[:CHAIN_BYTES]):
                raise LinkError("the history of this link differs from the game on this device (its chain hash)",
                                why="why.duel_history")
            if list(link.history) != self.book.actions:
                raise LinkError("the history of this link differs from the game on this device (its moves)",
                                why="why.duel_history")
            if message["v"] != self.version:
                raise LinkError(f"this link is of version {message['v']}, and this game is played in version "
                                f"{self.version}", why="why.duel_version")
        saved = self.to_dict() if self.book is not None else None
        try:
            if self.book is None:
                self.book = self._start_book(message)
            self._advance(self.book, message, compose)
        except LinkError:
            self._restore(saved)
            raise
        self.links.append(message)
        self.head = hash_chain(self.head or b"nard-link", message)

    def _restore(self, saved: dict[str, Any] | None) -> None:
        """The record as it was before a link that failed its checks."""
        if saved is None:
            self.book, self.host = None, "w"
            return
        again = Duel.from_dict(saved)
        self.links, self.head, self.host, self.book = again.links, again.head, again.host, again.book
        self.version, self.hold = again.version, again.hold

    def _advance(self, book: _Book, message: dict[str, Any], compose: bool) -> dict[str, set[str]]:
        """Play a message onto `book`: its secrets (checked), then its moves with the dice the
        secrets give. The link must carry exactly the secrets an honest link carries now;
        `compose`: this device's own link, given those secrets here."""
        sender, seq, game = message["f"], message["n"], book.game
        other = _other(sender)
        reveals: dict[str, bytes] = {}
        for slot, text in message["r"].items():
            secret = unb64(text, SECRET_BYTES, f"the secret for roll {slot}")
            if committer(slot, self.host) != sender or slot not in book.commits:
                raise LinkError(f"the link reveals a secret for roll {slot}, which its sender did not commit to",
                                why="why.duel_secret")
            if not hmac.compare_digest(commitment(self.gid, slot, secret), book.commits[slot]):
                raise LinkError(f"the secret revealed for roll {slot} does not match the commitment made for it",
                                why="why.duel_secret")
            reveals[slot] = secret
        book.reveals.update(reveals)
        shared, committed = set(book.shares), set(book.commits)  # before this link
        for slot, text in message["s"].items():
            if slot in book.shares:
                raise LinkError(f"the share for roll {slot} was given already")
            book.shares[slot] = unb64(text, SECRET_BYTES, f"the share for roll {slot}")
        for slot, text in message["c"].items():
            if slot in book.commits:
                raise LinkError(f"the commitment for roll {slot} was made already")
            book.commits[slot] = unb64(text, COMMIT_BYTES, f"the commitment for roll {slot}")
        due: dict[str, set[str]] = {"r": set(), "s": set(), "c": set()}
        if seq == 0:
            due["c"] = {f"{sender}1"} | ({"o"} if game.opening else set())
        if seq == 1:
            due["c"] = {f"{sender}1"}
            if game.opening:
                due["s"].add("o")
        if seq == 2 and game.opening:
            due["r"].add("o")
        self._resolve_opening(book)
        actions = message["a"]
        for index, action in enumerate(actions):
            if action == "N":
                if index != len(actions) - 1:
                    raise LinkError("the link's declaration that its sender will not double (N) is not its last move")
                refusal = self._declaration_refused(book, sender, seq)
                if refusal is not None:
                    raise LinkError(f"the link declares its sender will not double at its next turn, {refusal}",
                                    why="why.duel_declared")
                book.declared.add(sender)
            else:
                slot = self._replay(book, sender, action)
                if slot is not None:
                    due["r"].add(slot)
            book.actions.append(action)
        self._resolve_opening(book)
        if (compose and self._declaration_refused(book, sender, seq) is None and len(actions) < MAX_ACTIONS
                and self.hold != self.next_slot(game, sender)):
            actions.append("N")  # the default: the next turn's share comes with the other's move
            book.declared.add(sender)
            book.actions.append("N")
        # the share of the other side's next roll, once it is theirs to roll without a choice
        # left: no cube to turn, or the choice made (asked to roll, or declared it would not double)
        to_act = None if game.to_act is None else SIDE_LETTERS[game.to_act]
        slot = self.next_slot(game, other)
        if (to_act == other and slot in committed and slot not in shared
                and (game.phase == "roll" or (game.phase == "cube" and (book.asked == other
                                                                        or other in book.declared)))):
            due["s"].add(slot)
        mine = self.next_slot(game, sender)
        if seq > 1 and mine not in committed and not game.over:
            due["c"].add(mine)
        if compose:
            message["r"] = {slot: b64(self._own(slot)) for slot in sorted(due["r"])}
            message["s"] = {slot: b64(self._share_secret(slot)) for slot in sorted(due["s"])}
            message["c"] = {slot: b64(commitment(self.gid, slot, self._own(slot))) for slot in sorted(due["c"])}
            book.reveals.update({slot: self._own(slot) for slot in due["r"]})
            book.shares.update({slot: self._share_secret(slot) for slot in due["s"]})
            book.commits.update({slot: commitment(self.gid, slot, self._own(slot)) for slot in due["c"]})
            return due
        for name, what in (("r", "revealed secrets"), ("s", "shares"), ("c", "commitments")):
            if set(message[name]) != due[name]:
                raise LinkError(f"the link's {what} are not the ones due now "
                                f"({', '.join(sorted(message[name])) or 'none'} instead of "
                                f"{', '.join(sorted(due[name])) or 'none'})")
        if sender == self.me and not all(
                hmac.compare_digest(commitment(self.gid, slot, self._own(slot)), book.commits[slot])
                for slot in message["c"]):
            # a record read back with another key: its rolls would not be the ones committed to
            raise LinkError("this device's key does not match the commitments in its own links")
        if not message["a"] and seq > 1 and not due["r"] and not due["s"]:
            raise LinkError("the link carries nothing: no move and no secret")
        return due

    def _declaration_refused(self, book: _Book, sender: str, seq: int) -> str | None:
        """Why `sender` may not declare now that it will not double at its next turn (N), or
        None: it may, once its part is done (after the opening, the other side acts), the game
        goes on, it did not declare already, and the cube may be its to turn then."""
        game, side = book.game, SIDE_LETTERS.index(sender)
        if self.version < 2:
            return "and a game of version 1 takes no declaration"
        if game.over:
            return "and the game is over"
        if seq > 1 and game.to_act == side:
            return "in the middle of its turn"
        if sender in book.declared:
            return "which it declared already"
        if not _cube_later(game, side):
            return "where it could not double anyway"
        return None

    def _secret_pair(self, book: _Book, slot: str) -> tuple[bytes, bytes] | None:
        """The roller's secret and the other's share for `slot`, when this device knows both:
        its own secret, or the one revealed; the share once it was sent in a link."""
        own = self._own(slot) if committer(slot, self.host) == self.me else book.reveals.get(slot)
        share = book.shares.get(slot)
        return None if own is None or share is None else (own, share)

    def _resolve_opening(self, book: _Book) -> None:
        """The opening roll (and, where the starter rolls again, that roll) once both secrets
        of slot `o` are known here."""
        game = book.game
        if game.phase != "opening":
            return
        pair = self._secret_pair(book, "o")
        if pair is None:
            return
        dice = SlotDice(self.gid, "o", *pair)
        for _ in range(1000):
            game.roll(dice.roll())
            if game.phase != "opening":
                break
        if game.phase == "roll" and not game.variant.opening_dice_played:
            game.roll(dice.roll())

    def _replay(self, book: _Book, sender: str, action: str) -> str | None:
        """One action of `sender` on the book's game; answers the roll slot it used, if any."""
        game = book.game
        side = SIDE_LETTERS.index(sender)
        if game.to_act != side or game.phase == "opening":
            raise LinkError(f"the link's move {action!r} is not its sender's to make now")
        try:
            if action == "R":
                if game.phase != "cube" or book.asked is not None:
                    raise LinkError("the link asks to roll when there is no choice to double")
                if sender in book.declared:
                    raise LinkError("the link asks for a share after declaring it would not double: "
                                    "the share came with the other player's move", why="why.duel_declared")
                book.asked = sender
                return None
            if action[0] == "p" or action == "-":
                slot = None
                if game.phase in ("cube", "roll"):
                    slot = self.next_slot(game, sender)
                    if slot not in book.shares:
                        raise LinkError(f"the link plays roll {slot} before the other player's share of it was sent")
                    pair = self._secret_pair(book, slot)
                    if pair is None:
                        raise LinkError(f"the link plays roll {slot} without revealing the secret committed for it")
                    game.roll(SlotDice(self.gid, slot, *pair).roll())
                    book.asked = None
                    book.declared.discard(sender)  # its declaration was about this turn
                if action == "-":
                    if game.plays():
                        raise LinkError(f"the link passes with {game.dice}, which has a legal play")
                    game.confirm()
                else:
                    game.play(action[1:])
                    if game.history[-1].get("play") != action[1:]:
                        raise LinkError(f"the move {action[1:]!r} is not written as this app writes it")
                return slot
            if book.asked == sender and action == "d":
                raise LinkError(f"the link's move {action!r} comes after asking to roll")
            if sender in book.declared and action == "d":
                raise LinkError("the link doubles after declaring it would not double at this turn",
                                why="why.duel_declared")
            if action[0] == "r":
                level = RESIGN_CODES.get(action[1:]) if len(action) > 1 else None
                if (level is None) != (not game.resign_by_offer):
                    raise LinkError("the link's resignation does not fit this game")
                game.resign(level)
                return None
            {"d": game.double, "t": game.take, "b": game.beaver, "x": game.drop,
             "a": game.accept_resignation, "n": game.decline_resignation}[action]()
            if action == "d":  # the cube moves: the other side decides its next turn again, taking
                book.declared.discard(_other(sender))
            return None
        except (GameError, NotationError) as error:
            raise LinkError(f"the link's move {action[1:] if action[0] == 'p' else action!r} "
                            f"is not legal here: {error}") from None


__all__ = ["Duel", "NoDice", "SlotDice", "actions_between", "commitment", "derive_secret"]
