"""Play by link read strictly (web/worker/duel/linkformat.py, linkplay.py, saves.py): every field of
every document of a game by link (an invitation, a link, a device's record, saves) replaced by
junk of every type, or left out, is refused with the project's own error naming the field."""

from __future__ import annotations

import base64
import json
import re
import zlib
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hypothesis_st
from test_link_properties import game_of, read_link, session_of, states
from test_linkplay import mid_game, next_link

from nardcore.dice import SeededDice
from nardcore.errors import NardError
from nardcore.formats.state import encode_state
from nardcore.game import Game
from nardcore.match import Match
from nardcore.position import Position
from web.worker import saves
from web.worker.dice import CountingDice
from web.worker.duel import linkgame
from web.worker.duel.linkformat import LinkError
from web.worker.duel.linkplay import Duel
from web.worker.inputs import UIError
from web.worker.session import Session

# -- every field of every link of play by link, invitation, record and save, replaced by junk ------------
#
# Valid documents made by the real code (an invitation, a link in mid game, a device's record of
# a game played by link, saves of a game by link, of a match and of a single game), each field in
# turn (recursively: the fields of the fields, the entries of lists) replaced by a value of a wrong
# type, or left out: the reader refuses it with the project's own error (LinkError, UIError or a
# NardError), never a TypeError, KeyError or a bare ValueError, and the message names the field.

Path_ = tuple[str | int, ...]
LEFT_OUT = object()  # the field removed, rather than replaced
JUNK: list[Any] = [None, 0, -1, 7, 2**70, 1.5, True, False, "", "w", "wb", "x" * 5000, [], [None], ["w", 1],
                   {}, {"w1": None}, {"a": {"b": [[]]}}, [[[[[]]]]], LEFT_OUT]
SWEEP_JUNK: list[Any] = [None, 1.5, True, "wb", [], {"a": {"b": [[]]}}, LEFT_OUT]  # every field meets these
JSON_JUNK = hypothesis_st.recursive(
    hypothesis_st.none() | hypothesis_st.booleans() | hypothesis_st.integers() | hypothesis_st.floats(allow_nan=False)
    | hypothesis_st.text(max_size=30),
    lambda inner: hypothesis_st.lists(inner, max_size=4) | hypothesis_st.dictionaries(hypothesis_st.text(max_size=5),
                                                                                      inner, max_size=4),
    max_leaves=12)
JUNK_VALUES = hypothesis_st.sampled_from(JUNK) | JSON_JUNK
PROJECT_ERRORS = (LinkError, UIError, NardError)
NULLABLE = {"start", "match", "game"}  # fields that may be null in one document and hold a value in another
FIELD_WORDS = {  # how the messages name the terse fields of a link (docs/link-play.md) and a record
    "v": ["version"], "p": ["chain hash"], "i": ["invitation"], "a": ["move"], "r": ["secret"], "s": ["share"],
    "c": ["commitment"], "h": ["history"], "g": ["game id"], "f": ["sender"], "n": ["number"],
    "me": ["side this device plays"], "gid": ["game id"], "links": ["link"], "host": ["side"],
    "variant": ["game", "variant"], "duel": ["game played by link"], "data": ["game"],
}


def paths(value: Any, prefix: Path_ = ()) -> list[Path_]:
    """The path of every field and list entry in `value`, outermost first."""
    if isinstance(value, dict):
        items: list[tuple[str | int, Any]] = list(value.items())
    elif isinstance(value, list):
        items = list(enumerate(value))
    else:
        return []
    found: list[Path_] = []
    for key, item in items:
        found.append((*prefix, key))
        found.extend(paths(item, (*prefix, key)))
    return found


def replaced(document: Any, path: Path_, junk: Any) -> Any:
    """A copy of `document` with the field at `path` replaced by `junk` (or left out)."""
    copy = json.loads(json.dumps(document))
    parent = copy
    for key in path[:-1]:
        parent = parent[key]
    if junk is LEFT_OUT:
        del parent[path[-1]]
    else:
        parent[path[-1]] = junk
    return copy


def field_words(path: Path_) -> list[str]:
    """What a message may call the field at `path`: its name (the nearest name, for a list's
    entry), in words for the terse ones; a roll's table entry by the roll or by the table."""
    names = [key for key in path if isinstance(key, str)]
    if not names:
        return []
    name = names[-1]
    words = [*FIELD_WORDS.get(name, [name.replace("_", " "), name]), repr(name)]  # 'v' as a list of fields quotes it
    if len(names) > 1 and names[-2] in ("r", "s", "c"):  # a roll slot: w1, b2, o
        words += FIELD_WORDS[names[-2]]
    return words


def names_field(message: str, words: list[str]) -> bool:
    return any(re.search(r"(?<![a-z])" + re.escape(word.lower()), message) for word in words)


def wrong_type(path: Path_, before: Any, junk: Any) -> bool:
    """The junk is of another JSON type than the field's value (a list's entry left out is no
    wrong type: the list is another list, refused for what it then says)."""
    if junk is LEFT_OUT:  # a field, not a list's entry nor a roll's in a table of secrets
        return isinstance(path[-1], str) and not (len(path) > 1 and path[-2] in ("r", "s", "c"))
    if before is None:
        return False  # a field that may be null: what else it may be is the reader's to say
    if isinstance(before, bool) or isinstance(junk, bool):
        return type(junk) is not type(before)
    if isinstance(before, (int, float)):
        return not isinstance(junk, (int, float))
    return not isinstance(junk, type(before))


def not_json_text(junk: Any) -> bool:
    """Junk holding a non-finite number anywhere: JSON cannot write it."""
    try:
        json.dumps(junk, allow_nan=False)
    except ValueError:
        return True
    except TypeError:  # a marker of the test's own (a field left out): not junk written as JSON
        return False
    return False


def assert_refused_by_name(read: Callable[[Any], object], document: Any, path: Path_, junk: Any) -> None:
    """`read` takes the changed document or refuses it with the project's error naming the field."""
    changed = replaced(document, path, junk)
    try:
        read(changed)
    except PROJECT_ERRORS as error:
        message = str(error).lower()
        assert len(message) <= 12_000, (path, message[:200])  # the junk quoted at most, not the whole document
        before: Any = document
        for key in path:
            before = before[key]
        words = field_words(path)
        # a non-finite number makes the whole text something other than JSON: refused as such
        not_json = not_json_text(junk)
        if words and wrong_type(path, before, junk) and not (junk is None and path[-1] in NULLABLE) and not not_json:
            assert names_field(message, words), (path, repr(junk)[:60], message)
    except Exception as error:  # noqa: BLE001 - the point: nothing but the project's errors
        raise AssertionError(f"{type(error).__name__} for {path} = {repr(junk)[:60]}: {error}") from error


def link_body(fragment: str) -> dict[str, Any]:
    payload = fragment.rsplit(".", 1)[1]
    body = json.loads(zlib.decompress(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)), -15))
    assert isinstance(body, dict)
    return body


def with_body(fragment: str, body: Any) -> str:
    head = fragment.rsplit(".", 1)[0]
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = packer.compress(json.dumps(body, separators=(",", ":")).encode()) + packer.flush()
    return head + "." + base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def state_payload(text: str) -> Any:
    """The JSON inside a `#s=` state (nardcore.formats.state)."""
    return json.loads(zlib.decompress(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)), -15))


def state_text(payload: Any) -> str:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = packer.compress(json.dumps(payload, separators=(",", ":")).encode()) + packer.flush()
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


class Documents:
    """The valid documents, made once: what each reader reads, and the reader."""

    def __init__(self) -> None:
        start = Position.parse("backgammon:w:24x2,13x5,8x3,6x5:24x2,13x5,8x3,6x5")
        self.invite = Duel.create("backgammon", "b", start=start)[1]
        host, guest, rng = mid_game(turns=7, seed=3)
        self.sender, self.receiver, self.link = next_link(host, guest, rng)
        self.record = host.to_dict()
        self.state = state_payload(encode_state(next(thing for thing in states("backgammon", 23)
                                                     if isinstance(thing, Match) and thing.results)))
        self.saves = {"link game": self.link_game_save(guest), "match": self.session_save(19, "backgammon", True),
                      "single game": self.session_save(5, "narde", False)}

    @staticmethod
    def link_game_save(duel: Duel) -> dict[str, Any]:
        session = Session(dice=CountingDice(None), game=duel.game.copy())
        linkgame.take(session, duel)
        data = json.loads(saves.save_text(session))
        assert isinstance(data, dict) and data["duel"] is not None
        return data

    @staticmethod
    def session_save(seed: int, token: str, match: bool) -> dict[str, Any]:
        """The save of a match after its first game, or of a single game after some turns."""
        for thing in states(token, seed):
            game = game_of(thing)
            if 6 < len(game.history) < 40 and (thing.results if isinstance(thing, Match) else not match):
                data = json.loads(saves.save_text(session_of(thing)))
                assert isinstance(data, dict)
                return data
        raise AssertionError("no state")

    def join(self, body: Any) -> object:
        return Duel.join(with_body(self.invite, body))

    def receive(self, body: Any) -> object:
        before = self.receiver.to_dict()
        try:
            self.receiver.receive(with_body(self.link, body))
            return None
        except LinkError:
            assert self.receiver.to_dict() == before  # refused: the record as it was
            raise
        finally:  # taken or refused, the next example starts from the record as it was
            again = Duel.from_dict(before)
            self.receiver.links, self.receiver.head, self.receiver.book = again.links, again.head, again.book

    @staticmethod
    def load(data: Any) -> object:
        session = Session(dice=CountingDice(None), game=Game("narde", SeededDice(1)))
        saves.load_save(session, json.dumps(data))
        return session

    def readers(self) -> dict[str, tuple[Any, Callable[[Any], object]]]:
        found: dict[str, tuple[Any, Callable[[Any], object]]] = {
            "invitation": (link_body(self.invite), self.join),
            "link": (link_body(self.link), self.receive),
            "record": (self.record, Duel.from_dict),
            "state link": (self.state, lambda payload: read_link("s=" + state_text(payload))),
        }
        for name, data in self.saves.items():
            found[f"save of a {name}"] = (data, self.load)
        return found


DOCUMENTS: list[Documents] = []


def documents() -> Documents:
    if not DOCUMENTS:
        DOCUMENTS.append(Documents())
    return DOCUMENTS[0]


KINDS = ["invitation", "link", "record", "state link", "save of a link game", "save of a match",
         "save of a single game"]
JUNK_SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))


def test_the_documents_are_read_as_made() -> None:
    for kind, (document, read) in documents().readers().items():
        if kind != "link":
            read(document)  # the valid document itself is taken (a link only once: see the sweep)


@pytest.mark.parametrize("kind", KINDS)
def test_each_field_replaced_by_junk_is_refused_by_name(kind: str) -> None:
    """Every field in turn meets every value of SWEEP_JUNK (a save, slower to read, two of them each)."""
    document, read = documents().readers()[kind]
    per_field = 2 if kind.startswith(("save", "state")) else len(SWEEP_JUNK)
    for number, path in enumerate(paths(document)):
        for turn in range(per_field):
            assert_refused_by_name(read, document, path, SWEEP_JUNK[(number + 3 * turn) % len(SWEEP_JUNK)])


@pytest.mark.parametrize("kind", KINDS)
@JUNK_SETTINGS
@given(data=hypothesis_st.data())
def test_any_field_replaced_by_any_junk_is_refused_by_name(kind: str, data: hypothesis_st.DataObject) -> None:
    document, read = documents().readers()[kind]
    path = data.draw(hypothesis_st.sampled_from(paths(document)), label="path")
    junk = data.draw(JUNK_VALUES, label="junk")
    assert_refused_by_name(read, document, path, junk)


@pytest.mark.parametrize("part", ["g", "f", "n"])
@settings(JUNK_SETTINGS, max_examples=50)
@given(junk=JUNK_VALUES)
def test_the_head_of_a_link_with_junk_is_refused(part: str, junk: Any) -> None:
    """The game id, sender and number are in the link's head, as text: junk there is refused."""
    fragment = documents().invite
    gid, rest = fragment[2:].split(".", 1)
    sender, rest = rest[0], rest[1:]
    seq, payload = rest.split(".", 1)
    text = "" if junk is LEFT_OUT else str(junk)
    fields = {"g": gid, "f": sender, "n": seq, part: text}
    try:
        Duel.join(f"d={fields['g']}.{fields['f']}{fields['n']}.{payload}")
    except LinkError:
        pass
